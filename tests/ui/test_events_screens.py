"""The event in force on the screens: the full-screen table at 80x24 with 8 and 3 seats in
every language, the line under the actions and the help; the plain table, its ``e``
command and a whole plain game with events; the network's plain table reading the same."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.actions import Action, Event, Pass
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city, fistful, high_noon
from p2pbang.engine.choice import GameChoice
from p2pbang.table.solo import SoloSession
from p2pbang.ui.bang.render import status_line
from p2pbang.ui.i18n import _, set_language
from p2pbang.ui.network.plain_card import CardPlainPart
from p2pbang.ui.network.plain_net import PlainNetworkTable
from p2pbang.ui.plain import PlainSolo, explain, render_table
from p2pbang.ui.plain.commands import AGAIN, choose_number
from p2pbang.ui.sets.event_deck import (
    event_label,
    event_name,
    event_text,
    help_sections,
    plain_command,
)
from p2pbang.ui.shell.screen import GameScreen
from p2pbang.ui.textfit import width_of
from p2pbang.ui.view import build_view
from tests.ui.screens import card_screen, snapshot

ALL = RuleSet((base.MODULE, dodge_city.MODULE, high_noon.MODULE, fistful.MODULE))
HIGH_NOON = RuleSet((base.MODULE, high_noon.MODULE))
NAMES = ["You", "Ace", "Bonnie", "Clyde", "Dakota", "Ezra", "Flint", "Gus"]
EIGHT = ["vera_custer", "pat_brennan", "doc_holyday", "jose_delgado", "chuck_wengam",
         "tequila_joe", "slab_the_killer", "belle_star"]
TABLES = {1: ["barrel", "mustang", "schofield"], 3: ["dynamite", "pepperbox"],
          4: ["jail", "remington", "howitzer"]}
HAND = ["bang", "missed", "beer", "panic", "derringer"]


class StackedSession:
    """A stacked table as the screen's session (the seat's own engine)."""

    def __init__(self, table: Scenario, names: list[str]) -> None:
        self.table = table
        self.mine = table.game
        self.names = names
        self.you = 0

    @property
    def pending(self) -> object:
        return self.table.game.pending

    def legal_actions(self) -> list[Action]:
        return self.table.legal()

    def act(self, action: Action) -> list[Event]:
        return self.table.act(action)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def screen_of(table: Scenario, names: list[str]) -> Iterator[GameScreen]:
    with create_pipe_input() as pipe:
        yield card_screen(StackedSession(table, names), input=pipe, output=DummyOutput())


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
@pytest.mark.parametrize(("seats", "event"), [(8, "russian_roulette"), (3, "a_fistful_of_cards"),
                                              (8, "law_of_the_west")])
def test_the_event_in_force_shows_at_80x24(language: str, seats: int, event: str) -> None:
    """The name on the status line (whole), the effect on the line under the actions while
    another seat plays, every row within 80 cells, every seat still listed."""
    set_language(language)
    table = Scenario(EIGHT[:seats], rules=ALL, viewer=0, turn=1, hands={0: HAND},
                     tables={s: c for s, c in TABLES.items() if s < seats}, event=event,
                     events=["thirst", "ranch"])
    for screen in screen_of(table, NAMES[:seats]):
        rows = snapshot(screen, 80, 24)
        assert len(rows) == 24 and all(width_of(r) <= 80 for r in rows)
        assert event_label(event) in rows[0]
        detail = " ".join(r.strip() for r in rows[-1 - screen.board.plan.detail_rows:-1])
        assert detail.startswith(event_label(event))
        assert event_text(event)[:20] in detail
        for name in NAMES[1:seats]:
            assert any(r[2:].startswith(name + " ") for r in rows), name


def test_the_deck_count_stays_when_the_discard_pile_gives_way() -> None:
    table = Scenario(EIGHT, rules=ALL, viewer=0, event="train_arrival",
                     discard=["rev_carabine"], deck=["beer"] * 3)
    view = build_view(table.game, NAMES)

    def line(width: int) -> str:
        return "".join(t for _s, t in status_line(view, NAMES, "play phase", width))

    assert "Event: Train Arrival" in line(80) and f"Deck {view.deck_size}" in line(80)
    assert "Discard" not in line(80) and width_of(line(80)) == 80
    assert "Discard: Rev. Carabine" in line(110)


def test_an_event_decision_shows_its_event_under_the_actions() -> None:
    table = Scenario(EIGHT[:4], rules=ALL, viewer=0, turn=3, events=["the_daltons"],
                     tables={0: ["barrel", "mustang"]}, deck=["beer"] * 4)
    table.act(Pass())  # Clyde ends his turn: The Daltons come before the Sheriff's
    for screen in screen_of(table, NAMES[:4]):
        rows = snapshot(screen, 80, 24)
        text = "\n".join(rows)
        assert "The Daltons: which of your blue cards in play do you discard?" in text
        assert "1 Discard Barrel (" in text and "2 Discard Mustang (" in text
        detail = " ".join(r.strip() for r in rows[-1 - screen.board.plan.detail_rows:-1])
        assert detail.startswith("Event: The Daltons \u00b7 When revealed")


def test_the_help_starts_with_the_event_in_force_and_lists_the_decks_cards() -> None:
    table = Scenario(["vulture_sam"] * 4, rules=HIGH_NOON, viewer=0, event="thirst",
                     events=["shootout"])
    sections = help_sections(table.game)
    (now_title, now), (title, cards) = sections
    assert now_title == "Event in force" and now[0][1] == "Thirst  (1 event card left)"
    assert title == "Event cards" and len(cards) == 13  # High Noon's only
    assert cards[-1][1] == "High Noon  (last card, stays to the end)"
    for screen in screen_of(table, NAMES[:4]):
        assert screen.board.selected_card_anchor() is None  # nothing to decide: the help's top
        screen.board.toggle_help(screen.board.selected_card_anchor())
        rows = snapshot(screen, 80, 24)
        assert rows[1].strip() == "Event in force"
        assert rows[2].strip() == "Thirst  (1 event card left)"
    set_language("hu")
    assert help_sections(table.game)[0][1][0][1].startswith("Szomjúság")
    assert help_sections(Scenario(["vulture_sam"] * 4, viewer=0).game) == []


def test_the_plain_table_and_its_e_command_say_the_event() -> None:
    table = Scenario(["vulture_sam"] * 4, rules=ALL, viewer=0, event="lasso",
                     events=["thirst", "ranch"], tables={1: ["mustang"]})
    text = render_table(build_view(table.game, NAMES[:4]), NAMES[:4])
    joined = " ".join(text.split())
    assert "Event in force: Lasso: Cards in play have no effect. (2 event cards left)" \
        in joined
    assert "Belle Star" not in joined  # the silenced cards are Lasso's, not Belle Star's
    shown = plain_command(table.game, "e")
    assert shown is not None and shown.startswith("Lasso: The cards in front of the players")
    assert plain_command(table.game, "t") is None
    assert "Peyote: Instead of drawing" in explain("peyo")
    set_language("ro")
    assert explain("ruleta").startswith("Ruleta rusească: ")


@pytest.mark.parametrize(("expansions", "seed"), [(["fistful"], 7), (["high-noon"], 2),
                                                  (["high-noon", "fistful"], 3)])
def test_a_whole_plain_game_with_events(expansions: list[str], seed: int) -> None:
    """Typed numbers to the end: each new event is announced with its text, the table
    shows the one in force, ``e`` and ``?`` answer, the event decisions are asked."""
    session = SoloSession(GameChoice.make("bang", 5, expansions), seed=seed)

    class Typed(io.StringIO):
        lines = ["e", "?"]

        def readline(self, size: int = -1) -> str:
            return (self.lines.pop(0) if self.lines else "1") + "\n"

    out = io.StringIO()
    assert PlainSolo(session, Typed(), out).run() == 0
    text = out.getvalue()
    assert "No event card is in force yet" in text
    assert "show the event card in force and what it does" in text
    first = text.index("New event: ")
    name = text[first + len("New event: "):].split(".")[0]
    assert name in {event_name(e.name) for e in session.mine.rules.events}
    assert "Event in force: " in text and "Game over" in text
    if expansions == ["fistful"]:
        assert "Peyote: is the deck's top card red or black?" in text


def test_the_network_plain_table_answers_e_too() -> None:
    table = Scenario(["vulture_sam"] * 4, rules=HIGH_NOON, viewer=0, event="shootout",
                     events=[])
    out = io.StringIO()
    plain = PlainNetworkTable(io.StringIO(""), out)
    plain.names = ["You", "A", "B", "C"]
    part = CardPlainPart(plain, table.game, 0)
    assert part.commands().answer("e", choose_number(3, plain.print)) is AGAIN
    part.commands().answer("?", choose_number(3, plain.print))
    said = out.getvalue()
    assert said.startswith("Shootout: Each player may play a second BANG! card")
    assert "0 event cards left" in said and "  e          show the event card" in said
    # The pile lies face up: the final card comes next, and the `e` command says so.
    assert "Next: High Noon: " in said


def test_a_ricochet_row_shows_the_events_rule_and_peyote_is_the_draw_phase() -> None:
    table = Scenario(EIGHT[:4], rules=ALL, viewer=0, event="ricochet",
                     hands={0: ["bang", "missed"]}, tables={2: ["barrel"]})
    for screen in screen_of(table, NAMES[:4]):
        screen.board.take(0)  # the BANG! card: its plays, the Ricochet among them
        screen.board.selected = next(i for i, label in enumerate(screen.board.labels)
                               if label.startswith("Ricochet:"))
        rows = snapshot(screen, 80, 24)
        detail = " ".join(r.strip() for r in rows[-1 - screen.board.plan.detail_rows:-1])
        assert detail.startswith("Event: Ricochet \u00b7 Discard BANG! at a card in play")
    table = Scenario(["bart_cassidy"] * 4, rules=ALL, viewer=0, turn=3, event="peyote",
                     deck=["beer"] * 3)
    table.act(Pass())  # the person's turn: Peyote's guess instead of drawing
    assert build_view(table.game, NAMES[:4]).phase == "draw"


def test_a_ghost_is_marked_on_the_table_and_in_the_plain_lines() -> None:
    from p2pbang.ui.bang.render import seat_lines

    roles = ["sheriff", "outlaw", "outlaw", "renegade"]
    table = Scenario(["vulture_sam"] * 4, rules=ALL, viewer=0, turn=1, dead=[2], roles=roles,
                     event="ghost_town", deck=["bang", "beer", "missed", "panic"])
    table.act(Pass())  # Ace ends his turn: Bonnie's ghost plays hers
    view = build_view(table.game, NAMES[:4])
    assert view.seats[2].ghost and view.seats[2].alive
    rows = ["".join(t for _s, t in line) for line in seat_lines(view, 80, False, False)]
    assert "Outlaw (ghost)" in rows[2]  # her role was shown when she was eliminated
    assert "Outlaw (ghost)" in render_table(view, NAMES[:4])
    set_language("hu")
    assert "Bandita (szellem)" in render_table(build_view(table.game, NAMES[:4]), NAMES[:4])


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_the_events_text_stays_on_screen_while_the_person_plays(language: str) -> None:
    """Issue 22, point 20: in the person's own turn the line under the actions gives the
    selected card, so the event's rule went off screen; the hand's rule keeps it (whole
    on a wide screen, as much as fits at 80 columns), and the status line its name."""
    set_language(language)
    table = Scenario(EIGHT[:4], rules=ALL, viewer=0, hands={0: HAND}, event="thirst",
                     events=["ranch"])
    for screen in screen_of(table, NAMES[:4]):
        assert screen.board.view.your_decision is not None  # the person's turn: a card selected
        rows = snapshot(screen, 80, 24)
        rule = next(r for r in rows if r.startswith("\u2500\u2500 "))
        assert event_name("thirst") in rule and rule.rstrip().endswith(_("reach {n}").format(n=1))
        wide = snapshot(screen, 200, 30)
        assert f"{event_name('thirst')}: {event_text('thirst')}" in "\n".join(wide)
