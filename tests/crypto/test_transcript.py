"""Fiat-Shamir transcripts: every bound field changes the challenge; framing is unambiguous."""

from __future__ import annotations

import hashlib

import pytest

from p2pbang.crypto.group import L, hash_to_point
from p2pbang.crypto.transcript import Transcript, frame


def _challenge(protocol: bytes = b"p", session: bytes = b"s" * 16, step: int = 1,
               seat: int = 2, fields: tuple[tuple[bytes, bytes], ...] = ()) -> int:
    t = Transcript(protocol, session, step, seat)
    for label, data in fields:
        t.append(label, data)
    return t.challenge(b"x")


def test_same_inputs_same_challenge() -> None:
    assert _challenge() == _challenge()
    assert 0 <= _challenge() < L


@pytest.mark.parametrize(
    "changed",
    [
        {"protocol": b"q"},
        {"session": b"t" * 16},
        {"step": 2},
        {"seat": 3},
        {"fields": ((b"a", b"1"),)},
    ],
)
def test_every_bound_field_changes_the_challenge(changed: dict) -> None:
    assert _challenge(**changed) != _challenge()


def test_framing_is_unambiguous() -> None:
    # Moving a byte from one field to the next must change the hash.
    one = _challenge(fields=((b"a", b"xy"), (b"b", b"z")))
    two = _challenge(fields=((b"a", b"x"), (b"b", b"yz")))
    three = _challenge(fields=((b"ax", b"y"), (b"b", b"z")))
    assert len({one, two, three}) == 3


def test_successive_challenges_differ_and_chain() -> None:
    t = Transcript(b"p", b"s", 0, 0)
    first, second = t.challenge(b"x"), t.challenge(b"x")
    assert first != second


def test_encoding_matches_the_specification() -> None:
    """The normative encoding of protocol/crypto.md, recomputed by hand."""
    t = Transcript(b"proto", b"sess", 5, 7)
    point = hash_to_point(b"test")
    t.append_point(b"P", point)
    h = hashlib.sha512()
    h.update(frame(b"p2pbang/v1/transcript", b"proto"))
    h.update(frame(b"session", b"sess"))
    h.update(frame(b"step", (5).to_bytes(8, "big")))
    h.update(frame(b"seat", (7).to_bytes(8, "big")))
    h.update(frame(b"P", point.encode()))
    h.update(frame(b"challenge", b"c"))
    assert t.challenge(b"c") == int.from_bytes(h.digest(), "little") % L
    assert frame(b"ab", b"c") == b"\x00\x00\x00\x02ab" + b"\x00" * 7 + b"\x01c"
