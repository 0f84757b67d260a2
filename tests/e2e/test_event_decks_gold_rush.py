"""The event decks and Gold Rush with the shadow gunslingers between bot peers, each its own
OS process on 127.0.0.1 with the full protocol: the event pile and the equipment pile
shuffled by every peer with proofs, every peer ending on the same log; the saved game
verifies and replays offline under the same rules (the choice bound by the genesis)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from p2pbang.table.audit import audit
from p2pbang.table.gamefiles import TRANSCRIPT_FILE, load_transcript

from .peers import cli, describe, finish, table


def _played_and_agreed(tmp_path: Path, seats: int, flags: tuple[str, ...],
                       expansions: list[str], variants: list[str], timeout: float) -> None:
    peers = table(tmp_path, seats, game=flags)
    codes = finish(peers, timeout=timeout)
    assert codes == [0] * seats, describe(peers)
    assert len({peer.head for peer in peers}) == 1, describe(peers)
    assert len({peer.result for peer in peers}) == 1
    for peer in peers:
        meta = json.loads((peer.game_dir / "table.json").read_text())
        assert meta["game"] == {"game": "bang", "seats": seats, "expansions": expansions,
                                "variants": variants}
    label = "+".join(["bang", *expansions, *variants])
    done = cli("verify", str(peers[-1].game_dir / TRANSCRIPT_FILE))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"game: {label}, {seats} seats (bound by the genesis)" in done.stdout
    assert "complete game" in done.stdout
    for peer in peers[:-1]:
        assert audit(load_transcript(peer.game_dir / TRANSCRIPT_FILE)).complete
    told = cli("replay", str(peers[0].game_dir))
    assert told.returncode == 0, told.stderr
    assert "The table at the end:" in told.stdout


def test_four_bot_peers_play_high_noon_with_dodge_city_and_agree(tmp_path: Path) -> None:
    _played_and_agreed(tmp_path, 4, ("--expansions", "dodge-city,high-noon"),
                       ["dodge-city", "high-noon"], [], timeout=150)


def test_four_bot_peers_play_gold_rush_with_shadows_and_agree(tmp_path: Path) -> None:
    _played_and_agreed(tmp_path, 4, ("--expansions", "gold-rush", "--variant", "shadows"),
                       ["gold-rush"], ["shadows"], timeout=150)


@pytest.mark.slow
def test_seven_bot_peers_play_every_card_game_set_and_agree(tmp_path: Path) -> None:
    _played_and_agreed(tmp_path, 7,
                       ("--expansions", "dodge-city,fistful,gold-rush,high-noon",
                        "--variant", "shadows"),
                       ["dodge-city", "fistful", "gold-rush", "high-noon"], ["shadows"],
                       timeout=300)
