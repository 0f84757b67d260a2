"""A stronger Duel policy: the strong level's own moves in The Duel (its default answer and
its own seat's rollouts), while the opponent stays modelled by ``DuelBot``.

Why a second policy and not a better ``DuelBot``: ``DuelBot`` is the sensible level and the
baseline every benchmark compares with, so it stays as it is. This one reads the same
things (its own hand, the public table, the legal actions; never the opponent's hand) and
fixes what the sensible bot gets wrong, each measured against it (docs/benchmarks.md, "The
Duel's expert policy"):

- Gatling and Indians hit every character but the player's active one, its own rearguard
  too: they are played when they hurt the opponent more than the player.
- Dynamite is a gamble the player takes first: it is kept (a card to discard).
- Equipment goes on the own rearguard, where it sleeps: the active token is moved at the
  end of the turn to whichever character is better in front (life, a working Barrel or Hat,
  a Bank, the hand limit its life sets) rather than only when the front one is nearly dead.
- A Barrel or Hat on the opponent's active character is taken (Teacher) or discarded
  (Steal) before shooting; Inn is played on the target it changes most; Beer when it heals.
- The BANG! card spent is the one whose extra effect works (Quick Draw on an equipped
  target, Schofield when hurt, Carbine when there is equipment to knock off...).
- A Derringer is avoided with the least useful card, not with a Missed!.
- Sundance Kid trades his worst card for two every turn.
"""

from __future__ import annotations

from typing import Any

from p2pbang.bots.duel import HARMFUL_GEAR, DuelBot, keep_value
from p2pbang.engine.actions import FROM_HAND, Choose, Decision, Discard, Pass, Play
from p2pbang.engine.duel.actions import (
    ACTIVE,
    AS_COLT,
    CARBINE,
    DISCARD,
    REARGUARD,
    RESPOND_HIT,
    USE_BARREL,
    USE_HAT,
    USE_SID,
    MoveToken,
    Reload,
    UseAbility,
)
from p2pbang.engine.duel.catalog import BANG, DODGE_CARDS, DUEL_CARDS, HIT_CARDS
from p2pbang.engine.duel.game import DuelGame
from p2pbang.engine.duel.zones import Figure

GUARDS = {"barrel": 2.0, "hat": 1.2}
# What a piece of equipment on the own rearguard is worth (it works once that character is
# in front, or at once for a lone character).
OWN_GEAR = {"barrel": 7.5, "hat": 6.5, "bank": 6.0, "gunbelt": 3.0, "sniper": 3.0,
            "pocket_watch": 3.0}
# Worth taking off the opponent's active character, and worth having in hand (Teacher).
THEIR_GEAR = {"barrel": 7.5, "hat": 6.5, "bank": 5.0, "gunbelt": 4.5, "sniper": 4.0,
              "pocket_watch": 3.5}
OWN_BANE = {"rattlesnake": 7.0, "dynamite": 6.5, "panic": 4.0}  # on the own characters
HIT_RATE = 0.4  # about this share of a deck are hit cards (Duel, Indians)


def _names(game: DuelGame, fig: Figure) -> list[str]:
    return [DUEL_CARDS[game.known[slot]].name for slot in fig.table]


class DuelExpert(DuelBot):
    """The strong level's Duel policy; ``seed`` only breaks ties (as ``DuelBot``'s)."""

    def decide(self, game: DuelGame, decision: Decision) -> Any:
        if decision.kind == RESPOND_HIT:
            return self._respond(game, decision, game.legal_actions())
        if decision.kind == CARBINE:
            return self._carbine(game, decision, game.legal_actions())
        if decision.kind == DISCARD:
            legal = game.legal_actions()
            hand = [a.card for a in legal if isinstance(a, Discard)]
            return min(legal, key=lambda a: self._keep(game, decision.seat, a.card, hand))
        return super().decide(game, decision)

    # ------------------------------------------------------------------ responses

    def _respond(self, game: DuelGame, decision: Decision, legal: list[Any]) -> Any:
        for option in (USE_SID, USE_BARREL):
            if Choose(option) in legal:
                return Choose(option)
        plays = [a for a in legal if isinstance(a, Play)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if decision.barrels and discards:  # a Derringer: any card avoids it
            return min(discards, key=lambda a: keep_value(a.card))
        if Choose(USE_HAT) in legal:
            return Choose(USE_HAT)
        if plays:
            return max(plays, key=lambda a: DUEL_CARDS[a.card].name == "counter")
        if discards:
            return min(discards, key=lambda a: keep_value(a.card))
        return Pass()

    def _carbine(self, game: DuelGame, decision: Decision, legal: list[Any]) -> Any:
        best, value = Pass(), 0.0
        enemy = game.figure(1 - decision.seat, ACTIVE).table
        for action in legal:
            if not isinstance(action, Choose):
                continue
            name = DUEL_CARDS[game.known[action.value]].name
            worth = THEIR_GEAR.get(name, 1.0) if action.value in enemy else OWN_BANE.get(
                name, -1.0)
            if worth > value:
                best, value = action, worth
        return best

    def _keep(self, game: DuelGame, seat: int, card: int, hand: list[int]) -> float:
        """``keep_value`` with the hand in mind: a third BANG! card waits long for its turn."""
        name = DUEL_CARDS[card].name
        value = float(keep_value(card))
        if name == "dynamite":
            return 0.0
        if DUEL_CARDS[card].kind == BANG:
            bangs = sum(1 for c in hand if DUEL_CARDS[c].kind == BANG)
            value -= 1.5 * max(0, bangs - 2) / bangs
        if name == "beer" and all(f.life == f.max_life for f in game.sides[seat].figures):
            value -= 2
        return value

    # ------------------------------------------------------------------ play phase

    def _score(self, game: DuelGame, seat: int, action: Any) -> float:
        opp = 1 - seat
        me = game.sides[seat]
        if isinstance(action, Pass):
            return 0
        if isinstance(action, MoveToken):
            return self._token_gain(game, seat, mover=True) - 0.3
        if isinstance(action, UseAbility):
            return self._ability(game, seat, action)
        if isinstance(action, Reload):
            return self._reload(game, seat, action)
        if not isinstance(action, Play):
            return -1
        card = DUEL_CARDS[action.card]
        name = card.name
        hand = [game.known[s] for s in me.hand]
        if action.target_slot == AS_COLT:
            return 5 if name not in DODGE_CARDS and keep_value(action.card) < 8 else -1
        target_side = action.target // 2 if action.target >= 0 else seat
        if card.kind == BANG or name in ("knife", "derringer"):
            if target_side != opp:
                return -1
            return self._shot(game, seat, action, name)
        if name in OWN_GEAR or name in HARMFUL_GEAR or name == "dynamite":
            return self._equip(game, seat, action, name, target_side)
        if name == "beer":
            healed = sum(1 for f in me.figures if f.life < f.max_life)
            return 3 + 2.5 * healed if healed else -1
        if name == "inn":
            fig = game.figure_at(action.target)
            change = min(3, fig.max_life) - fig.life
            return 4 + 2 * abs(change) if change and (change > 0) == (
                target_side == seat) else -1
        if name in ("stagecoach", "general_store"):
            return 9.5
        if name == "gatling":
            return self._gatling(game, seat, hand)
        if name == "indians":
            return self._indians(game, seat, hand)
        if name == "duel":
            return self._duel(game, seat, hand)
        if name == "steal":
            if action.target_slot == FROM_HAND:
                return 6.0
            return self._take(game, seat, action, teacher=False)
        if name == "teacher":
            return self._take(game, seat, action, teacher=True)
        if name == "canteen":
            return self._canteen(game, seat, action, target_side)
        return -1

    def _shot(self, game: DuelGame, seat: int, action: Play, name: str) -> float:
        fig = game.figure_at(action.target)
        guards = sum(GUARDS.get(n, 0.0) for n in _names(game, fig))
        score = 10.0 - fig.life - guards
        if fig.life == 1:
            score += 1.0
        if name == "quickdraw":
            score += 2.0 * len(fig.table)
        elif name == "schofield":
            mine = game.figure(seat, ACTIVE)
            score += 0.5 if mine.life < mine.max_life else 0.0
        elif name in ("remington", "peacemaker"):
            score += 0.4
        elif name == "carbine":
            score += 0.5 if fig.table else 0.0
        elif name == "derringer":
            score += 0.3
        return score

    def _equip(self, game: DuelGame, seat: int, action: Play, name: str,
               target_side: int) -> float:
        fig = game.figure_at(action.target)
        if name in _names(game, fig):
            return -1  # it would only replace the same card
        if name == "dynamite":
            return -1
        if name in HARMFUL_GEAR:
            if target_side == seat:
                return -1
            return 6.0 if name == "rattlesnake" else 2.0
        return OWN_GEAR[name] if target_side == seat else -1

    def _gatling(self, game: DuelGame, seat: int, hand: list[int]) -> float:
        opp = 1 - seat
        gain = sum(1.0 - 0.4 * bool(set(_names(game, f)) & set(GUARDS))
                   for f in game.sides[opp].figures)
        if len(game.sides[seat].figures) == 2:
            dodges = sum(1 for c in hand if DUEL_CARDS[c].name in DODGE_CARDS)
            gain -= 0.4 if dodges else 1.0
        return 9.0 if gain >= 1.0 else (3.0 if gain > 0.3 else -1)

    def _indians(self, game: DuelGame, seat: int, hand: list[int]) -> float:
        opp = 1 - seat
        theirs = len(game.sides[opp].hand)
        harm = len(game.sides[opp].figures) * (1.0 if theirs == 0 else 1 - HIT_RATE)
        if len(game.sides[seat].figures) == 2:
            hits = sum(1 for c in hand if DUEL_CARDS[c].name in HIT_CARDS)
            harm -= 0.3 if hits else 1.0
        return 7.0 if harm >= 0.7 else -1

    def _duel(self, game: DuelGame, seat: int, hand: list[int]) -> float:
        hits = sum(1 for c in hand if DUEL_CARDS[c].name in HIT_CARDS)
        theirs = len(game.sides[1 - seat].hand)
        return 6.0 if hits >= 1 and hits >= HIT_RATE * theirs + 1 else -1

    def _take(self, game: DuelGame, seat: int, action: Play, teacher: bool) -> float:
        fig = game.figure_at(action.target)
        name = DUEL_CARDS[game.known[action.target_slot]].name
        if fig.side == seat:
            return OWN_BANE.get(name, -1.0)
        if not game.is_active(fig):
            return -1
        worth = THEIR_GEAR.get(name, 1.0)
        if name in GUARDS and game.bangs_played == 0:
            worth += 1.5  # then the shot of this turn lands more often
        return worth + (0.8 if teacher else 0.0)

    def _canteen(self, game: DuelGame, seat: int, action: Play, target_side: int) -> float:
        if target_side == seat:
            return self._token_gain(game, seat, mover=True) - 0.5
        opp = 1 - seat
        active, rear = game.figure(opp, ACTIVE), game.figure(opp, REARGUARD)
        if rear.name == "tom_thorn":
            return -1
        exposed = sum(GUARDS.get(n, 0.0) for n in _names(game, active)) - sum(
            GUARDS.get(n, 0.0) for n in _names(game, rear))
        if rear.life <= 2 < active.life or exposed >= 1.5:
            return 4.0 if game.bangs_played == 0 else -1
        return -1

    def _ability(self, game: DuelGame, seat: int, action: UseAbility) -> float:
        if action.character == "sundance_kid":
            return 9.8 - keep_value(action.cards[0]) / 10
        if action.character == "pearl_hart":
            top = game.discard[-1]
            aim = Play(top, game.known[top], action.target, action.target_slot)
            paid = keep_value(action.cards[0])
            return self._score(game, seat, aim) - 1.0 - paid / 3
        return 5

    def _reload(self, game: DuelGame, seat: int, action: Reload) -> float:
        name = DUEL_CARDS[action.card].name
        if action.slot not in game.sides[seat].hand:
            return OWN_BANE.get(name, -1.0)  # from the active character's equipment
        return 1.5 if name in ("canteen", "panic", "pocket_watch") else -1

    # ------------------------------------------------------------------ the token

    def _front(self, game: DuelGame, seat: int, fig: Figure) -> float:
        """How good ``fig`` is in front through the opponent's turn and the next draw."""
        names = _names(game, fig)
        value = float(fig.life) + sum(GUARDS.get(n, 0.0) for n in names)
        value += 1.0 * ("bank" in names) + 0.4 * ("gunbelt" in names) + 0.4 * ("sniper" in names)
        limit = 2 if fig.life == 1 else fig.life
        value -= 0.6 * max(0, len(game.sides[seat].hand) - limit)
        return value

    def _token_gain(self, game: DuelGame, seat: int, mover: bool) -> float:
        if len(game.sides[seat].figures) != 2:
            return -1
        active, rear = game.figure(seat, ACTIVE), game.figure(seat, REARGUARD)
        gain = self._front(game, seat, rear) - self._front(game, seat, active)
        if rear.name == "tom_thorn" and len(game.sides[1 - seat].figures) == 2:
            gain += 1.0
        if mover:
            other = game.sides[1 - seat].figures
            if any(f.name == "django" and game.is_active(f) for f in other):
                gain -= 0.7
            opp_active = game.figure(1 - seat, ACTIVE)
            if "pocket_watch" in _names(game, opp_active):
                gain -= 0.7
        return gain


__all__ = ["DuelExpert"]
