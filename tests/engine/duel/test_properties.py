"""Property tests over whole random Duel games: they end, conserve cards, keep life in
bounds, replay identically, and each side's engine agrees with the all-seeing one on public
facts without ever learning the opponent's hand."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.chance import Deal
from p2pbang.engine.duel.game import SPECTATOR, DuelGame
from p2pbang.engine.duel.invariants import violations
from p2pbang.engine.duel.wire import pack, unpack
from p2pbang.engine.lockstep import Lockstep
from tests.engine.duel.support import play_duel, random_duel_bot

SETTINGS = settings(max_examples=8, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def check_invariants(game: DuelGame) -> None:
    assert violations(game) == []


@SETTINGS
@given(st.integers(min_value=0, max_value=10**9))
def test_random_games_end_conserve_cards_and_keep_life_in_bounds(seed: int) -> None:
    game, end = play_duel(seed, after_step=check_invariants)
    assert end.team in ("lawmen", "outlaws")
    loser = 1 - end.winners[0]
    assert not game.sides[loser].figures and not game.sides[loser].reserve


@SETTINGS
@given(st.integers(min_value=0, max_value=10**9))
def test_replaying_the_inputs_rebuilds_the_same_game(seed: int) -> None:
    game, end = play_duel(seed)
    again = DuelGame()
    events = []
    for item in game.history:
        events.extend(again.apply(unpack(pack(item))))
    assert again.pending == end
    assert [f.life for s in again.sides for f in s.figures] == \
        [f.life for s in game.sides for f in s.figures]
    assert again.discard == game.discard


def public_facts(game: DuelGame) -> tuple:
    return (
        game.pending,
        [(f.character, f.life, tuple(f.table)) for s in game.sides for f in s.figures],
        [(s.active, len(s.hand), len(s.deck), len(s.reserve), s.on_common) for s in game.sides],
        tuple(game.discard), tuple(game.common), game.turn,
        {slot: game.known[slot] for slot in game.discard},
    )


@SETTINGS
@given(st.integers(min_value=0, max_value=10**9))
def test_side_engines_agree_on_public_facts_and_never_see_the_other_hand(seed: int) -> None:
    engines = Lockstep(DuelGame(), [DuelGame(viewer=v) for v in (0, 1, SPECTATOR)])
    judge = engines.truth
    views = {view.viewer: view for view in engines.views}
    dealer = LocalDealer(f"lockstep/{seed}")
    bots = [random_duel_bot(f"{seed}/0"), random_duel_bot(f"{seed}/1")]
    for _ in range(100_000):
        pending = judge.pending
        if isinstance(pending, End):
            break
        if isinstance(pending, Decision):
            assert views[pending.seat].legal_actions() == judge.legal_actions()
        engines.step(dealer, bots)  # a side decides from its own engine
        if isinstance(pending, Deal):
            other = views[1 - pending.seat]
            spectator = views[SPECTATOR]
            assert all(slot not in other.known or slot in spectator.known
                       for slot in pending.slots), "a private deal leaked"
        facts = public_facts(judge)
        for viewer, view in views.items():
            assert public_facts(view) == facts
            for side in (0, 1):
                if side == viewer:
                    continue
                peeked = [s for s in view.sides[side].hand if s in view.known]
                public = [s for s in judge.sides[side].hand if s in views[SPECTATOR].known]
                assert set(peeked) <= set(public), "an engine learned a hidden hand card"
    assert isinstance(judge.pending, End)
