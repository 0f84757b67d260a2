"""The seams through which cards and characters plug into the engine.

Why: ``game.py`` keeps the turn loop and the shared mechanisms (shots, damage, draw!, dying,
elimination, rewards, win checks); every card effect and character ability lives in the rule
module of its set and is reached through the named hooks below. A ``RuleSet`` is built once
per ``GameChoice`` (and cached); the engine resolves each seat's ``CharacterRules`` when the
characters are dealt and each card's ``CardRules`` by card id, so the hot path is an attribute
or tuple lookup, never a loop over modules. An expansion is a new module: it edits none of the
existing ones.

A hook that needs the game receives it as its first argument; ``Step`` hooks are generators
driven by the engine like its own rules (every decision or chance request is a ``yield``).
Hooks that steer control flow read public facts only (hand sizes, cards in play, life).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from p2pbang.engine.bang.catalog import CardDef, CharacterDef
from p2pbang.engine.bang.roles import SHERIFF_TABLE, RoleRules

if TYPE_CHECKING:
    from p2pbang.engine.actions import Ability, Action, Play
    from p2pbang.engine.bang.game import Game
    from p2pbang.engine.bang.position import Position

Step = Generator[Any, Any, Any]
Hand = list[tuple[int, int]]  # (slot, card) pairs of a hand this engine knows

# A brown card's effect, after the card left the hand: (game, seat, action).
Effect = Callable[["Game", int, "Play"], Step]
# Every legal Play of one hand card in the play phase: (game, seat, slot, card).
PlayOptions = Callable[["Game", int, int, int], "list[Action]"]
# A card in play that acts at the start of its owner's turn: (game, seat, slot) -> turn goes on?
TurnStart = Callable[["Game", int, int], Step]
# A card just answered a response for its holder: (game, seat).
OnAnswer = Callable[["Game", int], Step]
# Another player was just eliminated: (game, seat, eliminated seat).
OnElimination = Callable[["Game", int, int], Step]
# At the very start of the seat's turn, before any draw! (Vera Custer): (game, seat).
CharacterTurnStart = Callable[["Game", int], Step]
# The seat answered out of its turn with a hand card: (game, seat, card, response kind).
OnRespond = Callable[["Game", int, int, str], Step]
# Replaces the two-card draw of phase 1: (game, seat).
DrawPhase = Callable[["Game", int], Step]
# After a hit the seat survived: (game, seat, amount, source, card_player).
OnDamage = Callable[["Game", int, int, int, int], Step]
# The seat's hand just became empty: (game, seat).
OnHandEmpty = Callable[["Game", int], Step]
# Whether the seat's ability may be offered now, from public facts: (game, seat, decision kind).
AbilityUsable = Callable[["Game", int, str], bool]
# The Ability actions offered now: (game, seat, known hand, decision kind).
AbilityOptions = Callable[["Game", int, Hand, str], "list[Action]"]
# Carries out an Ability action: (game, seat, action).
AbilityEffect = Callable[["Game", int, "Ability"], Step]
# An event card just came into force: (game).
EventEnter = Callable[["Game"], Step]
# A step of one seat's turn under an event; returns whether the turn goes on, whether the
# seat draws in phase 1, or whether it plays again, as the hook's name says: (game, seat).
EventStep = Callable[["Game", int], Step]
# Extra plays an event allows in the play phase: (game, seat, known hand).
ExtraPlays = Callable[["Game", int, Hand], "list[Action]"]
# The effect of one of those extra plays, or None when the action is an ordinary play.
SpecialPlay = Callable[["Game", int, "Action"], "Step | None"]
# Whether an eliminated seat takes its turn under this event: (game, seat).
ReturnsFromDead = Callable[["Game", int], bool]

# Whole-table hooks (Gold Rush's nuggets and shop, the shadow-gunslinger variant): rules that
# belong to no single card or character.
# After the deal, before the first turn: (game).
TableSetup = Callable[["Game"], Step]
# A set places its own part of a laid-out position: (game, position, place), where
# ``place(cards, face_up)`` gives the cards their slots (``Game._lay_out``).
LayOut = Callable[["Game", "Position", Any], None]
# A set's own state for one game, from its seat count (``Game.set_state``).
NewState = Callable[[int], Any]
# More legal answers to a decision: (game, seat, known hand, decision kind). Given an empty
# hand it must answer from public facts alone (the engine asks so to steer control flow).
TableActions = Callable[["Game", int, Hand, str], "list[Action]"]
# Carries out one of those answers: (game, seat, action).
TableAct = Callable[["Game", int, "Action"], Step]
# After a wound: (game, seat, amount, source, life points lost, survived).
OnWound = Callable[["Game", int, int, int, int, bool], Step]
# A hand card was played or answered with, after its effect: (game, seat, card).
OnCardPlayed = Callable[["Game", int, int], Step]
# A seat is eliminated, before its cards are discarded: (game, seat, killer).
OnEliminated = Callable[["Game", int, int], Step]
# The killer's rewards of a set, before the roles' rewards: (game, eliminated, killer).
ExtraRewards = Callable[["Game", int, int], Step]
# After phase 1 of the seat's turn: (game, seat).
AfterDraw = Callable[["Game", int], Step]
# After the seat's turn: (game, seat) -> does the seat play another turn now?
TurnEnd = Callable[["Game", int], Step]
# A number for one seat, from public facts: (game, seat) (hand limit, extra draw! flips).
SeatNumber = Callable[["Game", int], int]
# A suit whose cards played by others miss the seat, or None: (game, seat) (Calumet).
ImmuneSuit = Callable[["Game", int], "str | None"]
# A yes/no fact about one seat, from public facts: (game, seat) (a shadow's fixed life).
SeatFact = Callable[["Game", int], bool]
# An eliminated seat's turn comes round (the shadow gunslinger): (game, seat).
DeadTurn = Callable[["Game", int], Step]
# The winners of a finished game, amended: (game, team, winners) -> winners.
AmendWinners = Callable[["Game", str, "tuple[int, ...]"], "tuple[int, ...]"]


@dataclass(frozen=True, slots=True)
class CardRules:
    """What one card name does. Defaults are a card with no effect beyond being held."""

    effect: Effect | None = None  # brown cards: played from the hand in the play phase
    play_options: PlayOptions | None = None  # who/what it may target; None: untargeted
    answers: frozenset[str] = frozenset()  # response decision kinds it answers (Missed!...)
    saves_from_dying: bool = False  # played at 0 life for its ``heals`` (Beer)
    heals: int = 0  # life points it gives (Beer: 1), before character bonuses
    heals_when_dying: bool = True  # ... only while more than two players live (Beer)
    placed_on_target: bool = False  # a blue card put in front of its target (Jail)
    turn_start: TurnStart | None = None  # acts at its owner's turn start (Dynamite, Jail)
    turn_start_order: int = 0  # lower first: Dynamite before Jail
    distance_plus: int = 0  # others see its owner this much farther (Mustang)
    distance_minus: int = 0  # its owner sees others this much nearer (Scope)
    barrels: int = 0  # draw!s for Hearts against a shot (Barrel)
    unlimited_bang: bool = False  # its owner may play any number of BANG! (Volcanic)
    counts_as_bang: bool = False  # playing it is a BANG! (the one-per-turn limit)
    costs_a_card: bool = False  # "+1": one more hand card discarded to play it (Dodge City)
    ignores_immunity: bool = False  # a suit immunity does not hold against it (Duel)
    on_answer: OnAnswer | None = None  # after it answered (Dodge: draw a card)
    # Green cards: ``effect`` and ``play_options`` are for using it from play (from the turn
    # after it was placed); ``answers`` lists the responses it may be used for out of turn.


@dataclass(frozen=True, slots=True)
class CharacterRules:
    """What one character does. Defaults are a character with no ability."""

    distance_plus: int = 0  # Paul Regret
    distance_minus: int = 0  # Rose Doolan
    check_flips: int = 1  # cards flipped for a draw!, the seat picks one (Lucky Duke)
    draw_phase: DrawPhase | None = None  # Jesse Jones, Kit Carlson...
    on_damage: OnDamage | None = None  # Bart Cassidy, El Gringo
    on_hand_empty: OnHandEmpty | None = None  # Suzy Lafayette
    takes_eliminated_cards: bool = False  # Vulture Sam
    on_elimination: OnElimination | None = None  # another player eliminated (Herb Hunter)
    turn_start: CharacterTurnStart | None = None  # Vera Custer
    on_respond: OnRespond | None = None  # answered out of turn (Molly Stark)
    immune_to_suit: str | None = None  # cards of this suit others play miss him (Apache Kid)
    silences_cards_in_play: bool = False  # in his turn no card in play works (Belle Star)
    hand_limit: int | None = None  # cards kept at the end of the turn; None: his life
    answers_with_any: frozenset[str] = frozenset()  # any hand card answers these (Elena)
    # Extra life points a card name gives this seat (Tequila Joe: Beer gives 2).
    extra_heal: dict[str, int] = field(default_factory=dict)
    shot_needed: int = 1  # Missed! needed to cancel this seat's BANG! (Slab the Killer)
    barrels: int = 0  # a Barrel of his own (Jourdonnais)
    unlimited_bang: bool = False  # Willy the Kid
    # Card names this seat may use as another card name (Calamity Janet): name -> as name.
    plays_as: dict[str, str] = field(default_factory=dict)
    # Extra response kinds a card name answers for this seat (Calamity Janet).
    extra_answers: dict[str, frozenset[str]] = field(default_factory=dict)
    ability_usable: AbilityUsable | None = None  # "at any time" abilities (Sid Ketchum)
    ability_options: AbilityOptions | None = None
    ability: AbilityEffect | None = None


@dataclass(frozen=True, slots=True)
class EventRules:
    """What one event card (High Noon, A Fistful of Cards) changes while it is in force.

    Why one object of modifiers: the turn loop asks the event in force at fixed moments
    (its entry, a turn's start, phase 1, the play phase, a turn's end) and reads a few
    constants of the base game from it (cards drawn, BANG! per turn, Beer allowed). The
    defaults are the base game's answers, so a game without events behaves exactly as before.
    """

    on_enter: EventEnter | None = None  # once, when revealed (The Daltons, Russian Roulette)
    turn_start: EventStep | None = None  # before anything else of a turn -> turn goes on?
    draw_delta: int = 0  # cards drawn in phase 1 beyond the usual (Thirst -1, Train +1)
    before_draw: EventStep | None = None  # -> does the seat draw in phase 1? (Hard Liquor)
    draw_phase: EventStep | None = None  # replaces every phase 1 (Peyote, Abandoned Mine)
    after_draw: EventStep | None = None  # at the end of phase 1 (Law of the West, Ranch)
    after_action: EventStep | None = None  # after each play-phase action (Abandoned Mine)
    after_turn: EventStep | None = None  # after a turn's end -> plays again? (Vendetta)
    bangs_per_turn: int = 1  # Shootout: 2
    no_bang_in_own_turn: bool = False  # The Sermon
    beer_forbidden: bool = False  # The Reverend
    nothing_placed: bool = False  # The Judge: no card is put in play in front of anyone
    suit: str | None = None  # every card counts as this suit (Blessing, Curse)
    no_abilities: bool = False  # Hangover
    counter_clockwise: bool = False  # Gold Rush: turns only; effects stay clockwise
    silences_cards_in_play: bool = False  # Lasso
    flat_distance: bool = False  # Ambush: 1 between any two, plus cards in play
    ghosts: bool = False  # Ghost Town: the returning dead cannot die, gone at turn end
    returns_from_dead: ReturnsFromDead | None = None  # who comes back for his turn
    revive: EventStep | None = None  # how he comes back (Ghost Town, Dead Man)
    extra_plays: ExtraPlays | None = None  # Ricochet, Sniper
    special_play: SpecialPlay | None = None  # their effect


@dataclass(frozen=True, slots=True)
class EventDef:
    """One event card: its rules name and its deck; ``final`` cards are placed last."""

    name: str
    deck: str
    final: bool = False


@dataclass(frozen=True, slots=True)
class TableRules:
    """What a set changes for the whole table. Every hook is optional; a game whose sets
    have none runs the base turn loop untouched (the engine skips empty hook lists)."""

    setup: TableSetup | None = None
    lay_out: LayOut | None = None  # the set's places in a position (the shop, nuggets...)
    actions: TableActions | None = None  # more answers to a decision (Buy, Sell...)
    act: TableAct | None = None  # carries out an answer listed by ``actions``
    on_wound: OnWound | None = None  # one nugget per wound, Boots, Lucky Charm...
    on_card_played: OnCardPlayed | None = None  # Madam Yto: any Beer played
    on_eliminated: OnEliminated | None = None  # equipment discarded, bounties noted
    rewards: ExtraRewards | None = None  # Wanted: the killer's bounty
    after_draw: AfterDraw | None = None  # Pickaxe: one card more in phase 1
    turn_end: TurnEnd | None = None  # Gold Rush, Don Bell: another turn
    hand_limit: SeatNumber | None = None  # Gun Belt: 8 (the larger limit holds)
    extra_flips: SeatNumber | None = None  # Horseshoe: one more card for a draw!
    immune_suit: ImmuneSuit | None = None  # Calumet: Diamonds
    life_fixed: SeatFact | None = None  # a shadow gunslinger neither gains nor loses life
    dead_turn: DeadTurn | None = None  # the shadow gunslinger's turn


NO_CARD_RULES = CardRules()
NO_CHARACTER_RULES = CharacterRules()
NO_EVENT_RULES = EventRules()


@dataclass(frozen=True, slots=True)
class RuleModule:
    """One set's rules: the cards it adds to the deck, its characters, and what they do."""

    name: str
    cards: tuple[CardDef, ...]
    characters: tuple[CharacterDef, ...]
    card_rules: dict[str, CardRules]
    character_rules: dict[str, CharacterRules]
    weapon_reach: dict[str, int]
    most_seats: int = 7  # the largest table its role deck allows
    fewest_seats: int = 4  # the smallest table it allows
    # Tables whose roles work differently, by seat count (Dodge City: 3 players).
    role_rules: dict[int, RoleRules] = field(default_factory=dict)
    # An event deck (High Noon, A Fistful of Cards): its cards, the final one last.
    events: tuple[EventDef, ...] = ()
    event_rules: dict[str, EventRules] = field(default_factory=dict)
    # Cards outside the draw pile (Gold Rush's equipment): their ids follow every deck card.
    equipment: tuple[CardDef, ...] = ()
    table_rules: TableRules | None = None
    # The set's own state for one game (Gold Rush's nuggets and shop, the shadow on turn),
    # made when a game with the set starts and kept in ``Game.set_state`` under ``name``:
    # the core classes hold nothing a single set needs.
    new_state: NewState | None = None
    # How a ``GameChoice`` names the set: "expansion" or "variant" ("base": the base game),
    # and where it stands among its kind (the order the sets came out, and are merged and
    # listed in). ``engine/bang/sets/__init__.py`` finds the modules by these.
    kind: str = "expansion"
    order: int = 0
    # Listed but not yet playable everywhere (engine, dealer, tables, bots, interfaces):
    # choosing it is refused with a clear message (``engine/choice.py``).
    unfinished: bool = False


class RuleSet:
    """The rules of one game, merged from its modules once; lookups only after that."""

    def __init__(self, modules: tuple[RuleModule, ...]) -> None:
        if not modules:
            raise ValueError("a rule set needs at least one module")
        self.modules = modules
        self.most_seats = max(m.most_seats for m in modules)
        self.fewest_seats = min(m.fewest_seats for m in modules)
        self._role_rules: dict[int, RoleRules] = {}
        for module in modules:
            self._role_rules.update(module.role_rules)
        # The playing cards first (ids 0..deck_size-1: the draw pile), then the equipment.
        deck_cards = tuple(c for m in modules for c in m.cards)
        self.deck_size = len(deck_cards)
        self.cards: tuple[CardDef, ...] = deck_cards + tuple(
            c for m in modules for c in m.equipment)
        self.equipment_ids: tuple[int, ...] = tuple(range(self.deck_size, len(self.cards)))
        tables = [m.table_rules for m in modules if m.table_rules is not None]
        self.table_rules: tuple[TableRules, ...] = tuple(tables)
        self.characters: tuple[CharacterDef, ...] = tuple(
            c for m in modules for c in m.characters)
        card_rules: dict[str, CardRules] = {}
        character_rules: dict[str, CharacterRules] = {}
        self.weapon_reach: dict[str, int] = {}
        for module in modules:
            card_rules.update(module.card_rules)
            character_rules.update(module.character_rules)
            self.weapon_reach.update(module.weapon_reach)
        self.by_name: dict[str, CardRules] = card_rules
        self._character_rules = character_rules
        self._character_defs = {c.name: c for c in self.characters}
        # Per card id: its rules and its reach as a weapon (0: not a weapon).
        self.card_rules: tuple[CardRules, ...] = tuple(
            card_rules.get(c.name, NO_CARD_RULES) for c in self.cards)
        self.card_reach: tuple[int, ...] = tuple(
            self.weapon_reach.get(c.name, 0) for c in self.cards)
        # Event cards: ids index ``events``; per deck, its ordinary ids and its final id.
        self.events: tuple[EventDef, ...] = tuple(e for m in modules for e in m.events)
        event_rules: dict[str, EventRules] = {}
        for module in modules:
            event_rules.update(module.event_rules)
        self.event_rules: tuple[EventRules, ...] = tuple(
            event_rules.get(e.name, NO_EVENT_RULES) for e in self.events)
        self.event_decks: list[tuple[tuple[int, ...], int]] = []
        for deck in dict.fromkeys(e.deck for e in self.events):
            ids = [i for i, e in enumerate(self.events) if e.deck == deck]
            finals = [i for i in ids if self.events[i].final]
            if len(finals) != 1:
                raise ValueError(f"the event deck {deck} needs exactly one final card")
            self.event_decks.append((tuple(i for i in ids if i not in finals), finals[0]))
        self._event_ids = {e.name: i for i, e in enumerate(self.events)}
        # Per card id, what a game reads at nearly every step, and whether a rare mechanism
        # exists at all in these rules: worked out once here, not at every game's start.
        self.card_names: tuple[str, ...] = tuple(card.name for card in self.cards)
        self.card_kinds: tuple[str, ...] = tuple(card.kind for card in self.cards)
        self.card_suits: tuple[str, ...] = tuple(card.suit for card in self.cards)
        self.card_ranks: tuple[int, ...] = tuple(card.rank for card in self.cards)
        self.has_green = "green" in self.card_kinds
        self.has_suit_immunity = any(
            self.character_rules(c.name).immune_to_suit for c in self.characters
        ) or any(t.immune_suit for t in self.table_rules)
        self.has_silencer = any(self.character_rules(c.name).silences_cards_in_play
                                for c in self.characters) or any(
            e.silences_cards_in_play for e in self.event_rules)

    def event_id(self, name: str) -> int:
        try:
            return self._event_ids[name]
        except KeyError:
            raise ValueError(f"no event card {name!r} in this game") from None

    def roles_for(self, seats: int) -> RoleRules:
        """The roles of a table of ``seats``: a Sheriff's table unless a module says
        otherwise."""
        if not self.fewest_seats <= seats <= self.most_seats:
            raise ValueError(f"these rules seat {self.fewest_seats} to {self.most_seats} "
                             f"players, not {seats}")
        return self._role_rules.get(seats, SHERIFF_TABLE)

    def character(self, name: str) -> CharacterDef:
        try:
            return self._character_defs[name]
        except KeyError:
            raise ValueError(f"no character {name!r} in this game") from None

    def character_rules(self, name: str) -> CharacterRules:
        if name not in self._character_defs:
            raise ValueError(f"no character {name!r} in this game")
        return self._character_rules.get(name, NO_CHARACTER_RULES)
