"""A scenario per Duel character (texts in reference/duel/duel_characters.csv)."""

from __future__ import annotations

from pathlib import Path

from p2pbang.engine.actions import FROM_HAND, Choose, Discard, Pass, Play
from p2pbang.engine.duel.actions import (
    ACTIVE,
    AS_COLT,
    BUFFALO,
    BULL,
    EXTRA_DISCARD,
    PICK_CHECK,
    PLAY,
    REARGUARD,
    RESPOND_HIT,
    SLIM_POET,
    USE_SID,
    MoveToken,
    UseAbility,
)
from p2pbang.engine.duel.catalog import (
    BARREL,
    DUEL_CHARACTERS,
    HORSESHOE,
    LAWMEN,
    NOT_IMPLEMENTED_CHARACTERS,
    OUTLAWS,
    SNAKE,
)

from .support import act, card_with, cards, end_turn, in_hand, scenario, start

LAW_ACTIVE, LAW_REAR = LAWMEN * 2 + ACTIVE, LAWMEN * 2 + REARGUARD
OUT_ACTIVE, OUT_REAR = OUTLAWS * 2 + ACTIVE, OUTLAWS * 2 + REARGUARD


def law_plays(game, dealer, name: str, target: int = -1, target_slot: int = -1):
    return act(game, dealer, Play(*in_hand(game, LAWMEN, name), target, target_slot))


def out_plays(game, dealer, name: str, target: int = -1, target_slot: int = -1):
    return act(game, dealer, Play(*in_hand(game, OUTLAWS, name), target, target_slot))


def test_west_harding_plays_any_number_of_bang_cards() -> None:
    game, dealer = start([], ["colt", "colt", "colt"])
    end_turn(game, dealer)
    for _ in range(3):
        out_plays(game, dealer, "colt", LAW_ACTIVE)
        act(game, dealer, Pass())
    assert game.figure(LAWMEN, ACTIVE).life == 1


def test_the_stranger_always_active_allows_one_more_bang() -> None:
    game, dealer = start(["colt", "peacemaker", "winchester"], [],
                         law=["wyatt_earp", "the_stranger"])
    law_plays(game, dealer, "colt", OUT_ACTIVE)
    act(game, dealer, Pass())
    law_plays(game, dealer, "peacemaker", OUT_ACTIVE)
    act(game, dealer, Pass())
    winchester = in_hand(game, LAWMEN, "winchester")
    assert not any(isinstance(a, Play) and a.card == winchester[1] for a in game.legal_actions())


def test_the_daltons_draw_three() -> None:
    game, dealer = start([], [], outlaws=["the_daltons", "tom_thorn"])
    end_turn(game, dealer)
    assert len(game.sides[OUTLAWS].hand) == 3 + 3


def test_jack_ransome_plays_cards_on_any_character() -> None:
    game, dealer = start([], ["colt"], outlaws=["jack_ransome", "tom_thorn"])
    end_turn(game, dealer)
    colt = in_hand(game, OUTLAWS, "colt")
    targets = {a.target for a in game.legal_actions() if isinstance(a, Play) and a.card == colt[1]}
    assert targets == {LAW_ACTIVE, LAW_REAR, OUT_ACTIVE, OUT_REAR}


def test_toco_ramirez_plays_any_card_as_a_colt() -> None:
    game, dealer = start([], ["steal"], outlaws=["toco_ramirez", "tom_thorn"])
    end_turn(game, dealer)
    out_plays(game, dealer, "steal", LAW_ACTIVE, AS_COLT)
    assert game.pending.kind == RESPOND_HIT
    act(game, dealer, Pass())
    assert game.figure(LAWMEN, ACTIVE).life == 3


def test_annie_oakley_dodges_with_hit_cards_and_shoots_with_missed() -> None:
    game, dealer = start(["missed", "derringer"], ["colt"], law=["annie_oakley", "tex_killer"])
    law_plays(game, dealer, "missed", OUT_ACTIVE, AS_COLT)
    act(game, dealer, Pass())
    assert game.figure(OUTLAWS, ACTIVE).life == 3
    end_turn(game, dealer)
    out_plays(game, dealer, "colt", LAW_ACTIVE)
    act(game, dealer, Play(*in_hand(game, LAWMEN, "derringer")))
    assert game.figure(LAWMEN, ACTIVE).life == 4


def test_tex_killer_makes_a_dodge_cost_one_more_card() -> None:
    game, dealer = start(["peacemaker"], ["missed"], law=["tex_killer", "wyatt_earp"])
    law_plays(game, dealer, "peacemaker", OUT_ACTIVE)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "missed")))
    assert game.pending.kind == EXTRA_DISCARD
    act(game, dealer, game.legal_actions()[0])
    assert len(game.sides[OUTLAWS].hand) == 2


def test_bill_tilghman_draws_two_when_a_character_is_eliminated() -> None:
    game, dealer = start(["colt"], [], law=["bill_tilghman", "wyatt_earp"])
    game.figure(OUTLAWS, ACTIVE).life = 1
    before = len(game.sides[LAWMEN].hand)
    law_plays(game, dealer, "colt", OUT_ACTIVE)
    act(game, dealer, Pass())
    assert len(game.sides[LAWMEN].hand) == before - 1 + 2


def test_dalon_ranger_draws_when_the_opponent_costs_him_a_life() -> None:
    game, dealer = start([], ["colt"], law=["dalon_ranger", "wyatt_earp"])
    end_turn(game, dealer)
    before = len(game.sides[LAWMEN].hand)
    out_plays(game, dealer, "colt", LAW_ACTIVE)
    act(game, dealer, Pass())
    assert len(game.sides[LAWMEN].hand) == before + 1


def test_dalon_ranger_as_a_targeted_rearguard_still_draws() -> None:
    game, dealer = start([], ["colt"], law=["wyatt_earp", "dalon_ranger"],
                         outlaws=["jack_ransome", "the_daltons"])
    end_turn(game, dealer)
    before = len(game.sides[LAWMEN].hand)
    out_plays(game, dealer, "colt", LAW_REAR)
    act(game, dealer, Pass())
    assert len(game.sides[LAWMEN].hand) == before + 1


def test_wyatt_earp_draws_when_the_enemy_dodges_his_hit() -> None:
    game, dealer = start(["colt"], ["missed"])
    before = len(game.sides[LAWMEN].hand)
    law_plays(game, dealer, "colt", OUT_ACTIVE)
    act(game, dealer, Play(*in_hand(game, OUTLAWS, "missed")))
    assert len(game.sides[LAWMEN].hand) == before


def test_django_draws_when_the_opponent_moves_their_token() -> None:
    game, dealer = start([], [], law=["django", "wyatt_earp"],
                         outlaws=["west_harding", "the_daltons"])
    end_turn(game, dealer)
    before = len(game.sides[LAWMEN].hand)
    act(game, dealer, MoveToken())
    assert len(game.sides[LAWMEN].hand) == before + 1


def test_alan_pinkerton_shoots_back_for_each_life_lost() -> None:
    game, dealer = start([], ["colt"], law=["alan_pinkerton", "wyatt_earp"])
    end_turn(game, dealer)
    out_plays(game, dealer, "colt", LAW_ACTIVE)
    act(game, dealer, Pass())
    assert game.pending.kind == RESPOND_HIT and game.pending.seat == OUTLAWS
    act(game, dealer, Pass())
    assert game.figure(OUTLAWS, ACTIVE).life == 3


def test_tom_thorn_coming_to_the_front_hits_the_enemy_rearguard() -> None:
    game, dealer = start([], [])
    end_turn(game, dealer)
    act(game, dealer, MoveToken())
    assert game.pending.kind == RESPOND_HIT and game.pending.options[0] == LAW_REAR


def test_babe_leroy_draws_two_with_an_empty_hand_once_per_turn() -> None:
    game, dealer = start([], ["colt", "colt", "colt", "colt"],
                         outlaws=["babe_leroy", "the_daltons"])
    end_turn(game, dealer)
    assert UseAbility("babe_leroy") not in game.legal_actions()
    hand = game.sides[OUTLAWS].hand
    game.discard.extend(hand)  # scenario: she has played out her hand
    hand.clear()
    game._legal_cache = None
    act(game, dealer, UseAbility("babe_leroy"))
    assert len(game.sides[OUTLAWS].hand) == 2


def test_sundance_kid_discards_one_to_draw_two_even_as_rearguard() -> None:
    game, dealer = start([], ["colt"], outlaws=["west_harding", "sundance_kid"])
    end_turn(game, dealer)
    colt = in_hand(game, OUTLAWS, "colt")
    act(game, dealer, UseAbility("sundance_kid", (colt[0],), (colt[1],)))
    assert len(game.sides[OUTLAWS].hand) == 6 - 1 + 2
    assert UseAbility("sundance_kid", (colt[0],), (colt[1],)) not in game.legal_actions()


def test_cattle_kate_discards_her_equipment_to_draw_two() -> None:
    game, dealer = start(["hat"], [], outlaws=["cattle_kate", "the_daltons"])
    law_plays(game, dealer, "hat", OUT_ACTIVE)
    end_turn(game, dealer)
    hat = game.figure(OUTLAWS, ACTIVE).table[0]
    act(game, dealer, UseAbility("cattle_kate", (hat,), (game.known[hat],)))
    assert not game.figure(OUTLAWS, ACTIVE).table and len(game.sides[OUTLAWS].hand) == 8


def test_sid_curry_reveals_the_attacker_deck_and_on_a_barrel_dodges_and_shoots_back() -> None:
    game, dealer = start(["colt"], [], outlaws=["sid_curry", "the_daltons"],
                         law_more=[card_with(LAWMEN, "missed", BARREL)])
    law_plays(game, dealer, "colt", OUT_ACTIVE)
    act(game, dealer, Choose(USE_SID))
    assert game.figure(OUTLAWS, ACTIVE).life == 4
    assert game.pending.kind == RESPOND_HIT and game.pending.seat == LAWMEN


def test_slim_poet_discards_a_random_opponent_card_when_hurt() -> None:
    game, dealer = start(["colt"], [], outlaws=["slim_poet", "the_daltons"])
    law_plays(game, dealer, "colt", OUT_ACTIVE)
    act(game, dealer, Pass())
    assert game.pending.kind == SLIM_POET
    before = len(game.sides[LAWMEN].hand)
    act(game, dealer, Choose(1))
    assert len(game.sides[LAWMEN].hand) == before - 1


def test_bull_anderson_takes_cards_from_an_eliminated_character() -> None:
    game, dealer = start([], ["colt", "hat"], outlaws=["bull_anderson", "the_daltons"])
    end_turn(game, dealer)
    out_plays(game, dealer, "hat", LAW_ACTIVE)
    game.figure(LAWMEN, ACTIVE).life = 1
    out_plays(game, dealer, "colt", LAW_ACTIVE)
    act(game, dealer, Pass())
    assert game.pending.kind == BULL
    hat = game.pending.options[0]
    act(game, dealer, Choose(hat))
    act(game, dealer, Pass())
    assert hat in game.sides[OUTLAWS].hand


def test_bart_masterson_picks_which_of_two_revealed_cards_counts() -> None:
    top = [card_with(OUTLAWS, "missed", SNAKE), card_with(OUTLAWS, "schofield", BARREL)]
    game, dealer = start(["barrel", "colt"], [], law=["wyatt_earp", "bart_masterson"],
                         outlaw_more=top)
    law_plays(game, dealer, "barrel", OUT_ACTIVE)
    law_plays(game, dealer, "colt", OUT_ACTIVE)
    act(game, dealer, Choose(-10))
    assert game.pending.kind == PICK_CHECK and game.pending.seat == LAWMEN
    snake = next(s for s in game.pending.options if game.known[s] == top[0])
    act(game, dealer, Choose(snake))  # the lawmen pick the Snake: no dodge
    act(game, dealer, Pass())
    assert game.figure(OUTLAWS, ACTIVE).life == 3


def test_buffalo_bell_takes_the_loss_of_his_partner() -> None:
    game, dealer = start([], ["colt"], law=["wyatt_earp", "buffalo_bell"])
    end_turn(game, dealer)
    out_plays(game, dealer, "colt", LAW_ACTIVE)
    act(game, dealer, Pass())
    assert game.pending.kind == BUFFALO
    act(game, dealer, Choose(1))
    assert game.figure(LAWMEN, ACTIVE).life == 4
    assert game.figure(LAWMEN, REARGUARD).life == 3


def test_pat_garrett_shows_his_second_card_and_on_a_horseshoe_draws_from_the_enemy() -> None:
    law_top = cards(LAWMEN, "inn", "teacher", "teacher", "stagecoach", "stagecoach")
    second = card_with(LAWMEN, "winchester", HORSESHOE)
    game, _dealer = scenario_pat([*law_top, cards(LAWMEN, "bank")[0], second])
    assert len(game.sides[LAWMEN].hand) == 5 + 3
    assert len(game.sides[OUTLAWS].deck) == 40 - 4 - 1


def scenario_pat(law_top: list[int]):
    return scenario(["pat_garrett", "wyatt_earp"], ["west_harding", "the_daltons"], law_top, [])


def test_wild_bill_shoots_back_when_a_card_is_stolen_from_his_hand() -> None:
    game, dealer = start([], ["steal"], law=["wild_bill", "wyatt_earp"],
                         outlaws=["west_harding", "the_daltons"])
    end_turn(game, dealer)
    out_plays(game, dealer, "steal", LAW_ACTIVE, FROM_HAND)
    assert game.pending.kind == RESPOND_HIT and game.pending.seat == OUTLAWS


def test_pearl_hart_discards_a_card_to_play_the_action_on_top_of_the_discard_pile() -> None:
    game, dealer = start([], ["beer", "colt"], outlaws=["pearl_hart", "the_daltons"])
    end_turn(game, dealer)
    for fig in game.sides[OUTLAWS].figures:
        fig.life = 1
    out_plays(game, dealer, "beer")
    colt = in_hand(game, OUTLAWS, "colt")
    act(game, dealer, UseAbility("pearl_hart", (colt[0],), (colt[1],)))
    assert [f.life for f in game.sides[OUTLAWS].figures] == [3, 3]
    assert game.known[game.discard[-1]] == colt[1]
    assert not [a for a in game.legal_actions() if isinstance(a, UseAbility)]


def test_every_playable_character_has_a_scenario() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    names = {c.name for c in DUEL_CHARACTERS} - NOT_IMPLEMENTED_CHARACTERS
    assert {n for n in names if f"test_{n}" not in source} == set()


def test_the_play_phase_starts_for_the_lawmen() -> None:
    game, _dealer = start([], [])
    assert game.pending.kind == PLAY and game.pending.seat == LAWMEN
    assert not [a for a in game.legal_actions() if isinstance(a, Discard)]
