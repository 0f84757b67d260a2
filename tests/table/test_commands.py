"""The network commands: every one explains itself with examples; impossible requests get a
clear message and the documented exit status, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pbang.cli import main

NETWORK_COMMANDS = ("host", "list", "join", "bot", "resume", "replay", "verify")


@pytest.mark.parametrize("command", NETWORK_COMMANDS)
def test_every_command_has_help_with_examples(command: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and f"p2pbang {command}" in out


def test_the_testing_aids_stay_out_of_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bot", "--help"])
    out = capsys.readouterr().out
    assert "--cheat" not in out and "--record" not in out


@pytest.mark.parametrize("argv,status,words", [
    (["bot", "--open", "--peer", "127.0.0.1:9"], 2, "choose one of TABLE, --peer and --open"),
    (["join", "Saloon", "--peer", "127.0.0.1:9"], 2, "not both"),
    (["host", "--seats", "4", "--bots", "4"], 2, "leave at least one seat"),
    (["resume"], 2, "no unfinished game"),
    (["resume", "abcdef"], 2, "0 games"),
    (["join", "--peer", "127.0.0.1:1"], 2, "127.0.0.1:1"),
])
def test_impossible_requests_get_a_clear_message(argv: list[str], status: int, words: str,
                                                 tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--home", str(tmp_path)]) == status
    captured = capsys.readouterr()
    assert words in captured.err + captured.out


@pytest.mark.parametrize("argv,words", [
    (["bot", "--peer", "nowhere"], "is not host:port"),
    (["host", "--seats", "nine"], "a whole number, not 'nine'"),
    (["list", "--timeout", "-1"], "duration"),
])
def test_bad_flags_are_refused_by_the_parser(argv: list[str], words: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert words in capsys.readouterr().err


def test_verify_and_replay_of_a_missing_file(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(tmp_path / "nothing.p2pb")]) == 1
    assert "FAILED" in capsys.readouterr().out
    assert main(["replay", str(tmp_path / "nothing.p2pb")]) == 2
    assert "nothing.p2pb" in capsys.readouterr().err


def test_verify_of_garbage_says_it_is_not_a_transcript(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "junk.p2pb"
    path.write_bytes(b"\x82\xa1a\x01\xa1b\x02")
    assert main(["verify", str(path)]) == 1
    assert "not a p2pbang transcript" in capsys.readouterr().out
