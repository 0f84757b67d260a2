"""Finding a table on the LAN: a bot opens and announces a table over mDNS, ``p2pbang list``
shows it, and three bot peers join it by its name; the game is played to the end and
verifies. (Multicast on loopback; skipped with the reason where the machine has none.)"""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from p2pbang.net.discovery import multicast_problem

from .peers import PORT_LINE, cli, describe, finish, start, wait_for


def test_list_shows_an_announced_table_and_bots_join_it_by_name(tmp_path: Path) -> None:
    problem = multicast_problem("127.0.0.1")
    if problem:
        pytest.skip(f"no multicast on loopback here ({problem}); --peer is tested instead")
    name = f"Dusty-{secrets.token_hex(4)}"  # unique, even with another test run at once
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


def test_joining_by_a_name_two_tables_share_is_refused_with_their_ids(tmp_path: Path) -> None:
    problem = multicast_problem("127.0.0.1")
    if problem:
        pytest.skip(f"no multicast on loopback here ({problem})")
    name = f"Twin-{secrets.token_hex(4)}"
    openers = [start(tmp_path, f"o{i}", "bot", "--open", "--announce", "--seats", "4",
                     "--table-name", name, "--listen", "127.0.0.1", "--max-wait", "20")
               for i in range(2)]
    try:
        for opener in openers:
            wait_for(opener, PORT_LINE.pattern)
        joined = cli("bot", "--join", name, "--timeout", "3", "--home", str(tmp_path / "j"),
                     "--listen", "127.0.0.1")
        assert joined.returncode == 2, joined.stdout + joined.stderr
        assert f"several tables answer to {name!r}" in joined.stderr
        assert joined.stderr.count("  id ") == 2 and joined.stderr.count(" at 127.0.0.1:") == 2
        assert "--peer" in joined.stderr
    finally:
        for opener in openers:
            opener.process.kill()
            opener.process.wait()
