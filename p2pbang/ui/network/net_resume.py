"""``p2pbang resume`` in the full-screen interface: the same table screen as a game joined
or hosted (the card game's, or the Dice Game's and The Duel's board), on the mesh the resume
path reopens, ending with the same outcome lines ("You win!" / "You lose.") once the
terminal is restored.

There is no lobby to show: until the session has caught up and the table screen can draw,
the terminal says what is happening in plain lines (the screen takes over after that).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from p2pbang.table.exits import EXIT_CHEAT, EXIT_LEFT, EXIT_OK, exit_status
from p2pbang.table.network import Identity
from p2pbang.table.resume import ResumableGame, resumed_mesh
from p2pbang.table.session import SessionConfig, SessionResult, TableSession
from p2pbang.table.table_choice import choice_of
from p2pbang.ui.i18n import _
from p2pbang.ui.network.family_net_table import network_table
from p2pbang.ui.network.net_app import outcome_lines
from p2pbang.ui.network.net_play import play_table
from p2pbang.ui.shell.stage import Stage, run_program


@dataclass
class ResumeRequest:
    """The game to take up again and where to listen; ``on_open`` runs once the mesh is
    open (the host restarts its bots there), with a way to tell the person."""

    identity: Identity
    game: ResumableGame
    listen: str = ""
    port: int = 0
    on_open: Callable[[Callable[[str], None]], None] | None = None
    pace: Path | None = None  # the pace file of the host's bots, when it brought them back
    session_config: SessionConfig = field(default_factory=SessionConfig)


class ResumePlay:
    """The program: reopen the mesh, run the session, show the table once it is ready."""

    def __init__(self, request: ResumeRequest, input: Input | None = None,
                 output: Output | None = None) -> None:
        self.request = request
        self._input, self._output = input, output
        self.table = network_table(choice_of(request.game.genesis.settings), input, output,
                                   pace=request.pace)
        self.lines_after: list[str] = []

    @property
    def result(self) -> SessionResult | None:
        """How the game ended, from the moment the session ends (the table keeps it)."""
        return self.table.result

    @staticmethod
    def _say(text: str) -> None:
        print(text, flush=True)  # only before the screen is up

    async def __call__(self, stage: Stage) -> int:
        request, table = self.request, self.table
        game = request.game
        async with resumed_mesh(request.identity, game, request.listen,
                                request.port) as (mesh, inboxes):
            self._say(_("Resuming the game on port {port}: catching up with the others...")
                      .format(port=mesh.port))
            if request.on_open is not None:
                request.on_open(self._say)
            session = TableSession(request.identity, game.genesis, mesh, inboxes, game.files,
                                   table, table, config=request.session_config,
                                   meta=game.session_meta)
            session.on_chat = table.chat_received
            await play_table(stage, session, table, take_back=True)
            back = session.take_back_from()
        if back is not None:
            return await self._take_back(stage, session.seat, back[1])
        return self._conclude()

    async def _take_back(self, stage: Stage, seat: int, address: str) -> int:
        """A bot took this seat while the player was away: the player takes it back,
        watching the table through the bot's runner and claiming the seat with its own key
        (``protocol/seats.md`` 7.2); the table screen comes back once the seat is theirs."""
        from p2pbang.table.network import probe_peer
        from p2pbang.table.watch import WATCH_FAILURES, TableWatch
        from p2pbang.ui.watch_screen import WatchProgram
        from p2pbang.ui.watch_screen import outcome_lines as watch_lines

        await stage.hide()
        self._say(_("A bot plays your seat now: taking it back (through {address})...")
                  .format(address=address))
        identity = self.request.identity
        try:
            found = await probe_peer(address)
        except (OSError, *WATCH_FAILURES) as exc:
            self._say(str(exc))
            return self._conclude()
        program = WatchProgram(
            lambda screen: TableWatch(Identity.generate(identity.name), found, screen),
            input=self._input, output=self._output, reclaim=(identity, seat))
        result = await program(stage)
        if result is None:
            self.lines_after.append(_("You left; the bot plays on."))
            return EXIT_LEFT
        self.lines_after.extend(watch_lines(result, program.watch))
        return EXIT_OK if result.complete else EXIT_CHEAT

    def _conclude(self) -> int:
        result = self.result
        assert result is not None
        self.lines_after.extend(outcome_lines(result, self.table))
        return exit_status(result)


def run_resumed(request: ResumeRequest, input: Input | None = None,
                output: Output | None = None) -> int:
    """Resume in the full-screen interface; returns the network commands' exit status."""
    play = ResumePlay(request, input, output)
    try:
        code = run_program(play)
    except Exception:
        traceback.print_exc()
        return EXIT_CHEAT
    finally:
        for line in play.lines_after:
            print(line, flush=True)
    return EXIT_LEFT if code is None else code


__all__ = ["ResumePlay", "ResumeRequest", "run_resumed"]
