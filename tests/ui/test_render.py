"""The table screen drawn as text: what is on it, and that it fits 80x24 in every language."""

from __future__ import annotations

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.utils import get_cwidth

from p2pbang.engine.actions import PLAY
from p2pbang.table.solo import SoloSession
from p2pbang.ui.bang.render import action_lines, plan_layout
from p2pbang.ui.i18n import set_language
from p2pbang.ui.shell.log import GameLog, LogEntry, log_lines, max_log_offset
from p2pbang.ui.textfit import ELLIPSIS, cut, fit_line, line_width, pad, wrap
from p2pbang.ui.texts import card_name, character_name, role_name

from .screens import card_screen, play_until_person_decides, snapshot


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


@pytest.fixture
def pipe():
    with create_pipe_input() as pipe_input:
        yield pipe_input


def text_of(line: list[tuple[str, str]]) -> str:
    return "".join(t for _s, t in line)


def test_cutting_and_padding_count_cells_and_mark_what_was_cut() -> None:
    assert cut("Winchester", 10) == "Winchester"
    assert cut("Winchester", 6) == "Winch" + ELLIPSIS
    assert pad("ab", 4) == "ab  " and pad("abcdef", 4) == "abc" + ELLIPSIS
    line = fit_line([("a", "Hello "), ("b", "world")], 8)
    assert line_width(line) == 8 and text_of(line) == "Hello w" + ELLIPSIS
    assert text_of(fit_line([("a", "Hi")], 5)) == "Hi   "
    assert fit_line([("a", "x")], 0) == []
    assert all(get_cwidth(part) <= 12 for part in wrap("one two three four five six", 12))
    assert wrap("one two three four", 9, "  ")[1].startswith("  ")


@pytest.mark.parametrize("players", [4, 5, 6, 7])
@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (100, 30), (120, 40), (200, 60),
                                               (60, 16)])
def test_the_plan_uses_every_row_exactly(players: int, columns: int, rows: int) -> None:
    for deciding, actions in ((False, 0), (True, 3), (True, 30)):
        p = plan_layout(columns, rows, players, 6, actions, deciding, 40)
        used = 5 + p.header + players * p.seat_lines + p.hand_rows + p.middle_rows
        assert used == rows, p
        assert p.hand_rows >= 1 and p.middle_rows >= 3
        if deciding:
            assert 0 < p.actions_width <= p.main_width
        assert p.main_width + p.log_column + (1 if p.log_column else 0) == columns


def test_more_room_brings_a_header_two_rows_per_seat_and_a_log_column() -> None:
    small = plan_layout(80, 24, 7, 5, 8, True)
    big = plan_layout(160, 60, 7, 5, 8, True)
    assert small.log_column == 0 and small.seat_lines == 1
    assert big.log_column > 0 and big.seat_lines == 2 and big.header


def test_the_selected_action_stays_in_view_with_arrows_for_the_rest() -> None:
    labels = [f"action {i}" for i in range(20)]
    lines = action_lines(labels, 15, 30, 5)
    texts = [text_of(line) for line in lines]
    assert len(lines) == 5 and any("action 15" in t for t in texts)
    assert texts[0].endswith("\u25b2") and texts[-1].endswith("\u25bc")
    assert all(line_width(line) == 30 for line in lines)
    assert text_of(action_lines(labels, 0, 30, 5)[0]).startswith(" 1 action 0")


def test_the_log_shows_its_end_and_scrolls_back() -> None:
    entries = [LogEntry(f"line {i}") for i in range(30)]
    assert [text_of(x).strip() for x in log_lines(entries, 20, 3, 0)] == [
        "line 27", "line 28", "line 29"]
    back = [text_of(x).strip() for x in log_lines(entries, 20, 3, 5)]
    assert back[:2] == ["line 22", "line 23"] and "5" in back[2]
    assert max_log_offset(entries, 20, 3) == 27


def test_the_log_keeps_the_readers_place_where_the_screen_asks() -> None:
    """``GameLog``: a line coming in while the reader is scrolled back moves the offset with
    it on the card game's screen (``keeps_place``), so the rows read stay put; not on the
    watcher's; the oldest lines go beyond the limit; scrolling stops at the newest and at
    ``most``."""
    kept, plain = GameLog(9, keeps_place=True), GameLog(9)
    for log in (kept, plain):
        for i in range(7):
            log.add(f"line {i}")
        assert log.most(20, 3) == 4
        log.scroll(10, log.most(20, 3))
        assert log.offset == 4
        before = [text_of(x).strip() for x in log.lines(20, 3)]
        log.add("line 7", "class:log.you")
        after = [text_of(x).strip() for x in log.lines(20, 3)]
        assert (before[:2] == after[:2]) is log.keeps_place
    assert kept.offset == 5 and plain.offset == 4
    for i in range(8, 12):
        kept.add(f"line {i}")
    assert [e.text for e in kept.entries] == [f"line {i}" for i in range(3, 12)]
    kept.scroll(-100, 5)
    assert kept.offset == 0
    kept.scroll(2, 5)
    kept.newest()
    assert kept.offset == 0


def seat_row(lines: list[str], name: str) -> str:
    return next(line for line in lines if line[2:].startswith(name))


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
@pytest.mark.parametrize("players", [4, 7])
def test_at_80x24_everything_is_on_screen_in_every_language(pipe, language: str,
                                                            players: int) -> None:
    set_language(language)
    session = SoloSession(players, seed=11)
    screen = card_screen(session, input=pipe, output=DummyOutput())
    play_until_person_decides(session, screen, turns=3)
    lines = snapshot(screen, 80, 24)
    assert len(lines) == 24 and all(get_cwidth(line) == 80 for line in lines)
    text = "\n".join(lines)
    game = session.mine
    for seat, player in enumerate(game.players):
        row = seat_row(lines, screen.board.names[seat])
        assert character_name(player.character) in row
        if player.alive:
            assert "\u2665" * player.life in row
            assert str(len(player.hand)) in row
    sheriff = game.players[game.sheriff]
    assert role_name("sheriff") in seat_row(lines, screen.board.names[sheriff.seat])
    me = game.players[session.you]
    assert role_name(me.role) in seat_row(lines, screen.board.names[session.you])
    for slot in me.hand[:3]:
        card = game.cards[game.known[slot]]
        assert f"{card_name(card.name)}" in text and card.label in text
    assert screen.board.say.decision(session.pending) in text  # the decision, uncut
    assert lines[-1].rstrip().endswith(screen.board.panels.hints())  # the key hints, uncut
    # the log's newest line is on screen (wrapped or not, its first words are)
    assert screen.log[-1].text[:20] in text


def test_a_hidden_card_is_never_drawn(pipe) -> None:
    session = SoloSession(5, seed=2)
    screen = card_screen(session, input=pipe, output=DummyOutput())
    play_until_person_decides(session, screen, turns=8)
    text = "\n".join(snapshot(screen, 200, 60))
    truth = session.truth
    game = session.mine
    for seat, player in enumerate(truth.players):
        if seat == session.you:
            continue
        for slot in player.hand:
            if slot not in game.known:  # cards the person was never shown
                label = truth.cards[truth.known[slot]].label
                name = card_name(truth.cards[truth.known[slot]].name)
                assert f"{name} {label}" not in text and f"{name} ({label})" not in text


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (132, 43), (60, 16), (50, 12)])
def test_any_size_draws_without_error_and_exactly_fills(pipe, columns: int, rows: int) -> None:
    session = SoloSession(6, seed=4)
    screen = card_screen(session, input=pipe, output=DummyOutput())
    play_until_person_decides(session, screen, turns=5)
    lines = snapshot(screen, columns, rows)
    assert len(lines) == rows and all(get_cwidth(line) == columns for line in lines)
    if columns < 60 or rows < 16:
        assert "at least 60x16" in lines[0]


def test_a_big_hand_is_drawn_compact_in_the_rows_it_needs() -> None:
    full = plan_layout(80, 24, 4, 5, 6, True, 40, compact_hand_rows=2)
    assert full.hand_rows == 5  # one row per card while the actions keep theirs
    big = plan_layout(80, 24, 7, 9, 6, True, 40, compact_hand_rows=2)
    assert big.hand_rows == 2 and big.middle_rows >= 6
    from p2pbang.ui.bang.render import compact_hand
    from p2pbang.ui.view import CardView

    cards = [CardView(i, i, "bang", f"{i + 2}\u2663", "brown") for i in range(9)]
    rows = compact_hand(cards, 80)
    assert len(rows) == 2 and all(line_width(r) == 80 for r in rows)
    assert sum(text_of(r).count("BANG!") for r in rows) == 9


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_the_selected_cards_whole_text_is_on_screen_at_80x24(pipe, language: str) -> None:
    """The detail under the actions takes a second row rather than cut a card's text, and
    the card is marked in the hand."""
    from p2pbang.ui.describe import action_card
    from p2pbang.ui.texts import card_text

    set_language(language)
    session = SoloSession(4, seed=11)
    screen = card_screen(session, input=pipe, output=DummyOutput())
    play_until_person_decides(session, screen, turns=3, min_actions=3)
    while session.pending.kind != PLAY:  # on to a turn's play phase, cards in hand
        screen.add_events(session.act(session.legal_actions()[0]))
        play_until_person_decides(session, screen, min_actions=3)
    checked = 0
    for index, row in enumerate(screen.board.choices):
        action = session.legal_actions()[row.actions[0]] if row.actions else None
        card = action_card(action) if action is not None else None
        if card is None:
            continue
        screen.board.selected = index
        lines = snapshot(screen, 80, 24)
        assert all(get_cwidth(line) == 80 for line in lines)
        below = " ".join(line.strip() for line in lines[-3:-1])
        assert card_text(session.mine.cards[card].name) in below, below
        marked = [line for line in lines if line.startswith("\u25b8")]
        label = session.mine.cards[card].label
        assert len(marked) == 1 and label in marked[0]  # the card is marked in the hand
        checked += 1
    assert checked
