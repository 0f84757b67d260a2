"""The bot uses only what its own seat may know: it decides exactly the same on its own seat's
engine (network play) as on the all-seeing engine (solo play), whole games long."""

from __future__ import annotations

import pytest

from p2pbang.bots.sensible import SensibleBot
from p2pbang.bots.view import SeatView
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision
from p2pbang.engine.bang.game import Game
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.lockstep import Lockstep

from .support import same_on_own_engine


@pytest.mark.parametrize("players,seed,fed,expansions", [
    (4, 1, True, ()), (5, 2, True, ()), (6, 3, False, ()), (7, 4, True, ()), (7, 5, False, ()),
    (3, 9, True, ("dodge-city",)), (5, 7, False, ("dodge-city",)), (8, 8, True, ("dodge-city",)),
])
def test_same_choice_on_the_own_seat_engine_and_the_all_seeing_engine(
    players: int, seed: int, fed: bool, expansions: tuple[str, ...]
) -> None:
    choice = GameChoice.make("bang", players, expansions)
    engines = Lockstep(Game(players, choice=choice),
                       [Game(players, viewer=seat, choice=choice) for seat in range(players)])
    decisions = same_on_own_engine(engines, LocalDealer(f"fairness/{seed}"),
                                   lambda seat: SensibleBot(f"{seed}/{seat}"), fed)
    assert decisions > 50


def test_the_view_hides_other_roles_even_on_the_all_seeing_engine() -> None:
    game = Game(6)
    dealer = LocalDealer("roles")
    while not isinstance(game.pending, Decision):
        game.apply(dealer.resolve(game.pending))
    me = (game.sheriff + 1) % 6
    view = SeatView(game, me)
    assert all(game.players[s].role is not None for s in range(6))  # the engine knows them
    for seat in range(6):
        expected = game.players[seat].role if seat in (me, game.sheriff) else None
        assert view.role(seat) == expected
    assert [slot for slot, _, _ in view.hand()] == game.players[me].hand
