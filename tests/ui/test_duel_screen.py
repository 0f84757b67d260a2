"""The Duel's solo table: both sides' characters, the hand and the piles at exactly 80x24 in
three languages, every legal action in words, and a whole duel played by keys."""

from __future__ import annotations

import pytest

from p2pbang.engine.actions import Decision, End, Pass
from p2pbang.engine.duel.actions import PLAY, RESPOND_HIT
from p2pbang.engine.duel.catalog import DUEL_CARDS, DUEL_CHARACTERS
from p2pbang.ui.duel.duel_texts import card_name, character_name
from p2pbang.ui.duel.duel_view import build_duel_view
from p2pbang.ui.i18n import set_language

from .family_screens import advance_until, family_screen, text_of


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def is_play(d: Decision) -> bool:
    return d.kind == PLAY


def test_the_view_has_your_hand_and_only_the_size_of_theirs() -> None:
    with family_screen("duel", 2, 3) as screen:
        assert advance_until(screen, is_play)
        mine = screen.session.mine
        view = build_duel_view(mine, screen.session.names, 0)
        assert [slot for slot, _key in view.hand] == mine.sides[0].hand
        assert view.sides[1].hand == len(mine.sides[1].hand)
        assert not any(slot in mine.known for slot in mine.sides[1].hand)
        assert [f.character for f in view.sides[0].figures] == [
            DUEL_CHARACTERS[mine.figure_at(c).character].name for c in mine.places(0)]


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_the_table_fits_80x24_in_every_language(language: str) -> None:
    set_language(language)
    with family_screen("duel", 2, 8) as screen:
        assert advance_until(screen, is_play)
        rows = text_of(screen)
        mine = screen.session.mine
        for side in (0, 1):
            for code in mine.places(side):
                name = character_name(DUEL_CHARACTERS[mine.figure_at(code).character].name)
                assert any(name in row for row in rows[1:9])
        hand_rows = "\n".join(rows[9:12])
        for slot in mine.sides[0].hand[:3]:
            assert card_name(DUEL_CARDS[mine.known[slot]].name) in hand_rows


def test_every_legal_action_is_a_row_in_words_one_step_or_two() -> None:
    with family_screen("duel", 2, 5) as screen:
        # End every turn at once, so the hand fills up and the list outgrows its 9 rows.
        assert advance_until(screen, lambda d: is_play(d) and len(
            screen.session.legal_actions()) > 9, answer=lambda s: (
                Pass() if is_play(s.session.pending) else s.session.legal_actions()[0]))
        board = screen.board
        legal = screen.session.legal_actions()
        wanted = {board._label(screen.session.pending, a) for a in legal}
        found: set[str] = set()
        top = board.choices()
        assert top[-1].label == "End the turn"
        assert len({c.label for c in top}) == len(top)  # copies of a card are one row
        for row in top:
            if row.action is not None:
                found.add(row.label)
                continue
            assert "ways)" in row.label
            screen._key(row.key)  # step two: this card's ways, and Back
            inside = board.choices()
            assert inside[-1].label == "Back" and len(inside) >= 3
            found |= {c.label for c in inside[:-1]}
            assert not any("Play(" in c.label or "Choose(" in c.label for c in inside)
            screen._key("escape")
            assert [c.label for c in board.choices()] == [c.label for c in top]
        assert found == wanted


def test_a_cards_ways_open_by_key_and_one_is_played() -> None:
    with family_screen("duel", 2, 5) as screen:
        assert advance_until(screen, lambda d: is_play(d) and any(
            c.action is None for c in screen.board.choices()), answer=lambda s: (
                Pass() if is_play(s.session.pending) else s.session.legal_actions()[0]))
        group = next(c for c in screen.board.choices() if c.action is None)
        history = len(screen.session.mine.history)
        screen._key(group.key)
        way = screen.board.choices()[0]
        assert any("\u25b8" in row or way.label in row for row in text_of(screen))
        screen._key(way.key)
        assert screen.session.mine.history[history] == way.action


def test_a_hit_offers_dodges_and_taking_it() -> None:
    with family_screen("duel", 2, 2) as screen:
        if not advance_until(screen, lambda d: d.kind == RESPOND_HIT):
            pytest.skip("no hit on the person in this deal")
        labels = [c.label for c in screen.board.choices()]
        assert labels[-1] == "Take the hit"
        assert any("is hit: dodge?" in row for row in text_of(screen))


def test_a_whole_duel_by_keys_ends_with_the_winner_said() -> None:
    with family_screen("duel", 2, 9) as screen:
        session = screen.session
        for _ in range(5000):
            screen.add_events(session.advance())
            if isinstance(session.pending, End):
                break
            choices = screen.board.choices()
            # Play the first card or move, else end the turn (the last row).
            screen._key(choices[0].key if session.mine.turn % 3 else choices[-1].key or "1")
        assert isinstance(session.pending, End)
        assert "win" in screen.log[-1].text.lower()
        assert "The game is over" in "\n".join(text_of(screen))


DRAW_WORDS = {  # what a draw! symbol does, in each language
    "en": ("Barrel or Sid Curry: the hit is dodged", "Dynamite: it explodes, 3 life",
           "Rattlesnake: it bites, 1 life", "nothing happens"),
    "hu": ("Hordó vagy Sid Curry: kitérés", "Dinamit: felrobban, 3 élet", ": megmar, 1 élet",
           "nem történik semmi"),
    "ro": ("Barrel sau Sid Curry: lovitura e evitată", "Dynamite: explodează, 3 vieți",
           "Rattlesnake: mușcă, 1 viață", "nu se întâmplă nimic"),
}


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_the_draw_symbols_are_explained_in_the_help_and_at_each_draw(language: str) -> None:
    """Issue 22, point 22: the help has a section for the draw! symbols, and each draw! in
    the log says what the symbol it turned up does."""
    set_language(language)
    with family_screen("duel", 2, 4) as screen:
        board = screen.board
        helped = "\n".join(text for _style, text in board.help())
        for words in DRAW_WORDS[language]:
            assert words in helped, (words, helped[:400])
        checks = []

        def a_draw_was_told(_d: Decision) -> bool:
            checks.extend(entry.text for entry in screen.log
                          if entry.text.startswith(("draw!:", "Felfedés:", "Trage!:")))
            return bool(checks)

        assert advance_until(screen, a_draw_was_told)
        assert any(words in checks[0] for words in DRAW_WORDS[language]), checks[0]


def test_a_cards_key_stays_the_same_for_the_turn() -> None:
    """Issue 22, point 18, on the Duel's table: a card played leaves its key unused for the
    rest of the turn; the other cards keep theirs."""
    with family_screen("duel", 2, 3) as screen:
        game = screen.session.mine

        def two_cards_at_once(d: Decision) -> bool:
            rows = screen.board.choices() if is_play(d) else []
            return sum(row.action is not None and not isinstance(row.action, Pass)
                       for row in rows) >= 2

        assert advance_until(screen, two_cards_at_once)
        before = {row.label: row.key for row in screen.board.choices()}
        first = next(row for row in screen.board.choices()
                     if row.action is not None and not isinstance(row.action, Pass))
        turn, played = game.turn, len(game.history)
        screen._key(first.key)
        assert len(game.history) > played
        assert advance_until(screen, lambda d: d.seat == 0)  # the opponent answers, if asked
        assert game.turn == turn and is_play(game.pending)
        after = {row.label: row.key for row in screen.board.choices()}
        assert first.key not in after.values()
        for label, key in after.items():
            assert before.get(label, key) == key, (label, before, after)
        history = len(game.history)
        screen._key(first.key)  # pressed again: explained, nothing is played
        assert len(game.history) == history and screen.notice == f"There is no action {first.key}."
