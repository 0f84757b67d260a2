"""A whole table in one process over the real signed log, where seats change hands.

Like ``signed_table.SignedTable`` (every seat its own ``Log`` and ``LogDriver``, every part
signed and admitted by every other log), with the table's ``dropouts=escrow`` dealing, and
two more moves: a seat that *vanishes* (it writes nothing more and receives nothing more;
the others sign the certificate of ``protocol/seats.md`` section 4.4 and hand it to a fresh
holder that replays the log as an observer) and a draw's withheld *opening* reconstructed by
the others. Peers are named by log seat; ``members`` maps each live log seat to its peer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from p2pbang.dealer.mental import MentalDealer
from p2pbang.engine.actions import Action, Decision
from p2pbang.engine.choice import GameChoice
from p2pbang.net.identity import Identity
from p2pbang.net.log import Log, Part
from p2pbang.net.seats import Proposal, Purpose, SeatChange, Statement, raw_public_key
from p2pbang.table.core import TableCore
from p2pbang.table.driver import LogDriver
from p2pbang.table.dropouts import Dropouts
from p2pbang.table.gamefiles import Transcript
from p2pbang.table.local_bus import compose_part
from p2pbang.table.table_choice import settings_for
from tests.table.signed_table import make_genesis

Chooser = Callable[[TableCore, Decision], Action]


@dataclass
class Peer:
    """One live signer: its identity, core, driver and log."""

    identity: Identity
    core: TableCore
    driver: LogDriver
    log: Log


class HandOverTable:
    def __init__(self, choice: GameChoice, seed: int = 0) -> None:
        self.choice = choice
        self.players = n = choice.seats
        self.dropouts = Dropouts.for_table("escrow", n)
        self.genesis, identities = make_genesis(n, settings_for("Test", choice, self.dropouts))
        self.session = self.genesis.session_id
        self.threshold = self.dropouts.escrow_threshold(n)
        self.members: dict[int, Peer] = {}
        self.gone: set[int] = set()
        self.rng = random.Random(seed)
        for seat, identity in enumerate(identities):
            dealer = MentalDealer(seat, n, self.session, escrow_threshold=self.threshold)
            self.members[seat] = self._peer(identity, TableCore(n, seat, dealer, choice))

    def _peer(self, identity: Identity, core: TableCore, holder_key: bytes | None = None) -> Peer:
        core.start()
        driver = LogDriver(core, holder_key=holder_key)
        from p2pbang.net.log import Roster

        log = Log(self.session, Roster([s.public_key for s in self.genesis.seats]),
                  driver.writers)
        driver.bind(log)
        return Peer(identity, core, driver, log)

    @property
    def any_log(self) -> Log:
        return next(p.log for s, p in sorted(self.members.items()) if s not in self.gone)

    def live(self) -> list[int]:
        return [s for s in sorted(self.members) if s not in self.gone]

    def choose(self, core: TableCore, decision: Decision) -> Action:
        return self.rng.choice(core.game.legal_actions())

    # -- writing --

    def step(self) -> bool:
        """Write one position with every live writer; False when the log is closed or a
        writer is gone (the table then waits, as a real one does)."""
        log = self.any_log
        turn = log.open_turn()
        if turn is None or log.halted is not None:
            return False
        written = {part.seat for part in log.pending_parts()}
        owed = sorted(set(turn.seats) - written)
        if any(seat in self.gone for seat in owed):
            return False
        for seat in owed:
            peer = self.members[seat]
            peer.log.open_turn()
            expected = peer.core.expected()
            assert expected is not None
            payload = compose_part(peer.core, expected.kind, self.choose)
            part = Part.create(peer.identity.private_key, self.session, len(peer.log),
                               peer.log.head_hash, seat, expected.kind, payload)
            self.deliver(part)
        return True

    def write_others(self, seat: int) -> None:
        """Every writer of the open position but ``seat`` writes its part (as a real table
        does before it notices who is silent); the position stays open."""
        log = self.any_log
        turn = log.open_turn()
        assert turn is not None
        written = {part.seat for part in log.pending_parts()}
        for writer in sorted(set(turn.seats) - written - {seat}):
            peer = self.members[writer]
            peer.log.open_turn()  # bring its core up to date
            expected = peer.core.expected()
            assert expected is not None
            payload = compose_part(peer.core, expected.kind, self.choose)
            self.deliver(Part.create(peer.identity.private_key, self.session, len(peer.log),
                                     peer.log.head_hash, writer, expected.kind, payload))

    def deliver(self, part: Part) -> None:
        for seat in self.live():
            outcome = self.members[seat].log.add_part(part.raw)
            assert not outcome.rejected, outcome.rejected

    def run(self, limit: int = 100_000, until: Callable[[], bool] | None = None) -> None:
        for _ in range(limit):
            if until is not None and until():
                return
            if not self.step():
                for seat in self.live():
                    self.members[seat].log.open_turn()  # every driver applies the last entry
                return
        raise RuntimeError("the game did not end")

    # -- seats changing hands --

    def vanish(self, seat: int) -> None:
        """Log seat ``seat`` stops: it writes and receives nothing more."""
        self.gone.add(seat)

    def certify(self, seat: int, purpose: Purpose, holder: Identity | None = None,
                runner: int = -1) -> SeatChange:
        """Every other live seat's yes ballot about ``seat`` at the open position."""
        log = self.any_log
        proposal = Proposal(self.session, len(log), log.head_hash, seat, purpose,
                            raw_public_key(holder.private_key) if holder else b"",
                            holder.name if holder else "", runner)
        ballots = [Statement.ballot(self.members[s].identity.private_key, proposal, s, True)
                   for s in self.live() if s != seat]
        return SeatChange(ballots)

    def commit(self, change: SeatChange) -> None:
        for seat in self.live():
            outcome = self.members[seat].log.add_seat_change(change)
            assert not outcome.rejected, outcome.rejected
            self.members[seat].log.open_turn()  # the driver applies the change

    def replace(self, seat: int, runner: int) -> int:
        """Hand vanished log seat ``seat`` to a fresh holder; returns its log seat."""
        holder = Identity.generate("bot")
        change = self.certify(seat, Purpose.REPLACE, holder, runner)
        core = TableCore(self.players, None,
                         MentalDealer(None, self.players, self.session,
                                      escrow_threshold=self.threshold), self.choice)
        peer = self._peer(holder, core, holder_key=raw_public_key(holder.private_key))
        source = self.any_log
        for index, entry in enumerate(source.entries()):
            outcome = peer.log.add_entry(entry, expected_index=index)
            assert not outcome.rejected, outcome.rejected
        self.commit(change)
        outcome = peer.log.add_seat_change(change)
        assert not outcome.rejected, outcome.rejected
        peer.log.open_turn()
        new_seat = len(peer.log.roster) - 1
        self.members[new_seat] = peer
        return new_seat

    def restart(self, seat: int) -> Peer:
        """Original seat ``seat``'s process restarts: a fresh core with the same dealer
        secret (and the secrets of a draw it is in the middle of, as its secrets file keeps
        them) replays the whole log, seat changes included, as ``resume`` does."""
        old = self.members[seat]
        dealer = MentalDealer(seat, self.players, self.session,
                              secret_key=old.core.dealer.export_secret_key(),
                              escrow_threshold=self.threshold)
        opening = old.core.dealer.pending_opening()
        escrowed = old.core.dealer.pending_escrowed_draw()
        peer = self._peer(old.identity, TableCore(self.players, seat, dealer, self.choice))
        for index, entry in enumerate(self.any_log.entries()):
            outcome = peer.log.add_entry(entry, expected_index=index)
            assert not outcome.rejected, outcome.rejected
            peer.log.open_turn()  # the driver applies each entry as it comes
            if opening is not None:
                dealer.restore_opening(*opening)
            if escrowed is not None:
                dealer.restore_escrowed_draw(*escrowed)
        self.members[seat] = peer
        return peer

    def open_withheld(self, seat: int) -> None:
        """The others reconstruct vanished ``seat``'s opening of the running draw."""
        self.commit(self.certify(seat, Purpose.OPEN))

    def transcript(self) -> Transcript:
        log = self.any_log
        return Transcript(self.genesis, [entry.raw for entry in log.entries()],
                          [proof.encode() for proof in log.proofs])
