"""Over random deals and random answers, the Dice Game's and The Duel's screens draw every
step at exactly 80x24 and never show what the person's seat was not shown."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from p2pbang.engine.actions import End
from p2pbang.engine.duel.catalog import DUEL_CARDS
from p2pbang.ui.dice.dice_view import build_dice_view
from p2pbang.ui.duel.duel_texts import card_name
from p2pbang.ui.duel.duel_view import build_duel_view

from .family_screens import family_screen, text_of


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 8), saloon=st.booleans())
def test_dice_screens_fit_and_keep_secrets(seed: int, players: int, saloon: bool) -> None:
    rng = random.Random(seed)
    with family_screen("dice", players, seed, ("old-saloon",) if saloon else ()) as screen:
        session = screen.session
        for _ in range(400):
            screen.add_events(session.advance())
            text_of(screen)  # exactly 24 rows of 80 cells, or the helper fails
            view = build_dice_view(session.mine, session.names, 0)
            for seat in view.seats:
                truth = session.truth.players[seat.seat]
                if seat.role is not None:
                    assert seat.role == truth.role
                if not seat.is_you and not truth.role_public:
                    assert seat.role is None
            if isinstance(session.pending, End):
                break
            screen.board.act(rng.choice(session.legal_actions()))


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_duel_screens_fit_and_list_only_the_persons_hand(seed: int) -> None:
    """(Which cards each side's engine may know is the engine's own property test; here:
    the screen lists the person's hand card by card and the opponent's only as a count.)"""
    rng = random.Random(seed)
    with family_screen("duel", 2, seed) as screen:
        session = screen.session
        for _ in range(150):
            screen.add_events(session.advance())
            text_of(screen)
            view = build_duel_view(session.mine, session.names, 0)
            assert [slot for slot, _key in view.hand] == session.truth.sides[0].hand
            assert [card_name(key) for _slot, key in view.hand] == [
                card_name(DUEL_CARDS[session.truth.known[s]].name)
                for s in session.truth.sides[0].hand]
            assert view.sides[1].hand == len(session.truth.sides[1].hand)
            if isinstance(session.pending, End):
                break
            screen.board.act(rng.choice(session.legal_actions()))
