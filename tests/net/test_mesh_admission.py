"""Adversarial admission: idle handshakes must not starve real joins (issue 10, point 4)."""

from __future__ import annotations

import pytest
import trio

from p2pbang.net.identity import Identity
from p2pbang.net.mesh import (
    MAX_HANDSHAKES_PER_ADDRESS,
    MAX_PENDING_HANDSHAKES,
    MeshConfig,
    open_mesh,
)

from .meshkit import TABLE, make_registry

ATTACKER_HOST = "127.0.0.2"  # another loopback address: the attacker is "another machine"
CONFIG = MeshConfig(heartbeat_interval=0.2, heartbeat_timeout=1.0, handshake_timeout=3.0)


async def _trickler(host: str, port: int, opened: list[int], source: str = ATTACKER_HOST
                    ) -> None:
    """One idle connection sending a byte a second, reopened as soon as it is dropped."""
    while True:
        try:
            stream = await trio.open_tcp_stream(host, port, local_address=source)
        except OSError:
            await trio.sleep(0.05)
            continue
        opened.append(1)
        try:
            async with stream:
                while True:
                    await stream.send_all(b"\x00")
                    await trio.sleep(1.0)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            pass


async def test_idle_handshakes_from_one_address_do_not_starve_joins():
    async with open_mesh(Identity.generate("Host"), TABLE, make_registry(), config=CONFIG) as a:
        opened: list[int] = []
        async with trio.open_nursery() as attackers:
            for _ in range(MAX_PENDING_HANDSHAKES):
                attackers.start_soon(_trickler, *a.address, opened)
            await trio.sleep(0.5)  # every slot the old mesh had is now taken
            joiners = [Identity.generate(f"J{i}") for i in range(5)]
            for identity in joiners:
                async with open_mesh(identity, TABLE, make_registry(), config=CONFIG) as joiner:
                    with trio.fail_after(2):
                        peer = await joiner.connect(*a.address)
                    assert peer.peer_id == a.peer_id
            attackers.cancel_scope.cancel()
        assert len(opened) >= MAX_PENDING_HANDSHAKES


async def test_idle_connection_without_a_hello_is_dropped_fast():
    async with open_mesh(Identity.generate("Host"), TABLE, make_registry(), config=CONFIG) as a:
        stream = await trio.open_tcp_stream(*a.address)
        async with stream:
            with trio.fail_after(CONFIG.preamble_timeout + 1.0):
                while True:
                    try:
                        await stream.send_all(b"\x00")
                    except (trio.BrokenResourceError, trio.ClosedResourceError):
                        break
                    if await stream.receive_some(1) == b"":
                        break


async def test_a_member_comes_back_through_idle_handshakes_from_many_addresses():
    """Issue 10, point 4: enough attacking addresses pass the per-address limit and fill
    every open slot; the last slots are kept for addresses the table has authenticated, so a
    member that drops and comes back (a resume) gets in at once."""
    sources = [f"127.0.0.{i}" for i in range(2, 2 + MAX_PENDING_HANDSHAKES
                                                // MAX_HANDSHAKES_PER_ADDRESS)]
    async with open_mesh(Identity.generate("Host"), TABLE, make_registry(), config=CONFIG) as a:
        member = Identity.generate("Member")
        async with open_mesh(member, TABLE, make_registry(), config=CONFIG) as first:
            await first.connect(*a.address)  # from 127.0.0.1: now a known address
        opened: list[int] = []
        async with trio.open_nursery() as attackers:
            for source in sources:
                for _ in range(MAX_HANDSHAKES_PER_ADDRESS):
                    attackers.start_soon(_trickler, *a.address, opened, source)
            await trio.sleep(0.5)
            for _ in range(5):
                async with open_mesh(member, TABLE, make_registry(), config=CONFIG) as again:
                    with trio.fail_after(2):
                        peer = await again.connect(*a.address)
                    assert peer.peer_id == a.peer_id
            attackers.cancel_scope.cancel()
        assert len(opened) >= MAX_PENDING_HANDSHAKES


@pytest.mark.parametrize("addresses", [3, 4])
async def test_idle_handshakes_from_a_few_addresses_do_not_starve_new_joiners(addresses):
    """Issue 22, point 3: three or four attacking addresses, each at its own limit, used to
    take every slot open to strangers, and no new player got in (0 of 6). A fair policy: a
    newcomer from an address holding fewer handshakes takes the place of the oldest one of
    the address holding the most, so no address can starve the others."""
    sources = [f"127.0.0.{i}" for i in range(2, 2 + addresses)]
    async with open_mesh(Identity.generate("Host"), TABLE, make_registry(), config=CONFIG) as a:
        opened: list[int] = []
        async with trio.open_nursery() as attackers:
            for source in sources:
                for _ in range(MAX_HANDSHAKES_PER_ADDRESS):
                    attackers.start_soon(_trickler, *a.address, opened, source)
            await trio.sleep(0.5)
            joined = 0
            for n in range(6):
                async with open_mesh(Identity.generate(f"New{n}"), TABLE, make_registry(),
                                     config=CONFIG) as joiner:
                    with trio.fail_after(2):
                        peer = await joiner.connect(*a.address)
                    joined += peer.peer_id == a.peer_id
            attackers.cancel_scope.cancel()
        assert joined == 6
        assert len(opened) >= addresses * MAX_HANDSHAKES_PER_ADDRESS
