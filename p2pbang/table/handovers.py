"""A running table's side of seats that change hands (``protocol/seats.md`` sections 4-6).

A :class:`SeatKeeper` belongs to one peer's :class:`~p2pbang.table.session.TableSession`. It

* counts how long each seat the open position waits for has been silent with its link down;
  after the table's dropout wait, if this peer is the *proposer* (the first seat clockwise
  after the silent one whose peer is here or connected), it proposes: a **replace** naming a
  fresh bot that this peer will run, or, when the silent seat owes the opening of a draw, an
  **open** (the others reconstruct its value: the last opener must not choose);
* answers proposals it receives: **no** when it holds the silent seat's part (it is only
  slow), **yes** once the seat was silent for the dropout wait here too (the decision rule
  and its safety are in ``net/seats.py``: the log commits the change only with every other
  seat's yes);
* runs the new holders this peer proposed and the table accepted (:class:`HostedSeat`): an
  observer core replayed from the log takes the seat through the hand-over, and a bot plays
  it; its parts are signed with the holder's own key and travel over this peer's links;
* takes watchers' offers to take a vanished seat (``protocol/seats.md`` 7.2): an offer a
  watcher sends to this peer is told to every peer; the proposer names the first offer it
  holds as the new holder (a person on their own peer, ``runner`` -1) instead of a bot, and
  the peer the watcher reached carries that person's parts to the table (:meth:`relay_part`).

Nothing here touches the engine or the dealer directly: the driver applies the committed
seat change to the core, as on every peer.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import trio
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pbang.net.identity import Identity
from p2pbang.net.log import LogError, LogFormatError, Part
from p2pbang.net.seat_offer import OfferError, SeatOffer, claim_problem, read_offer
from p2pbang.net.seats import (
    MAX_HOLDER_NAME,
    NO_RUNNER,
    Proposal,
    Purpose,
    SeatFormatError,
    Statement,
    raw_public_key,
)
from p2pbang.table.core import TableCore
from p2pbang.table.driver import LogDriver
from p2pbang.table.dropouts import FORFEIT, Dropouts
from p2pbang.table.observer import observer_dealer
from p2pbang.table.participants import seat_payload
from p2pbang.table.players import BotDecider
from p2pbang.table.seats import seats_clockwise


@dataclass(frozen=True)
class SeatQuestion:
    """What a person is asked before their peer signs a yes ballot (``protocol/seats.md``
    4.3): the interfaces word it in the person's language. ``seat`` is the silent game
    seat, ``away`` its name, ``seconds`` how long it has been silent here; ``holder`` and
    ``runner`` name the new holder and the player whose peer runs it (``runner_is_you``:
    this person's own peer would run it, and could read its cards)."""

    purpose: str  # "replace", "open" or "forfeit"
    seat: int
    away: str
    seconds: float
    holder: str = ""
    runner: str = ""
    runner_is_you: bool = False


Consent = Callable[[SeatQuestion], Awaitable[bool]]


@dataclass
class HostedSeat:
    """A seat's new holder that this peer runs: its identity, core, driver and bot."""

    identity: Identity
    log_seat: int
    core: TableCore
    driver: LogDriver
    decider: BotDecider
    name: str


RESHOW_S = 3.0  # seconds before a proposal is shown again to a watcher that did not vote


@dataclass(frozen=True)
class WatcherOffer:
    """A watcher's offer to take a vanished seat, as this peer holds it: ``relay`` is the
    seat whose peer the watcher reached (it carries the watcher's parts), ``watcher`` the
    watcher's peer id on this peer's watch mesh when this peer is that relay."""

    offer: SeatOffer
    relay: int
    watcher: str | None = None


@dataclass
class SeatKeeper:
    """See the module docstring. ``clock`` is injectable for tests."""

    session: Any  # the TableSession it belongs to (not imported: the session imports this)
    dropouts: Dropouts
    bot_level: str = "sensible"
    clock: Callable[[], float] = time.monotonic
    hosted: list[HostedSeat] = field(default_factory=list)
    runners: dict[int, int] = field(default_factory=dict)  # holder log seat -> runner seat
    _silent: dict[int, float] = field(default_factory=dict)  # log seat -> silent since
    _offered: dict[bytes, Identity] = field(default_factory=dict)  # proposed holders
    _voted: set[tuple[int, int]] = field(default_factory=set)  # (position, log seat)
    _proposed: dict[tuple[int, int], Proposal] = field(default_factory=dict)
    _answers: dict[tuple[int, int], tuple[bool, float]] = field(default_factory=dict)
    _asking: dict[tuple[int, int], trio.CancelScope] = field(default_factory=dict)
    _watcher_keys: dict[str, bytes] = field(default_factory=dict)  # watcher -> offered key
    replaced_me: Proposal | None = None
    offers: list[WatcherOffer] = field(default_factory=list)  # first come, first served
    relays: dict[bytes, int] = field(default_factory=dict)  # offered key -> relaying seat
    relayed: dict[str, int] = field(default_factory=dict)  # watcher peer id -> holder log seat
    # Holders whose watch link to their relay is down (as the relay tells, or sees here).
    relay_down: set[int] = field(default_factory=set)
    reclaims: dict[int, SeatOffer] = field(default_factory=dict)  # hosted log seat -> offer
    _shown: dict[tuple[int, int, str], float] = field(default_factory=dict)  # told watchers
    _relay_told: dict[int, float] = field(default_factory=dict)  # holder -> last told

    # ------------------------------------------------------------------ who is away

    def peer_of(self, log_seat: int) -> int:
        """The genesis seat whose peer writes ``log_seat``'s parts (a holder's runner)."""
        return self.runners.get(log_seat, log_seat)

    def reachable(self, log_seat: int) -> bool:
        if log_seat in self.relay_down:
            return False  # a watcher that took the seat lost its link to its relay
        peer = self.peer_of(log_seat)
        session = self.session
        return peer == session.seat or peer in session.replication.connected_seats()

    def observe(self, owed: list[int]) -> None:
        """Note which owed seats are silent with their link down, and since when."""
        now = self.clock()
        for seat in list(self._silent):
            if seat not in owed or self.reachable(seat):
                del self._silent[seat]
        for seat in owed:
            if not self.reachable(seat):
                self._silent.setdefault(seat, now)

    def away(self) -> dict[int, float]:
        """Each silent owed seat and for how many seconds it has been away."""
        now = self.clock()
        return {seat: now - since for seat, since in self._silent.items()}

    def overdue(self, seat: int) -> bool:
        since = self._silent.get(seat)
        return since is not None and self.clock() - since >= self.dropouts.wait_s

    # ------------------------------------------------------------------ proposing

    def proposer_for(self, log_seat: int) -> int | None:
        """The peer that proposes to replace ``log_seat``: the first seat clockwise after
        it (in the game's seating, public) whose peer is this one or connected to it."""
        driver = self.session.driver
        game_seat = driver.game_seat(log_seat)
        if game_seat is None:
            return None
        order = seats_clockwise(self.session.core.game)
        start = order.index(game_seat) if game_seat in order else game_seat
        for step in range(1, len(order)):
            candidate = driver.log_seats[order[(start + step) % len(order)]]
            if self.reachable(candidate) and not self.overdue(candidate):
                return self.peer_of(candidate)
        return None

    def proposal(self, log_seat: int) -> Proposal | None:
        """This peer's proposal about silent ``log_seat`` at the open position, if it is
        the proposer and the seat is overdue; None otherwise."""
        session = self.session
        if not self.overdue(log_seat) or self.proposer_for(log_seat) != session.seat:
            return None
        key = (len(session.log), log_seat)
        if key in self._voted:
            return None
        if key in self._proposed:
            return self._proposed[key]
        made = self._make_proposal(log_seat)
        if made is not None:
            self._proposed[key] = made
        return made

    def _make_proposal(self, log_seat: int) -> Proposal | None:
        session = self.session
        core = session.core
        if self.dropouts.mode == FORFEIT:
            # The Duel (protocol/seats.md section 9): the game ends, at any position.
            return None if core.over is not None else self._proposal(log_seat, Purpose.FORFEIT)
        if not self.dropouts.replaces:
            return None
        if core.dealer.awaiting_openings():
            return self._proposal(log_seat, Purpose.OPEN)
        game_seat = session.driver.game_seat(log_seat)
        if core.expected() is None or core.dealer.hand_over_problem(seat=game_seat) is not None:
            return None  # the set-up (no escrow yet): the table waits, as without escrow
        offer = self.first_offer()
        if offer is not None:
            return self._proposal(log_seat, Purpose.REPLACE, offer.offer.holder_key,
                                  offer.offer.holder_name, NO_RUNNER)
        name = f"bot ({session.names[session.seat]})"[:MAX_HOLDER_NAME]
        holder = Identity.generate(name)
        key = raw_public_key(holder.private_key)
        self._offered[key] = holder
        return self._proposal(log_seat, Purpose.REPLACE, key, name, session.seat)

    def _proposal(self, seat: int, purpose: Purpose, key: bytes = b"", name: str = "",
                  runner: int = -1) -> Proposal:
        log = self.session.log
        return Proposal(log.session_id, len(log), log.head_hash, seat, purpose, key, name,
                        runner)

    def answer(self) -> list[tuple[Proposal, bool]]:
        """The ballots this peer owes on proposals it received: no when the seat is alive
        here, yes when it has been silent for the dropout wait here too."""
        session = self.session
        box = session.replication.replicator.ballot_box()
        if box is None:
            return []
        out: list[tuple[Proposal, bool]] = []
        written = {part.seat for part in session.log.pending_parts()}
        asked: set[tuple[int, int]] = set()
        for statement in box.statements():
            p = statement.proposal
            if statement.is_leave or p.seat == session.seat or (p.index, p.seat) in asked:
                continue
            if (p.index, p.seat) in self._voted or box.ballot_for(session.seat, p.seat):
                continue
            asked.add((p.index, p.seat))
            if p.seat in written or box.alive(p.seat):
                out.append((p, False))
            elif statement.yes and self.overdue(p.seat) and self._applicable(p) \
                    and self._consent(p):
                out.append((p, True))
        return out

    # ------------------------------------------------------------------ asking the person

    def _consent(self, proposal: Proposal) -> bool:
        """Whether this peer's player agrees to ``proposal``: a bot by itself (it is asked
        only after the dropout wait), a person when they said yes; a question not answered
        yet is asked (once) and the ballot waits for it."""
        ask: Consent | None = getattr(self.session.decider, "consent", None)
        if ask is None:
            return True
        key = (proposal.index, proposal.seat)
        if key in self._answers:
            agreed, when = self._answers[key]
            if agreed or self.clock() - when < self.dropouts.wait_s:
                return agreed
            del self._answers[key]  # "wait for them": asked again after another wait
        if key not in self._asking and getattr(self.session, "nursery", None) is not None:
            scope = trio.CancelScope()
            self._asking[key] = scope
            self.session.nursery.start_soon(self._ask, ask, self._question(proposal), key,
                                            scope)
        return False

    async def _ask(self, ask: Consent, question: SeatQuestion, key: tuple[int, int],
                   scope: trio.CancelScope) -> None:
        with scope:
            self._answers[key] = (bool(await ask(question)), self.clock())
        self._asking.pop(key, None)

    def _question(self, proposal: Proposal) -> SeatQuestion:
        session = self.session
        names = session.names
        runner = proposal.runner
        game_seat = session.driver.game_seat(proposal.seat)
        return SeatQuestion(
            proposal.purpose.value, proposal.seat if game_seat is None else game_seat,
            names[proposal.seat], self.away().get(proposal.seat, 0.0), proposal.holder_name,
            names[runner] if 0 <= runner < len(names) else "", runner == session.seat)

    def _forget_old_questions(self) -> None:
        """The open position moved on (the seat came back, or the change was made): a
        question about an earlier one is withdrawn."""
        index = len(self.session.log)
        for key in [key for key in self._asking if key[0] != index]:
            self._asking.pop(key).cancel()

    def _applicable(self, proposal: Proposal) -> bool:
        """Whether this peer's core could apply the change it would sign: a yes for a
        change nobody can apply would stop the game for everyone."""
        dealer = self.session.core.dealer
        if proposal.purpose is Purpose.OPEN:
            return dealer.awaiting_openings()
        if proposal.purpose is Purpose.FORFEIT:
            return self.dropouts.mode == FORFEIT and self.session.core.over is None
        seat = self.session.driver.game_seat(proposal.seat)
        return self.dropouts.replaces and dealer.hand_over_problem(seat=seat) is None

    async def act(self) -> None:
        """Propose and vote as the open position requires (called about once a second and
        whenever a ballot arrives)."""
        session = self.session
        if session.log.halted is not None or session.log.open_turn() is None:
            return
        await self._serve_relayed()
        ballots = self.answer()
        self._forget_old_questions()
        for seat in sorted(self._silent):
            proposal = self.proposal(seat)
            if proposal is not None and self._consent(proposal):
                ballots.append((proposal, True))
        for proposal, yes in ballots:
            self._voted.add((proposal.index, proposal.seat))
            # This peer votes for its own seat and for every new holder it runs (each is a
            # seat of the table: the certificate needs all of them).
            voters = [(session.identity.private_key, None)] + [
                (hosted.identity.private_key, hosted.log_seat) for hosted in self.hosted
                if hosted.log_seat != proposal.seat
                and hosted.log_seat in session.log.active_seats]
            try:
                for key, voter in voters:
                    await session.replication.vote(key, proposal, yes, voter)
            except LogError as exc:
                session.reporter.warning(f"cannot vote on the seat change: {exc}")
                continue
            if yes:
                session.note_vote(proposal)

    # ------------------------------------------------------------------ leaving for good

    def leave_problem(self) -> str | None:
        """Why this peer's seat cannot leave at the open position, or None: it must owe
        the position and not have written there yet, and every dealer must be able to
        start a hand-over there (else it writes its part and leaves at a later one)."""
        session = self.session
        turn = session.log.open_turn()
        if turn is None or session.seat not in turn.seats:
            return "this seat does not owe the open position"
        if any(part.seat == session.seat for part in session.log.pending_parts()):
            return "this seat already wrote its part here"
        return session.core.dealer.hand_over_problem(cooperative=True)

    def runner_for_leave(self) -> int | None:
        """The peer that will run this seat's bot: the first seat clockwise after it whose
        peer is connected (as a proposer is chosen)."""
        session = self.session
        driver = session.driver
        order = seats_clockwise(session.core.game)
        mine = driver.game_seat(session.seat)
        start = order.index(mine) if mine in order else 0
        connected = session.replication.connected_seats()
        for step in range(1, len(order)):
            peer = self.peer_of(driver.log_seats[order[(start + step) % len(order)]])
            if peer != session.seat and peer in connected:
                return peer
        return None

    async def leave(self) -> str | None:
        """Leave this seat for good at the open position: a fresh bot identity is given to
        the runner over the encrypted link, and this peer signs its leave naming it
        (``protocol/seats.md`` 3.2; the hand-over's round B is then this peer's last part).
        Returns the new holder's name, or None when no runner is connected."""
        session = self.session
        runner = self.runner_for_leave()
        if runner is None:
            return None
        name = f"bot ({session.names[runner]})"[:MAX_HOLDER_NAME]
        holder = Identity.generate(name)
        secret = holder.private_key.private_bytes_raw()
        await session.send_holder(runner, secret)
        proposal = self._proposal(session.seat, Purpose.LEAVE,
                                  raw_public_key(holder.private_key), name, runner)
        await session.replication.leave(session.identity.private_key, proposal)
        return name

    def accept_holder(self, secret: bytes, sender: int) -> None:
        """A leaving peer handed this peer the identity of the bot that takes its seat: it
        is started when the leave is in the log and names this peer as its runner."""
        try:
            key = Ed25519PrivateKey.from_private_bytes(secret)
        except ValueError:
            return
        name = f"bot ({self.session.names[self.session.seat]})"[:MAX_HOLDER_NAME]
        identity = Identity(key, name)
        self._offered[raw_public_key(key)] = identity

    # ------------------------------------------------------------------ watchers' offers

    def note_offer(self, offer: SeatOffer, relay: int, watcher: str | None = None,
                   listed: bool = True) -> bool:
        """Keep a watcher's offer (told by ``relay``'s peer, or by the watcher itself when
        ``watcher`` is given); False when the key is already offered or holds a seat.
        ``listed``: any proposer may name it (a returning player's claim is not: it is for
        its own seat only)."""
        key = offer.holder_key
        if key in self.relays or self.session.log.roster.seat_of(key) is not None:
            return False
        self.relays[key] = relay
        if listed:
            self.offers.append(WatcherOffer(offer, relay, watcher))
        if watcher is not None:
            self._watcher_keys[watcher] = key
        return True

    def first_offer(self) -> WatcherOffer | None:
        """The oldest offer whose watcher can still be reached: its relay is this peer
        (and the watcher is connected to it) or a connected seat."""
        session = self.session
        connected = session.replication.connected_seats()
        for offer in self.offers:
            if offer.relay == session.seat:
                if offer.watcher is not None and offer.watcher in session.watchers.connected():
                    return offer
            elif offer.relay in connected:
                return offer
        return None

    def take_offer(self, watcher: str, raw: bytes) -> tuple[str | None, SeatOffer | None]:
        """A watcher on this peer's watch mesh offers to take a vanished seat: (why it is
        refused, or None; the offer to tell the other peers, when it is new)."""
        try:
            offer = read_offer(raw, self.session.session_id)
        except OfferError as exc:
            return f"a bad seat offer: {exc}", None
        if watcher in self._watcher_keys and self._watcher_keys[watcher] != offer.holder_key:
            return "offered a second, different key", None
        if not self.dropouts.replaces:
            return None, None  # nothing to take at this table: kept quiet, not refused
        return None, (offer if self.note_offer(offer, self.session.seat, watcher) else None)

    def take_reclaim(self, watcher: str, raw: bytes, seat: int,
                     claim: bytes) -> tuple[str | None, SeatOffer | None]:
        """A returning player, reaching this peer as a watcher, claims back log seat ``seat``
        (its seat in the genesis), which a bot this peer runs now plays: the claim must be
        signed by the seat's genesis key. The bot then leaves, naming the player's fresh key,
        at the next position it owes (:meth:`write_hosted`). Returns (why refused, or None;
        the offer to tell the other peers)."""
        session = self.session
        try:
            offer = read_offer(raw, session.session_id)
        except OfferError as exc:
            return f"a bad seat claim: {exc}", None
        if not 0 <= seat < session.players:
            return f"claimed seat {seat}, which no player held in the genesis", None
        problem = claim_problem(claim, offer, seat, session.log.roster.raw_key(seat))
        if problem is not None:
            return f"a bad seat claim: {problem}", None
        hosted = next((h for h in self.hosted
                       if session.driver.game_seat(h.log_seat) == seat), None)
        if hosted is None:
            return "claimed a seat that no bot of this peer plays", None
        if hosted.log_seat in self.reclaims:
            return None, None  # claimed already: the bot leaves at its next position
        if not self.note_offer(offer, session.seat, watcher, listed=False):
            return "claimed with a key already offered or at the table", None
        self.reclaims[hosted.log_seat] = offer
        return None, offer

    async def _give_back(self, hosted: HostedSeat) -> bool:
        """The bot ``hosted`` hands its seat back to the player who claimed it, with a leave
        at the open position (``protocol/seats.md`` 7.2); True when it signed one."""
        offer = self.reclaims.get(hosted.log_seat)
        session = self.session
        if offer is None or hosted.core.dealer.hand_over_problem(cooperative=True) is not None:
            return False
        proposal = self._proposal(hosted.log_seat, Purpose.LEAVE, offer.holder_key,
                                  offer.holder_name, NO_RUNNER)
        try:
            await session.replication.leave(hosted.identity.private_key, proposal,
                                            seat=hosted.log_seat)
        except LogError as exc:
            session.reporter.warning(f"{hosted.name} cannot give the seat back yet: {exc}")
            return False
        del self.reclaims[hosted.log_seat]
        return True

    async def relay_part(self, watcher: str, raw: bytes) -> str | None:
        """Carry a part of the seat ``watcher`` took to the table; why not, or None."""
        holder = self.relayed.get(watcher)
        if holder is None:
            return "sent a part without holding a seat"
        try:
            part = Part.decode(raw, self.session.log.limits)
        except LogFormatError as exc:
            return f"sent a malformed part: {exc.detail}"
        if part.seat != holder:
            return f"sent a part of seat {part.seat}, not of the seat it holds"
        if part.index < len(self.session.log):
            return None  # late: the position closed meanwhile (without it, or with it)
        return await self.session.replication.relay(raw)

    async def relay_statement(self, watcher: str, raw: bytes) -> str | None:
        """Carry the ballot of the seat ``watcher`` took to the table; why not, or None."""
        holder = self.relayed.get(watcher)
        if holder is None:
            return "sent a ballot without holding a seat"
        try:
            statement = Statement.decode(raw)
        except SeatFormatError as exc:
            return f"sent a malformed ballot: {exc}"
        if statement.signer != holder or statement.is_leave:
            return "sent a ballot that is not its seat's"
        return await self.session.replication.relay_statement(raw)

    async def _serve_relayed(self) -> None:
        """For the watchers whose parts this peer carries: tell the others when a watcher's
        link comes or goes (its seat is then silent, and may be replaced again), and show
        each the proposals it must vote on, again every few seconds until it has."""
        session = self.session
        if not self.relayed:
            return
        connected = session.watchers.connected()
        now = self.clock()
        for watcher, holder in self.relayed.items():
            up = watcher in connected
            changed = up == (holder in self.relay_down)
            if changed:
                (self.relay_down.discard if up else self.relay_down.add)(holder)
            # A link that is down is told again now and then: a peer that was away when
            # it went down must learn it too, or it would never agree to replace the seat.
            if changed or (not up and now - self._relay_told.get(holder, 0.0) >= RESHOW_S):
                self._relay_told[holder] = now
                session.tell_relay(holder, up)
        box = session.replication.replicator.ballot_box()
        server = session.watchers.server
        if box is None or server is None:
            return
        for statement in box.statements():
            p = statement.proposal
            if statement.is_leave:
                continue
            for watcher, holder in self.relayed.items():
                key = (p.index, p.seat, watcher)
                if p.seat == holder or box.ballot_for(holder, p.seat) \
                        or now - self._shown.get(key, -RESHOW_S) < RESHOW_S:
                    continue
                self._shown[key] = now
                await server.tell(watcher, statement.raw)

    def relay_told(self, holder: int, up: bool, sender: int) -> None:
        """The relay of ``holder`` says whether its watcher's link is up."""
        if self.runners.get(holder) != sender or sender == self.session.seat:
            return
        (self.relay_down.discard if up else self.relay_down.add)(holder)

    # ------------------------------------------------------------------ after the change

    def changed(self, index: int, proposal: Proposal, game_seat: int,
                holder: int | None) -> None:
        """The driver applied a seat change: note the new holder and its runner; start the
        holder when this peer runs it; step aside when this peer's own seat was given."""
        session = self.session
        self._silent.pop(proposal.seat, None)
        if holder is None:
            return
        self.runners[holder] = proposal.runner
        self.offers = [o for o in self.offers if o.offer.holder_key != proposal.holder_key]
        relay = self.relays.get(proposal.holder_key)
        if proposal.runner == NO_RUNNER and relay is not None:
            # A watcher took the seat: its parts reach the table through the relay's links.
            self.runners[holder] = relay
            for watcher, key in list(self._watcher_keys.items()):
                if key == proposal.holder_key:
                    self.relayed[watcher] = holder
        if proposal.seat == session.seat:
            self.replaced_me = proposal
        identity = self._offered.pop(proposal.holder_key, None)
        if identity is not None and proposal.runner == session.seat:
            self.hosted.append(self._host(identity, holder, index))

    def _host(self, identity: Identity, log_seat: int, index: int) -> HostedSeat:
        """An observer core that replays the log to the change, then takes the seat."""
        session = self.session
        core = TableCore(session.players, None, observer_dealer(session.genesis),
                         session.choice)
        core.start()
        decider = BotDecider(kind=self.bot_level)
        driver = LogDriver(core, on_events=decider.observe,
                           holder_key=raw_public_key(identity.private_key))
        driver.bind(session.log)
        driver.catch_up(index + 1)
        return HostedSeat(identity, log_seat, core, driver, decider, identity.name)

    async def write_hosted(self) -> bool:
        """Write the part any hosted holder owes at the open position; True if one wrote."""
        session = self.session
        turn = session.log.open_turn()
        if turn is None:
            return False
        written = {part.seat for part in session.log.pending_parts()}
        for hosted in self.hosted:
            hosted.driver.catch_up()
            if hosted.driver.verdict is not None:
                continue
            if hosted.log_seat not in turn.seats or hosted.log_seat in written:
                continue
            if hosted.log_seat in self.reclaims and await self._give_back(hosted):
                return True
            expected = hosted.core.expected()
            if expected is None:
                continue
            payload = await seat_payload(hosted.core, expected.kind, hosted.decider)
            if payload is None:
                continue
            try:
                await session.replication.submit(hosted.identity.private_key, expected.kind,
                                                 payload, seat=hosted.log_seat)
            except LogError as exc:
                session.reporter.warning(f"{hosted.name} cannot write: {exc}")
                continue
            return True
        return False


def change_sentence(proposal: Proposal, who: Callable[[int], str], holder: int | None) -> str:
    """What a seat change did, in one sentence for the players, ``replay`` and ``verify``;
    ``who`` names a log seat ("Jo (seat 3)"), ``holder`` is the new holder's log seat."""
    name = who(proposal.seat)
    if proposal.purpose is Purpose.OPEN:
        return (f"{name} did not open its share of a draw: the others opened it from the "
                "escrow, so the draw stands as it was committed")
    if proposal.purpose is Purpose.FORFEIT:
        return f"{name} was away too long and loses the game by forfeit"
    runner = proposal.runner
    run_by = (f"a bot run by {who(runner)}, whose peer could read its cards" if runner >= 0
              else "a person on their own peer")
    verb = "left" if proposal.purpose is Purpose.LEAVE else "was away"
    holder_name = proposal.holder_name or (who(holder) if holder is not None else "?")
    return f"{name} {verb}: {holder_name} ({run_by}) now plays the seat"


__all__ = ["HostedSeat", "SeatKeeper", "WatcherOffer", "change_sentence"]
