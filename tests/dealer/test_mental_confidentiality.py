"""Confidentiality: a coalition of every seat that has not seen a card cannot decrypt it.

The coalition gets everything it could have: all its members' secret keys and every
message ever posted (all decryption shares of every round, every ciphertext). The attack
tried is the only linear one available: strip the coalition's own key parts from the
current ciphertext, then cancel the outsiders' parts with any share they ever published.
Each test also runs the same attack where it *must* work (a control), so a broken attack
cannot pass for a secure protocol.

The last tests play the real rules engine with MentalDealers: each seat has its own engine
(viewer = that seat) and dealer, requests run over the in-memory board, each engine gets
its own seat's view; cards played from a hand go through ``reveal_own``/``verify_reveal``
as the table layer will do them. Afterwards every card still private to one seat resists
the coalition of all the others.
"""

from __future__ import annotations

import secrets
from itertools import product

import pytest

from p2pbang.bots.random_bot import RandomBot
from p2pbang.crypto import wire
from p2pbang.crypto.dleq import DecryptionShare, make_share
from p2pbang.crypto.elgamal import CardTable
from p2pbang.crypto.group import Point, scalar_mul, sum_points
from p2pbang.crypto.messages import parse_own
from p2pbang.dealer.board import Table
from p2pbang.engine.actions import Ability, Decision, Discard, End, Play
from p2pbang.engine.bang.game import Game
from p2pbang.engine.chance import Deal, RandomInt, ReorderHand, Reveal, Shuffle

SESSION = b"confidential-sess-1"
CARDS = tuple(range(10))


def _table(seats: int) -> Table:
    table = Table.create(seats, SESSION)
    table.run(Shuffle("deck", CARDS, tuple(range(100, 110))))
    return table


def _published_shares(table: Table, seat: int) -> list[Point]:
    shares = []
    for entry in table.board.entries:
        if entry.seat == seat:
            message = wire.decode(entry.payload)
            if message["t"] == "shares":
                shares += [DecryptionShare.decode(item[1]).share for item in message["items"]]
    return shares


def coalition_decrypts(table: Table, coalition: set[int], slot: int,
                       extra: dict[int, list[Point]] | None = None) -> set[int]:
    """Every card the coalition can compute for ``slot`` from its keys and the board."""
    seats = set(range(len(table.dealers)))
    outsiders = sorted(seats - coalition)
    state = table.dealers[min(coalition)].slot_state(slot)
    ct = state.ciphertext
    own_part = sum_points(scalar_mul(table.dealers[s]._keypair.secret, ct.c1) for s in coalition)
    partial = ct.c2 - own_part  # = card + sum over outsiders of sk_o * c1
    pools = [_published_shares(table, o) + (extra or {}).get(o, []) for o in outsiders]
    lookup = CardTable()
    lookup.add(state.pile, CARDS)
    found = set()
    for candidate in [partial, *(partial - sum_points(combo) for combo in product(*pools))]:
        card = lookup.identify(state.pile, candidate)
        if card is not None:
            found.add(card)
    return found


def test_all_other_seats_cannot_decrypt_a_dealt_card() -> None:
    table = _table(4)
    card = table.run(Deal((103,), 2))[2].values[0]
    assert coalition_decrypts(table, {0, 1, 3}, 103) == set()
    # Control: with the holder's own share (as when it plays the card) the attack works.
    _, payload = table.dealers[2].reveal_own(103)
    share = parse_own(wire.decode(payload))[1].share
    assert coalition_decrypts(table, {0, 1, 3}, 103, extra={2: [share]}) == {card}


def test_undealt_deck_stays_hidden_from_all_but_one() -> None:
    table = _table(3)
    table.run(Deal((100, 101), 0))  # some shares on the board, for other slots
    for slot in range(102, 110):
        for outsider in range(3):
            assert coalition_decrypts(table, set(range(3)) - {outsider}, slot) == set()


def test_transferred_card_stays_hidden_from_everyone_who_never_saw_it() -> None:
    table = _table(4)
    card = table.run(Deal((105,), 1))[1].values[0]
    before = table.dealers[0].slot_state(105).ciphertext
    assert table.run(Deal((105,), 2))[2].values == (card,)
    # Seats 1 and 2 know the card; seats 0 and 3 together, with every share ever published
    # by 1 and 2 (old and new ciphertext), learn nothing.
    assert coalition_decrypts(table, {0, 3}, 105) == set()
    # Control: a naive transfer that skipped the re-randomisation would let seat 1 publish
    # its share of the *old* ciphertext; combined with seat 2's old share, it opens.
    dealer = table.dealers[1]
    naive = make_share(dealer._keypair, before, SESSION, dealer.step, 1, b"share/slot:105")
    naive_table_state = table.dealers[0].slot_state(105)
    saved = naive_table_state.ciphertext
    try:
        naive_table_state.ciphertext = before
        assert coalition_decrypts(table, {0, 3}, 105, extra={1: [naive.share]}) == {card}
    finally:
        naive_table_state.ciphertext = saved


def test_chain_of_transfers() -> None:
    table = _table(5)
    card = table.run(Deal((107,), 1))[1].values[0]
    for seat in (2, 3, 1, 4):
        assert table.run(Deal((107,), seat))[seat].values == (card,)
        knowers = {1, 2, 3, 4} if seat == 4 else {1, 2, 3}
        coalition = set(range(5)) - knowers
        assert coalition_decrypts(table, coalition, 107) == set()
    assert table.dealers[0].slot_state(107).seen == {1, 2, 3, 4}


# ---------------------------------------------------------------------- whole games

GAME_SEATS = 4


def _claims(action) -> list[tuple[int, int]]:
    if isinstance(action, (Play, Discard)):
        return [(action.slot, action.card)]
    if isinstance(action, Ability):
        return list(zip(action.slots, action.cards, strict=True))
    return []


def _play(steps: int, seed: int) -> tuple[Table, list[Game], dict[str, int]]:
    table = Table.create(GAME_SEATS, secrets.token_bytes(32))
    engines = [Game(GAME_SEATS, viewer=seat) for seat in range(GAME_SEATS)]
    bots = [RandomBot(seed * 10 + seat) for seat in range(GAME_SEATS)]
    counts = {"shuffle": 0, "deal": 0, "reveal": 0, "random": 0, "reorder": 0, "own": 0}
    # A hand is reordered before a random pick when another seat saw one of its cards: the
    # mental deal is random, so some games ask for it within the first steps.
    kinds = {Shuffle: "shuffle", Deal: "deal", Reveal: "reveal", RandomInt: "random",
             ReorderHand: "reorder"}
    for _ in range(steps):
        pending = engines[0].pending
        if isinstance(pending, End):
            break
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(engines[pending.seat], pending)
            for slot, card in _claims(action):
                if table.dealers[0].slot_state(slot).card is not None:
                    # Face up already (a General Store card...): no proof, the engine
                    # checks the hand; the dealer refuses one (see test_mental_adversarial).
                    assert all(d.known_card(slot) == card for d in table.dealers)
                    continue
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
    for seat in range(GAME_SEATS):
        for slot in engines[seat].players[seat].hand:
            state = table.dealers[0].slot_state(slot)
            if state.card is None and state.seen == {seat}:
                others = set(range(GAME_SEATS)) - {seat}
                assert coalition_decrypts(table, others, slot) == set()
                checked += 1
    return checked


def test_base_game_setup_and_first_turns_with_mental_dealers() -> None:
    table, engines, counts = _play(steps=120, seed=1)
    assert counts["shuffle"] >= 2
    assert counts["deal"] >= GAME_SEATS and counts["random"] >= GAME_SEATS
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
