"""The offline audit of a saved game: a complete honest game passes; every kind of damage is
reported with its log position and the seat it is attributed to, never as a crash."""

from __future__ import annotations

import msgpack
import pytest

from p2pbang.crypto import wire
from p2pbang.engine.actions import Choose
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.wire import to_wire
from p2pbang.net.lobby import Genesis
from p2pbang.net.log import Entry, Part
from p2pbang.table.audit import audit
from p2pbang.table.core import DEAL, MOVE
from p2pbang.table.gamefiles import GameFileError, Transcript
from p2pbang.table.seats import seat_number
from p2pbang.ui.replay import replay

from .signed_table import SignedTable, random_choosers


@pytest.fixture(scope="module")
def game() -> SignedTable:
    table = SignedTable(4)
    table.run(random_choosers(4, seed=11))
    return table


def test_a_complete_honest_game_checks_out(game: SignedTable) -> None:
    report = audit(game.transcript())
    assert report.complete, report.lines()
    assert report.entries == len(game.logs[0])
    assert report.end == game.cores[0].over
    assert any("complete game" in line for line in report.lines())


def test_the_transcript_survives_its_own_encoding(game: SignedTable) -> None:
    transcript = game.transcript()
    again = Transcript.decode(transcript.encode())
    assert again.entries == transcript.entries
    assert again.genesis.session_id == transcript.genesis.session_id
    assert again.genesis.signatures == transcript.genesis.signatures


@pytest.mark.parametrize("data,words", [
    (b"", "the file is empty"),
    (msgpack.packb({"type": "p2pbang/transcript", "entries": [b"x" * 40]})[:-5], "cut short"),
    (b"\x93\x01\x02\x03", "not a p2pbang transcript"),
    (msgpack.packb({"type": "p2pbang/transcript", "v": 9}), "version 9"),
])
def test_garbage_is_not_a_transcript(data: bytes, words: str) -> None:
    with pytest.raises(GameFileError, match=words):
        Transcript.decode(data)


def test_a_flipped_bit_is_pinned_to_its_entry_and_seat(game: SignedTable) -> None:
    transcript = game.transcript()
    target = 20
    raw = bytearray(transcript.entries[target])
    raw[-70] ^= 0x04  # inside the last part's payload or signature
    transcript.entries[target] = bytes(raw)
    report = audit(transcript)
    assert not report.complete
    assert report.problem is not None and report.problem.startswith(f"entry {target}")
    last_seat = Entry.decode(game.transcript().entries[target]).parts[-1].seat
    assert report.core is not None
    assert f"(seat {seat_number(report.core.game, last_seat)})" in report.problem


def test_entries_out_of_order_are_refused(game: SignedTable) -> None:
    transcript = game.transcript()
    transcript.entries[5], transcript.entries[6] = transcript.entries[6], transcript.entries[5]
    report = audit(transcript)
    assert report.problem is not None and report.problem.startswith("entry 5")


def test_an_entry_after_the_end_is_refused(game: SignedTable) -> None:
    transcript = game.transcript()
    transcript.entries.append(transcript.entries[-1])
    report = audit(transcript)
    assert report.problem is not None
    assert f"entry {len(transcript.entries) - 1}" in report.problem


def test_a_short_log_is_an_unfinished_game(game: SignedTable) -> None:
    transcript = game.transcript()
    transcript.entries = transcript.entries[:40]
    report = audit(transcript)
    assert report.problem is not None and "unfinished" in report.problem
    assert "position 40" in report.problem


def test_an_unsigned_genesis_is_refused(game: SignedTable) -> None:
    genesis = game.genesis
    unsigned = Genesis(genesis.data, genesis.session_id, genesis.table_id, genesis.version,
                       genesis.settings, genesis.seats, dict(list(genesis.signatures.items())[1:]))
    report = audit(Transcript(unsigned, game.transcript().entries))
    assert report.problem is not None and "lacks the signature" in report.problem


def test_a_re_signed_illegal_move_is_caught_by_the_rules(game: SignedTable) -> None:
    transcript = game.transcript()
    entries = [Entry.decode(raw) for raw in transcript.entries]
    index = next(i for i, e in enumerate(entries) if e.parts[0].kind == MOVE)
    author = entries[index].parts[0].seat
    payload = msgpack.packb({"a": to_wire(Choose(999)), "r": []}, use_bin_type=True)
    forged = Part.create(game.identities[author].private_key, game.genesis.session_id, index,
                         entries[index].prev, author, MOVE, payload)
    transcript.entries = [*transcript.entries[:index], Entry([forged]).raw]
    report = audit(transcript)
    assert report.problem is None
    assert report.verdict is not None and report.verdict.seat == author
    assert "illegal move" in report.verdict.reason
    assert not report.complete


def test_replay_prints_the_game_and_the_roles(game: SignedTable, capsys) -> None:
    import io

    out = io.StringIO()
    assert replay(game.transcript(), out=out) == 0
    text = out.getvalue()
    assert "--- Turn 1:" in text and "The table at the end:" in text
    assert text.count("seat ") >= 4


def _withheld_opening() -> tuple[SignedTable, int]:
    """A dice table whose first public draw stops: every seat but one wrote its opening."""
    table = SignedTable(3, GameChoice.make("dice", 3))
    choosers = random_choosers(3)
    while True:
        turn = table.logs[0].open_turn()
        assert turn is not None
        cores = [table.cores[s] for s in sorted(turn.seats)]
        if len(turn.seats) == 3 and all(c.expected().kind == DEAL for c in cores) and any(
                wire.decode(c.my_deal_payload())["t"] == "reveal" for c in cores):
            break
        table.step(choosers)
    withholder = 1
    for seat in sorted(set(turn.seats) - {withholder}):
        payload = table.cores[seat].my_deal_payload()
        table.deliver(table.sign(seat, DEAL, payload))
    return table, withholder


def test_a_saved_game_stopped_by_a_withheld_part_names_the_withholder() -> None:
    """The others' signed parts of the open position are saved with the game, so the audit
    names the seat that owes its part, as the live peers did (not every seat of it)."""
    table, withholder = _withheld_opening()
    transcript = Transcript(table.genesis, [e.raw for e in table.logs[0].entries()],
                            open_parts=[p.raw for p in table.logs[0].pending_parts()])
    again = Transcript.decode(transcript.encode())
    assert again.open_parts == transcript.open_parts and len(again.open_parts) == 2
    report = audit(again)
    assert report.verdict is None and report.end is None
    name = table.identities[withholder].name
    chair = seat_number(table.cores[0].game, withholder)
    assert f"waiting for {name} (seat {chair}): it did not write" in report.problem, \
        report.problem
    # A finished game has no open parts, and its transcript keeps the format it had.
    assert b"open" not in Transcript(table.genesis, []).encode()


def test_a_forged_open_part_is_pinned_to_its_seat() -> None:
    table, _ = _withheld_opening()
    parts = [bytearray(p.raw) for p in table.logs[0].pending_parts()]
    parts[0][-1] ^= 1  # the signature no longer holds
    transcript = Transcript(table.genesis, [e.raw for e in table.logs[0].entries()],
                            open_parts=[bytes(p) for p in parts])
    report = audit(transcript)
    assert report.problem is not None and "open position" in report.problem, report.problem
    assert "seat 0" in report.problem
