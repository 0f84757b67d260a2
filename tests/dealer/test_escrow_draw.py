"""Escrowed public draws: a withheld opening is rebuilt, the result fixed at commitment.

With escrow on, ``RandomInt`` is three rounds (hash commitment, escrowed value, opening).
A seat whose opening is withheld (``declare_withheld``, at the same place of the log on
every dealer) changes nothing: the holders' shares rebuild its value and the result is the
one every secret fixed before any opening. Every cheat is refused and blamed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from p2pbang.crypto import escrow_messages as emsg
from p2pbang.crypto import wire
from p2pbang.crypto.commit_reveal import uniform_below
from p2pbang.crypto.errors import ProtocolMisuse
from p2pbang.crypto.escrow import draw_commitment, draw_echo, draw_seed
from p2pbang.crypto.group import L, encode_scalar
from p2pbang.dealer.board import Table, TableAborted
from p2pbang.dealer.mental import RANDOM_INT_LABEL
from p2pbang.engine.chance import RandomInt

SESSION = b"escrow-draw-sess-1"
BOUND = 6**5


def _table(seats: int = 4, t: int = 3) -> Table:
    return Table.create(seats, SESSION, escrow_threshold=t)


def _to_openings(table: Table, bound: int = BOUND) -> None:
    for dealer in table.dealers:
        dealer.begin(RandomInt(bound))
    for _ in range(2):  # the commitments, then the escrowed values
        for seat in range(len(table.dealers)):
            table.deliver(seat, table.dealers[seat].outgoing())


def _expected(table: Table, bound: int = BOUND) -> int:
    """The result as fixed by every seat's secret (computed from the dealers' secrets)."""
    tasks = [d._task for d in table.dealers]
    n = len(tasks)
    echo = draw_echo(SESSION, tasks[0].round_id, [tasks[0].commitments[s] for s in range(n)])
    return uniform_below(draw_seed(echo, [t._secret for t in tasks]), bound, RANDOM_INT_LABEL)


def test_an_escrowed_draw_agrees_and_takes_three_rounds() -> None:
    table = _table()
    before = len(table.board.entries)
    values = table.run(RandomInt(BOUND))
    assert len({r.values for r in values}) == 1 and 0 <= values[0].values[0] < BOUND
    kinds = [wire.decode(e.payload)["t"] for e in table.board.entries[before:]]
    assert kinds == ["dcommit"] * 4 + ["ddeal"] * 4 + ["dopen"] * 4


def test_a_withheld_opening_is_rebuilt_and_the_result_is_the_committed_one() -> None:
    table = _table()
    _to_openings(table)
    expected = _expected(table)
    withheld_secret = table.dealers[2]._task._secret
    for dealer in table.dealers:
        dealer.declare_withheld({2})
    assert table.dealers[0].expected_writers() == {0, 1, 3}
    table.drive()
    assert all(d.result().values == (expected,) for d in table.dealers)
    assert table.dealers[0]._task.values[2] == withheld_secret
    # The withholder cannot come back with its opening now: out of turn, blamed.
    with pytest.raises(TableAborted):
        table.deliver(2, b"\x80")


def test_the_same_secrets_give_the_same_result_opened_or_withheld() -> None:
    table = _table()
    _to_openings(table)
    expected = _expected(table)
    table.drive()  # everyone opens
    assert table.dealers[1].result().values == (expected,)


def test_two_withheld_openings_need_a_lower_threshold() -> None:
    table = _table(4, t=2)
    _to_openings(table)
    expected = _expected(table)
    for dealer in table.dealers:
        dealer.declare_withheld({0, 3})
    table.drive()
    assert table.dealers[1].result().values == (expected,)
    table = _table(4, t=3)
    _to_openings(table)
    with pytest.raises(ProtocolMisuse, match="cannot rebuild"):
        table.dealers[0].declare_withheld({0, 3})


def test_withheld_is_refused_outside_the_openings_and_after_one_is_in() -> None:
    table = _table()
    with pytest.raises(ProtocolMisuse):
        table.dealers[0].declare_withheld({1})
    _to_openings(table)
    with pytest.raises(ProtocolMisuse, match="openings"):
        table.dealers[1].begin_handover(2, cooperative=False)
    table.deliver(0, table.dealers[0].outgoing())
    with pytest.raises(ProtocolMisuse):
        table.dealers[1].declare_withheld({2})


def _on_kind(seat: int, kind: str, change: Callable[[bytes], bytes]):
    state = {"done": False}

    def tamper(who: int, payload: bytes) -> bytes:
        if who == seat and not state["done"] and wire.decode(payload)["t"] == kind:
            state["done"] = True
            return change(payload)
        return payload

    return tamper


def _run_cheat(seat: int, kind: str, change, table: Table | None = None):
    table = table or _table()
    for dealer in table.dealers:
        dealer.begin(RandomInt(BOUND))
    with pytest.raises(TableAborted) as aborted:
        table.drive(_on_kind(seat, kind, change))
    return table, aborted.value


def test_opening_another_value_is_blamed() -> None:
    def change(payload: bytes) -> bytes:
        message = wire.decode(payload)
        message["a"] = encode_scalar((int.from_bytes(message["a"], "little") + 1) % L)
        return wire.encode(message)

    _, exc = _run_cheat(1, "dopen", change)
    assert exc.accused == {1}
    assert "not the value it committed to" in exc.detections[0][1].reason


def test_an_escrowed_value_that_is_not_the_committed_one_is_blamed() -> None:
    def change(payload: bytes) -> bytes:
        message = wire.decode(payload)
        shares = bytearray(message["shares"])
        shares[0] ^= 1
        message["shares"] = bytes(shares)
        return wire.encode(message)

    _, exc = _run_cheat(3, "ddeal", change)
    assert exc.accused == {3}
    assert "does not match its commitment" in exc.detections[0][1].reason


def test_a_bad_share_of_a_drawn_value_is_proven_and_blamed_on_its_dealer() -> None:
    table = _table()
    holder: dict[str, bytes] = {}

    def bad_commit(payload: bytes) -> bytes:
        task = table.dealers[1]._task
        message = wire.decode(task._deal)
        shares = bytearray(message["shares"])
        value = (int.from_bytes(shares[32:64], "little") + 1) % L  # holder seat 2
        shares[32:64] = encode_scalar(value)
        message["shares"] = bytes(shares)
        task._deal = holder["deal"] = wire.encode(message)
        digest = draw_commitment(SESSION, task.round_id, 1, task._deal)
        return wire.encode({"t": emsg.D_COMMIT, "c": digest})

    _, exc = _run_cheat(1, "dcommit", bad_commit, table)
    assert exc.accused == {1}
    assert all("proven by seat 2's complaint" in d.reason for _, d in exc.detections)


def test_a_wrong_share_of_a_withheld_value_is_blamed_on_its_holder() -> None:
    table = _table()
    _to_openings(table)
    for dealer in table.dealers:
        dealer.declare_withheld({2})

    def change(payload: bytes) -> bytes:
        message = wire.decode(payload)
        share = int.from_bytes(message["rec"][0][1], "little")
        message["rec"][0][1] = encode_scalar((share + 1) % L)
        return wire.encode(message)

    with pytest.raises(TableAborted) as aborted:
        table.drive(_on_kind(3, "dopen", change))
    assert aborted.value.accused == {3}
    assert "withheld value" in aborted.value.detections[0][1].reason


def test_a_copied_commitment_and_an_early_opening_are_blamed() -> None:
    table = _table()
    copied: dict[str, bytes] = {}

    def tamper(seat: int, payload: bytes) -> bytes:
        if seat == 0 and "c" not in copied:
            copied["c"] = payload
        return copied["c"] if seat == 1 else payload

    for dealer in table.dealers:
        dealer.begin(RandomInt(BOUND))
    with pytest.raises(TableAborted) as aborted:
        table.drive(tamper)
    assert aborted.value.accused == {1}
    table = _table()

    def early(payload: bytes) -> bytes:
        return emsg.draw_open_message(5, [], [])

    _, exc = _run_cheat(2, "dcommit", early, table)
    assert exc.accused == {2} and "before the commitment set" in exc.detections[0][1].reason
