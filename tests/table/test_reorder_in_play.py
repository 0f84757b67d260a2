"""Hands reordered in a real game: every seat runs its engine and its MentalDealer over the
signed log, a random pick from a hand another seat knows a card of is preceded by the
holder's proven reorder, the seat that knew a card of that hand no longer knows where it
sits, and the saved game still passes the offline audit."""

from __future__ import annotations

import random

import pytest

from p2pbang.engine.actions import FROM_HAND, Action, End, Play
from p2pbang.engine.bang.game import SPECTATOR, Game
from p2pbang.engine.chance import Deal, RandomInt, ReorderHand
from p2pbang.table.audit import audit
from p2pbang.table.core import DEAL, Cheat, TableCore
from p2pbang.table.local_bus import LocalTable

from .signed_table import Chooser, SignedTable

PLAYERS = 4
ATTEMPTS = 20  # about one game in two reaches a reorder with grabbing players


def grabbing_choosers(players: int, seed: int) -> list[Chooser]:
    """Random players who steal a random card from a hand with Panic! whenever they can,
    from a hand a third seat knows a card of when there is one (the public record says
    which), so that cards change hands and are then stolen again."""
    rngs = [random.Random(f"{seed}/{s}") for s in range(players)]

    def choose(core: TableCore, rng: random.Random) -> Action:
        game = core.game
        legal = game.legal_actions()
        steals = [a for a in legal if isinstance(a, Play) and a.target_slot == FROM_HAND
                  and game.card_name(a.card) == "panic"]
        useful = [a for a in steals if game.hand_known_to_others(
            game.players[a.target].hand, (a.target, core.seat))]
        return rng.choice(useful or steals or legal)

    return [lambda core, d, r=rngs[s]: choose(core, r) for s in range(players)]


def count_reorders(table: SignedTable) -> int:
    """The ReorderHand requests of the game, seen from the public log alone."""
    view = Game(PLAYERS, viewer=SPECTATOR)
    count = 0
    for item in table.cores[0].game.history:
        count += isinstance(view.pending, ReorderHand)
        view.apply(item)
    return count


@pytest.fixture(scope="module")
def game() -> SignedTable:
    """The mental deal is truly random (fresh keys and shuffles), so the game differs from
    run to run: play until one reaches a reorder (one in two does, two on average)."""
    for attempt in range(ATTEMPTS):
        table = SignedTable(PLAYERS)
        table.run(grabbing_choosers(PLAYERS, seed=attempt))
        if count_reorders(table):
            return table
    pytest.fail(f"no hand was reordered in {ATTEMPTS} games")


def test_a_mentally_dealt_game_with_a_reorder_ends_and_its_log_verifies(
        game: SignedTable) -> None:
    end = game.cores[0].over
    assert isinstance(end, End)
    assert all(core.over == end for core in game.cores)
    report = audit(game.transcript())
    assert report.complete, report.lines()
    assert report.end == end


def test_each_reorder_hides_the_hand_from_the_seats_that_knew_a_card_of_it(
        game: SignedTable) -> None:
    """Replayed from the seats' own logs: a truth fed each private answer by the seat it
    was shown to, and one engine per seat fed exactly what its MentalDealer gave it."""
    histories = [core.game.history for core in game.cores]
    assert all(len(h) == len(histories[0]) for h in histories)
    truth = Game(PLAYERS)
    views = [Game(PLAYERS, viewer=seat) for seat in range(PLAYERS)]
    reorders = 0
    for index, item in enumerate(histories[0]):
        pending = truth.pending
        if isinstance(pending, (Deal, ReorderHand)):
            item = histories[pending.seat][index]
        if isinstance(pending, ReorderHand):
            reorders += 1
            owner, slots = pending.seat, pending.slots
            hand = truth.players[owner].hand
            assert set(slots) <= set(hand) and len(slots) >= 2
            knew = [s for s in range(PLAYERS) if s != owner
                    and any(slot in views[s].known for slot in slots)]
            assert knew, "a reorder is asked only when another seat knows a card of the hand"
            before = sorted(truth.known[slot] for slot in slots)
        for seat, view in enumerate(views):
            view.apply(histories[seat][index])  # exactly what this seat's dealer gave it
        truth.apply(item)
        if isinstance(pending, ReorderHand):
            assert sorted(truth.known[slot] for slot in slots) == before  # same cards
            for seat, view in enumerate(views):
                known = [slot in view.known for slot in slots]
                assert all(known) if seat == owner else not any(known)
            assert isinstance(truth.pending, RandomInt)  # and then the pick
        assert all(view.seen_by == truth.seen_by for view in views)
    assert isinstance(truth.pending, End)
    assert reorders == count_reorders(game) >= 1


def test_a_doctored_reorder_is_refused_and_blamed_on_the_holder() -> None:
    """The holder's shuffle of its own hand carries a proof: a flipped byte in it is a
    cheat named by every honest seat, whoever holds the hand."""
    for attempt in range(ATTEMPTS):
        table = LocalTable.create(PLAYERS)
        doctored: list[int] = []

        def tamper(seat: int, kind: str, payload: bytes, table: LocalTable = table,
                   doctored: list[int] = doctored) -> bytes:
            pending = table.cores[seat].game.pending
            if (kind == DEAL and not doctored and isinstance(pending, ReorderHand)
                    and pending.seat == seat):
                doctored.append(seat)
                return payload[:-40] + bytes([payload[-40] ^ 1]) + payload[-39:]
            return payload

        try:
            table.run(grabbing_choosers(PLAYERS, seed=attempt), tamper=tamper)
        except Cheat as cheat:
            assert doctored and cheat.seat == doctored[0]
            return
        assert not doctored  # a doctored pass cannot go unnoticed
    pytest.fail(f"no hand was reordered in {ATTEMPTS} games")
