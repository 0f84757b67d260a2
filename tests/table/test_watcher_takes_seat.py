"""A watcher takes a vanished seat (``protocol/seats.md`` 7.2), at a real table of bot
peers over loopback meshes in this process (Noise channels, the replicated signed log, the
MentalDealer with escrow, the watch mesh).

Given a running table with ``dropouts=escrow`` and a one-second dropout wait, and a latecomer
who watches it through seat 0's watch port and offers to take a seat, when seat 2's process
stops for good, then the table gives seat 2 to the watcher (not to a bot), the watcher's own
engine takes the seat's hand, its parts reach the table through seat 0, and every peer and
the watcher end the game on one log, whose transcript verifies and names the new holder as
a person. The relaying player cannot read the seat's cards.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import trio

from p2pbang.engine.choice import GameChoice
from p2pbang.net.discovery import probe_peer
from p2pbang.net.identity import Identity
from p2pbang.net.mesh import MeshConfig, open_mesh
from p2pbang.net.seat_offer import make_offer
from p2pbang.net.watch_sync import WATCH_OFFER, WATCH_PART, register_watch_messages
from p2pbang.table.audit import audit
from p2pbang.table.dropouts import Dropouts
from p2pbang.table.gamefiles import load_transcript
from p2pbang.table.players import BotDecider
from p2pbang.table.table_choice import settings_for
from p2pbang.table.watch import TableWatch
from p2pbang.ui.watch_plain import PlainWatcher

from .test_watch import bot_table

pytestmark = pytest.mark.trio

VANISHING = 2


async def _follow(watch: TableWatch, result: list) -> None:
    """Watch to the end; the result is appended to ``result``."""
    result.append(await watch.run())


def _escrow(game: str, seats: int):
    return settings_for("Saloon", GameChoice.make(game, seats), Dropouts("escrow", 1))


@pytest.mark.parametrize("game", ["bang", pytest.param("dice", marks=pytest.mark.slow)])
async def test_a_watcher_takes_a_vanished_seat_and_plays_it_to_the_end(
        tmp_path: Path, game: str) -> None:
    out = io.StringIO()
    took: list[int] = []

    class Reporter(PlainWatcher):
        def took_seat(self, watch: TableWatch) -> None:
            took.append(watch.seat if watch.seat is not None else -1)

    async with bot_table(tmp_path, players=4, settings=_escrow(game, 4), linger=3.0,
                         pace=0.02) as table:
        await table.until(lambda: table.entries() >= 30)
        found = await table.address()
        watch = TableWatch(Identity.generate("Wanda"), found, Reporter(out))
        async with trio.open_nursery() as nursery:
            result: list = []

            nursery.start_soon(_follow, watch, result)
            await table.until(lambda: "caught up" in out.getvalue())
            assert await watch.offer_seat("Wanda", BotDecider(seed=7))
            others = [s for i, s in enumerate(table.sessions) if i != VANISHING]
            await table.until(lambda: all(s.keeper.offers for s in others), 10)
            await table.vanish(VANISHING)
            await table.until(lambda: bool(result), 150)
    assert took, out.getvalue()
    watched = result[0]
    heads = {r.head for r in table.results}
    assert len(table.results) == 3 and all(r.ok for r in table.results), \
        [r.outcome_text() for r in table.results]
    assert len(heads) == 1 and watched.complete and watched.head in heads
    report = audit(load_transcript(table.results[0].directory))
    assert report.complete, report.lines()
    taken = [line for line in report.changes if "Wanda" in line]
    assert taken and "a person on their own peer" in taken[0], report.changes
    # The watcher's engine is the seat's now; the hand-over delivered the seat's cards to
    # its dealer, and no player's dealer (the relaying one included) can open one of them
    # that did not become public.
    seat = watch.seat
    assert seat is not None and watch.core.seat == seat
    delivered = watch.core.dealer.delivered
    if game == "bang":
        assert delivered, "the hand-over delivered the seat's hand to the watcher"
    else:  # the Dice Game hides only the role (the Sheriff's is public from the start)
        player = watch.core.game.players[seat]
        assert player.role is not None and (delivered or player.role_public)
    for index, session in enumerate(table.sessions):
        if index == VANISHING:
            continue
        dealer = session.core.dealer
        for slot in delivered:
            if dealer.slot_state(slot).card is None:
                assert dealer.known_card(slot) is None, (index, slot)


async def test_offers_and_parts_that_do_not_check_are_refused(tmp_path: Path) -> None:
    """A watcher's offer signed by another key, an offer of another game, and a part sent by
    a watcher that holds no seat: each is refused and the watcher cut off; the table plays
    on and keeps no offer."""
    async with bot_table(tmp_path, players=4, settings=_escrow("bang", 4),
                         to_the_end=False) as table:
        await table.until(lambda: table.entries() >= 10)
        found = await table.address()
        server = table.sessions[0].watchers.server
        assert server is not None
        session_id = table.sessions[0].session_id
        other = Identity.generate("Mallory")
        good = make_offer(other.private_key, session_id, "Mallory").encode()
        forged = good[:-64] + bytes(64)
        elsewhere = make_offer(other.private_key, bytes(32), "Mallory").encode()
        cases = [(WATCH_OFFER, {"o": forged}, "signature"),
                 (WATCH_OFFER, {"o": elsewhere}, "another game"),
                 (WATCH_PART, {"p": b"\x93\x01\x02\x03"}, "without holding a seat")]
        for kind, fields, reason in cases:
            watcher = Identity.generate("W")
            async with open_mesh(watcher, found.info.table_id,
                                 config=MeshConfig(max_peers=2)) as mesh:
                register_watch_messages(mesh.registry)
                peer = await mesh.connect(found.host, found.watch_address[1])
                await mesh.send(peer.peer_id, {"t": kind, **fields})
                await table.until(lambda w=watcher: any(p == w.peer_id for p, _ in
                                                        server.refused), 10)
            refusal = next(r for p, r in server.refused if p == watcher.peer_id)
            assert reason in refusal, refusal
        assert not any(session.keeper.offers for session in table.sessions)
        await table.plays_on(5)


async def _watcher_holding_a_seat(table, out: io.StringIO, nursery: trio.Nursery,
                                  result: list) -> TableWatch:
    """A watcher through seat 0 offers, seat ``VANISHING`` stops, the watcher holds it."""
    await table.until(lambda: table.entries() >= 30)
    watch = TableWatch(Identity.generate("Wanda"), await table.address(), PlainWatcher(out))

    nursery.start_soon(_follow, watch, result)
    await table.until(lambda: "caught up" in out.getvalue())
    assert await watch.offer_seat("Wanda", BotDecider(seed=7))
    others = [s for i, s in enumerate(table.sessions) if i != VANISHING]
    await table.until(lambda: all(s.keeper.offers for s in others), 10)
    await table.vanish(VANISHING)
    await table.until(lambda: watch.taker is not None and watch.taker.holding is not None
                      and watch.core.game.viewer == watch.seat, 60)
    return watch


async def _replaced_by_a_bot(table) -> tuple[int, object]:
    """Seat ``VANISHING`` stops mid-game and a bot takes it: the bot's runner and the table
    as a watcher finds it through that runner."""
    await table.until(lambda: table.entries() >= 30)
    await table.vanish(VANISHING)
    others = [s for i, s in enumerate(table.sessions) if i != VANISHING]
    await table.until(lambda: any(s.keeper.hosted for s in others), 60)
    runner = next(i for i, s in enumerate(table.sessions)
                  if i != VANISHING and s.keeper.hosted)
    return runner, await probe_peer(f"127.0.0.1:{table.sessions[runner].mesh.port}")


async def _plays_on(table, more: int) -> None:
    """The game goes on ``more`` entries (as seat 0 sees it) after the watcher took over."""
    target = len(table.sessions[0].log) + more
    await table.until(lambda: len(table.sessions[0].log) >= target, 60)


def _ended_together(table, changes: int) -> list[str]:
    heads = {r.head for r in table.results}
    assert len(heads) == 1 and all(r.ok for r in table.results), \
        [r.outcome_text() for r in table.results]
    report = audit(load_transcript(table.results[0].directory))
    assert report.complete, report.lines()
    replaced = [line for line in report.changes if "was away" in line]
    assert len(replaced) == changes, report.changes
    return replaced


async def test_a_second_seat_is_replaced_with_the_watchers_ballot(tmp_path: Path) -> None:
    """The certificate of a later replacement needs every seat's yes: the watcher that holds
    a seat votes through its relay (the relay shows it the proposal)."""
    out = io.StringIO()
    result: list = []
    async with bot_table(tmp_path, players=5, settings=_escrow("bang", 5), linger=3.0,
                         pace=0.02) as table, trio.open_nursery() as nursery:
        watch = await _watcher_holding_a_seat(table, out, nursery, result)
        await _plays_on(table, 4)
        await table.vanish(3)
        await table.until(lambda: bool(result), 150)
    replaced = _ended_together(table, 2)
    assert "Wanda" in replaced[0] and "bot (" in replaced[1], replaced
    assert result[0].complete and watch.taker is not None and watch.taker._ballot is not None


async def test_a_watcher_that_leaves_its_seat_is_replaced_by_a_bot(tmp_path: Path) -> None:
    """The watcher holding a seat goes away: its relay tells the others its link is down,
    and the seat is replaced again, by a bot this time."""
    out = io.StringIO()
    result: list = []
    async with bot_table(tmp_path, players=4, settings=_escrow("bang", 4), linger=3.0,
                         pace=0.02) as table, trio.open_nursery() as nursery:
        await _watcher_holding_a_seat(table, out, nursery, result)
        await _plays_on(table, 2)
        nursery.cancel_scope.cancel()  # the watcher's process stops
    replaced = _ended_together(table, 2)
    assert "Wanda" in replaced[0] and "Wanda" in replaced[1] and "bot (" in replaced[1], replaced


async def test_a_returning_player_takes_the_seat_back_from_the_bot(tmp_path: Path) -> None:
    """Seat 2 vanishes and a bot run by another peer takes it; its player comes back as a
    watcher of that runner and claims the seat with its genesis key: the bot leaves, naming
    the player's fresh key, and the player plays the seat to the end. A claim signed by
    another key is refused."""
    out = io.StringIO()
    result: list = []
    async with bot_table(tmp_path, players=4, settings=_escrow("bang", 4), linger=3.0,
                         pace=0.02) as table:
        sessions = table.sessions
        runner, found = await _replaced_by_a_bot(table)
        old = sessions[VANISHING].identity
        async with trio.open_nursery() as nursery:
            watch = TableWatch(Identity.generate("P2 again"), found, PlainWatcher(out))

            nursery.start_soon(_follow, watch, result)
            await table.until(lambda: "caught up" in out.getvalue())
            impostor = Identity.generate("Mallory")
            assert await watch.reclaim_seat(impostor, VANISHING, "Mallory", BotDecider(seed=3))
            server = sessions[runner].watchers.server
            assert server is not None
            await table.until(lambda: bool(server.refused), 10)
            assert "not signed by the seat's own player" in server.refused[-1][1]
            back = TableWatch(Identity.generate("P2 back"), found, PlainWatcher(io.StringIO()))
            watch = back
            back_result: list = []
            nursery.start_soon(_follow, back, back_result)
            await table.until(lambda: back.genesis is not None and len(back.log) > 0, 20)
            assert await back.reclaim_seat(old, VANISHING, "Player back", BotDecider(seed=5))
            await table.until(lambda: bool(back_result), 150)
    replaced = _ended_together(table, 1)
    report = audit(load_transcript(table.results[0].directory))
    given_back = [line for line in report.changes if " left:" in line]
    assert len(given_back) == 1 and "Player back" in given_back[0], report.changes
    assert "bot (" in replaced[0]
    assert watch.seat == VANISHING and watch.core.game.viewer == VANISHING


async def test_the_plain_watcher_takes_a_seat_with_take(tmp_path: Path) -> None:
    """``p2pbang watch --plain``: the person types take; when the table gives the seat, the
    plain player's table tells it ("You took over ...") and reads the person's moves (here
    the input ends: the person left the seat, and the watch says so)."""
    from p2pbang.ui.network.plain_net import PlainNetworkTable

    out, seat_out = io.StringIO(), io.StringIO()
    seat_table = PlainNetworkTable(inp=io.StringIO("take\n"), out=seat_out)
    watcher = PlainWatcher(out, seat_table=seat_table)
    result: list = []
    async with bot_table(tmp_path, players=4, settings=_escrow("bang", 4), linger=1.0,
                         pace=0.02, to_the_end=False) as table:
        await table.until(lambda: table.entries() >= 30)
        watch = TableWatch(Identity.generate("Wanda"), await table.address(), watcher)
        async with trio.open_nursery() as nursery:

            nursery.start_soon(_follow, watch, result)
            await table.until(lambda: "caught up" in out.getvalue())
            nursery.start_soon(watcher.read_commands)
            others = [s for i, s in enumerate(table.sessions) if i != VANISHING]
            await table.until(lambda: all(s.keeper.offers for s in others), 10)
            await table.vanish(VANISHING)
            await table.until(lambda: bool(result), 90)
    assert "Type take" in out.getvalue() and "You offered to take a seat" in out.getvalue()
    assert "You took over Player" in seat_out.getvalue(), seat_out.getvalue()
    assert result[0].stopped == "you left the seat"


@pytest.mark.slow  # the claim itself is checked in the full-flow test above
async def test_resume_plain_takes_the_seat_back_in_plain_lines(tmp_path: Path) -> None:
    """``resume --plain``'s take-back: the plain watcher claims the seat once live, and the
    plain player's lines say "You have your seat back" when the bot hands it over."""
    from p2pbang.ui.network.plain_net import PlainNetworkTable

    out, seat_out = io.StringIO(), io.StringIO()
    result: list = []
    async with bot_table(tmp_path, players=4, settings=_escrow("bang", 4), linger=1.0,
                         pace=0.02, to_the_end=False) as table:
        sessions = table.sessions
        _runner, found = await _replaced_by_a_bot(table)
        seat_table = PlainNetworkTable(inp=io.StringIO(""), out=seat_out)
        watcher = PlainWatcher(out, seat_table=seat_table,
                               reclaim=(sessions[VANISHING].identity, VANISHING))
        watch = TableWatch(Identity.generate("Player2"), found, watcher)
        async with trio.open_nursery() as nursery:

            nursery.start_soon(_follow, watch, result)
            nursery.start_soon(watcher.read_commands)
            await table.until(lambda: bool(result), 90)
    assert "You claimed your seat back" in out.getvalue(), out.getvalue()
    assert "You have your seat back" in seat_out.getvalue(), seat_out.getvalue()
    assert result[0].stopped == "you left the seat"
