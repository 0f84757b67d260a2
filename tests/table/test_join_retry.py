"""A joiner whose first connection to a busy table is reset tries again, and plays.

Given a table reached through a relay that resets the first connection it is offered (as a
table busy seating seven others once did in ``bench table``), when a bot joins through it,
then it says so, tries again, sits down and the game is played to the end by everyone."""

from __future__ import annotations

import io
from pathlib import Path

import trio

from p2pbang.engine.choice import GameChoice
from p2pbang.net.discovery import probe_peer
from p2pbang.net.identity import Identity
from p2pbang.table.lobby_flow import Seating, play_at_table
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.session import SessionConfig
from p2pbang.table.table_choice import settings_for


async def _pipe(source: trio.SocketStream, sink: trio.SocketStream) -> None:
    try:
        while data := await source.receive_some(65536):
            await sink.send_all(data)
    except (trio.BrokenResourceError, trio.ClosedResourceError):
        pass
    finally:
        await sink.aclose()


async def flaky_relay(target_port: int, task_status=trio.TASK_STATUS_IGNORED) -> None:
    """Listen on a port of its own: reset the first connection, relay the others."""
    listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
    task_status.started(listeners[0].socket.getsockname()[1])
    first = True

    async def handle(client: trio.SocketStream) -> None:
        nonlocal first
        if first:
            first = False
            await client.aclose()
            return
        upstream = await trio.open_tcp_stream("127.0.0.1", target_port)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_pipe, client, upstream)
            nursery.start_soon(_pipe, upstream, client)

    await trio.serve_listeners(handle, listeners)


async def test_a_joiner_reset_once_tries_again_and_plays(tmp_path: Path) -> None:
    choice = GameChoice.make("bang", 3, ["dodge-city"])
    identities = [Identity.generate(f"P{i}") for i in range(3)]
    said: list[str] = []
    results = []
    opened = trio.Event()
    port: list[int] = []

    def seating(seat: int) -> Seating:
        return Seating(BotDecider(seat), LineReporter(io.StringIO()), tmp_path / f"p{seat}",
                       {"player": "bot"}, SessionConfig(linger=0.5))

    async def on_open(lobby) -> None:
        port.append(lobby.mesh.port)
        opened.set()

    async def opener() -> None:
        results.append(await play_at_table(identities[0], seating(0), lambda _: None,
                                           settings=settings_for("Saloon", choice),
                                           on_open=on_open))

    async def joiner(seat: int, nursery: trio.Nursery) -> None:
        await opened.wait()
        table = await probe_peer(f"127.0.0.1:{port[0]}")
        if seat == 2:  # this one reaches the table through the relay
            relay_port = await nursery.start(flaky_relay, port[0])
            table = type(table)(table.info, "127.0.0.1", relay_port)
        results.append(await play_at_table(identities[seat], seating(seat),
                                           said.append if seat == 2 else (lambda _: None),
                                           table=table))

    with trio.fail_after(90):
        async with trio.open_nursery() as outer:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(opener)
                nursery.start_soon(joiner, 1, outer)
                nursery.start_soon(joiner, 2, outer)
            outer.cancel_scope.cancel()
    assert any("could not reach the table" in line and "trying again" in line
               for line in said), said
    assert len(results) == 3 and all(r.ok for r in results)
    assert len({r.head for r in results}) == 1
