"""Chat at a network table: a person's line reaches every other seat, attributed by the
channel that carried it; what others send is cleaned before it is shown; a flood is cut
down and said once; a malformed line never leaves its sender; chat never enters the game's
log or files. Four real sessions over loopback meshes, the person's screen on a stage."""

from __future__ import annotations

import io
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
import trio
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.net.codec import CodecError
from p2pbang.table.gamefiles import GameFiles
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.session import CHAT, MAX_CHAT_CHARS, SessionConfig, TableSession
from p2pbang.ui.network.chat_guard import BURST, ChatGuard
from p2pbang.ui.network.net_table import NetworkTable
from p2pbang.ui.shell.stage import Stage, run_program
from p2pbang.ui.shell.widgets import MAX_CHAT

from .netkit import ENTER, TAB, sealed_genesis, until, wired_meshes


@pytest.fixture
def pipe():
    with create_pipe_input() as pipe_input:
        yield pipe_input


def test_the_chat_limit_is_the_same_on_the_screen_and_on_the_wire() -> None:
    assert MAX_CHAT == MAX_CHAT_CHARS


def test_chat_goes_round_the_table_cleaned_attributed_limited_and_never_logged(
        tmp_path: Path, pipe) -> None:
    genesis, identities = sealed_genesis(4)
    names = [seat.name for seat in genesis.seats]
    heard: list[tuple[int, str]] = []
    seen: dict[str, object] = {}

    async def program(stage: Stage) -> None:
        async with AsyncExitStack() as stack:
            meshes, inboxes = await wired_meshes(stack, genesis, identities)
            person = NetworkTable(input=pipe, output=DummyOutput())
            # The guard's clock stands still: the flood is one burst however slowly a loaded
            # machine delivers it (ChatGuard's own tests time the refill).
            person.guard = ChatGuard(clock=lambda: 0.0)
            bot_out = io.StringIO()
            sessions = []
            for seat in range(4):
                files = GameFiles.for_session(tmp_path / f"seat{seat}", genesis.session_id)
                decider = person if seat == 0 else BotDecider(seed=seat)
                reporter = person if seat == 0 else LineReporter(bot_out)
                sessions.append(TableSession(identities[seat], genesis, meshes[seat],
                                             inboxes[seat], files, decider, reporter,
                                             config=SessionConfig(linger=1)))
            sessions[0].on_chat = person.chat_received
            sessions[1].on_chat = lambda seat, text: heard.append((seat, text))
            async with trio.open_nursery() as nursery:
                for session in sessions:
                    nursery.start_soon(session.run)
                nursery.start_soon(person.send_chats, sessions[0])
                await person.ready.wait()
                assert person.screen is not None
                screen = person.screen
                screen.app.ttimeoutlen = 0.02
                await stage.show(screen)
                await until(lambda: len(meshes[0].connected_peers()) == 3)

                # The person says something (a paste with an escape sequence in it).
                pipe.send_text(TAB + "\x1b[200~hi there\x1b[31m!\x1b[201~" + ENTER)
                await until(lambda: bool(heard))
                seen["heard"] = list(heard)

                # Seat 2 sends an escape sequence and a right-to-left override.
                await meshes[2].send(meshes[0].peer_id,
                                     {"t": CHAT, "text": "\x1b[2Jgotcha\u202e!"})
                await until(lambda: any("gotcha" in e.text for e in screen.log))
                # Seat 3 floods: a burst is shown, the rest dropped, said once.
                for n in range(BURST + 7):
                    await meshes[3].send(meshes[0].peer_id, {"t": CHAT, "text": f"spam {n}"})
                await until(lambda: any("too fast" in e.text for e in screen.log))
                await trio.sleep(0.3)  # the whole flood has arrived
                seen["log"] = [e.text for e in screen.log]

                # A line too long, or empty, never leaves its sender.
                for text in ("x" * (MAX_CHAT_CHARS + 1), ""):
                    with pytest.raises(CodecError):
                        await meshes[1].send(meshes[0].peer_id, {"t": CHAT, "text": text})
                await trio.sleep(0.2)
                seen["links"] = len(meshes[0].connected_peers())
                nursery.cancel_scope.cancel()

    run_program(program)
    assert seen["heard"] == [(0, "hi there[31m!")]  # from seat 0: the channel says so
    log = seen["log"]
    assert isinstance(log, list)
    assert f"<{names[0]}> hi there[31m!" in log  # the person's own line, shown at once
    assert f"<{names[2]}> [2Jgotcha!" in log  # no escape character, no override
    spam = [line for line in log if line.startswith(f"<{names[3]}> spam")]
    assert len(spam) == BURST
    assert sum("is chatting too fast" in line for line in log) == 1
    assert seen["links"] == 3  # nobody was dropped: the bad lines never left
    for path in tmp_path.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert b"gotcha" not in data and b"hi there" not in data and b"spam" not in data
