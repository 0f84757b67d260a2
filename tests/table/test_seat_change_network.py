"""Seats that change hands at a real table: bot peers over loopback meshes in this process
(lobby, genesis, Noise channels, the replicated signed log, the MentalDealer with escrow),
one of which vanishes mid-game.

Given a table with ``dropouts=escrow`` and a one-second dropout wait, when one peer's
process stops for good mid-game, then the others replace its seat with a bot run by one of
them, a person among them is asked first and the replacement waits for their yes, and every
remaining peer ends the game on the same log, whose transcript verifies offline and tells
the hand-over. (Separate OS processes, killed with SIGKILL: ``p2pbang bench table --drop``
and ``tests/e2e/test_dropouts.py``.)
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import trio

from p2pbang.engine.actions import Action, Decision
from p2pbang.engine.choice import GameChoice
from p2pbang.net.discovery import probe_peer
from p2pbang.net.identity import Identity
from p2pbang.table.audit import audit
from p2pbang.table.core import TableCore
from p2pbang.table.dropouts import Dropouts
from p2pbang.table.gamefiles import load_transcript
from p2pbang.table.handovers import SeatQuestion
from p2pbang.table.lobby_flow import Seating, play_at_table
from p2pbang.table.outcome import SessionResult
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.session import SessionConfig
from p2pbang.table.table_choice import settings_for

pytestmark = pytest.mark.trio


class Person(BotDecider):
    """A bot that must be asked, like a person, before its peer agrees to a seat change."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.questions: list[SeatQuestion] = []

    async def consent(self, question: SeatQuestion) -> bool:
        self.questions.append(question)
        await trio.sleep(0.3)  # reading the question
        return True

    async def decide(self, core: TableCore, decision: Decision) -> Action:
        return await super().decide(core, decision)


async def _table_with_a_vanishing_peer(
        tmp_path: Path, choice: GameChoice, vanishing: int, person: int | None = None,
        for_good: bool = False,
) -> tuple[list[tuple[int, SessionResult, str]], Person | None]:
    """``for_good``: the peer leaves for good (it hands its seat over before it exits)
    instead of vanishing.

    The deal comes from the peers' fresh keys, so a game may end by the rules before the
    peer vanishes (a 4-seat Dice Game ends before its 4th turn about once in 700 games):
    such a table is played again, up to three times."""
    for attempt in range(3):
        finished, asked, vanished = await _one_table(
            tmp_path / f"table{attempt}", choice, vanishing, person, for_good)
        ended_first = not vanished and all(r.ok and r.end is not None for _, r, _ in finished)
        if not ended_first:
            break
    return finished, asked


async def _one_table(
        tmp_path: Path, choice: GameChoice, vanishing: int, person: int | None,
        for_good: bool,
) -> tuple[list[tuple[int, SessionResult, str]], Person | None, bool]:
    """One table of ``choice``; the last value tells whether the peer vanished (or left)."""
    identities = [Identity.generate(f"P{i}") for i in range(choice.seats)]
    finished: list[tuple[int, SessionResult, str]] = []
    opened = trio.Event()
    port: list[int] = []
    outs: dict[int, io.StringIO] = {}
    asked = Person(person) if person is not None else None
    scopes = {index: trio.CancelScope() for index in range(choice.seats)}
    reporters: dict[int, LineReporter] = {}
    vanished: list[bool] = []

    async def peer(index: int) -> None:
        out = outs[index] = io.StringIO()
        config = SessionConfig(linger=0.5, wait_report=0.5, max_wait=60)
        decider = asked if index == person and asked is not None else BotDecider(index)
        reporter = reporters[index] = LineReporter(out, wait_every=0.5)
        where = Seating(decider, reporter, tmp_path / f"p{index}", {"player": "bot"}, config)
        with scopes[index]:
            if index == 0:
                settings = settings_for("Saloon", choice, Dropouts("escrow", 1))
                result = await play_at_table(
                    identities[0], where, lambda _: None, settings=settings,
                    on_open=lambda lobby: _opened(lobby.mesh.port))
            else:
                await opened.wait()
                table = await probe_peer(f"127.0.0.1:{port[0]}")
                result = await play_at_table(identities[index], where, lambda _: None,
                                             table=table)
            finished.append((index, result, out.getvalue()))

    async def _opened(number: int) -> None:
        port.append(number)
        opened.set()

    async def vanish() -> None:
        # A few turns into the game (the escrow of the set-up is complete by then). A table
        # that ends first ends the wait too: played again if the game ended by the rules,
        # otherwise the checks fail with the peers' outcomes instead of a timeout.
        while "turn 4:" not in outs.get(0, io.StringIO()).getvalue():
            if len(finished) == choice.seats:
                return
            await trio.sleep(0.05)
        vanished.append(True)
        if for_good:
            reporters[vanishing]._session.leave_for_good()
        else:
            scopes[vanishing].cancel()

    with trio.fail_after(180):
        async with trio.open_nursery() as nursery:
            for index in range(choice.seats):
                nursery.start_soon(peer, index)
            nursery.start_soon(vanish)
    return finished, asked, bool(vanished)


def _check(finished: list[tuple[int, SessionResult, str]], seats: int, vanishing: int) -> None:
    remaining = [(i, r, out) for i, r, out in finished if i != vanishing]
    assert len(remaining) == seats - 1, [i for i, _, _ in finished]
    results = [r for _, r, _ in remaining]
    assert all(r.ok and r.end is not None for r in results), \
        [r.outcome_text() for r in results]
    assert len({r.head for r in results}) == 1
    for _i, _r, out in remaining:
        assert f"P{vanishing} (seat" in out and "now plays the seat" in out, out
    report = audit(load_transcript(results[0].directory))
    assert report.complete, report.lines()
    # One replacement; a vanish that lands on a draw's openings first has them opened
    # from the escrow (a change of its own, before the replacement).
    replaced = [line for line in report.changes if "was away" in line]
    assert len(replaced) == 1, report.changes
    assert all("was away" in line or "did not open" in line for line in report.changes)


async def test_a_peer_that_vanishes_is_replaced_and_the_game_ends(tmp_path: Path) -> None:
    finished, _ = await _table_with_a_vanishing_peer(tmp_path, GameChoice.make("bang", 4), 2)
    _check(finished, 4, 2)


async def test_a_person_is_asked_before_their_peer_agrees(tmp_path: Path) -> None:
    finished, person = await _table_with_a_vanishing_peer(
        tmp_path, GameChoice.make("dice", 4), 3, person=1)
    _check(finished, 4, 3)
    assert person is not None and person.questions, "the person was asked"
    question = person.questions[0]
    assert question.away == "P3" and question.purpose in ("replace", "open")
    assert question.seconds >= 1


async def test_a_player_who_leaves_for_good_hands_the_seat_over(tmp_path: Path) -> None:
    finished, _ = await _table_with_a_vanishing_peer(
        tmp_path, GameChoice.make("bang", 4), 1, for_good=True)
    leaver = [(r, out) for i, r, out in finished if i == 1]
    assert leaver, "the leaver's session returned"
    result, _out = leaver[0]
    assert result.left and result.left_for_good is not None
    assert "left the game for good" in result.outcome_text()
    remaining = [(i, r, out) for i, r, out in finished if i != 1]
    assert len(remaining) == 3
    results = [r for _, r, _ in remaining]
    assert all(r.ok and r.end is not None for r in results), \
        [r.outcome_text() for r in results]
    assert len({r.head for r in results}) == 1
    for _i, _r, out in remaining:
        assert "P1 (seat" in out and " left: " in out and "now plays the seat" in out, out
    report = audit(load_transcript(results[0].directory))
    assert report.complete, report.lines()
    assert len(report.changes) == 1 and " left: " in report.changes[0]
