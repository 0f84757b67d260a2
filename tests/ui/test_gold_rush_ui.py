"""Gold Rush and the shadow gunslingers in the interfaces: the view, the table's drawing,
the sentences in three languages, the steps of every new action and decision, the help and
the plain interface, on stacked tables (``Scenario``) and on whole random games."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from p2pbang.bots.random_bot import RandomBot
from p2pbang.engine.actions import (
    DISCARD_PICK,
    DRAW_FROM_DECK,
    EQUIPMENT_USE,
    PICK_CHECK,
    PLAY,
    TARGET_PICK,
    Ability,
    Buy,
    Choose,
    Decision,
    End,
    Event,
    Pass,
    RemoveEquipment,
    Sell,
    UseEquipment,
)
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, gold_rush, shadows
from p2pbang.engine.choice import GameChoice
from p2pbang.table.solo import SoloSession
from p2pbang.ui.bang.render import hand_title, seat_lines
from p2pbang.ui.bang.steps import BACK, Step, choices
from p2pbang.ui.describe import Describer
from p2pbang.ui.helptext import help_sections
from p2pbang.ui.i18n import set_language
from p2pbang.ui.plain import PlainSolo, render_table
from p2pbang.ui.sets import gold_rush_plain, gold_rush_sentences
from p2pbang.ui.sets import shadows as shadows_ui
from p2pbang.ui.sets.gold_rush_texts import CARD_NAMES as EQUIPMENT_NAMES
from p2pbang.ui.sets.gold_rush_texts import CHARACTER_NAMES as GOLD_CHARACTERS
from p2pbang.ui.texts import card_name, character_name
from p2pbang.ui.view import build_view, phase_of

from .menus import NAMES, menu, say, text_of, told, walk

GOLD = RuleSet((base.MODULE, gold_rush.MODULE))
BOTH = RuleSet((base.MODULE, gold_rush.MODULE, shadows.MODULE))
FILL = ["willy_the_kid", "vulture_sam", "paul_regret", "black_jack"]
QUIET = {"check", "end_turn", "game_over", "seating"}
ENGINE = Path(__file__).resolve().parents[2] / "p2pbang" / "engine" / "bang" / "sets"


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def table_of(characters: Sequence[str] = FILL, rules: RuleSet = GOLD, viewer: int = 0,
             **kw: Any) -> Scenario:
    """A Gold Rush table seen by ``viewer``, the person (seat 0 the Sheriff)."""
    return Scenario(list(characters), rules=rules, viewer=viewer, **kw)












# ---------------------------------------------------------------------- the view and the table


def test_the_view_has_nuggets_equipment_the_shop_with_prices_and_no_shadow() -> None:
    table = table_of(["pretty_luzena", *FILL[1:]], nuggets={0: 3, 1: 7},
                     equipment={1: ["wanted", "boots"]}, shop=["pickaxe", "shot", "bottle"])
    view = build_view(table.game, NAMES)
    assert [s.nuggets for s in view.seats] == [3, 7, 0, 0]
    assert [c.name for c in view.seats[1].equipment] == ["wanted", "boots"]
    assert [(c.name, c.cost, c.price) for c in view.shop] == [
        ("pickaxe", 4, 3), ("shot", 1, 0), ("bottle", 2, 1)]  # Luzena's first purchase
    assert not any(s.shadow for s in view.seats) and not view.shadows
    plain = Scenario(FILL, viewer=0)  # the base game: nothing of it
    base_view = build_view(plain.game, NAMES)
    assert base_view.shop == () and all(s.nuggets is None for s in base_view.seats)


def test_the_table_draws_nuggets_marked_equipment_and_the_shop_on_the_hand_rule() -> None:
    table = table_of(nuggets={0: 12, 1: 2}, equipment={0: ["pickaxe"], 1: ["wanted"]},
                     tables={1: ["mustang"]}, shop=["union_pacific", "calumet", "bottle"],
                     hands={0: ["bang"]})
    view = build_view(table.game, NAMES)
    rows = [text_of(r) for r in seat_lines(view, 80, True, False)]
    assert "$" in rows[0]  # the column's header
    assert "$12" in rows[1] and "Pickaxe$" in rows[1]
    assert "$2" in rows[2] and "Mustang, Wanted$" in rows[2]
    title = text_of(hand_title(view, 80))
    assert "Shop: Union Pacific $4, Calumet $3, Bottle $2" in title
    assert len(title) == 80 and title.rstrip().endswith("reach 1")


def test_equipment_has_a_style_and_a_mark_without_colour() -> None:
    from p2pbang.ui.shell.style import TABLE_STYLE

    assert "underline" in TABLE_STYLE["card.black"]
    table = table_of(equipment={0: ["gun_belt"]})
    line = seat_lines(build_view(table.game, NAMES), 80, False, False)[0]
    assert ("class:card.black", "Gun Belt") in line and ("class:nugget", "$") in line


def shadow_turn(viewer: int = 1, **kw: Any) -> Scenario:
    """Seat 1 (dead, an Outlaw) on the table for his shadow turn."""
    table = table_of(rules=BOTH, viewer=viewer, dead=[1], deck=["bang", "beer", "missed"],
                     **kw)
    table.end_turn(0)
    table.expect(1, PLAY)
    return table


def test_a_shadow_on_turn_is_marked_in_the_view_on_the_table_and_in_words() -> None:
    table = shadow_turn(viewer=0)
    view = build_view(table.game, NAMES)
    assert view.shadows and view.seats[1].shadow and view.seats[1].alive
    row = next(text_of(r) for r in seat_lines(view, 80, False, False) if "Ace" in text_of(r))
    assert "~~~~" in row and "shadow Outlaw" in row
    plain = " ".join(render_table(view, NAMES).split())
    assert "Ace Vulture Sam - shadow Outlaw" in plain
    set_language("hu")
    hu = text_of(next(r for r in seat_lines(build_view(table.game, NAMES), 80, False, False)
                      if "Ace" in text_of(r)))
    assert "árny Bandita" in hu


def test_the_person_plays_a_shadow_turn_and_hears_it() -> None:
    truth = shadow_turn(viewer=None)  # the same table, all-seeing: what happened
    table = shadow_turn()
    describer = say(table, ["Ann", "You", "Bonnie", "Clyde"])
    said = [describer.event(e) for e in table.events]
    assert "You come back as a shadow for this turn." in said
    assert describer.decision(table.game.pending) == "Your turn: play cards, or end the turn."
    beer = next(a for a in table.legal() if getattr(a, "card", -1) >= 0
                and table.game.cards[a.card].name == "beer" and not isinstance(a, Sell))
    events = table.act(beer)
    assert "As a shadow you have no life to gain or lose." in [
        describer.event(e) for e in events]
    events = table.end_turn(1)
    assert "Your shadow leaves the table until your next turn." in [
        describer.event(e) for e in events]
    assert truth.game.players[1].role == "outlaw"


def test_the_shadow_renegade_side_is_said_in_three_languages() -> None:
    table = table_of(rules=BOTH)
    describer = say(table)
    for language in ("en", "hu", "ro"):
        set_language(language)
        for value in (0, 1):
            mine = describer.event(Event("shadow_side", 0, value=value))
            theirs = describer.event(Event("shadow_side", 2, value=value))
            assert mine and theirs and "Bonnie" in theirs and "{" not in mine + theirs
    set_language("en")
    assert "the law" in describer.event(Event("shadow_side", 2, value=0))
    assert "the Outlaws" in describer.event(Event("shadow_side", 2, value=1))


# ---------------------------------------------------------------------- steps and sentences


def busy_turn() -> Scenario:
    return table_of(["jacky_murieta", *FILL[1:]], nuggets={0: 9},
                    hands={0: ["beer", "bang"], 1: ["missed"], 3: ["beer"]},
                    tables={1: ["mustang"]}, equipment={0: ["gold_pan", "rucksack"],
                                                        1: ["lucky_charm"], 3: ["boots"]},
                    shop=["bottle", "pardner", "wanted"], life={0: 3})


def test_every_row_of_every_step_leads_to_a_legal_action_once() -> None:
    table = busy_turn()
    decision = table.expect(0, PLAY)
    actions = table.legal()
    kinds = {type(a) for a in actions}
    assert {Buy, Sell, RemoveEquipment, UseEquipment, Ability, Pass} <= kinds
    reached: list[int] = []

    def explore(steps: list[Step]) -> None:
        for r in choices(say(table), decision, actions, steps):
            assert r.label and "{" not in r.label
            if r.step == BACK:
                continue
            if r.final:
                reached.append(r.actions[0])
            else:
                assert r.step is not None
                explore([*steps, r.step])

    explore([])
    assert set(reached) == set(range(len(actions)))
    once = [i for i in reached if not isinstance(actions[i], Pass)]
    assert len(once) == len(set(once))


def test_buying_a_bottle_is_the_card_its_use_its_target_then_said() -> None:
    table = busy_turn()
    action, seen = walk(table, "Buy Bottle (2 nuggets)", "As BANG!")
    assert isinstance(action, Buy) and action.target == 3
    assert action.use == gold_rush.BOTTLE_USES.index("bang")
    assert any(label.startswith("Remove a player's equipment (price + 1)") for label in seen[0])
    assert "As Beer" in seen[1] and "As BANG!: On Clyde (distance 1)" in seen[1]
    assert "As Panic!: On Clyde (distance 1): A random card from the hand" in seen[1]
    said = told(table, table.act(action))
    assert said[:3] == ["You pay 2 nuggets.", "You buy Bottle.", said[2]]
    assert "You use Bottle as BANG! on Clyde." in said


def test_wanted_goes_on_the_target_chosen_and_everyone_reads_it() -> None:
    table = busy_turn()
    action, _seen = walk(table, "Buy Wanted", "On Bonnie")
    assert isinstance(action, Buy) and action.target == 2
    said = told(table, table.act(action))
    assert "You buy Wanted and put it on Bonnie." in said
    assert table.equipment(2) == ["wanted"]


def test_removing_equipment_is_the_player_then_the_card_at_its_price_plus_one() -> None:
    table = busy_turn()
    action, seen = walk(table, "Remove a player's equipment", "On Clyde")
    assert isinstance(action, RemoveEquipment)
    assert any(label.startswith("On Clyde (distance ") and label.endswith(
        "Boots: pay 4 nuggets") for label in seen[-1])
    assert any(label.endswith("Lucky Charm: pay 4 nuggets") for label in seen[-1])
    label = say(table).action(table.game.pending, action)
    assert label == "Pay 4 nuggets to make Clyde discard Boots"
    said = told(table, table.act(action))
    assert said == ["You pay 4 nuggets.", "You make Clyde discard Boots."]


def test_selling_gold_pan_rucksack_and_jackys_ability_are_one_row_each() -> None:
    table = busy_turn()
    labels = [r.label for r in menu(table)]
    assert any(re.fullmatch(r"Play Beer \(.+\) for a nugget", label) for label in labels)
    assert "Use Gold Pan: pay 1 nugget to draw a card" in labels
    assert "Use Rucksack: pay 2 nuggets to regain 1 life" in labels
    assert "Pay 2 nuggets to shoot a BANG! with no card" in labels
    sell = next(a for a in table.legal() if isinstance(a, Sell))
    assert told(table, table.act(sell))[:2] == [
        told(table, [Event("sell", 0, card=sell.card)])[0], "You take 1 nugget."]
    table = table_of(["jacky_murieta", *FILL[1:]], nuggets={0: 2},
                     tables={0: ["schofield"], 1: ["mustang"]})  # Ace and Clyde in reach
    jacky = next(a for a in table.legal() if isinstance(a, Ability))
    events = table.act(jacky)
    assert "You shoot a BANG! with no card." in told(table, events)
    decision = table.expect(0, TARGET_PICK)
    assert say(table).decision(decision).startswith("Whom does your shot hit?")


def test_dutch_will_picks_his_discard_and_takes_a_nugget() -> None:
    table = table_of(["dutch_will", *FILL[1:]], phase=START, deck=["bang:AS", "missed:10C"])
    decision = table.expect(0, DISCARD_PICK)
    assert phase_of(decision, 0) == "draw"
    describer = say(table)
    assert describer.decision(decision).startswith("Which of the two cards drawn do you")
    rows = menu(table)
    assert [r.label for r in rows][:2] == ["Discard BANG! (A\u2660)", "Discard Missed! (10\u2663)"]
    other = Describer(table.game, ["A", "B", "C", "Clyde"])
    assert other.activity(Decision(3, DISCARD_PICK)) == "Clyde picks which card drawn to discard."
    events = table.act(table.legal()[rows[0].actions[0]])
    assert told(table, events)[:2] == ["You discard BANG! (A\u2660).", "You take 1 nugget."]


def test_josh_mccloud_chooses_the_use_of_a_brown_card_he_drew() -> None:
    table = table_of(["josh_mccloud", *FILL[1:]], nuggets={0: 2}, shop=["shot", "wanted",
                                                                         "boots"],
                     equipment_deck=["pardner"], hands={2: ["bang"]})
    ability = next(a for a in table.legal() if isinstance(a, Ability))
    assert say(table).action(table.game.pending, ability) == (
        "Pay 2 nuggets for the top card of the equipment pile")
    said = told(table, table.act(ability))
    assert said[:3] == ["You pay 2 nuggets.", "You take the top card of the equipment pile.",
                        "You take Pardner from the equipment pile."]
    decision = table.expect(0, EQUIPMENT_USE)
    assert phase_of(decision, 0) == "play"
    assert say(table).decision(decision) == "How do you use Pardner?"
    labels = [r.label for r in menu(table)]
    assert "as General Store" in labels and "as Duel on Ace (distance 1)" in labels
    assert "as Cat Balou on Bonnie: a card from hand" in labels
    pick = next(i for i, label in enumerate(labels) if label == "as General Store")
    assert all(isinstance(a, Choose) for a in table.legal())
    assert "You use Pardner as General Store." in told(table, table.act(table.legal()[pick]))


def test_raddie_madam_yto_simeon_and_don_bell_are_said() -> None:
    table = table_of(["raddie_snake", "madam_yto", "simeon_picos", "don_bell"], viewer=None,
                     nuggets={0: 1})
    names = ["Raddie", "Yto", "Simeon", "Don"]
    describer = Describer(table.game, names)
    assert describer.event(Event("ability", 0)) == "Raddie trades a nugget for a card."
    assert describer.event(Event("ability", 1)) == "A Beer was played: Yto draws a card."
    assert describer.event(Event("don_bell_check", 3, card=0)).startswith(
        "Don draws! for Don Bell: ")
    assert describer.event(Event("extra_turn", 3)) == "Don plays another turn."
    assert describer.event(Event("nugget", 2, value=2)) == "Simeon takes 2 nuggets."


# ---------------------------------------------------------------------- every kind, 3 languages


def engine_event_kinds() -> set[str]:
    """Every event kind Gold Rush's and the shadows' rule modules emit, read from their
    source, so a kind added there without a sentence fails here."""
    source = (ENGINE / "gold_rush.py").read_text() + (ENGINE / "shadows.py").read_text()
    return set(re.findall(r'game\.event\("([a-z_]+)"', source))


def sample_events(table: Scenario) -> list[Event]:
    """One event of every kind, as the viewer (seat 0), another seat and at the viewer."""
    game = table.game
    ids = {game.card_name(c): c for c in game.rules.equipment_ids}
    fields = {
        "nugget": {"value": 2}, "pay_nuggets": {"value": 3},
        "buy": {"card": ids["wanted"], "value": 2},
        "equipment": {"card": ids["bottle"], "value": 2},
        "use_equipment": {"card": ids["gold_pan"]},
        "remove_equipment": {"card": ids["boots"]},
        "sell": {"card": 0}, "equipment_draw": {"card": ids["shot"]},
        "discard_equipment": {"card": ids["pickaxe"]}, "equipment_reshuffle": {"value": 9},
        "shop": {"card": ids["calumet"]}, "rhum_flip": {"card": 1},
        "discard": {"card": 2}, "heal": {"value": 1, "life": 3}, "no_effect": {},
        "shadow_side": {"value": 1}, "don_bell_check": {"card": 3},
    }
    events = []
    for kind in sorted(engine_event_kinds()):
        for seat, target in ((0, 1), (1, 2), (2, 0)):
            events.append(Event(kind, seat, target, **fields.get(kind, {})))
    return events


def test_every_event_kind_of_gold_rush_and_the_shadows_has_a_sentence_in_three_languages(
        ) -> None:
    kinds = engine_event_kinds()
    assert {"buy", "sell", "remove_equipment", "shop", "shadow_enters", "shadow_side"} <= kinds
    assert kinds - {"discard", "heal", "no_effect"} <= (gold_rush_sentences.EVENT_KINDS
                                                        | shadows_ui.EVENT_KINDS)
    table = table_of(["jacky_murieta", "josh_mccloud", "madam_yto", "raddie_snake"],
                     rules=BOTH)
    events = sample_events(table)
    english = {}
    for language in ("en", "hu", "ro"):
        set_language(language)
        describer = say(table)
        for e in events:
            text = describer.event(e)
            assert text and "{" not in text and "}" not in text, (language, e)
            if language == "en":
                english[e] = text
            elif e.kind not in ("discard", "heal"):  # translated, not left in English
                assert text != english[e], (language, e, text)


def test_every_action_and_decision_of_gold_rush_is_labelled_in_three_languages() -> None:
    for language in ("en", "hu", "ro"):
        set_language(language)
        table = busy_turn()
        describer = say(table)
        decision = table.game.pending
        for action in table.legal():
            for brief in (False, True):
                label = describer.action(decision, action, brief)
                assert label and "{" not in label and not label.startswith(
                    ("Buy(", "Sell(", "RemoveEquipment(", "UseEquipment(", "Ability(")), label
        for d in (Decision(0, DISCARD_PICK), Decision(1, DISCARD_PICK)):
            text = (describer.decision(d) if d.seat == 0 else describer.activity(d))
            assert text and text != d.kind
        rows = choices(describer, decision, table.legal(), [])
        assert all(r.label and "{" not in r.label for r in rows)


def test_names_and_texts_of_every_equipment_card_and_character_in_three_languages() -> None:
    equipment = {c.name for c in gold_rush.EQUIPMENT_CARDS}
    characters = {c.name for c in gold_rush.GOLD_RUSH_CHARACTERS}
    assert set(EQUIPMENT_NAMES) == equipment and set(GOLD_CHARACTERS) == characters
    set_language("hu")
    assert [card_name(n) for n in ("pickaxe", "wanted", "bottle", "gold_pan", "shot")] == [
        "Csákány", "Körözés", "Üveg", "Szita", "Rövid"]
    assert character_name("dutch_will") == "Dutch Will"
    set_language("ro")
    assert card_name("pickaxe") == "Pickaxe"  # the Romanian rules keep the English names


def test_the_help_lists_equipment_with_prices_kinds_and_the_rules() -> None:
    table = table_of(rules=BOTH)
    sections = dict(help_sections(table.game.cards, table.game.rules.characters,
                                  shadows=True))
    heads = {key: head for key, head, _body in sections["Cards"]}
    assert heads["card:pickaxe"].startswith("Pickaxe $4  (black equipment; 1 card)")
    assert heads["card:wanted"].startswith("Wanted $2  (black equipment; 3 cards)")
    assert heads["card:bottle"].startswith("Bottle $2  (brown equipment; 3 cards)")
    kinds = {key for key, _h, _b in sections["Card kinds"]}
    assert {"kind:black", "kind:gold_brown"} <= kinds
    rules = {key for key, _h, _b in sections["Gold Rush and the shadows"]}
    assert rules == {"rule:Gold nuggets ($)", "rule:The shop", "rule:shadows"}
    people = {key for key, _h, _b in sections["Characters"]}
    assert {f"character:{c}" for c in GOLD_CHARACTERS} <= people
    only_gold = dict(help_sections(table_of().game.cards, GOLD.characters))
    assert {k for k, _h, _b in only_gold["Gold Rush and the shadows"]} == {
        "rule:Gold nuggets ($)", "rule:The shop"}
    assert "Gold Rush and the shadows" not in dict(help_sections())


# ---------------------------------------------------------------------- the plain interface


def test_the_plain_table_and_the_s_command_say_gold_and_equipment_in_words() -> None:
    table = table_of(nuggets={0: 3, 1: 1}, equipment={1: ["lucky_charm"]},
                     shop=["rhum", "shot", "gun_belt"])
    view = build_view(table.game, NAMES)
    plain = render_table(view, NAMES)
    assert "Shop: Rhum (3 nuggets), Shot (1 nugget), Gun Belt (2 nuggets)" in plain
    assert "hand 0, 3 nuggets" in plain and "equipment: Lucky Charm" in plain
    report = gold_rush_plain.report(view)
    assert "Rhum (3 nuggets): Flip 4 cards: regain 1 life per different suit." in report
    assert "Ace: 1 nugget" in report and "Lucky Charm: Take a nugget" in report
    empty = build_view(Scenario(FILL, viewer=0).game, NAMES)
    assert gold_rush_plain.report(empty) == "This game has no gold nuggets and no shop."


@pytest.mark.parametrize(("language", "seed"), [("en", 11), ("hu", 12), ("ro", 13)])
def test_a_whole_plain_game_with_gold_rush_and_shadows(language: str, seed: int) -> None:
    """The plain interface played to the end by typed lines: the shop asked for with ``s``,
    then always the first row."""
    set_language(language)
    choice = GameChoice.make("bang", 5, ["gold-rush"], ["shadows"])
    session = SoloSession(choice, seed=seed, opponents="random")
    out = io.StringIO()
    status = PlainSolo(session, io.StringIO("s\n?\n" + "1\n" * 3000), out).run()
    text = out.getvalue()
    assert status == 0 and isinstance(session.pending, End)
    shop_word = {"en": "Shop:", "hu": "Bolt:", "ro": "Magazin:"}[language]
    assert shop_word in text
    assert {"en": "The shop:", "hu": "A bolt:", "ro": "Magazinul:"}[language] in text
    assert "{" not in text


# ---------------------------------------------------------------------- whole random games


@pytest.mark.parametrize(("language", "players", "seed", "expansions", "variants"), [
    ("en", 5, 1, ["gold-rush"], ["shadows"]),
    ("hu", 7, 2, ["gold-rush"], ["shadows"]),
    ("ro", 6, 3, ["gold-rush", "dodge-city"], ["shadows"]),
    ("hu", 8, 4, ["gold-rush", "dodge-city"], []),
    ("ro", 4, 5, [], ["shadows"]),
    ("en", 3, 6, ["gold-rush", "dodge-city"], []),
])
def test_whole_games_read_as_sentences(language: str, players: int, seed: int,
                                       expansions: list[str], variants: list[str]) -> None:
    """Random play: every decision, every action's label, every step and every event is
    said, with no placeholder left and no engine name showing through, and the table and
    its plain words are drawn at every decision."""
    set_language(language)
    choice = GameChoice.make("bang", players, expansions, variants)
    session = SoloSession(choice, seed=seed, opponents="random")
    describer = Describer(session.mine, session.names)
    me = RandomBot(f"person/{seed}")
    kinds: set[str] = set()
    while not isinstance(session.pending, End):
        if session.your_turn_to_decide():
            decision = session.pending
            assert isinstance(decision, Decision)
            actions = session.legal_actions()
            assert describer.decision(decision) != decision.kind
            for action in actions:
                label = describer.action(decision, action)
                assert label and "{" not in label and not label.startswith(
                    ("Buy(", "Sell(", "RemoveEquipment(", "UseEquipment(", "Choose(")), label
            rows = choices(describer, decision, actions, [])
            assert rows and all(r.label for r in rows)
            view = build_view(session.mine, session.names)
            seat_lines(view, 80, False, False)
            hand_title(view, 80)
            render_table(view, session.names)
            events = session.act(me.decide(session.truth, decision))
        else:
            pending = session.mine.pending
            if isinstance(pending, Decision):
                assert describer.activity(pending) != pending.kind
            events = session.step_one()
        for event in events:
            kinds.add(event.kind)
            text = describer.event(event)
            silent = event.kind in QUIET or (event.kind == "pay_nuggets" and not event.value) \
                or (event.kind == "take_all" and not event.value)
            assert (text is None) == silent, event
            if text:
                assert "{" not in text and "}" not in text, text
    if expansions:
        assert {"shop", "nugget"} <= kinds
    if variants and "eliminated" in kinds:
        assert "shadow_enters" in kinds


def test_the_draw_source_of_a_gold_rush_game_still_reads() -> None:
    """Jesse Jones at a Gold Rush table: the base decisions are untouched by the hooks."""
    table = table_of(["jesse_jones", *FILL[1:]], phase=START, hands={1: ["bang"]},
                     deck=["missed", "beer"])
    labels = [r.label for r in menu(table)]
    assert "From the deck" in labels
    assert DRAW_FROM_DECK in table.game.pending.options


def engine_decision_kinds() -> set[str]:
    """The decision kinds Gold Rush's rule module asks for, read from its source."""
    source = (ENGINE / "gold_rush.py").read_text()
    from p2pbang.engine import actions

    return {getattr(actions, name) for name in re.findall(r"Decision\(seat, ([A-Z_]+)", source)}


@pytest.mark.parametrize("language", ["hu", "ro"])
def test_every_action_and_decision_kind_is_translated(language: str) -> None:
    """Each kind's words differ from the English ones: the catalogs are used, not skipped."""
    from p2pbang.engine.actions import TABLE_ACTIONS

    assert set(gold_rush_sentences.TABLE_ACTIONS) == set(TABLE_ACTIONS)
    assert engine_decision_kinds() == {DISCARD_PICK, EQUIPMENT_USE, TARGET_PICK}

    def words() -> list[str]:
        found = []
        for character in ("jacky_murieta", "josh_mccloud", "raddie_snake"):
            table = table_of([character, *FILL[1:]], nuggets={0: 2})
            ability = next(a for a in table.legal() if isinstance(a, Ability))
            found.append(say(table).action(table.game.pending, ability))
        table = busy_turn()
        decision = table.game.pending
        for kind in (Buy, Sell, RemoveEquipment, UseEquipment):
            found.append(say(table).action(decision, next(
                a for a in table.legal() if isinstance(a, kind))))
        josh = table_of(["josh_mccloud", *FILL[1:]], nuggets={0: 2},
                        equipment_deck=["bottle"], hands={3: ["bang"]})
        josh.act(next(a for a in josh.legal() if isinstance(a, Ability)))
        use = josh.expect(0, EQUIPMENT_USE)
        found += [say(josh).decision(use), say(josh).activity(Decision(1, EQUIPMENT_USE)),
                  *[r.label for r in menu(josh)]]
        will = table_of(["dutch_will", *FILL[1:]], phase=START, deck=["bang", "missed"])
        pick = will.expect(0, DISCARD_PICK)
        found += [say(will).decision(pick), say(will).activity(Decision(1, DISCARD_PICK)),
                  say(will).action(pick, will.legal()[0])]
        return found

    english = words()
    set_language(language)
    translated = words()
    assert len(english) == len(translated)
    for source, text in zip(english, translated, strict=True):
        assert text and "{" not in text and text != source, (source, text)


def test_the_plain_network_table_reads_the_shop_on_request() -> None:
    """A network game in the plain interface answers ``s`` and lists it under ``?``, from
    the seat's own engine as the solo one does."""
    from p2pbang.ui.network.plain_card import CardPlainPart
    from p2pbang.ui.network.plain_net import PlainNetworkTable
    from p2pbang.ui.plain.commands import AGAIN, choose_number

    table = table_of(nuggets={0: 2}, shop=["boots", "shot", "wanted"])
    out = io.StringIO()
    plain = PlainNetworkTable(io.StringIO(""), out)
    plain.names = list(NAMES)
    part = CardPlainPart(plain, table.game, 0)
    # a command, not an action
    assert part.commands().answer("s", choose_number(3, plain.print)) is AGAIN
    assert part.commands().answer("?", choose_number(3, plain.print)) is AGAIN
    text = out.getvalue()
    assert "The shop:\n  Boots (3 nuggets): Draw a card for each life you lose" in text
    assert "You: 2 nuggets" in text
    assert "show the shop, everyone's nuggets and equipment" in text


def test_don_bell_with_a_horseshoe_picks_his_turn_end_draw_knowing_what_it_needs() -> None:
    table = table_of(["don_bell", *FILL[1:]], equipment={0: ["horseshoe"]},
                     hands={0: ["dynamite"]}, deck=["beer:9H", "bang:AS"])
    table.play(0, "dynamite")  # a Dynamite in play would make it read as the Dynamite's
    table.end_turn(0)
    decision = table.expect(0, PICK_CHECK)
    assert say(table).decision(decision) == (
        "Don Bell: which card counts for the draw!? Hearts or diamonds give you another turn.")
    labels = [r.label for r in menu(table)]
    assert labels == ["Use Beer (9\u2665)", "Use BANG! (A\u2660)"]
    said = told(table, table.act(table.legal()[0]))
    assert "You draw! for Don Bell: Beer (9\u2665)." in said
    assert "You play another turn." in said


def test_a_shadow_renegade_plays_for_the_side_he_took() -> None:
    """At his shadow turn the Renegade joins the weaker side (here the Outlaws: only the
    Sheriff's role is face up against one dead Outlaw, a tie) and his goal says so."""
    table = table_of(rules=BOTH, viewer=3, dead=[2, 3], deck=["bang", "beer", "missed",
                                                               "missed"])
    describer = say(table, ["Ann", "Ace", "Bonnie", "You"])
    assert describer.goal(3) == "Be the last one standing."  # no side before his turn
    table.end_turn(0)
    table.end_turn(1)
    table.end_turn(2)  # Bonnie's shadow turn
    table.expect(3, PLAY)
    assert "As a shadow Renegade you side with the Outlaws until your next turn." in [
        describer.event(e) for e in table.events]
    assert describer.goal(3) == "As a shadow, help the Outlaws win: you win with them."
    set_language("hu")
    assert describer.goal(3) == "Árnyként segítsd győzelemre a banditákat: velük nyersz."


def test_josh_mccloud_picking_whom_a_wanted_goes_to_says_so_in_every_language() -> None:
    """A Wanted Josh McCloud draws goes in front of the player he picks (a TARGET_PICK, like
    Doc Holyday's shot): the question and its options name the card, not a shot."""
    from p2pbang.engine.actions import TARGET_PICK, Ability, Choose
    from p2pbang.engine.bang.rules import RuleSet
    from p2pbang.engine.bang.scenario import Scenario
    from p2pbang.engine.bang.sets import base as base_set
    from p2pbang.engine.bang.sets import gold_rush as gold_rush_set
    from p2pbang.ui.describe import Describer
    from p2pbang.ui.i18n import set_language

    rules = RuleSet((base_set.MODULE, gold_rush_set.MODULE))

    def drawn_by_josh(viewer: int) -> Scenario:
        table = Scenario(["josh_mccloud", "bart_cassidy", "bart_cassidy", "bart_cassidy"],
                         rules=rules, viewer=viewer, nuggets={0: 2},
                         equipment={0: ["wanted"]}, equipment_deck=["wanted"])
        table.act(Ability((), ()))
        return table

    josh, other = drawn_by_josh(0), drawn_by_josh(1)
    pick = josh.expect(0, TARGET_PICK)
    names = ["Ann", "Ace", "Bonnie", "Clyde"]
    expected = {"en": ("Whom do you put Wanted in front of?", "Put Wanted in front of Ace",
                       "Ann picks whom to put Wanted in front of."),
                "hu": ("Ki elé kerüljön ez a lap: Körözés?", "Ace elé kerül: Körözés",
                       "Ann választja ki, ki elé kerüljön ez a lap: Körözés."),
                "ro": ("În fața cui pui Wanted?", "Pune Wanted în fața lui Ace",
                       "Ann alege în fața cui pune Wanted.")}
    try:
        for language, (question, first, activity) in expected.items():
            set_language(language)
            say = Describer(josh.game, names)
            assert say.decision(pick) == question
            assert say.action(pick, Choose(pick.options[0])) == first
            assert Describer(other.game, names).activity(pick) == activity
    finally:
        set_language("en")


def test_a_discard_forced_by_pardner_as_cat_balou_names_cat_balou() -> None:
    """Issue 22, point 20: a Pardner used as Cat Balou made the log name the last card
    played before it ("Beer", "Indians!") as the cause of the discard."""
    table = table_of(["josh_mccloud", *FILL[1:]], nuggets={0: 2}, life={0: 3},
                     shop=["shot", "wanted", "boots"], equipment_deck=["pardner"],
                     hands={0: ["beer"], 2: ["bang"]}, randoms=[0])
    describer = Describer(table.game, NAMES)  # one describer for the turn, as on screen

    def tell(events: list[Event]) -> list[str]:
        return [t for t in (describer.event(e) for e in events) if t]

    beer = next(a for a in table.legal() if getattr(a, "card", -1) >= 0
                and table.game.cards[a.card].name == "beer")
    tell(table.act(beer))
    tell(table.act(next(a for a in table.legal() if isinstance(a, Ability))))
    labels = [r.label for r in menu(table)]
    pick = labels.index("as Cat Balou on Bonnie: a card from hand")
    said = tell(table.act(table.legal()[menu(table)[pick].actions[0]]))
    discard = next(line for line in said if "discards" in line)
    assert "Cat Balou" in discard and "Beer" not in discard, said
