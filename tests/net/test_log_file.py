"""``p2pbang.log`` stays bounded under a connection flood (issue 22, point 10).

A flood of connections used to grow the home's log by about 1.3 GB an hour: one warning per
refused connection, into a file nothing rotated. The file now rotates (a few MB times a few
files) and the mesh says a repeated per-connection warning a few times, then how many it
left out."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

import trio

from p2pbang.commands import table_commands
from p2pbang.net.identity import Identity
from p2pbang.net.mesh import ConnectionEvent, MeshConfig, open_mesh
from p2pbang.net.ratelog import RepeatLimiter

from .meshkit import TABLE, make_registry


def _detach_file_handlers() -> None:
    logger = logging.getLogger("p2pbang")
    for handler in [h for h in logger.handlers if isinstance(h, logging.FileHandler)]:
        logger.removeHandler(handler)
        handler.close()


def test_the_homes_log_rotates_at_a_bounded_size(tmp_path: Path) -> None:
    _detach_file_handlers()
    try:
        home = table_commands._home(argparse.Namespace(home=str(tmp_path)))
        noisy = logging.getLogger("p2pbang.net.mesh")
        line = "x" * 200
        for n in range(120_000):  # about 25 MB of warnings
            noisy.warning("flood %d %s", n, line)
    finally:
        _detach_file_handlers()
    files = sorted(home.glob(table_commands.LOG_NAME + "*"))
    total = sum(f.stat().st_size for f in files)
    assert len(files) > 1, files  # it did rotate
    assert total <= 5 * 4 * 1024 * 1024, (total, files)
    # The newest lines are kept.
    assert "flood 119999" in (home / table_commands.LOG_NAME).read_text(encoding="utf-8")


async def test_a_connection_flood_logs_a_bounded_number_of_lines(caplog) -> None:
    config = MeshConfig(heartbeat_interval=0.2, heartbeat_timeout=1.0, preamble_timeout=0.2)
    caplog.set_level(logging.INFO, logger="p2pbang.net.mesh")
    async with open_mesh(Identity.generate("Host"), TABLE, make_registry(),
                         config=config) as mesh:
        for _ in range(300):  # each sends garbage instead of a hello and is refused
            stream = await trio.open_tcp_stream("127.0.0.1", mesh.port,
                                                local_address="127.0.0.2")
            async with stream:
                await stream.send_all(b"\xff\xff\xff\xff garbage")
                with trio.move_on_after(1):
                    while await stream.receive_some(100):
                        pass
        await trio.sleep(0.1)
    refused = [r for r in caplog.records if "rejected" in r.getMessage()]
    summaries = [r for r in caplog.records if "similar" in r.getMessage()]
    assert 1 <= len(refused) <= 20, len(refused)
    assert refused[0].levelno == logging.WARNING
    # What was left out is counted, not silently dropped (said when the mesh closes, or
    # at the next such line after the window).
    assert summaries, [r.getMessage() for r in caplog.records][-5:]


def test_the_limiter_counts_what_it_leaves_out_and_says_it_after_the_window() -> None:
    now = [0.0]
    limiter = RepeatLimiter(per_window=2, window=10.0, max_kinds=3, clock=lambda: now[0])
    assert [limiter.allow("a") for _ in range(4)] == [(True, 0), (True, 0), (False, 0),
                                                      (False, 0)]
    assert limiter.allow("b") == (True, 0)  # another kind has its own budget
    now[0] = 10.0
    assert limiter.allow("a") == (True, 2)  # the new window reports the two left out
    for kind in ("c", "d", "e"):  # more kinds than remembered share one budget
        limiter.allow(kind)
    assert len(limiter._counts) <= 3 + 1
    limiter.allow("a"), limiter.allow("a")
    assert ("a", 1) in limiter.drain()
    assert limiter.drain() == []


async def test_a_flood_from_more_sources_than_remembered_is_still_counted(caplog) -> None:
    """Beyond the kinds the limiter remembers, the rest share one budget, and the count of
    what was left out is still written when the mesh closes."""
    caplog.set_level(logging.INFO, logger="p2pbang.net.mesh")
    async with open_mesh(Identity.generate("Host"), TABLE, make_registry()) as mesh:
        mesh._log_limiter = RepeatLimiter(per_window=1, max_kinds=2)
        for n in range(6):
            mesh._emit(ConnectionEvent("rejected", None, "no hello", True, "",
                                       (f"127.0.0.{n + 2}", 1000)))
    lines = [r.getMessage() for r in caplog.records]
    assert sum("rejected" in line and "no hello" in line and "similar" not in line
               for line in lines) == 3
    assert any("3 similar lines (other sources)" in line for line in lines), lines
