"""A whole table of strong bots plays to the end at a network table: real loopback meshes,
the MentalDealer, each bot on its own seat's engine (the only engine a peer has), searching
in a worker thread while its peer keeps serving the mesh."""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pbang.bots.strong import StrongBot
from p2pbang.engine.choice import GameChoice
from p2pbang.table.players import BotDecider
from tests.table import test_dice_duel_network as network


async def test_three_strong_dice_bot_peers_play_a_whole_game_and_agree(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[BotDecider] = []

    def strong(seed: int | None = None) -> BotDecider:
        made.append(BotDecider(seed, "strong"))
        return made[-1]

    monkeypatch.setattr(network, "BotDecider", strong)
    finished, _ = await network.play_network(tmp_path, GameChoice.make("dice", 3))
    network._agree_and_verify(finished, 3)
    bots = [decider._bot for decider in made]
    assert len(bots) == 3 and all(isinstance(bot, StrongBot) for bot in bots)
    assert sum(bot.searched for bot in bots) > 0
    assert all(bot.fallbacks == 0 for bot in bots)
