"""The game a table plays travels from its settings into the genesis, every peer's engine,
the saved game, and back out through verify and replay; what cannot be played is refused."""

from __future__ import annotations

import io

import pytest
import trio

from p2pbang.engine.choice import GameChoice
from p2pbang.net.discovery import DiscoveredTable, TableInfo
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import TableSettings
from p2pbang.table.audit import audit
from p2pbang.table.dropouts import Dropouts
from p2pbang.table.gamefiles import Transcript
from p2pbang.table.lobby_flow import Seating, TableRefused, play_at_table
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.table_choice import (
    UnplayableTable,
    choice_of,
    describe,
    dropouts_of,
    settings_for,
)
from p2pbang.ui.replay import replay

from .signed_table import SignedTable, make_genesis


@pytest.fixture
def dodge_city_playable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let this build accept Dodge City as a choice (its rules land in another branch), to
    follow the choice itself through the plumbing."""
    monkeypatch.setattr("p2pbang.engine.choice.playable_expansions",
                        lambda: frozenset({"dodge-city"}))


def test_settings_carry_the_choice_and_give_it_back(dodge_city_playable: None) -> None:
    choice = GameChoice.make("bang", 8, ["dodge-city"])
    settings = settings_for("Saloon", choice)
    assert settings == TableSettings("Saloon", "bang", 8, (
        ("dropout-wait", "60"), ("dropouts", "escrow"), ("expansions", "dodge-city")))
    assert choice_of(settings) == choice
    assert describe(settings) == "bang+dodge-city"


def test_the_dropouts_choice_travels_in_the_settings_and_defaults_to_off() -> None:
    choice = GameChoice.make("bang", 5)
    off = settings_for("Saloon", choice, Dropouts.for_table("off", 5, 30))
    assert dropouts_of(off) == Dropouts("off", 30)
    assert choice_of(off) == choice
    assert dropouts_of(settings_for("Saloon", choice)).escrow_threshold(5) == 4
    # A genesis from before the option: no escrow, nobody can read another's hand.
    assert dropouts_of(TableSettings("Old", "bang", 5)) == Dropouts("off")
    # Two seats cannot escrow: the Duel forfeits instead.
    duel = settings_for("Duel", GameChoice.make("duel", 2))
    assert dropouts_of(duel).mode == "forfeit"
    assert dropouts_of(duel).escrow_threshold(2) is None
    for bad in ({"dropouts": "maybe"}, {"dropouts": "escrow", "dropout-wait": "-1"},
                {"dropouts": "off", "dropout-wait": "0"}):
        with pytest.raises(UnplayableTable):
            choice_of(TableSettings("Bad", "bang", 5, tuple(bad.items())))
    with pytest.raises(UnplayableTable, match="two seats"):
        dropouts_of(TableSettings("Duel", "duel", 2, (("dropouts", "escrow"),)))


def test_settings_without_options_are_the_base_game() -> None:
    assert choice_of(TableSettings("Old", "bang", 5)) == GameChoice.make("bang", 5)


@pytest.mark.parametrize("settings,words", [
    (TableSettings("T", "bang", 5, (("expansions", "gold-rush"),)),
     "cannot play at 'T': the expansion 'gold-rush' is not playable in this version"),
    (TableSettings("T", "bang", 5, (("expansions", "wild-west"),)),
     "unknown expansion 'wild-west' for bang; the expansions are: dodge-city"),
    (TableSettings("T", "bang", 5, (("speed", "fast"),)), "unknown table option 'speed'"),
    (TableSettings("T", "bang", 8), "BANG! takes 4 to 7 players, not 8"),
    (TableSettings("T", "poker", 4), "unknown game 'poker'"),
])
def test_a_game_this_build_cannot_play_is_refused_with_the_reason(
        settings: TableSettings, words: str, older_build: None) -> None:
    with pytest.raises(UnplayableTable) as refusal:
        choice_of(settings)
    assert words in str(refusal.value)
    assert describe(settings).startswith(settings.game)


def test_every_peers_engine_plays_the_genesis_choice(dodge_city_playable: None) -> None:
    choice = GameChoice.make("bang", 4, ["dodge-city"])
    genesis, _ = make_genesis(4, settings_for("Saloon", choice))
    report = audit(Transcript(genesis, []))
    assert report.core is not None
    assert report.core.game.choice == choice
    assert "game: bang+dodge-city, 4 seats (bound by the genesis)" in report.checked


def test_verify_refuses_a_saved_game_it_cannot_play(older_build: None) -> None:
    settings = TableSettings("Saloon", "bang", 4, (("expansions", "high-noon"),))
    genesis, _ = make_genesis(4, settings)
    report = audit(Transcript(genesis, []))
    assert report.core is None
    assert report.problem is not None
    assert "cannot check" in report.problem and "'high-noon' is not playable" in report.problem


def test_a_saved_game_keeps_its_choice_through_its_encoding(dodge_city_playable: None) -> None:
    choice = GameChoice.make("bang", 5, ["dodge-city"])
    genesis, _ = make_genesis(5, settings_for("Saloon", choice))
    again = Transcript.decode(Transcript(genesis, []).encode())
    assert again.choice == choice


def test_an_old_save_without_options_replays_as_the_base_game() -> None:
    table = SignedTable(4)  # its genesis settings carry no options, as saves before choices
    transcript = Transcript(table.genesis, [])
    assert transcript.choice == GameChoice.make("bang", 4)
    out = io.StringIO()
    replay(transcript, out=out, inp=io.StringIO())
    assert "game: bang, 4 seats" in out.getvalue()


def _seating(tmp_path) -> Seating:
    return Seating(BotDecider(1), LineReporter(), tmp_path, {"player": "bot"})


def test_a_peer_does_not_sit_at_a_table_it_cannot_play(tmp_path, older_build: None) -> None:
    info = TableInfo(b"\x01" * 16, "Saloon", "bang", 5, 4, "someone",
                     options=(("expansions", "fistful"),))
    table = DiscoveredTable(info, "127.0.0.1", 9)

    async def main() -> None:
        await play_at_table(Identity.generate("Joe"), _seating(tmp_path), lambda _: None,
                            table=table)

    with pytest.raises(TableRefused, match="cannot play at 'Saloon': the expansion 'fistful'"):
        trio.run(main)


def test_a_table_cannot_be_opened_for_a_game_this_build_cannot_play(
        tmp_path, older_build: None) -> None:
    settings = TableSettings("Saloon", "bang", 4, (("variants", "shadows"),))

    async def main() -> None:
        await play_at_table(Identity.generate("Joe"), _seating(tmp_path), lambda _: None,
                            settings=settings)

    with pytest.raises(TableRefused, match="the variant 'shadows' is not playable"):
        trio.run(main)


def test_the_txt_record_carries_the_choice(dodge_city_playable: None) -> None:
    choice = GameChoice.make("bang", 8, ["dodge-city"])
    settings = settings_for("Saloon", choice)
    info = TableInfo(b"\x02" * 16, settings.name, settings.game, settings.seats, 3,
                     Identity.generate("Host").peer_id, settings.options)
    record = info.to_record()
    assert record["o.expansions"] == "dodge-city"
    assert choice_of(TableSettings.from_info(TableInfo.from_record(record))) == choice


def test_list_shows_each_tables_game(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str],
                                     older_build: None) -> None:
    from p2pbang.cli import main

    host = Identity.generate("Host").peer_id
    tables = [
        DiscoveredTable(TableInfo(b"\x03" * 16, "Base", "bang", 5, 2, host), "10.0.0.5", 7000),
        DiscoveredTable(TableInfo(b"\x04" * 16, "Future", "bang", 8, 1, host,
                                  (("expansions", "high-noon"),)), "10.0.0.6", 7001),
    ]

    async def browse(timeout: float, stop_when=None) -> list[DiscoveredTable]:
        return tables

    monkeypatch.setattr("p2pbang.commands.table_commands.browse_tables", browse)
    assert main(["list", "--timeout", "0.1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Base") and " bang, dropouts off " in lines[0]
    assert "3/5 seated" in lines[0]
    assert "bang+high-noon (not playable here) 7/8 seated" in lines[1]
