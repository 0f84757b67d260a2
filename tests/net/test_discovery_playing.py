"""A running table's record: ``state=playing``, the turn, the watchers and the watch port,
parsed as strictly as the rest, and carried by multicast DNS on loopback (skipped where
multicast does not work); an open table's record is as before (older peers read it)."""

from __future__ import annotations

import dataclasses
import secrets

import pytest
import trio

from p2pbang.net.discovery import (
    PLAYING,
    DiscoveredTable,
    TableAnnouncer,
    TableBrowser,
    TableInfo,
    multicast_problem,
)

OPEN = TableInfo(table_id=b"\x01" * 16, name="Saloon", game="bang", seats=5, free=2,
                 host_peer="abcdefghijklmnop")
RUNNING = dataclasses.replace(OPEN, free=0, state=PLAYING, turn=17, watchers=3,
                              watch_port=45001)


def test_a_running_table_round_trips() -> None:
    record = RUNNING.to_record()
    assert (record["state"], record["turn"], record["w"], record["wp"]) == (
        "playing", "17", "3", "45001")
    assert TableInfo.from_record(record) == RUNNING and RUNNING.playing


def test_an_open_table_says_nothing_new() -> None:
    record = OPEN.to_record()
    assert not {"state", "turn", "w", "wp"} & set(record)
    assert TableInfo.from_record(record) == OPEN and not OPEN.playing


def test_the_watch_address_is_the_watch_port_or_the_records_own() -> None:
    assert DiscoveredTable(RUNNING, "10.0.0.2", 7000).watch_address == ("10.0.0.2", 45001)
    without = dataclasses.replace(RUNNING, watch_port=0)
    assert DiscoveredTable(without, "10.0.0.2", 7000).watch_address == ("10.0.0.2", 7000)


@pytest.mark.parametrize(("change", "match"), [
    ({"state": "over"}, "'state'"),
    ({"turn": "x"}, "'turn'"),
    ({"turn": "100000"}, "'turn'"),
    ({"w": "-1"}, "'w'"),
    ({"wp": "0"}, "'wp'"),
    ({"wp": "65536"}, "'wp'"),
])
def test_malformed_running_records_are_refused(change: dict[str, str], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        TableInfo.from_record({**RUNNING.to_record(), **change})


def test_a_running_record_needs_its_turn_and_watchers() -> None:
    for field in ("turn", "w"):
        record = RUNNING.to_record()
        del record[field]
        with pytest.raises(ValueError, match=f"missing '{field}'"):
            TableInfo.from_record(record)


async def test_a_running_record_goes_through_multicast_dns() -> None:
    problem = multicast_problem("127.0.0.1")
    if problem:
        pytest.skip(f"{problem}; the record itself is tested above")
    info = dataclasses.replace(RUNNING, table_id=secrets.token_bytes(16))
    async with (
        TableAnnouncer(info, 45001, interfaces=["127.0.0.1"]) as announcer,
        TableBrowser(["127.0.0.1"]) as browser,
    ):

        async def seen(turn: int) -> DiscoveredTable:
            with trio.fail_after(10):
                while True:
                    for table in await browser.tables():
                        if table.info.table_id == info.table_id and table.info.turn == turn:
                            return table
                    await trio.sleep(0.1)

        table = await seen(17)
        assert table.info == info and table.watch_address == ("127.0.0.1", 45001)
        await announcer.update(dataclasses.replace(info, turn=18, watchers=4))
        assert (await seen(18)).info.watchers == 4
