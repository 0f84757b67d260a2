"""The Dice Game's solo table: its view model, its drawing at exactly 80x24 (3 to 8 players,
three languages), the reroll keys, and a whole game played through the screen's own keys."""

from __future__ import annotations

import pytest

from p2pbang.engine.actions import Decision, End, Pass
from p2pbang.engine.dice.actions import REROLL, SALOON_DIE, SHOOT
from p2pbang.engine.dice.faces import DYNAMITE, SHERIFF
from p2pbang.ui.dice.dice_board import dice_words, face_name, unpack_roll
from p2pbang.ui.dice.dice_view import build_dice_view
from p2pbang.ui.i18n import set_language

from .family_screens import advance_until, family_screen, text_of


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def is_reroll(d: Decision) -> bool:
    return d.kind == REROLL


def test_the_view_shows_only_what_the_seat_knows() -> None:
    with family_screen("dice", 6, 4) as screen:
        screen.session.advance()
        game = screen.session.mine
        view = build_dice_view(game, screen.session.names, 0)
        assert view.seats[0].is_you and view.seats[0].role == game.players[0].role
        truth = screen.session.truth
        for seat in view.seats[1:]:
            if truth.players[seat.seat].role == SHERIFF:
                assert seat.role == SHERIFF
            else:
                assert seat.role is None  # the engine of seat 0 was never shown it
            assert seat.distance == game.distance(0, seat.seat)
        assert [s.seat for s in view.seats] == game.order[game.order.index(0):] + \
            game.order[:game.order.index(0)]


def test_three_players_see_every_role_with_its_target() -> None:
    with family_screen("dice", 3, 2) as screen:
        screen.session.advance()
        view = build_dice_view(screen.session.mine, screen.session.names, 0)
        targets = {"deputy": "renegade", "renegade": "outlaw", "outlaw": "deputy"}
        by_role = {s.role: s.name for s in view.seats}
        for seat in view.seats:
            assert seat.target == by_role[targets[seat.role]]
        text = "\n".join(text_of(screen))
        assert "target" in text


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
@pytest.mark.parametrize("players", [3, 5, 8])
def test_the_table_fits_80x24_in_every_language(players: int, language: str) -> None:
    set_language(language)
    with family_screen("dice", players, 7, ("old-saloon",) if players == 8 else ()) as screen:
        assert advance_until(screen, is_reroll)
        rows = text_of(screen)
        names = screen.session.names
        for seat in range(players):
            assert any(names[seat] in row for row in rows[2:2 + players])
        dice_row = rows[3 + players]
        for code in screen.session.mine.dice:
            assert face_name(code)[:6] in dice_row
        assert {"en": "rolls left", "hu": "dobás még", "ro": "aruncări rămase"}[language] \
            in rows[2 + players]


def test_keys_mark_dice_refuse_a_dynamite_and_roll_the_marked_ones() -> None:
    with family_screen("dice", 4, 21) as screen:
        game = screen.session.mine

        def reroll_with_dynamite(d: Decision) -> bool:
            return is_reroll(d) and DYNAMITE in game.dice and game.players[0].character \
                != "black_jack"

        assert advance_until(screen, reroll_with_dynamite, answer=lambda s: (
            Pass() if is_reroll(s.session.pending) else s.session.legal_actions()[0]))
        locked = game.dice.index(DYNAMITE)
        screen._key(str(locked + 1))
        assert "locked" in screen.notice and not screen.board.marked
        free = next(i for i, code in enumerate(game.dice) if code != DYNAMITE)
        rolls = game.pending.needed
        screen._key(str(free + 1))
        assert screen.board.marked == {free}
        assert "REROLL" in "\n".join(text_of(screen))
        history = len(game.history)
        screen._key("r")
        assert game.history[history].dice == (free,)  # the engine got exactly that reroll
        pending = screen.session.pending
        if isinstance(pending, Decision) and is_reroll(pending):
            assert pending.needed == rolls - 1 and not screen.board.marked


def test_shooting_lists_targets_in_range_with_distance() -> None:
    with family_screen("dice", 6, 5) as screen:
        assert advance_until(screen, lambda d: d.kind == SHOOT)
        choices = screen.board.choices()
        options = screen.session.mine.pending.options
        assert len(choices) == len(options)
        for choice, seat in zip(choices, options, strict=True):
            assert screen.session.names[seat] in choice.label and "distance" in choice.label
        screen._key(choices[-1].key)  # the key takes it
        assert screen.session.mine.history[-1].value in options or \
            not isinstance(screen.session.pending, Decision)


def test_events_are_sentences_and_rolls_decode() -> None:
    assert unpack_roll(0x543210, 6) == [0, 1, 2, 3, 4, 5]
    assert dice_words([4, 1]) == "Beer, Dynamite"
    with family_screen("dice", 5, 3) as screen:
        advance_until(screen, is_reroll)
        log = "\n".join(entry.text for entry in screen.log)
        assert "Your role:" in log and "is the Sheriff and starts." in log
        assert "You roll:" in log or " rolls: " in log


def test_help_and_quitting() -> None:
    with family_screen("dice", 4, 1) as screen:
        advance_until(screen, is_reroll)
        screen._key("?")
        rows = text_of(screen)
        assert "help" in rows[0] and any("Characters" in row for row in text_of(screen, 80, 60))
        screen._key("escape")
        screen._key("q")
        assert screen.confirm_quit and "Leave this game?" in text_of(screen)[-1]
        screen._key("n")
        assert not screen.confirm_quit


def test_a_whole_game_by_keys_ends_with_the_winner_said() -> None:
    with family_screen("dice", 5, 12) as screen:
        session = screen.session
        for _ in range(3000):
            screen.add_events(session.advance())
            if isinstance(session.pending, End):
                break
            if is_reroll(session.pending):
                screen._key("k")
            else:
                screen._key(screen.board.choices()[0].key)
        assert isinstance(session.pending, End)
        assert "win" in screen.log[-1].text.lower()
        assert "The game is over" in "\n".join(text_of(screen))


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_an_eliminated_seat_says_so_whole_in_its_life_column(language: str) -> None:
    """The life column holds the word for an eliminated player whole and apart from the
    arrows after it (Romanian "eliminat" was cut to "elimin…")."""
    from dataclasses import replace

    from p2pbang.ui.dice.dice_board import DiceBoard
    from p2pbang.ui.dice.dice_texts import t

    set_language(language)
    with family_screen("dice", 5, 7) as screen:
        screen.session.advance()
        board = screen.board
        assert isinstance(board, DiceBoard)
        seat = build_dice_view(screen.session.mine, screen.session.names, 0).seats[1]
        dead = replace(seat, alive=False, life=0, arrows=2, distance=None)
        row = "".join(text for _style, text in board._seat_line(dead, 80))
        word = t("dead")
        assert f"{word} " in row and "\u2026" not in row, row
        assert len(row) <= 80


SALOON_WORDS = {  # each die's own faces, in the dice's words of each language
    "en": ("Loudmouth die: Arrow, Dynamite, 2x Bull's Eye 1", "Bullet", "costs you 1 life",
           "Coward die: Arrow, Dynamite, Broken Arrow", "2x Beer", "five base dice"),
    "hu": ("Hangoskodó kocka: Nyílvessző, Dinamit, 2x Célkereszt 1", "Golyó",
           "egy életedbe kerül", "Gyáva kocka: Nyílvessző, Dinamit, Törött nyíl", "2x Sör",
           "öt alapkockával"),
    "ro": ("zarul Gură-mare: Săgeată, Dinamită, 2x Țintă 1", "Glonț", "te costă 1 viață",
           "zarul Laș: Săgeată, Dinamită, Săgeată ruptă", "2x Bere", "cinci zaruri de bază"),
}


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_the_old_saloon_dice_are_explained_where_they_are_chosen(language: str) -> None:
    """Issue 22, point 22: choosing a Saloon die, the line under the choices gives the
    selected die's six faces and what its own symbol does; once rolled, the dice's rule
    says which die the * marks."""
    set_language(language)
    with family_screen("dice", 5, 3, ("old-saloon",)) as screen:
        assert advance_until(screen, lambda d: d.kind == SALOON_DIE)
        said = []
        for index in range(len(screen.board.choices())):
            screen.board.selected = index
            rows = text_of(screen)
            said.append(" ".join(row.strip() for row in rows))
        whole = " ".join(said)
        for words in SALOON_WORDS[language]:
            assert words in whole, (words, said)
        loudmouth = next(c for c in screen.board.choices() if c.action.value == 1)
        screen._key(loudmouth.key)  # the Loudmouth die for this turn
        assert advance_until(screen, is_reroll)
        dice_rule = next(row for row in text_of(screen) if "*" in row and "─" in row)
        assert SALOON_WORDS[language][0].split(":")[0] in dice_rule


def test_molly_starks_one_question_for_a_gatling_is_said_and_labelled() -> None:
    """Several players hurt at once: one question, a row per hurt player and one to go on."""
    from types import SimpleNamespace

    from p2pbang.engine.dice.actions import MOLLY_PICK, SKIP
    from p2pbang.engine.dice.faces import BEER, GATLING
    from p2pbang.engine.dice.scenario import choose, keep, roll, table
    from p2pbang.ui.dice.dice_board import DiceBoard

    g = table({4: "molly_stark"}, players=5,
              roles=("sheriff", "renegade", "outlaw", "outlaw", "deputy"), first=3,
              expansions=("old-saloon",))
    choose(g, 0)
    roll(g, GATLING, GATLING, GATLING, BEER, BEER)
    keep(g)
    choose(g, 3)
    choose(g, 3)
    assert g.pending == Decision(4, MOLLY_PICK, (0, 1, 2, SKIP), source=3)
    names = ["Ann", "Bob", "Cid", "Dan", "You"]
    board = DiceBoard(SimpleNamespace(mine=g, names=names, you=4,
                                      legal_actions=g.legal_actions))
    assert board._ask(g.pending) == (
        "Molly Stark: several players lose life at once; whose loss do you take?")
    assert [c.label for c in board.choices()] == [
        "Take the loss of Ann", "Take the loss of Bob", "Take the loss of Cid",
        "Nobody's: go on"]
