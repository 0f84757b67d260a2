"""The event decks (High Noon, A Fistful of Cards) and Gold Rush with the shadow gunslingers
over the mental-poker table: the event pile and the equipment pile shuffled by every seat
with proofs, events and shop cards revealed publicly, nuggets and purchases public moves on
the signed log, and a seat that buys, sells or removes what it may not named.

Given a table of cores playing one of these choices with random choosers, when the game is
played to its end, then every core and a public observer agree and the signed transcript
audits complete; when a seat's move is rewritten into a cheat, then every honest core
refuses it with ``Cheat`` naming that seat, before any state changes."""

from __future__ import annotations

from collections import Counter

import msgpack
import pytest

from p2pbang.engine.actions import Buy, Pass, Play, RemoveEquipment, Sell
from p2pbang.engine.bang.sets.gold_rush import EQUIPMENT_COST, name_of
from p2pbang.engine.bang.sets.gold_rush import state as gold_state
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.wire import to_wire
from p2pbang.table.audit import audit
from p2pbang.table.core import TableCore
from p2pbang.table.local_bus import LocalTable, observer_replay

from .forgery import assert_named, move_kinds, packed, run_until_cheat
from .signed_table import SignedTable, random_choosers

EVENTS = GameChoice.make("bang", 5, ["high-noon", "fistful"])
EVENTS_DODGE_CITY = GameChoice.make("bang", 6, ["dodge-city", "high-noon"])
GOLD_RUSH_SHADOWS = GameChoice.make("bang", 5, ["gold-rush"], ["shadows"])
EVERYTHING = GameChoice.make("bang", 6, ["dodge-city", "fistful", "gold-rush", "high-noon"],
                             ["shadows"])


def _play_to_the_end(choice: GameChoice, seed: int) -> LocalTable:
    table = LocalTable.create(choice.seats, choice=choice)
    table.run(random_choosers(choice.seats, seed=seed))
    ends = {core.over for core in table.cores}
    assert len(ends) == 1 and None not in ends
    observer = observer_replay(choice.seats, table.cores[0].dealer.session_id, table.log,
                               choice)
    assert observer.over == table.cores[0].over
    return table


@pytest.mark.parametrize("choice", [
    EVENTS,
    # Slow, like the four bot processes of High Noon with Dodge City in tests/e2e: the event
    # pile over the mental table is the high-noon+fistful case in the default set.
    pytest.param(EVENTS_DODGE_CITY, marks=pytest.mark.slow),
], ids=["high-noon+fistful", "dodge-city+high-noon"])
def test_an_event_deck_game_reveals_events_and_every_peer_agrees(choice: GameChoice) -> None:
    """The event pile is a hidden pile like the deck: every core learns each event only
    when it is revealed, and all of them learn the same ones."""
    for seed in range(4):
        table = _play_to_the_end(choice, seed)
        games = [core.game for core in table.cores]
        in_force = {game.event_in_force for game in games}
        assert len(in_force) == 1
        if in_force != {-1}:  # a short game may end before the Sheriff's second turn
            assert len({len(game.event_pile) for game in games}) == 1
            return
    raise AssertionError("four games ended before any event was revealed")


def test_a_gold_rush_game_with_shadows_buys_from_the_shop_and_every_peer_agrees() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(4):
        table = _play_to_the_end(GOLD_RUSH_SHADOWS, seed)
        shops = {tuple(gold_state(core.game).shop) for core in table.cores}
        nuggets = {tuple(gold_state(core.game).nuggets) for core in table.cores}
        assert len(shops) == 1 and len(nuggets) == 1
        kinds += move_kinds(table.log)
        if kinds["Buy"]:
            return
    raise AssertionError(f"four games without a purchase: {kinds}")


@pytest.mark.slow
def test_every_set_together_plays_to_an_agreed_end() -> None:
    _play_to_the_end(EVERYTHING, 2)


@pytest.mark.parametrize("choice", [
    EVENTS,
    # Four bot processes play Gold Rush with the shadows and verify it in tests/e2e.
    pytest.param(GOLD_RUSH_SHADOWS, marks=pytest.mark.slow),
], ids=["high-noon+fistful", "gold-rush+shadows"])
def test_a_signed_transcript_of_these_sets_audits_complete(choice: GameChoice) -> None:
    table = SignedTable(choice.seats, choice)
    table.run(random_choosers(choice.seats, seed=3))
    report = audit(table.transcript())
    assert report.problem is None and report.verdict is None, report.lines()
    assert report.complete
    assert any(choice.label() in line for line in report.checked)


# ---------------------------------------------------------------- cheats


def _in_own_play_phase(core: TableCore, seat: int, action) -> bool:
    pending = core.game.pending
    return (isinstance(action, (Play, Pass)) and pending.seat == seat
            and pending.kind == "play" and core.game.current == seat)


def test_buying_a_shop_card_without_its_nuggets_is_named() -> None:
    """Given a seat in its play phase with fewer nuggets than a shop card's price, when it
    writes a Buy of that card, then it is refused and the seat named."""
    def rewrite(core: TableCore, seat: int, action):
        if not _in_own_play_phase(core, seat, action):
            return None
        game = core.game
        for index, slot in enumerate(gold_state(game).shop):
            if EQUIPMENT_COST[name_of(game, slot)] > gold_state(game).nuggets[seat]:
                return packed(Buy(index), [])
        return None

    verdicts, table, seat = run_until_cheat(GOLD_RUSH_SHADOWS, 1, rewrite)
    assert_named(verdicts, table, seat, "illegal move")


def test_removing_equipment_without_paying_its_cost_plus_one_is_named() -> None:
    """Given a seat in its play phase and equipment in front of a player that the seat
    cannot pay cost + 1 for, when it writes RemoveEquipment, then it is refused."""
    def rewrite(core: TableCore, seat: int, action):
        if not _in_own_play_phase(core, seat, action):
            return None
        game = core.game
        for player in game.players:
            for slot in player.equipment:
                if EQUIPMENT_COST[name_of(game, slot)] + 1 > gold_state(game).nuggets[seat]:
                    return packed(RemoveEquipment(player.seat, slot), [])
        return None

    verdicts, table, seat = run_until_cheat(GOLD_RUSH_SHADOWS, 2, rewrite, games=10)
    assert_named(verdicts, table, seat, "illegal move")


def test_selling_a_card_that_is_not_a_beer_is_named() -> None:
    """Given a seat that plays a card that is not a Beer, when it writes a Sell of that card
    (with its honest proof), then it is refused: only a Beer sells for a nugget."""
    def rewrite(core: TableCore, seat: int, action):
        if not isinstance(action, Play) or not _in_own_play_phase(core, seat, action):
            return None
        if core.game.card_name(action.card) == "beer":
            return None
        raw = msgpack.unpackb(core.move_payload(action), raw=False)
        raw["a"] = to_wire(Sell(action.slot, action.card))
        return msgpack.packb(raw, use_bin_type=True)

    verdicts, table, seat = run_until_cheat(GOLD_RUSH_SHADOWS, 4, rewrite)
    assert_named(verdicts, table, seat, "illegal move")
