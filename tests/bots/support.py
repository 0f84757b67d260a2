"""Shared helpers for the bot tests: ask a fresh SensibleBot about a scenario's decision, play
a whole game asking every decision on the all-seeing engine and on the seat's own, and walk
one seat's decisions of a game of sensible bots with the seat's knowledge synced."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from p2pbang.bots import make_bot
from p2pbang.bots.determinize import SeatKnowledge
from p2pbang.bots.sensible import SensibleBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import PLAY, Action, Decision, End, Play
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import new_game
from p2pbang.engine.lockstep import Lockstep

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


def same_on_own_engine(engines: Lockstep, dealer: LocalDealer, make: Callable[[int], Any],
                       fed: bool = True) -> int:
    """Play ``engines`` (the all-seeing engine and one view per seat, in seat order) to the
    end, asking every decision twice: a bot made by ``make(seat)`` on the all-seeing engine,
    which knows every hand and role, and another made alike on the seat's own engine. The
    two answers must be the same: the bot reads only what its seat may know. With ``fed``
    each bot hears its engine's events, as a table feeds them. Returns the decisions asked."""
    truth, views = engines.truth, engines.views
    seats = len(views)
    assert [view.viewer for view in views] == list(range(seats))
    seeing = [make(seat) for seat in range(seats)]
    blind = [make(seat) for seat in range(seats)]
    asked = 0
    while not isinstance(truth.pending, End):
        pending = truth.pending
        if isinstance(pending, Decision):
            on_truth = seeing[pending.seat].decide(truth, pending)
            on_own = blind[pending.seat].decide(views[pending.seat], pending)
            assert on_truth == on_own, f"decision {asked}: {pending}"
            asked += 1
            truth_events = engines.apply(on_truth)
        else:
            truth_events = engines.apply(dealer.resolve(pending))
        if fed:
            for seat in range(seats):
                for bot, events in ((seeing[seat], truth_events),
                                    (blind[seat], views[seat].events)):
                    observe = getattr(bot, "observe", None)
                    if observe is not None:
                        observe(events)
    return asked


def check_role_rules(game: Any, decision: Decision, action: object) -> None:
    """In the base game: a Deputy never aims at the Sheriff, the Renegade only once they are
    the last two; nobody drinks a Beer in the play phase at full life or with two left."""
    if not isinstance(action, Play):
        return
    me = game.players[decision.seat]
    if action.target == game.sheriff:
        assert me.role != "deputy", f"Deputy {me.seat} aimed at the Sheriff: {action}"
        if me.role == "renegade":
            assert len(game.alive_seats()) == 2, f"Renegade aimed at the Sheriff early: {action}"
    if decision.kind == PLAY and game.card_name(action.card) == "beer":
        assert me.life < me.max_life and len(game.alive_seats()) > 2, action


def seat_positions(choice: GameChoice, deal: str, seat: int,
                   max_steps: int = 20_000) -> Iterator[tuple[Any, SeatKnowledge]]:
    """The decisions with a choice of ``seat`` in a game of sensible bots (seeded
    ``deal/seat``, fed every event as the bench feeds them) dealt by ``LocalDealer(deal)``:
    each yields the all-seeing engine and the seat's knowledge synced to it, before the seat
    answers. The search's tests sample worlds at these positions; they must not change the
    engine they are given."""
    truth = new_game(choice, None)
    dealer = LocalDealer(deal)
    bots = [make_bot("sensible", f"{deal}/{s}", choice.game) for s in range(choice.seats)]
    knowledge = SeatKnowledge(choice, seat)
    for _ in range(max_steps):
        pending = truth.pending
        if isinstance(pending, End):
            return
        if isinstance(pending, Decision):
            if pending.seat == seat and len(truth.legal_actions()) > 1:
                knowledge.sync(truth)
                yield truth, knowledge
            events = truth.apply(bots[pending.seat].decide(truth, pending))
        else:
            events = truth.apply(dealer.resolve(pending))
        for bot in bots:
            observe = getattr(bot, "observe", None)
            if observe is not None:
                observe(events)


def play_fed(choice: GameChoice, deal: str, bots: list[Any], listeners: Iterable[Any] = (),
             before: Callable[[Any, Decision, Any], bool | None] | None = None,
             max_steps: int = 20_000) -> Any:
    """Play a game of ``choice`` dealt by ``LocalDealer(deal)`` with ``bots`` (one a seat),
    feeding every bot and every one of ``listeners`` the events of every input, as the bench
    feeds them; ``before(game, decision, action)`` sees each answer before it is applied
    and stops the game by returning False. Returns the engine, at its end or where stopped."""
    game = new_game(choice, None)
    dealer = LocalDealer(deal)
    observers = [bot.observe for bot in [*bots, *listeners] if hasattr(bot, "observe")]
    for _ in range(max_steps):
        pending = game.pending
        if isinstance(pending, End):
            return game
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(game, pending)
            if before is not None and before(game, pending, action) is False:
                return game
            events = game.apply(action)
        else:
            events = game.apply(dealer.resolve(pending))
        for observe in observers:
            observe(events)
    raise AssertionError(f"game {deal} did not end within {max_steps} steps")
