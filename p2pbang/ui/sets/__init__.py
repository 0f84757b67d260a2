"""The card game's sets as the interface shows them, and the one order they are asked in.

Why a registry: the shared modules (``describe.py``, ``render.py``, ``view.py``, ``steps.py``,
``plain/card_table.py``, ``card_panels.py``, ``texts.py``, ``helptext.py``, ...) tell the base
game and ask every set listed here for the rest, so that a new set adds its own modules here
and edits none of theirs. It mirrors ``engine/bang/sets/``: the base game is the shared modules
themselves, as the engine's base module is always first.

A set ``NAME`` is two modules: ``NAME_texts.py``, its strings (the card, character and kind
tables merged into ``texts.py``'s; it imports nothing of the interface, so ``texts.py`` can
merge it while it loads), and ``NAME.py``, whose ``UI`` is a ``UISet`` answering the
shared modules' questions (its sentences, view, drawing, steps, plain commands, help),
usually from the set's other modules beside it (``NAME_sentences.py``, ...).

The registry finds the sets: every ``NAME_texts.py`` here is a set, and its ``TEXTS.sets``
names the engine's sets it shows. So a new set adds its modules and edits no list. A module
here without a ``NAME_texts.py`` is no set but what several sets share: ``event_deck.py``,
the event mechanism every event deck (High Noon, A Fistful of Cards) builds on, as the
engine's decks build on ``engine/bang/event_flow.py``.

The order. ``ORDER`` lists the sets as they came out, as ``engine/bang/sets``' expansions are
(then the variants, as the engine merges them), by the first engine set each shows:
tables are merged in that order (so the help and ``c NAME`` list the base game's cards,
then Dodge City's, then Gold Rush's). Questions are asked newest set first
(``asked()``), and for "who says this?" the first answer wins: a newer set reuses the older
ones' kinds and reads them before they do (Gold Rush's Josh McCloud picks a seat with Dodge
City's ``TARGET_PICK``; its characters' abilities are ``ability`` events and ``Ability``
actions like Dodge City's, whose sentences would otherwise take them). Where the sets'
answers add up (marks, notes, lines, help sections) they come newest first too.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from p2pbang.engine.actions import Action, Decision, Event
    from p2pbang.engine.bang.game import Game
    from p2pbang.ui.describe import Describer
    from p2pbang.ui.helptext import Entry, Section
    from p2pbang.ui.textfit import Line
    from p2pbang.ui.view import CardView, SeatView, TableView

TEXTS_SUFFIX = "_texts"

Step = tuple[str, int]
T = TypeVar("T")


# The catalogs' context of every event card's name: High Noon's event "Gold Rush" is not Gold
# Rush's equipment card of the same English name. (A set's texts module repeats it as a
# constant of its own, ``EVENT_CARD = "event card"``: the catalogs' extractor reads a
# context from the module's own constants.)
EVENT_CARD = "event card"


@dataclass(frozen=True)
class SetTexts:
    """A set's strings for ``texts.py``'s tables (source strings marked with ``N_``), and
    ``sets``: the names of the engine's sets (``engine/bang/sets``) the interface set shows.

    An event deck's cards are not in ``texts.py``'s tables (the event "gold_rush" shares its
    key with the expansion): their names (marked with ``C_(EVENT_CARD, ...)``), one-line
    effects and help texts are ``event_names``, ``event_texts`` and ``event_help``, which
    ``event_deck.py`` merges in the sets' order."""

    sets: tuple[str, ...] = ()
    card_names: Mapping[str, str] = field(default_factory=dict)
    card_texts: Mapping[str, str] = field(default_factory=dict)
    card_help: Mapping[str, str] = field(default_factory=dict)
    character_names: Mapping[str, str] = field(default_factory=dict)
    character_texts: Mapping[str, str] = field(default_factory=dict)
    kind_names: Mapping[str, str] = field(default_factory=dict)  # card kinds, help order
    kind_texts: Mapping[str, str] = field(default_factory=dict)
    event_names: Mapping[str, str] = field(default_factory=dict)  # an event deck's cards
    event_texts: Mapping[str, str] = field(default_factory=dict)
    event_help: Mapping[str, str] = field(default_factory=dict)


class UISet:
    """What a set adds to the interface. Every question has a default meaning "nothing":
    None where the first answer wins, an empty answer where the answers add up. A set
    overrides what it has; each answer checks the game (or view) in front of it, since
    every set is asked in every game."""

    name = ""

    # ------------------------------------------------------------ sentences (describe.py)

    def action_card(self, game: Game, action: Action) -> int | None:
        """The card one of the set's actions is about (for its text and help)."""
        return None

    def cause(self, game: Game, e: Event) -> str | None:
        """The card whose effect the next events are, when ``e`` sets one (a use that
        borrows another card's effect); None leaves the describer's as it is."""
        return None

    def event(self, say: Describer, e: Event, cause: str | None) -> str | None:
        """The sentence for an event; ``cause`` is the last card whose effect follows."""
        return None

    def goal(self, say: Describer, seat: int) -> str | None:
        """What ``seat`` plays for, when the set changes it."""
        return None

    def usual_decision(self, say: Describer, d: Decision) -> str | None:
        """The viewer's question for a usual decision, when the set changes it (asked
        before the base game's)."""
        return None

    def decision(self, say: Describer, d: Decision) -> str | None:
        """The viewer's question for one of the set's decisions."""
        return None

    def pick_check(self, say: Describer, d: Decision) -> str | None:
        """A pick of the draw! card the set asks for."""
        return None

    def activity(self, say: Describer, d: Decision) -> str | None:
        """What another seat does in one of the set's decisions."""
        return None

    def usual_activity(self, say: Describer, d: Decision) -> str | None:
        """What another seat does in a usual decision, when the set changes it."""
        return None

    def action(self, say: Describer, d: Decision, a: Action, brief: bool) -> str | None:
        """The label of an action the set adds or says its own way."""
        return None

    def choice(self, say: Describer, d: Decision, value: int) -> str | None:
        """The label of one option of the set's decision."""
        return None

    # ---------------------------------------------------------------- steps (steps.py)

    def decision_paths(self, say: Describer, decision: Decision,
                       action: Action) -> list[tuple[Step, ...]] | None:
        """The steps to an action that only the decision tells apart (an event's play)."""
        return None

    def paths(self, game: Game, action: Action) -> list[tuple[Step, ...]] | None:
        """The steps to one of the set's actions."""
        return None

    def step_label(self, say: Describer, decision: Decision, actions: Sequence[Action],
                   members: tuple[int, ...], step: Step) -> str | None:
        """The menu's words for one of the set's steps."""
        return None

    def step_name(self, say: Describer, steps: Sequence[Step], index: int) -> str | None:
        """One of the set's steps among those chosen so far (the path above the menu)."""
        return None

    def ability_step(self, game: Game, seat: int) -> str | None:
        """The first step of a two-card ability the set's character has."""
        return None

    # --------------------------------------------------------------------- the view

    def seat_view(self, game: Game, seat: int) -> dict[str, Any]:
        """The set's fields of ``SeatView`` for ``seat``."""
        return {}

    def table_view(self, game: Game, you: int, spectator: bool) -> dict[str, Any]:
        """The set's fields of ``TableView``."""
        return {}

    # ------------------------------------------------------- drawing (render.py, screen)

    def status_part(self, view: TableView) -> Line:
        """What the status line adds after the turn and phase."""
        return []

    def card_mark(self, card: CardView) -> Line:
        """A mark after a card in play."""
        return []

    def keeps_effect(self, card: CardView) -> bool:
        """Whether a card in play keeps its effect when the others' are silenced."""
        return False

    def role_text(self, seat: SeatView, role: str) -> str:
        """The role column's words for ``seat`` (``role`` so far)."""
        return role

    def seat_note(self, seat: SeatView) -> str:
        """What follows a seat's role."""
        return ""

    def life_cells(self, seat: SeatView) -> Line:
        """The life column in place of the hearts."""
        return []

    def column_width(self, view: TableView) -> int:
        """Cells of a column of the set's after the life (0: none in this game)."""
        return 0

    def column_head(self, width: int) -> str:
        """That column's header, ``width`` cells (and the space after it)."""
        return ""

    def column_cells(self, seat: SeatView, width: int) -> Line:
        """A seat's cells in that column (and the space after it)."""
        return []

    def title_part(self, view: TableView, cells: int) -> Line:
        """What the hand panel's title rule shows in ``cells``."""
        return []

    def hand_rows(self, view: TableView, height: int) -> int:
        """Rows the hand panel adds under the hand on a screen ``height`` rows high."""
        return 0

    def hand_lines(self, view: TableView, width: int, rows: int) -> list[Line]:
        """Those rows' lines, in the ``rows`` left."""
        return []

    def action_detail(self, game: Game, view: TableView, action: Action) -> str | None:
        """The line under the actions for a selected action the set's rule makes."""
        return None

    def card_detail(self, game: Game, card: int, action: Action, seat: int) -> str | None:
        """The line under the actions for a selected card of the set's."""
        return None

    def decision_detail(self, view: TableView) -> str | None:
        """The line under the actions at one of the set's decisions."""
        return None

    def idle_detail(self, view: TableView) -> str | None:
        """The line under the actions while the viewer waits."""
        return None

    def page_parts(self, seat: SeatView) -> list[str]:
        """What the players page adds to a seat's heading."""
        return []

    def page_entries(self, seat: SeatView, key: str) -> list[Entry]:
        """The players page's entries for a seat's cards of the set's (after those in play)."""
        return []

    # --------------------------------------------------------------------- the help

    def help_first(self, game: Game) -> list[Section]:
        """Sections ahead of the help (what is in force now)."""
        return []

    def help_roles(self, three_players: bool) -> list[Entry]:
        """Entries after the roles' (``three_players``: the roles are dealt face up)."""
        return []

    def help_rules(self, kinds: set[str], shadows: bool) -> list[Section]:
        """Sections of rules after the roles, for a deck of ``kinds``."""
        return []

    def card_head_mark(self, name: str) -> str:
        """What follows a card's name in the help's heading."""
        return ""

    # ----------------------------------------------------------- the plain interface

    def plain_head(self, view: TableView) -> list[str]:
        """Lines ahead of the plain table's seats."""
        return []

    def plain_tail(self, view: TableView) -> list[str]:
        """Lines after the plain table's seats."""
        return []

    def life_words(self, seat: SeatView) -> str:
        """A plain seat line's life in place of the hearts."""
        return ""

    def hand_words(self, seat: SeatView) -> str:
        """What a plain seat line adds after the hand size."""
        return ""

    def seat_words(self, seat: SeatView) -> str:
        """What a plain seat line adds after the cards in play."""
        return ""

    def explain(self, term: str) -> list[str]:
        """The set's cards found by the plain ``c NAME`` beyond the texts' tables."""
        return []

    def plain_command(self, game: Game, names: list[str], text: str) -> str | None:
        """The answer to a command of the set's typed in the plain interface."""
        return None

    def plain_help(self, game: Game) -> str | None:
        """The plain help's line for that command, in a game that has it."""
        return None


def _module(name: str) -> Any:
    return importlib.import_module(f"{__name__}.{name}")


def _find_order() -> tuple[str, ...]:
    """The sets' module names, in the order of the engine's sets they show (expansions, then
    variants, each as they came out). Only the texts modules are read: they import nothing
    of the interface, so this runs while ``texts.py`` loads."""
    from p2pbang.engine.bang.sets import EXPANSION_MODULES, VARIANT_MODULES

    engine_order = [*EXPANSION_MODULES, *VARIANT_MODULES]
    places: dict[str, int] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.name.endswith(TEXTS_SUFFIX):
            continue
        shown = _module(info.name).TEXTS.sets
        unknown = [name for name in shown if name not in engine_order]
        if not shown or unknown:
            raise ValueError(f"ui set {info.name}: TEXTS.sets must name the engine's sets it "
                             f"shows ({', '.join(engine_order)}), not {list(shown)}")
        places[info.name.removesuffix(TEXTS_SUFFIX)] = min(map(engine_order.index, shown))
    return tuple(sorted(places, key=places.__getitem__))


ORDER: tuple[str, ...] = _find_order()


@cache
def strings() -> tuple[SetTexts, ...]:
    """Every set's strings, in ``ORDER`` (loaded on first use: only its texts module)."""
    return tuple(_module(f"{name}{TEXTS_SUFFIX}").TEXTS for name in ORDER)


@cache
def asked() -> tuple[UISet, ...]:
    """Every set's ``UISet``, newest first: the order the shared modules ask them in.
    Loaded on first use, since a set's modules import the shared ones."""
    return tuple(_module(name).UI for name in reversed(ORDER))


def first(answer: Callable[[UISet], T | None]) -> T | None:
    """The first set's answer that is not None, in ``asked()``'s order."""
    for ui_set in asked():
        said = answer(ui_set)
        if said is not None:
            return said
    return None


def joined(answer: Callable[[UISet], Sequence[T]]) -> list[T]:
    """Every set's answers (lines, marks, sections) one after the other."""
    return [item for ui_set in asked() for item in answer(ui_set)]


def text(answer: Callable[[UISet], str | None]) -> str:
    """Every set's words one after the other ("" for none)."""
    return "".join(said for ui_set in asked() if (said := answer(ui_set)))
