"""The Duel's board for the full-screen shell: both sides' characters, the hand, the piles.

At 80x24 (rows from the top): the status line (turn, whose, the common pile and the top of
the discard pile with its draw! symbol), for each side a rule with its name and side, its
active and rearguard characters (life, equipment in play) and a line with its reserve, hand
and deck; then the person's hand; then the shell's decision line, the actions beside the
log, the selected card's or character's text, and the key hints. Every legal action is a
row in words ("Colt → Sid Curry (active)"); the list scrolls when it is long.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from p2pbang.engine.actions import (
    FROM_HAND,
    NO_SEAT,
    Choose,
    Decision,
    Discard,
    End,
    Event,
    Pass,
    Play,
)
from p2pbang.engine.duel.actions import (
    ACTIVE,
    AS_COLT,
    BUFFALO,
    BULL,
    CARBINE,
    DISCARD,
    PICK_CHECK,
    PLAY,
    RESPOND_HIT,
    SHOTGUN,
    SLIM_POET,
    STORE_PICK,
    USE_BARREL,
    USE_HAT,
    USE_SID,
    MoveToken,
    Reload,
    UseAbility,
)
from p2pbang.engine.duel.catalog import DUEL_CARDS, DUEL_CHARACTERS, SYMBOLS
from p2pbang.engine.duel.game import DuelGame
from p2pbang.ui.duel.duel_texts import (
    ability,
    card_name,
    card_text,
    character_name,
    side_name,
    symbol_meaning,
    symbol_name,
    t,
)
from p2pbang.ui.duel.duel_view import DuelView, FigureView, SideView, build_duel_view
from p2pbang.ui.i18n import _
from p2pbang.ui.shell.menu_keys import StableKeys
from p2pbang.ui.shell.screen import HANDLED, SHORTCUTS, Choice
from p2pbang.ui.shell.words_board import WordsBoard
from p2pbang.ui.textfit import Line, pad, pad_left, width_of

_BACK = ("back", "")  # the step-two row that goes back to the cards

# Events told in the second person when the person did them.
_YOU_FORMS = {"play": "ev.play.you", "dodge": "ev.dodge.you", "discard": "ev.discard.you",
              "reload": "ev.reload.you", "token": "ev.token.you",
              "store_take": "ev.store_take.you"}


class DuelBoard(WordsBoard):
    """Draws and tells one person's duel (their own engine, their names)."""

    words = staticmethod(t)

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        self.game: DuelGame = session.mine
        self._group: Any = None  # the card or ability whose ways are shown (step two)
        self._group_for: Decision | None = None
        self._stable = StableKeys(SHORTCUTS)  # a card's key kept for the turn

    def view(self) -> DuelView:
        return build_duel_view(self.game, self.names, self.you)

    # ------------------------------------------------------------------ drawing

    def top(self, width: int, height: int) -> list[Line]:
        view = self.view()
        lines = [self._status(view, width)]
        for side in view.sides:
            lines += self._side_lines(side, width)
        lines += self._hand_lines(view, width, max(1, min(2, height - len(lines) - 1)))
        return lines

    def _status(self, view: DuelView, width: int) -> Line:
        left = " " + t("title")
        if view.turn:
            left += " · " + t("turn", n=view.turn) + " · " + self.names[view.current]
        top = t("nothing")
        if view.discard_top is not None:
            key, symbol = view.discard_top
            top = f"{card_name(key)} ({symbol_name(symbol)})"
        right = t("piles", common=view.common, top=top)
        room = width - width_of(left) - 1
        return [("class:status.title", left), ("class:status", pad_left(right + " ", room)),
                ("class:status", " ")]

    def _side_lines(self, side: SideView, width: int) -> list[Line]:
        title = " " + (t("side.you", name=side.name, side=side_name(side.side)) if side.is_you
                       else t("side.them", name=side.name, side=side_name(side.side))) + " "
        rule: Line = [("class:rule", "──"), ("class:title", title),
                      ("class:rule", "─" * max(0, width - 2 - width_of(title)))]
        lines = [rule]
        for fig in side.figures:
            lines.append(self._figure_line(fig, side.is_you, width))
        if len(side.figures) < 2:
            lines.append([])
        deck = t("side.common") if side.on_common else str(side.deck)
        lines.append([("class:dim", "   " + t("side.info", reserve=side.reserve,
                                                  hand=side.hand, deck=deck))])
        return lines

    def _figure_line(self, fig: FigureView, mine: bool, width: int) -> Line:
        place = t("alone") if fig.alone else (t("active") if fig.place == ACTIVE
                                               else t("rearguard"))
        hearts = "♥" * fig.life + "·" * (fig.max_life - fig.life)
        gear = ", ".join(card_name(key) for key in fig.equipment) or t("nothing")
        style = "class:seat.you" if mine else "class:seat"
        return [("class:seat.marker", " " + pad(place, 11)),
                (style, pad(character_name(fig.character), 17)),
                ("class:life", pad(hearts, 6)), ("class:dim", pad(f"{fig.life}/{fig.max_life}", 5)),
                ("class:card.blue", gear)]

    def _hand_lines(self, view: DuelView, width: int, rows: int) -> list[Line]:
        title = " " + t("hand", n=len(view.hand)) + " "
        rule: Line = [("class:rule", "──"), ("class:title", title),
                      ("class:rule", "─" * max(0, width - 2 - width_of(title)))]
        names = [card_name(key) for _slot, key in view.hand]
        if not names:
            return [rule, [("class:dim", " " + t("hand.empty"))]]
        lines: list[Line] = []
        line: Line = [("", " ")]
        used = 1
        for name in names:
            piece = name + " · "
            if used + width_of(piece) > width and len(lines) + 1 < rows:
                lines.append(line)
                line, used = [("", " ")], 1
            line.append(("class:card.brown", name))
            line.append(("class:dim", " · "))
            used += width_of(piece)
        if len(line) > 1:
            line.pop()
        lines.append(line)
        return [rule, *lines]

    # ------------------------------------------------------------------ the decision

    def decision(self) -> tuple[str, str]:
        pending = self.game.pending
        if isinstance(pending, End):
            return "class:decision.end", self._end_words(pending) + " " + t("over")
        mine = self._decision()
        if mine is None:
            if isinstance(pending, Decision):
                return "class:waiting", t("waiting", name=self.names[pending.seat])
            return "class:waiting", ""
        if mine.kind == DISCARD:
            return "class:decision.mine", t("ask.discard", n=self.game.hand_limit(self.you))
        if mine.kind == RESPOND_HIT:
            return "class:decision.mine", t("ask.respond_hit",
                                            who=self._place_name(mine.options[0]))
        return "class:decision.mine", t("ask." + mine.kind)

    def _place_name(self, code: int) -> str:
        """"Sid Curry (active)" for a target place code."""
        side, place = divmod(code, 2)
        if not self.game.sides[side].figures:
            return side_name(side)
        fig = self.game.figure(side, place)
        word = t("active.word") if self.game.is_active(fig) else t("rearguard.word")
        return f"{character_name(DUEL_CHARACTERS[fig.character].name)} ({word})"

    def _card(self, card: int) -> str:
        return card_name(DUEL_CARDS[card].name)

    def _slot_card(self, slot: int) -> str:
        card = self.game.known.get(slot)
        return self._card(card) if card is not None else "?"

    def choices(self) -> list[Choice]:
        """The rows of the person's decision. In the play phase they come in two steps, as
        on the card game's table: one row per card (or ability) first, with its ways of
        being played behind it when there are several; a card with one way is one row."""
        d = self._decision()
        if d is None:
            return []
        rows = self._rows(d)
        if self._group is not None:  # a card's ways: a short list, numbered from 1
            return [Choice(label, action, SHORTCUTS[i] if i < len(SHORTCUTS) else "")
                    for i, (label, action, _group) in enumerate(rows)]
        # Step one: each card keeps its key for the turn (``menu_keys``), so a key pressed
        # twice never plays the card that moved up; the rows in their keys' order.
        names = [group if group is not None else ("label", label) for label, _a, group in rows]
        keys = self._stable.keys(self.game.turn, (d.kind, d.seat), names)
        order = sorted(range(len(rows)), key=lambda i: (
            isinstance(rows[i][1], Pass), SHORTCUTS.find(keys[i]) % (len(SHORTCUTS) + 1)))
        return [Choice(rows[i][0], rows[i][1], keys[i]) for i in order]

    def _rows(self, d: Decision) -> list[tuple[str, Any, Any]]:
        """(label, action or None, group) for each row shown now."""
        every: list[tuple[str, Any, Any]] = []
        seen: set[str] = set()
        for action in self.session.legal_actions():
            label = self._label(d, action)
            if label not in seen:  # two copies of a card in hand: one row says it
                seen.add(label)
                every.append((label, action, self._group_of(d, action)))
        # "End the turn" / "Take the hit" stays last, as on the card game's table.
        every.sort(key=lambda row: isinstance(row[1], Pass))
        if d is not self._group_for:
            self._group_for, self._group = d, None
        if self._group is not None:
            inside = [row for row in every if row[2] == self._group]
            if inside:
                return [*inside, (t("act.back"), None, _BACK)]
            self._group = None
        shown: list[tuple[str, Any, Any]] = []
        for label, action, group in every:
            if group is None:
                shown.append((label, action, None))
                continue
            members = [row for row in every if row[2] == group]
            if len(members) == 1:
                shown.append((label, action, None))
            elif members[0][1] is action:  # the group's first row stands for it
                shown.append((t("act.group", what=self._group_title(group),
                                n=len(members)), None, group))
        return shown

    def _group_of(self, d: Decision, action: Any) -> Any:
        """Which step-one row an action sits behind: its card, or its ability."""
        if d.kind != PLAY:
            return None
        if isinstance(action, (Play, Reload)):
            return ("card", DUEL_CARDS[action.card].name)
        if isinstance(action, UseAbility):
            return ("ability", action.character)
        return None

    def _group_title(self, group: Any) -> str:
        kind, key = group
        return card_name(key) if kind == "card" else character_name(key)

    def _open(self, key: str) -> bool:
        """A step-one row's key opens its ways; the Back row's (or Esc) closes them."""
        d = self._decision()
        if d is None:
            return False
        if key == "escape":
            if self._group is None:
                return False
            self._group = None
            return True
        rows = {label: group for label, _action, group in self._rows(d)}
        for choice in self.choices():
            if choice.action is None and choice.key == key:
                group = rows[choice.label]
                self._group = None if group is _BACK else group
                return True
        return False

    def _label(self, d: Decision, action: Any) -> str:
        if isinstance(action, Pass):
            return {PLAY: t("act.end_turn"), RESPOND_HIT: t("act.take_hit")}.get(
                d.kind, t("act.lose_life") if d.kind.startswith("respond") else t("act.no"))
        if isinstance(action, MoveToken):
            return t("act.move")
        if isinstance(action, Reload):
            return t("act.reload", card=self._card(action.card))
        if isinstance(action, UseAbility):
            return self._ability_label(action)
        if isinstance(action, Play):
            if d.kind == RESPOND_HIT:
                return t("act.dodge", card=self._card(action.card))
            return self._play_label(action)
        if isinstance(action, Discard):
            if d.kind == RESPOND_HIT:
                return t("act.avoid", card=self._card(action.card))
            return t("act.discard", card=self._card(action.card))
        if isinstance(action, Choose):
            return self._choose_label(d, action.value)
        return str(action)

    def _play_label(self, action: Play) -> str:
        card = self._card(action.card)
        if action.target == NO_SEAT:
            return t("act.play", card=card)
        target = self._place_name(action.target)
        if action.target_slot == AS_COLT:
            return t("act.as_colt", card=card, target=target)
        if action.target_slot == FROM_HAND:
            return t("act.take_from", card=card, what=t("act.from_hand"),
                     target=side_name(action.target // 2))
        if action.target_slot >= 0:
            return t("act.take_from", card=card, what=self._slot_card(action.target_slot),
                     target=target)
        if DUEL_CARDS[action.card].name == "canteen":
            return t("act.play_on", card=card, target=side_name(action.target // 2))
        return t("act.play_on", card=card, target=target)

    def _ability_label(self, action: UseAbility) -> str:
        who = character_name(action.character)
        if action.character == "babe_leroy":
            return t("act.babe")
        paid = self._card(action.cards[0]) if action.cards else ""
        if action.character == "pearl_hart":
            top = self._slot_card(self.game.discard[-1]) if self.game.discard else "?"
            if action.target == NO_SEAT:
                return t("act.pearl_plain", card=paid, top=top)
            return t("act.pearl", card=paid, top=top, target=self._place_name(action.target))
        return t("act.ability", character=who, card=paid)

    def _choose_label(self, d: Decision, value: int) -> str:
        kind = d.kind
        if kind == RESPOND_HIT:
            return {USE_BARREL: t("act.barrel"), USE_HAT: t("act.hat"),
                    USE_SID: t("act.sid")}.get(value, str(value))
        if kind == PICK_CHECK:
            card = DUEL_CARDS[self.game.known[value]]
            return t("act.counts", card=card_name(card.name), symbol=symbol_name(card.symbol))
        if kind == STORE_PICK:
            return t("act.take", card=self._slot_card(value))
        if kind == CARBINE:
            owner = next((self._place_name(code) for side in (0, 1)
                          for code in self.game.places(side)
                          if value in self.game.figure_at(code).table), "")
            return t("act.discard_eq", card=self._slot_card(value), target=owner)
        if kind == SHOTGUN:
            return t("act.swap_mine") if value == self.you else t("act.swap_theirs")
        if kind == BULL:
            return t("act.take_random") if value == FROM_HAND else t(
                "act.take", card=self._slot_card(value))
        if kind in (BUFFALO, SLIM_POET):
            return t("act.yes")
        return str(value)

    def detail(self, choice: Choice | None) -> str:
        """The text of the card a choice plays, else the person's active character's."""
        action = choice.action if choice is not None else None
        d = self._decision()
        if choice is not None and action is None and d is not None:
            group = next((g for label, _a, g in self._rows(d) if label == choice.label), None)
            if isinstance(group, tuple) and group[0] == "card":
                return f"{card_name(group[1])}: {card_text(group[1])}"
            if isinstance(group, tuple) and group[0] == "ability":
                return f"{character_name(group[1])}: {ability(group[1])}"
        card = getattr(action, "card", None)
        if isinstance(card, int) and card >= 0:
            key = DUEL_CARDS[card].name
            return f"{card_name(key)}: {card_text(key)}"
        if isinstance(action, UseAbility):
            return f"{character_name(action.character)}: {ability(action.character)}"
        sides = self.game.sides[self.you]
        if not sides.figures:
            return ""
        fig = self.game.figure(self.you, ACTIVE)
        key = DUEL_CHARACTERS[fig.character].name
        return f"{character_name(key)}: {ability(key)}"

    def key(self, key: str) -> Any:
        """Keys that open or close a card's ways; every other key is a row's shortcut."""
        return HANDLED if self._open(key) else None

    # ------------------------------------------------------------------ words

    def describe(self, events: Sequence[Event]) -> list[tuple[str, str]]:
        lines: list[tuple[str, str]] = []
        for event in events:
            text = self._sentence(event)
            if not text:
                continue
            style = "class:log"
            if event.kind == "turn":
                style = "class:log.turn"
            elif event.seat == self.you:
                style = "class:log.you"
            lines.append((style, text))
        return lines + self._end_lines(events)

    def _sentence(self, e: Event) -> str:
        """One event in words; the person's own deeds in the second person."""
        key_of = _YOU_FORMS.get(e.kind) if e.seat == self.you else None
        if key_of is not None:
            return self._your_sentence(e, key_of)
        name = self.names[e.seat] if e.seat in (0, 1) else ""
        other = self.names[e.target] if e.target in (0, 1) else ""
        kind = e.kind
        character = (character_name(DUEL_CHARACTERS[e.card].name)
                     if kind in ("character", "damage", "heal", "life_set", "eliminated",
                                 "hit") and 0 <= e.card < len(DUEL_CHARACTERS) else "")
        if kind == "turn":
            return t("ev.turn", n=e.value, name=name)
        if kind == "character":
            return t("ev.character", name=name, character=character,
                     life=DUEL_CHARACTERS[e.card].life)
        if kind == "draw":
            return t("ev.draw.you", n=e.value) if e.seat == self.you else t(
                "ev.draw", name=name, n=e.value)
        if kind == "draw_shown":
            return t("ev.draw_shown", name=name, card=self._card(e.card))
        if kind == "play":
            card = self._card(e.card)
            if e.target == NO_SEAT or not 0 <= e.target < 4:
                return t("ev.play.notarget", name=name, card=card)
            return t("ev.play", name=name, card=card, target=self._place_name(e.target)
                     if self.game.sides[e.target // 2].figures else side_name(e.target // 2))
        if kind == "hit":
            return t("ev.hit", target=f"{character} ({self.names[e.target]})")
        if kind == "dodge":
            return t("ev.dodge", name=name)
        if kind in ("damage", "heal", "life_set"):
            fig_life = self._life_of(e.seat, e.card)
            return t("ev." + kind, character=character, name=name, n=e.value, life=fig_life)
        if kind == "check":
            card = DUEL_CARDS[e.card]
            return t("ev.check", card=card_name(card.name), symbol=(
                f"{symbol_name(card.symbol)} ({symbol_meaning(card.symbol)})"))
        if kind == "discard":
            return t("ev.discard", name=name, card=self._card(e.card))
        if kind == "reload":
            return t("ev.reload", name=name, card=self._card(e.card))
        if kind == "token":
            return t("ev.token", name=name)
        if kind == "eliminated":
            return t("ev.eliminated", character=character, name=name)
        if kind == "explode":
            return t("ev.explode")
        if kind == "steal":
            return t("ev.steal", name=name, other=other)
        if kind == "store_take":
            return t("ev.store_take", name=name, card=self._card(e.card))
        if kind == "common_pile":
            return t("ev.common_pile", name=name)
        if kind == "reshuffle":
            return t("ev.reshuffle")
        if kind in ("ability", "pearl_hart"):
            return t("ev.ability", name=name)
        if kind == "take":
            return t("ev.take", name=name, other=other)
        return ""

    def _your_sentence(self, e: Event, key: str) -> str:
        if e.kind == "play":
            card = self._card(e.card)
            if e.target == NO_SEAT or not 0 <= e.target < 4:
                return t("ev.play.notarget.you", card=card)
            target = (self._place_name(e.target) if self.game.sides[e.target // 2].figures
                      else side_name(e.target // 2))
            return t(key, card=card, target=target)
        if e.kind in ("discard", "reload", "store_take"):
            return t(key, card=self._card(e.card))
        return t(key)

    def _life_of(self, side: int, character: int) -> int:
        for fig in self.game.sides[side].figures:
            if fig.character == character:
                return fig.life
        return 0

    # ------------------------------------------------------------------ a network table's words

    def title(self) -> str:
        """The game's name in the person's language."""
        return _("BANG! The Duel")

    def dealing_words(self) -> str:
        """What the peers do before the first turn."""
        return _("Every peer shuffles and proves it; the cards are being dealt.")


    def _end_words(self, end: End) -> str:
        side = end.winners[0] if end.winners else 0
        return f"{t('win', side=side_name(side))} {self.mine_words(end)}".rstrip()

    def help(self) -> list[tuple[str, str]]:
        lines: list[tuple[str, str]] = []
        for key in ("keys", "rules"):
            lines += [("class:help.title", t("help." + key)),
                      ("class:help.text", t("help." + key + ".text")), ("", "")]
        lines.append(("class:help.title", t("help.symbols")))
        for symbol in SYMBOLS:
            lines.append(("class:help.text", f"{symbol_name(symbol)}: {symbol_meaning(symbol)}"))
        lines += [("", ""), ("class:help.title", t("help.cards"))]
        for key in dict.fromkeys(card.name for card in DUEL_CARDS):
            lines.append(("class:help.text", f"{card_name(key)}: {card_text(key)}"))
        lines += [("", ""), ("class:help.title", t("help.characters"))]
        for char in DUEL_CHARACTERS:
            lines.append(("class:help.text", f"{character_name(char.name)} ({char.life}, "
                                             f"{side_name(char.side)}): {ability(char.name)}"))
        return lines
