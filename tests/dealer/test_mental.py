"""The MentalDealer on honest tables: every chance request answered, views masked right."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from p2pbang.crypto import wire
from p2pbang.crypto.errors import CheatDetected, ProtocolMisuse
from p2pbang.dealer.board import Table
from p2pbang.dealer.mental import MentalDealer
from p2pbang.engine.chance import ChanceResult, Deal, RandomInt, Reveal, Shuffle

SESSION = b"mental-session-0001"


def _table(seats: int = 4, cards: int = 12) -> Table:
    table = Table.create(seats, SESSION)
    table.run(Shuffle("deck", tuple(range(cards)), tuple(range(100, 100 + cards))))
    return table


def _kinds(table: Table, since: int = 0) -> list[tuple[int, str]]:
    return [(e.seat, wire.decode(e.payload)["t"]) for e in table.board.entries[since:]]


def test_key_round_gives_everyone_the_same_joint_key() -> None:
    table = Table.create(5, SESSION)
    joint = table.dealers[0].joint_key
    assert all(d.joint_key == joint for d in table.dealers)
    assert [k for _, k in _kinds(table)] == ["key"] * 5


def test_shuffle_runs_one_pass_per_seat_in_seat_order() -> None:
    table = Table.create(3, SESSION)
    start = len(table.board.entries)
    results = table.run(Shuffle("deck", tuple(range(6)), tuple(range(6))))
    assert results == [ChanceResult(())] * 3
    assert _kinds(table, start) == [(0, "shuffle"), (1, "shuffle"), (2, "shuffle")]
    states = [[d.slot_state(s).ciphertext for s in range(6)] for d in table.dealers]
    assert states[0] == states[1] == states[2]


def test_deal_shows_the_cards_to_the_receiver_only() -> None:
    table = _table()
    start = len(table.board.entries)
    results = table.run(Deal((111, 110), 2))
    cards = results[2].values
    assert all(isinstance(c, int) for c in cards) and len(set(cards)) == 2
    for seat in (0, 1, 3):
        assert results[seat].values == (None, None)
        assert table.dealers[seat].known_card(111) is None
    # Only the other seats publish shares; the receiver publishes nothing.
    assert sorted(_kinds(table, start)) == [(0, "shares"), (1, "shares"), (3, "shares")]


def test_whole_deck_dealt_is_a_permutation_of_the_cards() -> None:
    table = _table(seats=3, cards=9)
    seen = []
    for i, seat in enumerate([0, 1, 2, 0, 1, 2, 0, 1]):
        results = table.run(Deal((100 + i,), seat))
        seen.append(results[seat].values[0])
    seen.append(table.run(Reveal((108,)))[0].values[0])
    assert sorted(seen) == list(range(9))


def test_reveal_is_public_and_identical_for_all() -> None:
    table = _table()
    results = table.run(Reveal((100, 101, 102)))
    assert len({r.values for r in results}) == 1
    assert None not in results[0].values
    for d in table.dealers:
        assert d.slot_state(100).seen == {0, 1, 2, 3}


def test_reveal_of_a_held_card_needs_only_the_holders_share() -> None:
    table = _table()
    card = table.run(Deal((100,), 1))[1].values[0]
    start = len(table.board.entries)
    results = table.run(Reveal((100,)))
    assert all(r.values == (card,) for r in results)
    assert _kinds(table, start) == [(1, "shares")]


def test_random_int_agrees_and_stays_in_range() -> None:
    table = _table(seats=3, cards=2)
    start = len(table.board.entries)
    values = set()
    for _ in range(5):
        results = table.run(RandomInt(6))
        assert len({r.values for r in results}) == 1
        values.add(results[0].values[0])
    assert values <= set(range(6))
    kinds = [k for _, k in _kinds(table, start)]
    assert kinds == (["commit"] * 3 + ["reveal"] * 3) * 5
    start = len(table.board.entries)
    assert table.run(RandomInt(1))[0].values == (0,)
    assert len(table.board.entries) == start  # nothing random to draw


def test_transfer_rerandomises_then_others_share() -> None:
    """A card in seat 1's hand taken by seat 3 (Panic!, Vulture Sam...)."""
    table = _table()
    card = table.run(Deal((105,), 1))[1].values[0]
    old = table.dealers[0].slot_state(105).ciphertext
    start = len(table.board.entries)
    results = table.run(Deal((105,), 3))
    assert results[3].values == (card,)
    assert results[1].values == (None,)  # the seam masks non-receivers, even one who knew
    assert table.dealers[0].slot_state(105).ciphertext != old
    assert _kinds(table, start) == [(3, "transfer"), (0, "shares"), (1, "shares"), (2, "shares")]
    assert table.dealers[2].known_card(105) is None
    assert table.dealers[0].slot_state(105).seen == {1, 3}


def test_card_back_to_its_first_owner_can_still_be_played() -> None:
    table = _table()
    card = table.run(Deal((104,), 0))[0].values[0]
    table.run(Deal((104,), 2))
    assert table.run(Deal((104,), 0))[0].values == (card,)
    shown, payload = table.dealers[0].reveal_own(104)
    assert shown == card
    for d in table.dealers:
        d.verify_reveal(0, 104, card, payload)
        assert d.known_card(104) == card


def test_put_back_on_the_deck_and_drawn_by_another() -> None:
    """Kit Carlson puts a card back; the next draw deals the same slot to someone else."""
    table = _table()
    card = table.run(Deal((106,), 2))[2].values[0]
    assert table.run(Deal((106,), 0))[0].values == (card,)


def test_play_from_hand_reveals_with_proof() -> None:
    table = _table()
    card = table.run(Deal((103,), 1))[1].values[0]
    shown, payload = table.dealers[1].reveal_own(103)
    assert shown == card
    for d in table.dealers:
        d.verify_reveal(1, 103, card, payload)
        assert d.known_card(103) == card
        assert d.slot_state(103).card == card
    # Already public: dealing or revealing it again needs no message.
    start = len(table.board.entries)
    assert all(r.values == (card,) for r in table.run(Reveal((103,))))
    assert table.run(Deal((103,), 2))[2].values == (card,)
    assert len(table.board.entries) == start


def test_reshuffle_of_face_up_cards_into_fresh_slots() -> None:
    table = _table(cards=6)
    discards = table.run(Reveal((100, 101, 102)))[0].values
    table.run(Shuffle("deck", discards, (200, 201, 202)))
    drawn = [table.run(Deal((200 + i,), i))[i].values[0] for i in range(3)]
    assert sorted(drawn) == sorted(discards)


def test_roles_pile_is_separate_from_the_deck() -> None:
    table = _table(cards=4)
    table.run(Shuffle("roles", (1, 2, 3), (300, 301, 302)))
    roles = [table.run(Deal((300 + i,), i + 1))[i + 1].values[0] for i in range(3)]
    assert sorted(roles) == [1, 2, 3]


def test_single_card_and_empty_shuffles() -> None:
    table = Table.create(3, SESSION)
    table.run(Shuffle("deck", (), ()))
    table.run(Shuffle("deck", (7,), (50,)))
    assert table.run(Deal((50,), 1))[1].values == (7,)


def test_one_seat_table_works() -> None:
    table = Table.create(1, SESSION)
    table.run(Shuffle("deck", (1, 2, 3), (0, 1, 2)))
    assert sorted(table.run(Deal((0, 1, 2), 0))[0].values) == [1, 2, 3]


def test_misuse_is_refused_without_blaming_anyone() -> None:
    table = _table(seats=2, cards=3)
    dealer = table.dealers[0]
    for bad in (Deal((999,), 0), Deal((100,), 5), Deal((100, 100), 0),
                Shuffle("Bad Pile", (1,), (1,)), Shuffle("deck", (1, 2), (1,)),
                Shuffle("deck", (-1,), (1,)), RandomInt(0), Reveal((123456,)),
                Reveal(([1],)), Deal(("a",), 0), RandomInt(True), Shuffle("deck", (1,), (-5,))):
        with pytest.raises(ProtocolMisuse):
            dealer.begin(bad)
    with pytest.raises(ProtocolMisuse):
        dealer.begin("not a request")  # type: ignore[arg-type]
    dealer.begin(Deal((100,), 1))
    with pytest.raises(ProtocolMisuse, match="not finished"):
        dealer.begin(Deal((101,), 1))
    with pytest.raises(ProtocolMisuse):
        dealer.result()
    with pytest.raises(ProtocolMisuse):
        table.dealers[1].reveal_own(101)  # not in its hand
    fresh = MentalDealer(0, 2, SESSION)
    with pytest.raises(ProtocolMisuse, match="key round"):
        fresh.verify_reveal(1, 100, 0, b"")
    with pytest.raises(ProtocolMisuse, match="key round"):
        _ = fresh.joint_key
    with pytest.raises(ProtocolMisuse):
        fresh.receive(7, b"")
    with pytest.raises(ProtocolMisuse):
        MentalDealer(0, 2, b"short")
    with pytest.raises(ProtocolMisuse):
        MentalDealer(2, 2, SESSION)


def test_outgoing_is_stable_until_received() -> None:
    dealer = MentalDealer(0, 2, SESSION)
    first = dealer.outgoing()
    assert first is not None and dealer.outgoing() == first
    assert MentalDealer(1, 2, SESSION).outgoing() != first


FORBIDDEN = re.compile(r"^\s*(import\s+random\b|from\s+random\b)", re.MULTILINE)


@pytest.mark.parametrize("package", ["crypto", "dealer"])
def test_no_random_module_in_security_code(package: str) -> None:
    root = Path(__file__).resolve().parents[2] / "p2pbang" / package
    files = sorted(root.rglob("*.py"))
    assert files
    offenders = [str(f) for f in files if FORBIDDEN.search(f.read_text(encoding="utf-8"))]
    assert offenders == []


def test_forbidden_pattern_would_catch_an_import() -> None:
    assert FORBIDDEN.search("x = 1\nimport random\n")
    assert FORBIDDEN.search("from random import choice")
    assert not FORBIDDEN.search("import secrets  # not random")


def test_observer_checks_everything_and_learns_only_public_cards() -> None:
    table = Table.create(3, SESSION)
    observer = MentalDealer(None, 3, SESSION)
    for entry in table.board.entries:
        assert observer.outgoing() is None
        observer.receive(entry.seat, entry.payload)
    assert observer.done() and observer.joint_key == table.dealers[0].joint_key
    start = len(table.board.entries)
    shuffle = Shuffle("deck", tuple(range(6)), tuple(range(100, 106)))
    for request in (shuffle, Deal((100,), 1), Reveal((101,)), RandomInt(5)):
        table.run(request)
        observer.begin(request)
        for entry in table.board.entries[start:]:
            observer.receive(entry.seat, entry.payload)
        start = len(table.board.entries)
        assert observer.done()
        expected = table.dealers[0].result()
        assert observer.result() == expected  # seat 0 is not the receiver of the deal
    assert observer.known_card(100) is None
    assert observer.known_card(101) == table.dealers[0].known_card(101)
    with pytest.raises(ProtocolMisuse):
        observer.reveal_own(101)
    with pytest.raises(ProtocolMisuse):
        _ = observer.public_key


def test_observer_detects_a_forged_pass() -> None:
    table = Table.create(2, SESSION)
    observer = MentalDealer(None, 2, SESSION)
    for entry in table.board.entries:
        observer.receive(entry.seat, entry.payload)
    request = Shuffle("deck", (1, 2, 3), (0, 1, 2))
    table.run(request)
    observer.begin(request)
    first, second = table.board.entries[-2:]
    with pytest.raises(CheatDetected) as caught:
        observer.receive(first.seat, second.payload)  # seat 1's pass presented as seat 0's
    assert caught.value.seat == 0


@pytest.mark.slow
def test_dealt_order_is_uniform_through_the_whole_protocol() -> None:
    """Two seats shuffle 3 cards with proofs, then reveal: all 6 orders equally likely."""
    from itertools import permutations

    orders = list(permutations((0, 1, 2)))
    table = Table.create(2, SESSION)
    counts = [0] * 6
    runs = 360
    for run in range(runs):
        slots = tuple(range(1000 + 3 * run, 1003 + 3 * run))
        table.run(Shuffle("deck", (0, 1, 2), slots))
        order = table.run(Reveal(slots))[0].values
        counts[orders.index(order)] += 1
    expected = runs / 6
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 20.515, counts  # p = 0.001, 5 degrees of freedom
