"""Property: a mentally dealt game with steals and reorders never stops without a culprit.

Every seat runs its engine and its MentalDealer (``LocalTable``); the players grab: they
open General Stores, steal from hands holding a face-up card, then from hands another seat
knows a card of, so that public and private cards change hands and hands get reordered.
Whatever the deal, every game must reach its end, every seat agreeing, and an observer
must re-check the whole log. A face-up card stolen into a hand used to be recorded as a
hidden one, and the next reorder of that hand was refused by every dealer ("slot ... is
not hidden in seat ...'s hand"): a game stopped with nobody to blame.
"""

from __future__ import annotations

import random

import pytest

from p2pbang.engine.actions import FROM_HAND, Action, End, Play
from p2pbang.engine.chance import ReorderHand
from p2pbang.engine.choice import GameChoice
from p2pbang.table.core import TableCore
from p2pbang.table.local_bus import Chooser, LocalTable, observer_replay


def grabbing_choosers(players: int, seed: str) -> list[Chooser]:
    rngs = [random.Random(f"{seed}/{s}") for s in range(players)]

    def choose(core: TableCore, rng: random.Random) -> Action:
        game = core.game
        legal = game.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        steals = [a for a in plays if a.target_slot == FROM_HAND
                  and game.card_name(a.card) == "panic"]
        face_up = [a for a in steals
                   if any(s in game.face_up for s in game.players[a.target].hand)]
        known = [a for a in steals if game.hand_known_to_others(
            game.players[a.target].hand, (a.target, core.seat))]
        stores = [a for a in plays if game.card_name(a.card) == "general_store"]
        return rng.choice(face_up or known or stores or steals or legal)

    return [lambda core, d, r=rngs[s]: choose(core, r) for s in range(players)]


def play_one(players: int, seed: str, choice: GameChoice | None = None) -> tuple[int, int]:
    """Play one whole game; return (reorders, face-up cards moved from hand to hand).
    Any refusal, cheat or failure propagates and fails the property; after every entry the
    engine's record of hidden cards in hands must be hidden for the dealer too."""
    table = LocalTable.create(players, choice=choice)
    choosers = grabbing_choosers(players, seed)
    game, dealer = table.cores[0].game, table.cores[0].dealer
    reorders = face_up_moves = 0
    face_up_owner: dict[int, int] = {}
    while True:
        reorders += isinstance(game.pending, ReorderHand)
        if not table.step(choosers):
            break
        for player in game.players:
            for slot in player.hand:
                if slot in game.seen_by:
                    assert dealer.slot_state(slot).card is None, f"slot {slot} is public"
                elif slot in game.face_up:
                    face_up_moves += face_up_owner.get(slot, player.seat) != player.seat
                    face_up_owner[slot] = player.seat
    end = table.cores[0].over
    assert isinstance(end, End)
    assert all(core.over == end for core in table.cores)
    replay = observer_replay(players, dealer.session_id, table.log, choice)
    assert replay.over == end
    return reorders, face_up_moves


def test_grabbing_mentally_dealt_games_always_end() -> None:
    for seed in range(2):
        play_one(4, f"fast/{seed}")


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5, 7])
def test_many_grabbing_mentally_dealt_games_always_end(players: int) -> None:
    reorders = moves = 0
    for seed in range(12):
        counts = play_one(players, f"slow/{players}/{seed}")
        reorders, moves = reorders + counts[0], moves + counts[1]
    assert reorders > 0 and moves > 0  # the property was exercised


@pytest.mark.slow
@pytest.mark.parametrize("expansion", ["dodge-city", "fistful", "high-noon", "gold-rush"])
def test_grabbing_games_with_an_expansion_always_end(expansion: str) -> None:
    """The sets move public cards into hands their own ways too (Abandoned Mine puts played
    cards back on the deck, Vulture Sam's likes take hands and cards in play)."""
    choice = GameChoice.make("bang", 5, (expansion,))
    for seed in range(4):
        play_one(5, f"slow/{expansion}/{seed}", choice)
