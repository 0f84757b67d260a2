"""The card game's network table in the plain interface asks a decision in steps, as solo
play does (one question, ``ui/plain/stepped.py``): the card, then its target, then the
target's card, with a Back row, so a long list of combinations is never read out whole; the
action reached is the engine's own legal action, as the flat list gave it."""

from __future__ import annotations

import io
import re
from types import SimpleNamespace

import pytest

from p2pbang.engine.actions import Decision, Play
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.table.participants import PlayerQuit
from p2pbang.ui.network.plain_card import CardPlainPart
from p2pbang.ui.network.plain_net import PlainNetworkTable

NAMES = ["You", "Ace", "Bonnie", "Clyde"]
ROW = re.compile(r"^\s+(\d+)\. (.*)$")


def _table(typed: list[str]) -> tuple[PlainNetworkTable, io.StringIO, Scenario]:
    """A network table's person at seat 0 with Cat Balou and Panic! in hand, facing three
    players with cards in hand and in play: dozens of complete actions."""
    table = Scenario(["vulture_sam"] * 4, viewer=0,
                     hands={0: ["cat_balou", "panic", "beer", "bang"], 1: ["missed", "beer"],
                            2: ["bang", "missed", "beer"], 3: ["missed"]},
                     tables={1: ["barrel", "mustang"], 2: ["scope", "volcanic"],
                             3: ["jail", "dynamite"]}, life={0: 3})
    out = io.StringIO()
    plain = PlainNetworkTable(io.StringIO(""), out)
    plain.names = list(NAMES)
    plain.part = CardPlainPart(plain, table.game, 0)
    lines = iter(typed)

    async def readline() -> str | None:
        """The person reads the last menu and types the number of the row named."""
        wanted = next(lines, None)
        if wanted is None:
            return None
        rows = {}
        for line in reversed(out.getvalue().splitlines()):
            found = ROW.match(line.rsplit("> ", 1)[-1])
            if found is None:
                if rows:
                    break
                continue
            rows[found.group(2)] = found.group(1)
        number = [n for label, n in rows.items() if wanted in label]
        assert len(number) == 1, (wanted, rows)
        return number[0] + "\n"

    plain.input.readline = readline  # type: ignore[method-assign]
    return plain, out, table


def _menus(text: str) -> list[int]:
    """The number of rows of each menu printed."""
    sizes: list[int] = []
    inside = False
    for line in text.splitlines():
        if ROW.match(line.rsplit("> ", 1)[-1]):
            sizes[-1:] = [sizes[-1] + 1] if inside else [*sizes[-1:], 1]
            inside = True
        else:
            inside = False
    return sizes


async def test_a_decision_with_many_combinations_is_asked_in_steps() -> None:
    plain, out, table = _table(["Cat Balou", "Ace", "Back", "Bonnie", "Volcanic"])
    decision = table.game.pending
    assert isinstance(decision, Decision) and decision.seat == 0
    actions = table.game.legal_actions()
    assert len(actions) >= 15
    core = SimpleNamespace(game=table.game)
    action = await plain.decide(core, decision)  # type: ignore[arg-type]
    volcanic = table.in_play_slot(2, "volcanic")
    slot, card = table.slot_of(0, "cat_balou")
    assert action == Play(slot, card, target=2, target_slot=volcanic)
    assert action in actions  # the engine's own action, not one built here
    text = out.getvalue()
    sizes = _menus(text)
    assert len(sizes) == 5  # the cards, Ace's cards, the cards again, the targets, Bonnie's
    assert max(sizes) < len(actions) // 2  # never the whole list
    assert "Cat Balou (K\u2665): choose the next step." in text
    assert "Cat Balou (K\u2665) \u2192 Bonnie: choose the next step." in text


async def test_end_of_input_at_a_step_leaves_the_table() -> None:
    plain, out, table = _table(["Panic"])
    core = SimpleNamespace(game=table.game)
    with pytest.raises(PlayerQuit, match="end of input"):
        await plain.decide(core, table.game.pending)  # type: ignore[arg-type]
    assert "Panic! (J\u2665): choose the next step." in out.getvalue()
