"""The rules of Gold Rush: gold nuggets, the equipment shop, 24 equipment cards, 8 characters.

Rules authority: the Hungarian rulebook, the printed cards and rulings G1-G9 (each one
a test in ``tests/engine/test_gold_rush_characters.py``). Everything here is public: nuggets are
counters in front of each player, the shop and the equipment in play are face up; only the
equipment pile is hidden (shuffled with a ``Shuffle`` request, its cards shown with
``Reveal``), so control flow never depends on a hidden card.

Readings of the rulebook this module takes:
- One nugget per wound ("mindenegyik sebesülés után jár egy aranyrög"), to the player
  responsible for it (the shooter, the winner of a Duel); none for Dynamite or for hurting
  oneself.
- Boots and Lucky Charm act per life point lost and, like Bart Cassidy, only when the owner
  survives the hit (G2). Simeon Picos's text has no such clause: he takes a nugget per life
  point lost, even the last (kept by a shadow gunslinger).
- Equipment sits in its own place in front of its owner (``Player.equipment``), which no
  Panic!, Cat Balou, Brawl or ability reaches (G9); ``RemoveEquipment`` (cost + 1) is the only
  way to discard it from a living player.
- The Sheriff's penalty for a Deputy discards his hand and cards in play, not his
  equipment (G5 and G9).
- Pretty Luzena's discount is taken on her first purchase of each turn (G6).
- Selling a Beer is playing it (the rulebook's "kijátszható", and Madam Yto draws for it), so
  an event that forbids Beer cards (The Reverend) forbids the sale too.
- Pickaxe's card more comes after phase 1, whichever way the character draws.
- Rhum flips the top four cards of the deck (not a draw!: no Horseshoe or Lucky Duke).
- A Josh McCloud brown card is resolved at once like a purchase (``EQUIPMENT_USE``); without
  a legal use it is discarded. A Wanted he draws goes, like a bought one, in front of the
  player he picks (``TARGET_PICK``) among those not wanted yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from p2pbang.engine.actions import (
    DISCARD_PICK,
    DYING,
    EQUIPMENT_USE,
    NO_SEAT,
    NO_SLOT,
    PLAY,
    TARGET_PICK,
    Ability,
    Action,
    Buy,
    Decision,
    Play,
    RemoveEquipment,
    Sell,
    UseEquipment,
)
from p2pbang.engine.bang.cards.gold_rush import (
    BLACK,
    EQUIPMENT_CARDS,
    EQUIPMENT_COST,
    GOLD_BROWN,
    GOLD_RUSH_CHARACTERS,
)
from p2pbang.engine.bang.catalog import DIAMONDS, HEARTS
from p2pbang.engine.bang.rules import CharacterRules, Hand, RuleModule, Step, TableRules
from p2pbang.engine.bang.sets import base
from p2pbang.engine.chance import Shuffle

if TYPE_CHECKING:
    from p2pbang.engine.bang.game import Game
    from p2pbang.engine.bang.position import Position

NAME = "gold-rush"  # the module's name, and its state's key in ``Game.set_state``
SHOP_SIZE = 3
EQUIPMENT_PILE = "equipment"
WANTED_CARDS = 2  # the killer of a Wanted player draws this many cards...
WANTED_NUGGETS = 1  # ...and takes this many nuggets
SELLABLE = frozenset({"beer"})  # only a real Beer card sells (not Saloon, Whisky, Bottle)
GOLD_PAN_USES = 2
RADDIE_USES = 3
RHUM_FLIPS = 4
UNION_PACIFIC_DRAWS = 4
GUN_BELT_LIMIT = 8

# Brown equipment with a choice: the base card whose effect each use borrows.
BOTTLE_USES = ("panic", "beer", "bang")
PARDNER_USES = ("general_store", "duel", "cat_balou")

# ---------------------------------------------------------------------- the set's state


@dataclass(slots=True)
class GoldRushState:
    """What Gold Rush keeps for one game, beside the core's places: each seat's nuggets, the
    equipment pile (hidden), the shop and the equipment discard pile (face up), and the
    per-turn facts of its cards and characters. All public but the pile's order. The
    equipment in front of a seat stays ``Player.equipment``: the core discards it with the
    seat's other cards (a shadow, a ghost)."""

    nuggets: list[int]  # by seat
    deck: list[int] = field(default_factory=list)  # slots, top of the pile last
    shop: list[int] = field(default_factory=list)  # slots, in the order put up for sale
    discard: list[int] = field(default_factory=list)  # slots, top of the pile last
    uses: tuple[int, dict[str, int]] | None = None  # (turn, key -> uses this turn)
    gold_rush_turn: int | None = None  # the turn a Gold Rush card gives another after
    don_bell_extra: int | None = None  # the extra turn Don Bell's draw! gave
    bounties: set[int] = field(default_factory=set)  # Wanted seats just eliminated


def new_state(players: int) -> GoldRushState:
    return GoldRushState([0] * players)


def state(game: Game) -> GoldRushState:
    """Gold Rush's state in ``game`` (which must play Gold Rush)."""
    found: GoldRushState = game.set_state[NAME]
    return found


def state_or_none(game: Game) -> GoldRushState | None:
    """Gold Rush's state, or None in a game without it (for readers of any game)."""
    found: GoldRushState | None = game.set_state.get(NAME)
    return found


def lay_out(game: Game, position: Position, place: Any) -> None:
    """The equipment of a position: what is in front of each seat and in the shop, face up;
    the rest in the hidden equipment pile, ``position.equipment_deck`` on top."""
    gold = state(game)
    placed = set(position.shop) | set(position.equipment_deck)
    placed.update(position.equipment_discard)
    for seat, player in enumerate(game.players):
        cards = position.equipment[seat] if position.equipment else []
        placed.update(cards)
        player.equipment = place(cards, True)
        gold.nuggets[seat] = position.nuggets[seat] if position.nuggets else 0
    gold.shop = place(position.shop, True)
    gold.discard = place(position.equipment_discard, True)
    rest = [c for c in game.rules.equipment_ids if c not in placed]
    gold.deck = place(list(reversed(position.equipment_deck + rest)), False)


def discard_equipment(game: Game, seat: int) -> None:
    """Everything in front of ``seat`` to the equipment discard pile (a shadow or a ghost
    leaving the table): the core calls it only when there is something to discard."""
    player = game.players[seat]
    for slot in player.equipment:
        game.event("discard_equipment", seat, card=game.known[slot])
    state(game).discard.extend(player.equipment)
    player.equipment = []


# ---------------------------------------------------------------------- public facts


def name_of(game: Game, slot: int) -> str:
    return game.card_name(game.known[slot])


def equipment_names(game: Game, seat: int) -> set[str]:
    return {name_of(game, slot) for slot in game.players[seat].equipment}


def has(game: Game, seat: int, name: str) -> bool:
    equipment = game.players[seat].equipment
    if not equipment:  # the usual case, asked at every shot and draw!
        return False
    names, known = game.rules.cards, game.known
    return any(names[known[slot]].name == name for slot in equipment)


def uses(game: Game, key: str) -> int:
    """How many times ``key`` (a per-turn limited use) was used this turn."""
    counts = state(game).uses
    if counts is None or counts[0] != game.turn:
        return 0
    return counts[1].get(key, 0)


def count_use(game: Game, key: str) -> None:
    gold = state(game)
    counts = gold.uses
    if counts is None or counts[0] != game.turn:
        counts = gold.uses = (game.turn, {})
    counts[1][key] = counts[1].get(key, 0) + 1


def is_character(game: Game, seat: int, name: str) -> bool:
    """Whether ``seat`` has the ability of character ``name`` now (Vera Custer may copy it)."""
    return game.seat_rules[seat] is CHARACTER_RULES[name]


def price(game: Game, seat: int, card: int) -> int:
    """What ``seat`` pays for ``card`` now: its cost, one less on Pretty Luzena's first
    purchase of the turn (a cost-1 card is then free, G6)."""
    cost = EQUIPMENT_COST[game.card_name(card)]
    if is_character(game, seat, "pretty_luzena") and uses(game, "discount") == 0:
        return max(cost - 1, 0)
    return cost


def gain(game: Game, seat: int, nuggets: int) -> None:
    if nuggets > 0:
        game.set_state[NAME].nuggets[seat] += nuggets
        game.event("nugget", seat, value=nuggets)


def pay(game: Game, seat: int, nuggets: int) -> None:
    held = state(game).nuggets
    assert held[seat] >= nuggets, "legal actions offer only what the seat can pay"
    held[seat] -= nuggets
    game.event("pay_nuggets", seat, value=nuggets)


# ---------------------------------------------------------------------- brown equipment


def brown_uses(game: Game, seat: int, slot: int, card: int) -> list[tuple[int, int, int]]:
    """Every (use, target, target_slot) of a brown equipment card for ``seat`` now."""
    name = game.card_name(card)
    if name == "shot":
        return [(0, target, NO_SLOT) for target in game.ring]
    if name in ("bottle", "pardner"):
        found = []
        for use, as_name in enumerate(BOTTLE_USES if name == "bottle" else PARDNER_USES):
            for option in _borrowed_options(game, seat, slot, card, as_name):
                found.append((use, option.target, option.target_slot))
        return found
    return [(0, NO_SEAT, NO_SLOT)]


def _borrowed_options(game: Game, seat: int, slot: int, card: int, as_name: str) -> list[Play]:
    """The targets of a base card's effect used through Bottle or Pardner. Its BANG! is not
    a BANG! card (G3): the one-per-turn limit neither stops nor counts it."""
    if as_name == "bang":
        return [Play(slot, card, t) for t in game.within(seat, game.reach(seat))]
    options = base.CARD_RULES[as_name].play_options
    if options is None:
        return [Play(slot, card)]
    return [a for a in options(game, seat, slot, card) if isinstance(a, Play)]


def resolve_brown(game: Game, seat: int, slot: int, card: int, use: int, target: int,
                  target_slot: int) -> Step:
    """A brown equipment card's effect, the card already on the equipment discard pile."""
    name = game.card_name(card)
    game.event("equipment", seat, target, card, value=use)
    if name == "shot":
        game.heal(target, 1)
    elif name in ("bottle", "pardner"):
        as_name = (BOTTLE_USES if name == "bottle" else PARDNER_USES)[use]
        play = Play(slot, card, target, target_slot)
        if as_name == "bang":
            # Not a BANG! card: one Missed! cancels it, whoever shoots (Slab the Killer).
            yield from game.shoot(seat, target, 1)
        elif as_name == "beer":
            # Beer's effect, but not a Beer card: no extra heal (Tequila Joe), no Madam Yto.
            if len(game.ring) > 2:
                game.heal(seat, 1)
            else:
                game.event("no_effect", seat, card=card)
        else:
            effect = base.CARD_RULES[as_name].effect
            assert effect is not None
            yield from effect(game, seat, play)
    elif name == "gold_rush":
        state(game).gold_rush_turn = game.turn
    elif name == "rhum":
        flipped = yield from game.pop_deck(RHUM_FLIPS)
        if flipped:
            cards = yield from game.reveal(flipped)
            game.discard.extend(flipped)
            suits = {game.suits[c] for c in cards}
            for c in cards:
                game.event("rhum_flip", seat, card=c)
            game.heal(seat, len(suits))
    elif name == "union_pacific":
        yield from game.draw(seat, UNION_PACIFIC_DRAWS)
    else:
        raise AssertionError(f"{name} is not a brown equipment card")


# ---------------------------------------------------------------------- the shop


def setup(game: Game) -> Step:
    """The equipment cards form their own shuffled pile; three are put up for sale."""
    ids = game.rules.equipment_ids
    slots = game.new_slots(len(ids))
    yield from _shuffle_into(game, ids, slots)
    yield from refill_shop(game)


def _shuffle_into(game: Game, cards: tuple[int, ...], slots: tuple[int, ...]) -> Step:
    yield Shuffle(EQUIPMENT_PILE, cards, slots)
    state(game).deck = list(slots)


def pop_equipment(game: Game) -> Step:
    """The top card of the equipment pile (its discard pile reshuffled when it runs out),
    or None when there is no equipment left anywhere."""
    gold = state(game)
    if not gold.deck and gold.discard:
        old = gold.discard
        cards = tuple(game.known[slot] for slot in old)
        gold.discard = []
        gold.deck = yield from game.shuffle_pile(EQUIPMENT_PILE, cards, old)
        game.event("equipment_reshuffle", value=len(cards))
    if not gold.deck:
        return None
    return gold.deck.pop()


def refill_shop(game: Game) -> Step:
    shop = state(game).shop
    while len(shop) < SHOP_SIZE:
        slot = yield from pop_equipment(game)
        if slot is None:
            return
        (card,) = yield from game.reveal([slot])
        shop.append(slot)
        game.event("shop", card=card)


def buy_options(game: Game, seat: int) -> list[Action]:
    gold: GoldRushState = game.set_state[NAME]  # read at every play decision: no call
    nuggets = gold.nuggets[seat]
    owned = equipment_names(game, seat)
    actions: list[Action] = []
    for slot in gold.shop:
        card = game.known[slot]
        if price(game, seat, card) > nuggets:
            continue
        name, kind = game.card_name(card), game.cards[card].kind
        if kind == GOLD_BROWN:
            actions.extend(Buy(slot, use, target, target_slot)
                           for use, target, target_slot in brown_uses(game, seat, slot, card))
        elif name == "wanted":
            actions.extend(Buy(slot, 0, target) for target in wanted_targets(game))
        elif name not in owned:
            actions.append(Buy(slot))
    return actions


def buy(game: Game, seat: int, action: Buy) -> Step:
    card = game.known[action.slot]
    cost = price(game, seat, card)
    if is_character(game, seat, "pretty_luzena") and uses(game, "discount") == 0:
        count_use(game, "discount")
    pay(game, seat, cost)
    state(game).shop.remove(action.slot)
    game.event("buy", seat, action.target, card, value=cost)
    yield from refill_shop(game)
    yield from put_to_use(game, seat, action.slot, card, action.use, action.target,
                          action.target_slot)


def put_to_use(game: Game, seat: int, slot: int, card: int, use: int, target: int,
               target_slot: int) -> Step:
    """A black card goes in front of its owner (Wanted: of its target); a brown one is
    discarded and resolved."""
    if game.cards[card].kind == BLACK:
        owner = target if target != NO_SEAT else seat
        game.players[owner].equipment.append(slot)
        return
    state(game).discard.append(slot)
    yield from resolve_brown(game, seat, slot, card, use, target, target_slot)


# ---------------------------------------------------------------------- table hooks


def table_actions(game: Game, seat: int, hand: Hand, kind: str) -> list[Action]:
    if kind == DYING:
        return _rucksack(game, seat)
    if kind != PLAY or seat != game.current:
        return []
    player = game.players[seat]
    nuggets = game.set_state[NAME].nuggets[seat]  # at every play decision: no call
    # Selling is playing a Beer card ("Kézből kijátszható egy Beer (Sör) kártya egy
    # aranyrögért cserébe"; Madam Yto draws for it): none while an event forbids Beer.
    actions: list[Action] = [Sell(slot, card) for slot, card in hand
                             if game.beer_allowed and game.card_name(card) in SELLABLE]
    if nuggets == 0 and not is_character(game, seat, "pretty_luzena"):
        return actions  # everything else costs nuggets (but a Shot is free for Luzena)
    actions.extend(buy_options(game, seat))
    for target in game.ring:
        if target == seat:
            continue
        for slot in game.players[target].equipment:
            if EQUIPMENT_COST[name_of(game, slot)] + 1 <= nuggets:
                actions.append(RemoveEquipment(target, slot))
    for slot in player.equipment:
        if (name_of(game, slot) == "gold_pan" and nuggets >= 1
                and uses(game, "gold_pan") < GOLD_PAN_USES):
            actions.append(UseEquipment(slot))
    if player.life < player.max_life and not game.life_fixed(seat):
        actions.extend(_rucksack(game, seat))
    return actions


def _rucksack(game: Game, seat: int) -> list[Action]:
    """Rucksack: 2 nuggets for a life point, also out of turn to survive (G4)."""
    if game.set_state[NAME].nuggets[seat] < 2:
        return []
    return [UseEquipment(slot) for slot in game.players[seat].equipment
            if name_of(game, slot) == "rucksack"]


def table_act(game: Game, seat: int, action: Action) -> Step:
    if isinstance(action, Buy):
        yield from buy(game, seat, action)
    elif isinstance(action, Sell):
        game.take_from_hand(seat, action.slot, action.card)
        game.discard.append(action.slot)
        game.event("sell", seat, card=action.card)
        gain(game, seat, 1)
        yield from game.hand_lost(seat)
        yield from on_card_played(game, seat, action.card)
    elif isinstance(action, RemoveEquipment):
        card = game.known[action.slot]
        pay(game, seat, EQUIPMENT_COST[game.card_name(card)] + 1)
        game.players[action.target].equipment.remove(action.slot)
        state(game).discard.append(action.slot)
        game.event("remove_equipment", seat, action.target, card)
    elif isinstance(action, UseEquipment):
        name = name_of(game, action.slot)
        game.event("use_equipment", seat, card=game.known[action.slot])
        if name == "gold_pan":
            count_use(game, "gold_pan")
            pay(game, seat, 1)
            yield from game.draw(seat, 1)
        else:
            pay(game, seat, 2)
            player = game.players[seat]
            # In the dying window life may be below 1: the point is regained all the same.
            player.life = min(player.life + 1, player.max_life)
            game.event("heal", seat, value=1, life=player.life)


def on_wound(game: Game, seat: int, amount: int, source: int, lost: int,
             survived: bool) -> Step:
    if source not in (NO_SEAT, seat):
        gain(game, source, 1)
    if is_character(game, seat, "simeon_picos"):
        gain(game, seat, lost)
    if not survived or lost <= 0:
        return
    if has(game, seat, "lucky_charm"):
        gain(game, seat, lost)
    if has(game, seat, "boots"):
        yield from game.draw(seat, lost)


def on_card_played(game: Game, seat: int, card: int) -> Step:
    """Madam Yto draws a card whenever anyone plays a Beer card (for life or a nugget)."""
    if game.card_name(card) != "beer":
        return
    for witness in game.seats_from(seat):
        if is_character(game, witness, "madam_yto"):
            game.event("ability", witness)
            yield from game.draw(witness, 1)


def on_eliminated(game: Game, seat: int, killer: int) -> Step:
    """The equipment of the eliminated goes to the equipment discard pile (no Vulture Sam
    takes it); a Wanted card among it is a bounty for the killer."""
    player = game.players[seat]
    wanted = has(game, seat, "wanted")
    for slot in player.equipment:
        game.event("discard_equipment", seat, card=game.known[slot])
    gold = state(game)
    gold.discard.extend(player.equipment)
    player.equipment = []
    if wanted:
        gold.bounties.add(seat)
    return
    yield


def rewards(game: Game, eliminated: int, killer: int) -> Step:
    """Wanted: the killer draws 2 cards and takes a nugget, before the roles' rewards or
    penalties (G5: a Sheriff who kills a Wanted Deputy draws first, then discards)."""
    bounties = state(game).bounties
    if eliminated in bounties:
        bounties.discard(eliminated)
        game.event("bounty", killer, eliminated)
        yield from game.draw(killer, WANTED_CARDS)
        gain(game, killer, WANTED_NUGGETS)


def after_draw(game: Game, seat: int) -> Step:
    if has(game, seat, "pickaxe"):
        yield from game.draw(seat, 1)


def turn_end(game: Game, seat: int) -> Step:
    """Gold Rush: all life back, then another turn. Don Bell: a draw! on Hearts or Diamonds
    gives another turn, but not at the end of such an extra turn (G8)."""
    player = game.players[seat]
    if not player.alive:
        return False
    gold: GoldRushState = game.set_state[NAME]  # at every turn's end: no call
    if gold.gold_rush_turn == game.turn:
        gold.gold_rush_turn = None
        game.heal(seat, player.max_life)
        game.event("extra_turn", seat)
        return True
    if (is_character(game, seat, "don_bell") and game.play_phase_turn == game.turn
            and gold.don_bell_extra != game.turn):
        card = yield from game.draw_check(seat, "don_bell_check")
        if card is not None and game.suits[card] in (HEARTS, DIAMONDS):
            gold.don_bell_extra = game.turn + 1
            game.event("extra_turn", seat)
            return True
    return False


def hand_limit(game: Game, seat: int) -> int:
    return GUN_BELT_LIMIT if has(game, seat, "gun_belt") else 0


def extra_flips(game: Game, seat: int) -> int:
    return 1 if has(game, seat, "horseshoe") else 0


def immune_suit(game: Game, seat: int) -> str | None:
    return DIAMONDS if has(game, seat, "calumet") else None


TABLE_RULES = TableRules(
    lay_out=lay_out, setup=setup, actions=table_actions, act=table_act, on_wound=on_wound,
    on_card_played=on_card_played, on_eliminated=on_eliminated, rewards=rewards,
    after_draw=after_draw, turn_end=turn_end, hand_limit=hand_limit,
    extra_flips=extra_flips, immune_suit=immune_suit)

# ---------------------------------------------------------------------- characters


def dutch_will(game: Game, seat: int) -> Step:
    """Draws two cards, must discard one of them, and takes a nugget (G7). Under an event
    that changes phase 1's count (Thirst, Train Arrival) he draws that many, like every
    character that draws in his own way, and discards one when he drew two or more."""
    slots = yield from game.draw(seat, game.phase_one_cards)
    if len(slots) >= 2:
        choice = yield from game.decide(Decision(seat, DISCARD_PICK, options=tuple(slots)))
        (card,) = yield from game.reveal([choice.value])
        game.players[seat].hand.remove(choice.value)
        game.discard.append(choice.value)
        game.event("discard", seat, card=card)
        yield from game.hand_lost(seat)
    gain(game, seat, 1)


def in_own_play_phase(game: Game, seat: int, kind: str) -> bool:
    return kind == PLAY and game.current == seat


def jacky_usable(game: Game, seat: int, kind: str) -> bool:
    """In his turn, for 2 nuggets, a BANG! at a player within reach, with no card."""
    return (in_own_play_phase(game, seat, kind) and state(game).nuggets[seat] >= 2
            and bool(game.within(seat, game.reach(seat))))


def jacky_options(game: Game, seat: int, hand: Hand, kind: str) -> list[Action]:
    return [Ability((), ())] if jacky_usable(game, seat, kind) else []


def jacky_murieta(game: Game, seat: int, action: Ability) -> Step:
    pay(game, seat, 2)
    game.event("ability", seat)
    targets = tuple(game.within(seat, game.reach(seat)))
    target = targets[0]
    if len(targets) > 1:
        choice = yield from game.decide(Decision(seat, TARGET_PICK, options=targets))
        target = choice.value
    yield from game.shoot(seat, target, 1)


def josh_usable(game: Game, seat: int, kind: str) -> bool:
    """In his turn, for 2 nuggets, the top card of the equipment pile."""
    return (in_own_play_phase(game, seat, kind) and state(game).nuggets[seat] >= 2
            and bool(state(game).deck or state(game).discard))


def josh_options(game: Game, seat: int, hand: Hand, kind: str) -> list[Action]:
    return [Ability((), ())] if josh_usable(game, seat, kind) else []


def josh_mccloud(game: Game, seat: int, action: Ability) -> Step:
    """A black card he already has is discarded; a brown card is resolved at once."""
    pay(game, seat, 2)
    game.event("ability", seat)
    slot = yield from pop_equipment(game)
    if slot is None:
        return
    (card,) = yield from game.reveal([slot])
    game.event("equipment_draw", seat, card=card)
    if game.cards[card].kind == BLACK:
        owner = seat
        if game.card_name(card) == "wanted":
            # On the discard pile while he picks (every card in one place at a decision).
            state(game).discard.append(slot)
            owner = yield from _wanted_target(game, seat)
            state(game).discard.remove(slot)
        if owner == NO_SEAT or has(game, owner, game.card_name(card)):
            state(game).discard.append(slot)
            game.event("discard_equipment", seat, card=card)
        else:
            game.players[owner].equipment.append(slot)
        return
    # A brown card is discarded first (so it is in one place while he picks its use).
    state(game).discard.append(slot)
    options = brown_uses(game, seat, slot, card)
    if not options:
        game.event("discard_equipment", seat, card=card)
        return
    pick = 0
    if len(options) > 1:
        choice = yield from game.decide(
            Decision(seat, EQUIPMENT_USE, options=tuple(range(len(options)))))
        pick = choice.value
    use, target, target_slot = options[pick]
    yield from resolve_brown(game, seat, slot, card, use, target, target_slot)


def wanted_targets(game: Game) -> tuple[int, ...]:
    """Who a Wanted card may be put in front of, bought or drawn: any living player
    ("Bármely játékos kijátszhatja") who is not wanted already."""
    return tuple(t for t in game.ring if not has(game, t, "wanted"))


def _wanted_target(game: Game, seat: int) -> Step:
    """Whom a Wanted card Josh McCloud drew is put in front of: he picks among
    ``wanted_targets`` (``TARGET_PICK``); NO_SEAT when everyone is wanted."""
    targets = wanted_targets(game)
    if len(targets) <= 1:
        return targets[0] if targets else NO_SEAT
    choice = yield from game.decide(Decision(seat, TARGET_PICK, options=targets))
    return choice.value


def raddie_usable(game: Game, seat: int, kind: str) -> bool:
    """In his turn, up to three times, a nugget for a card."""
    return (in_own_play_phase(game, seat, kind) and state(game).nuggets[seat] >= 1
            and uses(game, "raddie") < RADDIE_USES)


def raddie_options(game: Game, seat: int, hand: Hand, kind: str) -> list[Action]:
    return [Ability((), ())] if raddie_usable(game, seat, kind) else []


def raddie_snake(game: Game, seat: int, action: Ability) -> Step:
    count_use(game, "raddie")
    pay(game, seat, 1)
    game.event("ability", seat)
    yield from game.draw(seat, 1)


CHARACTER_RULES: dict[str, CharacterRules] = {
    "don_bell": CharacterRules(),  # turn_end
    "dutch_will": CharacterRules(draw_phase=dutch_will),
    "jacky_murieta": CharacterRules(ability_usable=jacky_usable, ability_options=jacky_options,
                                    ability=jacky_murieta),
    "josh_mccloud": CharacterRules(ability_usable=josh_usable, ability_options=josh_options,
                                   ability=josh_mccloud),
    "madam_yto": CharacterRules(),  # on_card_played
    "pretty_luzena": CharacterRules(),  # price
    "raddie_snake": CharacterRules(ability_usable=raddie_usable, ability_options=raddie_options,
                                   ability=raddie_snake),
    "simeon_picos": CharacterRules(),  # on_wound
}

MODULE = RuleModule(NAME, (), GOLD_RUSH_CHARACTERS, {}, CHARACTER_RULES, {},
                    equipment=EQUIPMENT_CARDS, table_rules=TABLE_RULES, new_state=new_state,
                    order=4)
