"""Scenario support for Duel tests: a dealer that stacks the top of chosen piles."""

from __future__ import annotations

from typing import Any

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.actions import Pass as Pass_
from p2pbang.engine.chance import ChanceResult, Shuffle
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.duel.catalog import DUEL_CARDS, DUEL_CHARACTERS, LAWMEN, OUTLAWS
from p2pbang.engine.duel.game import CHARACTER_PILES, DECK_PILES, DuelGame
from p2pbang.engine.runner import Decider
from p2pbang.sim.selfplay import play_game

DUEL = GameChoice.make("duel", 2)


def random_duel_bot(label: object) -> RandomBot:
    """The random bot under the label these tests always gave it (``duel-random/...``)."""
    return RandomBot(f"duel-random/{label}")


def play_duel(seed: object, deciders: list[Decider] | None = None,
              after_step: Any = None) -> tuple[DuelGame, End]:
    """A whole all-seeing Duel through the family's one game loop, under the seeds these
    tests always used (the dealer ``duel/seed``, random bots ``duel-random/seed/seat``), so
    they keep playing the same games."""
    if deciders is None:
        deciders = [random_duel_bot(f"{seed}/0"), random_duel_bot(f"{seed}/1")]
    return play_game(DUEL, f"duel/{seed}", deciders, after_step, max_steps=200_000)


class StackedDealer:
    """A LocalDealer whose first shuffle of each named pile puts ``tops`` (top first) on top;
    the rest of the pile follows in seeded order. Everything else is the LocalDealer's."""

    def __init__(self, tops: dict[str, list[int]], seed: str = "stacked") -> None:
        self.local = LocalDealer(seed)
        self.tops = {pile: list(cards) for pile, cards in tops.items()}

    def resolve(self, request: Any) -> ChanceResult:
        if isinstance(request, Shuffle) and request.pile in self.tops:
            wanted = self.tops.pop(request.pile)
            assert set(wanted) <= set(request.cards), "stacked a card the pile lacks"
            order = [c for c in request.cards if c not in wanted] + list(reversed(wanted))
            for slot, card in zip(request.slots, order, strict=True):
                self.local.cards[slot] = card
            return ChanceResult(())
        return self.local.resolve(request)


def char(name: str) -> int:
    return next(i for i, c in enumerate(DUEL_CHARACTERS) if c.name == name)


def cards(side: int, *names: str) -> list[int]:
    """Distinct card ids of ``side``'s deck with these names, in order."""
    taken: list[int] = []
    for name in names:
        taken.append(next(i for i, c in enumerate(DUEL_CARDS)
                          if c.side == side and c.name == name and i not in taken))
    return taken


def scenario(law: list[str], outlaws: list[str], law_top: list[int],
             outlaw_top: list[int]) -> tuple[DuelGame, StackedDealer]:
    """A game whose characters come in the order given (first = active) and whose decks
    start with the given cards; run to the first decision."""
    dealer = StackedDealer({
        CHARACTER_PILES[LAWMEN]: [char(n) for n in law],
        CHARACTER_PILES[OUTLAWS]: [char(n) for n in outlaws],
        DECK_PILES[LAWMEN]: law_top,
        DECK_PILES[OUTLAWS]: outlaw_top,
    })
    game = DuelGame()
    advance(game, dealer)
    return game, dealer


def advance(game: DuelGame, dealer: StackedDealer) -> Decision | End:
    """Answer chance requests until a decision (or the end) is pending."""
    while not isinstance(game.pending, (Decision, End)):
        game.apply(dealer.resolve(game.pending))
    return game.pending


def act(game: DuelGame, dealer: StackedDealer, action: Any) -> Decision | End:
    game.apply(action)
    return advance(game, dealer)


def slot_of(game: DuelGame, card: int) -> int:
    return game._where[card]


def filler(side: int, count: int, avoid: tuple[str, ...] = ()) -> list[int]:
    """``count`` harmless cards of ``side`` (Missed! / Stagecoach style fillers) not named in
    ``avoid``: used to pad a hand without giving anyone a dodge they should not have."""
    quiet = ("beer", "inn", "stagecoach", "general_store", "teacher", "steal", "bank",
             "sniper", "pocket_watch", "canteen")
    pool = [i for i, c in enumerate(DUEL_CARDS)
            if c.side == side and c.name in quiet and c.name not in avoid]
    return pool[:count]


LAW_CHARS = ["wyatt_earp", "pat_garrett", "bill_tilghman"]
OUTLAW_CHARS = ["west_harding", "tom_thorn", "the_daltons"]


def hand(side: int, names: list[str], size: int) -> list[int]:
    """The named cards of ``side`` then quiet fillers, ``size`` cards in all."""
    chosen = cards(side, *names)
    quiet = ("inn", "stagecoach", "general_store", "teacher", "bank", "sniper",
             "pocket_watch", "canteen")
    for i, card in enumerate(DUEL_CARDS):
        if len(chosen) >= size:
            break
        if card.side == side and card.name in quiet and i not in chosen:
            chosen.append(i)
    return chosen


def start(law_hand: list[str], outlaw_hand: list[str], law: list[str] | None = None,
          outlaws: list[str] | None = None, law_more: list[int] | None = None,
          outlaw_more: list[int] | None = None) -> tuple[DuelGame, StackedDealer]:
    """Lawmen to play with ``law_hand`` (their 4 starting cards plus the 2 drawn, padded),
    outlaws holding ``outlaw_hand`` (4 cards, padded); ``*_more`` stack the cards below."""
    law = law or LAW_CHARS
    outlaws = outlaws or OUTLAW_CHARS
    law_size = DUEL_CHARACTERS[char(law[0])].life + 2
    outlaw_size = DUEL_CHARACTERS[char(outlaws[0])].life
    law_top = hand(LAWMEN, law_hand, law_size) + (law_more or [])
    outlaw_top = hand(OUTLAWS, outlaw_hand, outlaw_size) + (outlaw_more or [])
    return scenario(law, outlaws, law_top, outlaw_top)


def in_hand(game: DuelGame, side: int, name: str) -> tuple[int, int]:
    """(slot, card) of the first card named ``name`` in ``side``'s hand."""
    for slot in game.sides[side].hand:
        card = game.known[slot]
        if DUEL_CARDS[card].name == name:
            return slot, card
    raise AssertionError(f"no {name} in hand")


def end_turn(game: DuelGame, dealer: StackedDealer) -> Decision | End:
    """Pass the play phase, discard down to the limit (last drawn first), and run to the
    next player's first decision."""
    side = game.pending.seat
    act(game, dealer, Pass_())
    while isinstance(game.pending, Decision) and game.pending.seat == side \
            and game.pending.kind == "discard":
        act(game, dealer, game.legal_actions()[-1])
    return game.pending


def card_with(side: int, name: str, symbol: str) -> int:
    """The id of a ``side`` card with this name and draw! symbol."""
    return next(i for i, c in enumerate(DUEL_CARDS)
                if c.side == side and c.name == name and c.symbol == symbol)
