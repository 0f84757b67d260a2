"""The real rules engine played with MentalDealers: every chance request of a base game.

Each seat has its own engine (viewer = that seat) and its own MentalDealer; requests run
over the in-memory board, and each engine gets its own seat's view of the answer. Cards
played from a hand are revealed with ``reveal_own`` and checked by every seat with
``verify_reveal``, as the table layer will do. At the end, for every card still private to
one seat, the coalition of all other seats tries to decrypt it with everything it has.
"""

from __future__ import annotations

import secrets

import pytest

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.board import Table
from p2pbang.engine.actions import Ability, Decision, Discard, End, Play
from p2pbang.engine.chance import Deal, RandomInt, Reveal, Shuffle
from p2pbang.engine.game import Game

from .test_mental_confidentiality import coalition_decrypts

SEATS = 4


def _claims(action) -> list[tuple[int, int]]:
    if isinstance(action, (Play, Discard)):
        return [(action.slot, action.card)]
    if isinstance(action, Ability):
        return list(zip(action.slots, action.cards, strict=True))
    return []


def _play(steps: int, seed: int) -> tuple[Table, list[Game], dict[str, int]]:
    table = Table.create(SEATS, secrets.token_bytes(32))
    engines = [Game(SEATS, viewer=seat) for seat in range(SEATS)]
    bots = [RandomBot(seed * 10 + seat) for seat in range(SEATS)]
    counts = {"shuffle": 0, "deal": 0, "reveal": 0, "random": 0, "own": 0}
    kinds = {Shuffle: "shuffle", Deal: "deal", Reveal: "reveal", RandomInt: "random"}
    for _ in range(steps):
        pending = engines[0].pending
        if isinstance(pending, End):
            break
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(engines[pending.seat], pending)
            for slot, card in _claims(action):
                shown, payload = table.dealers[pending.seat].reveal_own(slot)
                assert shown == card
                for dealer in table.dealers:
                    dealer.verify_reveal(pending.seat, slot, card, payload)
                counts["own"] += 1
            for engine in engines:
                engine.apply(action)
        else:
            counts[kinds[type(pending)]] += 1
            for engine in engines[1:]:
                assert engine.pending == pending  # every seat asks for the same thing
            results = table.run(pending)
            for engine, result in zip(engines, results, strict=True):
                engine.apply(result)
    return table, engines, counts


def _assert_private_cards_stay_private(table: Table, engines: list[Game]) -> int:
    checked = 0
    for seat in range(SEATS):
        for slot in engines[seat].players[seat].hand:
            state = table.dealers[0].slot_state(slot)
            if state.card is None and state.seen == {seat}:
                others = set(range(SEATS)) - {seat}
                assert coalition_decrypts(table, others, slot) == set()
                checked += 1
    return checked


def test_base_game_setup_and_first_turns_with_mental_dealers() -> None:
    table, engines, counts = _play(steps=120, seed=1)
    assert counts["shuffle"] >= 2 and counts["deal"] >= SEATS and counts["random"] >= SEATS
    # Every seat's engine agrees on the public state and knows its own hand.
    for seat, engine in enumerate(engines):
        for slot in engine.players[seat].hand:
            assert engine.known[slot] == table.dealers[seat].known_card(slot)
    assert _assert_private_cards_stay_private(table, engines) > 0


@pytest.mark.slow
def test_complete_base_games_with_mental_dealers() -> None:
    for seed in range(3):
        table, engines, counts = _play(steps=20_000, seed=seed)
        assert isinstance(engines[0].pending, End), counts
        assert all(engine.pending == engines[0].pending for engine in engines)
        _assert_private_cards_stay_private(table, engines)
