"""Shared helpers for the bot tests: ask a fresh SensibleBot about a scenario's decision."""

from __future__ import annotations

from p2pbang.bots.sensible import SensibleBot
from p2pbang.engine.actions import Action, Decision, Play
from p2pbang.engine.bang.scenario import Scenario

# Characters whose abilities play no part in a play-phase or response scenario.
PLAIN4 = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]
PLAIN5 = [*PLAIN4, "vulture_sam"]


def ask(table: Scenario, bot: SensibleBot | None = None) -> Action:
    """The bot's answer to the pending decision, checked to be one of the legal actions."""
    pending = table.game.pending
    assert isinstance(pending, Decision), pending
    bot = bot or SensibleBot(0)
    action = bot.decide(table.game, pending)
    assert action in table.legal()
    assert bot.fallbacks == 0
    return action


def named(table: Scenario, action: Action) -> str | None:
    """The name of the card an action plays or discards (None for other actions)."""
    card = getattr(action, "card", None)
    return None if card is None else table.game.card_name(card)


def is_play(table: Scenario, action: Action, name: str, target: int | None = None) -> bool:
    return (isinstance(action, Play) and named(table, action) == name
            and (target is None or action.target == target))


def play_hidden(table: Scenario, seat: int, name: str, target: int) -> None:
    """Seat ``seat`` plays its laid-out ``name`` card at ``target``, also when the scenario's
    engine is another seat's and cannot see that hand: the card comes from the position."""
    cards = table.position.hands[seat]
    index = next(i for i, card in enumerate(cards) if table.game.card_name(card) == name)
    slot = table.game.players[seat].hand[index]
    table.act(Play(slot, cards[index], target))
