"""``protocol/vectors/dice-rolls.json`` recomputed from its contributions with nothing but
``hashlib`` and the formulas of ``protocol/dice-rolls.md`` (as a second implementation
would), then fed to a MentalDealer as the messages of a real roll: both must give the
file's value and faces."""

from __future__ import annotations

import hashlib
import json

import pytest

from p2pbang.crypto import messages
from p2pbang.dealer.mental import MentalDealer
from p2pbang.engine.chance import ChanceResult, RandomInt

from .dice_roll_vectors import VECTORS, build

DATA = json.loads(VECTORS.read_text(encoding="utf-8"))
FACES = ("arrow", "dynamite", "bulls_eye_1", "bulls_eye_2", "beer", "gatling")


def frame(label: bytes, data: bytes) -> bytes:
    return len(label).to_bytes(4, "big") + label + len(data).to_bytes(8, "big") + data


def u64(value: int) -> bytes:
    return value.to_bytes(8, "big")


def h64(*parts: bytes) -> bytes:
    return hashlib.sha512(b"".join(parts)).digest()


def below(seed: bytes, bound: int, label: bytes) -> int:
    bits = (bound - 1).bit_length()
    counter = 0
    while True:
        block = int.from_bytes(h64(frame(b"p2pbang/v1/uniform", label), frame(b"seed", seed),
                                   frame(b"counter", u64(counter))), "big")
        counter += 1
        if block >> (512 - bits) < bound:
            return block >> (512 - bits)


def test_the_file_is_what_the_generator_writes() -> None:
    assert build() == DATA


@pytest.mark.parametrize("roll", DATA["rolls"], ids=lambda r: f"round{r['round']}")
def test_every_field_of_a_roll_recomputes_from_the_contributions(roll: dict) -> None:
    sid, rnd = bytes.fromhex(DATA["session"]), roll["round"]
    items = roll["contributions"]
    for item in items:
        digest = h64(frame(b"p2pbang/v1/commit", b""), frame(b"session", sid),
                     frame(b"round", u64(rnd)), frame(b"seat", u64(item["seat"])),
                     frame(b"nonce", bytes.fromhex(item["nonce"])),
                     frame(b"value", bytes.fromhex(item["value"])))[:32]
        assert digest.hex() == item["commitment"]
    echo = h64(frame(b"p2pbang/v1/commit-reveal/echo", b""), frame(b"session", sid),
               frame(b"round", u64(rnd)),
               *(frame(b"commitment", u64(i["seat"]) + bytes.fromhex(i["commitment"]))
                 for i in items))[:32]
    assert echo.hex() == roll["echo"]
    seed = h64(frame(b"p2pbang/v1/commit-reveal/seed", b""), frame(b"echo", echo),
               *(frame(b"value", u64(i["seat"]) + bytes.fromhex(i["value"])) for i in items))
    assert seed.hex() == roll["seed"]
    assert roll["bound"] == 6 ** roll["dice"]
    value = below(seed, roll["bound"], DATA["uniform_label"].encode())
    assert value == roll["value"]
    faces = [(value // 6 ** k) % 6 for k in range(roll["dice"])]  # first die: lowest digit
    assert faces == roll["faces"]
    assert [FACES[f] for f in faces] == roll["face_names"]


def test_a_mental_dealer_rolls_the_vectors_value_from_the_same_messages() -> None:
    """An observer's dealer, after a key round, at the vector's first round: the commit and
    reveal messages built from the file give exactly the file's value."""
    roll = DATA["rolls"][0]
    assert roll["round"] == 1  # the first round after the key round
    sid = bytes.fromhex(DATA["session"])
    seats = [MentalDealer(s, 3, sid) for s in range(3)]
    observer = MentalDealer(None, 3, sid)
    keys = [dealer.outgoing() for dealer in seats]
    for seat, payload in enumerate(keys):
        observer.receive(seat, payload)
    observer.begin(RandomInt(roll["bound"]))
    for item in roll["contributions"]:
        observer.receive(item["seat"], messages.commit_message(bytes.fromhex(item["commitment"])))
    for item in roll["contributions"]:
        observer.receive(item["seat"], messages.reveal_message(
            bytes.fromhex(roll["echo"]), bytes.fromhex(item["nonce"]),
            bytes.fromhex(item["value"])))
    assert observer.done() and observer.result() == ChanceResult((roll["value"],))
