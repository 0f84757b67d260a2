"""Fixtures shared by every test package."""

from __future__ import annotations

import pytest


@pytest.fixture
def older_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """This build as one that plays only the base game, Dodge City and Old Saloon: how a
    peer refuses a table, a saved game or a flag naming a set a newer version plays (every
    set of the family is playable here, so the refusal needs an older build to be seen)."""
    monkeypatch.setattr("p2pbang.engine.choice.PLAYABLE_EXPANSIONS",
                        frozenset({"dodge-city", "old-saloon"}))
    monkeypatch.setattr("p2pbang.engine.choice.PLAYABLE_VARIANTS", frozenset())
