"""Dodge City in the interfaces: every new action is offered step by step and said in words,
every new decision and event reads as a sentence, green cards show their readiness and "+1"
cards their price (given a stacked table, when the viewer acts, then the screen says...)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from p2pbang.bots.random_bot import RandomBot
from p2pbang.engine.actions import (
    BRAWL_PICK,
    COPY_PICK,
    DRAW_FROM_DECK,
    FROM_HAND,
    PICK_IN_PLAY,
    PLAY,
    RESPOND_SHOT,
    SHARE_PICK,
    TARGET_PICK,
    Ability,
    Choose,
    Decision,
    End,
    Event,
    Pass,
    Play,
    PlayPaid,
    UseGreen,
)
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city
from p2pbang.engine.choice import GameChoice
from p2pbang.table.solo import SoloSession
from p2pbang.ui.bang.render import READY_MARK, WAITING_MARK, compact_hand, hand_lines, seat_lines
from p2pbang.ui.bang.steps import BACK, Step, choices
from p2pbang.ui.describe import Describer
from p2pbang.ui.i18n import set_language
from p2pbang.ui.view import build_view

from .menus import NAMES, say, text_of, told, walk

DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE))
QUIET = {"check", "end_turn", "game_over", "seating"}  # told by the events around them
FILL = ["bart_cassidy", "black_jack", "el_gringo", "kit_carlson"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def table_of(characters: Sequence[str] = FILL, **kw: Any) -> Scenario:
    """A Dodge City table seen by seat 0, the person."""
    return Scenario(list(characters), rules=DODGE_CITY, viewer=0, **kw)














# ---------------------------------------------------------------------- green cards


def test_a_green_card_is_used_from_play_by_steps_and_said() -> None:
    table = table_of(tables={0: ["knife"]}, hands={0: ["beer"]})
    action, seen = walk(table, "Use Knife", "On Ace")
    assert isinstance(action, UseGreen) and action.target == 1
    assert "On Bonnie (distance 2)" not in " ".join(seen[-1])  # a knife reaches 1 only
    events = table.act(action)
    assert told(table, events)[0].startswith("You use Knife (")
    assert told(table, events)[0].endswith("from play on Ace.")
    assert table.life(1) == 3


def test_readiness_shows_in_the_view_on_the_table_and_in_plain_words() -> None:
    table = table_of(tables={0: ["knife"]}, hands={0: ["derringer"]})
    table.play(0, "derringer")
    view = build_view(table.game, NAMES)
    knife, derringer = view.seats[0].in_play
    assert (knife.name, knife.ready) == ("knife", True)
    assert (derringer.name, derringer.ready) == ("derringer", False)
    line = text_of(seat_lines(view, 80, False, False)[0])
    assert f"Knife{READY_MARK}" in line and f"Derringer{WAITING_MARK}" in line
    from p2pbang.ui.plain import render_table
    plain = " ".join(render_table(view, NAMES).split())  # as read, across wrapped lines
    assert "Knife (usable now)" in plain and "Derringer (not usable now)" in plain


def test_green_cards_have_a_colour_and_an_attribute() -> None:
    from p2pbang.ui.shell.style import TABLE_STYLE

    assert "green" in TABLE_STYLE["card.green"] and "italic" in TABLE_STYLE["card.green"]
    table = table_of(tables={0: ["bible"]})
    line = seat_lines(build_view(table.game, NAMES), 80, False, False)[0]
    assert ("class:card.green", "Bible") in line
    assert ("class:green.ready", READY_MARK) in line


def seen_by(seat: int, **kw: Any) -> tuple[Scenario, Scenario]:
    """The same table twice: as the truth (to name hidden cards) and as ``seat`` sees it."""
    return (Scenario(FILL, rules=DODGE_CITY, **kw),
            Scenario(FILL, rules=DODGE_CITY, viewer=seat, **kw))


def test_a_green_card_answers_a_shot_and_the_shooter_hears_it() -> None:
    truth, table = seen_by(1, hands={0: ["bang"]}, tables={1: ["bible"]}, deck=["beer"])
    slot, card = truth.slot_of(0, "bang")
    table.act(Play(slot, card, 1))
    decision = table.expect(1, RESPOND_SHOT)
    labels = [say(table, ["Ann", "You", "Bonnie", "Clyde"]).action(decision, a)
              for a in table.legal()]
    assert any(label.startswith("Use Bible (") and label.endswith("(cancels the shot)")
               for label in labels)
    use = next(a for a in table.legal() if isinstance(a, UseGreen))
    events = table.act(use)
    assert told(table, events, ["Ann", "You", "Bonnie", "Clyde"])[:2] == [
        f"You use Bible ({table.game.cards[table.game.known[use.slot]].label}) from play.",
        "You draw 1 card."]


# ---------------------------------------------------------------------- "+1" cards


def test_a_paid_card_is_chosen_card_target_then_price() -> None:
    table = table_of(hands={0: ["springfield", "beer", "missed"]}, randoms=[0])
    action, seen = walk(table, "Play Springfield", "On Bonnie", "Discard Beer")
    assert seen[0][0].startswith("Play Springfield (") and seen[0][0].endswith("(+1 card)\u2026")
    assert any(label.startswith("Discard Missed!") for label in seen[2])
    assert isinstance(action, PlayPaid) and action.target == 2
    events = table.act(action)
    lines = told(table, events)
    assert lines[0].startswith("You discard Beer (") and lines[0].endswith("as the +1 cost.")
    assert lines[1].startswith("You play Springfield (") and lines[1].endswith("on Bonnie.")


def test_the_hand_shows_the_price_of_paid_cards() -> None:
    table = table_of(hands={0: ["whisky", "beer"]})
    view = build_view(table.game, NAMES)
    whisky = next(c for c in view.hand if c.name == "whisky")
    assert whisky.paid and not next(c for c in view.hand if c.name == "beer").paid
    rows = [text_of(line) for line in hand_lines(view, 80, 4)]
    assert any(r.startswith(" Whisky +1") for r in rows)
    assert "Whisky+1" in text_of(compact_hand(view.hand, 80)[0])


def test_a_paid_card_on_yourself_says_yourself() -> None:
    table = table_of(hands={0: ["tequila", "beer"]}, life={0: 2})
    action, _seen = walk(table, "Play Tequila", "On yourself", "Discard Beer")
    assert isinstance(action, PlayPaid) and action.target == 0
    full = say(table).action(table.game.pending, action)
    assert full.startswith("Play Tequila (") and "on yourself, discarding Beer" in full


# ---------------------------------------------------------------------- Brawl


def test_the_brawl_asks_for_each_player_and_tells_each_discard() -> None:
    table = table_of(hands={0: ["brawl", "beer"], 1: ["missed"], 2: ["bang"]},
                     tables={1: ["mustang"]}, randoms=[0])
    played = table.play_paid(0, "brawl", "beer")
    decision = table.expect(0, BRAWL_PICK)
    assert say(table).decision(decision) == "Brawl: which card does Ace discard?"
    labels = [say(table).action(decision, a) for a in table.legal()]
    assert labels[0] == "A random card from the hand"
    assert labels[1].startswith("Mustang (") and labels[1].endswith("(in play)")
    events = table.act(Choose(table.in_play_slot(1, "mustang")))
    lines = told(table, played + events)[2:]  # after the price and the play
    assert lines[0].startswith("Your Brawl: Ace discards Mustang (")
    assert any(line.startswith("Your Brawl: Bonnie discards BANG! (") for line in lines)
    # a log told from its middle does not guess whose card it was
    unseen = told(table, events)[0]
    assert unseen.startswith("You make Ace discard Mustang (")


def test_others_hear_who_picks_their_brawl_card() -> None:
    truth, table = seen_by(1, hands={0: ["brawl", "beer"], 1: ["missed"]},
                           tables={1: ["mustang"]})
    slot, card = truth.slot_of(0, "brawl")
    cost_slot, cost_card = truth.slot_of(0, "beer")
    table.act(PlayPaid(slot, card, -1, -1, cost_slot, cost_card))
    decision = table.expect(0, BRAWL_PICK)
    names = ["Ann", "You", "Bonnie", "Clyde"]
    assert say(table, names).activity(decision) == "Ann picks the card you discard for the Brawl."


# ---------------------------------------------------------------------- characters


def test_pat_brennan_chooses_between_the_deck_and_a_card_in_play() -> None:
    table = table_of(["pat_brennan", *FILL[1:]], phase=START, tables={1: ["barrel"]},
                     deck=["beer", "missed"])
    decision = table.expect(0, PICK_IN_PLAY)
    describer = say(table)
    assert describer.decision(decision).startswith("Draw 2 cards, or take a card in play")
    labels = [describer.action(decision, a) for a in table.legal()]
    assert labels[0] == "Draw 2 cards from the deck"
    assert labels[1].startswith("Take Barrel (") and labels[1].endswith("from Ace")
    events = table.act(Choose(table.in_play_slot(1, "barrel")))
    assert told(table, events)[0].startswith("You take Barrel (")
    assert table.act  # the pick ended the draw phase
    assert table.expect(0, PLAY) and table.hand(0) == ["barrel"]


def test_pat_brennan_may_still_draw_from_the_deck() -> None:
    table = table_of(["pat_brennan", *FILL[1:]], phase=START, tables={1: ["barrel"]},
                     deck=["beer", "missed"])
    table.choose(0, DRAW_FROM_DECK)
    assert sorted(table.hand(0)) == ["beer", "missed"]


def test_vera_custer_picks_a_character_and_everyone_reads_it() -> None:
    table = table_of(["vera_custer", "sid_ketchum", "pixie_pete", "elena_fuente"],
                     phase=START, deck=["beer", "missed", "bang"])
    decision = table.expect(0, COPY_PICK)
    describer = say(table)
    assert describer.decision(decision) == "Whose ability do you take until your next turn?"
    labels = [describer.action(decision, a) for a in table.legal()]
    assert labels[1] == "Pixie Pete (Bonnie): Draws 3 cards instead of 2."
    events = table.act(Choose(2))
    assert "You take Pixie Pete's ability until your next turn." in told(table, events)
    assert "You draw 3 cards." in told(table, events)
    assert next(e for e in events if e.kind == "copy").target == 2
    assert describer.event(Event("copy", 1, 2)) == (
        "Ace takes Pixie Pete's ability until the next turn.")


def test_doc_holyday_pays_two_cards_then_picks_his_target() -> None:
    table = table_of(["doc_holyday", *FILL[1:]], hands={0: ["beer", "missed", "bang"]})
    action, _seen = walk(table, "Discard two cards to shoot", "Discard Beer", "and Missed!")
    assert isinstance(action, Ability)
    events = table.act(action)
    assert "You discard two cards to shoot a player within reach." in told(table, events)
    decision = table.expect(0, TARGET_PICK)
    describer = say(table)
    assert describer.decision(decision).startswith("Whom does your shot hit?")
    labels = [describer.action(decision, a) for a in table.legal()]
    assert labels == ["Shoot Ace (distance 1)", "Shoot Clyde (distance 1)"]


def test_jose_delgado_and_chuck_wengam_say_what_their_ability_gives() -> None:
    table = table_of(["jose_delgado", *FILL[1:]], hands={0: ["mustang", "beer"]},
                     deck=["bang", "missed"])
    decision = table.expect(0, PLAY)
    labels = [say(table).action(decision, a) for a in table.legal()
              if isinstance(a, Ability)]
    assert len(labels) == 1 and labels[0].startswith("Discard Mustang (")
    assert labels[0].endswith("to draw 2 cards")
    events = table.ability(0, "mustang")
    assert "You discard a blue card to draw 2 cards." in told(table, events)

    chuck = table_of(["chuck_wengam", *FILL[1:]], deck=["bang", "missed"])
    decision = chuck.expect(0, PLAY)
    labels = [say(chuck).action(decision, a) for a in chuck.legal() if isinstance(a, Ability)]
    assert labels == ["Lose 1 life to draw 2 cards"]
    lines = told(chuck, chuck.act(Ability((), ())))
    assert lines[:3] == ["You give 1 life for 2 cards.", "You lose 1 life (4 left).",
                         "You draw 2 cards."]


def test_sid_ketchum_copied_by_vera_keeps_his_words() -> None:
    table = table_of(["vera_custer", "sid_ketchum", "pixie_pete", "elena_fuente"],
                     phase=START, deck=["beer", "missed"], life={0: 2})
    table.choose(0, 1)
    ability = next(a for a in table.legal() if isinstance(a, Ability))
    assert say(table).action(table.game.pending, ability).endswith("to regain 1 life")
    lines = told(table, table.act(ability))
    assert "You discard two cards to regain 1 life." in lines


# ---------------------------------------------------------------------- help


def test_the_help_covers_every_dodge_city_card_and_character_with_marks() -> None:
    from p2pbang.engine.bang.cards.dodge_city import DODGE_CITY_CARDS, DODGE_CITY_CHARACTERS
    from p2pbang.ui.helptext import help_sections

    cards = DODGE_CITY.cards
    paid = {n for n, r in DODGE_CITY.by_name.items() if r.costs_a_card}
    for language in ("en", "hu", "ro"):
        set_language(language)
        sections = dict(help_sections(cards, DODGE_CITY.characters, paid))
        keys = {key for entries in sections.values() for key, _h, _b in entries}
        assert {f"card:{c.name}" for c in DODGE_CITY_CARDS} <= keys
        assert {f"character:{c.name}" for c in DODGE_CITY_CHARACTERS} <= keys
        assert "legend:\u2713 / \u25cb" in keys and "legend:+1" in keys
    set_language("hu")
    heads = {key: head for entries in dict(help_sections(cards, DODGE_CITY.characters, paid))
             .values() for key, head, _b in entries}
    assert heads["card:punch"].startswith("Ökölcsapás")
    assert heads["card:springfield"].startswith("Springfield +1")


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize(("language", "players", "seed"),
                         [("en", 8, 1), ("hu", 8, 2), ("ro", 5, 3), ("hu", 6, 4)])
def test_whole_dodge_city_games_read_as_sentences(language: str, players: int,
                                                  seed: int) -> None:
    """Random play reaches the new decisions; every one, every label and every event is
    said, with no placeholder left and no engine name showing through."""
    set_language(language)
    choice = GameChoice.make("bang", players, ["dodge-city"])
    session = SoloSession(choice, seed=seed, opponents="random")
    describer = Describer(session.mine, session.names)
    me = RandomBot(f"person/{seed}")
    kinds: set[str] = set()
    while not isinstance(session.pending, End):
        if session.your_turn_to_decide():
            decision = session.pending
            assert isinstance(decision, Decision)
            actions = session.legal_actions()
            text = describer.decision(decision)
            assert text and text != decision.kind
            for action in actions:
                for label in (describer.action(decision, action),
                              describer.action(decision, action, brief=True)):
                    assert label and "{" not in label and not label.startswith(
                        ("PlayPaid(", "UseGreen(", "Choose(")), label
            rows = choices(describer, decision, actions, [])
            assert rows and all(r.label for r in rows)
            events = session.act(me.decide(session.truth, decision))
        else:
            pending = session.mine.pending
            if isinstance(pending, Decision):
                assert describer.activity(pending) != pending.kind
            events = session.step_one()
        for event in events:
            kinds.add(event.kind)
            text = describer.event(event)
            assert (text is None) == (event.kind in QUIET), event  # nothing dropped
            if text:
                assert "{" not in text and "}" not in text, text
    assert {"turn", "draw", "play", "damage"} <= kinds


def test_every_row_of_every_step_leads_to_a_legal_action() -> None:
    """Walking every menu of a busy Dodge City turn reaches each legal action exactly once."""
    table = table_of(["doc_holyday", *FILL[1:]],
                     hands={0: ["rag_time", "springfield", "brawl", "beer", "bang"],
                            2: ["missed"]},
                     tables={0: ["can_can", "knife"], 1: ["mustang"], 3: ["barrel"]})
    decision = table.expect(0, PLAY)
    actions = table.legal()
    reached: list[int] = []

    def explore(steps: list[Step]) -> None:
        for r in choices(say(table), decision, actions, steps):
            if r.step == BACK:
                continue
            if r.final:
                reached.append(r.actions[0])
            else:
                assert r.step is not None
                explore([*steps, r.step])

    explore([])
    assert set(reached) == set(range(len(actions)))
    # Doc's cards come in either order; "End the turn" is offered at every step
    once = [i for i in reached if not isinstance(actions[i], Ability | Pass)]
    assert len(once) == len(set(once))
    assert any(isinstance(actions[i], PlayPaid) and actions[i].target_slot == FROM_HAND
               for i in reached)


def test_the_new_decisions_tell_the_turn_phase() -> None:
    from p2pbang.ui.view import phase_of

    assert phase_of(Decision(0, PICK_IN_PLAY), 0) == "draw"
    assert phase_of(Decision(0, COPY_PICK), 0) == "start"
    assert phase_of(Decision(0, BRAWL_PICK, source=1), 0) == "play"
    assert phase_of(Decision(0, TARGET_PICK), 0) == "play"
    assert phase_of(Decision(1, BRAWL_PICK, source=1), 0) is None  # not the current player


def test_in_belle_stars_turn_the_others_cards_in_play_are_struck_through() -> None:
    """Her own cards in play work in her turn (her green Knife is usable); the other
    players' have no effect and are struck through."""
    table = table_of(["belle_star", *FILL[1:]], tables={0: ["knife"], 1: ["barrel"]})
    view = build_view(table.game, NAMES)
    assert view.silenced and view.seats[0].in_play[0].ready is True
    assert not view.seats[0].silenced and view.seats[1].silenced
    assert [a for a in table.legal() if isinstance(a, UseGreen)]  # the engine agrees
    line = seat_lines(view, 80, False, False)[1]  # Ace, with his Barrel
    assert ("class:card.blue class:silenced", "Barrel") in line
    from p2pbang.ui.plain import render_table
    from p2pbang.ui.shell.style import TABLE_STYLE

    assert TABLE_STYLE["silenced"] == "strike"
    plain = " ".join(render_table(view, NAMES).split())  # as read, across wrapped lines
    assert "In Belle Star's turn the other players' cards in play have no effect." in plain
    assert "Knife (usable now)" in plain


def test_can_can_and_conestoga_from_play_name_their_card() -> None:
    table = table_of(tables={0: ["can_can", "conestoga"], 2: ["mustang", "barrel"]})
    action, seen = walk(table, "Use Can Can", "On Bonnie", "Mustang")
    assert isinstance(action, UseGreen) and action.target == 2
    assert any(label.startswith("Barrel (") for label in seen[-1])
    lines = told(table, table.act(action))
    assert lines[0].startswith("You use Can Can (") and lines[0].endswith("on Bonnie.")
    assert lines[1].startswith("Your Can Can: Bonnie discards Mustang (")
    action, _seen = walk(table, "Use Conestoga", "On Bonnie", "Barrel")
    lines = told(table, table.act(action))
    assert lines[1].startswith("You take Barrel (") and lines[1].endswith("from Bonnie.")
    assert table.hand(0) == ["barrel"]


def test_sharing_a_dead_players_cards_is_asked_and_said() -> None:
    """Vera Custer copying Vulture Sam shares a dead player's cards with him: the person
    reads whose cards he shares and picks a card in play or a random one of the hand."""
    table = Scenario(["vera_custer", "willy_the_kid", "vulture_sam", "kit_carlson"],
                     ["sheriff", "renegade", "outlaw", "outlaw"], rules=DODGE_CITY,
                     phase=START, life={1: 1}, hands={0: ["bang"], 1: ["saloon"]},
                     tables={1: ["volcanic", "dynamite"]}, deck=["beer", "duel"], viewer=0,
                     randoms=[0])
    table.choose(0, 2)
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.pass_(1)
    table.choose(2, table.in_play_slot(1, "volcanic"))
    decision = table.expect(0, SHARE_PICK)
    assert say(table).decision(decision) == (
        "You share the cards of Ace one at a time: which do you take?")
    assert say(table, NAMES).activity(Decision(2, SHARE_PICK, (FROM_HAND,), source=1)) == (
        "Bonnie takes a card of Ace.")
    action, seen = walk(table, "Dynamite")
    assert seen[0][:1] == ["A random card from the hand"]
    table.act(action)
    assert "dynamite" in table.hand(0)


@pytest.mark.parametrize("language", ["hu", "ro"])
def test_no_dodge_city_sentence_fills_a_name_with_you(language: str) -> None:
    """Where the viewer is the object, the sentence says "you" itself (a name slot filled
    with "you" reads wrongly in Hungarian and Romanian)."""
    table = table_of(hands={0: ["brawl", "beer"], 3: ["bang"]}, tables={0: ["knife"]})
    set_language(language)
    describer = say(table)
    you = describer.whom(0)
    knife = table.game.known[table.in_play_slot(0, "knife")]
    texts = [describer.event(Event("use", 3, 0, knife)),  # a green card used on you
             describer.event(Event("forced_discard", 0, 3, knife)),
             describer.activity(Decision(3, BRAWL_PICK, options=(FROM_HAND,), source=0))]
    describer.event(Event("play", 0, card=table.game.known[table.slot_of(0, "brawl")[0]]))
    texts.append(describer.event(Event("forced_discard", 3, 0, knife)))
    for text in texts:
        assert text and f": {you}" not in text and f" {you}." not in text, text
