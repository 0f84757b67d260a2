"""``p2pbang list`` and ``p2pbang watch`` on the command line: running tables are listed
apart from the open ones, with their turn and watchers; ``watch`` explains itself, refuses
an open table (join it) and ``join`` a running one (watch it), and follows a bot table's
game to the end by the address of one of its players."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import trio

from p2pbang.cli import main
from p2pbang.net.discovery import PLAYING, DiscoveredTable, TableInfo
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import TableSettings, open_table

from .test_watch import CONFIG, bot_table

HOST = Identity.generate("Host").peer_id
OPEN = TableInfo(b"\x05" * 16, "Open saloon", "bang", 5, 2, HOST)
RUNNING = TableInfo(b"\x06" * 16, "Busy saloon", "bang", 4, 0, HOST, state=PLAYING, turn=12,
                    watchers=3, watch_port=7002)


def test_list_shows_running_tables_apart(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    tables = [DiscoveredTable(RUNNING, "10.0.0.7", 7002),
              DiscoveredTable(OPEN, "10.0.0.5", 7000),
              DiscoveredTable(dataclasses.replace(RUNNING, name="Another", turn=3,
                                                  watchers=0), "10.0.0.8", 7003)]

    async def browse(timeout: float, stop_when=None) -> list[DiscoveredTable]:
        return tables

    monkeypatch.setattr("p2pbang.commands.table_commands.browse_tables", browse)
    assert main(["list", "--timeout", "0.1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Open saloon") and "3/5 seated" in lines[0]
    assert lines[1].startswith("being played") and "p2pbang watch" in lines[1]
    assert lines[2].startswith("Another") and "turn 3, 0 watching" in lines[2]
    assert lines[3].startswith("Busy saloon") and "turn 12, 3 watching" in lines[3]
    assert "10.0.0.7:7002" in lines[3] and len(lines) == 4


def test_watch_explains_itself(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["watch", "--help"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0 and "examples:" in out and "p2pbang watch" in out
    assert "no hidden card" in out


def test_watch_finds_no_running_table_by_that_name(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    async def browse(timeout: float, stop_when=None) -> list[DiscoveredTable]:
        return [DiscoveredTable(OPEN, "10.0.0.5", 7000)]

    monkeypatch.setattr("p2pbang.commands.table_commands.browse_tables", browse)
    assert main(["watch", "--plain", "Open saloon", "--timeout", "0.1"]) == 2
    err = capsys.readouterr().err
    assert "no game being played 'Open saloon'" in err and "seen: Open saloon" in err




async def test_watch_refuses_an_open_table_and_join_a_running_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings = TableSettings("Waiting room", "bang", 4)
    async with open_table(Identity.generate("Opener"), settings, config=CONFIG) as lobby:
        status = await trio.to_thread.run_sync(
            main, ["watch", "--plain", f"127.0.0.1:{lobby.mesh.port}"])
    assert status == 2
    assert "has not begun its game: join it" in capsys.readouterr().err
    async with bot_table(tmp_path, to_the_end=False) as table:
        await table.address()
        port = table.sessions[1].mesh.port
        status = await trio.to_thread.run_sync(
            main, ["join", "--plain", "--peer", f"127.0.0.1:{port}",
                   "--home", str(tmp_path / "late")])
        assert status == 2
        err = capsys.readouterr().err
        assert "has begun" in err and f"p2pbang watch 127.0.0.1:{port}" in err


@pytest.mark.slow  # half a minute: the watcher's thread shares the GIL with four bot peers
async def test_watch_by_address_follows_to_the_end(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    async with bot_table(tmp_path) as table:
        await table.until(lambda: table.entries() >= 30)
        await table.address()
        port = table.sessions[2].mesh.port  # any player, by its game port
        status = await trio.to_thread.run_sync(main, ["watch", "--plain", f"127.0.0.1:{port}"])
    out = capsys.readouterr().out
    assert status == 0, out
    head = table.results[0].head.hex()[:16]
    assert f"head {head}" in out and "caught up with the table" in out


