"""Whole games between bot peers, each its own OS process on 127.0.0.1 with the full protocol;
the saved games are verified offline, and tampered copies are refused with the place named
(the audit's every case is in tests/table/test_audit.py; here, the command on real files)."""

from __future__ import annotations

import json
from pathlib import Path

import msgpack
import pytest

from p2pbang.net import codec
from p2pbang.table.audit import audit
from p2pbang.table.gamefiles import TRANSCRIPT_FILE, Transcript, load_transcript

from .conftest import PlayedGame
from .peers import cli, describe, finish, table


def test_four_bot_peers_play_a_whole_game_and_agree(honest_game: PlayedGame) -> None:
    peers = honest_game.peers
    heads = {peer.head for peer in peers}
    results = {peer.result for peer in peers}
    assert len(heads) == 1, describe(peers)
    assert len(results) == 1 and " win: " in results.pop()
    for peer in peers:
        stats = peer.stats
        assert stats["ok"] is True
        assert stats["messages_sent"] > 100 and stats["bytes_sent"] > 50_000
        meta = json.loads((peer.game_dir / "table.json").read_text())
        assert meta["over"] is True and meta["head"] == heads.copy().pop()
        # The secrets file (the owner's only, mode 0600 while it lives) is gone once the
        # game is over and saved: a later leak of it cannot open a finished game.
        assert not (peer.game_dir / "secrets.bin").exists()


def test_every_peers_saved_game_verifies_offline(honest_game: PlayedGame) -> None:
    first, *others = honest_game.peers
    done = cli("verify", str(first.game_dir / TRANSCRIPT_FILE))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "complete game" in done.stdout
    assert "every signature, hash link and writer checks out" in done.stdout
    # The game directory itself (genesis + log file) verifies the same way.
    done = cli("verify", str(others[0].game_dir))
    assert done.returncode == 0, done.stdout + done.stderr
    for peer in others:  # the same checks, in this process
        assert audit(load_transcript(peer.game_dir / TRANSCRIPT_FILE)).complete


def test_replay_tells_the_game_and_reveals_the_roles_at_the_end(
        honest_game: PlayedGame) -> None:
    done = cli("replay", str(honest_game.peers[2].game_dir))
    assert done.returncode == 0, done.stderr
    assert "--- Turn 1:" in done.stdout
    assert "The table at the end:" in done.stdout
    assert "Sheriff" in done.stdout and "?" not in done.stdout.split("The table at the end:")[1]


# ------------------------------------------------------------------ tampered saved games


def _transcript(game: PlayedGame) -> Transcript:
    return load_transcript(game.peers[0].game_dir / TRANSCRIPT_FILE)


def _verify(tmp_path: Path, transcript: Transcript) -> str:
    path = tmp_path / "tampered.p2pb"
    path.write_bytes(transcript.encode())
    done = cli("verify", str(path))
    assert done.returncode == 1, done.stdout
    return done.stdout


def test_verify_names_the_entry_whose_bytes_were_changed(honest_game: PlayedGame,
                                                         tmp_path: Path) -> None:
    transcript = _transcript(honest_game)
    raw = bytearray(transcript.entries[10])
    raw[len(raw) // 2] ^= 0x01
    transcript.entries[10] = bytes(raw)
    out = _verify(tmp_path, transcript)
    assert "FAILED: entry 10" in out


def test_verify_refuses_a_genesis_with_a_changed_name(honest_game: PlayedGame,
                                                      tmp_path: Path) -> None:
    transcript = _transcript(honest_game)
    blob = msgpack.unpackb(transcript.encode(), raw=False)
    genesis = codec.decode_canonical(blob["genesis"])
    genesis["roster"][0]["name"] = "Mallory"
    blob["genesis"] = codec.encode(genesis)
    path = tmp_path / "renamed.p2pb"
    path.write_bytes(msgpack.packb(blob, use_bin_type=True))
    done = cli("verify", str(path))
    assert done.returncode == 1
    assert "genesis" in done.stdout and "does not verify" in done.stdout


def test_verify_reports_where_a_log_file_is_damaged(honest_game: PlayedGame,
                                                    tmp_path: Path) -> None:
    source = honest_game.peers[1].game_dir
    copy = tmp_path / "game"
    copy.mkdir()
    for name in ("genesis.bin", "log.bin"):
        (copy / name).write_bytes((source / name).read_bytes())
    data = bytearray((copy / "log.bin").read_bytes())
    data[len(data) // 3] ^= 0x40
    (copy / "log.bin").write_bytes(bytes(data))
    done = cli("verify", str(copy))
    assert done.returncode == 1
    assert "log.bin at byte" in done.stdout and "checksum" in done.stdout


@pytest.mark.slow
def test_seven_bot_peers_play_a_whole_game_and_agree(tmp_path: Path) -> None:
    peers = table(tmp_path, 7)
    codes = finish(peers, timeout=180)
    assert codes == [0] * 7, describe(peers)
    assert len({peer.head for peer in peers}) == 1
    assert len({peer.result for peer in peers}) == 1
    done = cli("verify", str(peers[3].game_dir))
    assert done.returncode == 0, done.stdout
