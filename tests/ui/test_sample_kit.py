"""The screen-sample tools' shared kit (``tests/ui/sample_kit.py``): a sample written is read
back whole, a compare names what differs, and the command line refuses to do nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pbang.ui.i18n import _, set_language
from tests.ui import family_sample, family_screen_sample, screen_sample
from tests.ui.sample_kit import compare, differ, in_languages, read, run_tool


def small(seeds: list[int]) -> dict[str, list[str]]:
    return in_languages(("hu", "en"), lambda language: {
        f"{seed}/{language}": [_("You left the game."), "é"] for seed in seeds})


def test_a_sample_is_written_and_compared_equal(tmp_path: Path, capsys) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert run_tool([str(first), "--seeds", "1,2"], "Doc.\n\nMore.", small) == 0
    assert run_tool([str(second), "--seeds", "1,2"], "Doc.", small) == 0
    assert first.read_bytes() == second.read_bytes()  # cmp agrees too
    sample = read(first)
    assert list(sample) == ["1/hu", "2/hu", "1/en", "2/en"]
    assert sample["1/hu"][0] != sample["1/en"][0] == "You left the game."
    assert sample["1/en"][1] == "é" and "é".encode() in first.read_bytes()  # not escaped
    capsys.readouterr()
    assert run_tool(["--compare", str(first), str(second)], "Doc.", small) == 0
    assert capsys.readouterr().out == "4 samples, 8 lines; 0 differ\n"


def test_the_language_is_english_again_after_a_sample() -> None:
    def broken(language: str) -> dict[str, list[str]]:
        raise RuntimeError(language)

    set_language("en")
    with pytest.raises(RuntimeError):
        in_languages(("ro",), broken)
    assert _("You left the game.") == "You left the game."


def test_a_compare_names_what_changed_went_missing_or_came_new(tmp_path: Path,
                                                                 capsys) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text('{"same": ["x"], "changed": ["x"], "gone": ["x"]}', encoding="utf-8")
    second.write_text('{"same": ["x"], "changed": ["y"], "new": ["x"]}', encoding="utf-8")
    assert differ(read(first), read(second)) == ["changed", "gone", "new"]
    assert compare(first, second) == 1
    assert capsys.readouterr().out == "3 samples, 3 lines; 3 differ\n  changed\n  gone\n  new\n"


def test_nothing_to_write_and_nothing_to_compare_is_refused(capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        run_tool([], "Doc.", small)
    assert stopped.value.code == 2
    assert "name the file to write, or --compare A B" in capsys.readouterr().err


@pytest.mark.parametrize("tool", [screen_sample, family_screen_sample, family_sample])
def test_every_tool_compares_with_the_kit(tool, tmp_path: Path, capsys) -> None:
    sample = tmp_path / "a.json"
    sample.write_text('{"one": ["line"]}', encoding="utf-8")
    assert tool.main(["--compare", str(sample), str(sample)]) == 0
    assert capsys.readouterr().out == "1 samples, 1 lines; 0 differ\n"
