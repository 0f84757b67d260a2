"""The opener removes a waiting peer: the DNS-SD record offers the seat again and another
player takes it; ``p2pbang host --plain`` does it by a typed command (piped stdin), and a
plain player who is removed is told so and leaves with the refusal status."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from collections.abc import Callable
from contextlib import AsyncExitStack
from functools import partial
from pathlib import Path

import pytest
import trio

from p2pbang.net.discovery import (
    DiscoveredTable,
    TableBrowser,
    multicast_problem,
    probe_peer,
)
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import TableSettings, announce_lobby, join_table, open_table
from p2pbang.net.mesh import MeshConfig
from p2pbang.table.lobby_flow import Seating, play_at_table
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.session import SessionConfig

REPO = Path(__file__).resolve().parents[2]
FAST = MeshConfig(heartbeat_interval=0.2, heartbeat_timeout=2.0, handshake_timeout=2.0,
                  backoff_initial=0.05, backoff_max=0.4, outbox_size=4096)
SETTINGS = TableSettings("Removals", "bang", 4)


@pytest.fixture
def multicast_loopback() -> None:
    problem = multicast_problem("127.0.0.1")
    if problem:
        pytest.skip(f"{problem}; the free-seat count is checked through 'info' instead")


async def test_the_record_offers_the_seat_again_and_another_player_takes_it(
        multicast_loopback: None) -> None:
    async with (
        open_table(Identity.generate("Opener"), SETTINGS, config=FAST) as opener,
        trio.open_nursery() as nursery,
        AsyncExitStack() as stack,
    ):
        await nursery.start(partial(announce_lobby, opener, interfaces=["127.0.0.1"],
                                    poll=0.1))
        browser = await stack.enter_async_context(TableBrowser(["127.0.0.1"]))

        async def listed_with(free: int) -> DiscoveredTable:
            with trio.fail_after(10):
                while True:
                    mine = [t for t in await browser.tables()
                            if t.info.table_id == opener.mesh.table_id]
                    if mine and mine[0].info.free == free:
                        return mine[0]
                    await trio.sleep(0.1)

        table = await listed_with(3)
        goes = await stack.enter_async_context(
            join_table(Identity.generate("Goes"), table, config=FAST))
        stays = await stack.enter_async_context(
            join_table(Identity.generate("Stays"), table, config=FAST))
        await listed_with(1)
        await opener.remove(goes.peer_id)
        table = await listed_with(2)  # the record is true again, as DNS-SD shows it
        late = await stack.enter_async_context(
            join_table(Identity.generate("Late"), table, config=FAST))
        with trio.fail_after(10):
            while {len(lobby.members()) for lobby in (opener, stays, late)} != {3}:
                await trio.sleep(0.02)
        await listed_with(1)
        assert goes.peer_id not in opener.roster()
        assert late.peer_id in opener.roster() and late.peer_id in stays.roster()
        nursery.cancel_scope.cancel()


# --- the plain interface, as a person runs it -----------------------------------------------


class Host:
    """``p2pbang host --plain`` in a process: stdin is a pipe the test types into."""

    def __init__(self, tmp: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "p2pbang.cli", "host", "--plain", "--lang", "en",
             "--seats", "4", "--listen", "127.0.0.1", "--no-announce", "--home",
             str(tmp / "host"), "--player", "Zoli", "--table-name", "Removals"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            cwd=REPO, env=_env())
        self.lines: list[str] = []

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    async def wait_for(self, pattern: str, timeout: float = 30) -> re.Match[str]:
        """The first line (old or new) matching ``pattern``."""
        assert self.process.stdout is not None
        stdout = self.process.stdout
        with trio.fail_after(timeout):
            checked = 0
            while True:
                for line in self.lines[checked:]:
                    found = re.search(pattern, line)
                    if found:
                        return found
                checked = len(self.lines)
                line = await trio.to_thread.run_sync(stdout.readline)
                if not line:
                    raise AssertionError(f"host ended before {pattern!r}:\n" +
                                         "\n".join(self.lines[-30:]))
                self.lines.append(line.rstrip("\n"))


def _env() -> dict[str, str]:
    import os

    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("P2PBANG_HOME", None)
    return env


def bot_seating(tmp: Path, index: int) -> Seating:
    return Seating(BotDecider(seed=index), LineReporter(io.StringIO()), tmp / f"bot{index}",
                   {"player": "bot"}, SessionConfig(linger=1.0, max_wait=30.0))


async def bot(tmp: Path, index: int, name: str, table: DiscoveredTable) -> None:
    await play_at_table(Identity.generate(name), bot_seating(tmp, index), lambda text: None,
                        table=table)


async def test_the_plain_host_removes_a_squatter_by_a_command_and_the_seat_is_taken(
        tmp_path: Path) -> None:
    host = Host(tmp_path)
    try:
        port = int((await host.wait_for(r"open on port (\d+)")).group(1))
        await host.wait_for(r"Waiting room: p lists the players, r N removes player N")
        address = f"127.0.0.1:{port}"
        table = await probe_peer(address)
        async with trio.open_nursery() as nursery:
            heard: list[str] = []
            squatting = trio.Event()

            async def squat() -> None:  # sits down, never signs the start
                async with join_table(Identity.generate("Squatter"), table,
                                      config=FAST) as lobby:
                    squatting.set()
                    async for event in lobby.events:
                        heard.append(f"{event.kind} {event.peer_id == lobby.peer_id} "
                                     f"{event.reason}")

            nursery.start_soon(squat)
            await squatting.wait()
            await host.wait_for(r"Squatter sat down")
            for index, name in enumerate(("Bonnie", "Clyde"), 1):
                nursery.start_soon(bot, tmp_path, index, name, table)
            await host.wait_for(r"sat down \(4/4 seated\)")
            host.type("?")
            await host.wait_for(r"r N \(or remove N\) remove player number N from the table")
            host.type("remove Nobody")
            await host.wait_for(r"No player Nobody here: p lists them\.")
            host.type("p")
            listed = await host.wait_for(r"^\s+(\d)\. Squatter\s+(\w+)\s+seated")
            number, fingerprint = listed.group(1), listed.group(2)
            you = await host.wait_for(r"^\s+(\d)\. Zoli .*\(you\) \(opened the table\)")
            host.type(f"r {you.group(1)}")
            await host.wait_for(r"You cannot remove yourself")
            host.type(f"r {number}")
            await host.wait_for(rf"Removed Squatter \({fingerprint}\) from the table\.")
            await host.wait_for(r"the table's opener removed Squatter from the table \(3/4")
            with trio.fail_after(10):
                while not any(line.startswith("left True removed") for line in heard):
                    await trio.sleep(0.05)
            again = await probe_peer(address)
            assert again.info.free == 1  # what "info" and the record say: the seat is free
            nursery.start_soon(bot, tmp_path, 3, "Django", again)
            await host.wait_for(r"A game of BANG! for 4 players: you and .*Django")
            assert not any("Squatter" in line for line in host.lines
                           if line.startswith("A game of BANG!"))
            assert host.process.stdin is not None
            host.process.stdin.close()  # the person leaves: end of input
            code = await trio.to_thread.run_sync(partial(host.process.wait, 30))
            assert code == 0  # left on purpose: 'p2pbang resume' rejoins
            nursery.cancel_scope.cancel()
    finally:
        if host.process.poll() is None:
            host.process.kill()
            host.process.wait()


async def test_a_removed_plain_player_is_told_and_leaves_with_status_2(tmp_path: Path) -> None:
    async with open_table(Identity.generate("Ace"), SETTINGS, config=FAST) as opener:
        joiner = subprocess.Popen(
            [sys.executable, "-m", "p2pbang.cli", "join", "--plain", "--lang", "en",
             "--peer", f"127.0.0.1:{opener.mesh.port}", "--listen", "127.0.0.1",
             "--home", str(tmp_path / "joiner"), "--player", "Gina"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            cwd=REPO, env=_env())
        try:
            await _until(lambda: len(opener.members()) == 2, 30)
            gina = next(m for m in opener.members() if m.name == "Gina")
            await opener.remove(gina.peer_id)
            out, err = await trio.to_thread.run_sync(partial(joiner.communicate, timeout=30))
        finally:
            if joiner.poll() is None:
                joiner.kill()
                joiner.wait()
        assert joiner.returncode == 2, out + err
        assert "the player who opened the table removed you from it" in err
        assert opener.table_info().free == 3


async def _until(condition: Callable[[], bool], timeout: float) -> None:
    with trio.fail_after(timeout):
        while not condition():
            await trio.sleep(0.05)

