"""Gold Rush at 80x24: 8 seats and 3 seats with nuggets, equipment and the shop, drawn whole
in every language (every seat with its nuggets, every equipment card at least by the start
of its name with its mark, the shop's three cards with their prices, the actions, the
chat); the detail line and the help of an equipment card; a shadow on turn."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.actions import Buy, RemoveEquipment
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city, gold_rush, shadows
from p2pbang.ui.i18n import set_language
from p2pbang.ui.shell.screen import GameScreen
from p2pbang.ui.textfit import width_of
from p2pbang.ui.texts import card_name, character_name
from tests.ui.screens import card_screen, snapshot
from tests.ui.test_dodge_city_layout import StackedSession

EVERYTHING = RuleSet((base.MODULE, dodge_city.MODULE, gold_rush.MODULE, shadows.MODULE))
NAMES = ["You", "Ace", "Bonnie", "Clyde", "Dakota", "Ezra", "Flint", "Gus"]
CHARACTERS = ["pretty_luzena", "jacky_murieta", "dutch_will", "josh_mccloud", "madam_yto",
              "raddie_snake", "simeon_picos", "don_bell"]
EQUIPMENT = {0: ["pickaxe", "boots", "gold_pan"], 1: ["wanted", "lucky_charm", "gun_belt"],
             2: ["rucksack"], 4: ["calumet", "horseshoe"]}
TABLES = {1: ["mustang", "barrel", "schofield"], 2: ["volcanic", "bible"], 4: ["scope"]}
NUGGETS = {0: 5, 1: 12, 2: 0, 3: 3, 4: 7}
# At the 3-player table each role is followed by its target ("Seriffhelyettes → Bonnie"),
# which leaves the cards in play some 16 cells in Hungarian: three cards still read there.
THREE_EQUIPMENT = {0: ["pickaxe", "boots"], 1: ["wanted", "gun_belt"], 2: ["rucksack"]}
THREE_TABLES = {1: ["mustang"], 2: ["volcanic", "bible"]}
SHOP = ["union_pacific", "rhum", "pardner"]
HAND = ["bang", "beer", "panic", "missed", "springfield"]


def on_screen(table: Scenario, seats: int) -> Iterator[GameScreen]:
    """The stacked table on a screen fed by a pipe (no terminal needed)."""
    session = StackedSession(table)
    session.names = NAMES[:seats]
    with create_pipe_input() as pipe:
        yield card_screen(session, input=pipe, output=DummyOutput())
    set_language("en")


def stacked(seats: int) -> Scenario:
    """A busy Gold Rush table of ``seats`` (with the shadows from 4 seats on)."""
    rules = EVERYTHING if seats > 3 else RuleSet((base.MODULE, dodge_city.MODULE,
                                                  gold_rush.MODULE))
    return Scenario(CHARACTERS[:seats], rules=rules, viewer=0, hands={0: HAND},
                    tables=TABLES if seats > 3 else THREE_TABLES,
                    equipment=EQUIPMENT if seats > 3 else THREE_EQUIPMENT,
                    nuggets={s: n for s, n in NUGGETS.items() if s < seats}, shop=SHOP)


@pytest.fixture
def eight() -> Iterator[GameScreen]:
    yield from on_screen(stacked(8), 8)


@pytest.fixture
def three() -> Iterator[GameScreen]:
    yield from on_screen(stacked(3), 3)


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
@pytest.mark.parametrize("seats", [8, 3])
def test_seats_nuggets_equipment_and_the_shop_fit_80x24(language: str, seats: int,
                                                       request: pytest.FixtureRequest) -> None:
    screen = request.getfixturevalue("eight" if seats == 8 else "three")
    set_language(language)
    screen.changed()
    rows = snapshot(screen, 80, 24)
    text = "\n".join(rows)
    assert len(rows) == 24 and all(width_of(r) == 80 for r in rows)
    for seat in range(seats):
        row = next(r for r in rows if r[2:].startswith(NAMES[seat] + " "))
        assert character_name(CHARACTERS[seat])[:8] in row
        assert f"${NUGGETS.get(seat, 0)} " in row, row
        equipment = (EQUIPMENT if seats > 3 else THREE_EQUIPMENT).get(seat, [])
        for card in equipment:
            assert card_name(card)[:2] in row, (card, row)
        assert row.count("$") == 1 + len(equipment), row  # the nuggets, each card's mark
    shop = next(r for r in rows if "\u2500\u2500" in r and ":" in r)
    prices = {"union_pacific": 3, "rhum": 2, "pardner": 1}  # Luzena: one less
    for card, price in prices.items():
        assert f"${price}" in shop
        assert card_name(card)[:3] in shop, (card, shop)
    assert screen.board.labels[-1] in text  # "End the turn" is in view
    assert screen.board.panels.hints() in rows[-1]


def test_a_buy_selected_tells_its_price_and_text_and_opens_its_help(
        eight: GameScreen) -> None:
    screen = eight
    screen.changed()
    buy = next(i for i, label in enumerate(screen.board.labels) if label.startswith("Buy Pardner"))
    screen.board.selected = buy
    rows = snapshot(screen, 80, 24)
    detail = " ".join(r.strip() for r in rows[-3:-1])
    assert "Pardner $1 \u00b7 brown equipment: Use it as a General Store" in detail
    assert isinstance(screen.board.actions[screen.board.choices[buy].actions[0]], Buy)
    assert screen.board.selected_card_anchor() == "card:pardner"
    screen.board.toggle_help(screen.board.selected_card_anchor())
    helped = "\n".join(snapshot(screen, 80, 24))
    assert "Pardner $2  (brown equipment; 3 cards)" in helped
    screen.board.toggle_help()


def test_a_removal_steps_through_the_player_and_the_card_with_the_path_shown(
        eight: GameScreen) -> None:
    screen = eight
    screen.changed()
    remove = next(i for i, label in enumerate(screen.board.labels)
                  if label.startswith("Remove a player's equipment"))
    assert screen.board.take(remove) is False or screen.board.steps  # a step, not an action
    target = next(i for i, label in enumerate(screen.board.labels) if label.startswith("On Dakota"))
    screen.board.take(target)
    rows = snapshot(screen, 80, 24)
    text = "\n".join(rows)
    assert "Remove equipment \u2192 Dakota: choose the next step." in text
    assert any("Calumet: pay 4 nuggets" in label for label in screen.board.labels)
    calumet = next(i for i, label in enumerate(screen.board.labels) if "Calumet" in label)
    screen.board.selected = calumet
    detail = snapshot(screen, 80, 24)[-2].strip()
    assert detail == "Calumet $4 \u00b7 black equipment: Diamonds played by others have no " \
        "effect on you."
    board = screen.board
    assert isinstance(board.actions[board.choices[calumet].actions[0]], RemoveEquipment)


def test_a_shadow_on_turn_is_drawn_at_80x24() -> None:
    table = Scenario(CHARACTERS[:5], rules=EVERYTHING, viewer=0, dead=[1],
                     deck=["bang", "beer"], nuggets={1: 4})
    table.end_turn(0)
    for screen in on_screen(table, 5):
        rows = snapshot(screen, 80, 24)
        ace = next(r for r in rows if r.startswith("> Ace "))
        assert "~~~~" in ace and "shadow Outlaw" in ace and "$4" in ace
        assert "Ace is playing cards." in "\n".join(rows)


def test_a_tall_screen_gives_each_shop_card_a_row_with_its_text(eight: GameScreen) -> None:
    """More room, more detail: from 32 rows the shop's cards are listed under the hand
    with their prices and effects; at 24 rows only the title rule names them."""
    eight.changed()
    tall = "\n".join(snapshot(eight, 100, 40))
    assert "Shop: Union Pacific $3  Draw 4 cards." in tall
    assert "Pardner       $1  Use it as a General Store, a Duel or a Cat Balou." in tall
    short = "\n".join(snapshot(eight, 80, 24))
    assert "Draw 4 cards." not in short and "Shop: Union Pacific $3," in short
