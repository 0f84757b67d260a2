"""The event cards (High Noon, A Fistful of Cards) in the interfaces: the event in force in
the view, every event and decision the decks add said in words, their choices walked step
by step to the engine's own legal actions (given a stacked table seen by seat 0, when a
seat acts, then the screen says...)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from p2pbang.engine import actions
from p2pbang.engine.actions import (
    BLACK,
    DECLINE,
    EVENT_PICK,
    EXCHANGE,
    GUESS,
    PLAY,
    RED,
    RESPOND_MISSED,
    RESPOND_SHOT,
    Action,
    Choose,
    Decision,
    Discard,
    Event,
    Pass,
    Play,
    PlayPaid,
)
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, fistful, high_noon
from p2pbang.ui.bang.steps import BACK, Choice, Step, choices
from p2pbang.ui.describe import Describer
from p2pbang.ui.i18n import set_language
from p2pbang.ui.sets import fistful_texts, high_noon_texts
from p2pbang.ui.sets.event_deck import event_name, event_names
from p2pbang.ui.textfit import width_of
from p2pbang.ui.view import build_view

EVENTS = RuleSet((base.MODULE, high_noon.MODULE, fistful.MODULE))
NAMES = ["You", "Ace", "Bonnie", "Clyde"]
FILL = ["vulture_sam"] * 4  # his ability acts only at an elimination
ENGINE = Path(__file__).resolve().parents[2] / "p2pbang" / "engine" / "bang"


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def table_of(**kw: Any) -> Scenario:
    """A table with both event decks, seen by seat 0 (the Sheriff), the person."""
    return Scenario(FILL, rules=EVENTS, viewer=0, **kw)


def say(table: Scenario) -> Describer:
    return Describer(table.game, NAMES)


def told(table: Scenario, events: Sequence[Event]) -> list[str]:
    describer = say(table)
    return [t for t in (describer.event(e) for e in events) if t]


def hidden(table: Scenario, seat: int, name: str) -> tuple[int, int]:
    """(slot, card) of a card in another seat's hand, which the person's engine does not
    know: the scenario's dealer does (a remote seat reveals it when it plays it)."""
    for slot in table.game.players[seat].hand:
        card = table.dealer.cards[slot]
        if table.game.cards[card].name == name:
            return slot, card
    raise AssertionError(f"seat {seat} holds no {name}")


def menu(table: Scenario, steps: Sequence[Step] = ()) -> list[Choice]:
    decision = table.game.pending
    assert isinstance(decision, Decision)
    return choices(say(table), decision, table.legal(), steps)


def walk(table: Scenario, *starts: str) -> Action:
    """Choose rows by the start of their labels (the first such row) until an action is
    reached."""
    steps: list[Step] = []
    for start in starts:
        rows = menu(table, steps)
        found = [r for r in rows if r.label.startswith(start)]
        assert found, (start, [r.label for r in rows])
        if found[0].final:
            return table.legal()[found[0].actions[0]]
        assert found[0].step is not None
        steps.append(found[0].step)
    raise AssertionError(f"no action after {starts}")


def reachable(table: Scenario) -> list[int]:
    """Every action reached by walking every menu (End the turn is at every step)."""
    reached: list[int] = []

    def explore(steps: list[Step]) -> None:
        for r in menu(table, steps):
            if r.step == BACK:
                continue
            if r.final:
                if not (steps and isinstance(table.legal()[r.actions[0]], Pass)):
                    reached.append(r.actions[0])
            else:
                assert r.step is not None
                explore([*steps, r.step])

    explore([])
    return reached


# ---------------------------------------------------------------------- the view


def test_the_view_holds_the_event_in_force_and_the_cards_left() -> None:
    table = table_of(event="thirst", events=["ranch", "peyote"])
    view = build_view(table.game, NAMES)
    assert (view.event, view.events_left) == ("thirst", 2)
    assert build_view(Scenario(FILL, viewer=0).game, NAMES).event is None


def test_every_event_card_has_a_name_a_text_and_a_help() -> None:
    keys = {e.name for e in EVENTS.events}
    assert len(keys) == 28
    assert keys == set(event_names())
    for texts, deck in ((high_noon_texts, high_noon), (fistful_texts, fistful)):
        own = {e.name for e in deck.MODULE.events}  # each deck's set has its own cards'
        assert own == set(texts.EVENT_NAMES) == set(texts.EVENT_TEXTS) == set(texts.EVENT_HELP)
    for language in ("hu", "ro"):
        set_language(language)
        assert all(event_name(k) for k in keys)
    set_language("ro")  # the names the Romanian rulebook gives (seed 002, "High Noon")
    assert [event_name(k) for k in ("the_daltons", "gold_rush", "ghost_town", "high_noon")] \
        == ["Daltonii", "Febra aurului", "Orașul Fantomelor", "High Noon"]


# ---------------------------------------------------------------------- revealed


def test_a_new_event_is_announced_with_its_text() -> None:
    table = table_of(turn=3, events=["the_daltons"], tables={0: ["barrel", "mustang"],
                                                             2: ["jail"]},
                     deck=["beer"] * 4)
    events = table.act(Pass())
    said = told(table, events)
    assert ("New event: The Daltons. When revealed: everyone with blue cards in play "
            "discards one of them.") in said
    decision = table.expect(0, EVENT_PICK)
    assert say(table).decision(decision) == (
        "The Daltons: which of your blue cards in play do you discard?")
    labels = [r.label for r in menu(table)]
    assert [label.split(" (")[0] for label in labels] == ["Discard Barrel", "Discard Mustang"]
    said = told(table, table.act(Choose(decision.options[0])))
    assert said[0].startswith("The Daltons: you discard Barrel (")
    assert any(s.startswith("The Daltons: Bonnie discards Jail (") for s in said)


def test_the_event_deck_is_said_when_it_is_laid_out() -> None:
    from p2pbang.engine.choice import GameChoice
    from p2pbang.table.solo import SoloSession

    session = SoloSession(GameChoice.make("bang", 4, ["high-noon"]), seed=3)
    describer = Describer(session.mine, NAMES)
    said: list[str] = []
    while session.mine.current < 0:
        said += [t for t in map(describer.event, session.step_one()) if t]
    assert "The event deck: 12 cards, then High Noon to the end." in said


# ---------------------------------------------------------------------- decisions


def test_peyote_asks_red_or_black_and_says_each_card() -> None:
    table = table_of(event="peyote", turn=0, phase=START,
                     deck=["beer:6H", "bang:AS", "missed"])
    decision = table.expect(0, GUESS)
    assert say(table).decision(decision).startswith("Peyote: is the deck's top card red")
    assert [r.label for r in menu(table)] == ["Red (hearts, diamonds)", "Black (spades, clubs)"]
    assert told(table, table.act(Choose(RED))) == [
        "Peyote: Beer (6\u2665), you guessed right and keep it."]
    said = told(table, table.act(Choose(RED)))
    assert said[0] == "Peyote: BANG! (A\u2660), a wrong guess: it is discarded."
    assert Choose(BLACK) not in table.legal()  # phase 1 is over: the play phase


def test_ranch_exchanges_cards_one_by_one() -> None:
    table = table_of(event="ranch", turn=0, phase=START, hands={0: ["missed", "panic"]},
                     deck=["beer", "bang", "duel", "gatling"])
    decision = table.expect(0, EXCHANGE)
    assert say(table).decision(decision) == (
        "Ranch: discard a card to draw a new one for it, or keep your hand.")
    labels = [r.label for r in menu(table)]
    assert labels[-1] == "Keep the rest of your hand"
    assert sum(label.startswith("Exchange ") for label in labels) == 4  # 2 + 2 drawn
    action = walk(table, "Exchange Missed!")
    assert isinstance(action, Discard)
    assert told(table, table.act(action))[0].startswith("You discard Missed! (")
    assert told(table, table.act(Pass())) == ["You draw 1 card."]
    table.expect(0, PLAY)


def test_hard_liquor_and_blood_brothers_ask_in_words() -> None:
    table = table_of(event="hard_liquor", turn=0, phase=START, life={0: 3},
                     deck=["beer", "bang"])
    decision = table.expect(0, EVENT_PICK)
    assert say(table).decision(decision) == "Hard Liquor: skip drawing to regain 1 life?"
    assert [r.label for r in menu(table)] == ["Draw as usual", "Skip drawing and regain 1 life"]
    assert told(table, table.act(Choose(fistful.HARD_LIQUOR_HEAL))) == [
        "Hard Liquor: you skip drawing and regain 1 life."]

    table = table_of(event="blood_brothers", turn=0, phase=START, life={2: 2},
                     deck=["beer", "bang"])
    decision = table.expect(0, EVENT_PICK)
    assert decision.options == (DECLINE, 2)
    assert say(table).decision(decision) == (
        "Blood Brothers: give 1 of your lives to another player?")
    assert [r.label for r in menu(table)] == ["Keep your lives", "Give 1 life to Bonnie (2 of 4)"]
    assert told(table, table.act(Choose(2)))[:2] == [
        "Blood Brothers: you give 1 life to Bonnie (4 left).", "Bonnie regains 1 life."]


def test_law_of_the_west_says_the_card_shown_and_that_it_must_be_played() -> None:
    table = table_of(event="law_of_the_west", turn=0, phase=START, deck=["missed", "bang"])
    shown = [t for t in told(table, table.events) if t.startswith("Law of the West")]
    assert shown and shown[0].startswith("Law of the West: you show BANG! (")
    decision = table.expect(0, PLAY)
    assert say(table).decision(decision).startswith("Law of the West: you must play BANG! (")
    assert all(isinstance(table.legal()[r.actions[0]], Play) for r in menu(table)
               if r.final)


def test_russian_roulette_asks_the_person_for_a_missed() -> None:
    table = table_of(turn=3, events=["russian_roulette"], hands={0: ["missed"]},
                     deck=["beer"] * 4)
    table.act(Pass())
    decision = table.expect(0, RESPOND_MISSED)
    assert say(table).decision(decision) == (
        "Russian Roulette: discard a Missed!, or lose 2 lives.")
    labels = [r.label for r in menu(table)]
    assert labels[0].startswith("Discard Missed! (") and labels[-1] == "Lose 2 lives"
    said = told(table, table.act(table.legal()[0]))
    assert said[0].startswith("You answer with Missed! (")
    assert "Ace loses 2 lives (2 left)." in said  # Ace holds no card: he cannot answer


def test_ricochet_at_the_persons_card_in_play_is_said_and_answered() -> None:
    table = table_of(turn=1, event="ricochet", hands={0: ["missed"], 1: ["bang"]},
                     tables={0: ["barrel"]})
    slot, card = hidden(table, 1, "bang")
    barrel = table.in_play_slot(0, "barrel")
    said = told(table, table.act(Play(slot, card, 0, barrel)))
    assert said[0].startswith("Ace plays BANG! (") and said[0].endswith(" on you.")
    decision = table.expect(0, RESPOND_MISSED)
    assert say(table).decision(decision).startswith(
        "Ricochet by Ace: discard a Missed!, or lose Barrel (")
    labels = [r.label for r in menu(table)]
    assert labels[0].startswith("Discard Missed!") and labels[-1].startswith("Let Barrel (")
    said = told(table, table.act(Pass()))
    assert said[0].startswith("Ricochet by Ace: you discard Barrel (")


def test_ricochet_and_sniper_have_steps_of_their_own_and_every_play_stays_reachable() -> None:
    table = table_of(event="ricochet", hands={0: ["bang", "bang"]},
                     tables={1: ["mustang"], 2: ["barrel"]})
    rows = [r.label for r in menu(table, [("card", table.slot_of(0, "bang")[0])])]
    assert "Ricochet: at a card in play (any distance)\u2026" in rows
    assert any(r.startswith("On Clyde (distance 1)") for r in rows)  # the plain BANG!
    assert sorted(reachable(table)) == list(range(len(table.legal())))
    action = walk(table, "Play BANG! (", "Ricochet:", "On Bonnie", "Barrel")
    assert isinstance(action, Play) and action.target == 2
    assert say(table).action(table.expect(0), action).startswith("Ricochet: BANG! (")
    said = told(table, table.act(action))
    assert said[-1].startswith("Your Ricochet: Bonnie discards Barrel (")

    table = table_of(event="sniper", hands={0: ["bang", "bang", "bang"]})
    reached = reachable(table)  # a pair from either of its cards, as Sid Ketchum's two
    assert set(reached) == set(range(len(table.legal())))
    assert all(reached.count(i) == 1 for i, a in enumerate(table.legal())
               if not isinstance(a, PlayPaid))
    action = walk(table, "Play BANG! (", "Sniper:", "On Ace", "Together with")
    assert isinstance(action, PlayPaid) and action in table.legal()
    label = say(table).action(table.expect(0), action)
    assert label.startswith("Sniper: BANG! (") and label.endswith("on Ace (distance 1)")


def test_a_ghost_and_a_dead_man_come_back_in_words() -> None:
    roles = ["outlaw", "sheriff", "outlaw", "renegade"]  # the person is not the Sheriff
    table = table_of(event="ghost_town", turn=3, dead=[0], roles=roles, hands={1: ["bang"]},
                     deck=["duel", "beer", "missed", "panic", "gatling"])
    said = told(table, table.act(Pass()))
    assert "Ghost Town: you come back as a ghost for this turn." in said
    table.act(Play(*table.slot_of(0, "duel"), 1))
    slot, card = hidden(table, 1, "bang")
    table.act(Play(slot, card))
    said = told(table, table.act(Pass()))
    assert "You are a ghost: nothing can hurt you." in said
    said = told(table, table.act(Pass()))
    assert "Your ghost discards everything and leaves the table again." in said

    table = table_of(event="dead_man", turn=1, dead=[2], roles=roles,
                     deck=["beer", "missed", "panic", "duel"])
    table.game.eliminated_order[:0] = [2]
    said = told(table, table.act(Pass()))
    assert "Dead Man: Bonnie is back in the game with 2 lives." in said


def test_abandoned_mine_and_vendetta_say_what_they_do() -> None:
    table = table_of(event="abandoned_mine", turn=0, phase=START, hands={0: ["panic"]},
                     discard=["bang", "beer"], deck=["missed"])
    said = told(table, table.act(Play(*table.slot_of(0, "beer"))))
    assert said[-1].startswith("Abandoned Mine: your Beer (") and said[-1].endswith(
        "goes face down on the deck.")
    table = table_of(event="vendetta", turn=0, deck=["beer:6H", "bang", "missed"])
    said = told(table, table.act(Pass()))
    assert "Vendetta: you draw! Beer (6\u2665): a heart, you play another turn." in said


# ---------------------------------------------------------------------- every kind


def _kinds_in_engine() -> tuple[set[str], set[str]]:
    """The event kinds and decision kinds the event decks' code emits, read from it."""
    events: set[str] = set()
    decisions: set[str] = set()
    for name in ("event_flow.py", "sets/high_noon.py", "sets/fistful.py"):
        source = (ENGINE / name).read_text()
        events |= set(re.findall(r"\.event\(\"(\w+)\"", source))
        events |= set(re.findall(r"draw_check\(seat, \"(\w+)\"\)", source))
        names = re.findall(r"Decision\(seat, (\w+)", source)
        names += re.findall(r"answer\([\w.]+, (\w+),", source)
        decisions |= {getattr(actions, name) for name in names}
    return events, decisions


def _examples() -> tuple[list[tuple[Scenario, Event]], list[tuple[Scenario, Decision]]]:
    """The stacked tables above, played again, with every event and decision they show."""
    events: list[tuple[Scenario, Event]] = []
    decisions: list[tuple[Scenario, Decision]] = []

    def keep(table: Scenario) -> None:
        events.extend((table, e) for e in table.events)

    def at(table: Scenario) -> Scenario:
        decision = table.game.pending
        assert isinstance(decision, Decision)
        decisions.append((table, decision))
        return table

    roles = ["outlaw", "sheriff", "outlaw", "renegade"]
    # decisions stay pending here, for their sentences
    at(table_of(event="peyote", turn=0, phase=START, deck=["beer", "missed"]))
    at(table_of(event="ranch", turn=0, phase=START, hands={0: ["missed"]}, deck=["beer"] * 3))
    at(table_of(event="hard_liquor", turn=0, phase=START, life={0: 3}, deck=["beer"] * 2))
    at(table_of(event="blood_brothers", turn=0, phase=START, life={2: 2}, deck=["beer"] * 2))
    daltons = table_of(turn=3, events=["the_daltons"], tables={0: ["barrel", "mustang"]},
                       deck=["beer"] * 4)
    daltons.act(Pass())
    at(daltons)
    roulette = table_of(turn=3, events=["russian_roulette"], hands={0: ["missed"]},
                        deck=["beer"] * 4)
    roulette.act(Pass())
    at(roulette)
    fistful_shot = table_of(event="a_fistful_of_cards", turn=3, hands={0: ["missed", "beer"]},
                            deck=["bang"] * 4)
    fistful_shot.act(Pass())
    at(fistful_shot)  # a usual decision (a shot) that the event says its own way
    # and events, played through
    for kw in (  # from the end of Clyde's turn: the person's turn start is played through
        dict(event="peyote", deck=["beer:6H", "bang:AS", "missed"]),
        dict(event="abandoned_mine", hands={0: ["panic"]}, discard=["bang", "beer"],
             deck=["missed"]),
        dict(event="vendetta", turn=0, deck=["beer:6H", "bang", "missed", "duel"]),
        dict(event="law_of_the_west", deck=["missed", "bang"]),
        dict(event="blood_brothers", life={2: 2}, deck=["beer"] * 2),
        dict(event="hard_liquor", life={0: 3}, deck=["beer"] * 2),  # takes the life
        dict(event="ranch", hands={0: ["missed"]}, deck=["beer"] * 3),
    ):
        table = table_of(**{"turn": 3, **kw})
        if table.game.current == 3:
            table.act(Pass())
        while table.game.pending.kind != PLAY:  # the person's own choices: each one taken
            legal = table.legal()
            table.act(legal[0] if table.game.pending.kind == GUESS else legal[-1])
        playable = [a for a in table.legal() if isinstance(a, Play)]
        if playable:
            table.act(playable[0])
        table.act(Pass())
        keep(table)
    daltons.act(daltons.legal()[0])
    keep(daltons)
    roulette.act(Pass())
    keep(roulette)
    ricochet = table_of(event="ricochet", hands={0: ["bang", "bang"], 2: ["missed"]},
                        tables={2: ["barrel"], 3: ["mustang"]})
    ricochet.act(Play(*ricochet.slot_of(0, "bang"), 3, ricochet.in_play_slot(3, "mustang")))
    ricochet.act(Play(*ricochet.slot_of(0, "bang"), 2, ricochet.in_play_slot(2, "barrel")))
    at(ricochet)
    ricochet.act(Play(*hidden(ricochet, 2, "missed")))
    keep(ricochet)
    ghost = table_of(event="ghost_town", turn=3, dead=[0], roles=roles, hands={1: ["bang"]},
                     deck=["duel", "beer", "missed", "panic", "gatling"])
    ghost.act(Pass())
    ghost.act(Play(*ghost.slot_of(0, "duel"), 1))
    ghost.act(Play(*hidden(ghost, 1, "bang")))
    ghost.act(Pass())
    ghost.act(Pass())
    keep(ghost)
    dead_man = table_of(event="dead_man", turn=1, dead=[2], roles=roles, deck=["beer"] * 4)
    dead_man.game.eliminated_order[:0] = [2]
    dead_man.act(Pass())
    keep(dead_man)
    return events, decisions


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_every_event_and_decision_of_the_decks_is_said(language: str) -> None:
    """Each kind the decks' code emits shows up in the examples and is said in words,
    translated (the Hungarian and Romanian sentences differ from the English ones)."""
    events, decisions = _examples()
    emitted, asked = _kinds_in_engine()
    # the pile is said above; a ghost's Gold Rush equipment by the Gold Rush sentences
    assert emitted - {"event_pile", "discard_equipment"} <= {e.kind for _t, e in events}
    assert asked == {EVENT_PICK, RESPOND_MISSED, EXCHANGE, GUESS}
    assert asked <= {d.kind for _t, d in decisions}
    quiet = {"check", "end_turn", "game_over", "seating"}
    english: dict[tuple[int, int], str] = {}
    for lang in ("en", language):
        set_language(lang)
        for index, (table, e) in enumerate(events):
            text = say(table).event(e)
            assert (text is None) == (e.kind in quiet), e
            if text is None:
                continue
            assert "{" not in text and text != e.kind, text
            if lang == "en":
                english[(0, index)] = text
            else:
                assert text != english[(0, index)], text
        for index, (table, d) in enumerate(decisions):
            text = say(table).decision(d)
            labels = [r.label for r in menu(table)]
            assert text and text != d.kind and all(labels), (text, labels)
            assert width_of(text) <= 77, text  # whole on the decision line, after " \u25b8 "
            if lang == "en":
                english[(1, index)] = text + "|".join(labels)
            else:
                assert text + "|".join(labels) != english[(1, index)]


def test_another_seats_event_decision_reads_as_an_activity() -> None:
    table = table_of(turn=3, events=["russian_roulette"], hands={0: ["missed"]},
                     deck=["beer"] * 4)
    table.act(Pass())
    table.act(table.legal()[0])  # the person's Missed!; Ace has no card: no question
    assert table.game.players[1].life == 2
    table = table_of(event="ricochet", hands={0: ["bang"], 2: ["missed"]},
                     tables={2: ["barrel"]})
    table.act(Play(*table.slot_of(0, "bang"), 2, table.in_play_slot(2, "barrel")))
    pending = table.game.pending
    assert isinstance(pending, Decision) and pending.seat == 2
    assert say(table).activity(pending) == "Bonnie answers your Ricochet."


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize(("language", "expansions", "players", "seed"), [
    ("en", ["high-noon"], 5, 1),
    ("hu", ["fistful"], 6, 2),
    ("ro", ["high-noon", "fistful"], 7, 3),
    ("en", ["dodge-city", "fistful"], 8, 4),
    ("hu", ["dodge-city", "high-noon"], 3, 5),
])
def test_whole_random_games_with_events_read_as_sentences(
        language: str, expansions: list[str], players: int, seed: int) -> None:
    """Random play (the person too) reaches the event decisions: every decision, every
    label and every event is said, and every menu leads to each legal action."""
    from p2pbang.bots.random_bot import RandomBot
    from p2pbang.engine.actions import End
    from p2pbang.engine.choice import GameChoice
    from p2pbang.table.solo import SoloSession

    set_language(language)
    session = SoloSession(GameChoice.make("bang", players, expansions), seed=seed,
                          opponents="random")
    describer = Describer(session.mine, session.names)
    me = RandomBot(f"person/{seed}")
    quiet = {"check", "end_turn", "game_over", "seating"}
    events_seen: set[str] = set()
    while not isinstance(session.pending, End):
        if session.your_turn_to_decide():
            decision = session.pending
            assert isinstance(decision, Decision)
            legal = session.legal_actions()
            assert describer.decision(decision) != decision.kind
            for action in legal:
                label = describer.action(decision, action)
                assert label and "{" not in label and not label.startswith(
                    ("Play(", "PlayPaid(", "Choose(", "Discard(")) and not label.isdigit()
            reached: set[int] = set()

            def explore(steps: list[Step], d: Decision = decision,
                        actions: list[Action] = legal, into: set[int] = reached) -> None:
                for r in choices(describer, d, actions, steps):
                    if r.final:
                        into.add(r.actions[0])
                    elif r.step != BACK:
                        assert r.step is not None
                        explore([*steps, r.step])

            explore([])
            assert reached == set(range(len(legal)))
            events = session.act(me.decide(session.truth, decision))
        else:
            pending = session.mine.pending
            if isinstance(pending, Decision):
                assert describer.activity(pending) != pending.kind
            events = session.step_one()
        for event in events:
            text = describer.event(event)
            assert (text is None) == (event.kind in quiet), event
            assert text is None or "{" not in text
            if event.kind == "event":
                events_seen.add(text or "")
    assert events_seen  # at least one event card came into force


def test_a_fistful_of_cards_shots_come_from_the_event_not_from_nobody() -> None:
    table = table_of(event="a_fistful_of_cards", turn=3, hands={0: ["missed", "beer"]},
                     deck=["bang"] * 4)
    table.act(Pass())
    decision = table.expect(0, RESPOND_SHOT)
    assert say(table).decision(decision) == (
        "A Fistful of Cards: a shot per card in your hand; a Missed! cancels this one.")
    table = table_of(event="a_fistful_of_cards", hands={1: ["beer"]}, deck=["bang"] * 4)
    table.act(Pass())
    pending = table.game.pending
    assert isinstance(pending, Decision) and pending.seat == 1
    assert say(table).activity(pending) == "Ace answers the shots of A Fistful of Cards."


@pytest.mark.parametrize(("event", "drawn"), [("thirst", 1), ("train_arrival", 3)])
def test_phase_one_under_thirst_or_train_arrival_is_said_as_the_events(event: str,
                                                                       drawn: int) -> None:
    """Given Thirst (or Train Arrival) in force, when the next player's turn starts, then his
    phase-1 draw names the event ("Thirst: Ace draws 1 card."), in every language; a draw
    later in the turn is said plainly."""
    from p2pbang.engine.actions import Pass

    table = table_of(event=event, events=["ranch"], deck=["beer", "bang", "missed", "panic"])
    start = len(table.events)
    table.act(Pass())  # the person (seat 0) ends the turn: Ace's starts
    expected = {"en": f"{event_name(event)}: Ace draws {drawn} card" + ("s." if drawn > 1
                                                                         else "."),
                "hu": f"{{event}}: Ace húz {drawn} lapot.",
                "ro": f"{{event}}: Ace trage {drawn} " + ("carte." if drawn == 1 else "cărți.")}
    try:
        for language, sentence in expected.items():
            set_language(language)
            describer = say(table)
            told = [describer.event(e) for e in table.events[start:]]
            draws = [line for line, e in zip(told, table.events[start:], strict=True)
                     if e.kind == "draw"]
            assert draws[0] == sentence.format(event=event_name(event)), told
    finally:
        set_language("en")
    plain = say(table)
    from p2pbang.engine.actions import Event

    assert plain.event(Event("draw", 1, value=2)) == "Ace draws 2 cards."  # not phase 1
