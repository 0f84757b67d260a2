"""The Dice Game's board for the full-screen shell: the table, the dice, the choices, the words.

At 80x24 with 8 players (rows from the top): the status line, a column header, one row per
seat (name, character, life, arrows, distance, role), the dice panel (a rule with whose
dice and the rolls left, the five or six faces, under each whether it is locked, kept or
marked to roll again), then the shell's decision line, actions beside the log, the
character help of the selected target (or your own) and the key hints.

Rerolls are chosen by toggling dice: keys 1-5 (6) mark and unmark, ``r`` (or Enter) rolls
the marked ones, ``k`` keeps them all. A Dynamite cannot be marked (Black Jack excepted), and
the key says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from p2pbang.engine.actions import NO_SEAT, Choose, Decision, End, Event, Pass
from p2pbang.engine.dice.actions import (
    APACHE_TAKE,
    BEER_TARGET,
    BROKEN_ARROW_TARGET,
    ELENA_GIVE,
    KIT_ARROW,
    MOLLY_PICK,
    MOLLY_TAKE,
    REROLL,
    SALOON_DIE,
    SHOOT,
    SID_HEAL,
    SKIP,
    SLAB_DOUBLE,
    Reroll,
)
from p2pbang.engine.dice.faces import (
    BASE_DIE,
    DIE_FACES,
    DIE_NAMES,
    DOUBLE,
    FACE_NAMES,
    SHERIFF,
    symbol,
)
from p2pbang.engine.dice.game import DiceGame
from p2pbang.ui.dice.dice_texts import ability, character_name, t
from p2pbang.ui.dice.dice_view import DiceSeatView, DiceView, build_dice_view
from p2pbang.ui.i18n import _
from p2pbang.ui.shell.screen import HANDLED, SHORTCUTS, Choice
from p2pbang.ui.shell.words_board import WordsBoard
from p2pbang.ui.textfit import Line, pad, pad_left, width_of

_ROLE_OF_EVENT = ("sheriff", "deputy", "outlaw", "renegade")  # "eliminated" event values
_FACE_KEYS = (*FACE_NAMES, "broken_arrow", "bullet")


def face_name(code: int) -> str:
    """A die code in words: "Beer", "2x Bull's Eye 1"."""
    name = t("face." + _FACE_KEYS[symbol(code)])
    return t("face.double", face=name) if code >= DOUBLE else name


def dice_words(codes: Sequence[int]) -> str:
    return ", ".join(face_name(code) for code in codes)


def saloon_die_words(die: int) -> str:
    """What an Old Saloon die rolls: its six faces and what its own symbol does ("Coward
    die: Arrow, Dynamite, Broken Arrow, ... A Broken Arrow ..."); none: the base dice."""
    name = DIE_NAMES[die]
    if die == BASE_DIE:
        return t("die.base") + ": " + t("die.note.base")
    return f"{t('die.' + name)}: {dice_words(DIE_FACES[die])}. {t('die.note.' + name)}"


def unpack_roll(value: int, count: int) -> list[int]:
    """The die codes of a "roll" event (four bits each, the first die lowest)."""
    return [(value >> (4 * i)) & 15 for i in range(count)]


def role_name(role: str) -> str:
    return t("role." + role)


class DiceBoard(WordsBoard):
    """Draws and tells one person's dice game (their own engine, their names)."""

    words = staticmethod(t)

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        self.game: DiceGame = session.mine
        self.marked: set[int] = set()
        self._marked_for: Decision | None = None
        self._rolled_turn = 0  # the last turn whose dice were rolled, as the events told
        self._turn_seen = 0
        self._introduced = False

    # ------------------------------------------------------------------ view

    def view(self) -> DiceView:
        return build_dice_view(self.game, self.names, self.you)

    def _decision(self) -> Decision | None:
        pending = super()._decision()
        if pending is not None and pending is not self._marked_for:
            self._marked_for, self.marked = pending, set()  # a new decision: none marked
        return pending

    def top(self, width: int, height: int) -> list[Line]:
        self._decision()  # a new decision starts with no die marked
        view = self.view()
        lines = [self._status(view, width), self._header(width)]
        lines += [self._seat_line(seat, width) for seat in view.seats]
        lines += self._dice_lines(view, width)
        return lines

    def _status(self, view: DiceView, width: int) -> Line:
        left = " " + t("title")
        if view.turn:
            who = self.names[view.current] if view.current != NO_SEAT else ""
            left += " · " + t("turn", n=view.turn) + " · " + who
        right = t("middle", n=view.middle) + (t("chief_middle") if view.chief_in_middle else "")
        room = width - width_of(left) - 1
        return [("class:status.title", left), ("class:status", pad_left(right + " ", room)),
                ("class:status", " ")]

    @staticmethod
    def _columns(width: int) -> tuple[int, int, int, int, int, int]:
        """Widths of name, character, life, arrows, distance; the role gets the rest. The
        life column holds the language's word for an eliminated player whole, and a space
        (Romanian "eliminat" is longer than "4/4" and its neighbours)."""
        name, character, arrows, dist = 9, 16, 8, 5
        life = max(7, width_of(t("dead")) + 1)
        role = max(6, width - 2 - name - character - life - arrows - dist)
        return name, character, life, arrows, dist, role

    def _header(self, width: int) -> Line:
        name, character, life, arrows, dist, _role = self._columns(width)
        text = ("  " + pad(t("col.player"), name) + pad(t("col.character"), character)
                + pad(t("col.life"), life) + pad(t("col.arrows"), arrows)
                + pad(t("col.dist"), dist) + t("col.role"))
        return [("class:header", text)]

    def _seat_line(self, seat: DiceSeatView, width: int) -> Line:
        name_w, char_w, life_w, arrows_w, dist_w, role_w = self._columns(width)
        marker = "> " if seat.is_current else "  "
        style = "class:seat.you" if seat.is_you else "class:seat"
        if not seat.alive:
            style = "class:seat.dead"
        life = f"{seat.life}/{seat.max_life}" if seat.alive else t("dead")
        arrows = str(seat.arrows) + (" " + t("chief_short") if seat.chief else "")
        dist = "" if seat.distance is None else str(seat.distance)
        if seat.role is None:
            role, role_style = t("role.hidden"), "class:role"
        else:
            role = role_name(seat.role)
            if seat.target is not None:
                role = t("role.target", role=role, name=seat.target)
            role_style = "class:role.sheriff" if seat.role == SHERIFF else "class:role"
        return [("class:seat.marker", marker), (style, pad(seat.name, name_w)),
                (style, pad(character_name(seat.character), char_w)),
                ("class:life" if seat.alive else "class:life.lost", pad(life, life_w)),
                ("class:text", pad(arrows, arrows_w)), ("class:dim", pad(dist, dist_w)),
                (role_style, pad(role, role_w))]

    def _dice_lines(self, view: DiceView, width: int) -> list[Line]:
        if view.current == self.you:
            title = " " + t("dice.yours") + " "
        else:
            roller = self.names[view.current] if view.current != NO_SEAT else ""
            title = " " + t("dice.title", name=roller) + " "
        if view.rolls_left is not None:
            title += "· " + t("dice.rolls_left", n=view.rolls_left) + " "
        saloon = sorted({kind for kind in view.kinds if kind != BASE_DIE})
        if saloon and self._rolled_turn == view.turn:  # which die the * marks
            title += "· " + ", ".join("*" + t("die." + DIE_NAMES[k]) for k in saloon) + " "
        rule: Line = [("class:rule", "──"), ("class:title", title),
                      ("class:rule", "─" * max(0, width - 2 - width_of(title)))]
        if not view.dice or self._rolled_turn != view.turn:
            return [rule, [("class:dim", "  " + t("dice.none"))], []]
        cell = max(8, min(16, (width - 1) // len(view.dice)))
        faces: Line = [("", " ")]
        states: Line = [("", " ")]
        deciding = view.rolls_left is not None
        for index, code in enumerate(view.dice):
            label = f"{index + 1} {face_name(code)}"
            if view.kinds[index]:
                label += "*"
            faces.append(("class:label", pad(label, cell - 1) + " "))
            if view.locked[index]:
                state, style = t("dice.locked"), "class:notice"
            elif deciding and index in self.marked:
                state, style = "↻ " + t("dice.reroll"), "class:action.selected"
            else:
                state, style = t("dice.kept"), "class:dim"
            states.append((style, pad("  " + state, cell)))
        return [rule, faces, states]

    # ------------------------------------------------------------------ the decision

    def decision(self) -> tuple[str, str]:
        pending = self.game.pending
        if isinstance(pending, End):
            return "class:decision.end", self._end_words(pending) + " " + t("over")
        mine = self._decision()
        if mine is None:
            if isinstance(pending, Decision):
                return "class:waiting", t("waiting", name=self.names[pending.seat])
            if self.game.current != NO_SEAT:
                return "class:waiting", t("rolling", name=self.names[self.game.current])
            return "class:waiting", ""
        return "class:decision.mine", self._ask(mine)

    def _ask(self, d: Decision) -> str:
        if d.kind == REROLL:
            return t("ask.reroll", n=d.needed)
        if d.kind == SHOOT:
            return t("ask.dice_shoot", face=face_name(d.source))
        if d.kind in (SLAB_DOUBLE, APACHE_TAKE, MOLLY_TAKE):
            name = self.names[d.source] if d.source != NO_SEAT else ""
            return t("ask." + d.kind, name=name)
        return t("ask." + d.kind)

    def choices(self) -> list[Choice]:
        d = self._decision()
        if d is None:
            return []
        if d.kind == REROLL:
            rows = []
            if self.marked:
                dice = dice_words([self.game.dice[i] for i in sorted(self.marked)])
                rows.append(Choice(t("act.roll", dice=dice), None, "r"))
            rows.append(Choice(t("act.keep"), Pass(), "k"))
            return rows
        actions = [a for a in self.session.legal_actions() if isinstance(a, Choose)]
        return [Choice(self._label(d, a.value), a, SHORTCUTS[i] if i < len(SHORTCUTS) else "")
                for i, a in enumerate(actions)]

    def _label(self, d: Decision, value: int) -> str:
        players = self.game.players
        if d.kind in (SLAB_DOUBLE, APACHE_TAKE, MOLLY_TAKE) or d.kind.endswith(
                ("_chief", "_bart", "_pedro")):
            return t("act.yes") if value == 1 else t("act.no")
        if d.kind == SALOON_DIE:
            return t("die." + DIE_NAMES[value])
        if d.kind == MOLLY_PICK:
            if value == SKIP:
                return t("act.molly_none")
            return t("act.molly_take", name=self.names[value])
        if value == SKIP:
            return t("act.skip")
        p = players[value]
        if d.kind == SHOOT:
            return t("act.shoot", name=self.names[value], life=p.life,
                     dist=self.game.distance(self.you, value))
        if d.kind in (BEER_TARGET, SID_HEAL):
            if value == self.you:
                return t("act.heal_self", life=p.life, max=p.max_life)
            return t("act.heal", name=self.names[value], life=p.life, max=p.max_life)
        if d.kind in (KIT_ARROW, BROKEN_ARROW_TARGET):
            if value == self.you:
                return t("act.arrow_mine", n=p.arrows)
            return t("act.arrow_of", name=self.names[value], n=p.arrows)
        if d.kind == ELENA_GIVE:
            return t("act.give_self") if value == self.you else t("act.give",
                                                                    name=self.names[value])
        return str(value)

    def detail(self, choice: Choice | None) -> str:
        """The ability of the character a choice names, else the person's own; a Saloon
        die chosen before rolling, its faces (nowhere else on the board does it say what a
        Loudmouth or a Coward die rolls)."""
        seat = self.you
        if choice is not None and isinstance(choice.action, Choose):
            d = self._decision()
            if d is not None and d.kind == SALOON_DIE:
                return saloon_die_words(choice.action.value)
            if d is not None and d.kind in (SHOOT, BEER_TARGET, SID_HEAL, KIT_ARROW,
                                            BROKEN_ARROW_TARGET, ELENA_GIVE, MOLLY_PICK) \
                    and 0 <= choice.action.value < self.game.n:
                seat = choice.action.value
        character = self.game.players[seat].character
        if not character:
            return ""
        return f"{character_name(character)}: {ability(character)}"

    def key(self, key: str) -> Any:
        """Dice keys at the person's reroll decision: 1-6 mark, r/Enter roll, k keep."""
        d = self._decision()
        if d is None or d.kind != REROLL:
            return None
        count = len(self.game.dice)
        if key.isdigit() and 1 <= int(key) <= count:
            index = int(key) - 1
            locked = self.view().locked[index]
            if locked:
                return t("act.locked")
            self.marked ^= {index}
            return HANDLED
        if key in ("r", "enter"):
            if not self.marked:
                return t("act.none_marked", n=count)
            return Reroll(tuple(sorted(self.marked)))
        if key == "k":
            return Pass()
        return None

    def parse_line(self, line: str) -> Any:
        """The plain interface's reroll: the numbers of the dice to roll again ("1 3" or
        "13"), or k to keep; ``None`` for any other line (the choices' keys then apply)."""
        d = self._decision()
        if d is None or d.kind != REROLL:
            return None
        if line.lower() == "k":
            return Pass()
        digits = [c for c in line if not c.isspace() and c != ","]
        if not digits or not all(c.isdigit() for c in digits):
            return None
        self.marked = set()
        for digit in digits:
            answer = self.key(digit)
            if isinstance(answer, str):
                return answer
            if answer is None:
                return t("act.none_marked", n=len(self.game.dice))
        return self.key("r")

    def keys_hint(self) -> str:
        """The keys of the decision itself (the dice keys at a reroll), without the shell's."""
        d = self._decision()
        if d is not None and d.kind == REROLL:
            return t("act.mark_hint", n=len(self.game.dice))
        return ""

    def plain_hints(self) -> str:
        """What to type in the plain interface."""
        d = self._decision()
        return t("plain.reroll") if d is not None and d.kind == REROLL else t("plain.choose")

    # ------------------------------------------------------------------ words

    def intro(self) -> list[tuple[str, str]]:
        """The deal in sentences: your role, the Sheriff, every character."""
        lines: list[tuple[str, str]] = []
        # A spectator (``replay``) holds no seat: it has no role of its own to be told.
        me = self.game.players[self.you] if 0 <= self.you < self.game.n else None
        if me is not None and me.role is not None:
            lines.append(("class:log.you", t("ev.your_role", role=role_name(me.role))))
        if self.game.sheriff != NO_SEAT:
            lines.append(("class:log", t("ev.sheriff", name=self.names[self.game.sheriff])))
        for p in self.game.players:
            if self.game.n == 3 and p.role is not None:
                lines.append(("class:log", t("ev.role", name=self.names[p.seat],
                                             role=role_name(p.role))))
        for p in self.game.players:
            if p.seat == self.you:
                lines.append(("class:log.you", t("ev.character.you", life=p.max_life,
                                                 character=character_name(p.character))))
            else:
                lines.append(("class:log", t("ev.character", name=self.names[p.seat],
                                             character=character_name(p.character),
                                             life=p.max_life)))
        return lines

    def describe(self, events: Sequence[Event]) -> list[tuple[str, str]]:
        lines: list[tuple[str, str]] = []
        life_after = self._life_after(events)
        for index, event in enumerate(events):
            if event.kind == "turn" and not self._introduced:
                self._introduced = True
                lines += self.intro()
            if event.kind == "turn":
                self._turn_seen = event.value
            if event.kind == "roll":
                self._rolled_turn = self._turn_seen
            text = self._sentence(event, life_after[index])
            if not text:
                continue
            style = "class:log"
            if event.kind == "turn":
                style = "class:log.turn"
            elif self.you in (event.seat, event.target):
                style = "class:log.you"
            lines.append((style, text))
        return lines + self._end_lines(events)

    def _life_after(self, events: Sequence[Event]) -> list[int]:
        """Each event's seat's life right after it (walking back from the life now)."""
        life = {p.seat: p.life for p in self.game.players}
        after = [0] * len(events)
        for index in range(len(events) - 1, -1, -1):
            event = events[index]
            if event.seat in life:
                after[index] = life[event.seat]
                if event.kind == "damage":
                    life[event.seat] += event.value
                elif event.kind == "heal":
                    life[event.seat] -= event.value
        return after

    def _sentence(self, e: Event, life: int) -> str:
        you = e.seat == self.you
        name = self.names[e.seat] if 0 <= e.seat < len(self.names) else ""
        other = self.names[e.target] if 0 <= e.target < len(self.names) else ""
        kind = e.kind
        if kind == "turn":
            return t("ev.turn", n=e.value, name=name)
        if kind == "roll":
            dice = dice_words(unpack_roll(e.value, len(self.game.dice)))
            return t("ev.roll.you", dice=dice) if you else t("ev.roll", name=name, dice=dice)
        if kind == "aim":
            face = face_name(e.value)
            if you:
                return t("ev.aim.you", face=face, name=other)
            if e.target == self.you:
                return t("ev.aim_at_you", name=name, face=face)
            return t("ev.aim", name=name, face=face, to=other)
        if kind == "arrow":
            return t("ev.arrow.you", left=e.value) if you else t("ev.arrow", name=name,
                                                                  left=e.value)
        if kind == "indians":
            return t("ev.indians")
        if kind == "damage":
            if e.target == NO_SEAT or e.target == e.seat:
                return (t("ev.damage.you", n=e.value, life=life) if you
                        else t("ev.damage", name=name, n=e.value, life=life))
            if you:
                return t("ev.damage_by.you", n=e.value, by=other, life=life)
            if e.target == self.you:
                return t("ev.damage_by_you", name=name, n=e.value, life=life)
            return t("ev.damage_by", name=name, n=e.value, by=other, life=life)
        if kind == "heal":
            if not e.value:  # a Beer (or Sid Ketchum's heal) on a player at full life
                return t("ev.heal_wasted", name=name)
            return t("ev.heal.you", n=e.value) if you else t("ev.heal", name=name, n=e.value)
        if kind == "gatling":
            return t("ev.gatling.you") if you else t("ev.gatling", name=name)
        if kind == "dynamite":
            return t("ev.dynamite.you") if you else t("ev.dynamite", name=name)
        if kind == "eliminated":
            role = role_name(_ROLE_OF_EVENT[e.value])
            return t("ev.eliminated.you", role=role) if you else t("ev.eliminated", name=name,
                                                                     role=role)
        if kind == "arrow_discarded":
            return t("ev.arrow_discarded.you") if you else t("ev.arrow_discarded", name=name)
        if kind == "chief_arrow":
            return t("ev.chief.you") if you else t("ev.chief", name=name)
        if kind == "arrow_given":
            return t("ev.given", name=name, to=other)
        if kind == "bullet":
            return t("ev.bullet", name=name)
        if kind == "takes_hit":
            return t("ev.takes_hit", name=name, to=other)
        return ""

    # ------------------------------------------------------------------ a network table's words

    def title(self) -> str:
        """The game's name in the person's language."""
        if "old-saloon" in self.session.choice.expansions:
            return _("BANG! The Dice Game with Old Saloon")
        return _("BANG! The Dice Game")

    def dealing_words(self) -> str:
        """What the peers do before the first turn."""
        return _("Every peer shuffles the roles and proves it; every roll is drawn by all the "
                 "peers together.")

    def out_note(self) -> str:
        """The news under the actions once the person is out and the game goes on."""
        if isinstance(self.game.pending, End) or self.game.players[self.you].alive:
            return ""
        return _("You are out, but stay to the end: your keys deal the others' cards.")

    def _end_words(self, end: End) -> str:
        if end.team in ("sheriff", "outlaws", "renegade") and self.game.n > 3:
            words = t("win." + end.team)
        else:
            seat = end.winners[0]
            words = t("win.role", name=self.names[seat], role=role_name(end.team))
        return f"{words} {self.mine_words(end)}".rstrip()

    def help(self) -> list[tuple[str, str]]:
        lines: list[tuple[str, str]] = []
        for key in ("keys", "turn", "roles", *(("saloon",) if self.game.saloon else ())):
            lines += [("class:help.title", t("help." + key)),
                      ("class:help.text", t("help." + key + ".text")), ("", "")]
        lines.append(("class:help.title", t("help.characters")))
        in_play = {p.character for p in self.game.players}
        for character in sorted(in_play):
            lines.append(("class:help.text", f"{character_name(character)}: "
                                             f"{ability(character)}"))
        return lines

