"""Bot peers as real OS processes on 127.0.0.1, each with its own home directory.

Every peer is ``python -m p2pbang.cli bot ...``: its own identity, keys, mesh, log and
files, talking to the others over loopback TCP. One opens the table (``--open``) and the
others join it by address (``--peer``), exactly as players on a LAN would without mDNS.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PORT_LINE = re.compile(r"listening on 127\.0\.0\.1:(\d+)")


@dataclass
class Peer:
    name: str
    home: Path
    out: Path
    process: subprocess.Popen

    def text(self) -> str:
        return self.out.read_text(encoding="utf-8", errors="replace")

    def line(self, prefix: str) -> str:
        """The value of the last line that starts (after the timestamp) with ``prefix``."""
        found = [line.split("] ", 1)[-1] for line in self.text().splitlines()
                 if line.split("] ", 1)[-1].startswith(prefix)]
        assert found, f"{self.name} printed no {prefix!r} line:\n{self.text()[-3000:]}"
        return found[-1][len(prefix):].strip()

    def chair(self, player: str) -> int:
        """The seat ``player`` sits in as every line numbers it (1-n clockwise), from this
        peer's "seats clockwise" line; a game stopped before its seating was drawn has none,
        and the roster place + 1 stands in (from this peer's genesis)."""
        lines = [line for line in self.text().splitlines() if "seats clockwise: " in line]
        if not lines:
            from p2pbang.table.gamefiles import GameFiles

            genesis = GameFiles(self.game_dir).load_genesis()
            return [seat.name for seat in genesis.seats].index(player) + 1
        seating = lines[-1].split("seats clockwise: ", 1)[1].split(", ")
        for entry in seating:
            number, _space, name = entry.partition(" ")
            if name == player:
                return int(number)
        raise AssertionError(f"{player} is not in {self.name}'s seating {seating}")

    @property
    def head(self) -> str:
        return self.line("log:").rsplit("head ", 1)[1]

    @property
    def result(self) -> str:
        return self.line("result:")

    @property
    def game_dir(self) -> Path:
        return Path(self.line("game saved:"))

    @property
    def stats(self) -> dict:
        return json.loads(self.line("stats"))

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("P2PBANG_HOME", None)
    return env


def cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run ``p2pbang ARGS`` to completion and capture its output."""
    return subprocess.run([sys.executable, "-m", "p2pbang.cli", *args], cwd=REPO, env=_env(),
                          capture_output=True, text=True, timeout=timeout)


def start(directory: Path, name: str, *args: str, out_suffix: str = "") -> Peer:
    home = directory / name
    home.mkdir(parents=True, exist_ok=True)
    out = directory / f"{name}{out_suffix}.out"
    handle = open(out, "wb")  # noqa: SIM115 (the child process owns it)
    process = subprocess.Popen([sys.executable, "-m", "p2pbang.cli", *args, "--home", str(home)],
                               cwd=REPO, env=_env(), stdout=handle, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL)
    handle.close()
    return Peer(name, home, out, process)


def wait_for(peer: Peer, pattern: str, timeout: float = 30) -> re.Match:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match = re.search(pattern, peer.text())
        if match:
            return match
        if peer.process.poll() is not None:
            break
        time.sleep(0.05)
    raise AssertionError(f"{peer.name} never printed {pattern!r}:\n{peer.text()[-3000:]}")


def table(directory: Path, seats: int, *, cheats: dict[int, str] | None = None,
          record: dict[int, Path] | None = None, max_wait: float = 60,
          game: tuple[str, ...] = (), dropouts: str = "off") -> list[Peer]:
    """Start ``seats`` bot peers: peer 0 opens the table (with the game flags ``game``, e.g.
    ``("--expansions", "dodge-city")``), the others join by address and play its game.

    ``dropouts`` is ``off`` by default: these tests stop, kill and resume peers and expect
    the table to wait for them (with escrow it would replace them after the dropout wait;
    that is ``tests/e2e/test_dropouts.py``'s)."""
    cheats, record = cheats or {}, record or {}

    def extra(index: int) -> list[str]:
        args = ["--listen", "127.0.0.1", "--name", f"P{index}", "--max-wait", str(max_wait)]
        if index in cheats:
            args += ["--cheat", cheats[index]]
        if index in record:
            args += ["--record", str(record[index])]
        return args

    opener = start(directory, "p0", "bot", "--open", "--seats", str(seats), *game,
                   "--dropouts", dropouts, *extra(0))
    port = wait_for(opener, PORT_LINE.pattern).group(1)
    peers = [opener]
    for index in range(1, seats):
        peers.append(start(directory, f"p{index}", "bot", "--peer", f"127.0.0.1:{port}",
                           *extra(index)))
    return peers


def finish(peers: list[Peer], timeout: float = 90) -> list[int]:
    """Wait for every peer to exit; kill them all and fail if that takes too long."""
    deadline = time.monotonic() + timeout
    codes = []
    try:
        for peer in peers:
            codes.append(peer.process.wait(timeout=max(0.1, deadline - time.monotonic())))
    except subprocess.TimeoutExpired:
        for peer in peers:
            if peer.process.poll() is None:
                peer.process.kill()
                peer.process.wait()
        outputs = "\n".join(f"--- {p.name}\n{p.text()[-2000:]}" for p in peers)
        raise AssertionError(f"the game did not finish in {timeout} s\n{outputs}") from None
    return codes


def describe(peers: list[Peer]) -> str:
    return "\n".join(f"--- {p.name} (exit {p.process.returncode})\n{p.text()[-2500:]}"
                     for p in peers)


def cheated_table(directory: Path, seats: int, cheats: dict[int, str], attempts: int = 3,
                  **options: object) -> tuple[list[Peer], list[int]]:
    """A table with ``cheats``, played to its end; played again (up to ``attempts`` games)
    when it ended honestly because a cheating seat was eliminated before its chance came
    (the deal is random: nothing is stacked). Returns the last game's peers and codes."""
    for attempt in range(attempts):
        place = directory / f"game{attempt}"
        place.mkdir()
        peers = table(place, seats, cheats=cheats, **options)  # type: ignore[arg-type]
        codes = finish(peers)
        if any(code != 0 for code in codes):
            break
    return peers, codes


def card_game_agreed(directory: Path, seats: int, expansions: list[str],
                     variants: list[str], timeout: float) -> None:
    """``seats`` bot peers play a card game with these sets to its end; every peer ends on
    the same log and result with the choice in its files, and the saved game verifies
    (bound by the genesis) and replays offline."""
    from p2pbang.table.audit import audit
    from p2pbang.table.gamefiles import TRANSCRIPT_FILE, load_transcript

    flags = [*(["--expansions", ",".join(expansions)] if expansions else []),
             *(flag for name in variants for flag in ("--variant", name))]
    peers = table(directory, seats, game=tuple(flags))
    codes = finish(peers, timeout=timeout)
    assert codes == [0] * seats, describe(peers)
    assert len({peer.head for peer in peers}) == 1, describe(peers)
    assert len({peer.result for peer in peers}) == 1
    for peer in peers:
        meta = json.loads((peer.game_dir / "table.json").read_text())
        assert meta["game"] == {"game": "bang", "seats": seats, "expansions": expansions,
                                "variants": variants}
    label = "+".join(["bang", *expansions, *variants])
    done = cli("verify", str(peers[-1].game_dir / TRANSCRIPT_FILE))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"game: {label}, {seats} seats (bound by the genesis)" in done.stdout
    assert "complete game" in done.stdout
    for peer in peers[:-1]:
        assert audit(load_transcript(peer.game_dir / TRANSCRIPT_FILE)).complete
    # Canonical: every peer saved the very same bytes (protocol/table.md 5.3).
    assert len({(peer.game_dir / TRANSCRIPT_FILE).read_bytes() for peer in peers}) == 1
    told = cli("replay", str(peers[0].game_dir))
    assert told.returncode == 0, told.stderr
    assert "The table at the end:" in told.stdout
