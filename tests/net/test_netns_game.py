"""Four bot peers in their own network namespaces on a virtual bridge (issue 10).

Each peer is a real process in its own namespace with its own address (10.231.K.x/24 on a
bridge inside a namespace this test creates, connected to nothing else). The opener
announces the table over real DNS-SD (multicast on the bridge); the others find it by name.
Mid-game one peer's cable is pulled (its bridge port goes down) for longer than the
heartbeat timeout, then put back, and the game must still finish identically for all.
Skipped with the reason where network namespaces cannot be made (not root, no ``ip``).
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PEERS = 4
SUBNET = 231  # 10.231.K.0/24, K random per run: only inside namespaces made here
OUTAGE = 6.0  # seconds the cable stays out: more than the 4 s heartbeat timeout

pytestmark = pytest.mark.slow


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


def _netns_problem() -> str:
    if os.geteuid() != 0:
        return "network namespaces need root"
    if shutil.which("ip") is None:
        return "no `ip` command (iproute2)"
    probe = f"nhprobe{secrets.token_hex(3)}"
    try:
        _ip("netns", "add", probe)
    except (subprocess.CalledProcessError, OSError) as exc:
        return f"cannot create a network namespace: {exc}"
    _ip("netns", "del", probe)
    return ""


class Bridge:
    """A bridge in its own namespace and one namespace per peer, each on one bridge port."""

    def __init__(self) -> None:
        self.tag = secrets.token_hex(2)
        self.octet = 1 + secrets.randbelow(250)
        self.hub = f"nh{self.tag}br"
        self.namespaces: list[str] = []

    def port(self, index: int) -> str:
        return f"nh{self.tag}p{index}"  # the bridge's end of the peer's cable

    def address(self, index: int) -> str:
        return f"10.{SUBNET}.{self.octet}.{index + 1}"

    def build(self, count: int) -> list[str]:
        _ip("netns", "add", self.hub)
        self.namespaces.append(self.hub)
        _ip("-n", self.hub, "link", "add", "br0", "type", "bridge")
        _ip("-n", self.hub, "link", "set", "br0", "up")
        peers = []
        for index in range(count):
            space = f"nh{self.tag}n{index}"
            _ip("netns", "add", space)
            self.namespaces.append(space)
            _ip("-n", space, "link", "set", "lo", "up")
            _ip("-n", space, "link", "add", "eth0", "type", "veth",
                "peer", "name", self.port(index), "netns", self.hub)
            _ip("-n", space, "addr", "add", f"{self.address(index)}/24", "dev", "eth0")
            _ip("-n", space, "link", "set", "eth0", "up")
            _ip("-n", space, "route", "add", "224.0.0.0/4", "dev", "eth0")
            _ip("-n", self.hub, "link", "set", self.port(index), "master", "br0")
            _ip("-n", self.hub, "link", "set", self.port(index), "up")
            peers.append(space)
        return peers

    def cable(self, index: int, up: bool) -> None:
        _ip("-n", self.hub, "link", "set", self.port(index), "up" if up else "down")

    def remove(self) -> None:
        for space in reversed(self.namespaces):  # a namespace takes its veth ends with it
            subprocess.run(["ip", "netns", "del", space], capture_output=True, timeout=10)


def _bot(space: str, home: Path, *args: str) -> tuple[subprocess.Popen, Path]:
    home.mkdir(parents=True)
    out = home.with_suffix(".out")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("P2PBANG_HOME", None)
    with open(out, "wb") as handle:
        process = subprocess.Popen(
            ["ip", "netns", "exec", space, sys.executable, "-m", "p2pbang.cli", "bot", *args,
             "--home", str(home), "--max-wait", "90"],
            cwd=REPO, env=env, stdout=handle, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    return process, out


def _wait_for(out: Path, pattern: str, process: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if re.search(pattern, out.read_text(errors="replace")):
            return
        if process.poll() is not None:
            break
        time.sleep(0.1)
    raise AssertionError(f"never printed {pattern!r}:\n{out.read_text(errors='replace')[-3000:]}")


def _head(out: Path) -> str:
    lines = [line.split("] ", 1)[-1] for line in out.read_text(errors="replace").splitlines()]
    heads = [line for line in lines if line.startswith("log:")]
    assert heads, out.read_text(errors="replace")[-3000:]
    return heads[-1].rsplit("head ", 1)[1]


def test_a_game_across_namespaces_survives_a_pulled_cable(tmp_path: Path) -> None:
    problem = _netns_problem()
    if problem:
        pytest.skip(problem)
    bridge = Bridge()
    processes: list[tuple[subprocess.Popen, Path]] = []
    try:
        spaces = bridge.build(PEERS)
        name = f"Netns-{bridge.tag}"
        processes.append(_bot(spaces[0], tmp_path / "p0", "--open", "--announce", "--seats",
                              str(PEERS), "--table-name", name, "--name", "P0"))
        _wait_for(processes[0][1], r"table open: listening", processes[0][0], 30)
        for index in range(1, PEERS):
            processes.append(_bot(spaces[index], tmp_path / f"p{index}", "--join", name,
                                  "--timeout", "8", "--name", f"P{index}"))
        for process, out in processes:
            _wait_for(out, r"game [0-9a-f]{16}: .*one of", process, 60)
        victim = PEERS - 1
        bridge.cable(victim, up=False)
        time.sleep(OUTAGE)
        bridge.cable(victim, up=True)
        codes = []
        deadline = time.monotonic() + 240
        for process, _out in processes:
            codes.append(process.wait(timeout=max(1.0, deadline - time.monotonic())))
        outputs = "\n".join(f"--- {out.name}\n{out.read_text(errors='replace')[-2000:]}"
                            for _process, out in processes)
        assert codes == [0] * PEERS, outputs
        assert len({_head(out) for _process, out in processes}) == 1, outputs
        for _process, out in processes[:victim]:  # the cut was seen, and healed, mid-game
            text = out.read_text(errors="replace")
            assert re.search(rf"peer P{victim} \(seat \d\) disconnected: silent", text), outputs
            assert re.search(rf"peer P{victim} \(seat \d\) reconnected", text), outputs
    finally:
        for process, _out in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
        bridge.remove()
