"""``resume`` brings back the bot peers a host started: which bot homes qualify."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from p2pbang.commands.table_commands import add_table_commands
from p2pbang.net.store import LogStore, game_directory
from p2pbang.table.gamefiles import GameFiles
from p2pbang.table.host_bots import bots_home, bots_to_revive

SESSION = bytes(range(32))
OTHER = bytes(32)


def _bot_game(home: Path, name: str, session: bytes, **meta: object) -> Path:
    bot = bots_home(home) / name
    GameFiles(game_directory(bot, session)).save_meta({"player": "bot", **meta})
    return bot


def test_the_bots_of_the_unfinished_game_come_back_in_order(tmp_path: Path) -> None:
    second = _bot_game(tmp_path, "2-Bonnie", SESSION)
    first = _bot_game(tmp_path, "1-Ace", SESSION)
    _bot_game(tmp_path, "3-Clyde", OTHER)  # another game of this host's
    _bot_game(tmp_path, "4-Dakota", SESSION, over=True)  # this one saw the end
    assert bots_to_revive(tmp_path, SESSION) == [first, second]


def test_a_bot_that_still_runs_is_not_started_twice(tmp_path: Path) -> None:
    bot = _bot_game(tmp_path, "1-Ace", SESSION)
    store = LogStore(game_directory(bot, SESSION), SESSION)  # as the running bot holds it
    try:
        assert bots_to_revive(tmp_path, SESSION) == []
    finally:
        store.close()
    assert bots_to_revive(tmp_path, SESSION) == [bot]


def test_a_home_without_bots_has_none_to_revive(tmp_path: Path) -> None:
    os.makedirs(tmp_path / "games")
    assert bots_to_revive(tmp_path, SESSION) == []


def test_the_host_is_told_it_can_read_its_bots_hands() -> None:
    """Their secret keys are in the host's home: ``--bots`` says so where it is chosen."""
    parser = argparse.ArgumentParser()
    add_table_commands(parser.add_subparsers())
    host = parser._subparsers._group_actions[0].choices["host"]
    (bots,) = [a for a in host._actions if "--bots" in a.option_strings]
    assert "secret keys" in bots.help and "read their hands" in bots.help
