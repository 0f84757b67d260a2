"""Lobby screens: tables found on the LAN, opening a table, joining one, the waiting room.

The widgets take plain data (``TableListing``, ``RoomState``) through callables and report
what the person wants through callbacks, so the network layer (discovery, mesh, genesis)
plugs in without the interface importing it. Each widget has pure ``lines(width, height)``
rendering (tested as data) and its own key bindings; ``LobbyScreen`` shows one at a time
full-screen and can be run by ``app.run_screen`` like the table screen.

    browser = TableBrowser(get_tables, on_join, on_open, on_connect)
    form = OpenTableForm(on_submit, on_cancel, default_name="Ann")
    room = WaitingRoom(get_state, on_ready, on_start, on_leave, on_remove)
    screen = LobbyScreen(browser)      # screen.show(room) when joined; screen.exit(...)
"""

from __future__ import annotations

import ipaddress
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import (
    ConditionalContainer,
    DynamicContainer,
    HSplit,
    Layout,
    Window,
)
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.controls import BufferControl
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output import Output

from p2pbang.engine import choice as game_choice
from p2pbang.engine.choice import seat_range, split_names
from p2pbang.ui.i18n import _, ngettext
from p2pbang.ui.shell.style import table_style
from p2pbang.ui.shell.widgets import PanelControl, clean_chat
from p2pbang.ui.textfit import Line, fit_line, pad, pad_left, width_of

MIN_PLAYERS, MAX_PLAYERS = 4, 7
MAX_NAME = 24


@dataclass(frozen=True)
class TableListing:
    """A table announced on the LAN (or reached by address), as the browser lists it."""

    key: str  # stable identity of the table (e.g. its announcement id)
    name: str
    host: str  # display name of the player who opened it
    address: str  # "host:port" to show
    seated: int
    seats: int
    started: bool = False
    problem: str = ""  # why it cannot be joined from here (e.g. another protocol version)
    game: str = ""  # the game it plays, e.g. "bang+dodge-city"


@dataclass(frozen=True)
class TableOptions:
    """What the person asks for when opening a table."""

    name: str
    seats: int
    player_name: str
    expansions: tuple[str, ...] = ()  # of the BANG! family, each one this version plays
    variants: tuple[str, ...] = ()  # likewise (the shadow gunslingers)
    game: str = "bang"  # the card game, the Dice Game ("dice") or The Duel ("duel")


@dataclass(frozen=True)
class SeatStatus:
    """One player in the waiting room."""

    name: str
    fingerprint: str  # short identity fingerprint, to compare face to face
    connected: bool
    ready: bool
    is_you: bool = False
    opened: bool = False  # opened the table (starts the game when all are ready)
    peer_id: str = ""  # whom the opener removes when this seat is chosen ("" cannot be)


@dataclass(frozen=True)
class RoomState:
    table: str
    seats: tuple[SeatStatus, ...]
    capacity: int
    message: str = ""  # e.g. a connection error to show
    news: tuple[str, ...] = ()  # what happened lately (joined, left, refused...), newest last
    invite: str = ""  # how others reach this table, e.g. "p2pbang join --peer 10.0.0.2:7420"
    starting: bool = False  # every seat is taken and the start is being signed
    game: str = ""  # the game the table plays, e.g. "bang+dodge-city"

    @property
    def you(self) -> SeatStatus | None:
        return next((s for s in self.seats if s.is_you), None)

    def waiting_for(self) -> list[SeatStatus]:
        return [s for s in self.seats if not (s.connected and s.ready)]

    def can_start(self) -> bool:
        return len(self.seats) >= MIN_PLAYERS and not self.waiting_for()


def parse_peer(text: str) -> tuple[str, int]:
    """``host:port`` (``[v6]:port`` for IPv6) -> (host, port); ValueError says what is wrong."""
    text = text.strip()
    if not text:
        raise ValueError(_("Type an address as host:port, e.g. 192.168.1.20:7420."))
    if text.startswith("["):
        host, sep, port_text = text[1:].partition("]:")
        if not sep:
            raise ValueError(_("An IPv6 address is written [address]:port."))
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(_("{host} is not an IPv6 address.").format(host=host)) from None
    else:
        host, sep, port_text = text.rpartition(":")
        if not sep or not host:
            raise ValueError(_("Add the port after a colon, e.g. {text}:7420.").format(
                text=text))
        if ":" in host:
            raise ValueError(_("An IPv6 address is written [address]:port."))
        if any(ch.isspace() for ch in host) or len(host) > 253:
            raise ValueError(_("{host} is not a host name or address.").format(host=host))
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(_("The port must be a number from 1 to 65535."))
    return host, int(port_text)


def clean_name(text: str) -> str:
    return clean_chat(text)[:MAX_NAME]


def _title(text: str, width: int) -> Line:
    return fit_line([("class:lobby.title", " " + text)], width, "class:lobby.title")


def _help(text: str, width: int) -> Line:
    return fit_line([("class:hints", " " + text)], width, "class:hints")


class Widget(ABC):
    """A lobby view: lines to draw, keys, and optionally a text field shown under it."""

    @abstractmethod
    def lines(self, width: int, height: int) -> list[Line]:
        """The view drawn in ``width`` x ``height`` cells."""

    @abstractmethod
    def key_bindings(self) -> KeyBindingsBase:
        """The keys this view answers."""

    def field(self) -> Container | None:
        return None

    def focus_target(self) -> Window:
        """The window the keys go to when the widget is shown (``container`` first)."""
        return self.main_window

    def container(self) -> Container:
        self.main_window = Window(PanelControl(self.lines, focusable=True))
        parts: list[Container] = [self.main_window]
        field = self.field()
        if field is not None:
            parts.append(field)
        return HSplit(parts, key_bindings=self.key_bindings())


class TableBrowser(Widget):
    """Tables found on the LAN: Enter joins the selected one, n opens a new table, a asks
    for an address (for networks where multicast discovery does not reach)."""

    def __init__(self, get_tables: Callable[[], Sequence[TableListing]],
                 on_join: Callable[[TableListing], None], on_open: Callable[[], None],
                 on_connect: Callable[[str, int], None]) -> None:
        self.get_tables = get_tables
        self.on_join = on_join
        self.on_open = on_open
        self.on_connect = on_connect
        self.selected = 0
        self.message = ""
        self.asking_address = False
        self.address = Buffer(multiline=False, accept_handler=self._address_entered)

    def tables(self) -> list[TableListing]:
        return list(self.get_tables())

    def lines(self, width: int, height: int) -> list[Line]:
        tables = self.tables()
        self.selected = max(0, min(self.selected, len(tables) - 1))
        out = [_title(_("Tables on your network"), width)]
        name_w = max([width_of(_("Table")), *(width_of(t.name) for t in tables)])
        name_w = min(name_w, 24)
        host_w = min(16, max([width_of(_("Opened by")), *(width_of(t.host) for t in tables)]))
        out.append(fit_line([("class:header", "   " + pad(_("Table"), name_w) + "  "
                              + pad(_("Opened by"), host_w) + "  "
                              + pad_left(_("Players"), 7) + "  " + _("Address"))], width))
        if not tables:
            out.append(fit_line([("class:dim", "   " + _(
                "No tables found yet. Looking... (n: open one, a: connect by address)"))],
                width))
        for i, t in enumerate(tables):
            style = "class:lobby.selected" if i == self.selected else "class:lobby.row"
            seated = f"{t.seated}/{t.seats}"
            state = "  " + _("(playing)") if t.started else ""
            if t.problem:
                state = "  (" + t.problem + ")"
            row = (f" {'>' if i == self.selected else ' '} {pad(t.name, name_w)}  "
                   f"{pad(t.host, host_w)}  {pad_left(seated, 7)}  {t.address}{state}")
            out.append(fit_line([(style, row)], width, style))
        out.append(fit_line([], width))
        if tables and tables[self.selected].game:
            out.append(fit_line([("", " " + _("Game: {game}").format(
                game=tables[self.selected].game))], width))
        if self.message:
            out.append(fit_line([("class:lobby.error", " " + self.message)], width))
        body_rows = height - 1 - (1 if self.asking_address else 0)
        out = out[:body_rows]
        while len(out) < body_rows:
            out.append(fit_line([], width))
        hint = (_("Enter: connect \u00b7 Esc: back") if self.asking_address else
                _("\u2191\u2193 Enter: join \u00b7 n: open a table \u00b7 a: address "
                  "\u00b7 q: quit"))
        out.append(_help(hint, width))
        return out

    def field(self) -> Container:
        return ConditionalContainer(
            Window(BufferControl(self.address, input_processors=[
                BeforeInput(lambda: [("class:chat.prompt", _("Address (host:port): "))])]),
                height=1, style="class:lobby.field"),
            filter=Condition(lambda: self.asking_address))

    def join_selected(self) -> None:
        tables = self.tables()
        if not tables:
            self.message = _("There is no table to join yet.")
            return
        table = tables[self.selected]
        if table.problem:
            self.message = table.problem
        elif table.started:
            self.message = _("That game has already started.")
        elif table.seated >= table.seats:
            self.message = _("That table is full.")
        else:
            self.message = ""
            self.on_join(table)

    def _address_entered(self, buffer: Buffer) -> bool:
        try:
            host, port = parse_peer(buffer.text)
        except ValueError as exc:
            self.message = str(exc)
            return True  # keep the text to correct it
        self.message = ""
        self.asking_address = False
        self._back_to_list()
        self.on_connect(host, port)
        return False

    def _back_to_list(self) -> None:
        app = get_app()
        window = getattr(self, "main_window", None)
        if window is not None and app.layout.has_focus(self.address):
            app.layout.focus(window)

    def key_bindings(self) -> KeyBindingsBase:
        kb = KeyBindings()
        browsing = Condition(lambda: not self.asking_address)

        @kb.add("up", filter=browsing)
        def _up(event: KeyPressEvent) -> None:
            self.selected = max(0, self.selected - 1)

        @kb.add("down", filter=browsing)
        def _down(event: KeyPressEvent) -> None:
            self.selected += 1  # clamped when drawn

        @kb.add("enter", filter=browsing)
        def _join(event: KeyPressEvent) -> None:
            self.join_selected()

        @kb.add("n", filter=browsing)
        def _open(event: KeyPressEvent) -> None:
            self.on_open()

        @kb.add("a", filter=browsing)
        def _ask(event: KeyPressEvent) -> None:
            self.asking_address = True
            self.message = ""
            event.app.layout.focus(self.address)

        @kb.add("escape", filter=~browsing, eager=True)
        def _cancel(event: KeyPressEvent) -> None:
            self.asking_address = False
            self.address.reset()
            self._back_to_list()

        return kb


class OpenTableForm(Widget):
    """Open a table: its name, how many seats, your name, the game, and the expansions and
    variants this version plays (each of the last three asked for only when there is a choice
    to make). Tab moves between fields, Enter on the last field (or Ctrl-S anywhere) opens it;
    mistakes are explained in place."""

    def __init__(self, on_submit: Callable[[TableOptions], None],
                 on_cancel: Callable[[], None], default_name: str = "") -> None:
        self.on_submit = on_submit
        self.on_cancel = on_cancel
        self.message = ""
        self.fields = [
            (_("Table name"), Buffer(multiline=False, name="table")),
            (_("Seats"), Buffer(multiline=False, name="seats")),
            (_("Your name"), Buffer(multiline=False, name="player")),
        ]
        if len(self.games()) > 1:
            self.fields.append((_("Game"), Buffer(multiline=False, name="game")))
        if any(self.offered(game) for game in self.games()):
            self.fields.append((_("Expansions"), Buffer(multiline=False, name="expansions")))
        if any(self.offered_variants(game) for game in self.games()):
            self.fields.append((_("Variants"), Buffer(multiline=False, name="variants")))
        self.fields[1][1].text = "5"
        self.fields[2][1].text = default_name
        for _label, buffer in self.fields:
            buffer.accept_handler = self._accept

    @staticmethod
    def games() -> tuple[str, ...]:
        """The games of the family this version plays, the card game first."""
        return tuple(g for g in game_choice.GAMES if g in game_choice.playable_games())

    @staticmethod
    def offered(game: str = "bang") -> tuple[str, ...]:
        """The expansions of ``game`` this version plays, in the rulebooks' order."""
        playable = game_choice.playable_expansions()
        return tuple(n for n in game_choice.EXPANSIONS.get(game, ()) if n in playable)

    @staticmethod
    def offered_variants(game: str = "bang") -> tuple[str, ...]:
        """The variants of ``game`` this version plays."""
        playable = game_choice.playable_variants()
        return tuple(n for n in game_choice.VARIANTS.get(game, ()) if n in playable)

    def _typed(self, name: str) -> str:
        """The text of the field ``name`` ("" when the form does not ask for it)."""
        for _label, buffer in self.fields:
            if buffer.name == name:
                return buffer.text
        return ""

    def game(self) -> str:
        """The game typed in (the card game when left empty); ValueError names the games."""
        typed = self._typed("game").strip().lower() or "bang"
        if typed not in self.games():
            raise ValueError(_("No game {name} here; you can play: {names}.").format(
                name=typed, names=", ".join(self.games())))
        return typed

    def _game_or_bang(self) -> str:
        try:
            return self.game()
        except ValueError:
            return "bang"

    def expansions(self) -> tuple[str, ...]:
        """The expansions typed in (comma-separated); ValueError names one not offered."""
        return self._names_typed("expansions", self.offered(self._game_or_bang()),
                                 _("No expansion {name} here; you can add: {names}."))

    def variants(self) -> tuple[str, ...]:
        """The variants typed in (comma-separated); ValueError names one not offered."""
        return self._names_typed("variants", self.offered_variants(self._game_or_bang()),
                                 _("No variant {name} here; you can play: {names}."))

    def _names_typed(self, field: str, offered: tuple[str, ...], refusal: str
                     ) -> tuple[str, ...]:
        """The names typed in ``field``, sorted and once each; ``refusal`` (with ``{name}``
        and ``{names}``) for the first one not ``offered``."""
        chosen = split_names(self._typed(field))
        for name in chosen:
            if name not in offered:
                raise ValueError(refusal.format(name=name, names=", ".join(offered) or "-"))
        return tuple(sorted(set(chosen)))

    def seat_range(self) -> tuple[int, int]:
        """The seats the chosen game and expansions allow (the game's alone if the
        expansions are mistyped, the card game's if the game is)."""
        game = self._game_or_bang()
        try:
            return seat_range(game, self.expansions())
        except ValueError:
            return seat_range(game)

    def options(self) -> TableOptions:
        """The form's values, checked; ValueError explains the first mistake."""
        name = clean_name(self._typed("table"))
        seats_text = self._typed("seats").strip()
        player = clean_name(self._typed("player"))
        if not name:
            raise ValueError(_("Give the table a name."))
        game = self.game()
        expansions = self.expansions()
        variants = self.variants()
        low, high = seat_range(game, expansions)
        if not seats_text.isdigit() or not low <= int(seats_text) <= high:
            raise ValueError(_("Seats must be a number from {low} to {high}.").format(
                low=low, high=high))
        if not player:
            raise ValueError(_("Type the name the others will see."))
        return TableOptions(name, int(seats_text), player, expansions, variants, game)

    def submit(self) -> bool:
        try:
            options = self.options()
        except ValueError as exc:
            self.message = str(exc)
            return False
        self.message = ""
        self.on_submit(options)
        return True

    def _accept(self, buffer: Buffer) -> bool:
        self.submit()
        return True

    def lines(self, width: int, height: int) -> list[Line]:
        out = [_title(_("Open a table"), width), fit_line([], width)]
        out.append(fit_line([("", " " + _("Players on your network will see it and can "
                                          "join."))], width))
        low, high = self.seat_range()
        out.append(fit_line([("class:dim", " " + _("Seats: {low} to {high}.").format(
            low=low, high=high))], width))
        game = self._game_or_bang()
        if len(self.games()) > 1:
            out.append(fit_line([("class:dim", " " + _(
                "Games: {names} (empty: bang)").format(names=", ".join(self.games())))], width))
        if self.offered(game):
            out.append(fit_line([("class:dim", " " + _(
                "Expansions you can add (comma-separated): {names}").format(
                    names=", ".join(self.offered(game))))], width))
        if self.offered_variants(game):
            out.append(fit_line([("class:dim", " " + _(
                "Variants you can play: {names}").format(
                    names=", ".join(self.offered_variants(game))))], width))
        if self.message:
            out.append(fit_line([("class:lobby.error", " " + self.message)], width))
        rows = height - 1 - len(self.fields)
        out = out[:rows]
        while len(out) < rows:
            out.append(fit_line([], width))
        out.append(_help(_("Tab: next field \u00b7 Enter: open \u00b7 Esc: back"), width))
        return out

    def container(self) -> Container:
        label_w = max(width_of(label) for label, _buffer in self.fields) + 2
        rows: list[Container] = [Window(PanelControl(self.lines))]
        self.field_windows = []
        for label, buffer in self.fields:
            window = Window(BufferControl(buffer, input_processors=[
                BeforeInput([("class:chat.prompt", " " + pad(label, label_w))])]),
                height=1, style="class:lobby.field")
            self.field_windows.append(window)
            rows.append(window)
        return HSplit(rows, key_bindings=self.key_bindings())

    def focus_target(self) -> Window:
        return self.field_windows[0]  # the table's name is typed first

    def key_bindings(self) -> KeyBindingsBase:
        kb = KeyBindings()

        @kb.add("tab")
        @kb.add("down")
        def _next(event: KeyPressEvent) -> None:
            event.app.layout.focus_next()

        @kb.add("s-tab")
        @kb.add("up")
        def _previous(event: KeyPressEvent) -> None:
            event.app.layout.focus_previous()

        @kb.add("c-s")
        def _submit(event: KeyPressEvent) -> None:
            self.submit()

        @kb.add("escape", eager=True)
        def _cancel(event: KeyPressEvent) -> None:
            self.on_cancel()

        return kb


class WaitingRoom(Widget):
    """The players at a table before the game: who is connected and ready, whom we wait
    for; r toggles your readiness, s starts (the opener, once everyone is ready).

    With ``on_ready`` and ``on_start`` None, readiness is automatic (the network table's
    way: everyone signs the start as soon as every seat is taken), so the room only says
    who is there, how many seats are still free and what happened lately.

    ``on_remove`` lets the person who opened the table send a waiting player away (someone
    who sat down and walked off holds a seat the game needs): the arrows choose among the
    others, r asks, y confirms. It is never offered to the others, nor for your own seat,
    and r keeps its old meaning wherever it is not offered."""

    def __init__(self, get_state: Callable[[], RoomState],
                 on_ready: Callable[[bool], None] | None,
                 on_start: Callable[[], None] | None, on_leave: Callable[[], None],
                 on_remove: Callable[[SeatStatus], None] | None = None) -> None:
        self.get_state = get_state
        self.on_ready = on_ready
        self.on_start = on_start
        self.on_leave = on_leave
        self.on_remove = on_remove
        self.message = ""
        self.selected = 0  # among the removable seats
        self.confirming: SeatStatus | None = None  # asked "remove?", waiting for y or n

    @property
    def automatic(self) -> bool:
        return self.on_ready is None and self.on_start is None

    def removable(self, state: RoomState) -> list[SeatStatus]:
        """The seats the person may remove: every other player, if they opened the table."""
        you = state.you
        if self.on_remove is None or not self.automatic or you is None or not you.opened:
            return []
        return [s for s in state.seats if not s.is_you and s.peer_id]

    def chosen(self, state: RoomState) -> SeatStatus | None:
        seats = self.removable(state)
        if not seats:
            return None
        self.selected = max(0, min(self.selected, len(seats) - 1))
        return seats[self.selected]

    def ask_removal(self) -> None:
        state = self.get_state()
        seat = self.chosen(state)
        if seat is None:
            if self.on_remove is not None and self.automatic and (
                    state.you is None or not state.you.opened):
                self.message = _("Only the player who opened the table can remove a player.")
            elif self.on_remove is not None and self.automatic:
                self.message = _("Nobody else is at the table yet.")
            else:
                self.toggle_ready()
            return
        if state.starting:
            self.message = _("Too late: the start of the game is being signed.")
            return
        self.confirming = seat
        self.message = _("Remove {name} ({fingerprint}) from the table?").format(
            name=seat.name, fingerprint=seat.fingerprint)

    def answer_removal(self, yes: bool) -> None:
        seat, self.confirming = self.confirming, None
        if seat is None:
            return
        if not yes:
            self.message = _("{name} stays at the table.").format(name=seat.name)
            return
        assert self.on_remove is not None  # only asked when it is offered
        self.message = _("Removing {name}...").format(name=seat.name)
        self.on_remove(seat)

    def move(self, step: int) -> None:
        if self.confirming is None:
            self.selected = max(0, self.selected + step)  # clamped when drawn

    def lines(self, width: int, height: int) -> list[Line]:
        state = self.get_state()
        count = ngettext("{n} of {capacity} seat taken", "{n} of {capacity} seats taken",
                         len(state.seats)).format(n=len(state.seats), capacity=state.capacity)
        out = [_title(_("Table {name}").format(name=state.table) + " \u00b7 " + count, width)]
        out.append(fit_line([("class:dim", " " + _("Game: {game}").format(game=state.game))]
                            if state.game else [], width))
        name_w = min(MAX_NAME, max([width_of(_("Player")), *(width_of(s.name) for s in
                                                              state.seats)]))
        chosen = self.chosen(state)
        for seat in state.seats:
            out.append(self._seat_line(seat, name_w, width, seat is chosen))
        if self.automatic:
            for _free in range(max(0, state.capacity - len(state.seats))):
                out.append(fit_line([("class:dim", "  " + pad("\u2014", name_w) + "  "
                                      + _("free seat"))], width))
        out.append(fit_line([], width))
        out.extend(fit_line([(style, " " + text)], width)
                   for text, style in self._waiting_lines(state))
        if state.invite:
            out.append(fit_line([("", " " + _("Others join with: {command}").format(
                command=state.invite))], width))
        for message in (state.message, self.message):
            if message:
                out.append(fit_line([("class:lobby.error", " " + message)], width))
        room = height - 1 - len(out)
        if room > 1 and state.news:
            shown = state.news[-(room - 1):]
            out.append(fit_line([], width))
            out.extend(fit_line([("class:dim", " " + text)], width) for text in shown)
        out = out[:height - 1]
        while len(out) < height - 1:
            out.append(fit_line([], width))
        if self.confirming is not None:
            hint = _("y: remove {name} \u00b7 n: keep them").format(name=self.confirming.name)
        elif chosen is not None:
            hint = _("\u2191\u2193 choose a player \u00b7 r: remove them \u00b7 Esc: leave "
                     "the table")
        elif self.automatic:
            hint = _("The game starts when every seat is taken \u00b7 Esc: leave the table")
        else:
            hint = _("r: ready / not ready \u00b7 s: start \u00b7 Esc: leave the table")
        out.append(_help(hint, width))
        return out

    def _seat_line(self, seat: SeatStatus, name_w: int, width: int,
                   selected: bool = False) -> Line:
        if not seat.connected:
            status, style = _("connecting..."), "class:lobby.waiting"
        elif seat.ready:
            status, style = _("ready"), "class:lobby.ready"
        elif self.automatic:
            status, style = _("seated"), "class:lobby.row"
        else:
            status, style = _("not ready"), "class:lobby.waiting"
        marks = (" " + _("(you)") if seat.is_you else "") + (
            " " + _("(opened the table)") if seat.opened else "")
        if selected:
            return fit_line([("class:lobby.selected",
                              f"> {pad(seat.name, name_w)}  {seat.fingerprint}  {status}"
                              f"{marks}")], width, "class:lobby.selected")
        return fit_line([("", "  "), ("class:seat.you" if seat.is_you else "",
                                     pad(seat.name, name_w)),
                         ("class:dim", f"  {seat.fingerprint}  "),
                         (style, status), ("class:dim", marks)], width)

    def _waiting_lines(self, state: RoomState) -> list[tuple[str, str]]:
        """What the room is waiting for, in words: seats to fill, players to connect or get
        ready, or the start being signed."""
        lines: list[tuple[str, str]] = []
        if self.automatic:
            need = state.capacity - len(state.seats)
            connecting = [s.name for s in state.seats if not s.connected]
        else:
            need = MIN_PLAYERS - len(state.seats)
            connecting = [s.name for s in state.waiting_for()]
        if need > 0:
            lines.append((ngettext("Waiting for {n} more player to sit down.",
                                   "Waiting for {n} more players to sit down.", need).format(
                                       n=need), "class:lobby.waiting"))
        if connecting:
            lines.append((_("Waiting for: {names}").format(names=", ".join(connecting)),
                          "class:lobby.waiting"))
        if self.automatic:
            if need <= 0 and not connecting:
                text = (_("Every seat is taken: signing the start of the game...")
                        if state.starting else
                        _("Every seat is taken: the game starts as soon as everyone has "
                          "signed."))
                lines.append((text, "class:lobby.ready"))
        elif not connecting and state.can_start():
            you = state.you
            if you is not None and you.opened:
                text = _("Everyone is ready: press s to start.")
            else:
                text = _("Everyone is ready: the game starts when the table's opener says so.")
            lines.append((text, "class:lobby.ready"))
        return lines

    def toggle_ready(self) -> None:
        if self.on_ready is None:
            self.message = _("Nothing to press: the game starts when every seat is taken.")
            return
        you = self.get_state().you
        if you is None:
            self.message = _("You are not seated at this table.")
            return
        self.message = ""
        self.on_ready(not you.ready)

    def start(self) -> None:
        if self.on_start is None:
            self.message = _("Nothing to press: the game starts when every seat is taken.")
            return
        state = self.get_state()
        you = state.you
        if you is None or not you.opened:
            self.message = _("Only the player who opened the table starts the game.")
        elif len(state.seats) < MIN_PLAYERS:
            self.message = _("A game needs at least {n} players.").format(n=MIN_PLAYERS)
        elif state.waiting_for():
            self.message = _("Not everyone is ready yet.")
        else:
            self.message = ""
            self.on_start()

    def key_bindings(self) -> KeyBindingsBase:
        kb = KeyBindings()
        asking = Condition(lambda: self.confirming is not None)

        @kb.add("r", filter=~asking)
        def _ready(event: KeyPressEvent) -> None:
            self.ask_removal()  # the ready key where removal is not offered

        @kb.add("s", filter=~asking)
        def _start(event: KeyPressEvent) -> None:
            self.start()

        @kb.add("up")
        def _up(event: KeyPressEvent) -> None:
            self.move(-1)

        @kb.add("down")
        def _down(event: KeyPressEvent) -> None:
            self.move(1)

        @kb.add("y", filter=asking)
        def _yes(event: KeyPressEvent) -> None:
            self.answer_removal(True)

        @kb.add("n", filter=asking)
        @kb.add("escape", filter=asking, eager=True)
        def _no(event: KeyPressEvent) -> None:
            self.answer_removal(False)

        @kb.add("escape", filter=~asking, eager=True)
        def _leave(event: KeyPressEvent) -> None:
            self.on_leave()

        return kb


class LobbyScreen:
    """A full-screen application showing one lobby widget at a time (``show`` switches)."""

    def __init__(self, widget: Widget, input: Input | None = None,
                 output: Output | None = None) -> None:
        self.widget = widget
        self._container = widget.container()
        quit_keys = KeyBindings()

        @quit_keys.add("c-c")
        @quit_keys.add(Keys.SIGINT)
        def _interrupt(event: KeyPressEvent) -> None:
            self.exit("quit")

        browsing = Condition(lambda: isinstance(self.widget, TableBrowser)
                             and not self.widget.asking_address)

        @quit_keys.add("q", filter=browsing)
        def _quit(event: KeyPressEvent) -> None:
            self.exit("quit")

        self.app: Application[str] = Application(
            layout=self._layout(),
            key_bindings=merge_key_bindings([quit_keys]),
            style=table_style(), full_screen=True, input=input, output=output)

    def show(self, widget: Widget) -> None:
        self.widget = widget
        self._container = widget.container()
        self.app.layout = self._layout()
        self.app.invalidate()

    def _layout(self) -> Layout:
        """A layout for the current widget, with the keys going to its own window (a new
        Layout would otherwise focus the first window, focusable or not)."""
        return Layout(DynamicContainer(lambda: self._container),
                      focused_element=self.widget.focus_target())

    def changed(self) -> None:
        """New data from the network (a table found, a player ready): redraw."""
        self.app.invalidate()

    def exit(self, result: str) -> None:
        if self.app.is_running and not self.app.future.done():
            self.app.exit(result=result)
