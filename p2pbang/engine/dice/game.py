"""The BANG! Dice Game engine: deterministic, partial-information, driven by its inputs.

Same shape as the card game's engine (``engine/bang/game.py``): the rules are one generator, each
decision or chance request is a ``yield``, ``pending`` is what the game waits for and
``apply`` feeds it. Dice are public ``RandomInt(6**k)`` requests for k dice rolled at once;
the hidden roles are a ``Shuffle`` of role cards dealt one to each seat (``Deal``), so the
seeded and the cryptographic dealers answer this engine unchanged. Control flow depends on
public facts only (dice, life, arrows, revealed roles): every peer's engine walks one path.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Generator, Iterable, Mapping
from itertools import combinations
from typing import Any

from p2pbang.engine.actions import (
    NO_SEAT,
    NO_SLOT,
    Choose,
    Decision,
    End,
    Event,
    IllegalAction,
    Pass,
)
from p2pbang.engine.chance import (
    ChanceRequest,
    ChanceResult,
    Deal,
    RandomInt,
    Reveal,
    permutation_from_code,
)
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import SPECTATOR, GameOver, StepChecks, seat_taking_refusal
from p2pbang.engine.dice.actions import (
    APACHE_TAKE,
    BART_ARROW,
    BEER_TARGET,
    ELENA_GIVE,
    KIT_ARROW,
    PEDRO_ARROW,
    REROLL,
    SHOOT,
    SID_HEAL,
    SKIP,
    SLAB_DOUBLE,
    Reroll,
)
from p2pbang.engine.dice.end import team_end, three_player_end, winning_team
from p2pbang.engine.dice.expansion import ExpansionHooks, gather
from p2pbang.engine.dice.faces import (
    ARROW,
    ARROW_TOKENS,
    BASE_DIE,
    BEER,
    BULLS_EYE_1,
    BULLS_EYE_2,
    CHARACTER_LIFE,
    CHARACTERS,
    DEPUTY,
    DICE,
    DIE_FACES,
    DYNAMITE,
    DYNAMITE_HIT,
    GATLING,
    GATLING_HIT,
    INDIANS,
    MAX_DICE,
    OUTLAW,
    RENEGADE,
    ROLE_CARDS,
    SHERIFF,
    SHERIFF_ROLE_ID,
    SHOT,
    SIDES,
    THREE_PLAYER_ROLES,
    count,
    decode_faces,
    role_ids_for,
)
from p2pbang.engine.dice.sets import EXPANSIONS
from p2pbang.engine.dice.state import FEWEST_SEATS, MOST_SEATS, DiceLayout, DicePlayer
from p2pbang.engine.fastvalues import EVENTS as _EVENTS
from p2pbang.engine.fastvalues import decision as _fast_decision
from p2pbang.engine.fastvalues import event as _fast_event
from p2pbang.engine.fastvalues import shared_event as _shared_event
from p2pbang.engine.hidden_roles import (
    deal_face_down,
    dealt_role_slot,
    missing_role_refusal,
    role_claim_refusal,
)

Step = Generator[Any, Any, Any]
# The value of an "eliminated" event: the role turned face up.
_ROLE_INDEX = {SHERIFF: 0, DEPUTY: 1, OUTLAW: 2, RENEGADE: 3}


# The legal answers to a reroll decision, per number of dice and set of locked dice (a bit
# mask): computed once, since every turn asks the same few questions. Keyed by
# ``dice * 64 + mask`` (at most six dice: the mask is below 64), an integer being cheaper to
# make and hash than a pair.
_REROLL_ACTIONS: dict[int, tuple[Any, ...]] = {
    dice * 64 + mask: (Pass(), *(
        Reroll(combo) for size in range(1, dice + 1) for combo in combinations(range(dice), size)
        if not any(mask >> i & 1 for i in combo)))
    for dice in (DICE, MAX_DICE) for mask in range(1 << dice)
}
# The same answers as sets: checking a bot's or a person's reroll is one lookup.
_REROLL_SETS: dict[int, frozenset[Any]] = {
    key: frozenset(actions) for key, actions in _REROLL_ACTIONS.items()}
# The identities of the listed answers: a bot hands back one of these very objects, and an
# ``id`` is found without hashing the action's fields (they live as long as the module).
_REROLL_IDS: dict[int, frozenset[int]] = {
    key: frozenset(map(id, actions)) for key, actions in _REROLL_ACTIONS.items()}
MAX_SEATS = MOST_SEATS
_ROLE_COUNT = len(ROLE_CARDS)


# The faces of k dice rolled at once, for every RandomInt(6**k) value up to five dice (the
# sixth Old Saloon die is decoded on the fly): a roll is then one lookup.
_ROLLS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(decode_faces(value, k)) for value in range(SIDES ** k)) for k in range(DICE + 1))


# Every die of a turn of k dice, as the first roll's indices.
_ALL_DICE: tuple[tuple[int, ...], ...] = tuple(tuple(range(k)) for k in range(MAX_DICE + 1))
# The chance request for rolling k dice: immutable values, made once.
_ROLL_REQUESTS: tuple[RandomInt, ...] = tuple(RandomInt(SIDES ** k) for k in range(MAX_DICE + 1))
# Answers to the Choose decisions, made once: a decision's options are small integers.
_CHOICES: dict[int, Choose] = {v: Choose(v) for v in range(SKIP, 16)}
_CHOICE_LISTS: dict[tuple[int, ...], tuple[Choose, ...]] = {}  # per options tuple


_Facts = tuple[int, int, int, list[Event | None]]
_FACTS: dict[tuple[int, ...], _Facts] = {}


def _roll_facts(dice: tuple[int, ...]) -> _Facts:
    """What a turn asks of the dice showing, remembered per roll (there are few distinct
    ones): the "roll" event's value, the bit mask of the Dynamites, how many there are, and
    the "roll" event per seat once made (an event is an immutable value: one is enough)."""
    facts = _FACTS.get(dice)
    if facts is None:
        if len(_FACTS) > 100_000:  # Old Saloon's codes make more rolls: keep it bounded
            _FACTS.clear()
        mask = sum(1 << i for i, face in enumerate(dice) if face == DYNAMITE)
        facts = _FACTS[dice] = (_pack_dice(list(dice)), mask, dice.count(DYNAMITE),
                                [None] * MAX_SEATS)
    return facts


def _dynamite_mask(dice: tuple[int, ...]) -> int:
    return _roll_facts(dice)[1]


def _faces_of(value: int, k: int) -> tuple[int, ...] | list[int]:
    return _ROLLS[k][value] if k <= DICE else decode_faces(value, k)


def reach_steps(size: int, face: int, character: str) -> tuple[int, ...]:
    """The steps round a ring of ``size`` living players (both ways) that a Bull's Eye of
    ``face`` thrown by ``character`` reaches."""
    reach = {1} if face == BULLS_EYE_1 else {2}
    if character == "calamity_janet":
        reach = {1, 2}
    if character == "rose_doolan":
        reach = reach | {d + 1 for d in reach}
    if size <= 3:  # X3: with 2 or 3 players left a Bull's Eye 2 counts as 1
        reach = reach | {1}
    return tuple(step * d for d in sorted(reach) if 2 * d <= size for step in (1, -1))


# Bull's Eye steps by (players alive, face, character): see ``DiceGame._reach``. At most
# 8 x 2 x (characters) entries.
_STEPS: dict[tuple[int, int, str], tuple[int, ...]] = {}
# Characters whose abilities act when they roll Arrows (_arrows_rolled handles them).
_ARROW_ABILITIES = frozenset({"apache_kid", "elena_fuente"})
# Characters whose abilities act after the Beers even without a Gatling (Kit Carlson with
# fewer than the Gatling's dice, Suzy Lafayette).
_AFTER_BEERS = frozenset({"kit_carlson", "suzy_lafayette"})
# Characters whose abilities act while they lose life (_hurt's full path handles them).
_NO_HITS: frozenset[int] = frozenset()
# The gathered hooks per tuple of expansion names (a handful: made once each).
_HOOKS: dict[tuple[str, ...], ExpansionHooks] = {}
_HURT_ABILITIES = frozenset({"vera_custer", "bart_cassidy", "pedro_ramirez", "el_gringo"})


# The commonest events by seat (or seat pair) and a small integer, instead of by their field
# tuple: a list index and an integer key cost less than building, hashing and comparing a
# six-field tuple, at ~175 of these events a game. Each holds the same shared objects as
# ``fastvalues.EVENTS``. Keys: turn number; arrows left; Bull's Eye face; life * 64 + points
# (points lost or gained stay below 64: at most the nine arrows and the Chief's two).
_TURNS: list[dict[int, Event]] = [{} for _ in range(MAX_SEATS)]
_ARROWS: list[dict[int, Event]] = [{} for _ in range(MAX_SEATS)]
_AIMS: list[dict[int, Event]] = [{} for _ in range(MAX_SEATS * MAX_SEATS)]  # seat * 8 + target
_DAMAGE: list[dict[int, Event]] = [{} for _ in range(MAX_SEATS * (MAX_SEATS + 1))]  # by source
_HEALS: list[dict[int, Event]] = [{} for _ in range(MAX_SEATS)]


def _kept(table: dict[int, Event], key: int, kind: str, seat: int, target: int, value: int,
          life: int) -> Event:
    """The shared event ``(kind, seat, target, -1, value, life)``, kept in ``table`` under
    ``key`` (on a miss; hot callers look ``table`` up inline first)."""
    made = table[key] = _shared_event((kind, seat, target, -1, value, life))
    return made


class DiceGame(StepChecks):
    """A game of BANG! The Dice Game as seen by ``viewer`` (a seat, ``SPECTATOR``, or ``None``
    for the all-seeing engine of simulations and audits)."""

    def __init__(self, players: int, viewer: int | None = None,
                 layout: DiceLayout | None = None, expansions: Iterable[str] = ()) -> None:
        if not FEWEST_SEATS <= players <= MOST_SEATS:
            raise ValueError(f"the dice game takes {FEWEST_SEATS} to {MOST_SEATS} players, "
                             f"not {players}")
        names = sorted(set(expansions))
        unknown = [name for name in names if name not in EXPANSIONS]
        if unknown:
            raise ValueError(f"unknown dice game expansion {', '.join(unknown)}; "
                             f"the expansions are: {', '.join(sorted(EXPANSIONS))}")
        # The hooks of the expansions in play (``engine/dice/expansion.py``), each kind in a
        # tuple the rules loop over at its moment (empty without expansions).
        hooks = _HOOKS.get(tuple(names))
        if hooks is None:
            hooks = _HOOKS[tuple(names)] = gather(tuple(EXPANSIONS[name] for name in names))
        self._hooks = hooks
        # An arrow is a regular token unless an expansion's token (the Chief's Arrow) can be
        # taken instead: the common case skips the hooks.
        self._plain_arrows = not hooks.take_token
        # Whether Old Saloon is on the table: the interfaces read it (its dice, its help);
        # no rule here does.
        self.saloon = "old-saloon" in names
        self._expansions = tuple(names)
        if viewer is not None and viewer != SPECTATOR and not 0 <= viewer < players:
            raise ValueError(f"viewer must be a seat in 0..{players - 1}, or SPECTATOR")
        if layout is not None:
            layout.validate()
            if len(layout.roles) != players:
                raise ValueError("the layout must seat every player")
            if viewer is not None:
                raise ValueError("only the all-seeing engine starts from a layout")
        self.n = players
        self.viewer = viewer
        self.players = [DicePlayer(seat) for seat in range(players)]
        # An expansion's own tokens take the place of some of the nine (Old Saloon's Chief's
        # Arrow: the rulebook's attack example adds up to 8 regular arrows plus the Chief's).
        self.arrow_tokens = ARROW_TOKENS - hooks.tokens
        self.arrows = self.arrow_tokens  # regular arrow tokens in the middle of the table
        self.dice: list[int] = []  # the current turn's die codes (faces.symbol/weight)
        self.kinds: list[int] = []  # which die each is: base, Loudmouth or Coward
        self.chief = NO_SEAT  # who holds the Indian Chief's Arrow (an expansion's token), or
        # NO_SEAT: in the middle, or not in the game
        self.sheriff = NO_SEAT
        self.current = NO_SEAT
        self.turn = 0
        self.result: End | None = None
        self.history: list[Any] = []
        self.events: list[Event] = []
        # Public tally of life taken: (source, target) -> points. Bots read it to guess roles.
        self.damage: Counter[tuple[int, int]] = Counter()
        self.order: list[int] = list(range(players))
        self._ring: list[int] = list(range(players))
        self._living: tuple[int, ...] = tuple(range(players))  # the ring's seats, sorted
        # shoot_options for this ring, by seat * 16 + face (faces are below 16)
        self._shots: dict[int, tuple[int, ...]] = {}
        # The Bull's Eye decision per (seat, face) and the Beer decision per seat, for this
        # ring of the living (immutable values, asked turn after turn: made once per ring).
        self._aims: dict[int, Decision] = {}  # by seat * 16 + face
        self._beers: dict[int, Decision] = {}
        self._layout = layout
        self._reroll_key = DICE * 64  # dice * 64 + locked mask of the pending reroll decision
        self._flow = self._run()
        self.pending: Decision | ChanceRequest | End = next(self._flow)

    @classmethod
    def from_choice(cls, choice: GameChoice, viewer: int | None = None) -> DiceGame:
        """The dice game a table's ``GameChoice`` names (game "dice", its seats and
        expansions; the dice game has no variants)."""
        if choice.game != "dice" or choice.variants:
            raise ValueError(f"this engine plays the dice game, not {choice.label()}")
        return cls(choice.seats, viewer, expansions=choice.expansions)

    @property
    def choice(self) -> GameChoice:
        """The choice this engine plays (the contract's ``choice``; made when asked: only a
        search rebuilding the game asks)."""
        return GameChoice.make("dice", self.n, self._expansions)

    # ------------------------------------------------------------------ public interface

    def _check_chance(self, pending: ChanceRequest, result: Any) -> str | None:
        """Dealt and revealed cards of this game are role cards."""
        if isinstance(pending, RandomInt):
            return None
        shown = [v for v in result.values if v is not None]
        if isinstance(pending, (Deal, Reveal)) and not all(
                0 <= v < len(ROLE_CARDS) for v in shown):
            return "a dealt or revealed card of the dice game is a role card"
        if (isinstance(pending, Deal) and self.viewer in (None, pending.seat)
                and len(shown) != len(result.values)):
            return "the receiving seat and the all-seeing engine must see the role dealt"
        return None

    def apply(self, action: Any) -> list[Event]:
        """Feed the pending step its answer; return the events it caused (state unchanged and
        ``IllegalAction`` raised when it does not fit)."""
        # The answers simulations give most (a roll in range, a listed choice or reroll) are
        # recognised inline; ``check`` judges everything else and says what is wrong.
        pending = self.pending
        kind = type(pending)
        if kind is RandomInt:
            values = action.values if type(action) is ChanceResult else ()
            plain = (len(values) == 1 and type(values[0]) is int
                     and 0 <= values[0] < pending.bound)
        elif kind is Deal:  # a role card dealt (one slot), as every all-seeing engine sees it
            values = action.values if type(action) is ChanceResult else ()
            plain = (len(values) == 1 == len(pending.slots) and type(values[0]) is int
                     and 0 <= values[0] < _ROLE_COUNT)
        elif kind is Decision:
            if pending.kind == REROLL:
                plain = type(action) is Pass or id(action) in _REROLL_IDS[self._reroll_key] or (
                    type(action) is Reroll and type(action.dice) is tuple
                    and action in _REROLL_SETS[self._reroll_key])
            else:
                plain = (type(action) is Choose and type(action.value) is int
                         and action.value in pending.options)
        else:
            plain = False
        if not plain:
            reason = self.check(action)
            if reason is not None:
                raise IllegalAction(reason)
        self.events = events = []
        self.history.append(action)
        self.pending = self._flow.send(action)
        return events

    def legal_actions(self) -> list[Any]:
        """Every legal answer to the pending decision (all public: any engine lists them)."""
        pending = self.pending
        if not isinstance(pending, Decision):
            return []
        if pending.kind == REROLL:
            return list(_REROLL_ACTIONS[self._reroll_key])
        listed = _CHOICE_LISTS.get(pending.options)
        if listed is None:
            if len(_CHOICE_LISTS) > 10_000:
                _CHOICE_LISTS.clear()
            choices = _CHOICES
            listed = _CHOICE_LISTS[pending.options] = tuple(
                choices[o] if o in choices else Choose(o) for o in pending.options)
        return list(listed)

    def take_seat(self, seat: int, cards: Mapping[int, int]) -> None:
        """Make this observer's engine seat ``seat``'s (``engine/contract.py``, taking a
        seat). The only hidden card of the Dice Game is a role: ``cards`` maps the seat's role
        slot to its role card id once that was dealt, and is empty before (or at a table of
        face-up roles). ``ValueError`` and nothing changed when it does not fit."""
        reason = self._seat_refusal(seat, cards)
        if reason is not None:
            raise ValueError(reason)
        player = self.players[seat]
        for role_id in cards.values():
            player.role = ROLE_CARDS[role_id]
        self.viewer = seat

    def _seat_refusal(self, seat: int, cards: Mapping[int, int]) -> str | None:
        """Why ``take_seat(seat, cards)`` would be refused, or ``None``."""
        reason = seat_taking_refusal(self, seat, cards)
        if reason is not None:
            return reason
        player = self.players[seat]
        pending = self.pending
        role_slot = dealt_role_slot(pending, player.role_slot)
        for slot, role_id in cards.items():
            if role_slot == NO_SLOT or slot != role_slot:
                return f"seat {seat} was never shown slot {slot}"
            reason = role_claim_refusal(self.players, player, role_id, role_ids_for(self.n),
                                        ROLE_CARDS, SHERIFF_ROLE_ID)
            if reason is not None:
                return reason
        return missing_role_refusal(seat, player, role_slot, cards)

    def alive_seats(self) -> list[int]:
        return list(self._ring)

    def distance(self, source: int, target: int) -> int:
        """Seats between two living players the short way round, skipping the eliminated."""
        ring = self._ring
        k = (ring.index(target) - ring.index(source)) % len(ring)
        return min(k, len(ring) - k)

    def shoot_options(self, seat: int, face: int) -> tuple[int, ...]:
        """Seats a Bull's Eye of ``face`` can hit from ``seat`` (remembered until the ring of
        the living changes: the same shots are aimed turn after turn)."""
        known = self._shots.get(seat * 16 + face)
        if known is None:
            known = self._shots[seat * 16 + face] = self._reach(seat, face)
        return known

    def _reach(self, seat: int, face: int) -> tuple[int, ...]:
        """The targets, from the steps round the ring that a face and character reach.

        Why the steps are kept and not the targets: the steps depend only on the number of
        the living, the face and the character (a handful of cases), while the targets also
        depend on the seating order, of which games meet thousands; a table of targets missed
        nearly every time."""
        ring = self._ring
        size = len(ring)
        character = self.players[seat].character
        steps = _STEPS.get((size, face, character))
        if steps is None:
            steps = _STEPS[size, face, character] = reach_steps(size, face, character)
        here = ring.index(seat)
        targets = {ring[(here + step) % size] for step in steps}
        targets.discard(seat)
        return tuple(sorted(targets))

    # ------------------------------------------------------------------ validation

    def _check_decision(self, d: Decision, action: Any) -> str | None:
        if d.kind == REROLL:
            if isinstance(action, Pass):
                return None
            if not isinstance(action, Reroll):
                return "choose dice to reroll (Reroll) or keep them (Pass)"
            dice = action.dice
            if (not isinstance(dice, tuple) or not dice
                    or any(type(i) is not int for i in dice)):
                return "a reroll names at least one die index"
            top = len(self.dice) - 1
            if list(dice) != sorted(set(dice)) or not all(0 <= i <= top for i in dice):
                return f"die indices are distinct, ascending, in 0..{top}"
            if (self.players[d.seat].character != "black_jack"
                    and any(self.dice[i] == DYNAMITE for i in dice)):
                return "a Dynamite cannot be rerolled"
            return None
        if not isinstance(action, Choose) or type(action.value) is not int:
            return f"answer this {d.kind} decision with Choose"
        if action.value not in d.options:
            return f"{action.value} is not one of {list(d.options)}"
        return None

    def _locked_mask(self, seat: int) -> int:
        """The dice that may not be rerolled: Dynamites, except for Black Jack."""
        if self.players[seat].character == "black_jack":
            return 0
        return _dynamite_mask(tuple(self.dice))

    # ------------------------------------------------------------------ helpers

    def _event(self, kind: str, seat: int = NO_SEAT, target: int = NO_SEAT,
               value: int = 0) -> None:
        """Record an event. (The commonest ones, turn, arrow, aim, damage and heal, are
        appended where they happen, without this call: they are most of a game's events.
        Damage and heal events carry the life left in ``life``.)"""
        key = (kind, seat, target, -1, value, -1)
        self.events.append(_EVENTS.get(key) or _shared_event(key))

    def _next_alive(self, seat: int) -> int:
        """The next living seat after ``seat`` in the seating order. While ``seat`` lives
        it is the next one in the ring of the living (the order with the dead left out)."""
        if self.players[seat].alive:
            ring = self._ring
            return ring[(ring.index(seat) + 1) % len(ring)]
        n = len(self.order)
        pos = self.order.index(seat)
        for step in range(1, n + 1):
            candidate = self.order[(pos + step) % n]
            if self.players[candidate].alive:
                return candidate
        return seat

    def _seats_from(self, seat: int) -> list[int]:
        pos = self.order.index(seat)
        return self.order[pos:] + self.order[:pos]

    def _set_order(self, order: list[int]) -> None:
        self.order = order
        self._ring = [s for s in order if self.players[s].alive]
        self._living = tuple(sorted(self._ring))
        self._forget_ring()

    def _forget_ring(self) -> None:
        """Drop what was worked out for the ring of the living (it just changed)."""
        self._shots.clear()
        self._aims.clear()
        self._beers.clear()

    def _decide(self, seat: int, kind: str, options: tuple[int, ...] = (),
                source: int = NO_SEAT, needed: int = 0) -> Step:
        action = yield _fast_decision(seat, kind, options, source, needed)
        return action

    def _yes(self, seat: int, kind: str, source: int = NO_SEAT) -> Step:
        action = yield from self._decide(seat, kind, (0, 1), source)
        return action.value == 1

    def _heal(self, seat: int, amount: int) -> None:
        player = self.players[seat]
        gained = min(amount, player.max_life - player.life)
        player.life += gained
        life = player.life
        heals = _HEALS[seat]
        self.events.append(heals.get(life * 64 + gained)
                           or _kept(heals, life * 64 + gained, "heal", seat, NO_SEAT, gained, life))

    # ------------------------------------------------------------------ setup

    def _run(self) -> Step:
        """The game: the set-up, then turn after turn until a win raises ``GameOver``.

        Why the turn is written out here and not in a sub-generator of its own: every step of
        a game resumes this frame and each ``yield from`` level below it, so one level less is
        felt at every step. A turn ends early (its player eliminated) by leaving the roll loop
        with the player dead: nothing after it resolves."""
        try:
            if self._layout is None:
                yield from self._setup()
            else:
                self._lay_out(self._layout)
            seat = self.current
            # The expansions' hooks of a turn's start and of each roll, read once per game
            # (an empty tuple is false: the base game skips them with one test).
            choose_dice_hooks, after_roll_hooks = self._hooks.choose_dice, self._hooks.after_roll
            while True:
                player = self.players[seat]
                self.current = seat
                self.turn += 1
                turns = _TURNS[seat]
                self.events.append(turns.get(self.turn)
                                   or _kept(turns, self.turn, "turn", seat, NO_SEAT, self.turn, -1))
                if player.character == "sid_ketchum":
                    choice = yield from self._decide(seat, SID_HEAL, self._living)
                    self._heal(choice.value, 1)
                rolls_left = 3 + (player.character == "lucky_duke")
                self.kinds = [BASE_DIE] * DICE
                if choose_dice_hooks:
                    for choose_dice in choose_dice_hooks:
                        yield from choose_dice(self, seat, player)
                size = len(self.kinds)
                self.dice = [ARROW] * size
                reroll: tuple[int, ...] = _ALL_DICE[size]
                late_arrows = player.character == "bill_noface"
                dice, kinds = self.dice, self.kinds
                other_dice = any(kinds)  # base dice show their face as their code
                while True:
                    k = len(reroll)
                    result = yield _ROLL_REQUESTS[k]
                    rolls_left -= 1
                    faces = _ROLLS[k][result.values[0]] if k <= DICE else decode_faces(
                        result.values[0], k)
                    if other_dice:
                        for index, face in zip(reroll, faces, strict=True):
                            dice[index] = DIE_FACES[kinds[index]][face]
                        rolled = [dice[i] for i in reroll]
                    else:
                        if k == size:  # the turn's first roll (or every die again)
                            dice[:] = faces
                        else:
                            for index, face in zip(reroll, faces, strict=True):
                                dice[index] = face
                        rolled = faces
                    showing = tuple(dice)
                    packed, mask, dynamites, roll_events = _FACTS.get(
                        showing) or _roll_facts(showing)
                    made = roll_events[seat]
                    if made is None:
                        made = roll_events[seat] = _fast_event("roll", seat, NO_SEAT, -1, packed)
                    self.events.append(made)
                    # Immediate results, after each roll: Arrows (one per Arrow just rolled;
                    # Bill Noface only after his last roll), then Broken Arrows, then Bullets.
                    # (Arrows and Dynamites are never double faces: a plain count will do.)
                    if not late_arrows and ARROW in rolled:
                        arrows = rolled.count(ARROW)
                        if arrows < self.arrows and self._plain_arrows and \
                                player.character not in _ARROW_ABILITIES:
                            # The common case, without a sub-generator: fewer Arrows than
                            # tokens in the middle (no Indians), no expansion's token to
                            # take, nobody to hand one to.
                            taken = _ARROWS[seat]
                            for _ in range(arrows):
                                self.arrows = left = self.arrows - 1
                                player.arrows += 1
                                self.events.append(taken.get(left) or _kept(
                                    taken, left, "arrow", seat, NO_SEAT, left, -1))
                        else:
                            yield from self._arrows_rolled(seat, arrows)
                    if after_roll_hooks:
                        for after_roll in after_roll_hooks:
                            yield from after_roll(self, seat, list(rolled))
                    if not player.alive:
                        break  # the turn is over: nothing more resolves
                    if dynamites >= 3:
                        # X1: the turn ends at once with a life lost; the other dice still
                        # resolve.
                        self._event("dynamite", seat)
                        yield from self._hurt([(seat, 1)], NO_SEAT, DYNAMITE_HIT)
                        break
                    if rolls_left == 0:
                        break
                    # The answers to this decision, looked up once for the check and bots.
                    self._reroll_key = size * 64 + (
                        0 if player.character == "black_jack" else mask)
                    action = yield _fast_decision(seat, REROLL, showing, NO_SEAT, rolls_left)
                    if isinstance(action, Pass):
                        break
                    reroll = action.dice
                if late_arrows and player.alive:
                    yield from self._arrows_rolled(seat, self.dice.count(ARROW))
                if not player.alive:
                    seat = self._next_alive(seat)
                    continue
                # The kept dice, in the rulebook's order: Bull's Eyes, Beers, then the
                # Gatling (``_gatling_and_after``). A double face counts as two results,
                # each used on its own; base dice have none, so a plain count will do.
                # (Written out here, not in a sub-generator, for the reason given above:
                # the Bull's Eye and Beer decisions are a quarter of a game's steps.)
                tally = dice.count if not other_dice else (
                    lambda face, kept=dice: count(kept, face))
                beers = tally(BEER)
                slab_used = False
                shots: list[tuple[int, int]] = []
                bulls_eyes = [BULLS_EYE_1] * tally(BULLS_EYE_1) + [BULLS_EYE_2] * tally(
                    BULLS_EYE_2)
                for face in bulls_eyes:
                    aim = self._aims.get(seat * 16 + face)
                    if aim is None:
                        aim = self._aims[seat * 16 + face] = _fast_decision(
                            seat, SHOOT, self.shoot_options(seat, face), face)
                    target = (yield aim).value
                    # Shots land together after the last one is aimed: say each aim as it
                    # is taken.
                    aims = _AIMS[seat * MAX_SEATS + target]
                    self.events.append(
                        aims.get(face) or _kept(aims, face, "aim", seat, target, face, -1))
                    amount = 1
                    if (player.character == "slab_the_killer" and beers and not slab_used
                            and (yield from self._yes(seat, SLAB_DOUBLE, target))):
                        slab_used, beers, amount = True, beers - 1, 2
                    shots.append((target, amount))
                if shots:
                    # Both Bull's Eyes take effect at the same time.
                    yield from self._hurt(shots, seat, SHOT)
                    if not player.alive:
                        seat = self._next_alive(seat)
                        continue
                if player.character == "doc_holyday" and len(bulls_eyes) >= 3:
                    self._heal(seat, 2)
                # Jesse Jones: his life before the Beers counts (rulebook: at 4 life, two
                # Beers on himself heal 4).
                jesse_low = player.character == "jesse_jones" and player.life <= 4
                for _ in range(beers):
                    ask = self._beers.get(seat)
                    if ask is None:
                        ask = self._beers[seat] = _fast_decision(seat, BEER_TARGET, self._living)
                    target = (yield ask).value
                    self._heal(target, 2 if target == seat and jesse_low else 1)
                gatlings = tally(GATLING)
                if gatlings >= 2 or player.character in _AFTER_BEERS:
                    yield from self._gatling_and_after(seat, gatlings, len(bulls_eyes))
                seat = self._next_alive(seat)
        except GameOver as over:
            self.result = over.end
            self._event("game_over", value=len(over.end.winners))
            # This frame holds the game and the game holds it: a cycle that only the garbage
            # collector frees. The game is over, so the flow is handed to one that repeats
            # the end without holding the game, and a finished game is freed as soon as
            # nobody uses it (``apply`` refuses every input from here on anyway).
            self._flow = _repeat_end(over.end)
            yield over.end

    def _setup(self) -> Step:
        n = self.n
        code = yield RandomInt(math.factorial(n))
        self._set_order(permutation_from_code(code.values[0], n))
        self._event("seating", value=code.values[0])
        if n == 3:
            # Three players: Deputy, Outlaw and Renegade dealt face up; the Deputy starts.
            deal = yield RandomInt(6)
            roles = [THREE_PLAYER_ROLES[i] for i in permutation_from_code(deal.values[0], 3)]
            for seat, role in zip(self.order, roles, strict=True):
                self.players[seat].role, self.players[seat].role_public = role, True
                self._event("role", seat, value=THREE_PLAYER_ROLES.index(role))
            first = next(s for s in self.order if self.players[s].role == DEPUTY)
        else:
            pick = yield RandomInt(n)
            first = self.sheriff = pick.values[0]
            sheriff = self.players[first]
            sheriff.role, sheriff.role_public = SHERIFF, True
            others = [s for s in self._seats_from(first) if s != first]
            yield from deal_face_down(self.players, others, role_ids_for(n), SHERIFF_ROLE_ID,
                                      tuple(range(n - 1)), ROLE_CARDS)
        pool = [name for name, _ in CHARACTERS]
        pool += (name for name, _ in self._hooks.characters)
        for seat in self._seats_from(first):
            pick = yield RandomInt(len(pool))
            player = self.players[seat]
            player.character = pool.pop(pick.values[0])
            player.max_life = CHARACTER_LIFE[player.character] + 2 * (seat == self.sheriff)
            player.life = player.max_life
            self._event("character", seat, value=player.max_life)
        self.current = first

    def _lay_out(self, layout: DiceLayout) -> None:
        three = self.n == 3
        for seat, player in enumerate(self.players):
            player.role = layout.roles[seat]
            player.role_public = three or player.role == SHERIFF
            player.character = layout.characters[seat]
            if player.role == SHERIFF:
                self.sheriff = seat
            player.max_life = CHARACTER_LIFE[player.character] + 2 * (player.role == SHERIFF)
            player.life = layout.life[seat] if layout.life else player.max_life
            player.max_life = max(player.max_life, player.life)
            player.arrows = layout.arrows[seat] if layout.arrows else 0
        self.arrows = self.arrow_tokens - sum(p.arrows for p in self.players)
        if self.arrows < 1:
            raise ValueError(f"layout arrows: fewer than {self.arrow_tokens} in all")
        self.current = layout.first

    # ------------------------------------------------------------------ the turn

    def _arrows_rolled(self, seat: int, arrows: int) -> Step:
        """Take one arrow per Arrow rolled. Elena Fuente may hand one of them to anyone;
        Apache Kid may take the Indian Chief's Arrow from whoever holds it."""
        if not arrows:
            return
        player = self.players[seat]
        if (player.character == "apache_kid" and self.chief not in (NO_SEAT, seat)
                and (yield from self._yes(seat, APACHE_TAKE, self.chief))):
            self._event("chief_arrow", seat, self.chief)
            self.chief = seat
        if player.character == "elena_fuente":
            taker = (yield from self._decide(seat, ELENA_GIVE, tuple(sorted(self._ring)))).value
            if taker != seat:
                arrows -= 1
                self._event("arrow_given", seat, taker)
                yield from self._take_arrow(taker)
        for _ in range(arrows):
            if not player.alive:
                return
            if self.arrows > 1 and self._plain_arrows:
                # The common case, without a sub-generator: not the last arrow, no
                # expansion's token.
                self.arrows = left = self.arrows - 1
                player.arrows += 1
                taken = _ARROWS[seat]
                self.events.append(taken.get(left)
                                   or _kept(taken, left, "arrow", seat, NO_SEAT, left, -1))
                continue
            yield from self._take_arrow(seat)

    def _gatling_and_after(self, seat: int, gatlings: int, bulls_eyes: int) -> Step:
        """The kept dice after the Beers (the turn loop resolves the Bull's Eyes and Beers
        itself): the Gatling, then Kit Carlson's and Suzy Lafayette's abilities."""
        player = self.players[seat]
        if gatlings >= (2 if player.character == "willy_the_kid" else 3):
            self._event("gatling", seat, value=gatlings)
            self._drop_arrows(player)
            hits = [(s, 1) for s in self._ring
                    if s != seat and self.players[s].character != "paul_regret"]
            yield from self._hurt(hits, seat, GATLING_HIT)
            if not player.alive:
                return
        if player.character == "kit_carlson":
            for _ in range(gatlings):
                holders = tuple(s for s in sorted(self._ring) if self.players[s].arrows)
                if not holders:
                    break
                target = (yield from self._decide(seat, KIT_ARROW, (*holders, SKIP))).value
                if target != SKIP:
                    self.players[target].arrows -= 1
                    self.arrows += 1
                    self._event("arrow_discarded", target, seat)
        if player.character == "suzy_lafayette" and not bulls_eyes:
            self._heal(seat, 2)

    def _drop_arrows(self, player: DicePlayer) -> None:
        """All of a player's arrows go back to the pile, the Chief's Arrow too."""
        self.arrows += player.arrows
        player.arrows = 0
        if self.chief == player.seat:
            self.chief = NO_SEAT

    # ------------------------------------------------------------------ arrows and damage

    def _take_arrow(self, seat: int) -> Step:
        player = self.players[seat]
        if not player.alive:
            return
        token = False  # an expansion's token (the Chief's Arrow) taken instead of an arrow
        if self.chief == NO_SEAT and not self._plain_arrows:
            for take_token in self._hooks.take_token:
                if (yield from take_token(self, seat)):
                    token = True
                    break
        if not token:
            self.arrows = left = self.arrows - 1
            player.arrows += 1
            taken = _ARROWS[seat]
            self.events.append(taken.get(left)
                               or _kept(taken, left, "arrow", seat, NO_SEAT, left, -1))
        if self.pile() == 0:
            yield from self._indians()

    def pile(self) -> int:
        """Arrow tokens left in the middle, an expansion's (the Chief's Arrow) included."""
        return self.arrows + (self.chief == NO_SEAT and not self._plain_arrows)

    def _indians(self) -> Step:
        """X2: everyone loses a life per arrow held (Jourdonnais at most one), arrows return."""
        self._event("indians")
        held = {s: self.players[s].arrows + 2 * (s == self.chief) for s in self._ring}
        if self.chief != NO_SEAT and all(held[self.chief] > held[s]
                                         for s in self._ring if s != self.chief):
            held[self.chief] = 0  # the Chief's Arrow with strictly the most: no life lost
        hits = []
        for s in self._ring:
            p = self.players[s]
            if held[s]:
                hits.append((s, 1 if p.character == "jourdonnais" else held[s]))
            self._drop_arrows(p)
        yield from self._hurt(hits, NO_SEAT, INDIANS)

    def _hurt(self, hits: list[tuple[int, int]], source: int, why: str) -> Step:
        """Take the life points of ``hits`` at the same time, then eliminate the fallen."""
        gringo_hurt = False
        players = self.players
        # A seat taking some of these hits in their place (Old Saloon's Molly Stark), and
        # the indices of those hits.
        taker, taken = NO_SEAT, _NO_HITS
        hit_takers = self._hooks.hit_taker
        if hit_takers:
            for hit_taker in hit_takers:
                step = hit_taker(self, hits, source, why)
                if step is not None:
                    taker, taken = yield from step
        for index, (target, amount) in enumerate(hits):
            player = players[target]
            if not player.alive:
                continue
            if amount == 1 and taker == NO_SEAT and player.character not in _HURT_ABILITIES:
                # One point to a character whose abilities do not touch life loss: the
                # commonest hit, taken without walking the ability checks below.
                if player.life:
                    player.life = life = player.life - 1
                    hits_by = _DAMAGE[target * (MAX_SEATS + 1) + source + 1]
                    self.events.append(hits_by.get(life * 64 + 1) or _kept(
                        hits_by, life * 64 + 1, "damage", target, source, 1, life))
                    if source != NO_SEAT:
                        self.damage[source, target] += 1
                continue
            if why == SHOT and self.players[target].character == "vera_custer":
                amount -= 1
            if index in taken:
                self._event("takes_hit", taker, target, value=amount)
                target = taker
            player = self.players[target]
            lost = 0
            for _ in range(amount):
                if (player.character == "bart_cassidy" and why in (SHOT, GATLING_HIT)
                        and self.arrows >= 1 and self.pile() > 1
                        and (yield from self._yes(target, BART_ARROW, source))):
                    self.arrows -= 1
                    player.arrows += 1
                    self._event("arrow", target, value=self.arrows)
                    continue
                if player.life == 0:
                    break
                player.life -= 1
                lost += 1
                if (player.character == "pedro_ramirez" and player.arrows and player.life > 0
                        and why != INDIANS
                        and (yield from self._yes(target, PEDRO_ARROW, source))):
                    player.arrows -= 1
                    self.arrows += 1
                    self._event("arrow_discarded", target, target)
            if lost:
                life = player.life
                hits_by = _DAMAGE[target * (MAX_SEATS + 1) + source + 1]
                self.events.append(hits_by.get(life * 64 + lost) or _kept(
                    hits_by, life * 64 + lost, "damage", target, source, lost, life))
                if source != NO_SEAT:
                    self.damage[source, target] += lost
                if (player.character == "el_gringo" and why in (SHOT, GATLING_HIT)
                        and source not in (NO_SEAT, target)):
                    gringo_hurt = True
        for seat in self._ring:  # a plain walk first: most hits leave everyone standing
            if players[seat].life <= 0:
                fallen = [s for s in self._ring if players[s].life <= 0]
                yield from self._eliminate(fallen, source)
                break
        # El Gringo: whoever made him lose life takes one arrow for these simultaneous hits
        # (it may bring the Indians).
        if gringo_hurt and self.players[source].alive:
            yield from self._take_arrow(source)

    def _eliminate(self, fallen: list[int], killer: int) -> Step:
        yield from self._reveal_roles([self.players[s] for s in fallen])
        for seat in fallen:
            player = self.players[seat]
            player.alive = False
            player.life = 0
            self._drop_arrows(player)
            self._ring.remove(seat)
            self._living = tuple(sorted(self._ring))
            self._forget_ring()  # distances over the living changed
            self._event("eliminated", seat, killer, value=_ROLE_INDEX[player.role])
        for seat in self._ring:
            if self.players[seat].character == "vulture_sam":
                self._heal(seat, 2 * len(fallen))
        yield from self._check_win(fallen, killer)

    # ------------------------------------------------------------------ the end

    def _reveal_roles(self, players: list[DicePlayer]) -> Step:
        """Turn the hidden roles of ``players`` face up (a laid-out table's roles have no
        card slot: the all-seeing engine that plays it knows them already)."""
        hidden = [p for p in players if not p.role_public]
        dealt = [p for p in hidden if p.role_slot >= 0]
        if dealt:
            result = yield Reveal(tuple(p.role_slot for p in dealt))
            for p, role_id in zip(dealt, result.values, strict=True):
                p.role = ROLE_CARDS[role_id]
        for p in hidden:
            p.role_public = True

    def _check_win(self, fallen: list[int], killer: int) -> Step:
        """Decided from public facts (the Sheriff's fate, the roles of the dead); hidden roles
        are revealed only once the winning team is known, to name its seats."""
        if self.n == 3:
            end = three_player_end(self.players, fallen, killer, self._ring)
            if end is not None:
                raise GameOver(end)
            return
        team = winning_team(self.players, self.sheriff, self._ring)
        if team is None:
            return
        yield from self._reveal_roles(self.players)
        raise GameOver(team_end(team, self.players, self._ring))


def _repeat_end(end: End) -> Step:
    """The flow of a finished game: the end, whatever is sent (started, so it takes any)."""
    flow = _repeat(end)
    next(flow)
    return flow


def _repeat(end: End) -> Step:
    while True:
        yield end


def _pack_dice(dice: list[int]) -> int:
    """The die codes of a roll event, four bits each (the first die lowest)."""
    value = 0
    for code in reversed(dice):
        value = value * 16 + code
    return value
