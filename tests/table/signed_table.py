"""A whole table in one process over the real signed log: every seat has its own ``Log``
(bound to its ``TableCore`` through a ``LogDriver``), every part is signed by its author
with its identity key and admitted by every other seat's log. No sockets; the genesis is a
real one, signed by every player, so transcripts of these games go through ``audit``."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence

from p2pbang.dealer.mental import MentalDealer
from p2pbang.engine.actions import Action, Decision
from p2pbang.engine.choice import GameChoice
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import Genesis, TableSettings, build_genesis, sign_ready, verify_genesis
from p2pbang.net.log import Log, Part, Roster
from p2pbang.table.core import TableCore
from p2pbang.table.driver import LogDriver
from p2pbang.table.dropouts import OFF, Dropouts
from p2pbang.table.gamefiles import Transcript
from p2pbang.table.local_bus import compose_part
from p2pbang.table.table_choice import settings_for

Chooser = Callable[[TableCore, Decision], Action]
Tamper = Callable[[int, str, bytes], bytes]


def make_genesis(players: int, settings: TableSettings | None = None
                 ) -> tuple[Genesis, list[Identity]]:
    """A genesis as the lobby seals it: every ready statement and signature real."""
    identities = [Identity.generate(f"Player{i}") for i in range(players)]
    settings = settings or TableSettings("Test table", "bang", players)
    table_id = secrets.token_bytes(16)
    roster = tuple(sorted(i.peer_id for i in identities))
    statements = [sign_ready(i, table_id, settings, roster, 1, b"") for i in identities]
    keys = {i.peer_id: i.public_key for i in identities}
    genesis = verify_genesis(build_genesis(table_id, settings, statements, keys))
    by_id = {i.peer_id: i for i in identities}
    ordered = [by_id[peer] for peer in genesis.roster]
    signatures = {i.peer_id: i.sign(genesis.statement_to_sign()) for i in ordered}
    signed = Genesis(genesis.data, genesis.session_id, genesis.table_id, genesis.version,
                     genesis.settings, genesis.seats, signatures)
    return signed, ordered


def random_choosers(players: int, seed: int = 0) -> list[Chooser]:
    rngs = [random.Random(f"{seed}/{s}") for s in range(players)]
    return [lambda core, d, r=rngs[s]: r.choice(core.game.legal_actions())
            for s in range(players)]


class SignedTable:
    def __init__(self, players: int, choice: GameChoice | None = None) -> None:
        self.players = players
        # Without escrow (``dropouts=off``): these tables test the dealing itself; seats
        # changing hands have tests/table/handover_table.py.
        settings = (settings_for("Test table", choice, Dropouts(OFF))
                    if choice is not None else None)
        self.genesis, self.identities = make_genesis(players, settings)
        session = self.genesis.session_id
        self.roster = Roster([seat.public_key for seat in self.genesis.seats])
        self.cores: list[TableCore] = []
        self.drivers: list[LogDriver] = []
        self.logs: list[Log] = []
        for seat in range(players):
            core = TableCore(players, seat, MentalDealer(seat, players, session), choice)
            core.start()
            driver = LogDriver(core)
            log = Log(session, self.roster, driver.writers)
            driver.bind(log)
            self.cores.append(core)
            self.drivers.append(driver)
            self.logs.append(log)

    def sign(self, seat: int, kind: str, payload: bytes) -> Part:
        log = self.logs[seat]
        return Part.create(self.identities[seat].private_key, log.session_id, len(log),
                           log.head_hash, seat, kind, payload)

    def deliver(self, part: Part, to: Sequence[int] | None = None) -> None:
        """Every seat (or those listed) admits the part as if it came from its author."""
        for seat in range(self.players) if to is None else to:
            sender = None if seat == part.seat else part.seat
            outcome = self.logs[seat].add_part(part.raw, sender=sender)
            assert not outcome.rejected, outcome.rejected

    def step(self, choosers: Sequence[Chooser], tamper: Tamper | None = None) -> bool:
        """Write one position; False once the logs are closed."""
        log = self.logs[0]
        turn = log.open_turn()
        if turn is None or log.halted is not None:
            return False
        for seat in sorted(turn.seats):
            core = self.cores[seat]
            self.logs[seat].open_turn()  # bring this seat's core up to date
            expected = core.expected()
            assert expected is not None
            payload = compose_part(core, expected.kind, choosers[seat])
            if tamper is not None:
                payload = tamper(seat, expected.kind, payload)
            self.deliver(self.sign(seat, expected.kind, payload))
        return True

    def run(self, choosers: Sequence[Chooser], tamper: Tamper | None = None,
            limit: int = 100_000) -> None:
        for _ in range(limit):
            if not self.step(choosers, tamper):
                for log in self.logs:
                    log.open_turn()
                return
        raise RuntimeError("the game did not end")

    def transcript(self, seat: int = 0) -> Transcript:
        log = self.logs[seat]
        return Transcript(self.genesis, [entry.raw for entry in log.entries()],
                          [proof.encode() for proof in log.proofs])
