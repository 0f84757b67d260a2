"""How much a card is worth to keep, right now, to one seat: for discards, picks and put-backs.

Why one function for all of them: the hand limit, Kit Carlson's put-back, the General Store,
Pedro Ramirez's discard-pile draw and Sid Ketchum's ability all ask the same question ("which
card do I want most / least?"). The base values are a plain table (cards that draw or defend
are worth most); the adjustments say when a card has become useless: equipment already in
play, a weapon that reaches no further than the one I hold, a Beer with two players left.
"""

from __future__ import annotations

from collections import Counter

from p2pbang.bots.view import SeatView
from p2pbang.engine.bang.catalog import HEARTS, SPADES, CardDef

BASE_VALUE: dict[str, float] = {
    "wells_fargo": 8.0,
    "stagecoach": 7.0,
    "barrel": 7.0,
    "missed": 6.0,
    "bang": 6.0,
    "beer": 6.0,
    "panic": 6.0,
    "gatling": 6.0,
    "cat_balou": 5.0,
    "indians": 5.0,
    "duel": 5.0,
    "mustang": 5.0,
    "jail": 4.0,
    "scope": 4.0,
    "general_store": 3.0,
    "saloon": 3.0,
    "volcanic": 3.0,
    "dynamite": 1.0,
    # Dodge City: "+1" cards are worth a little less (they cost a second card).
    "dodge": 7.0,
    "punch": 5.0,
    "springfield": 4.5,
    "whisky": 4.5,
    "tequila": 3.5,
    "rag_time": 4.5,
    "brawl": 4.0,
    "binocular": 4.0,
    "hideout": 5.0,
    "pony_express": 7.0,
    "bible": 6.5,
    "iron_plate": 6.0,
    "sombrero": 6.0,
    "ten_gallon_hat": 6.0,
    "howitzer": 5.5,
    "derringer": 5.0,
    "knife": 5.0,
    "pepperbox": 5.0,
    "buffalo_rifle": 5.0,
    "can_can": 5.0,
    "conestoga": 5.0,
    "canteen": 4.0,
}
# Cards that stay in front of their owner, of which a second copy could never join the first.
_ONE_IN_PLAY = frozenset({
    "barrel", "mustang", "scope", "volcanic", "binocular", "hideout", "pony_express",
    "bible", "iron_plate", "sombrero", "ten_gallon_hat", "howitzer", "derringer", "knife",
    "pepperbox", "buffalo_rifle", "can_can", "conestoga", "canteen"})
BANG_ODDS = 25 / 80  # the share of BANG! cards in the deck: the odds for a hidden card
UNKNOWN_CARD_VALUE = 3.0  # a card of an expansion this table does not rate yet
USELESS = 0.5


def keep_value(view: SeatView, name: str, hand: Counter[str] | None = None) -> float:
    """The worth of holding one ``name`` card in my hand (``hand``: my hand's names)."""
    me = view.me
    reach = view.weapon_reach(name)
    if reach is not None and name != "volcanic":
        return 2.0 + reach if reach > view.reach(me) else USELESS
    value = BASE_VALUE.get(name, UNKNOWN_CARD_VALUE)
    if name in _ONE_IN_PLAY and name in view.in_play_names(me):
        return USELESS
    if name == "volcanic" and view.reach(me) > 1:
        return 1.5
    if name == "beer":
        if len(view.alive()) <= 2:
            return USELESS
        if view.life(me) < view.max_life(me):
            value += 1.0
    if name in ("missed", "bang") and hand is not None and hand[name] > 2:
        value -= 2.0  # the third copy adds less than the first two
    return value


def draw_succeeds(card: CardDef, check: str) -> bool:
    """Whether a "draw!" with ``card`` goes my way: a Heart frees from Jail and makes the
    Barrel work; a Spade 2-9 makes the Dynamite explode, so anything else is good."""
    if check == "dynamite_check":
        return not (card.suit == SPADES and 2 <= card.rank <= 9)
    return card.suit == HEARTS


def expected_bangs(view: SeatView, seat: int) -> float:
    """How many BANG! cards ``seat``'s hidden hand most likely holds (Calamity Janet's
    Missed! cards count too: she may play them as BANG!)."""
    odds = BANG_ODDS * (2 if view.character(seat) == "calamity_janet" else 1)
    return odds * view.hand_size(seat)
