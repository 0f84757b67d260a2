"""Offline checks of a saved game: ``p2pbang verify`` and ``p2pbang replay``.

An auditor holds only the transcript (or a game directory) and no secret. It re-checks, in
order: the genesis (every player's ready statement and genesis signature), then every log
entry as a peer would receive it (encoding, session, chain of hashes, signature of each
part, who was allowed to write it), feeding each through an observer ``TableCore`` that
re-verifies every shuffle argument, decryption share, commitment and reveal, and every move
against the rules. The first thing that fails is reported with its log position and the
seat (and player) it is attributed to. A game that a cheat stopped verifies as authentic
up to the cheat, and the report says who cheated and how.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from p2pbang.engine.actions import End, Event
from p2pbang.net.log import (
    EquivocationProof,
    Log,
    LogFormatError,
    Roster,
    RosterError,
    decode_entry,
)
from p2pbang.net.seats import Proposal
from p2pbang.table.core import TableCore
from p2pbang.table.driver import LogDriver, Verdict
from p2pbang.table.gamefiles import Transcript
from p2pbang.table.handovers import change_sentence
from p2pbang.table.observer import observer_dealer
from p2pbang.table.seats import seating, seating_drawn, who
from p2pbang.table.table_choice import UnplayableTable, dropouts_of

EventSink = Callable[[list[Event]], None]


@dataclass
class AuditReport:
    """What the audit established; ``problem`` is the first failure, None when all holds."""

    names: list[str]
    checked: list[str] = field(default_factory=list)
    problem: str | None = None
    verdict: Verdict | None = None
    end: End | None = None
    entries: int = 0
    core: TableCore | None = None
    seated: bool = False  # the game drew its seating (every chair is known)
    changes: list[str] = field(default_factory=list)  # the seats that changed hands

    @property
    def complete(self) -> bool:
        """Authentic, every rule and proof holds, and the game reached its end."""
        return self.problem is None and self.verdict is None and self.end is not None

    def _game(self) -> object:
        return self.core.game if self.core is not None else None

    def lines(self) -> list[str]:
        out = list(self.checked) + self.changes
        if self.core is not None and self.seated:
            # after the genesis and game lines: who sat where, the one numbering of seats
            out.insert(min(3, len(out)), f"seats clockwise: {seating(self.names, self._game())}")
        if self.problem is not None:
            out.append(f"FAILED: {self.problem}")
        elif self.verdict is not None:
            out.append(f"the game was stopped by a cheat: {self.verdict.describe(self.names)}")
        elif self.end is not None:
            winners = ", ".join(who(self.names, self._game(), s) for s in self.end.winners)
            out.append(f"complete game: {self.end.team} win ({winners})")
        return out


def audit(transcript: Transcript,
          narrate: Callable[[TableCore, list[str]], EventSink] | None = None,
          tell_change: Callable[[str], None] | None = None) -> AuditReport:
    """Check a whole saved game (see the module docstring). ``narrate(core, names)``, when
    given, returns the sink that is told every event of the game as it is re-played;
    ``tell_change`` is told, in order, each seat that changed hands (a sentence)."""
    genesis = transcript.genesis
    names = list(genesis.names)  # as the players were shown them: unique at the table
    report = AuditReport(names)
    players = len(genesis.seats)
    unsigned = [peer for peer in genesis.roster if peer not in genesis.signatures]
    report.checked.append(
        f"genesis: session {genesis.session_id.hex()[:16]}, {players} players, every ready "
        "statement verifies")
    if unsigned:
        report.problem = f"the genesis lacks the signature of {', '.join(unsigned)}"
        return report
    report.checked.append("genesis: signed by every player")
    try:
        choice = transcript.choice
    except UnplayableTable as exc:
        report.problem = f"the genesis names a game this version cannot check: {exc}"
        return report
    if choice.seats != players:
        report.problem = f"the genesis names {choice.seats} seats but seats {players} players"
        return report
    report.checked.append(f"game: {choice.label()} (bound by the genesis)")
    try:
        roster = Roster([seat.public_key for seat in genesis.seats])
    except RosterError as exc:
        report.problem = f"the genesis roster is unusable: {exc}"
        return report
    try:
        dropouts = dropouts_of(genesis.settings)
    except UnplayableTable as exc:
        report.problem = f"the genesis names a game this version cannot check: {exc}"
        return report
    report.checked.append(dropouts.describe())
    core = TableCore(players, None, observer_dealer(genesis), choice)
    core.start()
    report.core = core
    sink = narrate(core, names) if narrate is not None else None

    def told(events: list[Event]) -> None:
        report.seated = report.seated or seating_drawn(events)
        if sink is not None:
            sink(events)

    def changed(index: int, proposal: Proposal, game_seat: int, holder: int | None) -> None:
        while holder is not None and len(names) <= holder:
            names.append(proposal.holder_name or f"holder {len(names) + 1}")
        text = (f"position {index}: "
                f"{change_sentence(proposal, lambda seat: driver.who(names, seat), holder)}")
        report.changes.append(text)
        if tell_change is not None:
            tell_change(text)

    driver = LogDriver(core, on_events=told, on_seat_change=changed)
    log = Log(genesis.session_id, roster, driver.writers)
    driver.bind(log)
    for index, raw in enumerate(transcript.entries):
        problem = _admit(log, driver, index, raw, names)
        if problem is not None:
            report.problem = problem
            report.entries = len(log)
            return report
    report.entries = len(log)
    report.checked.append(f"log: {len(log)} entries, every signature, hash link and writer "
                          "checks out")
    for raw in transcript.proofs:
        try:
            proof = EquivocationProof.decode(raw)
        except LogFormatError as exc:
            report.problem = f"a stored proof of equivocation is malformed: {exc}"
            return report
        refused = log.adopt_proof(proof)
        if refused is not None:
            report.problem = f"a stored proof of equivocation is invalid: {refused}"
            return report
    problem = _admit_open_parts(log, driver, transcript.open_parts, names)
    if problem is not None:
        report.problem = problem
        return report
    report.verdict = driver.check_halted() or driver.verdict
    if report.verdict is None:
        report.checked.append("rules and proofs: every shuffle, share, reveal and move holds")
        report.end = core.over
        if report.end is None:
            report.problem = _unfinished(log, names, core)
    return report


def _admit_open_parts(log: Log, driver: LogDriver, parts: list[bytes],
                      names: list[str]) -> str | None:
    """Admit the saved parts of the open position like parts received from their seats."""
    for raw in parts:
        if log.open_turn() is None or log.halted is not None:
            return "a part of an open position is saved, but the log is closed"
        outcome = log.add_part(raw)
        if outcome.rejected:
            rejection = outcome.rejected[0]
            seat = rejection.author if rejection.author is not None else rejection.offender
            return (f"the open position, part of {who(names, driver.core.game, seat)}: "
                    f"{rejection.reason.value}: {rejection.detail}")
        driver.catch_up()
    return None


def _unfinished(log: Log, names: list[str], core: TableCore) -> str:
    """Where an unfinished game stops and whose part it waits for (a saved open position
    holds the parts already written: the seats missing from it are the ones owing)."""
    waiting = log.open_turn()
    seats = sorted(waiting.seats) if waiting is not None else []
    written = {part.seat for part in log.pending_parts()}
    owed = [seat for seat in seats if seat not in written]
    text = (f"the game is unfinished: the log stops at position {len(log)}, "
            f"waiting for {_players(names, core, owed)}")
    if written:
        text += (f": it did not write its part (the signed parts of "
                 f"{_players(names, core, sorted(written))} are saved)")
    return text


def _admit(log: Log, driver: LogDriver, index: int, raw: bytes, names: list[str]) -> str | None:
    """Admit entry ``index``; the problem with it, in words, or None."""
    if driver.verdict is not None or log.halted is not None:
        return (f"entry {index}: the game had already stopped at position "
                f"{driver.verdict.index if driver.verdict else log.halted.index}, yet the log "
                "goes on")
    try:
        entry = decode_entry(raw, log.limits)
    except LogFormatError as exc:
        return f"entry {index}: {exc.reason.value}: {exc.detail}"
    if log.open_turn() is None:
        return f"entry {index}: written after the end of the game"
    outcome = log.add_entry(entry, expected_index=index)
    if outcome.rejected:
        rejection = outcome.rejected[0]
        seat = rejection.author if rejection.author is not None else rejection.offender
        return (f"entry {index}, part of {who(names, driver.core.game, seat)}: "
                f"{rejection.reason.value}: {rejection.detail}")
    if len(log) != index + 1:
        missing = sorted(set(log.open_turn().seats) - {p.seat for p in log.pending_parts()}) \
            if log.open_turn() is not None else []
        return (f"entry {index} is incomplete: no part from "
                f"{_players(names, driver.core, missing)}")
    driver.catch_up()
    return None


def _players(names: list[str], core: TableCore, seats: list[int]) -> str:
    """Several players by name and chair, "nobody" for none."""
    return ", ".join(who(names, core.game, seat) for seat in seats) or "nobody"


__all__ = ["AuditReport", "audit"]
