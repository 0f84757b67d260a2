"""The event cards meeting Gold Rush and the shadow gunslingers, one stacked table per rule.

Authorities: the Gold Rush rulebook (shared/seeds/004_cbdc5365d51d3cc3.txt, Hungarian), the
High Noon cards (reference/cards.md section 3, seed 002) and docs/rules/fistful.md. Each test
states the passage it checks. Seat 0 is the Sheriff (5 lives) of a 4-player table seated by
number: seats 1 and 3 are at distance 1 from seat 0, seat 2 at distance 2. Vulture Sam is the
filler: his ability only acts at an elimination.
"""

from __future__ import annotations

from typing import Any

from p2pbang.engine.actions import (
    DISCARD_PICK,
    EXCHANGE,
    NO_SEAT,
    NO_SLOT,
    PLAY,
    Ability,
    Buy,
    Decision,
    Sell,
    UseEquipment,
)
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city, fistful, gold_rush, high_noon, shadows
from p2pbang.engine.bang.sets.gold_rush import state as gold_state

GOLD = RuleSet((base.MODULE, dodge_city.MODULE, high_noon.MODULE, gold_rush.MODULE))
GHOSTS_AND_SHADOWS = RuleSet((base.MODULE, high_noon.MODULE, shadows.MODULE))
FILL = ["vulture_sam"] * 4


def table_of(first: str | None = None, *, seat: int = 0, rules: RuleSet = GOLD,
             **kw: Any) -> Scenario:
    """The filler table with character ``first`` at ``seat``."""
    characters = list(FILL)
    if first is not None:
        characters[seat] = first
    return Scenario(characters, rules=rules, **kw)


def buy(table: Scenario, seat: int, name: str, use: int = 0, target: int = NO_SEAT,
        target_slot: int = NO_SLOT) -> None:
    table.expect(seat, PLAY)
    table.act(Buy(table.shop_slot(name), use, target, target_slot))


def count(table: Scenario, kind: str, seat: int | None = None) -> int:
    return sum(1 for e in table.events if e.kind == kind and (seat is None or e.seat == seat))


# ---------------------------------------------------------------------- Hangover


def test_hangover_simeon_picos_takes_no_nugget_but_the_shooter_does() -> None:
    """Hangover: "Characters lose their abilities" (cards.md 3). Simeon Picos's nugget per
    life lost ("Minden alkalommal, amikor veszít egy életet, kap egy aranyrögöt", seed 004)
    is his ability; the shooter's nugget per wound is the table's rule and stays."""
    table = table_of("simeon_picos", seat=1, event="hangover", hands={0: ["bang"]})
    table.play(0, "bang", target=1)  # seat 1 holds no card: the shot hits
    assert table.life(1) == 3
    assert table.nuggets(1) == 0 and table.nuggets(0) == 1


def test_hangover_pretty_luzena_pays_the_full_price() -> None:
    """Hangover silences Pretty Luzena's discount ("egyszer vásárolhat 1 aranyröggel
    olcsóbbért 1 felszerelés kártyát", seed 004): a Shot costs her its 1 nugget."""
    table = table_of("pretty_luzena", event="hangover", nuggets={0: 1}, life={0: 4},
                     shop=["shot", "boots", "wanted"])
    buy(table, 0, "shot", target=0)
    assert table.nuggets(0) == 0 and table.life(0) == 5


def test_hangover_don_bell_flips_nothing_at_his_turns_end() -> None:
    """Hangover silences Don Bell ("A köre végén fel kell csapnia egy lapot", seed 004):
    no flip, no extra turn, even with a Heart on top of the deck."""
    table = table_of("don_bell", event="hangover", deck=["beer:6H", "bang", "bang"])
    table.end_turn(0)
    table.expect(1, PLAY)
    assert count(table, "don_bell_check") == 0


def test_hangover_dutch_will_draws_two_keeps_both_and_takes_no_nugget() -> None:
    """Hangover silences Dutch Will ("Két kártyát húz, melyből egyet eldob, és kap egy
    aranyrögöt", seed 004): an ordinary phase 1."""
    table = table_of("dutch_will", seat=1, event="hangover", turn=1, phase=START,
                     deck=["bang", "missed"])
    table.expect(1, PLAY)
    assert sorted(table.hand(1)) == ["bang", "missed"] and table.nuggets(1) == 0


# ---------------------------------------------------------------------- phase 1 counts


def test_thirst_dutch_will_draws_one_keeps_it_and_takes_his_nugget() -> None:
    """Thirst: "Phase 1: draw only one card" (cards.md 3); Dutch Will draws phase 1's count
    (docs/engine.md), so one card and nothing to discard; his nugget is still his."""
    table = table_of("dutch_will", seat=1, event="thirst", turn=1, phase=START,
                     deck=["bang", "missed"])
    table.expect(1, PLAY)
    assert table.hand(1) == ["bang"] and table.nuggets(1) == 1


def test_train_arrival_dutch_will_draws_three_and_discards_one() -> None:
    """Train Arrival: "Phase 1: draw one extra card" (cards.md 3): Dutch Will draws three,
    discards one of them ("muszáj eldobnia", G7) and takes a nugget."""
    table = table_of("dutch_will", seat=1, event="train_arrival", turn=1, phase=START,
                     deck=["bang", "missed", "beer"])
    pick = table.expect(1, DISCARD_PICK)
    assert len(pick.options) == 3
    table.choose(1, table.slot_of(1, "missed")[0])
    assert sorted(table.hand(1)) == ["bang", "beer"] and table.nuggets(1) == 1


def test_pickaxe_adds_its_card_after_thirst() -> None:
    """Pickaxe: "a saját körének 1. fázisa során egyel több kártyát húzhat" (seed 004), on top
    of whatever phase 1 draws: one card under Thirst, then the Pickaxe's."""
    table = table_of(seat=1, event="thirst", turn=1, phase=START, equipment={1: ["pickaxe"]},
                     deck=["bang", "missed", "beer"])
    table.expect(1, PLAY)
    assert sorted(table.hand(1)) == ["bang", "missed"]


# ---------------------------------------------------------------------- Blessing and Curse


def test_blessing_and_curse_a_diamond_reaches_calumet() -> None:
    """Calumet: "Egy másik játékos által kijátszott ♦ (káró) lap nem hat arra, aki ezt a
    kártyát birtokolja" (seed 004). Under Blessing every card counts as Hearts, under Curse
    as Spades (cards.md 3): no card is a Diamond then, so Calumet stops nothing."""
    plain = table_of(hands={0: ["bang:QD"]}, equipment={1: ["calumet"]})
    assert not plain.is_legal(0, "bang:QD", target=1)
    for event in ("blessing", "curse"):
        table = table_of(event=event, hands={0: ["bang:QD"]}, equipment={1: ["calumet"]})
        assert table.is_legal(0, "bang:QD", target=1)


def test_curse_rhum_heals_one_life_point_for_four_suits() -> None:
    """Rhum: "A különböző színek egy-egy életet regenerálnak" (seed 004): under Curse the
    four flipped cards all count as Spades, one suit, one life point."""
    table = table_of(event="curse", nuggets={0: 3}, life={0: 1},
                     shop=["rhum", "boots", "wanted"],
                     deck=["missed:10C", "beer:6H", "bang:QD", "missed:3S"])
    buy(table, 0, "rhum")
    assert table.life(0) == 2


def test_blessing_don_bell_plays_again_on_a_spade_and_curse_not_on_a_heart() -> None:
    """Don Bell: "ha az ♥ (kör) vagy ♦ (káró), egy újabb kört játszhat" (seed 004), the suit
    as Blessing and Curse make it count."""
    blessed = table_of("don_bell", event="blessing", deck=["missed:2S", "bang", "bang"])
    blessed.end_turn(0)
    blessed.expect(0, PLAY)
    cursed = table_of("don_bell", event="curse", deck=["beer:6H", "bang", "bang"])
    cursed.end_turn(0)
    cursed.expect(1, PLAY)


# ---------------------------------------------------------------------- what is a card


def test_the_sermon_a_bottle_bang_and_jacky_murieta_still_shoot() -> None:
    """The Sermon: "No BANG! cards in your own turn" (cards.md 3). A Bottle "nem tekinthető
    ... BANG! lapnak" (seed 004, G3) and Jacky Murieta's extra BANG! needs no card ("Ehhez a
    képességéhez nem szükséges kártyát kijátszania"): neither is a BANG! card."""
    table = table_of("jacky_murieta", event="the_sermon", nuggets={0: 4},
                     hands={0: ["bang"]}, shop=["bottle", "boots", "wanted"])
    assert not table.is_legal(0, "bang", target=1)
    assert Ability((), ()) in table.legal()
    bang_use = gold_rush.BOTTLE_USES.index("bang")
    buy(table, 0, "bottle", use=bang_use, target=1)  # seat 1 holds no card: it hits
    assert table.life(1) == 3
    table.act(Ability((), ()))
    table.choose(0, 1)
    assert table.life(1) == 2


def test_the_reverend_a_bottle_used_as_beer_still_heals() -> None:
    """The Reverend: "Beer cannot be played" (cards.md 3). A Bottle used as a Beer "nem
    tekinthető ... Sör (Beer) ... lapnak" (seed 004): it is not a Beer card, so it heals."""
    table = table_of(event="the_reverend", nuggets={0: 2}, life={0: 3}, hands={0: ["beer"]},
                     shop=["bottle", "boots", "wanted"])
    assert not table.is_legal(0, "beer")
    buy(table, 0, "bottle", use=gold_rush.BOTTLE_USES.index("beer"))
    assert table.life(0) == 4


def test_high_noon_simeon_picos_takes_a_nugget_for_the_life_he_loses() -> None:
    """High Noon: "Each player loses 1 life at the start of his turn" (cards.md 3); Simeon
    Picos takes a nugget "Minden alkalommal, amikor veszít egy életet" (seed 004), from the
    pile, and nobody else gains one (the loss comes from nobody)."""
    table = table_of("simeon_picos", seat=1, event="high_noon", turn=1, phase=START,
                     deck=["bang", "missed"])
    table.expect(1, PLAY)
    assert table.life(1) == 3 and table.nuggets(1) == 1
    assert sum(table.nuggets(s) for s in (0, 2, 3)) == 0


# ---------------------------------------------------------------------- ghosts


def ghost_table(**kw: Any) -> Scenario:
    """Ghost Town in force, seat 2 dead, seat 1 on turn in his play phase."""
    return table_of(event="ghost_town", dead=[2], turn=1, **kw)


def test_ghost_town_a_ghost_buys_equipment_and_leaves_with_it() -> None:
    """Ghost Town: the dead "return on their turn as ghosts ... gone again at turn end"
    (cards.md 3); Gold Rush: "Ha valaki kiesik a játékból, minden felszerelés kártyája a
    dobott lapok közé kerül" (seed 004): the equipment a ghost bought goes with him."""
    table = ghost_table(nuggets={2: 3}, shop=["boots", "shot", "wanted"],
                        deck=["bang", "missed", "beer", "bang", "bang"])
    table.end_turn(1)
    table.expect(2, PLAY)
    assert len(table.hand(2)) == 3  # a ghost draws 3
    buy(table, 2, "boots")
    assert table.equipment(2) == ["boots"]
    table.end_turn(2)
    table.expect(3, PLAY)
    assert not table.alive(2) and table.equipment(2) == [] and table.hand(2) == []
    assert [table.game.card_name(table.game.known[s])
            for s in gold_state(table.game).discard] == ["boots"]
    assert table.nuggets(2) == 0


def test_ghost_town_a_ghost_is_not_offered_the_rucksack() -> None:
    """Rucksack: "2 aranyrögért cserébe regenerálódhat 1 életet" (seed 004); a ghost "cannot
    die" and has no life to regain (docs/rules/fistful.md), so paying for one is not offered."""
    table = ghost_table(nuggets={2: 6}, shop=["rucksack", "shot", "wanted"],
                        deck=["bang", "missed", "beer", "bang", "bang"])
    table.end_turn(1)
    buy(table, 2, "rucksack")
    assert table.equipment(2) == ["rucksack"]
    assert not [a for a in table.legal() if isinstance(a, UseEquipment)]


def test_ghost_town_with_shadows_the_dead_plays_one_ghost_turn_not_a_shadow_turn() -> None:
    """Shadows: the dead enter "Minden körben (amikor ... a kiesett játékos következne)"
    and draw two (seed 004); Ghost Town brings the dead back as ghosts who draw 3 (cards.md
    3). A dead seat plays his ghost turn instead of his shadow turn, never both."""
    table = table_of(rules=GHOSTS_AND_SHADOWS, event="ghost_town", dead=[2], turn=1,
                     deck=["bang", "missed", "beer", "bang", "bang"])
    table.end_turn(1)
    table.expect(2, PLAY)
    assert len(table.hand(2)) == 3
    table.end_turn(2)
    table.expect(3, PLAY)
    assert count(table, "turn", 2) == 1 and count(table, "shadow_enters") == 0
    assert count(table, "ghost_leaves", 2) == 1 and not table.alive(2)


def test_gold_rush_event_with_shadows_the_dead_turn_comes_counter_clockwise() -> None:
    """The Gold Rush event: "Turns go counter-clockwise from the Sheriff" (cards.md 3, D16);
    a shadow plays "amikor a játék folyamán a kiesett játékos következne" (seed 004): after
    seat 3 comes dead seat 2's shadow turn, then seat 1."""
    table = table_of(rules=GHOSTS_AND_SHADOWS, event="gold_rush", dead=[2], turn=3,
                     deck=["bang", "missed", "beer", "bang"])
    table.end_turn(3)
    table.expect(2, PLAY)
    assert count(table, "shadow_enters", 2) == 1
    table.end_turn(2)
    decision = table.expect(1, PLAY)
    assert isinstance(decision, Decision) and count(table, "shadow_leaves", 2) == 1


def test_dead_man_with_shadows_the_first_eliminated_comes_back_for_good() -> None:
    """Dead Man: "Al proprio turno, il giocatore che è stato eliminato per primo rientra in
    gioco con 2 punti vita e 2 carte" (docs/rules/fistful.md). With the shadows (seed 004)
    his turn is that return, not a shadow turn, and he stays at the table after it."""
    rules = RuleSet((base.MODULE, fistful.MODULE, shadows.MODULE))
    table = table_of(rules=rules, event="dead_man", turn=0, hands={0: ["bang"]}, life={1: 1},
                     deck=["beer", "missed", "panic", "duel", "bang", "bang", "bang"])
    table.play(0, "bang", target=1)
    assert not table.alive(1)
    table.end_turn(0)
    table.expect(1, PLAY)
    assert table.alive(1) and table.life(1) == 2 and len(table.hand(1)) == 4
    assert count(table, "shadow_enters") == 0
    table.end_turn(1)
    table.discard(1, "duel")  # the killer drew beer, missed, panic (an Outlaw's bounty)
    table.discard(1, "bang")
    table.expect(2, PLAY)
    assert table.alive(1) and table.life(1) == 2 and count(table, "shadow_leaves") == 0


def test_a_shadow_leaving_feeds_no_greg_digger_or_herb_hunter() -> None:
    """Seed 004: "Árny-fegyverforgatóként a köröd végén minden kártyádat el kell dobnod ...
    Greg Digger és Herb Hunter képességei ekkor szintén nem érvényesülnek": a shadow leaving
    is no elimination."""
    rules = RuleSet((base.MODULE, dodge_city.MODULE, shadows.MODULE))
    table = Scenario(["vulture_sam", "vulture_sam", "greg_digger", "herb_hunter"],
                     rules=rules, dead=[1], life={2: 2}, deck=["bang", "beer", "missed"])
    table.end_turn(0)
    table.expect(1, PLAY)
    table.end_turn(1)
    table.expect(2, PLAY)
    assert count(table, "shadow_leaves", 1) == 1
    assert table.life(2) == 2 and len(table.hand(3)) == 0


FISTFUL_GOLD = RuleSet((base.MODULE, fistful.MODULE, gold_rush.MODULE))


def test_hard_liquor_skipping_phase_one_skips_the_pickaxe_card() -> None:
    """Pickaxe: "A kártya birtokosa a saját körének 1. fázisa során egyel több kártyát
    húzhat" (seed 004): one card more in phase 1. Hard Liquor: "Il giocatore può saltare la
    propria fase 1 per recuperare 1 punto vita" (docs/rules/fistful.md): no phase 1, so no
    Pickaxe card either."""
    table = table_of(rules=FISTFUL_GOLD, seat=1, event="hard_liquor", turn=1, phase=START,
                     life={1: 3}, equipment={1: ["pickaxe"]}, deck=["bang", "missed", "beer"])
    table.choose(1, fistful.HARD_LIQUOR_HEAL)
    table.expect(1, PLAY)
    assert table.life(1) == 4 and table.hand(1) == []


def test_ranch_comes_after_the_pickaxe_card() -> None:
    """Ranch: "Alla fine della propria fase 1, il giocatore per una volta può scartare un
    qualsiasi numero di carte" (docs/rules/fistful.md); the Pickaxe card is drawn in phase 1
    (seed 004), so it is in hand when Ranch is offered and may be exchanged."""
    table = table_of(rules=FISTFUL_GOLD, seat=1, event="ranch", turn=1, phase=START,
                     equipment={1: ["pickaxe"]}, deck=["bang", "missed", "beer", "duel"])
    table.expect(1, EXCHANGE)
    assert sorted(table.hand(1)) == ["bang", "beer", "missed"]
    table.discard(1, "beer")
    table.pass_(1)
    table.expect(1, PLAY)
    assert sorted(table.hand(1)) == ["bang", "duel", "missed"]


def test_hard_liquor_is_not_offered_to_a_shadow() -> None:
    """A shadow gunslinger "nem tud életet szerezni vagy veszíteni" (seed 004); Hard Liquor
    trades phase 1 for a life point (docs/rules/fistful.md), which he cannot regain: he is
    not asked and draws his two cards."""
    rules = RuleSet((base.MODULE, fistful.MODULE, shadows.MODULE))
    table = table_of(rules=rules, event="hard_liquor", dead=[1], deck=["bang", "missed"])
    table.end_turn(0)
    table.expect(1, PLAY)
    assert sorted(table.hand(1)) == ["bang", "missed"]


def test_the_reverend_a_beer_cannot_be_sold_either() -> None:
    """Seed 004: "Kézből kijátszható egy Beer (Sör) kártya egy aranyrögért cserébe" - a sale
    is a Beer card played (Madam Yto draws for it: "Nem számít, hogy a Beer (Sör) kártyát a
    gyógyulásért vagy aranyrögért játszották ki"); The Reverend: "Beer cannot be played"
    (cards.md 3). No sale while it is in force; a Bottle's Beer use stays (not a Beer)."""
    table = table_of(event="the_reverend", hands={0: ["beer"]})
    assert not [a for a in table.legal() if isinstance(a, Sell)]
    plain = table_of(hands={0: ["beer"]})
    assert [a for a in plain.legal() if isinstance(a, Sell)]
