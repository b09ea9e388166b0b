"""Table options of a ruleset that declares none (``Ruleset.table_options`` is ``None``, the
core's default): the service takes no options of the game's own but still holds the ones it
bounds itself (``service.table_options``). No ruleset of the registry is such a game today;
the test-only ``twin`` is made one for the test."""

from __future__ import annotations

import pytest

from service import table_options
from service.errors import Unprocessable
from tests.service.twin_ruleset import registered


def test_a_ruleset_without_options_takes_none_of_its_own(monkeypatch):
    with registered() as twin:
        monkeypatch.setattr(twin, "table_options", None)
        # Nothing to check but the service's own bounds (a minute to a week).
        assert table_options.check("twin", {}) == {}
        assert table_options.check("twin", {"idle_timeout_seconds": 3600}, deal=False) == {
            "idle_timeout_seconds": 3600}
        with pytest.raises(Unprocessable, match="idle_timeout_seconds"):
            table_options.check("twin", {"idle_timeout_seconds": 1}, deal=False)
        assert table_options.schema("twin")["properties"] == {}
