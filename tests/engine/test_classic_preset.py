"""The classic preset (shared/seeds/001_b03185b62d0d2d37.txt): its differences from the current
guide, checked against docs/rules.md's "Classic preset" table and played out by hand."""

import re
import tomllib
from pathlib import Path

import pytest

import engine
from engine.mtaani.data import load_rules, rules_overrides
from tests.engine.helpers import act, events_of, fee_of, game, own, payments, script

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
SGR, KENYA_AIRWAYS, EASTLEIGH, NGARA, KARE, MUTHAIGA = 29, 42, 1, 9, 44, 41


def flatten(table: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def documented() -> dict[str, str]:
    """data key -> classic value cell of the doc's "Classic preset" table."""
    text = DOC.read_text()
    section = text.split("## Classic preset", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[3].startswith("`"):
            rows[cells[3].strip("`")] = cells[4].strip("`")
    return rows


def value_of(cell: str, key: str):
    if (m := re.fullmatch(r"current - (\[.*\])", cell)):
        current = flatten(load_rules("current").model_dump())[key]
        removed = tomllib.loads(f"v = {m.group(1)}")["v"]
        return [x for x in current if x not in removed]
    return tomllib.loads(f"v = {cell}")["v"]


def test_the_docs_table_lists_exactly_the_classic_overrides_with_their_values():
    overrides = flatten(rules_overrides("classic"))
    overrides.pop("name")
    overrides.pop("title")
    rows = documented()
    assert set(rows) == set(overrides)
    for key, cell in rows.items():
        assert value_of(cell, key) == overrides[key], key


def test_classic_payday_pays_500_000_passing_and_1_000_000_landing():
    state = game(ruleset="mtaani-classic", dice=[[1, 3]])
    state.players[0].position = KARE
    state, events = act(state, "roll")
    assert payments(events) == [("pool", 0, 1_000_000, "salary_landing")]
    state = game(ruleset="mtaani-classic", dice=[[2, 3]], mugging=[False])
    state.players[0].position = KARE
    state, events = act(state, "roll")
    assert payments(events)[0] == ("pool", 0, 500_000, "salary")


@pytest.mark.parametrize(("ruleset", "sgr", "kenya_airways"), [("mtaani", 25_000, 56_000),
                                                              ("mtaani-classic", 10_000, 40_000)])
def test_sgr_and_kenya_airways_fees(ruleset, sgr, kenya_airways):
    state = own(game(ruleset=ruleset), 1, SGR, KENYA_AIRWAYS)
    assert (fee_of(state, SGR), fee_of(state, KENYA_AIRWAYS)) == (sgr, kenya_airways)


@pytest.mark.parametrize(("ruleset", "mugged"), [("mtaani", True), ("mtaani-classic", False)])
def test_classic_one_property_on_the_seedy_side_keeps_muggers_away(ruleset, mugged):
    state = game(ruleset=ruleset, dice=[[1, 2]], mugging=[True], mugging_percent=[10])
    own(state, 0, NGARA)                                       # one seedy tile, no complete hood
    state, events = act(state, "roll")                         # Kibra (3), seedy side
    assert bool(events_of(events, "Mugged")) is mugged


@pytest.mark.parametrize(("ruleset", "arrested"), [("mtaani", True), ("mtaani-classic", False)])
def test_classic_one_property_in_the_rich_corner_exempts_from_trespass(ruleset, arrested):
    state = game(ruleset=ruleset, dice=[[1, 3]], arrest=[True], arrest_turns=[2])
    own(state, 0, MUTHAIGA)                                    # one rich tile, no complete hood
    own(state, 1, KARE)
    state.players[0].position = 40
    state, events = act(state, "roll")                         # p1's Karen, rich side
    assert bool(events_of(events, "Jailed")) is arrested


def test_classic_is_its_own_ruleset():
    assert "mtaani-classic" in engine.rulesets()
    state = script(game(ruleset="mtaani-classic"))
    assert state.ruleset == "mtaani-classic" and engine.get_ruleset(state.ruleset).title == "Mtaani (classic rules)"
