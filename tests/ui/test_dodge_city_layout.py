"""Eight seats at 80x24: a Dodge City table with many cards in play is drawn whole in every
language (every seat, every card in play at least by the start of its name with green
readiness marks, the hand with its "+1" prices, the actions with "End the turn", the chat)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.actions import Action, Event
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city
from p2pbang.ui.bang.render import READY_MARK, WAITING_MARK
from p2pbang.ui.i18n import set_language
from p2pbang.ui.shell.screen import GameScreen
from p2pbang.ui.texts import card_name, card_text, character_name
from tests.ui.screens import card_screen, snapshot

DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE))
NAMES = ["You", "Ace", "Bonnie", "Clyde", "Dakota", "Ezra", "Flint", "Gus"]
CHARACTERS = ["vera_custer", "pat_brennan", "doc_holyday", "jose_delgado", "chuck_wengam",
              "tequila_joe", "slab_the_killer", "belle_star"]
TABLES = {
    0: ["knife", "hideout", "volcanic", "ten_gallon_hat"],
    1: ["barrel", "mustang", "schofield", "bible"],
    2: ["binocular", "rev_carabine", "canteen", "iron_plate"],
    3: ["dynamite", "pepperbox", "sombrero"],
    4: ["jail", "remington", "buffalo_rifle", "howitzer", "pony_express"],
    5: ["scope", "winchester", "conestoga", "can_can", "iron_plate"],
    6: ["mustang"],
}
HAND = ["springfield", "rag_time", "bang", "missed", "beer", "whisky", "derringer"]


class StackedSession:
    """A stacked Dodge City table as the screen's session (the seat's own engine)."""

    def __init__(self, table: Scenario) -> None:
        self.table = table
        self.mine = table.game
        self.names = list(NAMES)
        self.you = 0

    @property
    def pending(self) -> object:
        return self.table.game.pending

    def legal_actions(self) -> list[Action]:
        return self.table.legal()

    def act(self, action: Action) -> list[Event]:
        return self.table.act(action)


@pytest.fixture
def screen() -> Iterator[GameScreen]:
    table = Scenario(CHARACTERS, rules=DODGE_CITY, viewer=0, hands={0: HAND}, tables=TABLES)
    table.play(0, "derringer")  # a green card put in play this turn: not ready yet
    with create_pipe_input() as pipe:
        yield card_screen(StackedSession(table), input=pipe, output=DummyOutput())
    set_language("en")


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_eight_seats_with_many_cards_fit_80x24(screen: GameScreen, language: str) -> None:
    set_language(language)
    screen.changed()
    rows = snapshot(screen, 80, 24)
    text = "\n".join(rows)
    assert len(rows) == 24
    seat_rows = [next(r for r in rows if r[2:].startswith(name + " ")) for name in NAMES[1:]]
    seat_rows.insert(0, next(r for r in rows if r.startswith(">")))
    for seat, row in zip(TABLES.keys() | {7}, seat_rows, strict=False):
        assert character_name(CHARACTERS[seat])[:8] in row
        for card in TABLES.get(seat, []):
            assert card_name(card)[:3] in row, (card, row)
    you = seat_rows[0]
    assert you.count(READY_MARK) == 2 and WAITING_MARK in you  # Knife, Hat; Derringer
    assert seat_rows[4].count(READY_MARK) == 3  # Dakota's three green cards
    assert f"{card_name('springfield')}+1" in text and f"{card_name('whisky')}+1" in text
    assert screen.board.labels[-1] in text  # "End the turn" is in view
    assert screen.board.panels.hints() in rows[-1]  # the chat line and its hints, at the bottom


def test_the_selected_paid_card_tells_its_price_in_the_detail_line(
        screen: GameScreen) -> None:
    screen.changed()
    rows = snapshot(screen, 80, 24)
    first = screen.board.labels[0]
    assert first.startswith("Play Springfield (") and first.endswith("(+1 card)\u2026")
    detail = " ".join(r.strip() for r in rows[-3:-1])
    assert detail.startswith("Springfield +1 ")
    assert "Discard one more card from your hand with it" in detail


def test_a_green_card_in_play_is_offered_with_its_readiness(screen: GameScreen) -> None:
    screen.changed()
    use = next(i for i, label in enumerate(screen.board.labels) if label.startswith("Use Knife"))
    screen.board.selected = use
    rows = snapshot(screen, 80, 24)
    detail = rows[-2].strip()
    assert detail.startswith("Knife ") and detail.endswith("ready: usable now")
    assert "Green: shoot a player at distance 1." in detail


def test_the_roles_of_the_dead_leave_the_role_column_to_the_living() -> None:
    """Found playing in Hungarian: an eliminated "Seriffhelyettes" widened the role column
    and cut every living seat's cards in play, though the dead say their role elsewhere."""
    from p2pbang.ui.bang.render import seat_lines
    from p2pbang.ui.view import build_view

    set_language("hu")
    try:
        table = Scenario(CHARACTERS, rules=DODGE_CITY, viewer=0, dead=[6],
                         tables={1: ["barrel", "mustang", "schofield", "bible"]})
        view = build_view(table.game, NAMES)
        assert view.seats[6].role == "deputy"
        rows = ["".join(t for _s, t in line) for line in seat_lines(view, 80, True, False)]
        assert "Seriffhelyettes" in rows[7] and "kiesett" in rows[7]
        for name in ("Hordó", "Musztáng", "Schofield", "Biblia\u2713"):
            assert name in rows[2]  # whole names: none had to be shortened
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_the_plain_table_of_eight_seats_fits_80x24(language: str) -> None:
    from p2pbang.ui.plain import render_table
    from p2pbang.ui.textfit import width_of
    from p2pbang.ui.view import build_view

    set_language(language)
    try:
        table = Scenario(CHARACTERS, rules=DODGE_CITY, viewer=0, hands={0: HAND},
                         tables=TABLES)
        table.play(0, "derringer")
        lines = render_table(build_view(table.game, NAMES), NAMES).split("\n")
        assert len(lines) <= 24 and all(width_of(line) <= 80 for line in lines)
        text = " ".join(line.strip() for line in lines)
        for cards in TABLES.values():
            for card in cards:
                assert card_name(card) in text or card_name(card).split()[0] in text
    finally:
        set_language("en")


def test_cards_in_play_drop_their_corners_before_their_names_are_cut() -> None:
    from p2pbang.ui.bang.render import _in_play
    from p2pbang.ui.view import CardView

    cards = [CardView(1, 1, "barrel", "K\u2660", "blue"),
             CardView(2, 2, "knife", "8\u2665", "green", ready=True)]
    roomy = "".join(t for _s, t in _in_play(cards, True, 40))
    assert roomy == "Barrel K\u2660, Knife 8\u2665\u2713"
    tight = "".join(t for _s, t in _in_play(cards, True, 16))
    assert tight == "Barrel, Knife\u2713"  # whole names, no corners
    tighter = "".join(t for _s, t in _in_play(cards, True, 11))
    assert tighter == "Barr.,Kni.\u2713" and len(tighter) == 11  # 9 cells shared out


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_l_shows_every_players_cards_in_play_whole(screen: GameScreen, language: str) -> None:
    """Issue 22, point 20: at 8 seats the cards in play are cut to a few letters each; ``l``
    opens a page with each player's character and every card in play, named in full with
    its corner and effect (and readiness), Esc closes it."""
    set_language(language)
    screen.changed()
    short = "\n".join(snapshot(screen, 80, 24))
    assert card_name("buffalo_rifle") not in short  # cut on the table itself
    screen.board.toggle_players()
    assert screen.board.players_visible
    page = snapshot(screen, 80, 24)
    assert all(len(row) == 80 for row in page)
    whole = "\n".join(snapshot(screen, 80, 200))
    for seat, cards in TABLES.items():
        assert NAMES[seat] in whole and character_name(CHARACTERS[seat]) in whole
        for card in cards:
            assert card_name(card) in whole, (card, language)
    assert card_text("buffalo_rifle") in whole.replace("\n      ", " ")
    screen.board.toggle_players()
    assert not screen.board.players_visible and not screen.help_visible
