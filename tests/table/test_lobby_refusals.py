"""Only the table we joined can refuse us (issue 22, point 1).

A table's opener sits alone while a port scanner's key connects and says nothing: the opener
bans it after the announce timeout, and that ban of someone else must not be read as the
table refusing the opener (it used to exit with "the table refused us: banned: lobby: did
not announce itself within 5 s"). Nor may any stranger's goodbye that merely says "table
full" or "banned" end an opener's table."""

from __future__ import annotations

import io
from contextlib import suppress
from pathlib import Path

import pytest
import trio

from p2pbang.engine.choice import GameChoice
from p2pbang.net import codec
from p2pbang.net.discovery import probe_peer
from p2pbang.net.framing import FrameReader, encode_frame
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import Lobby
from p2pbang.net.mesh import APP_TAG, PROTOCOL_VERSION, Mesh
from p2pbang.net.noise import SecureChannel, make_prologue, perform_handshake
from p2pbang.table.lobby_flow import Seating, TableRefused, first_leaf, play_at_table
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.session import SessionConfig
from p2pbang.table.table_choice import settings_for

CHOICE = GameChoice.make("bang", 4, [])


async def raw_peer(mesh: Mesh, identity: Identity) -> SecureChannel:
    """A key that connects and completes the handshake, then does only what the test says."""
    stream = await trio.open_tcp_stream("127.0.0.1", mesh.port)
    reader = FrameReader(stream)
    hello = {"app": APP_TAG, "v": PROTOCOL_VERSION, "op": "join", "table": mesh.table_id}
    await stream.send_all(encode_frame(codec.encode(hello)))
    assert codec.decode(await reader.read_frame())["ok"]
    return await perform_handshake(stream, reader, identity=identity, initiator=True,
                                   prologue=make_prologue(PROTOCOL_VERSION, mesh.table_id),
                                   max_message=mesh.config.limits.max_message)


def _seating(home: Path) -> Seating:
    return Seating(BotDecider(0), LineReporter(io.StringIO()), home, {"player": "bot"},
                   SessionConfig(linger=0.5))


async def _open_alone(home: Path, visitor) -> list[str]:
    """Open a table, let ``visitor`` act on it, and wait 1.5 s: the table must still be
    waiting for players then (TooSlowError), not refused."""
    said: list[str] = []

    async def on_open(lobby: Lobby) -> None:
        lobby.announce_timeout = 0.3
        lobby._nursery.start_soon(visitor, lobby)  # type: ignore[union-attr]

    with pytest.raises(BaseException) as raised:
        await play_at_table(Identity.generate("Opener"), _seating(home), said.append,
                            settings=settings_for("Saloon", CHOICE), lobby_timeout=1.5,
                            on_open=on_open)
    assert isinstance(first_leaf(raised.value), trio.TooSlowError), raised.value
    return said


async def test_a_silent_visitor_banned_by_a_lone_opener_does_not_end_its_table(tmp_path):
    async def scanner(lobby: Lobby) -> None:
        channel = await raw_peer(lobby.mesh, Identity.generate("Scanner"))
        try:
            with trio.move_on_after(1.0), suppress(Exception):  # the opener cuts the link
                while await channel.receive():
                    pass
        finally:
            await channel.aclose()

    said = await _open_alone(tmp_path, scanner)
    assert any("did not announce itself" in line for line in said), said


async def test_a_strangers_goodbye_saying_table_full_does_not_end_an_openers_table(tmp_path):
    async def liar(lobby: Lobby) -> None:
        channel = await raw_peer(lobby.mesh, Identity.generate("Liar"))
        bye = {"t": "mesh.bye", "reason": "banned: table full (4 peers)"}
        await channel.send(codec.encode(bye))
        await channel.aclose()

    await _open_alone(tmp_path, liar)


async def test_a_joiner_the_table_bans_is_still_told(tmp_path):
    """The refusal that matters still gets through: the table's own goodbye to a joiner."""
    joiner = Identity.generate("Banned")
    port: list[int] = []
    opened = trio.Event()

    async def on_open(lobby: Lobby) -> None:
        lobby.mesh.ban(joiner.peer_id, "caught cheating earlier")
        port.append(lobby.mesh.port)
        opened.set()

    async def opener() -> None:
        # Cancelled once the joiner has been refused.
        await play_at_table(Identity.generate("Opener"), _seating(tmp_path / "o"),
                            lambda _: None, settings=settings_for("Saloon", CHOICE),
                            on_open=on_open)

    with trio.fail_after(20):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(opener)
            await opened.wait()
            table = await probe_peer(f"127.0.0.1:{port[0]}")
            with pytest.raises(TableRefused, match="refused us: banned: caught cheating"):
                await play_at_table(joiner, _seating(tmp_path / "j"), lambda _: None,
                                    table=table, lobby_timeout=3)
            nursery.cancel_scope.cancel()
