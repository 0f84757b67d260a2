"""Whole games over the full protocol in one process: every seat's core agrees; an observer
re-checks the log; cheats are named."""

from __future__ import annotations

import random

import pytest

from p2pbang.engine.actions import End
from p2pbang.engine.wire import history_hash
from p2pbang.table.local_bus import LocalTable, observer_replay


def random_choosers(players: int, seed: int):
    rngs = [random.Random(f"{seed}/{s}") for s in range(players)]
    return [lambda core, d, r=rngs[s]: r.choice(core.game.legal_actions())
            for s in range(players)]


@pytest.mark.parametrize("players,seed", [(4, 1)])
def test_a_whole_game_with_mental_poker(players: int, seed: int) -> None:
    table = LocalTable.create(players)
    table.run(random_choosers(players, seed))
    ends = {core.over for core in table.cores}
    assert len(ends) == 1 and isinstance(ends.pop(), End)
    # Every seat's engine saw the same public inputs, so public facts agree...
    lives = {tuple(p.life for p in core.game.players) for core in table.cores}
    assert len(lives) == 1
    # ...and an observer holding no secret re-checks every proof and every rule.
    session = table.cores[0].dealer.session_id
    observer = observer_replay(players, session, table.log)
    assert observer.over == table.cores[0].over
    assert history_hash([h for h in observer.game.history]) is not None


def test_a_seat_restarted_from_its_secret_key_replays_the_log_and_plays_on() -> None:
    """Crash in the middle: a fresh core with the same dealer secret replays the log, knows
    its own hand again, and the game finishes with it."""
    from p2pbang.dealer.mental import MentalDealer
    from p2pbang.table.core import TableCore

    players = 4
    table = LocalTable.create(players)
    chooser = random_choosers(players, 7)
    for _ in range(120):
        table.step(chooser)
    old = table.cores[2]
    secret = old.dealer.export_secret_key()
    session = old.dealer.session_id
    reborn = TableCore(players, 2, MentalDealer(2, players, session, secret_key=secret))
    reborn.start()
    for seat, kind, payload in table.log:
        reborn.receive(seat, kind, payload)
    assert {s: reborn.game.known.get(s) for s in reborn.game.players[2].hand} == {
        s: old.game.known.get(s) for s in old.game.players[2].hand}
    table.cores[2] = reborn
    table.run(chooser)
    assert reborn.over == table.cores[0].over is not None


def test_a_dodge_city_game_with_plus_one_cards_over_the_full_protocol() -> None:
    """A "+1" card reveals two hand cards, each proven against its own claim (the price is
    not the card played); 3 players, roles face up. The deal is the mental dealer's own
    randomness, so the players play a "+1" card whenever they can, and a game is dealt
    again (at most 5 times) until one was played."""
    import secrets

    from p2pbang.dealer.mental import MentalDealer
    from p2pbang.engine.actions import PlayPaid
    from p2pbang.engine.choice import GameChoice
    from p2pbang.table.core import TableCore

    players = 3
    choice = GameChoice.make("bang", players, ["dodge-city"])
    rng = random.Random(3)

    def eager(core, decision):
        legal = core.game.legal_actions()
        paid = [a for a in legal if isinstance(a, PlayPaid)]
        return rng.choice(paid or legal)

    for _attempt in range(5):
        session = secrets.token_bytes(32)
        cores = [TableCore(players, seat, MentalDealer(seat, players, session), choice)
                 for seat in range(players)]
        for core in cores:
            core.start()
        table = LocalTable(cores)
        table.run([eager] * players)
        ends = {core.over for core in table.cores}
        assert len(ends) == 1 and isinstance(ends.pop(), End)
        if any(isinstance(a, PlayPaid) for a in table.cores[0].game.history):
            return
    raise AssertionError("no \"+1\" card was played in 5 games")
