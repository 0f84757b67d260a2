"""A network game in the full-screen interface: lobby screens, then the table, one program.

``p2pbang join`` and ``p2pbang host`` run :class:`NetworkPlay` on a ``Stage`` (prompt-toolkit
on asyncio, trio as its guest). The program owns the sockets for the whole time, so the lobby
screen and the table screen can follow each other while the lobby's mesh carries on into the
game:

* **join** with no argument shows the tables discovery finds on the LAN (refreshed as they
  come and go); the person picks one, types ``host:port`` (``a``), or opens a table (``n``).
  ``join NAME`` and ``join --peer HOST:PORT`` go straight to that table; when it cannot be
  reached or turns us away, the browser says why and the person chooses again.
* **host** opens the table from the command line's settings and shows its waiting room.
* The **waiting room** lists the players (connected, ready), free seats, how others join,
  and the lobby's news. Readiness is automatic, as in the plain flow: everyone signs the
  start when every seat is taken. Esc leaves the table (back to the browser for a joiner).
  The opener removes a waiting player (arrows, r, y); a removed joiner is back at the
  browser, told why.
* The **table** is the card game's full screen fed by a
  :class:`~p2pbang.ui.network.net_table.NetworkTable` (decider and reporter of the session);
  a Dice Game or a Duel (the genesis says which) is the solo board on its shell, fed by a
  ``family_net_table.FamilyNetworkTable``. Leaving mid-game (``q``, Ctrl-C) stops this peer
  and keeps the files for ``p2pbang resume``; leaving after the end waits, screen closed,
  until the others confirm the end (the session's linger, at most 30 s).

After the last screen is gone, :func:`run_network` prints the outcome (the terminal keeps
it) and returns the exit status of the network commands (0 ended, 1 a cheat or this peer
failed, 2 refused or unreachable, 3 gave up, 4 left).
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from p2pbang.engine.choice import GameChoice
from p2pbang.table.bot_pace import pace_file
from p2pbang.table.exits import (
    EXIT_CHEAT,
    EXIT_GAVE_UP,
    EXIT_LEFT,
    EXIT_OK,
    EXIT_USAGE,
    exit_status,
)
from p2pbang.table.gamefiles import GameFiles
from p2pbang.table.lobby_flow import GAME_MESH, TableRefused, first_leaf
from p2pbang.table.network import (
    NETWORK_FAILURES,
    REMOVED_BY_OPENER,
    DiscoveredTable,
    DiscoveryError,
    Genesis,
    Identity,
    Lobby,
    LobbyError,
    MeshConfig,
    TableSettings,
    announce_lobby,
    join_table,
    load_or_create_identity,
    multicast_problem,
    open_table,
    probe_peer,
)
from p2pbang.table.network import TableBrowser as Discovery
from p2pbang.table.session import (
    SessionConfig,
    SessionResult,
    TableInboxes,
    TableSession,
    prepare_mesh,
)
from p2pbang.table.table_choice import choice_of, settings_for
from p2pbang.ui.i18n import _, ngettext
from p2pbang.ui.lobby.screen import (
    LobbyScreen,
    OpenTableForm,
    RoomState,
    SeatStatus,
    TableBrowser,
    TableListing,
    TableOptions,
    WaitingRoom,
)
from p2pbang.ui.network.family_net_table import network_table
from p2pbang.ui.network.net_lobby import (
    RoomNews,
    address_text,
    listing,
    ready_when_full,
    remove_player,
    removed_us,
    room_state,
    watch_refusal,
)
from p2pbang.ui.network.net_play import play_table
from p2pbang.ui.network.net_table import NetworkTable, verdict_lines
from p2pbang.ui.shell.stage import Shown, Stage, first_of, run_program

BROWSE_POLL = 0.5
ID_PREFIX_MIN = 6  # hex digits of a table id that name one table (ids are random)
MULTICAST_CHECK_AFTER = 3.0
FAILURES = (TableRefused, *NETWORK_FAILURES, OSError, LobbyError, ValueError,
            trio.TooSlowError)


@dataclass
class NetworkRequest:
    """What the command line asked for: open a table (``settings``) or join one (``peer``,
    ``table_name``, or neither: choose from the LAN)."""

    identity: Identity
    home: Path
    identity_dir: Path | None = None
    listen: str = ""  # "" listens on every interface
    port: int = 0
    settings: TableSettings | None = None
    announce: bool = True
    peer: str | None = None
    table_name: str | None = None
    find_timeout: float = 3.0
    table_key: str | None = None  # join --table-key: the opener's key the peer must prove
    invite_host: str = ""  # the address others use to reach this machine
    on_open: Callable[[Lobby], Awaitable[None]] | None = None  # host: start the bots
    bots: int = 0  # bot peers ``on_open`` starts (for the room to say so)
    bots_home: Path | None = None
    mesh_config: MeshConfig = GAME_MESH
    session_config: SessionConfig = field(default_factory=SessionConfig)


@dataclass
class Choice:
    """What the person asked for on a lobby screen (posted from a key handler)."""

    kind: str  # join / connect / open / leave / quit
    table: TableListing | None = None
    address: str = ""
    options: TableOptions | None = None


def _failure(exc: BaseException) -> BaseException | None:
    """The expected failure (refused, unreachable...) inside ``exc``, or None if it holds
    anything else (a bug must surface, not become a message)."""
    if isinstance(exc, BaseExceptionGroup):
        matched, rest = exc.split(FAILURES)
        if rest is not None or matched is None:
            return None
        return first_leaf(matched)
    return exc if isinstance(exc, FAILURES) else None


def failure_text(exc: BaseException, opening: bool = False) -> str:
    """Why a table could not be joined (or opened), for the person."""
    if isinstance(exc, TableRefused):
        reason = str(exc)
        if REMOVED_BY_OPENER in reason:  # came back after being removed, or the goodbye
            return _("The player who opened the table removed you from it.")
        if reason.startswith("table full"):
            return _("That table is full.")
        if "not in the table's roster" in reason:
            return _("The game at that table has already begun.")
        return _("The table turned us away: {reason}").format(reason=reason)
    if isinstance(exc, trio.TooSlowError):
        return _("No answer in time.")
    if opening:
        return _("Could not open the table: {reason}").format(reason=exc)
    return _("Could not join: {reason}").format(reason=exc)


class NetworkPlay:
    """The program (see the module docstring); ``await play(stage)`` returns the exit
    status, ``lines_after`` what to print once the screen is gone."""

    def __init__(self, request: NetworkRequest, input: Input | None = None,
                 output: Output | None = None) -> None:
        self.request = request
        self.identity = request.identity
        self._input = input
        self._output = output
        self._choice_send, self._choices = trio.open_memory_channel[Choice](16)
        self._token: trio.lowlevel.TrioToken | None = None
        self.tables: list[DiscoveredTable] = []
        self.browser = TableBrowser(self._listings, self._post_join, self._show_form,
                                    self._post_connect)
        self.form = OpenTableForm(self._post_open, self._show_browser,
                                  default_name=self.identity.name)
        self.screen = LobbyScreen(self.browser, input=input, output=output)
        self.table: NetworkTable | None = None
        self.lines_after: list[str] = []
        self._browsing = False
        self._playing = False
        self._nursery: trio.Nursery

    @property
    def result(self) -> SessionResult | None:
        """How the game ended, from the moment the session ends (its reporter, the table,
        keeps it), while the person may still be reading the end on the screen."""
        return self.table.result if self.table is not None else None

    # ------------------------------------------------------------------ key handlers -> trio

    def _post(self, choice: Choice) -> None:
        if self._token is not None:
            self._token.run_sync_soon(self._deliver, choice)

    def _deliver(self, choice: Choice) -> None:
        # A person pressing faster than the lobby answers loses the extra keys, no more.
        with suppress(trio.WouldBlock):
            self._choice_send.send_nowait(choice)

    def _post_join(self, table: TableListing) -> None:
        self._post(Choice("join", table=table))

    def _post_connect(self, host: str, port: int) -> None:
        self._post(Choice("connect", address=address_text(host, port)))

    def _post_open(self, options: TableOptions) -> None:
        self._post(Choice("open", options=options))

    def _show_form(self) -> None:
        self.form.message = ""
        self.screen.show(self.form)

    def _show_browser(self) -> None:
        self.screen.show(self.browser)

    def _listings(self) -> list[TableListing]:
        return [listing(table) for table in self.tables]

    # ------------------------------------------------------------------ the program

    async def __call__(self, stage: Stage) -> int:
        self._token = trio.lowlevel.current_trio_token()
        shown = await stage.show(self.screen)
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            if self.request.settings is not None:
                code = await self._host(stage, shown)
            else:
                code = await self._join(stage, shown, nursery)
            nursery.cancel_scope.cancel()
        return code

    async def _host(self, stage: Stage, shown: Shown) -> int:
        settings = self.request.settings
        assert settings is not None
        code = await self._sit(stage, shown, settings=settings)
        return EXIT_LEFT if code is None else code

    async def _join(self, stage: Stage, shown: Shown, nursery: trio.Nursery) -> int:
        request = self.request
        choice: Choice | None = None
        if request.peer:
            choice = Choice("connect", address=request.peer)
        elif request.table_name:
            choice = Choice("name", address=request.table_name)
        while True:
            if choice is None:
                self._browse_in(nursery)
                if not isinstance(self.screen.widget, (TableBrowser, OpenTableForm)):
                    self.screen.show(self.browser)  # back from a room
                choice = await self._next_choice(shown)
            if choice.kind == "quit":
                return self._left(_("You left without joining a table."))
            if choice.kind not in ("join", "connect", "open", "name"):
                choice = None  # a key meant for a screen already gone (Esc twice in a room)
                continue
            if choice.kind in ("join", "name"):
                self._browse_in(nursery)
            index, target = await first_of(lambda c=choice: self._resolve(c),
                                           shown.closed.wait)
            choice = None
            if index == 1:
                return self._left(_("You left without joining a table."))
            if target is None:
                continue  # the browser says why
            if isinstance(target, TableSettings):
                code = await self._sit(stage, shown, settings=target)
            else:
                code = await self._sit(stage, shown, table=target)
            if code is not None:
                return code
            if shown.closed.is_set():
                return self._left(_("You left the table before the game began."))

    async def _next_choice(self, shown: Shown) -> Choice:
        index, value = await first_of(self._choices.receive, shown.closed.wait)
        return value if index == 0 else Choice("quit")

    def _browse_in(self, nursery: trio.Nursery) -> None:
        if not self._browsing:
            self._browsing = True
            nursery.start_soon(self._browse)

    async def _browse(self) -> None:
        """Keep the browser's list current; say so when discovery cannot work here."""
        started = time.monotonic()
        checked = False
        try:
            async with Discovery() as discovery:
                while True:
                    # A game being played is for watching (p2pbang watch), not joining.
                    self.tables = [t for t in await discovery.tables() if not t.info.playing]
                    self.screen.changed()
                    quiet = time.monotonic() - started > MULTICAST_CHECK_AFTER
                    if not self.tables and quiet and not checked:
                        checked = True
                        problem = await trio.to_thread.run_sync(multicast_problem)
                        if problem and not self.browser.message:
                            self.browser.message = _(
                                "Multicast does not work here ({problem}): press a to connect "
                                "by address.").format(problem=problem)
                    await trio.sleep(BROWSE_POLL)
        except (DiscoveryError, OSError) as exc:
            self.browser.message = _(
                "Tables cannot be found on this network ({reason}): press a to connect by "
                "address.").format(reason=exc)
            self.screen.changed()

    async def _resolve(self, choice: Choice) -> DiscoveredTable | TableSettings | None:
        """The table a choice names, or None with the reason on the browser."""
        self.browser.message = ""
        try:
            if choice.kind == "connect":
                self.browser.message = _("Asking {address} which table it is at...").format(
                    address=choice.address)
                self.screen.changed()
                table = await probe_peer(choice.address)
            elif choice.kind == "join":
                assert choice.table is not None
                found = [t for t in self.tables if listing(t).key == choice.table.key]
                if not found:
                    self.browser.message = _("That table is gone.")
                    return None
                table = found[0]
            elif choice.kind == "name":
                table = await self._find_by_name(choice.address)
                if table is None:
                    return None
            else:  # "open"
                return self._open_settings(choice.options)
        except FAILURES as exc:
            self.browser.message = failure_text(exc)
            return None
        if not table.info.compatible:
            self.browser.message = listing(table).problem
            return None
        self.browser.message = ""
        return table

    async def _find_by_name(self, wanted: str) -> DiscoveredTable | None:
        """The table of that name or id prefix. A long enough id prefix names one table at
        once; a name is looked for the whole time, since two tables may share it (then
        the person picks from the list)."""
        self.browser.message = _("Looking for the table {name}...").format(name=wanted)
        self.screen.changed()
        key = wanted.lower()
        deadline = trio.current_time() + self.request.find_timeout
        while True:
            by_id = [t for t in self.tables if len(key) >= ID_PREFIX_MIN
                     and t.info.table_id.hex().startswith(key)]
            if by_id:
                return by_id[0]
            if trio.current_time() > deadline:
                break
            await trio.sleep(0.1)
        found = [t for t in self.tables if t.info.name.lower() == key
                 or t.info.table_id.hex().startswith(key)]
        if len(found) == 1:
            return found[0]
        if found:
            self.browser.message = _("Several tables are called {name}: choose one.").format(
                name=wanted)
        else:
            self.browser.message = _("No table {name} found on the network.").format(
                name=wanted)
        return None

    def _open_settings(self, options: TableOptions | None) -> TableSettings | None:
        assert options is not None
        if options.player_name != self.identity.name:
            try:
                self.identity = load_or_create_identity(options.player_name,
                                                        directory=self.request.identity_dir)
            except (ValueError, OSError) as exc:
                self.form.message = str(exc)
                self.screen.show(self.form)
                return None
        try:
            choice = GameChoice.make(options.game, options.seats, options.expansions,
                                     options.variants)
            return settings_for(options.name, choice)
        except ValueError as exc:  # ChoiceError included: the form checked it already
            self.form.message = str(exc)
            self.screen.show(self.form)
            return None

    # ------------------------------------------------------------------ one table

    async def _sit(self, stage: Stage, shown: Shown, *, settings: TableSettings | None = None,
                   table: DiscoveredTable | None = None) -> int | None:
        """Sit at a table until the game ends (its exit status), or None when the person
        left the room or the table could not be joined (the browser says why)."""
        request = self.request
        announce = settings is not None and request.announce
        if settings is not None:
            context = open_table(self.identity, settings, host=request.listen,
                                 port=request.port, config=request.mesh_config,
                                 min_players=settings.seats)
            capacity, name = settings.seats, settings.name
            wanted = settings
        else:
            assert table is not None
            context = join_table(self.identity, table, host=request.listen, port=request.port,
                                 config=request.mesh_config, min_players=table.info.seats,
                                 table_key=request.table_key)
            capacity, name = table.info.seats, table.info.name
            wanted = TableSettings.from_info(table.info)
        opening = WaitingRoom(lambda: RoomState(name, (), capacity,
                                                message=_("Connecting...")),
                              None, None, lambda: self._post(Choice("leave")))
        self.screen.show(opening)
        left = EXIT_LEFT if request.settings is not None else None
        self._playing = False
        try:
            with trio.CancelScope() as scope:
                # A game this version cannot play is refused before sitting down (the
                # UnplayableTable reason is shown like any refusal).
                choice_of(wanted)
                self._nursery.start_soon(self._leave_if_closed, shown, scope)
                async with context as lobby:
                    inboxes = prepare_mesh(lobby.mesh)
                    genesis = await self._wait_in_room(shown, lobby, table, announce)
                    if genesis is None:
                        await lobby.leave("left the table")  # the peers' words, not ours
                        return self._left_room(left)
                    self._playing = True
                    return await self._play(stage, shown, lobby, genesis, inboxes)
            # the person closed the screen while the table was being reached
            return self._left_room(left)
        except (BaseExceptionGroup, *FAILURES) as exc:
            problem = _failure(exc)
            if problem is None or self._playing:
                raise
            text = failure_text(problem, opening=settings is not None)
            if request.settings is not None:
                self.lines_after.append(text)
                return EXIT_USAGE
            self.browser.message = text
            return None

    def _left(self, words: str) -> int:
        """The person left before any game began: say so after the screen (a leave)."""
        self.lines_after.append(words)
        return EXIT_LEFT

    def _left_room(self, left: int | None) -> int | None:
        """Leaving a waiting room: the host's program ends there (in words); a joiner goes
        back to the table list."""
        return None if left is None else self._left(
            _("You left the table before the game began."))

    async def _leave_if_closed(self, shown: Shown, scope: trio.CancelScope) -> None:
        """Closing the lobby screen (Ctrl-C) stops whatever the lobby is doing, even a dial
        that has not answered yet; the table screen replacing it is not a reason."""
        await shown.closed.wait()
        if not self._playing:
            scope.cancel()

    async def _wait_in_room(self, shown: Shown, lobby: Lobby, table: DiscoveredTable | None,
                            announce: bool) -> Genesis | None:
        """Show the waiting room until the genesis is sealed (None: the person left)."""
        request = self.request
        news = RoomNews()
        opener = table.info.host_peer if table is not None else lobby.peer_id
        if table is not None:
            invite = f"p2pbang join --peer {address_text(table.host, table.port)}"
        else:
            host = request.invite_host or request.listen or "THIS_HOST"
            invite = f"p2pbang join --peer {address_text(host, lobby.mesh.port)}"
        removed = trio.Event()
        token = trio.lowlevel.current_trio_token()
        room_tasks: list[trio.Nursery] = []  # while the room runs (a key may come after)

        def remove(seat: SeatStatus) -> None:  # a key handler: the work is trio's
            token.run_sync_soon(start_removal, seat)

        def start_removal(seat: SeatStatus) -> None:
            for nursery in room_tasks:
                nursery.start_soon(removing, seat)

        async def removing(seat: SeatStatus) -> None:
            room.message = await remove_player(lobby, seat)
            self.screen.changed()

        room = WaitingRoom(lambda: room_state(lobby, opener, news, invite), None, None,
                           lambda: self._post(Choice("leave")),
                           remove if opener == lobby.peer_id else None)
        self.screen.show(room)

        def heard(event: Any) -> None:
            news.event(event, lobby)
            if removed_us(event, lobby):
                removed.set()
            self.screen.changed()

        async def leave_asked() -> None:
            while (await self._choices.receive()).kind != "leave":
                pass

        async with trio.open_nursery() as nursery:
            room_tasks.append(nursery)
            if announce:
                nursery.start_soon(self._announce, lobby, news)
            nursery.start_soon(watch_refusal, lobby)
            nursery.start_soon(ready_when_full, lobby, heard)
            nursery.start_soon(self._redraw, 0.5)
            if request.on_open is not None and request.settings is not None:
                await request.on_open(lobby)
                if request.bots:
                    news.add(ngettext(
                        "Started {n} bot player on this machine (its output and secret key: "
                        "{path}; whoever hosts bots can read their hands).",
                        "Started {n} bot players on this machine (their output and secret keys: "
                        "{path}; whoever hosts bots can read their hands).",
                        request.bots).format(n=request.bots, path=request.bots_home))
            index, genesis = await first_of(lobby.sealed, leave_asked, shown.closed.wait,
                                            removed.wait)
            room_tasks.clear()
            nursery.cancel_scope.cancel()
        if index == 3:  # back to the browser (a joiner), which says why
            self.browser.message = _("The player who opened the table removed you from it.")
        return genesis if index == 0 else None

    async def _announce(self, lobby: Lobby, news: RoomNews) -> None:
        host = lobby.mesh.host
        addresses = [host] if host not in (None, "", "0.0.0.0") else None
        try:
            await announce_lobby(lobby, addresses=addresses)
        except (DiscoveryError, OSError) as exc:
            news.add(_("The table could not be announced on the network ({reason}); others "
                       "can still join by address.").format(reason=exc))
            self.screen.changed()

    async def _redraw(self, every: float) -> None:
        while True:
            await trio.sleep(every)
            self.screen.changed()

    # ------------------------------------------------------------------ the game

    async def _play(self, stage: Stage, lobby_shown: Shown, lobby: Lobby, genesis: Genesis,
                    inboxes: TableInboxes) -> int:
        request = self.request
        files = GameFiles.for_session(request.home, genesis.session_id)
        pace = pace_file(request.bots_home) if request.bots and request.bots_home else None
        table = self.table = network_table(choice_of(genesis.settings), self._input,
                                           self._output, pace=pace)
        session = TableSession(self.identity, genesis, lobby.mesh, inboxes, files, table, table,
                               config=request.session_config, meta={"player": "person"})
        # The table this peer announced stays announced while it runs (for watchers).
        session.watchers.announce = request.settings is not None and request.announce
        session.on_chat = table.chat_received
        result = await play_table(
            stage, session, table, stop=lobby_shown.closed.wait,
            end_note=_("Waiting for the other players to confirm the end (at most {n} s; "
                       "Ctrl-C stops now)...").format(n=int(request.session_config.linger)))
        self.lines_after.extend(outcome_lines(result, table))
        return exit_status(result)


def outcome_lines(result: SessionResult, table: NetworkTable) -> list[str]:
    """How the game went, for the terminal after the screen is gone."""
    lines = []
    if result.end is not None:
        lines += table.end_lines(result.end)
    elif result.verdict is not None:
        lines += verdict_lines(result.verdict, table.names)[:2]
    elif result.left:
        lines.append(_("You left the game: 'p2pbang resume' rejoins it."))
    elif result.gave_up:
        lines.append(_("Gave up: {reason}").format(reason=result.gave_up))
    lines.append(_("Game saved: {path}").format(path=result.directory))
    if result.transcript is not None:
        lines.append(_("Transcript: {path}").format(path=result.transcript))
    return lines


def run_network(request: NetworkRequest, input: Input | None = None,
                output: Output | None = None) -> int:
    """Play at a network table in the full-screen interface; returns the exit status.
    What the person should keep (the outcome, where the game is saved, why a table could
    not be joined) is printed once the terminal is restored."""
    play = NetworkPlay(request, input, output)
    try:
        code = run_program(play)
        if code is None and play.table is not None and play.result is None:
            # a signal stopped this peer midway: its files are as after a crash
            play.lines_after.append(_("You left the game: 'p2pbang resume' rejoins it."))
    except Exception:
        traceback.print_exc()
        return EXIT_CHEAT
    finally:
        for line in play.lines_after:
            print(line, flush=True)
    return EXIT_LEFT if code is None else code


__all__ = ["EXIT_CHEAT", "EXIT_GAVE_UP", "EXIT_LEFT", "EXIT_OK", "EXIT_USAGE", "NetworkPlay",
           "NetworkRequest", "outcome_lines", "run_network"]
