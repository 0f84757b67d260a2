"""Builds ``protocol/vectors/dice-rolls.json``: deterministic test-only contributions of
three seats to three dice rolls, and everything a second implementation must recompute from
them (commitments, echo, seed, the ``RandomInt(6**k)`` value, the faces).

Run ``python -m tests.table.dice_roll_vectors`` from the repository root to rewrite the
file; ``test_dice_roll_vectors.py`` recomputes every field from the contributions and checks
the file (and the MentalDealer's own answer) against them.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from p2pbang.crypto.commit_reveal import CommitRevealRound, commitment_digest, uniform_below
from p2pbang.dealer.mental import RANDOM_INT_LABEL
from p2pbang.engine.dice.faces import FACE_NAMES, SIDES, decode_faces

VECTORS = Path(__file__).resolve().parents[2] / "protocol" / "vectors" / "dice-rolls.json"
SESSION = hashlib.sha256(b"p2pbang test vectors: dice rolls").digest()
SEATS = 3
# (log round id of the commitment round, number of dice rolled at once)
ROLLS = ((1, 5), (4, 3), (7, 1))


def _test_bytes(*labels: object) -> bytes:
    """32 bytes nobody should ever use as a secret: they are in the repository."""
    return hashlib.sha256("/".join(str(x) for x in ("test-only", *labels)).encode()).digest()


def roll(round_id: int, dice: int) -> dict[str, Any]:
    draw = CommitRevealRound(SESSION, round_id, range(SEATS))
    contributions = []
    for seat in range(SEATS):
        nonce, value = _test_bytes(round_id, seat, "nonce"), _test_bytes(round_id, seat, "value")
        commitment = commitment_digest(SESSION, round_id, seat, nonce, value)
        draw.add_commitment(seat, commitment)
        contributions.append({"seat": seat, "nonce": nonce.hex(), "value": value.hex(),
                              "commitment": commitment.hex()})
    echo = draw.echo()
    for seat, item in enumerate(contributions):
        draw.add_reveal(seat, bytes.fromhex(item["nonce"]), bytes.fromhex(item["value"]), echo)
    seed = draw.seed()
    bound = SIDES ** dice
    drawn = uniform_below(seed, bound, RANDOM_INT_LABEL)
    faces = decode_faces(drawn, dice)
    return {"round": round_id, "dice": dice, "bound": bound, "contributions": contributions,
            "echo": echo.hex(), "seed": seed.hex(), "value": drawn, "faces": faces,
            "face_names": [FACE_NAMES[f] for f in faces]}


def build() -> dict[str, Any]:
    return {
        "description": "dice rolls as public commit-reveal draws (protocol/dice-rolls.md): "
                       "test-only contributions of 3 seats and what they roll",
        "session": SESSION.hex(),
        "uniform_label": RANDOM_INT_LABEL.decode(),
        "rolls": [roll(round_id, dice) for round_id, dice in ROLLS],
    }


if __name__ == "__main__":
    VECTORS.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {VECTORS}")
