"""The plain line interface of the Dice Game and The Duel: the table as text, the choices
numbered, typed answers (dice numbers to reroll), whole games to their end; and the ``solo``
command saving the game as it goes."""

from __future__ import annotations

import io
import json
import random

import pytest

from p2pbang.cli import main
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.dice.actions import REROLL, Reroll
from p2pbang.table.solo import SoloSession
from p2pbang.table.solo_record import FAMILY_SOLO_KIND
from p2pbang.ui.i18n import set_language
from p2pbang.ui.plain.board_solo import PlainFamily


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def scripted(plain: PlainFamily, seed: int):
    """Answers a person might type: dice numbers, k, or a choice's key (a bad line too)."""
    rng = random.Random(seed)

    def read() -> str:
        session = plain.session
        if rng.random() < 0.05:
            return "nonsense"
        if session.mine.pending.kind == REROLL:
            dice = [str(i + 1) for i in range(len(session.mine.dice)) if rng.random() < 0.4]
            return " ".join(dice) if dice and rng.random() < 0.6 else "k"
        return rng.choice([c.key for c in plain.board.choices() if c.key])
    return read


@pytest.mark.parametrize("game,seats,seed,language", [
    ("dice", 6, 1, "en"), ("dice", 3, 2, "hu"), ("duel", 2, 3, "ro"), ("duel", 2, 4, "en"),
])
def test_whole_games_in_the_plain_interface(game: str, seats: int, seed: int,
                                            language: str) -> None:
    set_language(language)
    out = io.StringIO()
    plain = PlainFamily(SoloSession(GameChoice.make(game, seats), seed), out=out)
    plain._read = scripted(plain, seed)
    assert plain.run() == 0
    text = out.getvalue()
    last = text.strip().splitlines()[-1]
    win = {"en": ("win", "You lose"), "hu": ("Nyert", "Győztes"), "ro": ("câștig", "Câștig")}
    assert any(word in last for word in win[language]), last


def test_typed_dice_numbers_reroll_those_dice_and_a_dynamite_is_refused() -> None:
    plain = PlainFamily(SoloSession(GameChoice.make("dice", 4), 21), out=io.StringIO())
    session = plain.session
    while True:
        session.advance()
        pending = session.mine.pending
        if pending.kind == REROLL and 1 in session.mine.dice \
                and session.mine.players[0].character != "black_jack":
            break
        session.act(session.legal_actions()[0])
    dynamite = session.mine.dice.index(1)
    assert "locked" in plain.answer(str(dynamite + 1))
    free = [i for i, code in enumerate(session.mine.dice) if code != 1][:2]
    assert plain.answer(" ".join(str(i + 1) for i in free)) == Reroll(tuple(free))
    assert plain.answer("x").startswith("?")


def test_solo_command_plays_and_saves(tmp_path, monkeypatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["k", "1"] * 5000)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code = main(["solo", "--game", "dice", "--players", "3", "--seed", "6", "--plain",
                 "--home", str(tmp_path), "--lang", "en"])
    assert code == 0
    out = capsys.readouterr().out
    assert "--game dice --players 3 --seed 6" in out
    saved = list(tmp_path.glob("solo/*/solo.json"))
    assert len(saved) == 1
    data = json.loads(saved[0].read_text())
    assert data["kind"] == FAMILY_SOLO_KIND and data["choice"]["game"] == "dice"
    assert data["actions"], "the person's actions are saved"


def test_replay_tells_a_saved_game_again(tmp_path, monkeypatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["k", "1"] * 3)

    def answer(prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", answer)
    assert main(["solo", "--game", "duel", "--seed", "4", "--plain", "--home", str(tmp_path),
                 "--lang", "en"]) == 0  # left after six answers: a leave is no failure
    played = capsys.readouterr().out
    saved = next(tmp_path.glob("solo/*"))
    assert main(["replay", str(saved)]) == 1
    told = capsys.readouterr().out
    assert "(the saved game stops here: it was left before the end)" in told
    sentences = [line for line in told.splitlines() if line.startswith(("You ", "Ace "))]
    assert len(sentences) > 5 and all(line in played for line in sentences)


def test_a_damaged_saved_game_is_refused_in_one_line(tmp_path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "solo.json"
    path.write_text(json.dumps({"kind": FAMILY_SOLO_KIND, "version": 1, "choice": {
        "game": "dice", "seats": 4, "expansions": [], "variants": []}, "seed": 1, "you": 0,
        "names": ["a", "b"], "opponents": "sensible", "actions": []}))
    assert main(["replay", str(path)]) == 2
    assert "damaged saved game" in capsys.readouterr().err


def test_a_paused_replay_stops_cleanly_when_the_input_ends(monkeypatch) -> None:
    """``replay --pause`` of a saved Dice Game waits for Enter with the other replays'
    prompt; the end of the input stops the telling (exit 0), not a traceback."""
    from p2pbang.engine.actions import End
    from p2pbang.table.solo_record import SoloRecord
    from p2pbang.ui.replay import replay_family

    choice = GameChoice.make("dice", 4)
    session = SoloSession(choice, 21)
    actions = []
    while len(actions) < 12:
        session.advance()
        if session.your_turn_to_decide() is False:
            break  # the game is over
        actions.append(session.legal_actions()[0])
        session.act(actions[-1])
    record = SoloRecord(choice, 21, 0, list(session.names), "sensible", actions)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))  # one Enter, then the end
    out = io.StringIO()
    assert replay_family(record, out=out, pause=True) == 0
    told = out.getvalue()
    assert told.count("(Enter for the next turn) ") == 2
    assert "stops here" not in told
    ended = isinstance(session.pending, End)
    assert replay_family(record, out=io.StringIO()) == (0 if ended else 1)  # no pause: all
