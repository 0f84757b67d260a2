"""Table benchmark: one complete bot game, each peer its own OS process, over loopback TCP.

This is the real thing, not a simulation: ``peers`` processes of ``p2pbang bot`` with their
own identities and homes, a lobby and a signed genesis, Noise channels, the replicated
signed log, the full mental-poker protocol with every proof checked by every peer, files
fsync-ed as they go. All peers share this machine's cores, so on a LAN (a machine each) a
game is faster than measured here.

Measured: *setup* (from the genesis to the first move: keys, role and deck shuffles with
their arguments, the private deals; every peer's own figure, the slowest reported), *game*
(from the genesis until the peer's log closed and the table confirmed the end), *wall*
(from starting the processes until the last one exited, Python start-up included), and per
peer the CPU time, messages and bytes sent, and peak resident memory.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from p2pbang.engine.choice import GameChoice
from p2pbang.table.choice_flags import flags_for
from p2pbang.table.timing import load_timings

PORT_LINE = re.compile(r"listening on 127\.0\.0\.1:(\d+)")
TARGETS = {"setup_s": 3.0, "game_s": 60.0, "max_rss_mb": 100.0, "move_p50_ms": 20.0}
# Dodge City deals a 120-card deck to up to 8 seats: every shuffle pass and its argument
# are half as big again, and there is one more pass to verify (target: 8-peer 120-card
# set-up <= 4 s, docs/benchmarks.md).
DODGE_CITY_SETUP_S = 4.0


def setup_target(game: str) -> float:
    """The set-up target for a game as ``GameChoice.label`` names it."""
    return DODGE_CITY_SETUP_S if "dodge-city" in game else TARGETS["setup_s"]
TIMEOUT_S = 300.0


def _start(home: Path, args: list[str]) -> tuple[subprocess.Popen, Path]:
    home.mkdir(parents=True)
    out = home / "bot.out"
    with open(out, "wb") as handle:
        process = subprocess.Popen(
            [sys.executable, "-m", "p2pbang.cli", "bot", *args, "--home", str(home),
             "--listen", "127.0.0.1"],
            stdout=handle, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    return process, out


def _wait_for_port(process: subprocess.Popen, out: Path, timeout: float = 30.0) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match = PORT_LINE.search(out.read_text(errors="replace"))
        if match:
            return int(match.group(1))
        if process.poll() is not None:
            break
        time.sleep(0.02)
    raise RuntimeError(f"the opening peer did not start:\n{out.read_text(errors='replace')}")


def _tails(processes: list[tuple[subprocess.Popen, Path]], lines: int = 6) -> str:
    """The end of every peer's output (read before the temporary homes are removed)."""
    parts = []
    for index, (process, out) in enumerate(processes):
        text = out.read_text(errors="replace").splitlines()[-lines:]
        state = "running" if process.poll() is None else f"exit {process.returncode}"
        parts.append(f"--- P{index} ({state})\n" + "\n".join(text))
    return "\n".join(parts)


def _stats(out: Path) -> dict[str, Any]:
    for line in reversed(out.read_text(errors="replace").splitlines()):
        if line.startswith("stats "):
            return json.loads(line[len("stats "):])
    raise RuntimeError(f"a peer printed no statistics:\n{out.read_text(errors='replace')}")


def run_table_bench(peers: int = 7, choice: GameChoice | None = None, drop: int = 0,
                    seed: int | None = None, dropouts: str = "escrow") -> dict[str, Any]:
    """Play one game with ``peers`` bot processes and collect every peer's figures;
    ``choice``: the game the table plays (the base game for ``peers`` when omitted).

    ``drop``: kill that many peers for good (SIGKILL), one at a time at random moments
    mid-game; the table (``--dropouts escrow``, a short dropout wait) replaces each with a
    bot run by another peer, and the others must still agree on the log and the result, and
    the transcript must verify offline. ``dropouts``: the table's choice (``off``: no
    escrow at the set-up, to measure what it costs)."""
    choice = choice or GameChoice.make("bang", peers)  # ChoiceError names the seat range
    peers = choice.seats
    if drop and dropouts != "escrow":
        raise ValueError("--drop needs --dropouts escrow: without escrow nobody can be replaced")
    if not 0 <= drop <= max(0, peers - 3):
        raise ValueError(f"--drop is 0 to {max(0, peers - 3)} at a table of {peers} (a seat "
                         "is replaced with every other seat's agreement, escrow needs three)")
    rng = random.Random(seed)
    keep = os.environ.get("P2PBANG_BENCH_KEEP")  # a directory to keep the peers' homes in
    with (contextlib.nullcontext(tempfile.mkdtemp(prefix="p2pbang-bench-", dir=keep)) if keep
          else tempfile.TemporaryDirectory(prefix="p2pbang-bench-")) as root:
        started = time.perf_counter()
        processes = []
        extra = ["--dropouts", dropouts]
        extra += ["--dropout-wait", str(DROPOUT_WAIT_S)] if drop else []
        opener = _start(Path(root) / "p0", ["--open", "--seats", str(peers), "--player", "P0",
                                            "--timings", str(Path(root) / "p0.timings"),
                                            *extra, *flags_for(choice)])
        processes.append(opener)
        port = _wait_for_port(*opener)
        for index in range(1, peers):
            processes.append(_start(Path(root) / f"p{index}",
                                    ["--peer", f"127.0.0.1:{port}", "--player", f"P{index}",
                                     "--timings", str(Path(root) / f"p{index}.timings")]))
        deadline = time.monotonic() + TIMEOUT_S
        dropped = _drop_peers(processes, drop, rng) if drop else []
        try:
            codes = [process.wait(timeout=max(0.1, deadline - time.monotonic()))
                     for process, _ in processes]
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"the game did not end within {TIMEOUT_S:g} s; each peer's "
                               f"last lines:\n{_tails(processes)}") from None
        finally:
            for process, _ in processes:
                if process.poll() is None:
                    process.kill()
        wall = time.perf_counter() - started
        gone = {index for index, _at, _mid in dropped}
        kept = [index for index in range(peers) if index not in gone]
        stats = [_stats(processes[index][1]) for index in kept]
        timings = [load_timings(Path(root) / f"p{index}.timings") for index in kept]
        heads = len({s["head"] for s in stats})
        codes = [codes[index] for index in kept]
        verified = _verify(Path(root) / f"p{kept[0]}") if drop else None
        replaced = _replacements(processes[kept[0]][1]) if drop else 0
        # A game that did not end alike everywhere is explained by what each peer said last
        # (read now: the temporary homes go with this block).
        failed = (heads != 1 or any(code != 0 for code in codes) or verified not in (None, "")
                  or replaced != len(dropped))
        tails = _tails(processes, lines=10) if failed else ""
    return {"peers": peers, "game": choice.label(), "dropouts": dropouts, "wall_s": wall,
            "codes": codes,
            "stats": stats, "heads": heads, "tails": tails, "dropped": dropped,
            "verified": verified, "replaced": replaced, **move_latencies(timings)}


DROPOUT_WAIT_S = 5
# A drop comes at a random turn this many turns after the set-up, or after the previous
# dropped seat was handed over: a random moment while the game is surely on.
DROP_TURNS = (1, 4)


TURN_LINE = re.compile(r"\] turn \d+: ")


def _drop_peers(processes: list[tuple[subprocess.Popen, Path]], drop: int,
                rng: random.Random) -> list[tuple[int, float, bool]]:
    """Kill ``drop`` peers for good, one at a time, at random moments of the game: at a
    random turn (``DROP_TURNS`` after the set-up, or after the previous seat was handed
    over), so that a game of seconds on a quiet machine is hit mid-game as surely as a
    game of minutes on a loaded one. Returns (peer, seconds after the bench began to wait
    for the game, whether the game was still running)."""
    started = time.monotonic()
    dropped: list[tuple[int, float, bool]] = []
    candidates = list(range(1, len(processes)))
    for number in range(drop):
        if number:  # one at a time: the previous seat is handed over first
            _wait_for_replacements(processes, dropped, number)
        gone = {index for index, _at, _mid in dropped}
        witness = next(i for i in range(len(processes)) if i not in gone)
        _wait_for_turns(processes[witness], rng.randint(*DROP_TURNS))
        time.sleep(rng.uniform(0.0, 0.3))
        # A peer that runs a replaced seat's bot holds two seats: killing it would silence
        # two at once, which no table survives (protocol/seats.md 4.4, liveness).
        runners = _runners(processes)
        victim = rng.choice([c for c in candidates if c not in runners] or candidates)
        candidates.remove(victim)
        process = processes[victim][0]
        gone = {index for index, _at, _mid in dropped}
        running = all(p.poll() is None for i, (p, _) in enumerate(processes) if i not in gone) \
            and not any(RESULT_LINE.search(out.read_text(errors="replace"))
                        for _, out in processes)
        process.kill()
        process.wait()
        dropped.append((victim, round(time.monotonic() - started, 1), running))
    return dropped


def _wait_for_turns(peer: tuple[subprocess.Popen, Path], turns: int) -> None:
    """Until ``peer`` has told ``turns`` more turns than it had (or it stopped)."""
    process, out = peer
    target = len(TURN_LINE.findall(out.read_text(errors="replace"))) + turns
    deadline = time.monotonic() + TIMEOUT_S / 2
    while time.monotonic() < deadline and process.poll() is None:
        if len(TURN_LINE.findall(out.read_text(errors="replace"))) >= target:
            return
        time.sleep(0.05)


def _wait_for_replacements(processes: list[tuple[subprocess.Popen, Path]],
                           dropped: list[tuple[int, float, bool]], count: int) -> None:
    """Until a remaining peer has seen ``count`` seats handed over (or the game ended)."""
    gone = {index for index, _at, _mid in dropped}
    witness = next(i for i in range(len(processes)) if i not in gone)
    deadline = time.monotonic() + TIMEOUT_S / 2
    while time.monotonic() < deadline and processes[witness][0].poll() is None:
        if _replacements(processes[witness][1]) >= count:
            return
        time.sleep(0.2)


RESULT_LINE = re.compile(r"\] result: ")
RUNNER_LINE = re.compile(r"run by P(\d+) \(seat")
REPLACED_LINE = re.compile(r"the hand-over is complete")


def _runners(processes: list[tuple[subprocess.Popen, Path]]) -> set[int]:
    """The peers (bench index, from the "P<i>" names) that run a replaced seat's bot."""
    text = processes[0][1].read_text(errors="replace")
    return {int(match) for match in RUNNER_LINE.findall(text)}


def _replacements(out: Path) -> int:
    """How many hand-overs a peer saw complete (a seat is replaced one at a time: a peer
    that vanishes during another's hand-over stops the table, protocol/seats.md 4.4)."""
    return len(REPLACED_LINE.findall(out.read_text(errors="replace")))


def _verify(home: Path) -> str:
    """Check a remaining peer's transcript offline; "" when it verifies, else the problem."""
    from p2pbang.table.audit import audit
    from p2pbang.table.gamefiles import TRANSCRIPT_FILE, Transcript

    found = sorted(home.rglob(TRANSCRIPT_FILE))
    if not found:
        return "no transcript was saved"
    report = audit(Transcript.decode(found[0].read_bytes()))
    if report.problem is not None:
        return report.problem
    if report.verdict is not None:
        return f"verdict: {report.verdict.reason}"
    return ""


def _percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile (no interpolation: a figure that was measured)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def move_latencies(timings: list[dict[str, Any]]) -> dict[str, Any]:
    """Per move: from its author's decision to the last peer applying it; and each mid-game
    reshuffle as the slowest peer saw it (from the part before it to the reshuffled deck)."""
    latencies = []
    for notes in timings:
        for part, decided in notes["decided"].items():
            applied = [other["applied"].get(part) for other in timings]
            if all(t is not None for t in applied):
                latencies.append(max(applied) - decided)  # type: ignore[type-var]
    reshuffles = [max(seen) for seen in zip(*(n["reshuffles"] for n in timings), strict=False)]
    return {"move_ms": [1000 * v for v in latencies], "reshuffle_ms": [
        1000 * v for v in reshuffles], "roll_ms": [1000 * v for v in roll_latencies(timings)]}


def roll_latencies(timings: list[dict[str, Any]]) -> list[float]:
    """Per roll of the dice: from its request to the last peer knowing the faces, seconds.

    A roll is a chance step: it starts when the move before it is applied (a reroll, or the
    move that ended the previous turn), and only the dealer's commit and reveal parts come
    between. So its request is the decision time of the last move before the part that told
    it (every move's author noted one), and it is known everywhere when the last peer applied
    that part. The game's first roll has no move before it (it follows the deal): skipped."""
    decided = sorted(t for notes in timings for t in notes["decided"].items())
    told = set.intersection(*(set(notes.get("rolls", [])) for notes in timings)) \
        if timings else set()
    latencies = []
    for part in sorted(told):
        before = [when for move, when in decided if move < part]
        applied = [notes["applied"].get(part) for notes in timings]
        if before and all(t is not None for t in applied):
            latencies.append(max(applied) - before[-1])  # type: ignore[type-var]
    return latencies


def format_table_bench(result: dict[str, Any]) -> str:
    stats = result["stats"]

    def column(key: str) -> list[float]:
        return [float(s[key]) for s in stats if s.get(key) is not None]

    def spread(key: str, scale: float = 1.0, unit: str = "") -> str:
        values = [v * scale for v in column(key)]
        return (f"mean {statistics.mean(values):9.1f}{unit}   max {max(values):9.1f}{unit}"
                if values else "n/a")

    setup = max(column("setup_s"), default=float("nan"))
    game = max(column("game_s"), default=float("nan"))
    rss = max(column("max_rss_mb"), default=float("nan"))
    verdict = "yes" if result["heads"] == 1 and all(s["ok"] for s in stats) else "NO"
    lines = [
        f"table bench: {result['peers']} bot peers, one process each, loopback TCP, full "
        f"protocol ({stats[0]['entries']:.0f} log entries)",
        f"  game                           {result.get('game', 'bang')}, dropouts "
        f"{result.get('dropouts', 'escrow')}",
        f"  setup (genesis -> first move)  {setup:7.2f} s   target <= "
        f"{setup_target(result.get('game', 'bang')):g} s",
        f"  game (genesis -> end agreed)   {game:7.2f} s   target <  {TARGETS['game_s']:g} s",
        f"  wall (processes start -> exit) {result['wall_s']:7.2f} s",
        f"  set-up CPU per peer            {spread('setup_cpu_s', unit=' s')}   "
        f"(sum {sum(column('setup_cpu_s')):.1f} s on this machine's cores)",
        f"  CPU per peer                   {spread('cpu_s', unit=' s')}",
        f"  messages sent per peer         {spread('messages_sent')}",
        f"  KiB sent per peer              {spread('bytes_sent', 1 / 1024)}",
        f"  peak memory per peer           {spread('max_rss_mb', unit=' MB')}   "
        f"target < {TARGETS['max_rss_mb']:g} MB (max {rss:.1f})",
        _move_line(result.get("move_ms", [])),
        _reshuffle_line(result.get("reshuffle_ms", [])),
        *_roll_line(result.get("roll_ms", [])),
        f"  every peer finished with the same log and result: {verdict}",
    ]
    for peer, at, mid in result.get("dropped", []):
        lines.append(f"  dropped P{peer} for good (SIGKILL) at {at:.1f} s"
                     f"{'' if mid else ' (AFTER THE END: nothing to replace)'}")
    handovers = [(key, float(s[key])) for s in stats for key in s if key.startswith("handover")]
    for key in sorted({key for key, _ in handovers}):
        values = [value for k, value in handovers if k == key]
        lines.append(f"  {key[:-2]}: decision -> next move due  max {max(values):6.2f} s   "
                     f"(mean {statistics.mean(values):.2f} s over {len(values)} peers)")
    if result.get("dropped"):
        lines.append(f"  seats handed to a new holder:  {result.get('replaced', 0)} "
                     f"(of {len(result['dropped'])} dropped)")
    if result.get("verified") is not None:
        lines.append("  transcript verifies offline: "
                     f"{'yes' if result['verified'] == '' else 'NO: ' + result['verified']}")
    if result.get("tails"):
        lines += ["each peer's last lines:", result["tails"]]
    return "\n".join(lines)


def _move_line(moves: list[float]) -> str:
    if not moves:
        return "  move (decided -> all applied)  n/a"
    return (f"  move (decided -> all applied)  p50 {_percentile(moves, 0.5):6.1f} ms   "
            f"p99 {_percentile(moves, 0.99):6.1f} ms   ({len(moves)} moves)   "
            f"target p50 <= {TARGETS['move_p50_ms']:g} ms")


def _reshuffle_line(reshuffles: list[float]) -> str:
    if not reshuffles:
        return "  mid-game reshuffle             none in this game"
    shown = ", ".join(f"{v:.0f}" for v in reshuffles)
    return f"  mid-game reshuffle             {shown} ms (slowest peer)"


def _roll_line(rolls: list[float]) -> list[str]:
    """The Dice Game's figure (no line for the games without dice)."""
    if not rolls:
        return []
    return [f"  roll (request -> all know it)  median {statistics.median(rolls):6.1f} ms   "
            f"p99 {_percentile(rolls, 0.99):6.1f} ms   ({len(rolls)} rolls)"]


def print_table_bench(peers: int = 7, choice: GameChoice | None = None, drop: int = 0,
                      seed: int | None = None, dropouts: str = "escrow") -> int:
    """Run the benchmark and print its report (what ``p2pbang bench table`` shows)."""
    result = run_table_bench(peers, choice, drop, seed, dropouts)
    print(format_table_bench(result))
    ok = result["heads"] == 1 and all(code == 0 for code in result["codes"])
    ok = ok and result.get("verified") in (None, "")
    ok = ok and all(mid for _peer, _at, mid in result.get("dropped", []))
    ok = ok and result.get("replaced", 0) == len(result.get("dropped", []))
    return 0 if ok else 1


__all__ = ["format_table_bench", "print_table_bench", "run_table_bench"]
