"""The Dice Game and The Duel on the table layer: the same core, dealer and signed log as the
card game, with the engine, codec, cheat checks and bot taken from the registry.

* Dice: the roles are a small deck shuffled by every seat and dealt privately; every roll is
  one public commit-reveal draw from every seat (two log positions: commitments, then
  openings). A seat that opens another value than it committed is named; one that withholds
  its opening is the one seat the table waits for.
* Duel: each side's deck (and character pile, and the common deck) is shuffled by both
  peers, with their proofs; every card a move shows carries its owner's proof.
"""

from __future__ import annotations

import random
from collections import Counter

import msgpack
import pytest

from p2pbang.crypto import wire
from p2pbang.engine.actions import Decision, Discard, Play
from p2pbang.engine.chance import RandomInt, Shuffle
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.duel.actions import Reload
from p2pbang.table.audit import audit
from p2pbang.table.core import DEAL, MOVE, Cheat, TableCore
from p2pbang.table.games import TABLE_GAMES, table_game
from p2pbang.table.local_bus import LocalTable, compose_part, observer_replay

from .signed_table import SignedTable


def bots(table: LocalTable, kind: str = "sensible"):
    made = [core.kind.bot(kind, core.seat) for core in table.cores]
    return [lambda core, d, b=bot: b.decide(core.game, d) for bot in made]


def test_the_registry_has_one_entry_per_game_and_refuses_others() -> None:
    assert set(TABLE_GAMES) == {"bang", "dice", "duel"}
    assert table_game(GameChoice.make("dice", 4)).name == "dice"
    with pytest.raises(KeyError, match="tables: bang, dice, duel"):
        table_game("poker")
    with pytest.raises(ValueError, match="cannot run"):
        TABLE_GAMES["duel"].engine(GameChoice.make("dice", 3), 0)


# ---------------------------------------------------------------- the dice game


def play_logged(table: LocalTable, choosers) -> list[tuple[object, int]]:
    """Play to the end; for each chance request after the key round, the number of log
    positions the dealer took to answer it."""
    core = table.cores[0]
    while core.dealer.step < 1:  # the key round
        table.step(choosers)
    spans: list[tuple[object, int]] = []
    while core.expected() is not None:
        pending = core.game.pending
        positions = 0
        while core.game.pending is pending and core.expected() is not None:
            table.step(choosers)
            positions += 1
        if not isinstance(pending, Decision):
            spans.append((pending, positions))
    return spans


@pytest.mark.parametrize("seats,expansions", [(3, ()), (5, ("old-saloon",)), (8, ())])
def test_a_dice_game_of_bots_ends_alike_everywhere_with_two_positions_per_roll(
        seats: int, expansions: tuple[str, ...]) -> None:
    choice = GameChoice.make("dice", seats, expansions)
    table = LocalTable.create(seats, choice=choice)
    spans = play_logged(table, bots(table))
    ends = {core.over for core in table.cores}
    assert len(ends) == 1 and None not in ends
    # A span is measured while the same request object is pending; the engine reuses its
    # roll requests, so two rolls with no decision between them (a turn ended by Dynamites,
    # then the next player's roll) make one span of two rolls.
    spans_of_rolls = [positions for request, positions in spans
                      if isinstance(request, RandomInt)]
    assert spans_of_rolls and all(p % 2 == 0 for p in spans_of_rolls), Counter(spans_of_rolls)
    rolls = [2] * (sum(spans_of_rolls) // 2)  # commitments, then openings
    # A roll's two positions are written by every seat: each a commitment, then an opening.
    kinds = Counter(wire.decode(payload)["t"] for _s, kind, payload in table.log
                    if kind == DEAL)
    assert kinds["commit"] == kinds["reveal"] == seats * len(rolls)
    observer = observer_replay(seats, table.cores[0].dealer.session_id, table.log, choice)
    assert observer.over == table.cores[0].over


def test_dice_roles_are_dealt_privately() -> None:
    """Given a fresh dice table, when the roles are dealt, then each seat's engine knows its
    own role and, of the others, only the Sheriff's (turned face up)."""
    seats = 5
    table = LocalTable.create(seats, choice=GameChoice.make("dice", seats))
    choosers = bots(table)
    while not isinstance(table.cores[0].game.pending, RandomInt) or \
            table.cores[0].game.turn == 0:
        table.step(choosers)
    for core in table.cores:
        game = core.game
        assert game.players[core.seat].role is not None
        others = [p for p in game.players if p.seat != core.seat and not p.role_public]
        assert others and all(p.role is None for p in others)
        # Everyone but itself and the Sheriff (the Sheriff's own engine: everyone else).
        assert len(others) == seats - (1 if game.sheriff == core.seat else 2)


def _reveal_tamper(cheater: int, rewrite):
    state = {"done": False}

    def tamper(seat: int, kind: str, payload: bytes) -> bytes:
        if state["done"] or seat != cheater or kind != DEAL:
            return payload
        message = wire.decode(payload)
        if message.get("t") != "reveal":
            return payload
        state["done"] = True
        return rewrite(message)

    return tamper


def test_a_dice_seat_opening_another_value_than_it_committed_is_named() -> None:
    seats = 4
    table = LocalTable.create(seats, choice=GameChoice.make("dice", seats))

    def other_value(message):
        message["value"] = bytes(b ^ 0xFF for b in message["value"])
        return wire.encode(message)

    with pytest.raises(Cheat) as caught:
        table.run(bots(table), tamper=_reveal_tamper(2, other_value))
    assert caught.value.seat == 2
    assert "open" in caught.value.reason or "commit" in caught.value.reason, caught.value


def test_a_dice_seat_withholding_its_opening_is_the_seat_the_table_waits_for() -> None:
    """Given a roll whose commitments are all in, when every seat but one has opened, then
    the log names exactly that seat as owing the next part, and nothing else moves."""
    seats = 4
    table = LocalTable.create(seats, choice=GameChoice.make("dice", seats))
    choosers = bots(table)
    core = table.cores[0]
    while not (isinstance(core.game.pending, RandomInt) and core.game.turn >= 1
               and wire.decode(core.my_deal_payload() or b"\x80").get("t") == "reveal"):
        table.step(choosers)
    expected = core.expected()
    withholder = 3
    assert expected.kind == DEAL and withholder in expected.seats
    opened = {}
    for seat in sorted(expected.seats - {withholder}):
        opened[seat] = compose_part(table.cores[seat], DEAL, choosers[seat])
        for other in table.cores:
            other.receive(seat, DEAL, opened[seat])
    for other in table.cores:
        assert other.expected().seats == frozenset({withholder})
        assert isinstance(other.game.pending, RandomInt)  # the roll waits, unresolved
    # Any other seat writing now (its opening again) is out of turn.
    with pytest.raises(Cheat) as caught:
        core.receive(1, DEAL, opened[1])
    assert caught.value.seat == 1


def test_a_signed_dice_transcript_audits_complete() -> None:
    table = SignedTable(4, GameChoice.make("dice", 4))
    made = [TABLE_GAMES["dice"].bot("sensible", s) for s in range(4)]
    table.run([lambda core, d, b=b: b.decide(core.game, d) for b in made])
    report = audit(table.transcript())
    assert report.problem is None and report.verdict is None and report.complete, \
        report.lines()
    assert any("dice, 4 seats" in line for line in report.checked)


# ---------------------------------------------------------------- the duel


def test_a_duel_of_two_bots_shuffles_every_deck_by_both_peers_and_ends_alike() -> None:
    choice = GameChoice.make("duel", 2)
    table = LocalTable.create(2, choice=choice)
    spans = play_logged(table, bots(table))
    assert {core.over for core in table.cores} != {None}
    assert table.cores[0].over == table.cores[1].over
    shuffles = [(request, positions) for request, positions in spans
                if isinstance(request, Shuffle)]
    piles = {request.pile for request, _ in shuffles}
    assert len(piles) >= 3, piles  # each side's deck and characters, and the common deck
    assert {positions for request, positions in shuffles if request.cards} == {2}  # 2 passes
    writers = [seat for seat, kind, payload in table.log
               if kind == DEAL and wire.decode(payload)["t"] == "shuffle"]
    assert writers.count(0) == writers.count(1)
    observer = observer_replay(2, table.cores[0].dealer.session_id, table.log, choice)
    assert observer.over == table.cores[0].over


def test_a_duel_card_shown_without_its_owners_proof_is_named() -> None:
    """Given a duel, when a side claims its played card is another (with the genuine proof
    of what it holds), then the other side's core refuses it and names the side."""
    choice = GameChoice.make("duel", 2)
    table = LocalTable.create(2, choice=choice)
    rngs = [random.Random(f"duel/{s}") for s in range(2)]
    choosers = [lambda core, d, r=rngs[s]: r.choice(core.game.legal_actions())
                for s in range(2)]
    for _ in range(5000):
        expected = table.cores[0].expected()
        assert expected is not None, "no card was shown in the whole game"
        for seat in sorted(expected.seats):
            core: TableCore = table.cores[seat]
            payload = compose_part(core, expected.kind, choosers[seat])
            move = msgpack.unpackb(payload, raw=False) if expected.kind == MOVE else None
            action = core.kind.from_wire(move["a"]) if move else None
            if isinstance(action, (Play, Discard, Reload)) and move["r"][0][2]:
                known = set(core.game.known.values())
                fake = next(c for c in range(len(core.game.cards)) if c not in known)
                forged = type(action)(*[fake if f == "card" else getattr(action, f)
                                        for f in action.__slots__])
                move["a"] = core.kind.to_wire(forged)
                move["r"][0][1] = fake
                other = table.cores[1 - seat]
                with pytest.raises(Cheat) as caught:
                    other.receive(seat, MOVE, msgpack.packb(move, use_bin_type=True))
                assert caught.value.seat == seat
                return
            for other in table.cores:
                other.receive(seat, expected.kind, payload)
    raise AssertionError("no card was shown")


def test_a_signed_duel_transcript_audits_complete() -> None:
    table = SignedTable(2, GameChoice.make("duel", 2))
    made = [TABLE_GAMES["duel"].bot("sensible", s) for s in range(2)]
    table.run([lambda core, d, b=b: b.decide(core.game, d) for b in made])
    report = audit(table.transcript())
    assert report.problem is None and report.verdict is None and report.complete, \
        report.lines()


@pytest.mark.parametrize("game,seats", [("dice", 3), ("duel", 2)])
def test_replay_tells_a_dice_or_duel_transcript_to_its_end(game: str, seats: int) -> None:
    import io

    from p2pbang.ui.replay import replay

    table = SignedTable(seats, GameChoice.make(game, seats))
    made = [TABLE_GAMES[game].bot("sensible", s) for s in range(seats)]
    table.run([lambda core, d, b=b: b.decide(core.game, d) for b in made])
    out = io.StringIO()
    assert replay(table.transcript(), out=out) == 0
    text = out.getvalue()
    # Told in the solo boards' sentences (the turn rule, then a roll or a character).
    assert "── Turn 1:" in text and "complete game" in text
    assert (" rolls: " if game == "dice" else "comes into play") in text
    assert f"game: {game}, {seats} seats (bound by the genesis)" in text


def test_each_game_names_the_cards_its_moves_show() -> None:
    """The claims the core holds each proof to, per game (a "+1" card and its price; a
    malformed ability claims nothing, so its reveals are refused rather than crash)."""
    from p2pbang.engine.actions import Ability, Pass, PlayPaid, UseGreen
    from p2pbang.engine.dice.actions import Reroll
    from p2pbang.engine.duel.actions import MoveToken, UseAbility

    bang, dice, duel = TABLE_GAMES["bang"], TABLE_GAMES["dice"], TABLE_GAMES["duel"]
    assert bang.claims(Play(5, 7, 1, -1)) == ((5, 7),)
    assert bang.claims(PlayPaid(5, 7, 1, -1, 9, 11)) == ((5, 7), (9, 11))
    assert bang.claims(UseGreen(4)) == () and bang.claims(Pass()) == ()
    assert bang.claims(Ability((1, 2), (3, 4))) == ((1, 3), (2, 4))
    assert bang.claims(Ability((1, 2), (3,))) == ()
    assert dice.claims(Reroll((0, 2))) == () and dice.claims(Pass()) == ()
    assert duel.claims(Reload(6, 8)) == ((6, 8),) and duel.claims(MoveToken()) == ()
    assert duel.claims(UseAbility("sundance_kid", (3,), (12,))) == ((3, 12),)
