"""A cheating bot at a table of honest bot processes: every honest peer stops the game, names
the cheater (seat, player, peer id), saves the evidence, and keeps a log that still verifies
up to the cheat; the verdict can be re-checked offline from the evidence alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from p2pbang.net.log import EquivocationProof
from p2pbang.table.audit import audit
from p2pbang.table.gamefiles import GameFiles, load_transcript

from .peers import Peer, cheated_table, cli, describe

CHEATER = 1

# What the statement says. A phantom card is caught by its proof, or, by the one honest
# peer that holds the claimed card itself, already by the rules.
EXPECTED = {
    "insert-card": ("a dealing message",),
    "wrong-share": ("proof does not verify",),
    "phantom-card": ("holds another", "known to be elsewhere"),
    "illegal-move": ("illegal move",),
    "equivocate": ("equivocated",),
}


def _seat(peer: Peer) -> int:
    """The roster index (the log's and ``verdict.json``'s)."""
    return json.loads((peer.game_dir / "table.json").read_text())["seat"]


def _chair(seen_by: Peer, peer: Peer) -> int:
    """The seat number the lines say for ``peer`` (1-n clockwise, ``table/seats.py``)."""
    return seen_by.chair(peer.name.upper())


# Between processes the default set keeps an equivocation (two signed versions, only seen
# over the network) and an illegal move: the verdict, its evidence and `verify` are the same
# path for every kind. The other three are slow; each is caught and named in-process: a
# forged shuffle or tampered dealing message in tests/dealer/test_mental_adversarial.py and
# tests/table/test_driver.py, a wrong decryption share and a phantom card in
# tests/table/test_core_cheats.py (and a wrong share at a table of bot peers in
# tests/ui/test_net_play.py).
IN_PROCESS_TOO = ("insert-card", "phantom-card", "wrong-share")


@pytest.mark.parametrize("kind", [
    pytest.param(kind, marks=pytest.mark.slow) if kind in IN_PROCESS_TOO else kind
    for kind in sorted(EXPECTED)])
def test_a_cheater_is_named_by_every_honest_peer(kind: str, tmp_path: Path) -> None:
    peers, codes = cheated_table(tmp_path, 4, {CHEATER: kind}, max_wait=30)
    cheater = peers[CHEATER]
    honest = [p for i, p in enumerate(peers) if i != CHEATER]
    assert all(code == 1 for code in codes), describe(peers)
    seat = _seat(cheater)
    peer_id = json.loads((cheater.home / "identity.json").read_text())["peer_id"]
    chair = _chair(honest[0], cheater)
    for peer in honest:
        statement = peer.line("VERDICT:")
        assert statement.startswith(f"P{CHEATER} (seat {chair})"), statement
        assert any(words in statement for words in EXPECTED[kind]), statement
        verdict = json.loads((peer.game_dir / "verdict.json").read_text())
        assert (verdict["seat"], verdict["peer_id"], verdict["name"]) == (seat, peer_id,
                                                                           f"P{CHEATER}")
        evidence = (peer.game_dir / "evidence.bin").read_bytes()
        assert evidence
        if kind == "equivocate":
            proof = EquivocationProof.decode(evidence)
            genesis = GameFiles(peer.game_dir).load_genesis()
            assert proof.verify(genesis.seats[seat].public_key, genesis.session_id) is None
        # The honest peer's own log is intact: it verifies up to the cheat, which the
        # offline check finds and attributes the same way.
        report = audit(load_transcript(peer.game_dir))
        assert report.problem is None, report.lines()
        assert report.verdict is not None and report.verdict.seat == seat
    done = cli("verify", str(honest[0].game_dir))
    assert done.returncode == 1 and f"P{CHEATER} (seat {chair})" in done.stdout
    if kind != "equivocate":
        # Everyone stopped at the same entry with the same log.
        assert len({p.head for p in honest}) == 1, describe(peers)
