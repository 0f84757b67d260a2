"""The benchmark runs end to end and reports real, self-consistent figures."""

from __future__ import annotations

import pytest

from p2pbang.crypto.bench import print_crypto_bench, run_crypto_bench


def test_small_bench_reports_every_figure(capsys) -> None:
    report = run_crypto_bench(cards=6, peers=3)
    for key in ("pass_ms", "verify_ms", "share_ms", "verify_share_ms", "setup_wall_ms",
                "setup_cpu_ms", "setup_critical_path_ms"):
        assert report[key] > 0
    # m = 1 Bayer-Groth: about 5n + 11 multiplications to verify, about 8n + 10 to prove.
    assert 5 * 6 <= report["verify_scalar_mults"] <= 5 * 6 + 12
    assert report["pass_scalar_mults"] >= 7 * 6
    assert report["share_scalar_mults"] == 3 and report["verify_share_scalar_mults"] == 4
    # keys (3) + 3 role-deck passes over 2 cards + 3 deck passes
    assert report["setup_messages"] == 9
    assert set(report["meets_targets"]) == set(report["targets_ms"])
    # The hand reorder: a pass over the hand, then shares from the 2 other peers.
    assert report["reorder_pass_ms"] > 0 and report["reorder_verify_ms"] > 0
    assert 5 * report["reorder_hand"] <= report["reorder_verify_scalar_mults"]
    assert report["reorder_table_messages"] == 3 and report["reorder_table_bytes"] > 0
    print_crypto_bench(cards=4, peers=2)
    out = capsys.readouterr().out
    assert "shuffle pass" in out and "ReorderHand" in out


def test_bench_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        run_crypto_bench(cards=1, peers=3)


def test_escrow_bench_measures_setup_and_handover(capsys) -> None:
    from p2pbang.dealer.bench_escrow import escrow_setup, handover_cost, print_escrow_bench

    setup = escrow_setup(3)
    assert setup["escrow_messages"] == 6 and setup["escrow_bytes"] > 0
    assert setup["with_escrow_mults"] > setup["keys_only_mults"]
    coop = handover_cost(16, 3, cooperative=True)
    # open, the leaver's partials, close, the 2 other seats' delivery shares
    assert coop["messages"] == 5 and coop["scalar_mults"] > 0
    gone = handover_cost(16, 3, cooperative=False)
    # open, 2 holders' partials, close, 2 delivery shares, then 3 escrows + 3 complaints
    assert gone["messages"] == 12
    with pytest.raises(ValueError):
        handover_cost(10, 3, cooperative=True)
    print_escrow_bench((3,), (16,), 3)
    assert "vanished + re-share" in capsys.readouterr().out
