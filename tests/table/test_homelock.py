"""One home, one running player (issue 10, point 3): a second copy changes nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from p2pbang.table.homelock import HomeInUse, hold_home, holds_home

HOLDER = (
    "import sys, time; from pathlib import Path;"
    "from p2pbang.table.homelock import hold_home;"
    "hold_home(Path(sys.argv[1])); print('held', flush=True); time.sleep(60)"
)


@pytest.fixture
def held_elsewhere(tmp_path: Path):
    """``tmp_path`` locked by another process, as a running game would hold it."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield tmp_path, holder.pid
    finally:
        holder.kill()
        holder.wait()


def test_a_home_held_by_another_process_is_refused_naming_it(held_elsewhere):
    home, pid = held_elsewhere
    with pytest.raises(HomeInUse, match=f"process {pid}"):
        hold_home(home)
    assert not holds_home(home)


def test_the_lock_is_taken_once_per_process_and_freed_when_it_ends(tmp_path: Path):
    holder = subprocess.run([sys.executable, "-c", HOLDER.replace("time.sleep(60)", "0"),
                             str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert holder.returncode == 0
    hold_home(tmp_path)
    hold_home(tmp_path)  # this process again: not a second player
    assert holds_home(tmp_path)


def test_a_second_bot_on_a_running_home_writes_nothing(held_elsewhere):
    home, pid = held_elsewhere
    games = home / "games" / "abc"
    games.mkdir(parents=True)
    (games / "table.json").write_text('{"seat": 1}')
    before = sorted(p.name for p in home.rglob("*"))
    copy = subprocess.run(
        [sys.executable, "-m", "p2pbang.cli", "bot", "--home", str(home), "--peer", "127.0.0.1:9"],
        capture_output=True, text=True, timeout=60,
    )
    assert copy.returncode == 2
    assert f"in use by another p2pbang (process {pid})" in copy.stderr
    assert sorted(p.name for p in home.rglob("*")) == before
    assert (games / "table.json").read_text() == '{"seat": 1}'
