"""What one seat may know about a game: the only door through which a bot reads the engine.

Why a separate class: a bot is sometimes handed the all-seeing engine (solo play, simulations),
which knows every hand and every role. Reading through ``SeatView`` keeps the bot honest by
construction: it exposes the seat's own hand and role, and public facts only (life, cards in
play, hand sizes, characters, distances, public roles, the discard pile). Whatever a bot
decides from a ``SeatView`` it would decide identically on its own seat's engine, which is
what ``tests/bots/test_fairness.py`` checks.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from p2pbang.engine.bang.cards.base import WEAPON_REACH
from p2pbang.engine.bang.catalog import CardDef
from p2pbang.engine.bang.sets.dodge_city_three import THREE_PLAYER_TABLE, target_of
from p2pbang.engine.bang.sets.gold_rush import brown_uses, state_or_none
from p2pbang.engine.bang.sets.gold_rush import state as gold_rush_state
from p2pbang.engine.bang.sets.shadows import shadow_side


class SeatView:
    """Seat ``me``'s knowledge of ``game``: its own hand and role, plus public facts."""

    __slots__ = ("_game", "me")

    def __init__(self, game: Any, me: int) -> None:
        self._game = game
        self.me = me

    # ------------------------------------------------------------------ me

    def hand(self) -> list[tuple[int, int, str]]:
        """(slot, card, name) of my own hand, in hand order."""
        game = self._game
        known = game.known
        return [(slot, known[slot], game.card_name(known[slot]))
                for slot in game.players[self.me].hand]

    @property
    def my_role(self) -> str | None:
        return self._game.players[self.me].role

    # ------------------------------------------------------------------ public facts

    @property
    def seat_count(self) -> int:
        """Seats at the table, the dead included."""
        return self._game.n

    @property
    def sheriff(self) -> int:
        return self._game.sheriff

    @property
    def current(self) -> int:
        """Whose turn it is."""
        return self._game.current

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def bangs_played(self) -> int:
        return self._game.bangs_played

    def alive(self) -> list[int]:
        """Living seats in ring order."""
        return self._game.alive_seats()

    def others(self) -> list[int]:
        return [seat for seat in self._game.alive_seats() if seat != self.me]

    def life(self, seat: int) -> int:
        return self._game.players[seat].life

    def max_life(self, seat: int) -> int:
        return self._game.players[seat].max_life

    def hand_size(self, seat: int) -> int:
        return len(self._game.players[seat].hand)

    def character(self, seat: int) -> str:
        return self._game.players[seat].character

    def role(self, seat: int) -> str | None:
        """The role of ``seat`` if this seat may know it: its own, the Sheriff's, or one
        revealed (the dead). Never reads a hidden role, even from an all-seeing engine."""
        player = self._game.players[seat]
        if seat == self.me or player.role_public:
            return player.role
        return None

    def role_counts(self) -> Counter[str]:
        """How many of each role the game holds (public: it follows from the player count)."""
        return self._game.role_counts()

    def in_play(self, seat: int) -> list[tuple[int, str]]:
        """(slot, name) of the cards in front of ``seat`` (always face up)."""
        game = self._game
        return [(slot, game.card_name(card)) for slot, card in game.in_play(seat)]

    def in_play_names(self, seat: int) -> set[str]:
        return {name for _, name in self.in_play(seat)}

    def card_name(self, card: int) -> str:
        return self._game.card_name(card)

    def card_kind(self, card: int) -> str:
        """"brown", "blue", "weapon" or "green" (a card the seat was shown)."""
        return self._game.card(card).kind

    def personal_target(self) -> int | None:
        """The seat I must eliminate myself to win, at a table with personal targets (Dodge
        City's 3 players, where every role is face up); None elsewhere."""
        game = self._game
        if getattr(game, "role_rules", None) is not THREE_PLAYER_TABLE:
            return None
        return target_of(game, self.me)

    def public_name(self, slot: int) -> str:
        """The name of the card in a public slot (in play, discard pile, General Store)."""
        game = self._game
        return game.card_name(game.known[slot])

    def public_card(self, slot: int) -> CardDef:
        """The card in a public slot (in play, discard pile, General Store, a "draw!")."""
        game = self._game
        return game.card(game.known[slot])

    def discard_top(self) -> str | None:
        game = self._game
        if not game.discard:
            return None
        return game.card_name(game.known[game.discard[-1]])

    def reach(self, seat: int) -> int:
        return self._game.reach(seat)

    def weapon_reach(self, name: str) -> int | None:
        return WEAPON_REACH.get(name)

    # ------------------------------------------------------------------ Gold Rush, shadows

    @property
    def gold_rush(self) -> bool:
        """Whether this game has Gold Rush's nuggets and equipment."""
        return bool(self._game.rules.equipment_ids)

    def nuggets(self, seat: int) -> int:
        """Gold nuggets in front of ``seat`` (public counters)."""
        gold = state_or_none(self._game)
        return 0 if gold is None else gold.nuggets[seat]

    def equipment(self, seat: int) -> list[tuple[int, str]]:
        """(slot, name) of the equipment in front of ``seat`` (face up)."""
        game = self._game
        return [(slot, game.card_name(game.known[slot])) for slot in game.players[seat].equipment]

    def life_fixed(self, seat: int) -> bool:
        """Whether ``seat`` neither gains nor loses life now (a shadow gunslinger's turn)."""
        return self._game.life_fixed(seat)

    def shadow_side(self, seat: int) -> str | None:
        """The team a shadow Renegade helps until his next turn (public), else None."""
        return shadow_side(self._game, seat)

    def equipment_discard_top(self) -> int:
        """The slot on top of the equipment discard pile (face up)."""
        return gold_rush_state(self._game).discard[-1]

    def pending_equipment_uses(self) -> list[tuple[int, int, int]]:
        """The (use, target, target_slot) list an ``equipment_use`` decision indexes: the
        uses of the brown card on top of the equipment discard pile (all public)."""
        game = self._game
        slot = gold_rush_state(game).discard[-1]
        return brown_uses(game, self.me, slot, game.known[slot])
