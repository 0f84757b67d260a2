"""What the property tests of every rule set do the same way: play a random-bot game with
the invariants checked after each step, replay its log through the wire format, and walk one
engine per seat in lockstep with the all-seeing engine.

Each rule set's test module says only what is its own: which rule sets, which public facts
every seat must agree on, and what its games must show (events revealed, shop used...)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.invariants import violations
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.lockstep import Lockstep
from p2pbang.engine.runner import play_out
from p2pbang.engine.wire import history_hash, pack, unpack

PublicFacts = Callable[[Game], Hashable]


def play_checked(players: int, seed: int, rules: RuleSet | None = None,
                 check: bool = True) -> Game:
    """A whole random-bot game on ``seed`` (the base game when ``rules`` is None); with
    ``check``, every invariant holds after every step."""
    game = Game(players, rules=rules)
    dealer = LocalDealer(seed)
    bots = [RandomBot(f"{seed}/{seat}") for seat in range(players)]

    def after(g: Game) -> None:
        problems = violations(g, dealer.cards)
        assert not problems, problems

    play_out(game, dealer, bots, after_step=after if check else None)
    assert isinstance(game.pending, End)
    return game


def replayed(game: Game, rules: RuleSet | None = None) -> Game:
    """``game`` rebuilt from its history sent through the wire format: it must reach the
    same pending step with the same log hash (the caller compares what else it cares for)."""
    replay = Game(len(game.players), rules=rules)
    for item in game.history:
        replay.apply(unpack(pack(item)))
    assert replay.pending == game.pending
    assert history_hash(replay.history) == history_hash(game.history)
    return replay


def seat_facts(game: Game) -> list[tuple[object, ...]]:
    """The public facts of every seat that any rule set keeps."""
    return [(p.life, len(p.hand), tuple(p.table), p.alive) for p in game.players]


def walk_in_lockstep(players: int, seed: int, rules: RuleSet | None = None,
                     public: PublicFacts = seat_facts) -> tuple[Game, int]:
    """One all-seeing engine and one engine per seat (each fed only what that seat may see)
    play the same game: every seat decides from its own engine's legal actions (proof that
    its own hand is all a decision needs), all agree on the pending step and on ``public``
    at every step, and a seat knows a card only as it truly is. Returns the all-seeing
    engine at the end and the steps taken."""
    engines = Lockstep(Game(players, rules=rules),
                       [Game(players, viewer=seat, rules=rules) for seat in range(players)])
    truth, views = engines.truth, engines.views
    dealer = LocalDealer(seed)
    bots = [RandomBot(seat) for seat in range(players)]
    steps = 0
    while not engines.ended:
        item = engines.answer(dealer, bots)  # a seat decides from its own engine
        if isinstance(truth.pending, Decision):
            assert item in truth.legal_actions()
        engines.apply(item)
        facts = public(truth)
        for view in views:
            assert view.pending == truth.pending
            assert public(view) == facts
            for slot, card in view.known.items():
                assert truth.known.get(slot, card) == card
        steps += 1
    return truth, steps
