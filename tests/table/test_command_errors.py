"""Join failures end with one clear line and exit status 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
import trio

from p2pbang.commands.table_commands import EXIT_USAGE, _run
from p2pbang.net.discovery import DiscoveryError
from p2pbang.net.mesh import DialError, PreambleError


@pytest.mark.parametrize("failure", [
    PreambleError("the peer speaks another protocol"),
    DialError("127.0.0.1:9 refused the connection"),
    DiscoveryError("multicast is blocked"),
    trio.BrokenResourceError(),
])
def test_a_failed_join_is_one_line_not_a_traceback(failure: BaseException,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    async def join() -> int:
        async with trio.open_nursery() as nursery:  # as the real commands: wrapped in a group
            async def fail() -> None:
                raise failure
            nursery.start_soon(fail)
        return 0

    assert _run(join) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("p2pbang: ") and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_the_resume_hint_names_the_home_the_game_lives_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from p2pbang.commands.table_commands import EXIT_OK, LEFT, _with_resume_hint
    from p2pbang.table.gamefiles import GameFiles

    home = tmp_path / "my table"
    assert _with_resume_hint(argparse.Namespace(home=str(home)), LEFT) == LEFT
    assert capsys.readouterr().err == ""  # no game to resume: no hint
    GameFiles(home / "games" / "ab12").save_meta({"player": "person"})
    assert _with_resume_hint(argparse.Namespace(home=str(home)), LEFT) == LEFT
    assert f"p2pbang resume --home '{home}'" in capsys.readouterr().err
    assert _with_resume_hint(argparse.Namespace(home=None), EXIT_OK) == EXIT_OK
    assert capsys.readouterr().err == ""


def test_ctrl_c_at_a_plain_table_leaves_it_like_the_full_screen(
        capsys: pytest.CaptureFixture[str]) -> None:
    from p2pbang.commands.table_commands import EXIT_OK, LEFT, _exit_code

    async def interrupted() -> int:
        raise KeyboardInterrupt

    assert _run(interrupted) == LEFT
    assert "You left the game." in capsys.readouterr().err
    assert _exit_code(LEFT) == EXIT_OK  # a deliberate leave exits 0


def test_the_resume_hint_is_in_the_persons_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from p2pbang.commands.table_commands import LEFT, _with_resume_hint
    from p2pbang.table.gamefiles import GameFiles
    from p2pbang.ui.i18n import set_language

    GameFiles(tmp_path / "games" / "ab12").save_meta({"player": "person"})
    set_language("ro")
    try:
        _with_resume_hint(argparse.Namespace(home=str(tmp_path)), LEFT)
    finally:
        set_language("en")
    err = capsys.readouterr().err
    assert "p2pbang resume --home" in err and "to rejoin" not in err, err
