"""The Dice Game and The Duel between bot peers over real loopback meshes: a lobby, a signed
genesis naming the game, Noise channels, the replicated signed log, the MentalDealer with
every proof checked by every peer, files on disk. Each peer runs in this process (the same
games as separate ``p2pbang bot`` processes: ``tests/e2e/test_family_games.py``), but
everything below the lobby is what separate machines run.

Given a dice table where one peer cheats in the public draws, when it opens another value
than it committed, then every honest peer stops with a verdict naming it; when it withholds
its opening, then every honest peer reports waiting for exactly that player and gives up
naming it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import trio

from p2pbang.engine.choice import GameChoice
from p2pbang.net.discovery import probe_peer
from p2pbang.net.identity import Identity
from p2pbang.table.audit import audit
from p2pbang.table.dropouts import ESCROW, OFF, Dropouts
from p2pbang.table.gamefiles import TRANSCRIPT_FILE, load_transcript
from p2pbang.table.lobby_flow import Seating, play_at_table
from p2pbang.table.outcome import SessionResult
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.session import SessionConfig
from p2pbang.table.table_choice import settings_for


async def play_network(tmp_path: Path, choice: GameChoice, cheats: dict[int, str] | None = None,
                       max_wait: float | None = None
                       ) -> tuple[list[tuple[int, SessionResult, str]], list[Identity]]:
    """Every peer a bot; peer 0 opens, the others join by address. Returns, per peer that
    finished, (its index, its result, what it reported); a cheater that withholds never
    finishes and is stopped once the honest peers have. A table with cheaters plays without
    escrow (``dropouts=off``): the cheats bend the plain commit-reveal draw, and a withheld
    opening then stops the game (with escrow the others open it: tests/table/
    test_seat_change_core.py)."""
    cheats = cheats or {}
    dropouts = Dropouts.for_table(OFF if cheats else ESCROW, choice.seats)
    identities = [Identity.generate(f"P{i}") for i in range(choice.seats)]
    finished: list[tuple[int, SessionResult, str]] = []
    opened = trio.Event()
    port: list[int] = []
    honest_done = trio.Event()

    def seating(index: int) -> tuple[Seating, io.StringIO]:
        out = io.StringIO()
        config = SessionConfig(linger=0.5, max_wait=max_wait, wait_report=0.5)
        return Seating(BotDecider(index), LineReporter(out, wait_every=0.5),
                       tmp_path / f"p{index}", {"player": "bot"}, config,
                       cheats.get(index)), out

    async def on_open(lobby) -> None:
        port.append(lobby.mesh.port)
        opened.set()

    async def peer(index: int) -> None:
        where, out = seating(index)
        if index == 0:
            result = await play_at_table(identities[0], where, lambda _: None,
                                         settings=settings_for("Saloon", choice, dropouts),
                                         on_open=on_open)
        else:
            await opened.wait()
            table = await probe_peer(f"127.0.0.1:{port[0]}")
            result = await play_at_table(identities[index], where, lambda _: None, table=table)
        finished.append((index, result, out.getvalue()))
        if sum(1 for i, _, _ in finished if i not in cheats) == choice.seats - len(cheats):
            honest_done.set()

    with trio.fail_after(150):
        async with trio.open_nursery() as nursery:
            for index in range(choice.seats):
                nursery.start_soon(peer, index)
            await honest_done.wait()
            with trio.move_on_after(1):
                while len(finished) < choice.seats:
                    await trio.sleep(0.1)
            nursery.cancel_scope.cancel()
    return finished, identities


def _agree_and_verify(finished: list[tuple[int, SessionResult, str]], seats: int) -> None:
    assert len(finished) == seats
    results = [result for _, result, _ in finished]
    assert all(r.ok for r in results), [r.outcome_text() for r in results]
    assert len({r.head for r in results}) == 1
    assert len({r.outcome_text() for r in results}) == 1
    for result in results:
        report = audit(load_transcript(result.directory))
        assert report.complete and report.problem is None, report.lines()
    # The transcript is canonical: every peer saved the very same bytes.
    saved = {(result.directory / TRANSCRIPT_FILE).read_bytes() for result in results}
    assert len(saved) == 1


async def test_three_dice_bot_peers_play_a_whole_game_and_agree(tmp_path: Path) -> None:
    finished, _ = await play_network(tmp_path, GameChoice.make("dice", 3))
    _agree_and_verify(finished, 3)


# Slow, like the whole Duel of two processes in tests/e2e: a whole Duel over the mental
# table is tests/table/test_dice_duel_table.py, a network Duel by keys
# tests/ui/test_family_net_screen.py (both in the default set).
@pytest.mark.slow
async def test_two_duel_bot_peers_play_a_whole_duel_and_agree(tmp_path: Path) -> None:
    finished, _ = await play_network(tmp_path, GameChoice.make("duel", 2))
    _agree_and_verify(finished, 2)


def _seat_of(identities: list[Identity], index: int) -> int:
    return sorted(i.peer_id for i in identities).index(identities[index].peer_id)


async def test_a_dice_peer_opening_another_value_is_named_by_every_honest_peer(
        tmp_path: Path) -> None:
    finished, identities = await play_network(tmp_path, GameChoice.make("dice", 3),
                                              cheats={1: "wrong-opening"})
    seat = _seat_of(identities, 1)
    honest = [(result, out) for index, result, out in finished if index != 1]
    assert len(honest) == 2
    for result, out in honest:
        assert result.verdict is not None and result.verdict.seat == seat, out
        assert "open" in result.verdict.reason or "commit" in result.verdict.reason
        chair = result.chairs[seat]  # the seat as the lines count it (1-n clockwise)
        assert f"P1 (seat {chair})" in result.outcome_text()
        assert audit(load_transcript(result.directory)).verdict.seat == seat


async def test_a_dice_peer_withholding_its_opening_is_named_by_every_honest_peer(
        tmp_path: Path) -> None:
    finished, identities = await play_network(tmp_path, GameChoice.make("dice", 3),
                                              cheats={1: "withhold-opening"}, max_wait=3)
    seat = _seat_of(identities, 1)
    honest = [(result, out) for index, result, out in finished if index != 1]
    assert len(honest) == 2
    for result, out in honest:
        assert result.verdict is None and result.end is None
        chair = result.chairs[seat]  # the seat as the lines count it (1-n clockwise)
        assert result.gave_up is not None and f"for P1 (seat {chair})" in result.gave_up, out
        assert "waiting" in out and f"P1 (seat {chair})" in out
        # The saved game names the withholder too: the others' signed openings are in it.
        report = audit(load_transcript(result.directory))
        assert report.verdict is None and report.end is None
        assert report.problem is not None, report
        assert f"waiting for P1 (seat {chair}): it did not write" in report.problem, \
            report.problem
