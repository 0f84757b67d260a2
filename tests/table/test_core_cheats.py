"""Cheaters at the table: each bad entry is refused before any state changes, the right seat
is named, and honest cores keep their state."""

from __future__ import annotations

import random

import msgpack
import pytest

from p2pbang.engine.actions import Ability, Decision, Discard, Pass, Play
from p2pbang.engine.wire import from_wire, to_wire
from p2pbang.table.core import DEAL, MOVE, Cheat
from p2pbang.table.local_bus import LocalTable


def choosers(players: int, seed: int = 0):
    rngs = [random.Random(f"{seed}/{s}") for s in range(players)]
    return [lambda core, d, r=rngs[s]: r.choice(core.game.legal_actions())
            for s in range(players)]


def first_move_tamper(cheater: int, rewrite):
    """Rewrite the cheater's first move that ``rewrite`` accepts (returns None to skip)."""
    state = {"done": False}

    def tamper(seat: int, kind: str, payload: bytes) -> bytes:
        if state["done"] or seat != cheater or kind != MOVE:
            return payload
        move = msgpack.unpackb(payload, raw=False)
        new = rewrite(move)
        if new is None:
            return payload
        state["done"] = True
        return new

    return tamper


def run_expecting_cheat(players: int, tamper) -> Cheat:
    table = LocalTable.create(players)
    with pytest.raises(Cheat) as caught:
        table.run(choosers(players), tamper=tamper)
    return caught.value


def test_claiming_another_card_with_a_real_proof_is_caught_and_named() -> None:
    """A player pretends a card from his hand is another (a Missed! 'becomes' a BANG!)."""
    def rewrite(move):
        action = from_wire(move["a"])
        if not isinstance(action, (Play, Discard)):
            return None
        fake = (action.card + 1) % 80
        forged = type(action)(action.slot, fake, *to_wire(action)[3:])
        move["a"] = to_wire(forged)
        move["r"][0][1] = fake
        return msgpack.packb(move, use_bin_type=True)

    for cheater in range(4):
        cheat = run_expecting_cheat(4, first_move_tamper(cheater, rewrite))
        if cheat.seat == cheater:
            break
    assert cheat.seat == cheater
    assert "card" in cheat.reason


def test_an_illegal_move_is_refused_and_named() -> None:
    """Ending the turn when the hand limit forces a discard; or any move not in the rules."""
    def rewrite(move):
        action = from_wire(move["a"])
        if isinstance(action, Pass):
            return None
        return msgpack.packb({"a": to_wire(Play(10_000, 3, 1)), "r": []}, use_bin_type=True)

    cheat = run_expecting_cheat(4, first_move_tamper(1, rewrite))
    assert cheat.seat == 1


@pytest.mark.parametrize("garbage", [b"", b"\xc1", b"\x81\xa1a\x01",
                                     msgpack.packb({"a": ["decision", 0, "play", [], -1, 0],
                                                    "r": []})])
def test_garbage_moves_are_refused_and_named(garbage: bytes) -> None:
    cheat = run_expecting_cheat(4, first_move_tamper(2, lambda move: garbage))
    assert cheat.seat == 2


def test_a_tampered_decryption_share_is_refused_and_named() -> None:
    """Flip one byte of a seat's deal message late in the setup: the proof fails."""
    count = {"n": 0}

    def tamper(seat: int, kind: str, payload: bytes) -> bytes:
        if kind == DEAL and seat == 3:
            count["n"] += 1
            if count["n"] == 6:
                return payload[:-5] + bytes([payload[-5] ^ 1]) + payload[-4:]
        return payload

    cheat = run_expecting_cheat(4, tamper)
    assert cheat.seat == 3


def test_out_of_turn_and_wrong_kind_entries_are_refused_without_state_change() -> None:
    table = LocalTable.create(4)
    core = table.cores[0]
    while len(core.expected().seats) != 1:
        table.step(choosers(4))
    expected = core.expected()
    intruder = next(s for s in range(4) if s not in expected.seats)
    before = (core.entries, core.dealer.step)
    with pytest.raises(Cheat) as caught:
        core.receive(intruder, DEAL, b"x")
    assert caught.value.seat == intruder
    writer = min(expected.seats)
    with pytest.raises(Cheat) as caught:
        core.receive(writer, MOVE, b"x")
    assert caught.value.seat == writer
    assert (core.entries, core.dealer.step) == before


def test_honest_cores_keep_their_state_when_a_cheat_is_refused() -> None:
    table = LocalTable.create(4)
    moves = {"n": 0}

    def tamper(seat: int, kind: str, payload: bytes) -> bytes:
        if kind == MOVE:
            moves["n"] += 1
            if moves["n"] == 5:
                return b"\x00garbage"
        return payload

    with pytest.raises(Cheat):
        table.run(choosers(4), tamper=tamper)
    # The cheat was raised by the first core to receive it; nobody applied it, and every
    # core is still waiting for the same honest entry.
    expected = {core.expected() for core in table.cores}
    assert len(expected) == 1
    assert isinstance(table.cores[0].game.pending, Decision)


def test_a_face_up_card_is_played_without_a_proof_and_a_proof_for_it_is_refused() -> None:
    """A card already public (from the General Store, a draw! check...) needs no share:
    the dealer refuses any proof of it from any seat, so the table sends none."""
    tampered: list[int] = []

    def tamper(seat: int, kind: str, payload: bytes) -> bytes:
        if tampered or kind != MOVE:
            return payload
        move = msgpack.unpackb(payload, raw=False)
        if not any(own == b"" for _, _, own in move["r"]):
            return payload
        tampered.append(seat)
        move["r"] = [[slot, card, own or b"\x00" * 117] for slot, card, own in move["r"]]
        return msgpack.packb(move, use_bin_type=True)

    for seed in range(6):
        table = LocalTable.create(4)
        try:
            table.run(choosers(4, seed), tamper=tamper)
        except Cheat as cheat:
            assert tampered and cheat.seat == tampered[0]
            assert "is public" in cheat.reason
            return
        assert not tampered
    raise AssertionError("no game played a face-up card from a hand")


def test_an_ability_with_more_slots_than_cards_is_refused_not_a_crash() -> None:
    """A malformed ability (two slots, one card) names its writer; no peer fails on it."""
    garbage = msgpack.packb({"a": ["ability", [1, 2], [3]], "r": [[1, 3, b""], [2, 3, b""]]},
                            use_bin_type=True)
    cheat = run_expecting_cheat(4, first_move_tamper(2, lambda move: garbage))
    assert cheat.seat == 2


def _table_at_a_two_card_ability(seeds: int = 60) -> tuple[LocalTable, int, Ability]:
    """A table where the seat to move may use a two-card ability (Sid Ketchum's); a table
    where nobody drew Sid Ketchum is left as soon as the characters are known."""
    for seed in range(seeds):
        table = LocalTable.create(4)
        picks = choosers(4, seed)
        while (expected := table.cores[0].expected()) is not None:
            if expected.kind == MOVE:
                (seat,) = expected.seats
                game = table.cores[seat].game
                if all(p.character != "sid_ketchum" for p in game.players):
                    break
                for action in game.legal_actions():
                    if isinstance(action, Ability) and len(action.slots) == 2 and not any(
                            table.cores[seat]._is_public(s) for s in action.slots):
                        return table, seat, action
            table.step(picks)
    raise AssertionError(f"no two-card ability in {seeds} games")


def test_a_two_card_move_whose_second_proof_fails_changes_nothing() -> None:
    """Every proof of a move is checked before any card becomes public: the first card of
    a move whose second proof fails stays hidden on every peer, and the honest move still
    goes through afterwards."""
    table, seat, action = _table_at_a_two_card_ability()
    honest = table.cores[seat].move_payload(action)
    move = msgpack.unpackb(honest, raw=False)
    move["r"][1][2] = move["r"][0][2]  # the first card's proof offered for the second
    forged = msgpack.packb(move, use_bin_type=True)
    first = action.slots[0]
    for core in table.cores:
        before = core.game.history[:]
        with pytest.raises(Cheat) as caught:
            core.receive(seat, MOVE, forged)
        assert caught.value.seat == seat
        assert core.dealer.slot_state(first).card is None  # still hidden
        assert not core._is_public(first) and core.game.history == before
    for core in table.cores:
        core.receive(seat, MOVE, honest)
    assert all(core.dealer.slot_state(first).card == action.cards[0] for core in table.cores)
