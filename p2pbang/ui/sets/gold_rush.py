"""Gold Rush in the interface: the answers of its modules beside this one (sentences, view,
drawing, steps, plain commands, texts) to the shared modules' questions
(``ui/sets/__init__.py``). Its help section also tells the shadow gunslingers' rule when
that variant is played (``shadows.py``), as the rulebook prints them together."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from p2pbang.engine.actions import Action, Decision, Event
from p2pbang.engine.bang.game import Game
from p2pbang.ui.describe import Describer
from p2pbang.ui.helptext import Entry, Section
from p2pbang.ui.i18n import _
from p2pbang.ui.sets import UISet, gold_rush_plain, gold_rush_render, gold_rush_steps
from p2pbang.ui.sets import gold_rush_sentences as sentences
from p2pbang.ui.sets import gold_rush_view as view_of
from p2pbang.ui.sets.gold_rush_texts import NUGGET_MARK, help_rules, price_mark
from p2pbang.ui.textfit import Line, pad_left
from p2pbang.ui.texts import card_name, card_text
from p2pbang.ui.view import CardView, SeatView, TableView, build_view

Step = tuple[str, int]


class GoldRush(UISet):
    name = "gold_rush"

    # sentences
    def action_card(self, game: Game, action: Action) -> int | None:
        if isinstance(action, sentences.TABLE_ACTIONS):
            return sentences.card_action(game, action)
        return None

    def cause(self, game: Game, e: Event) -> str | None:
        # a brown equipment card's use: the card it borrows
        if e.kind == "equipment" and e.card >= 0:
            return sentences.cause(game, e)
        return None

    def event(self, say: Describer, e: Event, cause: str | None) -> str | None:
        return sentences.event(say, e)

    def decision(self, say: Describer, d: Decision) -> str | None:
        return sentences.decision(say, d) if sentences.handles(say.game, d) else None

    def pick_check(self, say: Describer, d: Decision) -> str | None:
        return sentences.pick_check(say, d)  # Don Bell's, at his turn's end

    def activity(self, say: Describer, d: Decision) -> str | None:
        return sentences.activity(say, d) if sentences.handles(say.game, d) else None

    def action(self, say: Describer, d: Decision, a: Action, brief: bool) -> str | None:
        return sentences.action(say, d, a)

    def choice(self, say: Describer, d: Decision, value: int) -> str | None:
        return sentences.choice(say, d, value) if sentences.handles(say.game, d) else None

    # steps
    def paths(self, game: Game, action: Action) -> list[tuple[Step, ...]] | None:
        return gold_rush_steps.paths(game, action)

    def step_label(self, say: Describer, decision: Decision, actions: Sequence[Action],
                   members: tuple[int, ...], step: Step) -> str | None:
        if step[0] not in gold_rush_steps.STEP_KINDS:
            return None
        return gold_rush_steps.step_label(say, decision, actions, members, step)

    def step_name(self, say: Describer, steps: Sequence[Step], index: int) -> str | None:
        return gold_rush_steps.step_name(say, steps, index)

    # the view
    def seat_view(self, game: Game, seat: int) -> dict[str, Any]:
        return {"nuggets": view_of.nuggets(game, seat)}

    def table_view(self, game: Game, you: int, spectator: bool) -> dict[str, Any]:
        return {"shop": () if spectator else view_of.shop(game, you)}

    # drawing
    def card_mark(self, card: CardView) -> Line:
        return gold_rush_render.equipment_mark(card)

    def keeps_effect(self, card: CardView) -> bool:
        return card.kind in gold_rush_render.EQUIPMENT_KINDS  # equipment is never silenced

    def column_width(self, view: TableView) -> int:
        return gold_rush_render.nugget_width(view)  # the nuggets after the life

    def column_head(self, width: int) -> str:
        return pad_left(NUGGET_MARK, width) + " " if width else ""

    def column_cells(self, seat: SeatView, width: int) -> Line:
        return gold_rush_render.nugget_cells(seat, width)

    def title_part(self, view: TableView, cells: int) -> Line:
        return gold_rush_render.shop_title(view, cells)  # the shop, with prices

    def hand_rows(self, view: TableView, height: int) -> int:
        return gold_rush_render.shop_rows(view, height)  # the shop, on a tall screen

    def hand_lines(self, view: TableView, width: int, rows: int) -> list[Line]:
        return gold_rush_render.shop_lines(view, width, rows)

    def card_detail(self, game: Game, card: int, action: Action, seat: int) -> str | None:
        if game.cards[card].suit:  # equipment has a price instead of a corner
            return None
        return gold_rush_render.card_detail(game, card, action, seat)

    def page_parts(self, seat: SeatView) -> list[str]:
        return [] if seat.nuggets is None else [f"{NUGGET_MARK}{seat.nuggets}"]

    def page_entries(self, seat: SeatView, key: str) -> list[Entry]:
        return [(f"{key}:equipment:{card.slot}", f"{card_name(card.name)} {NUGGET_MARK}",
                 card_text(card.name)) for card in seat.equipment]

    # the help
    def help_rules(self, kinds: set[str], shadows: bool) -> list[Section]:
        extra = help_rules(shadows, not kinds.isdisjoint(gold_rush_render.EQUIPMENT_KINDS))
        return [(_("Gold Rush and the shadows"), extra)] if extra else []

    def card_head_mark(self, name: str) -> str:
        return price_mark(name)

    # the plain interface
    def plain_tail(self, view: TableView) -> list[str]:
        return gold_rush_plain.shop_line(view)

    def hand_words(self, seat: SeatView) -> str:
        return gold_rush_plain.nugget_words(seat)

    def seat_words(self, seat: SeatView) -> str:
        return gold_rush_plain.seat_words(seat)

    def plain_command(self, game: Game, names: list[str], text: str) -> str | None:
        if text != "s":
            return None
        return gold_rush_plain.report(build_view(game, names))

    def plain_help(self, game: Game) -> str | None:
        return gold_rush_plain.plain_help(game)


UI = GoldRush()
