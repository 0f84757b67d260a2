"""The view model: what one seat may see of a game, as plain data for any interface.

Built only from that seat's own engine (``Game(viewer=seat)``), so an interface cannot show
a hidden card even by mistake: it never holds one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from p2pbang.engine.actions import (
    BRAWL_PICK,
    COPY_PICK,
    DISCARD,
    DISCARD_PICK,
    DRAW_SOURCE,
    EQUIPMENT_USE,
    EXCHANGE,
    GUESS,
    PICK_CHECK,
    PICK_IN_PLAY,
    PLAY,
    PUT_BACK,
    TARGET_PICK,
    Decision,
    End,
)
from p2pbang.engine.bang.game import Game
from p2pbang.ui import sets
from p2pbang.ui.i18n import N_, _
from p2pbang.ui.labels import corner

DEFAULT_NAME = "You"  # the name a solo seat gets unless the person gives one

PHASES = {
    "start": N_("start of turn"),
    "draw": N_("draw phase"),
    "play": N_("play phase"),
    "discard": N_("discard phase"),
}


@dataclass(frozen=True)
class CardView:
    slot: int
    card: int
    name: str  # rules key, e.g. "bang"
    label: str  # printed corner, e.g. "Q\u2665"
    kind: str
    # A green card in play: whether it can be used yet (None: not a green card in play).
    # It cannot in the turn it was put there (a public fact, the same for every seat).
    ready: bool | None = None
    paid: bool = False  # a "+1" card: one more hand card is discarded to play it


@dataclass(frozen=True)
class ShopCard:
    """A face-up card for sale (Gold Rush's shop): its printed cost and what the viewer pays
    now (Pretty Luzena's first purchase of a turn costs one less)."""

    slot: int
    card: int
    name: str
    kind: str
    cost: int
    price: int


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    character: str
    life: int
    max_life: int
    role: str | None  # known role (always the Sheriff's; one's own; the dead's)
    alive: bool
    hand_size: int
    in_play: tuple[CardView, ...]
    distance: int | None  # how far the viewer sees this seat (None for the viewer itself)
    reach_ok: bool  # within the viewer's weapon reach
    is_you: bool
    is_current: bool
    # Dodge City's 3-player table: the seat this one must eliminate himself to win (None
    # at other tables, and once anyone is out: then the last one standing wins).
    target: int | None = None
    # Gold Rush: nuggets (None: a game without them) and the equipment in front of the seat;
    # the shadow variant: an eliminated seat on the table for its shadow turn.
    nuggets: int | None = None
    equipment: tuple[CardView, ...] = ()
    shadow: bool = False
    ghost: bool = False  # back for this turn only, as a ghost (Ghost Town)
    silenced: bool = False  # its cards in play have no effect now (Belle Star's turn, Lasso)


@dataclass(frozen=True)
class TableView:
    you: int
    seats: tuple[SeatView, ...]
    hand: tuple[CardView, ...]
    deck_size: int
    discard_top: CardView | None
    turn: int
    current: int
    decision: Decision | None
    end: End | None
    reach: int = 1  # the viewer's weapon reach
    store: tuple[CardView, ...] = ()  # General Store cards waiting on the table
    phase: str | None = None  # key of PHASES, when the pending decision tells it
    order: tuple[int, ...] = ()  # every seat, clockwise around the table (dead ones too)
    roles_face_up: bool = False  # every role is public (Dodge City's 3-player table)
    silenced: bool = False  # some cards in play have no effect now (Belle Star's turn, Lasso)
    shop: tuple[ShopCard, ...] = ()  # Gold Rush: the equipment for sale, with prices
    shadows: bool = False  # the eliminated play shadow turns (the variant is in force)
    event: str | None = None  # the event card in force (High Noon, A Fistful of Cards)
    events_left: int = 0  # event cards still on the event pile
    next_event: str | None = None  # the pile's face-up top card: the event that comes next

    def around_you(self) -> tuple[SeatView, ...]:
        """The seats in turn order around the table, starting with you."""
        order = self.order or tuple(range(len(self.seats)))
        start = order.index(self.you)
        return tuple(self.seats[s] for s in order[start:] + order[:start])

    @property
    def your_decision(self) -> Decision | None:
        """The pending decision when it is the viewer's to take."""
        d = self.decision
        return d if d is not None and d.seat == self.you else None


def card_view(game: Game, slot: int, owner: int | None = None) -> CardView:
    """``owner``: the seat in front of which the card is in play (None: not in play)."""
    card = game.known[slot]
    definition = game.cards[card]
    ready = None
    if owner is not None and definition.kind == "green":  # not silenced (Belle Star) either
        ready = game.placed_turn.get(slot, -1) < game.turn and not game.silenced(owner)
    rules = game.rules.by_name.get(definition.name)
    paid = rules is not None and rules.costs_a_card
    return CardView(slot, card, definition.name, corner(definition), definition.kind, ready,
                    paid)


def display_names(names: list[str], you: int) -> list[str]:
    """Names to show: the viewer's default name "You" reads in the interface's language."""
    shown = list(names)
    if shown[you] == DEFAULT_NAME:
        shown[you] = _("You")
    return shown


def phase_of(decision: Decision | None, current: int) -> str | None:
    """The turn phase a pending decision of the current player reveals (None: it does not)."""
    if decision is None or decision.seat != current:
        return None
    if decision.kind in (DRAW_SOURCE, PUT_BACK, PICK_IN_PLAY, DISCARD_PICK, GUESS, EXCHANGE):
        return "draw"  # GUESS, EXCHANGE: Peyote's and Ranch's phase 1
    if decision.kind in (PLAY, BRAWL_PICK, TARGET_PICK, EQUIPMENT_USE):
        return "play"
    if decision.kind == DISCARD:
        return "discard"
    if decision.kind in (PICK_CHECK, COPY_PICK):
        return "start"
    return None


def phase_name(phase: str) -> str:
    return _(PHASES[phase])


def build_view(game: Game, names: list[str]) -> TableView:
    """The table as ``game.viewer`` sees it; ``names`` are the players' display names."""
    you = game.viewer
    if you is None:
        raise ValueError("a view is built from one seat's engine")
    return _view(game, names, you, spectator=False)


def spectator_view(game: Game, names: list[str]) -> TableView:
    """The table as anyone at it sees it, from an observer's engine (a watcher's): no hand,
    no distances, nobody is "you"; the seats from the first one of the table's order."""
    order = tuple(game.order) or tuple(range(len(game.players)))
    return _view(game, names, order[0], spectator=True)


def _view(game: Game, names: list[str], you: int, spectator: bool) -> TableView:
    me = game.players[you]
    reach = game.reach(you) if me.alive and not spectator else 0
    seats = []
    for p in game.players:
        distance = None
        if p.seat != you and p.alive and me.alive and not spectator:
            distance = game.distance(you, p.seat)
        seats.append(SeatView(
            seat=p.seat,
            name=names[p.seat],
            character=p.character,
            life=p.life,
            max_life=p.max_life,
            role=p.role,
            alive=p.alive,
            hand_size=len(p.hand),
            in_play=tuple(card_view(game, s, owner=p.seat) for s in p.table),
            distance=distance,
            reach_ok=distance is not None and distance <= reach,
            is_you=p.seat == you and not spectator,
            is_current=p.seat == game.current,
            equipment=tuple(card_view(game, s) for s in p.equipment),
            ghost=p.seat in game.ghosts,
            silenced=game.silenced(p.seat),
            **_seat_fields(game, p.seat),
        ))
    pending = game.pending
    decision = pending if isinstance(pending, Decision) else None
    return TableView(
        you=you,
        seats=tuple(seats),
        hand=() if spectator else tuple(card_view(game, s) for s in me.hand),
        deck_size=len(game.deck),
        discard_top=card_view(game, game.discard[-1]) if game.discard else None,
        turn=game.turn,
        current=game.current,
        decision=decision,
        end=pending if isinstance(pending, End) else None,
        reach=reach,
        store=tuple(card_view(game, s) for s in game.store if s in game.known),
        phase=phase_of(decision, game.current),
        order=tuple(game.order),
        roles_face_up=game.role_rules.face_up,
        silenced=game.cards_in_play_silenced(),
        event=game.event_name(),
        events_left=len(game.event_pile),
        next_event=_next_event(game),
        **_set_fields(lambda ui_set: ui_set.table_view(game, you, spectator)),
    )


def _seat_fields(game: Game, seat: int) -> dict[str, Any]:
    return _set_fields(lambda ui_set: ui_set.seat_view(game, seat))


def _set_fields(fields: Callable[[sets.UISet], dict[str, Any]]) -> dict[str, Any]:
    """The view's fields that the sets fill (``ui/sets/``), each set its own."""
    found: dict[str, Any] = {}
    for ui_set in sets.asked():
        found.update(fields(ui_set))
    return found


def _next_event(game: Game) -> str | None:
    """The rules name of the event that comes next (the event pile lies face up), or None."""
    upcoming = game.next_event()
    return None if upcoming < 0 else game.rules.events[upcoming].name
