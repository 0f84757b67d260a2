"""A cloned DNS-SD record, and the table key a joiner can pin (issue 22, point 4).

A clone of a table's record (same name, id and claimed key, another address) used to be
listed exactly like the real table, and the refusal told the person to "choose one with
--peer ADDRESS"; ``--peer`` proves no key, so following it to the clone's address joined
the attacker's table. Now the key each address proves can be shown, and ``join``/``bot``
take ``--table-key``: the peer at the address must prove that key, or nothing is joined."""

from __future__ import annotations

from contextlib import AsyncExitStack

import pytest
import trio

from p2pbang.net.discovery import DiscoveredTable
from p2pbang.net.identity import Identity, parse_key_fingerprint
from p2pbang.net.lobby import Lobby, LobbyError, TableSettings, join_table, open_table
from p2pbang.net.mesh import open_mesh, prove_key

from .meshkit import FAST

SETTINGS = TableSettings("Saloon", "bang", 4)


async def _real_and_clone(stack: AsyncExitStack) -> tuple[Lobby, Lobby]:
    real = await stack.enter_async_context(
        open_table(Identity.generate("Opener"), SETTINGS, config=FAST))
    clone_mesh = await stack.enter_async_context(
        open_mesh(Identity.generate("Cloner"), real.mesh.table_id, config=FAST))
    clone = Lobby(clone_mesh, SETTINGS, opener=real.peer_id)  # answers "info" like the real
    nursery = await stack.enter_async_context(trio.open_nursery())
    await nursery.start(clone.run)
    stack.callback(nursery.cancel_scope.cancel)
    return real, clone


async def test_the_clones_address_with_the_pinned_table_key_is_refused_before_joining():
    async with AsyncExitStack() as stack:
        real, clone = await _real_and_clone(stack)
        # What "join --peer CLONE" learns: the clone's answer, which copies the real record.
        answer = clone.table_info()
        assert answer.host_peer == real.peer_id and answer.table_id == real.mesh.table_id
        at_clone = DiscoveredTable(answer, *clone.mesh.address)
        with pytest.raises(LobbyError, match="not the table key you gave") as refused:
            async with join_table(Identity.generate("Joiner"), at_clone, config=FAST,
                                  table_key=real.peer_id.upper()):
                pass
        text = str(refused.value)
        assert f"127.0.0.1:{clone.mesh.port}" in text and clone.peer_id in text
        assert clone.members() == [m for m in clone.members() if m.peer_id == clone.peer_id]
        at_real = DiscoveredTable(real.table_info(), *real.mesh.address)
        async with join_table(Identity.generate("Joiner"), at_real, config=FAST,
                              table_key=real.peer_id) as joiner:
            with trio.fail_after(5):
                while len(joiner.members()) != 2:
                    await trio.sleep(0.02)
            assert joiner.opener == real.peer_id


async def test_without_a_pinned_key_the_peer_address_joins_whoever_answers():
    """What the pin is for: --peer alone proves no key (any member may answer there)."""
    async with AsyncExitStack() as stack:
        real, clone = await _real_and_clone(stack)
        at_clone = DiscoveredTable(clone.table_info(), *clone.mesh.address)
        async with join_table(Identity.generate("Joiner"), at_clone, config=FAST) as joiner:
            with trio.fail_after(5):
                while len(joiner.members()) != 2:
                    await trio.sleep(0.02)
            assert clone.peer_id in joiner.roster()
            assert real.peer_id not in joiner.roster()


async def test_prove_key_tells_the_clone_from_the_table_and_leaves_no_trace():
    async with AsyncExitStack() as stack:
        real, clone = await _real_and_clone(stack)
        asker = Identity.generate("Asker")
        proven = [await prove_key(asker, real.mesh.table_id, *lobby.mesh.address)
                  for lobby in (real, clone)]
        assert [p.peer_id for p in proven] == [real.peer_id, clone.peer_id]
        with trio.fail_after(3):  # the asker said goodbye: gone, never seated
            while (status := real.mesh.peer(asker.peer_id)) is not None and not status.left:
                await trio.sleep(0.02)
        assert asker.peer_id not in real.mesh.connected_peers()
        assert len(real.members()) == 1 and not real.mesh.is_banned(asker.peer_id)


async def test_proven_keys_asks_every_address_at_once():
    from p2pbang.table.lobby_flow import proven_keys

    async with AsyncExitStack() as stack:
        real, clone = await _real_and_clone(stack)
        record = real.table_info()
        tables = [DiscoveredTable(record, *real.mesh.address),
                  DiscoveredTable(record, *clone.mesh.address),
                  DiscoveredTable(record, "127.0.0.1", 9)]  # nobody listens there
        with trio.fail_after(5):
            proven = await proven_keys(Identity.generate("Asker"), tables, timeout=1.0)
        assert proven == [real.peer_id, clone.peer_id, None]


def test_a_key_fingerprint_is_all_sixteen_characters_of_a_peer_id():
    key = Identity.generate("A").peer_id
    assert parse_key_fingerprint(key.upper()) == key
    assert parse_key_fingerprint(f"{key[:8]}-{key[8:]}") == key
    for bad in (key[:12], key + "a", key[:15] + "1", ""):
        with pytest.raises(ValueError, match="16 letters"):
            parse_key_fingerprint(bad)


@pytest.mark.slow
def test_bot_with_another_table_key_is_refused_with_status_2(tmp_path):
    """The command line: ``bot --peer ADDRESS --table-key KEY`` at an address whose peer
    proves another key exits with status 2 and says which key it proved."""
    import re
    import subprocess
    import sys

    table = subprocess.Popen(
        [sys.executable, "-m", "p2pbang.cli", "bot", "--open", "--seats", "4", "--home",
         str(tmp_path / "opener"), "--listen", "127.0.0.1"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert table.stdout is not None
        opener = port = None
        for line in table.stdout:
            if found := re.search(r"\(([a-z2-7]{16})\)", line):
                opener = found.group(1)
            if found := re.search(r"listening on 127\.0\.0\.1:(\d+)", line):
                port = found.group(1)
                break
        assert opener and port
        pinned = Identity.generate("Someone else").peer_id
        joiner = subprocess.run(
            [sys.executable, "-m", "p2pbang.cli", "bot", "--home", str(tmp_path / "joiner"),
             "--listen", "127.0.0.1", "--peer", f"127.0.0.1:{port}", "--table-key", pinned],
            capture_output=True, text=True, timeout=60)
        assert joiner.returncode == 2, joiner.stderr
        assert f"proved the key {opener}, not the table key you gave" in joiner.stderr
        bad = subprocess.run(
            [sys.executable, "-m", "p2pbang.cli", "bot", "--home", str(tmp_path / "joiner"),
             "--peer", f"127.0.0.1:{port}", "--table-key", opener[:12]],
            capture_output=True, text=True, timeout=60)
        assert bad.returncode == 2 and "16 letters" in bad.stderr
    finally:
        table.kill()
        table.wait()
