"""The Dice Game's position score (``evaluate.dice_features`` and ``dice_value``) on laid-out
tables: what it reads of the seating, the turn order, life near death and the arrows, and
that the fitted weights turn these into the direction a player would expect."""

from __future__ import annotations

from p2pbang.bots.evaluate import DICE_FEATURES, dice_features, dice_sample, dice_value
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.dice.state import DiceLayout

# Seats 0-5 clockwise: the Sheriff at 0 with Outlaws at 1 and 5 beside him.
BESIDE = ("sheriff", "outlaw", "deputy", "outlaw", "renegade", "outlaw")
# The Deputy and the Outlaw opposite the Sheriff swapped: every Outlaw within his reach.
WITHIN_REACH = ("sheriff", "outlaw", "outlaw", "deputy", "renegade", "outlaw")


def _table(roles: tuple[str, ...], life: tuple[int, ...] = (), arrows: tuple[int, ...] = (),
           first: int = 0) -> DiceGame:
    return DiceGame(6, layout=DiceLayout(roles, ("willy_the_kid",) * 6, life, arrows, first))


def _named(game: DiceGame, seat: int) -> dict[str, float]:
    features = dice_features(game, seat)
    assert len(features) == len(DICE_FEATURES)
    return dict(zip(DICE_FEATURES, features, strict=True))


def test_the_features_read_the_seating_and_the_turn() -> None:
    # Given the Sheriff at 1 life of 10, Outlaws beside him, seat 1 holding 2 arrows, its turn
    game = _table(BESIDE, life=(1, 8, 8, 8, 8, 8), arrows=(0, 2, 0, 0, 0, 0), first=1)
    # When the Outlaw of seat 1 reads the position
    seen = _named(game, 1)
    # Then the Sheriff is near death and within reach of two Outlaws
    assert seen["sheriff_life_share"] == 0.1
    assert (seen["sheriff_at_1"], seen["sheriff_at_2"]) == (1.0, 0.0)
    assert (seen["outlaws_1_from_sheriff"], seen["outlaws_2_from_sheriff"]) == (2, 0)
    assert (seen["deputies_1_from_sheriff"], seen["deputies_2_from_sheriff"]) == (0, 1)
    assert (seen["renegades_1_from_sheriff"], seen["renegades_2_from_sheriff"]) == (0, 1)
    # and the seat sits beside him, with the Sheriff and the Deputy at distance 1, the other
    # Outlaws at distance 2
    assert (seen["me_1_from_sheriff"], seen["me_2_from_sheriff"]) == (1.0, 0.0)
    assert (seen["law_1_from_me"], seen["law_2_from_me"]) == (2, 0)
    assert (seen["outlaws_1_from_me"], seen["outlaws_2_from_me"]) == (0, 2)
    # and it plays now, before the Sheriff; 7 arrows are left in the pile
    assert (seen["my_turn"], seen["my_turn_first"], seen["sheriff_turn"]) == (1.0, 1.0, 0.0)
    assert seen["pile"] == 7.0 and seen["my_arrows"] == 2
    assert seen["my_arrows_lethal"] == 0.0


def test_the_features_see_life_near_death_and_lethal_arrows() -> None:
    # Given the Sheriff at 2 life holding 3 arrows, the Deputy at 1 life with 1 arrow
    game = _table(BESIDE, life=(2, 8, 1, 8, 8, 2), arrows=(3, 0, 1, 0, 0, 0))
    # When the Deputy reads the position
    seen = _named(game, 2)
    # Then both are near death and would fall to the Indians' attack
    assert (seen["sheriff_at_1"], seen["sheriff_at_2"]) == (0.0, 1.0)
    assert (seen["me_at_1"], seen["me_at_2"]) == (1.0, 0.0)
    assert seen["my_arrows_lethal"] == 1.0 and seen["sheriff_arrows_lethal"] == 1.0
    assert (seen["deputies_low"], seen["outlaws_low"], seen["renegades_low"]) == (1, 1, 0)
    assert seen["my_life_share"] == 1 / 8
    # and it is the Sheriff's turn, which comes before the Deputy's
    assert (seen["sheriff_turn"], seen["my_turn"], seen["my_turn_first"]) == (1.0, 0.0, 0.0)


def test_outlaws_within_the_sheriffs_reach_score_higher() -> None:
    """At six seats a Bull's Eye reaches one or two seats: only the seat opposite is out of
    reach. The same table with the Deputy and an Outlaw swapped, so that all three Outlaws
    sit within reach of the Sheriff and the Deputy opposite him, is better for the Outlaws
    and worse for the Sheriff, at any life of his."""
    for sheriff_life in (1, 3, 6):
        life = (sheriff_life, 8, 8, 8, 8, 8)
        # Given the Outlaws at 1, 3 (opposite the Sheriff) and 5, the Sheriff's turn
        apart = _table(BESIDE, life=life)
        # When the Outlaw of seat 3 and the Deputy of seat 2 swap seats
        close = _table(WITHIN_REACH, life=life)
        # Then the Outlaw of seat 1 (it did not move) scores higher, the Sheriff lower
        assert dice_value(close, 1) > dice_value(apart, 1) + 0.01
        assert dice_value(close, 0) < dice_value(apart, 0)


def test_an_outlaw_whose_turn_comes_first_scores_higher() -> None:
    # Given the Sheriff at 1 life and an Outlaw beside him (seat 1)
    life = (1, 8, 8, 8, 8, 8)
    # When it is that Outlaw's turn, or the Deputy's after it (seat 1 plays last)
    mine, later = _table(BESIDE, life=life, first=1), _table(BESIDE, life=life, first=2)
    # Then the Outlaw's chances are higher on its own turn
    assert dice_value(mine, 1) > dice_value(later, 1)


def test_a_sheriff_nearer_death_scores_lower_for_him_and_higher_for_an_outlaw() -> None:
    for low, high in ((1, 2), (2, 3)):
        weak = _table(BESIDE, life=(low, 8, 8, 8, 8, 8))
        less = _table(BESIDE, life=(high, 8, 8, 8, 8, 8))
        assert dice_value(weak, 0) < dice_value(less, 0)
        assert dice_value(weak, 1) > dice_value(less, 1)


def test_a_sample_is_the_role_and_its_features() -> None:
    game = _table(BESIDE)
    assert dice_sample(game, 3) == ("outlaw", dice_features(game, 3))
