"""Finding a table on the LAN: a bot opens and announces a table over mDNS, ``p2pbang list``
shows it, and three bot peers join it by its name; the game is played to the end and
verifies. (Multicast on loopback; skipped with the reason where the machine has none.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pbang.net.discovery import multicast_problem

from .peers import PORT_LINE, cli, describe, finish, start, wait_for


def test_list_shows_an_announced_table_and_bots_join_it_by_name(tmp_path: Path) -> None:
    problem = multicast_problem("127.0.0.1")
    if problem:
        pytest.skip(f"no multicast on loopback here ({problem}); --peer is tested instead")
    name = f"Dusty{tmp_path.name[-6:]}"
    opener = start(tmp_path, "p0", "bot", "--open", "--announce", "--seats", "4",
                   "--table-name", name, "--listen", "127.0.0.1", "--name", "P0",
                   "--max-wait", "60")
    wait_for(opener, PORT_LINE.pattern)
    listing = cli("list", "--timeout", "3")
    assert listing.returncode == 0, listing.stderr
    assert name in listing.stdout and "1/4 seated" in listing.stdout, listing.stdout
    peers = [opener] + [
        start(tmp_path, f"p{i}", "bot", "--join", name, "--timeout", "5",
              "--listen", "127.0.0.1", "--name", f"P{i}", "--max-wait", "60")
        for i in range(1, 4)
    ]
    codes = finish(peers)
    assert codes == [0, 0, 0, 0], describe(peers)
    assert len({peer.head for peer in peers}) == 1
    verified = cli("verify", str(peers[2].game_dir))
    assert verified.returncode == 0, verified.stdout + verified.stderr
