"""The signed, hash-chained log: authorship, chaining, rejections with blame, equivocation."""

from __future__ import annotations

import hashlib

import msgpack
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from hypothesis import given, settings
from hypothesis import strategies as st

from p2pbang.net.log import (
    Entry,
    EquivocationProof,
    Limits,
    Log,
    LogError,
    LogFormatError,
    Part,
    Reason,
    Roster,
    RosterError,
    Turn,
    public_key_problem,
)

SESSION = hashlib.sha256(b"test session").digest()
OTHER_SESSION = hashlib.sha256(b"another session").digest()
KEYS = [Ed25519PrivateKey.from_private_bytes(bytes([seat + 1]) * 32) for seat in range(4)]
ROSTER = Roster([key.public_key() for key in KEYS])
P = 2**255 - 19


def round_robin(index: int) -> Turn:
    """Seat i % 4 writes position i, except every third position needs seats 1, 2 and 3."""
    if index % 3 == 2:
        return Turn.of(1, 2, 3)
    return Turn.of(index % 4)


def new_log(writers=round_robin, limits: Limits | None = None) -> Log:
    return Log(SESSION, ROSTER, writers, limits)


def sign(index: int, seat: int, prev: bytes, payload: bytes = b"", kind: str = "move") -> Part:
    return Part.create(KEYS[seat], SESSION, index, prev, seat, kind, payload)


def snapshot(log: Log) -> tuple:
    return len(log), log.head_hash, log.pending_parts(), log.halted


def grow(log: Log, count: int) -> list[Part]:
    """Let every writer of the next ``count`` positions author its part; return the parts."""
    parts = []
    for _ in range(count):
        turn = log.open_turn()
        assert turn is not None
        for seat in sorted(turn.seats):
            payload = f"{len(log)}:{seat}".encode()
            part, out = log.author(seat, KEYS[seat], "move", payload)
            assert not out.rejected
            parts.append(part)
    return parts


def test_empty_log_chains_from_the_session_id() -> None:
    log = new_log()
    assert len(log) == 0
    assert log.head_hash == SESSION
    assert log.open_turn() == Turn.of(0)


def test_a_replica_fed_the_same_parts_has_the_same_entries_and_hashes() -> None:
    author = new_log()
    parts = grow(author, 9)
    replica = new_log()
    for part in parts:
        out = replica.add_part(part.raw, sender=part.seat)
        assert not out.rejected
    assert len(replica) == len(author) == 9
    assert replica.head_hash == author.head_hash
    for index in range(9):
        entry = replica.entry(index)
        assert entry.raw == author.entry(index).raw
        assert entry.prev == replica.hash_at(index)
        assert entry.hash == hashlib.sha256(entry.raw).digest()


def test_multi_writer_position_waits_for_every_part_and_orders_them_by_seat() -> None:
    log = new_log()
    grow(log, 2)
    prev = log.head_hash
    parts = {seat: sign(2, seat, prev, bytes([seat])) for seat in (1, 2, 3)}
    assert not log.add_part(parts[3]).committed
    assert not log.add_part(parts[1]).committed
    assert [p.seat for p in log.pending_parts()] == [1, 3]
    out = log.add_part(parts[2])
    assert [entry.seats for entry in out.committed] == [(1, 2, 3)]
    assert log.pending_parts() == ()
    assert log.entry(2).raw == msgpack.packb([parts[s].fields() for s in (1, 2, 3)])


def test_replays_are_ignored_idempotently() -> None:
    log = new_log()
    parts = grow(log, 4)
    before = snapshot(log)
    for part in parts:
        out = log.add_part(part.raw, sender=0)
        assert out.duplicates == 1 and not out.rejected and not out.committed
    out = log.add_entry(log.entry(2).raw, sender=0, expected_index=2)
    assert out.duplicates == 3 and not out.rejected
    assert snapshot(log) == before


def test_out_of_order_parts_are_buffered_until_their_position_opens() -> None:
    author = new_log()
    parts = grow(author, 12)
    replica = new_log()
    outcomes = [replica.add_part(part) for part in reversed(parts)]
    assert all(not out.rejected for out in outcomes)
    assert sum(out.buffered for out in outcomes) == len(parts) - 1
    assert len(replica) == 12 and replica.head_hash == author.head_hash
    assert [e.index for e in outcomes[-1].committed] == list(range(12))


def test_lookahead_beyond_the_window_is_dropped_not_blamed() -> None:
    author = new_log()
    parts = grow(author, 6)
    replica = new_log(limits=Limits(max_lookahead=2))
    far = parts[-1]
    out = replica.add_part(far)
    assert out.dropped == 1 and not out.rejected and not out.buffered
    assert snapshot(replica) == snapshot(new_log())


def test_each_seat_has_its_own_buffer_quota_nearest_positions_kept() -> None:
    limits = Limits(max_buffered_parts_per_seat=2, max_lookahead=100)
    replica = new_log(writers=lambda i: Turn.of(0), limits=limits)
    author = new_log(writers=lambda i: Turn.of(0))
    parts = grow(author, 6)
    for part in (parts[5], parts[4], parts[3], parts[2], parts[1]):
        replica.add_part(part)
    # The farthest parts were evicted for nearer ones; the near ones are still waiting.
    out = replica.add_part(parts[0])
    assert [entry.index for entry in out.committed] == [0, 1, 2]
    for part in parts[3:]:
        replica.add_part(part)
    assert len(replica) == 6 and replica.head_hash == author.head_hash


# --- rejections: each names the offender, leaves the log unchanged -------------------------


def rejected_once(log: Log, data: Part | bytes, sender: int | None = 3, **kwargs):
    before = snapshot(log)
    if kwargs.get("entry"):
        out = log.add_entry(data, sender=sender, expected_index=kwargs.get("expected"))
    else:
        out = log.add_part(data, sender=sender)
    assert snapshot(log) == before
    assert not out.committed
    assert len(out.rejected) == 1, out.rejected
    return out.rejected[0]


def test_bad_signature_blames_the_sender() -> None:
    log = new_log()
    part = sign(0, 0, SESSION)
    forged = bytearray(part.raw)
    forged[-1] ^= 1
    rejection = rejected_once(log, bytes(forged), sender=2)
    assert (rejection.reason, rejection.offender, rejection.author) == (
        Reason.BAD_SIGNATURE, 2, 0,
    )
    assert not rejection.signed
    assert not log.add_part(part).rejected  # the genuine part still goes in


def test_signature_by_another_seats_key_is_a_bad_signature() -> None:
    log = new_log()
    fields = sign(0, 0, SESSION).fields()
    impostor = Part.create(KEYS[1], SESSION, 0, SESSION, 0, "move", b"")
    fields[-1] = impostor.signature
    rejection = rejected_once(log, msgpack.packb(fields), sender=1)
    assert rejection.reason is Reason.BAD_SIGNATURE and rejection.offender == 1


def test_wrong_author_blames_the_signer() -> None:
    log = new_log()
    rejection = rejected_once(log, sign(0, 2, SESSION), sender=1)
    assert (rejection.reason, rejection.offender, rejection.signed) == (
        Reason.WRONG_AUTHOR, 2, True,
    )
    assert "writers: 0" in rejection.detail


def test_wrong_session_blames_the_sender() -> None:
    log = new_log()
    part = Part.create(KEYS[0], OTHER_SESSION, 0, OTHER_SESSION, 0, "move", b"")
    rejection = rejected_once(log, part, sender=3)
    assert (rejection.reason, rejection.offender) == (Reason.WRONG_SESSION, 3)


def test_wrong_previous_hash_blames_the_signer() -> None:
    log = new_log()
    grow(log, 1)
    rejection = rejected_once(log, sign(1, 1, SESSION), sender=0)
    assert (rejection.reason, rejection.offender) == (Reason.WRONG_PREV, 1)


def test_part_for_a_settled_position_by_a_non_writer_is_a_wrong_index() -> None:
    log = new_log()
    grow(log, 3)
    rejection = rejected_once(log, sign(0, 3, SESSION), sender=0)
    assert (rejection.reason, rejection.offender, rejection.index) == (Reason.WRONG_INDEX, 3, 0)


def test_entry_sent_under_the_wrong_position_blames_the_sender() -> None:
    author = new_log()
    grow(author, 2)
    replica = new_log()
    replica.add_entry(author.entry(0))
    rejection = rejected_once(replica, author.entry(1).raw, sender=2, entry=True, expected=5)
    assert (rejection.reason, rejection.offender) == (Reason.WRONG_INDEX, 2)


def test_unknown_seat_blames_the_sender() -> None:
    log = new_log()
    stranger = Ed25519PrivateKey.from_private_bytes(b"\x77" * 32)
    part = Part.create(stranger, SESSION, 0, SESSION, 9, "move", b"")
    rejection = rejected_once(log, part.raw, sender=1)
    assert (rejection.reason, rejection.offender) == (Reason.UNKNOWN_SEAT, 1)


def test_garbage_payload_is_refused_by_the_games_check_and_blames_the_signer() -> None:
    def strict(index: int) -> Turn:
        def check(seat: int, kind: str, payload: bytes) -> str | None:
            action = msgpack.unpackb(payload)  # raises on garbage: still only a refusal
            return None if action == {"play": "bang"} else "not a legal action"

        return Turn.of(0, check=check)

    log = new_log(writers=strict)
    for garbage in (b"\xc1\xc1", msgpack.packb({"play": "beer"}), b""):
        rejection = rejected_once(Log(SESSION, ROSTER, strict), sign(0, 0, SESSION, garbage))
        assert (rejection.reason, rejection.offender) == (Reason.BAD_PAYLOAD, 0)
    assert not log.add_part(sign(0, 0, SESSION, msgpack.packb({"play": "bang"}))).rejected
    assert len(log) == 1


def test_oversized_payloads_and_parts_are_too_large() -> None:
    limits = Limits(max_payload_bytes=100)
    log = new_log(limits=limits)
    big = sign(0, 0, SESSION, b"x" * 101)
    assert rejected_once(log, big.raw).reason is Reason.TOO_LARGE
    assert rejected_once(log, big).reason is Reason.TOO_LARGE
    huge = sign(0, 0, SESSION, b"x" * 5000)
    assert rejected_once(log, huge.raw).reason is Reason.TOO_LARGE
    with pytest.raises(LogError):
        log.author(0, KEYS[0], "move", b"x" * 101)
    assert not log.add_part(sign(0, 0, SESSION, b"x" * 100)).rejected


@pytest.mark.parametrize(
    "garbage",
    [
        b"",
        b"\xc1",
        b"\x93\x01\x02\x03",
        msgpack.packb({"a": 1}),
        msgpack.packb([SESSION, -1, SESSION, 0, "move", b"", b"s" * 64]),
        msgpack.packb([SESSION, 0, SESSION, 0, "Move!", b"", b"s" * 64]),
        msgpack.packb([SESSION, 0, SESSION, True, "move", b"", b"s" * 64]),
        msgpack.packb([SESSION, 0, SESSION[:31], 0, "move", b"", b"s" * 64]),
        msgpack.packb([SESSION, 0, SESSION, 0, "move", "text", b"s" * 64]),
        msgpack.packb([SESSION, 0, SESSION, 0, "move", b"", b"s" * 63]),
        msgpack.packb([SESSION, 0, SESSION, 0, "move", b"", b"s" * 64, 1]),
        msgpack.packb([SESSION, 2**40, SESSION, 0, "move", b"", b"s" * 64]),
    ],
)
def test_malformed_parts_are_bad_encodings_blamed_on_the_sender(garbage: bytes) -> None:
    rejection = rejected_once(new_log(), garbage, sender=2)
    assert rejection.reason is Reason.BAD_ENCODING and rejection.offender == 2


def test_non_canonical_encoding_is_refused() -> None:
    part = sign(0, 0, SESSION)
    # Same fields, index 0 written as a 4-byte unsigned integer instead of a fixint.
    assert part.raw[35] == 0
    stretched = part.raw[:35] + b"\xce\x00\x00\x00\x00" + part.raw[36:]
    rejection = rejected_once(new_log(), stretched, sender=1)
    assert rejection.reason is Reason.BAD_ENCODING and "canonical" in rejection.detail


def test_entry_with_two_parts_by_one_seat_is_a_duplicate_part() -> None:
    log = new_log()
    grow(log, 2)
    a = sign(2, 1, log.head_hash, b"a")
    b = sign(2, 1, log.head_hash, b"b")
    raw = msgpack.packb([a.fields(), b.fields()])
    rejection = rejected_once(log, raw, sender=0, entry=True)
    assert (rejection.reason, rejection.offender) == (Reason.DUPLICATE_PART, 0)
    with pytest.raises(LogFormatError):
        Entry([a, b])


def test_entry_with_parts_out_of_seat_order_is_refused() -> None:
    log = new_log()
    grow(log, 2)
    parts = [sign(2, seat, log.head_hash) for seat in (3, 1, 2)]
    raw = msgpack.packb([part.fields() for part in parts])
    assert rejected_once(log, raw, sender=0, entry=True).reason is Reason.BAD_ENCODING


def test_parts_after_the_game_closed_are_refused() -> None:
    log = new_log(writers=lambda i: Turn.of(0) if i < 1 else None)
    grow(log, 1)
    rejection = rejected_once(log, sign(1, 0, log.head_hash))
    assert (rejection.reason, rejection.offender) == (Reason.CLOSED, 0)
    with pytest.raises(LogError):
        log.author(0, KEYS[0], "move", b"")


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_crash_and_never_change_the_log(data: bytes) -> None:
    log = new_log()
    grow(log, 2)
    before = snapshot(log)
    for out in (log.add_part(data, sender=1), log.add_entry(data, sender=1)):
        assert not out.committed
        assert all(r.offender == 1 for r in out.rejected)
    assert snapshot(log) == before


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_mutated_valid_parts_are_refused_or_are_exact_replays(data: st.DataObject) -> None:
    author = new_log()
    parts = grow(author, 3)
    replica = new_log()
    for part in parts[:2]:
        replica.add_part(part)
    target = data.draw(st.sampled_from(parts))
    raw = bytearray(target.raw)
    position = data.draw(st.integers(0, len(raw) - 1))
    raw[position] ^= data.draw(st.integers(1, 255))
    before = snapshot(replica)
    out = replica.add_part(bytes(raw), sender=2)
    assert not out.committed and not out.proofs
    assert snapshot(replica) == before
    assert len(out.rejected) == 1


# --- equivocation --------------------------------------------------------------------------


def test_two_parts_for_one_position_by_one_author_prove_equivocation() -> None:
    log = new_log()
    first, second = sign(0, 0, SESSION, b"bang"), sign(0, 0, SESSION, b"beer")
    assert log.add_part(first).committed
    out = log.add_part(second, sender=2)
    assert len(out.proofs) == 1
    assert [(r.reason, r.offender) for r in out.rejected] == [(Reason.EQUIVOCATION, 0)]
    proof = out.proofs[0]
    assert log.halted == proof
    # Offline: only the proof's bytes and the seat's public key are needed.
    restored = EquivocationProof.decode(proof.encode())
    assert restored.verify(ROSTER.raw_key(0), SESSION) is None
    assert (restored.seat, restored.index, restored.session) == (0, 0, SESSION)
    assert restored.verify(ROSTER.raw_key(1)) == "the proof is for a different key"
    assert restored.verify(session=OTHER_SESSION) == "the proof is for a different session"
    # The halted log refuses everything else, blaming nobody.
    after = log.add_part(sign(1, 1, log.head_hash))
    assert [(r.reason, r.offender) for r in after.rejected] == [(Reason.HALTED, None)]
    with pytest.raises(LogError):
        log.author(1, KEYS[1], "move", b"")


def test_equivocation_on_a_pending_part_of_a_multi_writer_position() -> None:
    log = new_log()
    grow(log, 2)
    log.add_part(sign(2, 2, log.head_hash, b"share-a"))
    out = log.add_part(sign(2, 2, log.head_hash, b"share-b"))
    assert out.proofs and out.proofs[0].verify(ROSTER.raw_key(2)) is None


def test_equivocation_between_buffered_future_parts() -> None:
    log = new_log()
    prev = hashlib.sha256(b"whatever").digest()
    log.add_part(sign(5, 1, prev, b"one"))
    out = log.add_part(sign(5, 1, prev, b"two"))
    assert out.proofs and out.proofs[0].verify(ROSTER.raw_key(1)) is None
    assert out.proofs[0].index == 5


def test_a_refused_signed_part_followed_by_another_is_equivocation() -> None:
    log = new_log()
    assert log.add_part(sign(0, 0, b"\x01" * 32)).rejected  # wrong prev
    out = log.add_part(sign(0, 0, SESSION))
    assert out.proofs and log.halted is not None


def test_equivocation_is_symmetric_whichever_part_arrives_first() -> None:
    a, b = sign(0, 0, SESSION, b"a"), sign(0, 0, SESSION, b"b")
    one, two = new_log(), new_log()
    one.add_part(a)
    two.add_part(b)
    assert one.add_part(b).proofs[0] == two.add_part(a).proofs[0]


def test_forged_or_inconsistent_proofs_fail_offline_verification() -> None:
    a, b = sign(0, 0, SESSION, b"a"), sign(0, 0, SESSION, b"b")
    key = ROSTER.raw_key(0)
    good = EquivocationProof.from_parts(key, a, b)
    assert good.verify() is None
    low, high = sorted((a.raw, b.raw))
    assert EquivocationProof(key, high, low).verify() is not None  # order / identity
    assert EquivocationProof(key, low, low).verify() is not None  # the same part twice
    other_seat = sign(0, 1, SESSION, b"c")
    assert "same seat" in EquivocationProof.from_parts(key, a, other_seat).verify()
    other_index = sign(1, 0, SESSION, b"a")
    assert "same seat" in EquivocationProof.from_parts(key, a, other_index).verify()
    tampered = bytearray(b.raw)
    tampered[-2] ^= 4
    bad = EquivocationProof.from_parts(key, a, Part.decode(bytes(tampered)))
    assert bad.verify() == "a signature does not verify"
    assert EquivocationProof(ROSTER.raw_key(1), low, high).verify() is not None
    with pytest.raises(LogFormatError):
        EquivocationProof.decode(b"\x94\x01\x02\x03\x04")


def test_adopting_a_proof_found_elsewhere_halts_the_log() -> None:
    log = new_log()
    grow(log, 3)
    a, b = sign(7, 2, SESSION, b"a"), sign(7, 2, SESSION, b"b")
    proof = EquivocationProof.from_parts(ROSTER.raw_key(2), a, b)
    assert log.adopt_proof(proof) is None
    assert log.halted == proof
    forged = EquivocationProof.from_parts(ROSTER.raw_key(1), a, b)
    fresh = new_log()
    assert fresh.adopt_proof(forged) == "the proof is for a different key"
    assert fresh.halted is None


# --- authoring -----------------------------------------------------------------------------


def test_author_refuses_out_of_turn_foreign_keys_and_a_second_different_part() -> None:
    log = new_log()
    with pytest.raises(LogError, match="may not write"):
        log.author(1, KEYS[1], "move", b"")
    with pytest.raises(LogError, match="not seat 0's key"):
        log.author(0, KEYS[1], "move", b"")
    grow(log, 2)
    part, _ = log.author(2, KEYS[2], "share", b"mine")
    again, out_again = log.author(2, KEYS[2], "share", b"mine")
    assert again == part and out_again.duplicates == 1
    with pytest.raises(LogError, match="already signed"):
        log.author(2, KEYS[2], "share", b"changed my mind")
    assert log.halted is None and len(log) == 2


def test_author_refuses_payloads_the_game_refuses() -> None:
    log = new_log(writers=lambda i: Turn.of(0, check=lambda s, k, p: "no" if p else None))
    with pytest.raises(LogError, match="refuses"):
        log.author(0, KEYS[0], "move", b"x")
    assert log.author(0, KEYS[0], "move", b"")[1].committed


def test_signing_is_deterministic() -> None:
    assert sign(3, 1, SESSION, b"p").raw == sign(3, 1, SESSION, b"p").raw


# --- roster --------------------------------------------------------------------------------


def encode_point(x: int, y: int) -> bytes:
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def test_roster_refuses_weak_and_shared_keys() -> None:
    good = ROSTER.raw_key(0)
    identity = encode_point(0, 1)
    order_two = encode_point(0, P - 1)
    y = int.from_bytes(good, "little") & ((1 << 255) - 1)
    sign_bit = good[31] >> 7
    # -A has the opposite x parity; A + (0, -1) = (-x, -y): a key with a torsion component.
    mixed = encode_point(1 - sign_bit, P - y)
    non_canonical = (P + 1).to_bytes(32, "little")
    for weak, words in (
        (identity, "small order"),
        (order_two, "small order"),
        (mixed, "prime-order"),
        (non_canonical, "canonical"),
    ):
        assert words in public_key_problem(weak)
        with pytest.raises(RosterError):
            Roster([good, weak])
    assert public_key_problem(good) is None
    with pytest.raises(RosterError, match="share"):
        Roster([good, good])
    with pytest.raises(RosterError, match=r"0\.\.n-1"):
        Roster({0: good, 2: ROSTER.raw_key(1)})
    assert Roster({1: ROSTER.raw_key(1), 0: good}).seat_of(good) == 0


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_arrival_order_with_replays_builds_the_authors_log(data: st.DataObject) -> None:
    author = new_log()
    parts = grow(author, 10)
    arrivals = data.draw(st.permutations(parts + data.draw(st.lists(st.sampled_from(parts)))))
    replica = new_log()
    committed = []
    for part in arrivals:
        out = replica.add_part(part.raw, sender=1)
        assert not out.rejected and not out.proofs
        committed.extend(out.committed)
    assert [entry.index for entry in committed] == list(range(10))
    assert replica.head_hash == author.head_hash


def test_a_malleated_signature_is_refused_so_one_content_has_one_encoding() -> None:
    # S + L verifies under a lax verifier; the hash chain relies on the strict one.
    order = 2**252 + 27742317777372353535851937790883648493
    part = sign(0, 0, SESSION, b"x")
    s = int.from_bytes(part.signature[32:], "little") + order
    assert s < 2**256
    fields = part.fields()
    fields[-1] = part.signature[:32] + s.to_bytes(32, "little")
    rejection = rejected_once(new_log(), msgpack.packb(fields), sender=1)
    assert rejection.reason is Reason.BAD_SIGNATURE
