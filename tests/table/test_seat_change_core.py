"""Seats that change hands, through the table's core and driver (protocol/seats.md 5-6, 8).

Given a table dealt with ``dropouts=escrow``, when a seat vanishes and every other seat signs
its replacement, then the log maps the game seat to its new holder, every dealer runs the
hand-over, the holder's engine takes the seat, the game goes on to its end on every peer,
the transcript verifies offline, and no other seat can open a card the hand-over delivered.
"""

from __future__ import annotations

import pytest

from p2pbang.engine.actions import Decision
from p2pbang.engine.choice import GameChoice
from p2pbang.net.seats import Purpose
from p2pbang.table.audit import audit
from p2pbang.table.core import DEAL, MOVE
from tests.table.handover_table import HandOverTable


def _owes(table: HandOverTable, seat: int, kind: str, openings: bool | None = None):
    """A stop condition: the open position is owed by ``seat`` and is of ``kind``."""

    def due() -> bool:
        log = table.any_log
        turn = log.open_turn()
        if turn is None or seat not in turn.seats:
            return False
        if seat in {part.seat for part in log.pending_parts()}:
            return False
        core = table.members[table.live()[0]].core
        expected = core.expected()
        if expected is None or expected.kind != kind:
            return False
        if core.entries < 40:
            return False  # well into the game
        if table.threshold is not None and not openings \
                and core.dealer.hand_over_problem() is not None:
            return False  # at a place a hand-over may start
        return openings is None or core.dealer.awaiting_openings() == openings

    return due


def _finish(table: HandOverTable) -> None:
    table.run()
    heads = {table.members[s].log.head_hash for s in table.live()}
    assert len(heads) == 1, "every live peer holds the same log"
    for seat in table.live():
        core = table.members[seat].core
        assert core.over is not None, f"log seat {seat}'s game did not end"
        assert table.members[seat].driver.verdict is None
    report = audit(table.transcript())
    assert report.problem is None, report.problem
    assert report.end is not None
    assert report.changes and all("now plays the seat" in line or "opened it" in line
                                  for line in report.changes), report.changes
    assert any(line in report.lines() for line in report.changes)


def _private_to_holder(table: HandOverTable, holder: int, some: bool = True) -> None:
    """Right after the hand-over: the holder knows the seat's private cards, nobody else
    (``some``: the seat had private cards, as a seat that owes a move does)."""
    delivered = table.members[holder].core.dealer.delivered
    assert delivered or not some, "the hand-over delivered the seat's cards"
    for seat in table.live():
        if seat == holder:
            continue
        dealer = table.members[seat].core.dealer
        for slot in delivered:
            if dealer.slot_state(slot).card is None:
                assert dealer.known_card(slot) is None, f"log seat {seat} can open slot {slot}"


@pytest.mark.parametrize("game,players,kind", [
    ("bang", 4, MOVE), ("bang", 4, DEAL), ("dice", 4, MOVE),
])
def test_a_vanished_seat_is_replaced_and_the_game_ends(game: str, players: int,
                                                      kind: str) -> None:
    # Given a table with escrow, played until seat 2 owes a part
    table = HandOverTable(GameChoice.make(game, players), seed=3)
    table.run(until=_owes(table, 2, kind, openings=False if kind == DEAL else None))
    table.write_others(2)  # their parts of this position are dropped by the change
    # When it vanishes and the others hand it to a bot run by seat 3
    table.vanish(2)
    assert not table.step(), "the table waits for the vanished seat"
    holder = table.replace(2, runner=3)
    assert holder == players
    table.run(until=lambda: not table.members[holder].core.handing_over)
    # Then only the holder knows the seat's cards, and the game goes on to its end
    assert table.members[holder].core.seat == 2
    _private_to_holder(table, holder, some=kind == MOVE and game == "bang")
    for seat in table.live():
        assert table.members[seat].driver.log_seats[2] == holder
    _finish(table)


def test_replay_and_verify_tell_the_hand_over() -> None:
    import io

    from p2pbang.ui.replay import replay

    table = HandOverTable(GameChoice.make("bang", 4), seed=7)
    table.run(until=_owes(table, 1, MOVE))
    table.vanish(1)
    table.replace(1, runner=2)
    table.run()
    out = io.StringIO()
    assert replay(table.transcript(), out=out) == 0
    text = out.getvalue()
    assert "was away: bot" in text and "now plays the seat" in text
    assert "dropouts: escrow" in text


def test_a_second_seat_can_vanish_after_the_first() -> None:
    table = HandOverTable(GameChoice.make("bang", 5), seed=5)
    table.run(until=_owes(table, 1, MOVE))
    table.vanish(1)
    first = table.replace(1, runner=2)
    table.run(until=lambda: not table.members[first].core.handing_over)
    table.run(until=_owes(table, 3, MOVE))
    table.vanish(3)
    second = table.replace(3, runner=4)
    assert second == first + 1
    _finish(table)


@pytest.mark.parametrize("game,players", [("bang", 5), ("dice", 5)])
def test_a_seat_restarted_after_a_hand_over_replays_it_and_plays_on(game: str,
                                                                    players: int) -> None:
    """Resume after a hand-over: seat 1's process restarts after seat 3 was handed to a bot;
    its fresh core replays the log through the seat change, knows its own hand as before,
    maps seat 3 to the new holder, and the game ends with every peer on one log."""
    table = HandOverTable(GameChoice.make(game, players), seed=11)
    table.run(until=_owes(table, 3, MOVE))
    table.vanish(3)
    holder = table.replace(3, runner=4)
    table.run(until=lambda: not table.members[holder].core.handing_over)
    table.step()
    before = table.members[1].core
    reborn = table.restart(1)
    assert reborn.driver.log_seats[3] == holder
    assert len(reborn.log) == len(table.any_log)
    if game == "bang":
        hand = before.game.players[1].hand
        assert {s: reborn.core.game.known.get(s) for s in hand} == {
            s: before.game.known.get(s) for s in hand}
    else:
        assert reborn.core.game.players[1].role == before.game.players[1].role
    _finish(table)


def test_a_withheld_opening_is_reconstructed_then_the_seat_replaced() -> None:
    # Given a draw whose openings are due, and seat 1 silent there
    table = HandOverTable(GameChoice.make("dice", 4), seed=1)
    table.run(until=_owes(table, 1, DEAL, openings=True))
    table.write_others(1)  # the others opened theirs: those parts are dropped, not applied
    table.vanish(1)
    # When the others open its value, the draw completes without its opening
    table.open_withheld(1)
    table.run()
    log = table.any_log
    turn = log.open_turn()
    assert turn is not None and 1 in turn.seats, "the table waits for seat 1 again later"
    # And then it can be replaced like any vanished seat
    core = table.members[0].core
    if core.dealer.awaiting_openings():
        table.open_withheld(1)
        table.run()
    table.replace(1, runner=2)
    _finish(table)


def test_a_replacement_during_openings_is_a_failure_blamed_on_nobody() -> None:
    table = HandOverTable(GameChoice.make("dice", 4), seed=1)
    table.run(until=_owes(table, 1, DEAL, openings=True))
    table.vanish(1)
    table.commit(table.certify(1, Purpose.REPLACE, __import__(
        "p2pbang.net.identity", fromlist=["Identity"]).Identity.generate("Bot"), 2))
    peer = table.members[0]
    peer.log.open_turn()
    verdict = peer.driver.verdict
    assert verdict is not None and verdict.seat == -1
    assert "openings" in verdict.reason


def test_the_core_refuses_a_hand_over_without_escrow() -> None:
    from p2pbang.dealer.mental import MentalDealer
    from p2pbang.table.core import Cheat, TableCore

    core = TableCore(4, 0, MentalDealer(0, 4, b"s" * 32), GameChoice.make("bang", 4))
    core.start()
    with pytest.raises(Cheat):
        core.change_seat(1, cooperative=False)
    assert isinstance(core.game.pending, Decision) or core.expected() is not None


def test_a_duel_player_away_too_long_loses_by_forfeit() -> None:
    # Given a Duel (two seats: no escrow, forfeit instead) with seat 1 silent mid-game
    table = HandOverTable(GameChoice.make("duel", 2), seed=2)
    assert table.dropouts.mode == "forfeit" and table.threshold is None
    table.run(until=_owes(table, 1, MOVE))
    table.vanish(1)
    # When seat 0 claims the game
    table.commit(table.certify(1, Purpose.FORFEIT))
    # Then the log closes with seat 0 the winner by forfeit, and verify says so
    peer = table.members[0]
    assert peer.log.open_turn() is None
    assert peer.core.over is not None and peer.core.over.winners == (0,)
    assert peer.core.over.team == "forfeit"
    report = audit(table.transcript())
    assert report.problem is None and report.end == peer.core.over
    assert any("forfeit" in line for line in report.lines())


def test_only_a_two_seat_game_ends_by_forfeit() -> None:
    table = HandOverTable(GameChoice.make("bang", 4), seed=2)
    table.run(until=_owes(table, 1, MOVE))
    table.vanish(1)
    change = table.certify(1, Purpose.FORFEIT)
    outcome = table.members[0].log.add_seat_change(change)
    assert outcome.rejected and "two-seat" in outcome.rejected[0].detail


def _reorder_between_rounds(table: HandOverTable, seat: int, holder_is_seat: bool):
    """A stop condition: a hand's reorder has had its shuffle, and ``seat`` owes its share."""

    def due() -> bool:
        turn = table.any_log.open_turn()
        if turn is None or seat not in turn.seats:
            return False
        task = table.members[table.live()[0]].core.dealer._task
        return (type(task).__name__ == "_ReorderTask" and task.plan is not None
                and (task.receiver == seat) == holder_is_seat)

    return due


def _a_reorder_interrupted(holder_is_seat: bool, seeds: range) -> HandOverTable | None:
    for seed in seeds:
        table = HandOverTable(GameChoice.make("bang", 5), seed=seed)
        table.run(until=_reorder_between_rounds(table, 1, holder_is_seat))
        if table.any_log.open_turn() is not None:
            return table
    return None


def test_a_reorder_interrupted_between_its_rounds_resumes_with_the_shares() -> None:
    # Given a reorder of another seat's hand whose shuffle is applied, and seat 1 silent
    # when its share is due
    table = _a_reorder_interrupted(False, range(40))
    if table is None:
        pytest.skip("no reorder of another hand came up in these deals")
    table.write_others(1)
    table.vanish(1)
    # When seat 1 is replaced, the reorder runs on from its shares, and the game ends
    table.replace(1, runner=2)
    _finish(table)


def test_no_hand_over_of_the_seat_whose_hand_is_being_reordered() -> None:
    # Its new holder could not learn the reordered cards: that seat waits, the others not.
    table = _a_reorder_interrupted(False, range(40))
    if table is None:
        pytest.skip("no reorder of another hand came up in these deals")
    dealer = table.members[0].core.dealer
    holder = dealer._task.receiver
    assert "reorder" in (dealer.hand_over_problem(seat=holder) or "")
    assert dealer.hand_over_problem(seat=1) is None
