"""Dodge City over the mental-poker table: the 120-card deck dealt by the MentalDealer, green
cards (``UseGreen``) and paid cards (``PlayPaid``) checked on the log like any other move, and
the seat that uses them illegally, or reveals a card it does not hold, named.

Given a table of cores playing bang+dodge-city with random choosers (a fixed seed), when a
seat's move is rewritten into the cheat, then every honest core refuses it with ``Cheat``
naming that seat, before any state changes."""

from __future__ import annotations

from collections import Counter

import msgpack

from p2pbang.engine.actions import Play, PlayPaid, UseGreen
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.wire import to_wire
from p2pbang.table.audit import audit
from p2pbang.table.core import TableCore
from p2pbang.table.local_bus import LocalTable, observer_replay

from .forgery import assert_named, move_kinds, packed, run_until_cheat
from .signed_table import SignedTable, random_choosers

PLAYERS = 5
CHOICE = GameChoice.make("bang", PLAYERS, ["dodge-city"])


def test_a_dodge_city_game_deals_120_cards_and_every_peer_and_an_observer_agree() -> None:
    """Whole games until both Dodge City move kinds were played and proven (the mental deal
    is random: a game without a green card used is possible, so up to six are dealt)."""
    kinds: Counter[str] = Counter()
    for game in range(6):
        table = LocalTable.create(PLAYERS, choice=CHOICE)
        assert len(table.cores[0].game.cards) == 120
        table.run(random_choosers(PLAYERS, seed=game))
        ends = {core.over for core in table.cores}
        assert len(ends) == 1 and None not in ends
        observer = observer_replay(PLAYERS, table.cores[0].dealer.session_id, table.log,
                                   CHOICE)
        assert observer.over == table.cores[0].over
        kinds += move_kinds(table.log)
        if kinds["PlayPaid"] and kinds["UseGreen"]:
            return
    raise AssertionError(f"six games without both Dodge City moves: {kinds}")


def test_a_signed_dodge_city_transcript_audits_complete_with_its_game() -> None:
    table = SignedTable(PLAYERS, CHOICE)
    table.run(random_choosers(PLAYERS, seed=3))
    report = audit(table.transcript())
    assert report.problem is None and report.verdict is None, report.lines()
    assert report.complete
    assert any("bang+dodge-city, 5 seats" in line for line in report.checked)


# ---------------------------------------------------------------- cheats


def test_using_a_hand_card_as_a_green_card_in_play_isassert_named() -> None:
    """Given a seat with a hand card, when it writes UseGreen on that hand slot (a card
    not in play), then it is refused as an illegal move and the seat named."""
    def rewrite(core: TableCore, seat: int, action):
        hand = core.game.players[seat].hand
        if not isinstance(action, Play) or not hand:
            return None
        return packed(UseGreen(hand[0]), [])

    verdicts, table, seat = run_until_cheat(CHOICE, 11, rewrite)
    assert_named(verdicts, table, seat, "illegal move")


def test_using_a_green_card_the_turn_it_was_put_in_play_isassert_named() -> None:
    """Given a seat that has just put a green card in play, when on the same turn it
    writes UseGreen on it, then it is refused (a green card works from a later turn)."""
    placed: dict[int, int] = {}

    def rewrite(core: TableCore, seat: int, action):
        game = core.game
        if isinstance(action, Play) and game.cards[action.card].kind == "green":
            placed[seat] = action.slot  # honest this time; remember it for the next move
            return None
        slot = placed.get(seat)
        if slot is None or slot not in game.players[seat].table or game.pending.seat != seat:
            return None
        if isinstance(action, UseGreen):
            return None
        if game.check(UseGreen(slot)) is None:
            return None  # a later turn already: the use would be legal
        return packed(UseGreen(slot), [])

    verdicts, table, seat = run_until_cheat(CHOICE, 5, rewrite)
    assert_named(verdicts, table, seat, "illegal move")


def test_paying_with_a_card_of_another_players_hand_isassert_named() -> None:
    """Given a paid card played honestly, when the mover names another seat's hand card
    as its price (with a proof of its own), then it is refused and the mover named."""
    def rewrite(core: TableCore, seat: int, action):
        if not isinstance(action, PlayPaid):
            return None
        other = next(p for p in core.game.players if p.seat != seat and p.hand)
        stolen = other.hand[0]
        forged = PlayPaid(action.slot, action.card, action.target, action.target_slot,
                          stolen, action.cost_card)
        move = msgpack.unpackb(core.move_payload(action), raw=False)
        move["a"] = to_wire(forged)
        move["r"][1][0] = stolen
        return msgpack.packb(move, use_bin_type=True)

    verdicts, table, seat = run_until_cheat(CHOICE, 1, rewrite)
    assert_named(verdicts, table, seat)


def test_paying_with_a_phantom_card_and_a_genuine_proof_isassert_named() -> None:
    """Given a paid card played honestly, when the mover claims its price card is another
    card (not known anywhere) and attaches the genuine proof of what it holds, then the
    proof does not open to the claim and the mover is named."""
    def rewrite(core: TableCore, seat: int, action):
        if not isinstance(action, PlayPaid):
            return None
        known = set(core.game.known.values())
        fake = next(c for c in range(len(core.game.cards))
                    if c not in known and core.game.card_name(c)
                    != core.game.card_name(action.cost_card))
        forged = PlayPaid(action.slot, action.card, action.target, action.target_slot,
                          action.cost_slot, fake)
        move = msgpack.unpackb(core.move_payload(action), raw=False)
        move["a"] = to_wire(forged)
        move["r"][1][1] = fake
        return msgpack.packb(move, use_bin_type=True)

    verdicts, table, seat = run_until_cheat(CHOICE, 1, rewrite)
    # Caught by the proof; or by the rules, at the one peer that holds the claimed card, or
    # at every peer when the price card was a public one (from the General Store, say).
    assert_named(verdicts, table, seat, "holds another", "known to be elsewhere", "does not hold")


def test_a_paid_card_whose_price_proof_names_the_played_card_isassert_named() -> None:
    """The price slot's proof must match the price card the move names, not the played
    card: a move claiming its price is the played card's twin is caught."""
    def rewrite(core: TableCore, seat: int, action):
        if not isinstance(action, PlayPaid):
            return None
        move = msgpack.unpackb(core.move_payload(action), raw=False)
        move["r"][1][1] = action.card
        return msgpack.packb(move, use_bin_type=True)

    verdicts, table, seat = run_until_cheat(CHOICE, 1, rewrite)
    assert_named(verdicts, table, seat, "claims")
