"""``Ruleset.rules_version`` moves when, and only when, recorded games replay differently.

``golden/replays.json`` holds, per ruleset, a short game's recorded actions (seed, seats,
options, actions with their time fields) and a digest of what they replay to (every step's
events and the final state) under the rules version it names. A change to the rules that
alters that digest fails here until the ruleset's ``rules_version`` is bumped and the file
written again::

    .venv/bin/python -m tests.engine.test_rules_version   # rewrites golden/replays.json

(bots do not enter: the actions are stored, so a change to a bot changes nothing here).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import engine
from tests.engine.kit import play_out

GOLDEN = Path(__file__).with_name("golden") / "replays.json"
SEED = 4_242_424_242_424


def digest(ruleset: str, players: list[str], seed: int, options: dict, actions: list[dict]) -> str:
    """SHA-256 over the events of every step and the final state of the replayed game."""
    rs = engine.get_ruleset(ruleset)
    state = rs.new_game(players, seed, dict(options))
    hashed = hashlib.sha256()
    for action in actions:
        result = rs.apply(state, rs.parse_action(action))
        state = result.state
        hashed.update(json.dumps(result.events, sort_keys=True).encode())
    hashed.update(rs.dump_state(state).encode())
    return hashed.hexdigest()


def golden_game(name: str) -> dict:
    """A short game of ``name`` (two seats), as the golden file keeps it."""
    table = play_out(name, engine.get_ruleset(name).min_players, SEED)
    actions = [m.action.model_dump(mode="json") for m in table.moves]
    return {"rules_version": table.ruleset.rules_version, "players": table.players,
            "seed": SEED, "options": table.options, "actions": actions,
            "digest": digest(name, table.players, SEED, table.options, actions)}


@pytest.mark.parametrize("name", engine.rulesets())
def test_recorded_games_replay_as_their_rules_version_says(name):
    golden = json.loads(GOLDEN.read_text())
    assert name in golden, f"{name} has no golden game: run python -m tests.engine.test_rules_version"
    game = golden[name]
    now = digest(name, game["players"], game["seed"], game["options"], game["actions"])
    version = engine.get_ruleset(name).rules_version
    assert game["rules_version"] == version, (
        f"{name}: rules_version is {version}, the golden game's {game['rules_version']}: "
        "write the golden file again (python -m tests.engine.test_rules_version)")
    assert now == game["digest"], (
        f"{name}: the rules now replay recorded games differently: bump its rules_version "
        "(recorded games then say which rules they were played under) and write the golden "
        "file again (python -m tests.engine.test_rules_version)")


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps({name: golden_game(name) for name in engine.rulesets()},
                                 sort_keys=True, separators=(",", ":")) + "\n")
    print(f"wrote {GOLDEN}")
