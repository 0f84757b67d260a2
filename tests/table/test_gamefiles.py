"""A game's files: the genesis comes back only if it still verifies, the log is restored
through the driver (own parts pending, never re-signed), the notes find unfinished games."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from p2pbang.dealer.mental import MentalDealer
from p2pbang.net.log import Log
from p2pbang.net.store import LogStore, StoreCorrupted
from p2pbang.table.core import TableCore
from p2pbang.table.driver import LogDriver
from p2pbang.table.gamefiles import (
    GameFileError,
    GameFiles,
    data_home,
    load_transcript,
    restore_into,
    unfinished_games,
)

from .signed_table import SignedTable, make_genesis, random_choosers


def test_the_data_home_is_explicit_then_the_environment(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("P2PBANG_HOME", str(tmp_path / "env"))
    assert data_home(tmp_path / "given") == tmp_path / "given"
    assert data_home() == tmp_path / "env"
    monkeypatch.delenv("P2PBANG_HOME")
    assert data_home().name == "p2pbang"


def test_the_genesis_round_trips_and_a_forged_signature_is_refused(tmp_path: Path) -> None:
    genesis, _ = make_genesis(4)
    files = GameFiles.for_session(tmp_path, genesis.session_id)
    files.save_genesis(genesis)
    again = files.load_genesis()
    assert again.session_id == genesis.session_id and again.signatures == genesis.signatures
    other, identities = make_genesis(4)
    forged = dict(genesis.signatures)
    forged[genesis.roster[0]] = identities[0].sign(other.statement_to_sign())
    files.save_genesis(type(genesis)(genesis.data, genesis.session_id, genesis.table_id,
                                     genesis.version, genesis.settings, genesis.seats, forged))
    with pytest.raises(GameFileError, match=r"signature of .* does not verify"):
        files.load_genesis()


def test_a_missing_genesis_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(GameFileError, match=r"genesis\.bin"):
        GameFiles(tmp_path).load_genesis()


def _seat_log(table: SignedTable, seat: int) -> tuple[Log, LogDriver]:
    """A restarted seat: a fresh core with the seat's dealer secret, an empty log."""
    players, session = table.players, table.genesis.session_id
    secret = table.cores[seat].dealer.export_secret_key()
    core = TableCore(players, seat, MentalDealer(seat, players, session, secret_key=secret))
    core.start()
    driver = LogDriver(core)
    log = Log(session, table.roster, driver.writers)
    driver.bind(log)
    return log, driver


def test_a_log_is_restored_through_the_driver_with_own_parts_pending(tmp_path: Path) -> None:
    table = SignedTable(4)
    choosers = random_choosers(4, seed=2)
    for _ in range(12):
        table.step(choosers)
    original = table.logs[1]
    with LogStore(tmp_path, table.genesis.session_id) as store:
        store.append_entries(original.entries())
        # Seat 1 signed its part for the open position, then crashed before it committed.
        original.open_turn()
        core = table.cores[1]
        pending = table.sign(1, "deal", core.my_deal_payload() or b"")
        store.append_own_part(pending)
    with LogStore(tmp_path, table.genesis.session_id) as store:
        log, driver = _seat_log(table, 1)
        restored = restore_into(log, store)
        driver.catch_up()
    assert restored == len(original)
    assert log.head_hash == original.head_hash
    assert [p.raw for p in log.pending_parts()] == [pending.raw]
    assert driver.fed == len(original)


def _play(table: SignedTable, positions: int) -> None:
    choosers = random_choosers(table.players)
    for _ in range(positions):
        table.step(choosers)


def test_a_store_from_another_game_is_refused(tmp_path: Path) -> None:
    table, other = SignedTable(4), SignedTable(4)
    _play(table, 6)
    with LogStore(tmp_path, other.genesis.session_id) as store:
        store.append_entries(table.logs[0].entries())
    with LogStore(tmp_path, other.genesis.session_id) as store:
        log, _ = _seat_log(other, 0)
        with pytest.raises(StoreCorrupted):
            restore_into(log, store)


def test_a_game_directory_reads_as_a_transcript(tmp_path: Path) -> None:
    table = SignedTable(4)
    _play(table, 20)
    files = GameFiles.for_session(tmp_path, table.genesis.session_id)
    files.save_genesis(table.genesis)
    with LogStore(files.directory, table.genesis.session_id) as store:
        store.append_entries(table.logs[2].entries())
    transcript = load_transcript(files.directory)
    assert transcript.entries == [e.raw for e in table.logs[2].entries()]
    path = files.write_transcript(table.genesis, table.logs[2])
    assert load_transcript(files.directory).entries == transcript.entries
    assert load_transcript(path).entries == transcript.entries
    with pytest.raises(GameFileError, match="No such file"):
        load_transcript(tmp_path / "nothing.p2pb")


def test_unfinished_games_are_found_newest_first(tmp_path: Path) -> None:
    for number, over in ((1, False), (2, True), (3, False)):
        files = GameFiles(tmp_path / "games" / f"{number:064x}")
        files.update_meta(over=over, number=number)
        stamp = time.time() + number
        os.utime(files.path("table.json"), (stamp, stamp))
    found = [files.load_meta()["number"] for files in unfinished_games(tmp_path)]
    assert found == [3, 1]
    assert unfinished_games(tmp_path / "nowhere") == []
