"""A scenario per Duel card (seed 003, "A kártyák"; texts in reference/duel/duel_cards.csv)."""

from __future__ import annotations

from pathlib import Path

from p2pbang.engine.actions import FROM_HAND, Choose, Discard, Pass, Play
from p2pbang.engine.duel.actions import (
    ACTIVE,
    CARBINE,
    FORCED_DISCARD,
    PLAY,
    REARGUARD,
    RESPOND_DUEL,
    RESPOND_HIT,
    RESPOND_INDIANS,
    SHOTGUN,
    STAGECOACH_DISCARD,
    STORE_PICK,
    USE_BARREL,
    USE_HAT,
    MoveToken,
)
from p2pbang.engine.duel.catalog import BARREL, DUEL_CARDS, DYNAMITE, LAWMEN, OUTLAWS, SNAKE

from .support import act, card_with, cards, end_turn, in_hand, start

OPP_ACTIVE = OUTLAWS * 2 + ACTIVE
OPP_REAR = OUTLAWS * 2 + REARGUARD
OWN_REAR = LAWMEN * 2 + REARGUARD


def play(game, dealer, name: str, target: int = -1, target_slot: int = -1):
    return act(game, dealer, Play(*in_hand(game, LAWMEN, name), target, target_slot))


def test_colt_hits_the_opponent_active_who_may_take_it() -> None:
    game, dealer = start(["colt"], [])
    play(game, dealer, "colt", OPP_ACTIVE)
    assert game.pending.kind == RESPOND_HIT and game.pending.seat == OUTLAWS
    act(game, dealer, Pass())
    assert game.figure(OUTLAWS, ACTIVE).life == 3


def test_missed_dodges_a_hit() -> None:
    game, dealer = start(["colt"], ["missed"])
    play(game, dealer, "colt", OPP_ACTIVE)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "missed")))
    assert game.figure(OUTLAWS, ACTIVE).life == 4


def test_counter_dodges_and_shoots_back_at_the_attacker_active() -> None:
    game, dealer = start(["counter"], ["colt"])
    end_turn(game, dealer)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "colt"), LAWMEN * 2 + ACTIVE))
    act(game, dealer, Play(*in_hand(game, LAWMEN, "counter")))
    assert game.pending.kind == RESPOND_HIT and game.pending.seat == OUTLAWS
    act(game, dealer, Pass())
    assert game.figure(OUTLAWS, ACTIVE).life == 3
    assert game.figure(LAWMEN, ACTIVE).life == 4


def test_barrel_on_the_target_dodges_on_a_barrel_symbol() -> None:
    barrel_top = cards(OUTLAWS, "schofield")  # its draw! symbol is Barrel
    game, dealer = start(["barrel", "colt"], [], outlaw_more=barrel_top)
    play(game, dealer, "barrel", OPP_ACTIVE)
    play(game, dealer, "colt", OPP_ACTIVE)
    assert USE_BARREL in game.pending.options
    act(game, dealer, Choose(USE_BARREL))
    assert game.pending.kind == PLAY
    assert game.figure(OUTLAWS, ACTIVE).life == 4


def test_barrel_fails_on_another_symbol_and_is_used_once() -> None:
    game, dealer = start(["barrel", "colt"], [], outlaw_more=cards(OUTLAWS, "missed"))
    play(game, dealer, "barrel", OPP_ACTIVE)
    play(game, dealer, "colt", OPP_ACTIVE)
    act(game, dealer, Choose(USE_BARREL))
    assert game.pending.kind == RESPOND_HIT and USE_BARREL not in game.pending.options
    act(game, dealer, Pass())
    assert game.figure(OUTLAWS, ACTIVE).life == 3


def test_a_sleeping_rearguard_equipment_works_only_when_that_character_is_targeted() -> None:
    game, dealer = start(["barrel"], ["colt", "knife"], outlaws=["jack_ransome", "the_daltons"])
    play(game, dealer, "barrel", OWN_REAR)
    end_turn(game, dealer)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "colt"), LAWMEN * 2 + ACTIVE))
    assert USE_BARREL not in game.pending.options  # the rearguard's Barrel sleeps
    act(game, dealer, Pass())
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "knife"), OWN_REAR))
    assert game.pending.options == (OWN_REAR, USE_BARREL)  # targeted: it wakes up


def test_hat_is_discarded_to_dodge() -> None:
    game, dealer = start(["hat", "colt"], [])
    play(game, dealer, "hat", OPP_ACTIVE)
    play(game, dealer, "colt", OPP_ACTIVE)
    act(game, dealer, Choose(USE_HAT))
    assert game.figure(OUTLAWS, ACTIVE).life == 4 and not game.figure(OUTLAWS, ACTIVE).table


def test_equipment_goes_on_own_rearguard_or_opponent_active_and_replaces_its_namesake() -> None:
    game, dealer = start(["barrel", "hat"], [])
    targets = {a.target for a in game.legal_actions()
               if isinstance(a, Play) and a.card == in_hand(game, LAWMEN, "barrel")[1]}
    assert targets == {OWN_REAR, OPP_ACTIVE}
    play(game, dealer, "barrel", OWN_REAR)
    assert len(game.figure(LAWMEN, REARGUARD).table) == 1


def test_bank_draws_one_more_when_its_character_is_active() -> None:
    game, dealer = start(["bank"], [], law=["wyatt_earp", "tex_killer"])
    play(game, dealer, "bank", OWN_REAR)
    act(game, dealer, MoveToken())
    end_turn(game, dealer)
    end_turn(game, dealer)
    before = game.events
    assert any(e.kind == "draw" and e.value == 3 for e in before)


def test_gunbelt_lifts_the_one_bang_limit() -> None:
    game, dealer = start(["gunbelt", "colt", "peacemaker"], [])
    play(game, dealer, "gunbelt", OWN_REAR)
    act(game, dealer, MoveToken())
    play(game, dealer, "colt", OPP_ACTIVE)
    act(game, dealer, Pass())
    peacemaker = in_hand(game, LAWMEN, "peacemaker")
    assert Play(*peacemaker, OPP_ACTIVE) in game.legal_actions()


def test_winchester_may_target_the_opponent_rearguard() -> None:
    game, dealer = start(["winchester", "peacemaker"], [])
    winchester = in_hand(game, LAWMEN, "winchester")
    assert Play(*winchester, OPP_REAR) in game.legal_actions()
    assert Play(*in_hand(game, LAWMEN, "peacemaker"), OPP_REAR) not in game.legal_actions()
    act(game, dealer, Play(*winchester, OPP_REAR))
    assert game.pending.options[0] == OPP_REAR  # the rearguard wakes up to answer
    act(game, dealer, Pass())
    assert game.figure(OUTLAWS, REARGUARD).life == 3


def test_sniper_lets_hit_cards_reach_the_rearguard() -> None:
    game, dealer = start(["sniper", "derringer"], [])
    play(game, dealer, "sniper", OWN_REAR)
    derringer = in_hand(game, LAWMEN, "derringer")
    assert Play(*derringer, OPP_REAR) not in game.legal_actions()
    act(game, dealer, MoveToken())
    assert Play(*derringer, OPP_REAR) in game.legal_actions()


def test_quickdraw_hits_once_more_per_equipment_of_the_target() -> None:
    game, dealer = start(["hat", "quickdraw"], [])
    play(game, dealer, "hat", OPP_ACTIVE)
    play(game, dealer, "quickdraw", OPP_ACTIVE)
    act(game, dealer, Pass())
    assert game.pending.kind == RESPOND_HIT
    act(game, dealer, Pass())
    assert game.figure(OUTLAWS, ACTIVE).life == 2


def test_quickdraw_stops_at_a_character_already_down() -> None:
    game, dealer = start(["hat", "quickdraw"], [])
    play(game, dealer, "hat", OPP_ACTIVE)
    game.figure(OUTLAWS, ACTIVE).life = 1
    play(game, dealer, "quickdraw", OPP_ACTIVE)
    act(game, dealer, Pass())
    assert game.pending.kind == PLAY  # no second hit to answer; the next character came in
    assert game.figure(OUTLAWS, ACTIVE).name == "the_daltons"


def test_carbine_discards_equipment_of_an_active_character_on_a_dodge() -> None:
    game, dealer = start(["hat", "carbine"], ["missed"])
    play(game, dealer, "hat", OPP_ACTIVE)
    play(game, dealer, "carbine", OPP_ACTIVE)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "missed")))
    assert game.pending.kind == CARBINE
    act(game, dealer, Choose(game.figure(OUTLAWS, ACTIVE).table[0]))
    assert not game.figure(OUTLAWS, ACTIVE).table


def test_peacemaker_makes_the_dodger_discard_a_card() -> None:
    game, dealer = start(["peacemaker"], ["missed"])
    play(game, dealer, "peacemaker", OPP_ACTIVE)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "missed")))
    assert game.pending.kind == FORCED_DISCARD and game.pending.seat == OUTLAWS
    act(game, dealer, game.legal_actions()[0])
    assert len(game.sides[OUTLAWS].hand) == 2


def test_remington_draws_on_a_dodge_and_schofield_heals() -> None:
    game, dealer = start(["missed"], ["remington", "schofield"])
    end_turn(game, dealer)
    before = len(game.sides[OUTLAWS].hand)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "remington"), LAWMEN * 2))
    act(game, dealer, Play(*in_hand(game, LAWMEN, "missed")))
    assert len(game.sides[OUTLAWS].hand) == before  # one played, one drawn
    game.figure(OUTLAWS, ACTIVE).life = 2
    game.bangs_played = 0  # West Harding shoots at will anyway
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "schofield"), LAWMEN * 2))
    assert game.pending.kind == RESPOND_HIT
    act(game, dealer, Pass())
    assert game.figure(OUTLAWS, ACTIVE).life == 2  # no dodge, no healing


def test_shotgun_may_swap_a_side_on_a_dodge() -> None:
    game, dealer = start(["shotgun"], ["missed"])
    play(game, dealer, "shotgun", OPP_ACTIVE)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "missed")))
    assert game.pending.kind == SHOTGUN
    before = game.figure(OUTLAWS, ACTIVE)
    act(game, dealer, Choose(OUTLAWS))
    assert game.figure(OUTLAWS, REARGUARD) is before


def test_derringer_is_avoided_by_discarding_any_card() -> None:
    game, dealer = start(["derringer"], [])
    play(game, dealer, "derringer", OPP_ACTIVE)
    discards = [a for a in game.legal_actions() if isinstance(a, Discard)]
    assert len(discards) == 4
    act(game, dealer, discards[0])
    assert game.figure(OUTLAWS, ACTIVE).life == 4


def test_knife_is_an_unlimited_hit_card() -> None:
    game, dealer = start(["missed"], ["knife", "colt"])
    end_turn(game, dealer)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "colt"), LAWMEN * 2))
    act(game, dealer, Pass())
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "knife"), LAWMEN * 2))
    act(game, dealer, Pass())
    assert game.figure(LAWMEN, ACTIVE).life == 2


def test_indians_every_character_but_your_active_discards_a_hit_card_or_loses_a_life() -> None:
    game, dealer = start(["indians"], ["colt"])
    play(game, dealer, "indians")
    assert game.pending.kind == RESPOND_INDIANS and game.pending.seat == OUTLAWS
    act(game, dealer, Discard(*in_hand(game, OUTLAWS, "colt")))
    assert game.pending.seat == LAWMEN  # own rearguard
    act(game, dealer, Pass())
    act(game, dealer, Pass())  # outlaws' rearguard, no hit card left
    assert game.figure(OUTLAWS, ACTIVE).life == 4
    assert game.figure(LAWMEN, REARGUARD).life == 4  # Pat Garrett has 5
    assert game.figure(OUTLAWS, REARGUARD).life == 3


def test_gatling_hits_every_character_but_your_active() -> None:
    game, dealer = start(["gatling"], [])
    play(game, dealer, "gatling")
    answered = []
    while game.pending.kind == RESPOND_HIT:
        answered.append(game.pending.options[0])
        act(game, dealer, Pass())
    assert answered == [OPP_ACTIVE, OWN_REAR, OPP_REAR]
    assert game.figure(LAWMEN, ACTIVE).life == 4


def test_inn_sets_life_to_three() -> None:
    game, dealer = start(["inn"], [])
    play(game, dealer, "inn", OPP_ACTIVE)
    assert game.figure(OUTLAWS, ACTIVE).life == 3


def test_canteen_swaps_a_side_and_does_not_use_the_token_move() -> None:
    game, dealer = start(["canteen"], [])
    before = game.figure(OUTLAWS, ACTIVE)
    play(game, dealer, "canteen", OUTLAWS * 2)
    assert game.figure(OUTLAWS, REARGUARD) is before
    # Tom Thorn came to the front: the lawmen's rearguard is the target of a hit
    assert game.pending.kind == RESPOND_HIT and game.pending.options[0] == OWN_REAR
    act(game, dealer, Pass())
    assert game.figure(LAWMEN, REARGUARD).life == 4
    assert MoveToken() in game.legal_actions()


def test_steal_takes_a_random_hand_card_or_discards_a_card_in_play() -> None:
    game, dealer = start(["missed"], ["steal", "steal", "colt"])
    end_turn(game, dealer)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "steal"), LAWMEN * 2, FROM_HAND))
    assert len(game.sides[LAWMEN].hand) == 3 and len(game.sides[OUTLAWS].hand) == 6
    game.figure(LAWMEN, ACTIVE).table.append(game.sides[LAWMEN].hand.pop())
    game._legal_cache = None
    equipment = game.figure(LAWMEN, ACTIVE).table[0]
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "steal"), LAWMEN * 2, equipment))
    assert not game.figure(LAWMEN, ACTIVE).table and game.discard[-1] == equipment


def test_duel_alternates_hit_cards_and_the_first_to_stop_loses_a_life() -> None:
    game, dealer = start(["duel", "colt"], ["colt"])
    play(game, dealer, "duel")
    assert game.pending.kind == RESPOND_DUEL and game.pending.seat == OUTLAWS
    act(game, dealer, Discard(*in_hand(game, OUTLAWS, "colt")))
    assert game.pending.seat == LAWMEN
    act(game, dealer, Discard(*in_hand(game, LAWMEN, "colt")))
    act(game, dealer, Pass())
    assert game.figure(OUTLAWS, ACTIVE).life == 3


def test_stagecoach_draws_three_and_discards_one_of_them() -> None:
    game, dealer = start(["stagecoach"], [])
    before = len(game.sides[LAWMEN].hand)
    play(game, dealer, "stagecoach")
    assert game.pending.kind == STAGECOACH_DISCARD and len(game.pending.options) == 3
    act(game, dealer, game.legal_actions()[0])
    assert len(game.sides[LAWMEN].hand) == before - 1 + 2


def test_beer_heals_active_and_rearguard() -> None:
    game, dealer = start([], ["beer"])
    end_turn(game, dealer)
    for fig in game.sides[OUTLAWS].figures:
        fig.life = 2
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "beer")))
    assert [f.life for f in game.sides[OUTLAWS].figures] == [3, 3]


def test_general_store_two_from_each_deck_taken_in_turn() -> None:
    game, dealer = start(["general_store"], [])
    play(game, dealer, "general_store")
    assert game.pending.kind == STORE_PICK and game.pending.seat == LAWMEN
    assert len(game.pending.options) == 4
    act(game, dealer, game.legal_actions()[0])
    assert game.pending.seat == OUTLAWS
    act(game, dealer, game.legal_actions()[0])
    act(game, dealer, game.legal_actions()[0])
    assert game.pending.kind == PLAY
    assert len(game.sides[OUTLAWS].hand) == 6


def test_teacher_takes_equipment_in_play_into_the_hand_but_not_from_the_rearguard() -> None:
    game, dealer = start(["teacher", "hat", "barrel"], [])
    play(game, dealer, "hat", OPP_ACTIVE)
    teacher = in_hand(game, LAWMEN, "teacher")
    hat_slot = game.figure(OUTLAWS, ACTIVE).table[0]
    act(game, dealer, Play(*teacher, OPP_ACTIVE, hat_slot))
    assert hat_slot in game.sides[LAWMEN].hand


def test_rattlesnake_costs_a_life_on_a_snake_at_the_start_of_turn() -> None:
    snake = [card_with(LAWMEN, "missed", SNAKE)]
    game, dealer = start([], ["rattlesnake"], law_more=snake)
    end_turn(game, dealer)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "rattlesnake"), LAWMEN * 2 + ACTIVE))
    end_turn(game, dealer)
    assert game.pending.kind == PLAY and game.pending.seat == LAWMEN
    assert game.figure(LAWMEN, ACTIVE).life == 3
    assert game.known[game.discard[-1]] == snake[0]


def test_rattlesnake_spares_on_another_symbol() -> None:
    game, dealer = start([], ["rattlesnake"], law_more=[card_with(LAWMEN, "missed", BARREL)])
    end_turn(game, dealer)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "rattlesnake"), LAWMEN * 2 + ACTIVE))
    end_turn(game, dealer)
    assert game.figure(LAWMEN, ACTIVE).life == 4


def _dynamite_game(third: int):
    more = [*cards(OUTLAWS, "knife", "knife"), third]
    game, dealer = start([], ["dynamite"], outlaw_more=more)
    end_turn(game, dealer)
    dynamite = in_hand(game, OUTLAWS, "dynamite")
    assert {a.target for a in game.legal_actions() if isinstance(a, Play)
            and a.card == dynamite[1]} == {OUTLAWS * 2 + REARGUARD}
    act(game, dealer, Play(*dynamite, OUTLAWS * 2 + REARGUARD))
    end_turn(game, dealer)
    end_turn(game, dealer)
    return game, dynamite[0]


def test_dynamite_explodes_on_a_dynamite_symbol() -> None:
    game, dynamite = _dynamite_game(card_with(OUTLAWS, "colt", DYNAMITE))
    assert game.figure(OUTLAWS, REARGUARD).life == 1
    assert dynamite in game.discard


def test_dynamite_passes_to_the_opponent_rearguard_otherwise() -> None:
    game, dynamite = _dynamite_game(card_with(OUTLAWS, "schofield", BARREL))
    assert game.figure(OUTLAWS, REARGUARD).life == 4
    assert game.figure(LAWMEN, REARGUARD).table == [dynamite]


def test_panic_swaps_the_owner_characters_at_the_start_of_turn() -> None:
    game, dealer = start(["panic"], [])
    play(game, dealer, "panic", OPP_ACTIVE)
    before = game.figure(OUTLAWS, ACTIVE)
    end_turn(game, dealer)
    assert game.figure(OUTLAWS, REARGUARD) is before


def test_pocket_watch_draws_when_the_opponent_moves_their_token() -> None:
    game, dealer = start([], ["pocket_watch"], outlaws=["west_harding", "the_daltons"])
    end_turn(game, dealer)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "pocket_watch"), OUTLAWS * 2 + REARGUARD))
    act(game, dealer, MoveToken())
    end_turn(game, dealer)
    before = len(game.sides[OUTLAWS].hand)
    act(game, dealer, MoveToken())
    assert len(game.sides[OUTLAWS].hand) == before + 1


def test_every_card_name_has_a_scenario() -> None:
    names = {card.name for card in DUEL_CARDS}
    tested = {name for name in names if f"_{name}" in _SOURCE or f"{name}_" in _SOURCE}
    assert names == tested


_SOURCE = Path(__file__).read_text(encoding="utf-8")
