"""How ``bench table`` combines the peers' timing notes into per-move figures."""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pbang.engine.actions import Event
from p2pbang.table.bench import _percentile, move_latencies
from p2pbang.table.timing import Timings, load_timings


def test_a_move_counts_until_the_last_peer_applied_it() -> None:
    author = {"decided": {5: 10.0, 9: 20.0}, "applied": {5: 10.001, 9: 20.002},
              "reshuffles": [0.3]}
    other = {"decided": {}, "applied": {5: 10.004, 9: 20.010}, "reshuffles": [0.5]}
    figures = move_latencies([author, other])
    assert figures["move_ms"] == pytest.approx([4.0, 10.0])
    assert figures["reshuffle_ms"] == pytest.approx([500.0])


def test_a_move_some_peer_never_applied_is_left_out() -> None:
    author = {"decided": {5: 10.0}, "applied": {5: 10.001}, "reshuffles": []}
    other = {"decided": {}, "applied": {}, "reshuffles": []}
    assert move_latencies([author, other]) == {"move_ms": [], "reshuffle_ms": [], "roll_ms": []}


def test_percentiles_are_measured_values() -> None:
    values = [float(v) for v in range(1, 101)]
    assert _percentile(values, 0.5) == 50.0
    assert _percentile(values, 0.99) == 99.0
    assert _percentile([7.0], 0.99) == 7.0


def test_notes_survive_their_file(tmp_path: Path) -> None:
    notes = Timings(tmp_path / "p0.timings")
    notes.decided[3] = 1.5
    notes.note_applied(3, [Event("draw", seat=0)])
    notes.note_applied(7, [Event("reshuffle", value=30)])
    notes.save()
    loaded = load_timings(tmp_path / "p0.timings")
    assert loaded["decided"] == {3: 1.5}
    assert sorted(loaded["applied"]) == [3, 7]
    assert len(loaded["reshuffles"]) == 1 and loaded["reshuffles"][0] >= 0


def test_a_dodge_city_table_has_the_120_card_setup_target() -> None:
    from p2pbang.table.bench import setup_target

    assert setup_target("bang+dodge-city, 8 seats") == 4.0
    assert setup_target("bang, 7 seats") == 3.0


def test_a_roll_counts_from_the_move_before_it_to_the_last_peer_knowing_it() -> None:
    """Given a reroll decided at t=20 (part 9) whose faces are told by part 12, when the
    slower peer applies part 12 at t=20.05, then the roll took 50 ms; the game's first roll
    (part 4, after the deal, no move before it) is not counted."""
    author = {"decided": {9: 20.0}, "applied": {4: 5.0, 9: 20.001, 12: 20.02},
              "reshuffles": [], "rolls": [4, 12]}
    other = {"decided": {}, "applied": {4: 5.01, 9: 20.003, 12: 20.05},
             "reshuffles": [], "rolls": [4, 12]}
    assert move_latencies([author, other])["roll_ms"] == pytest.approx([50.0])


def test_roll_parts_are_noted_and_saved(tmp_path: Path) -> None:
    notes = Timings(tmp_path / "p0.timings")
    notes.note_applied(3, [Event("turn", seat=0)])
    notes.note_applied(5, [Event("roll", seat=0, value=7)])
    notes.save()
    assert load_timings(tmp_path / "p0.timings")["rolls"] == [5]


def _peer_stats(head: str) -> dict:
    return {"entries": 40, "setup_s": 1.0, "game_s": 3.0, "setup_cpu_s": 0.5, "cpu_s": 1.0,
            "messages_sent": 100, "bytes_sent": 2048, "max_rss_mb": 60.0, "ok": True,
            "head": head}


def test_a_table_that_did_not_agree_says_so_with_each_peers_last_words() -> None:
    from p2pbang.table.bench import format_table_bench

    result = {"peers": 2, "game": "bang+gold-rush, 4 seats", "wall_s": 5.0, "codes": [0, 1],
              "stats": [_peer_stats("aa"), _peer_stats("bb")], "heads": 2,
              "tails": "--- P1 (exit 1)\nVERDICT: P0 (seat 0) illegal move",
              "move_ms": [], "reshuffle_ms": [], "roll_ms": []}
    text = format_table_bench(result)
    assert "same log and result: NO" in text
    assert text.endswith("each peer's last lines:\n--- P1 (exit 1)\n"
                         "VERDICT: P0 (seat 0) illegal move")
    agreed = {**result, "codes": [0, 0], "heads": 1, "tails": "",
              "stats": [_peer_stats("aa"), _peer_stats("aa")]}
    assert "last lines" not in format_table_bench(agreed)
    assert format_table_bench(agreed).endswith("same log and result: yes")
