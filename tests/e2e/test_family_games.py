"""The Dice Game and The Duel between bot peers, each its own OS process on 127.0.0.1 with the
full protocol (``p2pbang bot``, as on a LAN without mDNS): every peer ends with the same log
hash, the saved game verifies offline, ``replay`` tells it in the game's own sentences, and a
dice peer that opens another value than it committed, or withholds its opening, is named."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .peers import Peer, cli, describe, finish, table


def _played(tmp_path: Path, seats: int, *game: str) -> list[Peer]:
    peers = table(tmp_path, seats, game=game)
    codes = finish(peers, timeout=60)
    assert codes == [0] * seats, describe(peers)
    return peers


def _agree_verify_and_replay(peers: list[Peer], game: str, told: str) -> None:
    assert len({peer.head for peer in peers}) == 1, describe(peers)
    assert len({peer.result for peer in peers}) == 1, describe(peers)
    assert " win: " in peers[0].result
    for peer in peers:
        meta = json.loads((peer.game_dir / "table.json").read_text())
        assert meta["over"] is True and meta["head"] == peer.head
    done = cli("verify", str(peers[-1].game_dir))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"game: {game}" in done.stdout and "complete game" in done.stdout
    done = cli("replay", str(peers[0].game_dir))
    assert done.returncode == 0, done.stdout + done.stderr
    assert told in done.stdout and "Turn 1" in done.stdout
    assert "complete game" in done.stdout


def test_four_dice_bot_peers_play_a_whole_game_and_agree(tmp_path: Path) -> None:
    """Given four ``p2pbang bot`` processes at a dice table, when they play it out, then
    they agree on the log and the result, and the saved game verifies and replays."""
    peers = _played(tmp_path, 4, "--game", "dice")
    _agree_verify_and_replay(peers, "dice, 4 seats", " rolls: ")


@pytest.mark.slow  # in-process Duel tables (tests/table/test_dice_duel_*.py) in the default set
def test_two_duel_bot_peers_play_a_whole_duel_and_agree(tmp_path: Path) -> None:
    peers = _played(tmp_path, 2, "--game", "duel")
    _agree_verify_and_replay(peers, "duel, 2 seats", "comes into play")


@pytest.mark.slow
def test_eight_dice_bot_peers_with_old_saloon_agree(tmp_path: Path) -> None:
    peers = _played(tmp_path, 8, "--game", "dice", "--expansions", "old-saloon")
    _agree_verify_and_replay(peers, "dice+old-saloon, 8 seats", " rolls: ")


def _seat(peer: Peer) -> int:
    """The roster index (the log's and ``verdict.json``'s)."""
    return json.loads((peer.game_dir / "table.json").read_text())["seat"]


def _chair(seen_by: Peer, peer: Peer) -> int:
    """The seat number the lines say for ``peer`` (1-n clockwise, ``table/seats.py``)."""
    return seen_by.chair(peer.name.upper())


# Slow, like the next one: the same cheat at a network table of dice bot peers (in-process)
# is named in tests/table/test_dice_duel_network.py, with the saved game's audit.
@pytest.mark.slow
def test_a_dice_peer_opening_another_value_than_it_committed_is_named(tmp_path: Path) -> None:
    """Given a dice table of three bot processes where P1 opens a draw with another value
    than it committed, then both honest peers stop with a verdict naming P1 and its seat,
    and ``verify`` of their saved game names it too."""
    peers = table(tmp_path, 3, cheats={1: "wrong-opening"}, max_wait=30,
                  game=("--game", "dice"))
    codes = finish(peers, timeout=60)
    assert codes == [1, 1, 1], describe(peers)
    chair = _chair(peers[0], peers[1])
    for peer in (peers[0], peers[2]):
        statement = peer.line("VERDICT:")
        assert statement.startswith(f"P1 (seat {chair})"), statement
    done = cli("verify", str(peers[0].game_dir))
    assert done.returncode == 1 and f"P1 (seat {chair})" in done.stdout


@pytest.mark.slow
def test_a_dice_peer_withholding_its_opening_is_named(tmp_path: Path) -> None:
    """Given a dice table of three bot processes where P1 never opens its commitment, then
    the honest peers give up after ``--max-wait`` naming P1 as the one they waited for."""
    peers = table(tmp_path, 3, cheats={1: "withhold-opening"}, max_wait=3,
                  game=("--game", "dice"))
    codes = finish([peers[0], peers[2]], timeout=60)
    peers[1].kill()
    assert codes == [3, 3], describe(peers)
    for peer in (peers[0], peers[2]):
        found = re.fullmatch(r"gave up: waited \d+ s for P1 \(seat (\d)\)", peer.result)
        assert found, describe(peers)
        assert int(found.group(1)) == _chair(peer, peers[1])
