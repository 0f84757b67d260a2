"""The event decks and Gold Rush with the shadow gunslingers between bot peers, each its own
OS process on 127.0.0.1 with the full protocol: the event pile and the equipment pile
shuffled by every peer with proofs, every peer ending on the same log; the saved game
verifies and replays offline under the same rules (the choice bound by the genesis)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .peers import card_game_agreed


@pytest.mark.slow  # in-process event-deck tables (tests/table/test_events_gold_rush_table.py)
def test_four_bot_peers_play_high_noon_with_dodge_city_and_agree(tmp_path: Path) -> None:
    card_game_agreed(tmp_path, 4, ["dodge-city", "high-noon"], [], timeout=150)


def test_four_bot_peers_play_gold_rush_with_shadows_and_agree(tmp_path: Path) -> None:
    card_game_agreed(tmp_path, 4, ["gold-rush"], ["shadows"], timeout=150)


@pytest.mark.slow
def test_seven_bot_peers_play_every_card_game_set_and_agree(tmp_path: Path) -> None:
    card_game_agreed(tmp_path, 7, ["dodge-city", "fistful", "gold-rush", "high-noon"],
                     ["shadows"], timeout=300)
