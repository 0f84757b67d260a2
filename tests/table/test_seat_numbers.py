"""Replay and verify number seats 1 to n clockwise, as the table shows them (the drawn
seating), not by the players' places in the signed roster."""

from __future__ import annotations

import io
import re

import pytest

from p2pbang.table.audit import audit
from p2pbang.table.seats import seat_number
from p2pbang.ui.replay import replay

from .signed_table import SignedTable, random_choosers

ATTEMPTS = 12


@pytest.fixture(scope="module")
def game() -> SignedTable:
    """A game whose seating is not the roster's order. The seating is drawn from the mental
    deal, which is truly random (fresh keys and shuffles): one game in 24 seats everyone at
    its roster place + 1, where no line can tell the two numberings apart and the tests
    below would find no seat to check. Play again until the seating differs."""
    for _attempt in range(ATTEMPTS):
        table = SignedTable(4)
        table.run(random_choosers(4, seed=5))
        if list(table.cores[0].game.order) != list(range(4)):
            return table
    raise AssertionError(f"{ATTEMPTS} games all seated in the roster's order")


def test_the_table_at_the_end_goes_clockwise_from_seat_1(game: SignedTable) -> None:
    out = io.StringIO()
    assert replay(game.transcript(), out=out) == 0
    end = out.getvalue().split("The table at the end:", 1)[1]
    rows = re.findall(r"seat (\d): (\S+)", end)
    names = [seat.name for seat in game.transcript().genesis.seats]
    order = game.cores[0].game.order
    assert [int(n) for n, _ in rows] == [1, 2, 3, 4]
    assert [name for _, name in rows] == [names[s] for s in order]


def test_verify_names_the_winners_by_their_chairs(game: SignedTable) -> None:
    report = audit(game.transcript())
    core = report.core
    assert core is not None and report.end is not None
    line = next(line for line in report.lines() if line.startswith("complete game"))
    for seat in report.end.winners:
        assert f"{report.names[seat]} (seat {seat_number(core.game, seat)})" in line


def _chair_unlike_roster(game: SignedTable, seats: list[int]) -> int:
    """A seat whose chair is neither its roster index nor that plus one, so a line that
    numbers it the wrong way cannot pass by chance."""
    order = game.cores[0].game.order
    for seat in seats:
        if seat_number(game.cores[0].game, seat) not in (seat, seat + 1):
            return seat
    raise AssertionError(f"no telling seat among {seats} (seating {order})")


def test_a_cheat_verdict_names_the_cheat_by_chair(game: SignedTable) -> None:
    import msgpack

    from p2pbang.engine.actions import Choose
    from p2pbang.engine.wire import to_wire
    from p2pbang.net.log import Entry, Part
    from p2pbang.table.core import MOVE

    transcript = game.transcript()
    entries = [Entry.decode(raw) for raw in transcript.entries]
    movers = [e.parts[0].seat for e in entries if e.parts[0].kind == MOVE]
    author = _chair_unlike_roster(game, movers)
    index = next(i for i, e in enumerate(entries)
                 if e.parts[0].kind == MOVE and e.parts[0].seat == author)
    payload = msgpack.packb({"a": to_wire(Choose(999)), "r": []}, use_bin_type=True)
    forged = Part.create(game.identities[author].private_key, game.genesis.session_id, index,
                         entries[index].prev, author, MOVE, payload)
    transcript.entries = [*transcript.entries[:index], Entry([forged]).raw]
    report = audit(transcript)
    assert report.verdict is not None and report.verdict.seat == author
    chair = seat_number(game.cores[0].game, author)
    line = report.lines()[-1]
    assert f"{report.names[author]} (seat {chair})" in line, line
    assert report.verdict.describe(report.names) in line


def test_a_damaged_part_is_pinned_to_its_author_by_chair(game: SignedTable) -> None:
    from p2pbang.net.log import Entry

    transcript = game.transcript()
    lasts = [Entry.decode(raw).parts[-1].seat for raw in transcript.entries]
    seat = _chair_unlike_roster(game, lasts[30:])
    target = next(i for i in range(30, len(lasts)) if lasts[i] == seat)
    raw = bytearray(transcript.entries[target])
    raw[-70] ^= 0x04  # inside the last part's payload or signature
    transcript.entries[target] = bytes(raw)
    report = audit(transcript)
    assert report.problem is not None
    chair = seat_number(game.cores[0].game, seat)
    assert f"{report.names[seat]} (seat {chair})" in report.problem, report.problem


def test_verify_lists_the_players_in_their_seats(game: SignedTable) -> None:
    report = audit(game.transcript())
    names = [seat.name for seat in game.transcript().genesis.seats]
    order = game.cores[0].game.order
    seating = next(line for line in report.lines() if line.startswith("seats"))
    assert seating.endswith(", ".join(f"{chair} {names[seat]}"
                                      for chair, seat in enumerate(order, 1)))
    genesis = next(line for line in report.lines() if line.startswith("genesis: session"))
    assert "Player" not in genesis  # no list in the roster's order beside the seating


def test_the_session_result_numbers_winners_and_laggards_by_chair(game: SignedTable) -> None:
    from pathlib import Path

    from p2pbang.table.outcome import SessionResult

    core = game.cores[0]
    assert core.over is not None
    names = [seat.name for seat in game.genesis.seats]
    chairs = [seat_number(core.game, seat) for seat in range(len(names))]
    result = SessionResult(Path("."), names, core.over, None, 1, b"\0", chairs=chairs,
                           unconfirmed=[0, 1])
    text = "\n".join(result.summary_lines())
    for seat in core.over.winners:
        assert f"{names[seat]} (seat {chairs[seat]})" in text
    assert f"{names[0]} (seat {chairs[0]}), {names[1]} (seat {chairs[1]})" in text


def test_the_bots_log_numbers_seats_by_chair(game: SignedTable) -> None:
    from types import SimpleNamespace

    from p2pbang.engine.actions import Event
    from p2pbang.table.players import LineReporter

    core = game.cores[0]
    names = [seat.name for seat in game.genesis.seats]
    seat = _chair_unlike_roster(game, list(range(len(names))))
    chair = seat_number(core.game, seat)
    out = io.StringIO()
    reporter = LineReporter(out, wait_every=0.0)
    session = SimpleNamespace(session_id=b"\xab" * 16, seat=seat, players=len(names),
                              names=names, resumed=False, restored_entries=0, core=core,
                              seated=False)
    reporter.started(session)
    assert "seats clockwise" not in out.getvalue()  # not drawn yet: no chairs to say
    session.seated = True  # as the session notes it, before it tells the reporter
    reporter.events([Event("seating", value=7), Event("turn", seat, value=3)])
    reporter.waiting([seat], 6.0, [])
    text = out.getvalue()
    assert f"turn 3: {names[seat]} (seat {chair})" in text
    assert f"waiting 6 s for {names[seat]} (seat {chair})" in text
    order = core.game.order
    assert ", ".join(f"{n} {names[s]}" for n, s in enumerate(order, 1)) in text
    # No roster-index listing ("1: Ann"); the session id's hex must not pass for one.
    assert re.search(rf"(^|[\s(,]){seat}: {re.escape(names[seat])}", text, re.M) is None, text
