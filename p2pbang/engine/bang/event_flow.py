"""The event cards' part of the turn loop (High Noon, A Fistful of Cards), as a mixin of
``Game``.

Why apart: the event pile and the modifiers of the event in force are one mechanism with
its own state; ``game.py`` only asks for it at fixed moments of a turn (before the first
seat's turn, at a turn's start, in phase 1, in the play phase, after a turn) and a game
without event cards skips it with one boolean test. The events' own rules are in
``sets/high_noon.py`` and ``sets/fistful.py``; nothing here names an event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pbang.engine.actions import NO_SEAT, NO_SLOT, Action, Play, PlayPaid
from p2pbang.engine.bang.position import Position
from p2pbang.engine.bang.rules import NO_CHARACTER_RULES, NO_EVENT_RULES, EventRules, EventStep
from p2pbang.engine.bang.sets import gold_rush
from p2pbang.engine.chance import RandomInt, Reveal, Shuffle

if TYPE_CHECKING:
    from collections.abc import Generator

    from p2pbang.engine.bang.game import Game
    from p2pbang.engine.bang.rules import CharacterRules

    Step = Generator[Any, Any, Any]


class EventFlow:
    """The event pile and the event in force; mixed into ``Game``."""


    def _init_events(self: Game) -> None:
        """The event pile (High Noon, A Fistful of Cards) and the modifiers of the event in
        force; a game without event cards keeps the base game's answers and skips it all."""
        self._has_events = bool(self.rules.events)
        self._event_pile_on = False  # the pile is in use: revealed before the first seat's turns
        self._ordinary_events = frozenset(
            i for ordinary, _final in self.rules.event_decks for i in ordinary)
        self.event_rules: EventRules = NO_EVENT_RULES
        self.event_in_force = -1  # the event card id in force; -1: none yet
        self.event_pile: list[int] = []  # hidden slots, top last
        self.event_set_aside: list[int] = []  # shuffled out of the game, never shown
        self.event_final = -1  # the final card's id, face up under the pile
        self.event_shown: list[int] = []  # slots put in force so far, in order
        self.event_known: dict[int, int] = {}  # event slot -> event id, once shown
        self._event_slots: set[int] = set()
        self.initial_events: dict[int, int] = {}  # event slot -> id of a laid-out pile
        self.first_seat_turns = 0
        self.bang_limit = 1
        self.beer_allowed = True
        self.phase_one_cards = 2
        self._flat_distance = False
        self._event_silence = False
        self._event_plays = False
        self._special_plays = False
        self._no_own_bang = False
        self._after_action: EventStep | None = None
        self._saved_seat_rules: list[CharacterRules] | None = None
        self.ghosts: set[int] = set()  # the dead back for their own turn only
        self.returned: set[int] = set()  # the dead back in the game for good (Dead Man)
        self.eliminated_order: list[int] = []
        self.must_play = NO_SLOT  # a hand card that must be played if it can be
        self.phase_one_drawn: list[int] = []  # slots drawn in this turn's phase 1
        # The play-phase action an ``after_action`` hook follows; None after the end-of-turn
        # discards.
        self.last_play: Action | None = None
        self.turn_marks: set[str] = set()  # facts an event notes for this turn only

    def _setup_events(self: Game) -> Step:
        """One event deck: its ordinary cards shuffled, the final card under them. Both
        decks: every ordinary card shuffled, 12 kept, one final card picked at random (see
        docs/rules/fistful.md: the reading chosen)."""
        decks = self.rules.event_decks
        ordinary = tuple(i for cards, _final in decks for i in cards)
        if len(decks) == 1:
            keep, final = len(ordinary), decks[0][1]
        else:
            pick = yield RandomInt(len(decks))
            keep, final = 12, decks[pick.values[0]][1]
        slots = self._new_slots(len(ordinary))
        self._event_slots.update(slots)
        yield Shuffle("events", ordinary, slots)
        self.event_pile = list(slots[:keep])
        self.event_set_aside = list(slots[keep:])
        self.event_final = final
        self._event_pile_on = True
        self.event("event_pile", value=keep)
        yield from self._show_next_event()

    def _lay_out_events(self: Game, position: Position) -> None:
        """A laid-out table's event in force and pile (its ids known to the scenario's dealer
        through ``initial_events``): the game is under way, so the pile's next card comes
        before the first seat's next turn."""
        if position.event is not None:
            self._set_event(self.rules.event_id(position.event))
        if position.events is None:
            return  # no pile in use: the event in force stays
        ids = [self.rules.event_id(name) for name in position.events]
        if any(i not in self._ordinary_events for i in ids):
            raise ValueError("the event pile holds ordinary event cards only")
        slots = self._new_slots(len(ids))
        for slot, event_id in zip(slots, reversed(ids), strict=True):
            self.initial_events[slot] = event_id
        self._event_slots.update(slots)
        self.event_pile = list(slots)
        final_name = position.event_final
        self.event_final = (self.rules.event_decks[0][1] if final_name is None
                            else self.rules.event_id(final_name))
        self._event_pile_on = True
        self.first_seat_turns = 1  # a laid-out game is under way

    def _before_first_seat_turn(self: Game) -> Step:
        """D13: before each of the Sheriff's turns from his second on, the next event card is
        revealed and covers the one in force; the final card comes last and stays."""
        self.first_seat_turns += 1
        if self.first_seat_turns < 2:
            return
        if self.event_pile:
            slot = self.event_pile[-1]
            if slot not in self.event_known:  # a laid-out table: its top card not shown yet
                yield from self._show_next_event()
            self.event_pile.pop()
            event_id = self.event_known[slot]
            self.event_shown.append(slot)
        elif self.event_in_force == self.event_final:
            return
        else:
            event_id = self.event_final
        self._set_event(event_id)
        self.event("event", value=event_id)
        yield from self._show_next_event()
        on_enter = self.event_rules.on_enter
        if on_enter is not None:
            yield from on_enter(self)

    def _show_next_event(self: Game) -> Step:
        """The pile lies face up (rulebook: "așează acest teanc cu fața în sus"; the Sheriff
        takes its top card "având grijă să nu se observe decât următoarea carte din teanc"):
        the card that comes next is public before it comes into force. Its slot is revealed
        once, when it becomes the top of the pile; the final card is public from the start."""
        if self.event_pile:
            slot = self.event_pile[-1]
            if slot in self.event_known:
                return  # shown when it became the top
            result = yield Reveal((slot,))
            self.event_known[slot] = result.values[0]
        upcoming = self.next_event()
        if upcoming >= 0:
            self.event("event_next", value=upcoming)

    def next_event(self: Game) -> int:
        """The event card id that comes into force next (public: the pile's face-up top
        card, or the final card once the pile is spent); -1 when none will."""
        if not self._event_pile_on:
            return -1
        if self.event_pile:
            return self.event_known.get(self.event_pile[-1], -1)
        return self.event_final if self.event_in_force != self.event_final else -1

    def _set_event(self: Game, event_id: int) -> None:
        """Put ``event_id`` in force: its modifiers replace the previous event's."""
        event = self.rules.event_rules[event_id]
        self.event_in_force = event_id
        self.event_rules = event
        self.bang_limit = event.bangs_per_turn
        self.beer_allowed = not event.beer_forbidden
        self.phase_one_cards = 2 + event.draw_delta
        self._flat_distance = event.flat_distance
        self._event_silence = event.silences_cards_in_play
        self._special_plays = event.special_play is not None
        self._no_own_bang = event.no_bang_in_own_turn
        self._after_action = event.after_action
        self._event_plays = bool(event.extra_plays or event.beer_forbidden
                                 or event.no_bang_in_own_turn or event.nothing_placed
                                 or event.after_draw)
        self.suits = (self._printed_suits if event.suit is None
                      else (event.suit,) * len(self.cards))
        if event.no_abilities and self._saved_seat_rules is None:
            self._saved_seat_rules = list(self.seat_rules)
            self.seat_rules = [NO_CHARACTER_RULES] * self.n
        elif not event.no_abilities and self._saved_seat_rules is not None:
            self.seat_rules, self._saved_seat_rules = self._saved_seat_rules, None

    def event_name(self: Game) -> str | None:
        """The rules name of the event card in force (public), or None."""
        if self.event_in_force < 0:
            return None
        return self.rules.events[self.event_in_force].name

    def _event_phase_one(self: Game, seat: int, event: EventRules) -> Step:
        """Phase 1 under an event: it may be skipped, replaced, or followed by a step.

        A set's ``after_draw`` (Pickaxe: "a saját körének 1. fázisa során egyel több
        kártyát húzhat", Gold Rush rulebook) belongs to phase 1: skipped with it (Hard Liquor), and
        drawn before the event's step at the end of phase 1 (Ranch, Law of the West)."""
        player = self.players[seat]
        if event.before_draw is not None:
            draws = yield from event.before_draw(self, seat)
            if not draws:
                return
        before = set(player.hand)
        if seat in self.ghosts:
            yield from self.draw(seat, 3)
        elif event.draw_phase is not None:
            yield from event.draw_phase(self, seat)
        else:
            draw_phase = self.seat_rules[seat].draw_phase
            if draw_phase is None:
                yield from self.draw(seat, self.phase_one_cards)
            else:
                yield from draw_phase(self, seat)
        for hook in self._after_draw:
            yield from hook(self, seat)
        if event.after_draw is not None and player.alive:
            self.phase_one_drawn = [slot for slot in player.hand if slot not in before]
            yield from event.after_draw(self, seat)

    def _after_turn(self: Game, seat: int) -> Step:
        """A ghost leaves; an event may give the seat another turn (Vendetta)."""
        if seat in self.ghosts:
            yield from self._ghost_leaves(seat)
            return
        after_turn = self.event_rules.after_turn
        if after_turn is not None and self.players[seat].alive:
            again = yield from after_turn(self, seat)
            if again:
                yield from self._turn(seat)
                if seat in self.ghosts:
                    yield from self._ghost_leaves(seat)

    def _ghost_leaves(self: Game, seat: int) -> Step:
        """At the end of his turn a ghost discards everything and is out again; the win is
        checked again, since he counted among the living meanwhile."""
        yield from self.discard_all(seat)
        player = self.players[seat]
        if player.equipment:  # Gold Rush: the equipment he bought as a ghost goes too
            gold_rush.discard_equipment(self, seat)
        self.ghosts.discard(seat)
        self.players[seat].alive = False
        self._set_order(self.order)
        self.event("ghost_leaves", seat)
        yield from self._check_win(seat, NO_SEAT)

    def bring_back(self: Game, seat: int, life: int, ghost: bool) -> None:
        """An eliminated seat is back among the living (a ghost only for his turn)."""
        player = self.players[seat]
        player.alive = True
        player.life = life
        if ghost:
            self.ghosts.add(seat)
        else:
            self.returned.add(seat)
        self._set_order(self.order)
        self.event("back", seat, value=life)

    def _next_turn(self: Game, seat: int) -> Step:
        """Whose turn is next, after ``seat``'s. When the turn comes round to the first seat
        again (the Sheriff; at a table without one, the opener's place, even when he is
        dead) a new round starts: the next event card is revealed first, and the round
        starts at the first seat under the rules of that event (its direction, its dead)."""
        if self._dead_turns:
            return (yield from self._next_turn_dead(seat))
        if self._event_pile_on and self._round_ends_after(seat):
            yield from self._before_first_seat_turn()
            return self._turn_seat_from(self.first_seat, 0)
        return self._turn_seat_from(seat, 1)

    def _next_turn_dead(self: Game, seat: int) -> Step:
        """``_next_turn`` when a set's rules give the eliminated a turn (the shadow
        gunslingers): every seat on the way that takes no turn under the event in force
        plays its dead turn (``Game._advance``'s hooks) in the order of the turns; a new
        round still starts at the first seat's place, before that seat's turn, dead or
        alive. A seat the event brings back (Ghost Town) plays its ghost turn instead."""
        first, start = 1, seat
        new_round = self._event_pile_on
        for _ in range(2):
            step = -1 if self.event_rules.counter_clockwise else 1
            order, at, n = self.order, self._order_pos[start], self.n
            for i in range(first, first + n):
                candidate = order[(at + step * i) % n]
                if new_round and candidate == self.first_seat:
                    yield from self._before_first_seat_turn()
                    break
                if self._turns_here(candidate):
                    return candidate
                for hook in self._dead_turns:
                    yield from hook(self, candidate)
            else:
                return seat
            first, start, new_round = 0, self.first_seat, False
        return seat

    def _turns_here(self: Game, seat: int) -> bool:
        """Whether ``seat`` takes a turn: alive, or brought back by the event in force."""
        returns = self.event_rules.returns_from_dead
        return self.players[seat].alive or (returns is not None and returns(self, seat))

    def _turn_seat_from(self: Game, seat: int, first: int) -> int:
        """The first seat that takes a turn, ``first`` steps on from ``seat`` or further, in
        the direction of the turns (counter-clockwise under an event that says so)."""
        step = -1 if self.event_rules.counter_clockwise else 1
        order, start, n = self.order, self._order_pos[seat], self.n
        for i in range(first, first + n):
            candidate = order[(start + step * i) % n]
            if self._turns_here(candidate):
                return candidate
        return seat

    def _round_ends_after(self: Game, seat: int) -> bool:
        """Whether the first seat's place comes before the next seat that takes a turn."""
        step = -1 if self.event_rules.counter_clockwise else 1
        order, start, n = self.order, self._order_pos[seat], self.n
        for i in range(1, n + 1):
            candidate = order[(start + step * i) % n]
            if candidate == self.first_seat:
                return True
            if self._turns_here(candidate):
                return False
        return False

    def _event_play_options(self: Game, seat: int, hand: list[tuple[int, int]],
                            actions: list[Action]) -> list[Action]:
        """The play phase's actions under the event: its extra plays added, the plays it
        forbids removed (Beer, a BANG! in one's own turn, a card put in play)."""
        event = self.event_rules
        if event.extra_plays is not None:
            actions.extend(event.extra_plays(self, seat, hand))
        if event.beer_forbidden or event.no_bang_in_own_turn or event.nothing_placed:
            actions = [a for a in actions if self._event_allows(seat, a)]
        return actions

    def _event_allows(self: Game, seat: int, action: Action) -> bool:
        if not isinstance(action, (Play, PlayPaid)):
            return True
        event, card = self.event_rules, action.card
        if event.beer_forbidden and self._card_rules[card].saves_from_dying:
            return False
        if event.nothing_placed and self._kinds[card] != "brown":
            return False
        return not (event.no_bang_in_own_turn and self.play_rules(seat, card).counts_as_bang)

    def _forced_plays(self: Game, seat: int) -> list[Action]:
        """The plays of the card that must be played when it can be (Law of the West),
        computed from that public card alone, so every engine agrees."""
        slot = self.must_play
        if slot == NO_SLOT or slot not in self.players[seat].hand:
            return []
        card = self.known[slot]
        options = self._event_play_options(seat, [(slot, card)],
                                           self._legal_play(seat, [(slot, card)]))
        return [a for a in options if isinstance(a, (Play, PlayPaid)) and a.slot == slot]
