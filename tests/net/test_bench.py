"""The network benchmark runs end to end on a small table (the full one is `p2pbang bench`)."""

from __future__ import annotations

from p2pbang.net.bench import format_net_bench, print_net_bench, run_net_bench_async


async def test_small_bench_replicates_the_log_and_reports_figures():
    result = await run_net_bench_async(peers=3, entries=30, payload_bytes=64)
    assert result["mode"] == "log" and result["peers"] == 3 and result["entries"] == 30
    assert result["logs_identical"] and result["faults"] == 0
    assert 0 < result["append_each_ms_p50"] <= result["append_each_ms_p99"]
    assert result["append_each_ms_p50"] <= result["append_all_ms_p50"]
    assert result["entries_per_s"] > 0
    # every entry went to two peers at least once: 10 authored entries x 2 per peer
    assert result["messages_sent_per_peer"] >= 20
    text = format_net_bench(result)
    assert "3 peers" in text and "logs identical: yes" in text


def test_print_net_bench_runs_and_prints(capsys):
    print_net_bench(peers=2, entries=10, payload_bytes=16)
    out = capsys.readouterr().out
    assert "2 peers on loopback, 10 log entries of 16 B" in out and "logs identical: yes" in out
