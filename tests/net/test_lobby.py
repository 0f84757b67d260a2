"""Lobby and genesis: peers agree one signed genesis; a peer that signs another is named."""

from __future__ import annotations

import dataclasses
import secrets
from contextlib import AsyncExitStack, asynccontextmanager, suppress

import pytest
import trio

from p2pbang.net import codec
from p2pbang.net.codec import MessageRegistry
from p2pbang.net.discovery import DiscoveredTable
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import (
    Lobby,
    LobbyError,
    TableSettings,
    build_genesis,
    describe_difference,
    join_table,
    open_table,
    register_lobby_messages,
    sign_ready,
    verify_genesis,
    verify_genesis_signature,
)
from p2pbang.net.mesh import DialError, Mesh, open_mesh

from .meshkit import FAST

SETTINGS = TableSettings("Saloon", "bang", 6, (("expansions", "dodge_city"),))


# --- the genesis as data ------------------------------------------------------------------------


def _players(n: int) -> list[Identity]:
    return sorted((Identity.generate(f"P{i}") for i in range(n)), key=lambda i: i.peer_id)


def _genesis(players: list[Identity], table: bytes = b"T" * 16, settings=SETTINGS) -> bytes:
    roster = tuple(p.peer_id for p in players)
    statements = [
        sign_ready(p, table, settings, roster, 1, f"keys of {p.name}".encode()) for p in players
    ]
    return build_genesis(table, settings, statements, {p.peer_id: p.public_key for p in players})


def test_genesis_proves_itself_and_signatures_verify():
    players = _players(3)
    data = _genesis(players)
    genesis = verify_genesis(data)
    assert genesis.roster == tuple(p.peer_id for p in players)
    expected = [f"keys of {p.name}".encode() for p in players]
    assert [s.contribution for s in genesis.seats] == expected
    assert genesis.settings == SETTINGS and len(genesis.session_id) == 32
    for p in players:
        sig = p.sign(genesis.statement_to_sign())
        assert verify_genesis_signature(genesis, p.peer_id, sig)
        assert not verify_genesis_signature(genesis, players[0].peer_id, sig) or p is players[0]
    outsider = Identity.generate("Out")
    assert not verify_genesis_signature(
        genesis, outsider.peer_id, outsider.sign(genesis.statement_to_sign())
    )


def _mutate(data: bytes, change) -> bytes:
    value = codec.decode(data)
    change(value)
    return codec.encode(value)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda g: g["settings"]["options"].update(expansions="high_noon"), "does not verify"),
        (lambda g: g.update(table=b"other table"), "does not verify"),
        (lambda g: g["roster"][1].update(contribution=b"swapped"), "seat 1 .*does not verify"),
        (lambda g: g["roster"][0].update(name="Impostor"), "seat 0 .*does not verify"),
        (lambda g: g["roster"][2].update(round=2), "seat 2 .*does not verify"),
        (lambda g: g["roster"].reverse(), "strict peer-id order"),
        (lambda g: g["roster"][0].update(key=Identity.generate("x").public_key), "key does not"),
        (lambda g: g["roster"].pop(), "does not verify"),  # statements name the full roster
        (lambda g: g["settings"].update(seats=2), "3 players at a 2-seat table"),
        (lambda g: g.update(type="other"), "malformed genesis"),
        (lambda g: g.update(extra=1), "unexpected field"),
    ],
)
def test_altered_genesis_is_refused_with_the_reason(change, match):
    with pytest.raises(LobbyError, match=match):
        verify_genesis(_mutate(_genesis(_players(3)), change))


def test_non_canonical_genesis_bytes_are_refused():
    data = _genesis(_players(2))
    assert data[0] == 0x85  # fixmap of 5 entries
    with pytest.raises(LobbyError, match="canonical"):
        verify_genesis(b"\xde\x00\x05" + data[1:])  # the same map, with a wider header


def test_describe_difference_names_the_seat():
    players = _players(2)
    ours = verify_genesis(_genesis(players))
    roster = tuple(p.peer_id for p in players)
    table = b"T" * 16
    statements = [
        sign_ready(p, table, SETTINGS, roster, 1 if i else 2, b"new") for i, p in enumerate(players)
    ]
    keys = {p.peer_id: p.public_key for p in players}
    theirs = verify_genesis(build_genesis(table, SETTINGS, statements, keys))
    text = describe_difference(ours, theirs)
    assert f"seat 0 ({players[0].peer_id}) round 2" in text and "seat 1" in text


def test_settings_are_validated():
    with pytest.raises(ValueError):
        TableSettings("", "bang", 4)
    with pytest.raises(ValueError):
        TableSettings("x", "Bang!", 4)
    with pytest.raises(ValueError):
        TableSettings("x", "bang", 9)
    with pytest.raises(ValueError):
        TableSettings("x", "bang", 4, (("a", "1"), ("a", "2")))
    assert TableSettings(" x ", "bang", 4, (("b", "1"), ("a", "2"))).options == (
        ("a", "2"),
        ("b", "1"),
    )


# --- live lobbies over loopback TCP ---------------------------------------------------------------


async def _wait(predicate, timeout: float = 10.0) -> None:
    with trio.fail_after(timeout):
        while not predicate():
            await trio.sleep(0.01)


async def _table(stack: AsyncExitStack, count: int, settings=SETTINGS) -> list[Lobby]:
    opener = await stack.enter_async_context(
        open_table(Identity.generate("Opener"), settings, config=FAST)
    )
    lobbies = [opener]
    where = DiscoveredTable(opener.table_info(), *opener.mesh.address)
    for i in range(count - 1):
        joiner = join_table(Identity.generate(f"J{i}"), where, config=FAST)
        lobbies.append(await stack.enter_async_context(joiner))
    await _wait(lambda: all(len(lobby.members()) == count for lobby in lobbies))
    return lobbies


async def _events(lobby: Lobby, kind: str, timeout: float = 10.0):
    with trio.fail_after(timeout):
        async for event in lobby.events:
            if event.kind == kind:
                return event
    raise AssertionError("lobby events closed")


async def test_four_peers_agree_the_same_genesis():
    async with AsyncExitStack() as stack:
        lobbies = await _table(stack, 4)
        assert all(lobby.table_info().free == 2 for lobby in lobbies)
        for i, lobby in enumerate(lobbies):
            await lobby.set_ready(contribution=b"dealer keys %d" % i)
        with trio.fail_after(10):
            results = [await lobby.sealed() for lobby in lobbies]
        session = results[0].session_id
        assert all(g.session_id == session and g.data == results[0].data for g in results)
        genesis = results[0]
        assert len(genesis.roster) == 4 and list(genesis.roster) == sorted(genesis.roster)
        contributions = {s.peer_id: s.contribution for s in genesis.seats}
        for i, lobby in enumerate(lobbies):
            assert contributions[lobby.peer_id] == b"dealer keys %d" % i
        for g in results:  # everyone holds everyone's signature, and each one verifies
            assert set(g.signatures) == set(genesis.roster)
            for peer_id, sig in g.signatures.items():
                assert verify_genesis_signature(genesis, peer_id, sig)
        assert verify_genesis(genesis.data).session_id == session  # auditable offline
        seen = []
        while True:
            try:
                seen.append(lobbies[0].events.receive_nowait())
            except trio.WouldBlock:
                break
        readies = [e.peer_id for e in seen if e.kind == "ready"]
        assert sorted(readies) == sorted(lobby.peer_id for lobby in lobbies)  # once each
        assert [e.kind for e in seen][-1] == "sealed"
        with pytest.raises(LobbyError, match="already sealed"):
            await lobbies[0].set_ready(b"again")


async def test_roster_change_withdraws_readiness_and_leaving_is_seen():
    async with AsyncExitStack() as stack:
        lobbies = await _table(stack, 3)
        a, b, c = lobbies
        await a.set_ready(b"a")
        await b.set_ready(b"b")
        where = DiscoveredTable(a.table_info(), *a.mesh.address)
        joiner = join_table(Identity.generate("Late"), where, config=FAST)
        late = await stack.enter_async_context(joiner)
        await _wait(lambda: all(len(x.members()) == 4 for x in [*lobbies, late]))
        assert not a.is_ready and not b.is_ready  # readiness named the old roster
        await late.leave()
        await _wait(lambda: all(len(x.members()) == 3 for x in lobbies))
        for i, lobby in enumerate(lobbies):
            await lobby.set_ready(b"%d" % i)
        with trio.fail_after(10):
            genesis = await c.sealed()
        assert late.peer_id not in genesis.roster and len(genesis.roster) == 3


async def test_peer_with_other_settings_is_named_and_banned():
    async with AsyncExitStack() as stack:
        table = open_table(Identity.generate("O"), SETTINGS, config=FAST)
        opener = await stack.enter_async_context(table)
        other = dataclasses.replace(opener.table_info(), options=(("expansions", "none"),))
        intruder = Identity.generate("Intruder")
        await stack.enter_async_context(
            join_table(intruder, DiscoveredTable(other, *opener.mesh.address), config=FAST)
        )
        event = await _events(opener, "fault")
        assert event.peer_id == intruder.peer_id and "different table settings" in event.reason
        await _wait(lambda: not opener.mesh.connected_peers())
        assert len(opener.members()) == 1


# --- a scripted villain that signs a different genesis ------------------------------------------


async def _villain_run(table: Lobby, villain: Identity, forge) -> None:
    """Join like an honest peer, get ready, then answer the genesis with a forged one."""
    registry = MessageRegistry()
    register_lobby_messages(registry)
    async with open_mesh(villain, table.mesh.table_id, registry, config=FAST) as mesh:
        inbox = mesh.subscribe("lobby")
        await mesh.connect(*table.mesh.address)
        honest: set[str] = set()
        ready_sent = False
        round_one = None
        async for incoming in inbox:
            message = incoming.message
            if message["t"] == "lobby.state":
                honest.add(incoming.peer_id)
                for entry in message["peers"]:
                    mesh.add_peer(entry["id"], entry["host"], entry["port"])
                if len(honest) == 3 and len(mesh.connected_peers()) == 3 and not ready_sent:
                    roster = tuple(sorted([*honest, villain.peer_id]))
                    round_one = sign_ready(villain, mesh.table_id, SETTINGS, roster, 1, b"honest")
                    state = {
                        "t": "lobby.state",
                        "settings": SETTINGS.to_wire(),
                        "ready": True,
                        "statement": round_one.raw,
                        "sig": round_one.signature,
                        "peers": [],
                    }
                    await mesh.broadcast(state)
                    ready_sent = True
            elif message["t"] == "lobby.sign":
                genesis = verify_genesis(message["genesis"])
                forged = forge(mesh, genesis, round_one)
                await mesh.broadcast(forged)
                await trio.sleep_forever()


def _equivocate(mesh: Mesh, genesis, mine):
    villain = mesh.identity
    twin = sign_ready(villain, mesh.table_id, SETTINGS, mine.roster, 1, b"a different key")
    statements = [s.ready for s in genesis.seats if s.peer_id != villain.peer_id] + [twin]
    keys = {s.peer_id: s.public_key for s in genesis.seats}
    data = build_genesis(mesh.table_id, SETTINGS, statements, keys)
    forged = verify_genesis(data)
    return {"t": "lobby.sign", "genesis": data, "sig": villain.sign(forged.statement_to_sign())}


def _alter_settings(mesh: Mesh, genesis, mine):
    value = codec.decode(genesis.data)
    value["settings"]["options"]["expansions"] = "high_noon"
    data = codec.encode(value)
    sig = mesh.identity.sign(b"p2pbang/genesis-signature/v1\x00" + secrets.token_bytes(32))
    return {"t": "lobby.sign", "genesis": data, "sig": sig}


def _bad_signature(mesh: Mesh, genesis, mine):
    return {"t": "lobby.sign", "genesis": genesis.data, "sig": secrets.token_bytes(64)}


@pytest.mark.parametrize(
    ("forge", "reason"),
    [
        (_equivocate, "signed two different ready statements for round 1"),
        (_alter_settings, "ready statement signature does not verify"),
        (_bad_signature, "genesis signature does not verify"),
    ],
)
async def test_peer_that_signs_a_different_genesis_is_named(forge, reason):
    villain = Identity.generate("Villain")
    async with AsyncExitStack() as stack:
        lobbies = await _table(stack, 3)
        nursery = await stack.enter_async_context(trio.open_nursery())
        nursery.start_soon(_villain_run, lobbies[0], villain, forge)
        await _wait(lambda: all(len(lobby.members()) == 4 for lobby in lobbies))
        for i, lobby in enumerate(lobbies):
            await lobby.set_ready(b"%d" % i)
        for lobby in lobbies:
            event = await _events(lobby, "fault")
            assert event.peer_id == villain.peer_id, event
            assert reason in event.reason, event.reason
        # The villain is out and banned; the honest three start without it.
        await _wait(lambda: all(len(lobby.members()) == 3 for lobby in lobbies))
        for i, lobby in enumerate(lobbies):
            await lobby.set_ready(b"again %d" % i)
        with trio.fail_after(10):
            genesis = await lobbies[1].sealed()
        assert villain.peer_id not in genesis.roster
        nursery.cancel_scope.cancel()


# --- one bad lobby message at a time -------------------------------------------------------------


def _state(statement, signature) -> dict:
    return {
        "t": "lobby.state",
        "settings": SETTINGS.to_wire(),
        "ready": True,
        "statement": statement,
        "sig": signature,
        "peers": [],
    }


def _ready(villain, table_id, members, round_=1, **changes):
    statement = sign_ready(villain, table_id, SETTINGS, members, round_, b"c")
    if not changes:
        return statement.raw, statement.signature
    value = codec.decode(statement.raw)
    value.update(changes)
    raw = codec.encode(value)
    return raw, villain.sign(b"p2pbang/ready-signature/v1\x00" + raw)


@asynccontextmanager
async def opener_and_villain(villain: Identity):
    """An honest opener's table and the villain's raw mesh connected to it (no lobby: the
    villain sends whatever lobby messages the test forges)."""
    registry = MessageRegistry()
    register_lobby_messages(registry)
    async with AsyncExitStack() as stack:
        opener = await stack.enter_async_context(
            open_table(Identity.generate("O"), SETTINGS, config=FAST)
        )
        mesh = await stack.enter_async_context(
            open_mesh(villain, opener.mesh.table_id, registry, config=FAST)
        )
        await mesh.connect(*opener.mesh.address)
        yield opener, mesh


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda v, t, r: (_ready(v, t, r)[0], secrets.token_bytes(64)), "signature does not"),
        (lambda v, t, r: _ready(v, t, r, peer="a" * 16), "roster is not sorted"),
        (lambda v, t, r: _ready(v, t, r, table=b"elsewhere"), "another table"),
        (lambda v, t, r: (b"\xde\x00\x01" + _ready(v, t, r)[0][1:], b"\x00" * 64), "malformed"),
        (lambda v, t, r: _ready(v, t, r, roster=[r[0], r[0]]), "roster is not sorted"),
    ],
)
async def test_bad_ready_state_is_named_and_banned(make, reason):
    villain = Identity.generate("Villain")
    async with opener_and_villain(villain) as (opener, mesh):
        roster = tuple(sorted([opener.peer_id, villain.peer_id]))
        statement, signature = make(villain, opener.mesh.table_id, roster)
        await mesh.send(opener.peer_id, _state(statement, signature))
        event = await _events(opener, "fault")
        assert event.peer_id == villain.peer_id and reason in event.reason, event
        await _wait(lambda: not opener.mesh.connected_peers())
        await mesh.connect(*opener.mesh.address)  # the handshake works, then it is told why
        with trio.fail_after(5):
            async for gone in mesh.events:
                if gone.kind == "disconnected" and "banned" in gone.reason:
                    break
        assert mesh.peer(opener.peer_id).left  # and it will not redial


async def test_two_different_statements_for_one_round_convict_their_author():
    villain = Identity.generate("Villain")
    async with opener_and_villain(villain) as (opener, mesh):
        roster = tuple(sorted([opener.peer_id, villain.peer_id]))
        table = opener.mesh.table_id
        first = sign_ready(villain, table, SETTINGS, roster, 7, b"one")
        second = sign_ready(villain, table, SETTINGS, roster, 7, b"two")
        await mesh.send(opener.peer_id, _state(first.raw, first.signature))
        await mesh.send(opener.peer_id, _state(second.raw, second.signature))
        event = await _events(opener, "fault")
        assert event.peer_id == villain.peer_id
        assert "two different ready statements for round 7" in event.reason


async def _seal_all(lobbies: list[Lobby]) -> None:
    for i, lobby in enumerate(lobbies):
        await lobby.set_ready(contribution=b"keys %d" % i)
    with trio.fail_after(10):
        for lobby in lobbies:
            await lobby.sealed()


async def test_a_second_copy_of_a_seated_identity_bans_nobody_and_takes_no_link():
    async with AsyncExitStack() as stack:
        lobbies = await _table(stack, 3)
        await _seal_all(lobbies)
        seated = min(lobbies, key=lambda lobby: lobby.peer_id)  # it dials everyone
        others = [lobby for lobby in lobbies if lobby is not seated]
        await trio.sleep(FAST.handshake_timeout)  # every link is an established one
        links = {id(lobby): dict(lobby.mesh._connections) for lobby in lobbies}
        where = DiscoveredTable(others[0].table_info(), *others[0].mesh.address)
        with trio.move_on_after(6), suppress(LobbyError, DialError):
            async with join_table(seated.identity, where, config=FAST) as copy:
                await trio.sleep(1)
                with suppress(LobbyError):  # refused anywhere, it may seat itself alone
                    await copy.set_ready(b"the copy's own keys")
                await trio.sleep(3)
        for lobby in others:
            assert not lobby.mesh.is_banned(seated.peer_id)
            assert lobby.mesh._connections.get(seated.peer_id) is links[id(lobby)][seated.peer_id]
        assert seated.mesh._connections == links[id(seated)]


async def test_lobby_signatures_after_the_seal_are_not_handled():
    async with AsyncExitStack() as stack:
        lobbies = await _table(stack, 2)
        await _seal_all(lobbies)
        a, b = lobbies
        roster = (a.peer_id, b.peer_id) if a.peer_id < b.peer_id else (b.peer_id, a.peer_id)
        players = {a.peer_id: a.identity, b.peer_id: b.identity}
        genesis = a.mesh.table_id, SETTINGS, roster
        other = [sign_ready(players[p], genesis[0], SETTINGS, roster, 1, b"another " + p.encode())
                 for p in roster]
        data = build_genesis(genesis[0], SETTINGS, other,
                             {p: players[p].public_key for p in roster})
        signature = b.identity.sign(verify_genesis(data).statement_to_sign())
        await b.mesh.send(a.peer_id, {"t": "lobby.sign", "genesis": data, "sig": signature})
        await trio.sleep(1)
        assert not a.mesh.is_banned(b.peer_id)
        assert b.peer_id in a.mesh.connected_peers()


async def test_a_copied_record_at_another_address_is_refused_for_not_proving_the_key():
    """Issue 10, point 6: a cloned DNS-SD record (same table id, name and opener key, another
    address) leads to a peer that cannot prove the opener's key. Joining it is refused, and
    the refusal says which address did not prove the table's key; the real one joins."""
    async with AsyncExitStack() as stack:
        real = await stack.enter_async_context(
            open_table(Identity.generate("Opener"), SETTINGS, config=FAST))
        clone_mesh = await stack.enter_async_context(
            open_mesh(Identity.generate("Cloner"), real.mesh.table_id, config=FAST))
        clone = Lobby(clone_mesh, SETTINGS)
        nursery = await stack.enter_async_context(trio.open_nursery())
        await nursery.start(clone.run)
        record = real.table_info()
        service = f"Saloon ({record.host_peer[:8]})._p2pbang._tcp.local."
        copied = DiscoveredTable(record, *clone_mesh.address, service_name=service)
        with pytest.raises(LobbyError, match="did not prove the table's key") as refused:
            async with join_table(Identity.generate("Joiner"), copied, config=FAST):
                pass
        assert f"127.0.0.1:{clone_mesh.port}" in str(refused.value)
        genuine = DiscoveredTable(record, *real.mesh.address, service_name=service)
        async with join_table(Identity.generate("Joiner"), genuine, config=FAST) as joiner:
            await _wait(lambda: len(joiner.members()) == 2)
        nursery.cancel_scope.cancel()
