"""Fixtures shared by every test package, and how the suite splits across processes."""

from __future__ import annotations

import pytest


@pytest.fixture
def older_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """This build as one that plays only the base game, Dodge City and Old Saloon: how a
    peer refuses a table, a saved game or a flag naming a set a newer version plays (every
    set of the family is playable here, so the refusal needs an older build to be seen)."""
    monkeypatch.setattr("p2pbang.engine.choice.playable_expansions",
                        lambda: frozenset({"dodge-city", "old-saloon"}))
    monkeypatch.setattr("p2pbang.engine.choice.playable_variants", lambda: frozenset())


SHARED_SCOPES = ("session", "package", "module")


def shared_fixture_group(item: pytest.Item) -> str | None:
    """The name of the group ``item`` must run in, or None: a test using one of this suite's
    session or module fixtures (a whole game played once, then examined by several tests)
    joins the other users of that fixture, so that the game is played once, not once per
    worker process. Fixtures of pytest and its plugins (no base id) are cheap and left out."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    for name in info.names_closure:
        for fixture in info.name2fixturedefs.get(name, ()):
            if not fixture.baseid or fixture.scope not in SHARED_SCOPES:
                continue
            if fixture.scope == "module":
                return item.nodeid.split("::")[0]
            return f"{fixture.baseid}::{name}"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With pytest-xdist (``-n auto`` in the README's test command, ``--dist loadgroup`` in
    pyproject.toml), every user of a shared fixture goes to one worker; the other tests are
    handed out one by one."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        group = shared_fixture_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
