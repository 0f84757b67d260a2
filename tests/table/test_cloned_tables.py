"""A cloned DNS-SD record (same id and name, another address) no longer blocks joining:
both are listed with their addresses and host keys, and the person chooses."""

from __future__ import annotations

import argparse

import pytest
import trio

from p2pbang.commands import table_commands as commands
from p2pbang.net.discovery import DiscoveredTable, TableInfo
from p2pbang.net.identity import Identity
from p2pbang.table.lobby_flow import TableRefused

TABLE_ID = bytes(range(16))
REAL = DiscoveredTable(TableInfo(TABLE_ID, "Saloon", "bang", 5, 3, "a" * 43),
                       "192.168.1.20", 7000)
CLONE = DiscoveredTable(TableInfo(TABLE_ID, "Saloon", "bang", 5, 3, "b" * 43),
                        "192.168.1.66", 7000)


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch) -> None:
    async def browse(timeout: float, stop_when: object = None) -> list[DiscoveredTable]:
        return [REAL, CLONE]
    monkeypatch.setattr(commands, "browse_tables", browse)


def _args(table: str) -> argparse.Namespace:
    return argparse.Namespace(peer=None, table=table, timeout=0.1)


@pytest.mark.parametrize("wanted", ["Saloon", TABLE_ID.hex()[:8]])
def test_the_person_chooses_between_the_copies(lan: None, wanted: str) -> None:
    said: list[str] = []

    async def ask() -> str | None:
        return "2"

    async def main() -> DiscoveredTable:
        return await commands._find_table(_args(wanted), said.append, ask)

    assert trio.run(main) is CLONE
    text = "\n".join(said)
    assert "192.168.1.20:7000" in text and "192.168.1.66:7000" in text
    assert "a" * 12 in text and "b" * 12 in text


def test_a_bot_refuses_with_both_addresses(lan: None) -> None:
    async def main() -> DiscoveredTable:
        return await commands._find_table(_args("Saloon"), lambda _: None)

    with pytest.raises(TableRefused) as refused:
        trio.run(main)
    assert "192.168.1.20:7000" in str(refused.value) and "--peer" in str(refused.value)
    assert "192.168.1.66:7000" in str(refused.value)


def test_no_answer_gives_up_cleanly(lan: None) -> None:
    answers = iter(["9", "x", ""])

    async def ask() -> str | None:
        return next(answers)

    async def main() -> DiscoveredTable:
        return await commands._find_table(_args("Saloon"), lambda _: None, ask)

    with pytest.raises(commands.NoTableChosen, match="no table chosen"):
        trio.run(main)


def test_a_bot_refusal_names_the_key_each_address_proved(lan: None, monkeypatch) -> None:
    """Issue 22, point 4: the record's key is copied; the key proven at each address is not.
    The refusal says so, and how to pin the right one (--peer alone proves no key)."""
    async def proven(identity, tables, timeout=3.0):
        return [t.info.host_peer if t is REAL else "c" * 16 for t in tables]
    monkeypatch.setattr(commands, "proven_keys", proven)

    async def main() -> DiscoveredTable:
        return await commands._find_table(_args("Saloon"), lambda _: None,
                                          identity=Identity.generate("Bot"))

    with pytest.raises(TableRefused) as refused:
        trio.run(main)
    real_line, clone_line = [line for line in str(refused.value).splitlines()
                             if "192.168.1." in line]
    assert "192.168.1.20:7000" in real_line and "(proven there)" in real_line
    assert "192.168.1.66:7000" in clone_line and f"NOT proven there: that peer is {'c' * 16}" \
        in clone_line
    assert "--table-key" in str(refused.value)
