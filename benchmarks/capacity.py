"""DynamoDB capacity, bus events and schedules per action, and bytes per game, measured from
what the pipeline writes in random 4-player Mtaani games; with the AWS cost of a game and of
10,000 concurrent games a month at the on-demand prices in docs/operations.md.

The pipeline runs in process on a store that keeps games in memory and sizes every item it
would write with DynamoDB's rules (attribute names + values; 1 WRU per started KB, doubled in
a transaction; 1 RRU per started 4 KB for a strongly consistent read), from the same
PynamoDB records DynamoGameStore writes.
"""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

PRICES = {  # US East (N. Virginia), on-demand, as cited in docs/operations.md
    "wru": 0.625 / 1e6, "rru": 0.125 / 1e6, "storage_gb_month": 0.25, "pitr_gb_month": 0.20,
    "api_request": 1.00 / 1e6, "lambda_request": 0.20 / 1e6, "lambda_gb_s": 0.0000133334,
    "event": 1.00 / 1e6, "schedule": 1.00 / 1e6, "log_gb": 0.50,
}
GAMES = 8
MAX_ACTIONS = 3000
WEEK_TURNS = 160
"""Assumption for "a game of 4 players over a week": 40 turns each (about 6 a day); the
actions per turn are measured."""
GETS_PER_ACTION = 2
"""Assumption: each action is followed by two GET /games (the mover's client and the next
player's, woken by the notification)."""
LAMBDA_SECONDS = {"action": 0.060, "get": 0.030, "timer": 0.030}
"""Assumed billed durations at 512 MB (in-process pipeline ~10-20 ms, see service_latency,
plus DynamoDB and EventBridge round trips)."""
LOG_BYTES_PER_INVOCATION = 1_500
IDEMPOTENCY_WRU = 2
"""Each action sent with an Idempotency-Key (the web client sends one with every move):
Powertools writes its record (in progress) and completes it."""


def item_size(serialized: dict[str, Any]) -> int:
    """DynamoDB's size of an item in its attribute-value form."""

    def value(v: dict[str, Any]) -> int:
        (kind, data), = v.items()
        if kind == "S":
            return len(data.encode())
        if kind == "N":
            digits = len(str(data).lstrip("-").replace(".", "").lstrip("0")) or 1
            return (digits + 1) // 2 + 1
        if kind == "B":
            return len(data)
        if kind in ("BOOL", "NULL"):
            return 1
        if kind == "L":
            return 3 + sum(1 + value(x) for x in data)
        if kind == "M":
            return 3 + sum(1 + len(k.encode()) + value(x) for k, x in data.items())
        if kind in ("SS", "NS", "BS"):
            return sum(len(str(x)) for x in data)
        raise ValueError(kind)

    return sum(len(name.encode()) + value(v) for name, v in serialized.items())


def _serialized(record: Any) -> dict[str, Any]:
    return record.serialize()


def main() -> None:
    import os

    os.environ["POWERTOOLS_LOG_LEVEL"] = "WARNING"
    os.environ["POWERTOOLS_METRICS_DISABLED"] = "true"
    import engine
    from benchmarks.randomplay import PROGRESS
    from service import accounts, bus, pipeline
    from service.storage import GameRecord, StoredGame

    totals: dict[str, list[float]] = {k: [] for k in (
        "game_item", "chunks", "wru", "rru", "domain", "pending")}
    per_game: list[dict[str, float]] = []
    published: list[int] = []
    bus.publish_many = lambda items, source=bus.SOURCE: published.append(len(items))
    accounts.handles_of = lambda ids: {a: a for a in ids}

    from service.storage import DynamoGameStore, GameEventRecord

    class SizingStore(DynamoGameStore):
        """DynamoGameStore's own save logic (tail, chunks, the one write), with the items
        kept in memory and sized instead of written."""

        def __init__(self) -> None:
            self.games: dict[str, GameRecord] = {}
            self.event_bytes: dict[str, int] = {}
            self.index: dict[str, Any] = {}
            self.pending_wru = 0.0

        def load(self, game_id):
            return StoredGame(self.games[game_id])

        def _write(self, record, new, also=None):
            record.version = int(record.version or 0) + 1
            size = item_size(_serialized(record))
            wru = math.ceil(size / 1024) * (2 if also is not None else 1)
            key = (record.timer_shard, record.deadline_at)
            if self.index.get(record.game_id) != key:
                # by_deadline (keys only): the old entry deleted and the new one put.
                wru += (1 if record.game_id in self.index else 0) + (1 if key[0] else 0)
                self.index[record.game_id] = key
            self.games[record.game_id] = record
            self.event_bytes.setdefault(record.game_id, 0)
            if not new:
                totals["game_item"].append(size)
                totals["wru"].append(wru + self.pending_wru)
                totals["rru"].append(1 + 1 + 4 * 0.5 + math.ceil(size / 4096))
            self.pending_wru = 0.0

        def _flush(self, game_id, tail):
            chunk = GameEventRecord(game_id, int(tail[-1]["seq"]), first=int(tail[0]["seq"]),
                                    events=tail)
            size = item_size(_serialized(chunk))
            self.event_bytes[game_id] += size
            self.pending_wru += math.ceil(size / 1024)
            totals["chunks"].append(len(tail))

        def events(self, game_id, after, limit, record=None):
            return []

    store = SizingStore()
    rng = random.Random(5)
    players = [f"acc_{i}" for i in range(4)]
    for number in range(GAMES):
        result = pipeline.create_game("mtaani", players, {}, seed=1000 + number, store=store)
        game_id = result.game.game_id
        actions = 0
        pending = 0
        domain = 0
        while actions < MAX_ACTIONS:
            state = engine.load_state(store.games[game_id].state)
            pending_now = engine.pending(state)
            if not pending_now:
                break
            decision = pending_now[0]
            # Play as randomplay does (mostly moves that progress the game, so games end).
            legal = list(engine.legal_actions(state, decision.player))
            progress = [a for a in legal if a.type in PROGRESS and a.type != "declare_bankruptcy"]
            chosen = rng.choice(progress) if progress and rng.random() < 0.85 else rng.choice(legal)
            action = chosen.model_dump(mode="json", exclude={"player"})
            published.clear()
            done = pipeline.act(game_id, players[decision.player], action, store=store)
            actions += 1
            domain += sum(published)
            pending += sum(1 for e in done.events if e["type"] == "DecisionPending")
        record = store.games[game_id]
        final = engine.load_state(record.state)
        per_game.append({"actions": actions, "turns": int(final.turn), "finished": record.status == "finished",
                         "game_bytes": item_size(_serialized(record)),
                         "event_bytes": store.event_bytes[game_id],
                         "events": int(record.event_count),
                         "domain": domain / max(1, actions), "pending": pending / max(1, actions)})

    mean = {k: statistics.mean(v) for k, v in totals.items() if v}
    median_wru = statistics.median(totals["wru"])
    domain = statistics.mean(g["domain"] for g in per_game)
    pending = statistics.mean(g["pending"] for g in per_game)
    turns = [g["turns"] for g in per_game]
    actions_per_turn = sum(g["actions"] for g in per_game) / max(1, sum(turns))
    actions_per_game = WEEK_TURNS * actions_per_turn
    log_bytes_per_action = (sum(g["event_bytes"] for g in per_game)
                            / max(1, sum(g["actions"] for g in per_game)))
    events_per_action = (sum(g["events"] for g in per_game)
                         / max(1, sum(g["actions"] for g in per_game)))
    bytes_per_game = mean["game_item"] + WEEK_TURNS * actions_per_turn * log_bytes_per_action
    print(f"{GAMES} random 4-player games, {sum(g['finished'] for g in per_game)} finished "
          f"within {MAX_ACTIONS} actions; {actions_per_turn:.2f} actions per turn")
    print(f"per action: one write of the game item, {mean['game_item']:.0f} B (state, log tail), "
          f"{events_per_action:.2f} events logged, a chunk of {mean.get('chunks', 0):.1f} events "
          f"written every {len(totals['wru']) / max(1, len(totals['chunks'])):.1f} actions")
    print(f"per action: {median_wru:.0f} WRU median, {mean['wru']:.2f} mean (the game item, "
          f"chunks, the deadline index; no transaction), {mean['rru']:.2f} RRU; "
          f"an Idempotency-Key adds 2 WRU (Powertools' record, put and completed)")
    print(f"per action: {domain:.2f} events on the bus, {pending:.2f} DecisionPending "
          f"(one schedule, one scheduler-function run and one timer run each)")
    print(f"stored: {log_bytes_per_action:.0f} B of event log per action; a week's game "
          f"{bytes_per_game / 1024:.0f} KB (game item + event log)")

    def cost_of(actions: float, games_stored: float = 1.0) -> dict[str, float]:
        gets = actions * GETS_PER_ACTION
        timers = actions * pending
        invocations = actions + gets + 2 * timers  # bus consumers other than timers: not yet
        gb_s = 0.5 * (actions * LAMBDA_SECONDS["action"] + gets * LAMBDA_SECONDS["get"]
                      + 2 * timers * LAMBDA_SECONDS["timer"])
        wru = actions * (mean["wru"] + IDEMPOTENCY_WRU) + gets * 1  # presence touch per read
        rru = actions * mean["rru"] + gets * (2 + 2 + 1 + 0.5) + timers * 2
        return {
            "API Gateway": (actions + gets) * PRICES["api_request"],
            "Lambda": invocations * PRICES["lambda_request"] + gb_s * PRICES["lambda_gb_s"],
            "DynamoDB requests": wru * PRICES["wru"] + rru * PRICES["rru"],
            "DynamoDB storage + PITR": games_stored * bytes_per_game / 2**30
            * (PRICES["storage_gb_month"] + PRICES["pitr_gb_month"]) / 4,
            "EventBridge": actions * domain * PRICES["event"],
            "Scheduler": timers * PRICES["schedule"],
            "CloudWatch Logs": invocations * LOG_BYTES_PER_INVOCATION / 2**30 * PRICES["log_gb"],
        }

    week = cost_of(actions_per_game)
    print(f"one 4-player game over a week ({actions_per_game:.0f} actions, "
          f"{GETS_PER_ACTION} reads per action): ${sum(week.values()):.4f}")
    for name, value in week.items():
        print(f"  {name:26s} ${value:.5f}")
    month = {k: v * 10_000 * 30 / 7 for k, v in cost_of(actions_per_game, 4.0).items()}
    print(f"10,000 concurrent games for a month (each as above, a new game each week): "
          f"${sum(month.values()):,.0f} before free tiers and fixed costs")
    for name, value in month.items():
        print(f"  {name:26s} ${value:,.2f}")
