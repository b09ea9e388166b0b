"""Siri registered for the tests of this folder only, the way a game outside the engine is:
its package named in ``RULESET_PACKAGES`` (``engine.core.ruleset_packages``)."""

from __future__ import annotations

import pytest


@pytest.fixture
def siri(monkeypatch):
    """``siri`` in the engine's registry for one test, gone again after it (no other test
    sees a fifth game in the registry's lists)."""
    from engine import core
    from service import guide

    monkeypatch.setenv(core.PACKAGES_VARIABLE, "tests.siri")
    yield core.get_ruleset("siri")
    for name, (game, _) in list(core._KNOWN.items()):
        if game == "siri":
            core._KNOWN.pop(name)
            core._GAMES.pop(name, None)
            core._LOADED.pop(name, None)
    core._read_packages.remove("tests.siri")
    guide.guide.cache_clear()
