"""What the strong bot needs to know of one game, declared once by that game's own bot.

Why here and not in the search: the search (``strong.py``) is the same for every game; what
differs is how far a playout runs before it is scored, how a position is scored, which
features the scores are fitted on, what public evidence says about a hidden role, and which
other moves are worth trying against the sensible one. Each game's bot class (the one its
fact sheet names) carries a ``SEARCH`` of this shape, so a new game's bot is one entry
(``docs/architecture.md``, "Adding a game") and no table in the search names a game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any

# A position's winning chances for a seat's side, 0..1 (a finished game: 1 or 0).
Value = Callable[[Any, int], float]
# The model's key (a role, or the game's one model) and the features of a seat's position,
# or None for a seat the model does not score (one out of the game).
Sample = Callable[[Any, int], "tuple[str, list[float]] | None"]
# Per seat, how often it was seen to act against the Sheriff (public evidence only).
Evidence = Callable[[Any], Counter[int]]


@dataclass(frozen=True)
class SearchFacts:
    """``horizon``: playout steps before a playout is cut and scored by ``value``;
    ``sample``: the features ``sim/fit_evaluation.py`` fits ``value``'s weights on;
    ``role_evidence`` and ``role_factors``: for a game with hidden roles, the evidence a
    seat's knowledge holds and the likelihood factor of each role (by role card name) per
    piece of it (``roles.py``); ``neighbours(default, legal)``: where the moves worth trying
    against the sensible ``default`` lie when a sample of the legal ones would miss them
    (``None`` or an empty answer: a sample); ``policy``: the strong level's own policy,
    ``module:Class`` under ``p2pbang.bots`` (made with a seed, as the sensible bot is), for
    the strong seat's default answer and its own moves in a playout, while the other seats'
    rollouts stay the sensible bot's, which models them (``None``: the sensible bot);
    ``min_rounds`` and ``confidence``: the game's own bar for leaving the policy's answer
    (a challenger must lead by that many standard errors over at least that many worlds;
    ``None``: the search's ``MIN_ROUNDS`` and ``CONFIDENCE``)."""

    horizon: int
    value: Value
    sample: Sample
    role_evidence: Evidence | None = None
    role_factors: Mapping[str, float] | None = None
    neighbours: Callable[[Any, list[Any]], list[Any]] | None = None
    policy: str | None = None
    min_rounds: int | None = None
    confidence: float | None = None

    def policy_class(self) -> type[Any] | None:
        """The class ``policy`` names (imported on first use: a game's bot module declares
        these facts and may be imported by the policy's own module), or None."""
        if self.policy is None:
            return None
        module, _, name = self.policy.partition(":")
        if not module.startswith("p2pbang.bots.") or not name:
            raise ValueError(f"a strong policy is module:Class under p2pbang.bots, not "
                             f"{self.policy!r}")
        return getattr(import_module(module), name)
