"""Checking and replaying finished games: engine.verify's CPU cost per move, and a replay step.

For each ruleset, random games to the end (Base bots for every seat, the table's deadlines when
nobody can move; two seats, the kit's short options) are turned into game records as the
service builds them (``service.replays.Replay.record``) and checked with
``engine.verify.verify`` (commitment, a replay of every action compared with its recorded
events, the final state). Also the cost of a replay page's state: dealing again and applying
the actions up to a step from the nearest checkpoint (``service.replays.CHECKPOINT_EVERY``),
the worst case being a step just before the next checkpoint. CPU seconds of this process.
"""

import json
import random
import time

import engine
from engine import bots, verify

GAMES = 6
CHECKPOINT_EVERY = 64  # service.replays.CHECKPOINT_EVERY (the service layer is not imported here)
SALT = "5a" * 32


def finished_record(name: str, seed: int) -> dict:
    """One finished two-seat game of ``name`` as a game record."""
    rs = engine.get_ruleset(name)
    players = ["p0", "p1"]
    options = dict(rs.short_game_options)
    state = rs.new_game(players, seed, dict(options))
    rng = random.Random(seed)
    now = 1_800_000_000
    appeared = {d.id: now for d in rs.pending(state)}  # when each pending decision appeared
    steps = []
    while rs.outcome(state) is None:
        now += rng.randrange(1, 120)
        waiting = rs.waiting_seats(state)
        action = bots.choose(state, waiting[0], "base", rng.randrange(1 << 30)) if waiting else None
        if action is None:  # only time moves the table on: its earliest deadline acts
            due = sorted((d.deadline.due(appeared.get(d.id, now)), d.id)
                         for d in rs.pending(state) if d.deadline is not None)
            if not due:
                raise RuntimeError(f"{name} game {seed} is stuck")
            now = max(now, due[0][0])
            decision = next(d for d in rs.pending(state) if d.id == due[0][1])
            action = rs.deadline_action(state, decision, now)
            if action is None:
                appeared[decision.id] = now  # counted only: its clock restarts
                continue
        action = engine.stamp(action, now)
        result = rs.apply(state, action)
        state = result.state
        appeared = {d.id: appeared.get(d.id, now) for d in result.pending}
        steps.append({"seq": len(steps) + 1, "at": now, "by": None,
                      "action": action.model_dump(mode="json"),
                      "events": json.loads(json.dumps(result.events))})
        if len(steps) > 20_000:
            raise RuntimeError(f"{name} game {seed} did not end")
    return {"format": verify.RECORD_FORMAT, "game_id": f"bench-{seed}", "ruleset": name,
            "rules_version": rs.rules_version,
            "seats": [{"seat": i, "account_id": p, "name": p} for i, p in enumerate(players)],
            "options": options, "commitment": verify.commitment(SALT, seed), "salt": SALT,
            "seed": str(seed), "steps": steps, "final_state": json.loads(rs.dump_state(state))}


SMOKE = {"games": 1}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(games: int = GAMES) -> None:
    for name in engine.rulesets():
        rs = engine.get_ruleset(name)
        records = [finished_record(name, 9_000 + g) for g in range(games)]
        moves = sum(len(r["steps"]) for r in records)
        start = time.process_time()
        for record in records:
            report = verify.verify(record)
            assert report.ok, report
        cpu = time.process_time() - start
        # A replay page's state: from a checkpoint, up to CHECKPOINT_EVERY - 1 actions.
        record = max(records, key=lambda r: len(r["steps"]))
        span = min(CHECKPOINT_EVERY - 1, len(record["steps"]))
        start = time.process_time()
        state = rs.new_game([s["account_id"] for s in record["seats"]], int(record["seed"]),
                            dict(record["options"]))
        loaded = rs.load_state(rs.dump_state(state))  # a checkpoint is stored JSON
        for step in record["steps"][:span]:
            loaded = rs.apply(loaded, rs.parse_action(step["action"])).state
        page = time.process_time() - start
        print(f"{name}: {games} games, {moves:,} moves ({moves // games:,} a game); verify "
              f"{cpu / moves * 1e6:,.0f} µs a move, {cpu / games * 1e3:,.1f} ms a game; "
              f"a replay step's state from its checkpoint (worst case, {span} actions): "
              f"{page * 1e3:,.1f} ms")
