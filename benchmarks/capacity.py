"""DynamoDB capacity, bus events and schedules per action, and bytes per game, measured from
what the pipeline writes in 4-player games of each ruleset (Mtaani, Mulodi, Jiji); with the
AWS cost of a Mtaani game and of 10,000 concurrent games a month at the on-demand prices in
docs/operations.md.

The pipeline runs in process on a store that keeps games in memory and sizes every item it
would write with DynamoDB's rules (attribute names + values; 1 WRU per started KB, doubled in
a transaction; 1 RRU per started 4 KB for a strongly consistent read), from the same
PynamoDB records DynamoGameStore writes (its own ``save``: log tail, chunks, conditions).

Every seat is played by a Base bot through ``pipeline.run`` as a player's move (the engine's
public interface: ``waiting_seats``, ``engine.bots.choose``); when no seat can move, the clock
jumps to the earliest deadline and the table answers it as the timers do (a hard deadline is
closed by the pipeline itself; another is a ``TableMove``). Each pipeline write is one
"action" here: a player's move or the table's. Per ruleset: write request units per action
(median, p95, mean), write requests per action (the game item, plus a log chunk now and then),
and the stored state and the game item at a late turn (:data:`LATE_TURN`).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from typing import Any

PRICES = {  # US East (N. Virginia), on-demand, as cited in docs/operations.md
    "wru": 0.625 / 1e6, "rru": 0.125 / 1e6, "storage_gb_month": 0.25, "pitr_gb_month": 0.20,
    "api_request": 1.00 / 1e6, "lambda_request": 0.20 / 1e6, "lambda_gb_s": 0.0000133334,
    "event": 1.00 / 1e6, "schedule": 1.00 / 1e6, "log_gb": 0.50,
}
RULESETS = ("mtaani", "mulodi", "jiji")
PLAYERS = 4
GAMES = 8
MAX_ACTIONS = 1500
LATE_TURN = {"mtaani": 120, "mulodi": 30, "jiji": 120}
"""The turn at which each game's state is sized (or its last turn, in a game that ends
sooner)."""
SMOKE = {"games": 1, "max_actions": 40}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""
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


def sizing_store(samples: dict[str, dict[str, list[float]]]) -> Any:
    """A ``DynamoGameStore`` whose writes are sized instead of sent; each write's figures are
    added to ``samples[ruleset]`` (lists by figure; imported here, after the environment)."""
    from service.storage import DynamoGameStore, GameEventRecord, GameMeta, GameRecord, StoredGame

    class Store(DynamoGameStore):
        """DynamoGameStore's own save logic (tail, chunks, the one write), with the items
        kept in memory and sized instead of written."""

        def __init__(self) -> None:
            self.games: dict[str, GameRecord] = {}
            self.event_bytes: dict[str, int] = {}
            self.index: dict[str, Any] = {}
            self.pending_wru = 0.0
            self.pending_writes = 0

        def load(self, game_id):
            # A fresh copy, as a read from DynamoDB is (the pipeline changes what it loads).
            record = GameRecord.from_raw_data(self.games[game_id].serialize())
            return StoredGame(GameMeta.of(record), state_text=record.state,
                              tail=list(record.tail or []))

        def claim_right_of_way(self, game_id):
            return None

        def _write(self, record, new, also=None, condition=None):
            stored = self.games.get(record.game_id)
            if not new and stored is not None and int(stored.version) != int(record.version):
                from service.errors import VersionConflict

                raise VersionConflict(record.game_id)
            record.version = int(record.version or 0) + 1
            size = item_size(_serialized(record))
            wru = math.ceil(size / 1024) * (2 if also is not None else 1)
            writes = 1
            key = (record.timer_shard, record.deadline_at)
            if self.index.get(record.game_id) != key:
                # by_deadline (keys only): the old entry deleted and the new one put.
                wru += (1 if record.game_id in self.index else 0) + (1 if key[0] else 0)
                self.index[record.game_id] = key
            self.games[record.game_id] = record
            self.event_bytes.setdefault(record.game_id, 0)
            if not new:
                totals = samples[record.ruleset]
                totals["game_item"].append(size)
                totals["wru"].append(wru + self.pending_wru)
                totals["writes"].append(writes + self.pending_writes)
                totals["rru"].append(1 + 1 + 4 * 0.5 + math.ceil(size / 4096))
            self.pending_wru = 0.0
            self.pending_writes = 0

        def _flush(self, game_id, tail):
            chunk = GameEventRecord(game_id, int(tail[-1]["seq"]), first=int(tail[0]["seq"]),
                                    events=tail)
            size = item_size(_serialized(chunk))
            self.event_bytes[game_id] += size
            self.pending_wru += math.ceil(size / 1024)
            self.pending_writes += 1
            samples[self.games[game_id].ruleset]["chunks"].append(len(tail))

        def events(self, game_id, after, limit, loaded=None):
            return []

    return Store()


def percentile(samples: list[float], q: float) -> float:
    """The ``q`` quantile of ``samples`` (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def play(ruleset: str, store: Any, seed: int, max_actions: int, published: list[int]) -> dict:
    """One 4-player game of ``ruleset`` through the pipeline (see the module docstring); returns
    its figures."""
    import engine
    from engine import bots
    from service import pipeline
    from service.storage import pack_state

    rs = engine.get_ruleset(ruleset)
    players = [f"acc_{i}" for i in range(PLAYERS)]
    result = pipeline.create_game(ruleset, players, {}, seed=seed, store=store)
    game_id = result.game.game_id
    rng = random.Random(seed)
    now = int(time.time())
    actions = table_moves = domain = pending = 0
    late: tuple[int, int, int] | None = None
    while actions < max_actions:
        game = store.load(game_id)
        if game.record.status != "active":
            break
        now += rng.randrange(1, 120)
        state = pipeline.current(game, game.state, now)
        waiting = rs.waiting_seats(state)
        action = (bots.choose(state, waiting[0], "base", rng.randrange(1 << 30))
                  if waiting else None)
        if action is not None:
            def decide(_game, _state, action=action):
                return action
        else:  # nobody moves: the earliest deadline passes and the table answers it
            due = sorted((w.due, w.id, w) for w in game.record.waiting() if w.due is not None)
            if not due:
                raise RuntimeError(f"{ruleset} game {seed} is stuck")
            now = max(now, due[0][0])
            state = pipeline.current(game, game.state, now)
            decision = next((d for d in rs.pending(state) if d.id == due[0][1]), None)
            table = (pipeline.TableMove(due[0][2], rs.deadline_action(state, decision, now))
                     if decision is not None and not decision.deadline.hard else None)

            def decide(_game, _state, table=table):
                return table
            table_moves += 1
        published.clear()
        done = pipeline.run(game_id, decide, store=store, now=now)
        actions += 1
        domain += sum(published)
        pending += sum(1 for e in done.events if e["type"] == "DecisionPending")
        if late is None and int(done.state.turn) >= LATE_TURN[ruleset]:
            record = store.games[game_id]
            late = (int(done.state.turn), len(engine.dump_state(done.state).encode()),
                    len(pack_state(record.state)), item_size(_serialized(record)))
    record = store.games[game_id]
    final = engine.load_state(record.state)
    if late is None:  # the game ended before the late turn: its last state
        late = (int(final.turn), len(engine.dump_state(final).encode()),
                len(pack_state(record.state)), item_size(_serialized(record)))
    return {"actions": actions, "table_moves": table_moves, "turns": int(final.turn),
            "finished": record.status == "finished", "late": late,
            "game_bytes": item_size(_serialized(record)),
            "event_bytes": store.event_bytes[game_id], "events": int(record.event_count),
            "domain": domain / max(1, actions), "pending": pending / max(1, actions)}


def main(games: int = GAMES, max_actions: int = MAX_ACTIONS) -> None:
    import os

    os.environ["POWERTOOLS_LOG_LEVEL"] = "WARNING"
    os.environ["POWERTOOLS_METRICS_DISABLED"] = "true"
    from service import accounts, bus, ratings

    published: list[int] = []
    bus.publish_many = lambda items, source=bus.SOURCE: published.append(len(items))
    accounts.handles_of = lambda ids: {a: a for a in ids}
    # The accounts table is not the sizing store's: every player is unrated before its game (a
    # game's end reads 4 accounts once, not counted here; the rating writes go in the ending
    # transaction and are counted).
    ratings.read = lambda account_ids: {}

    samples = {r: {k: [] for k in ("game_item", "chunks", "wru", "writes", "rru")}
               for r in RULESETS}
    store = sizing_store(samples)
    figures = {r: [play(r, store, 1000 + n, max_actions, published) for n in range(games)]
               for r in RULESETS}

    print(f"{games} 4-player games of each ruleset, Base bots in every seat, played through "
          f"the pipeline (at most {max_actions:,} actions each):")
    print(f"  {'':8s} {'actions':>8s} {'per turn':>8s} {'WRU/action':>22s} {'writes/action':>14s} "
          f"{'game item':>9s}   state at a late turn (turn: raw JSON, stored; game item)")
    print(f"  {'':8s} {'':>8s} {'':>8s} {'median  p95   mean':>22s} {'mean   p95':>14s} {'mean':>9s}")
    for ruleset in RULESETS:
        per_game, t = figures[ruleset], samples[ruleset]
        actions = sum(g["actions"] for g in per_game)
        turns = sum(g["turns"] for g in per_game)
        late = sorted(g["late"] for g in per_game)[len(per_game) // 2]  # the median game
        print(f"  {ruleset:8s} {actions:8,d} {actions / max(1, turns):8.2f} "
              f"{statistics.median(t['wru']):8.0f} {percentile(t['wru'], 0.95):4.0f} "
              f"{statistics.mean(t['wru']):6.2f} {statistics.mean(t['writes']):8.2f} "
              f"{percentile(t['writes'], 0.95):4.0f} {statistics.mean(t['game_item']):8,.0f} B"
              f"   turn {late[0]:4d}: {late[1]:7,d} B, {late[2]:6,d} B; {late[3]:6,d} B")
        finished = sum(g["finished"] for g in per_game)
        print(f"  {'':8s} {finished} of {len(per_game)} finished; the table's moves "
              f"{sum(g['table_moves'] for g in per_game) / max(1, actions):.0%} of the actions; "
              f"largest state at its late turn stored in "
              f"{max(g['late'][2] for g in per_game):,} B")
    print()

    # The cost model: Mtaani (docs/operations.md, "Cost model").
    per_game, t = figures["mtaani"], samples["mtaani"]
    mean = {k: statistics.mean(v) for k, v in t.items() if v}
    median_wru = statistics.median(t["wru"])
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
    print(f"Mtaani, the cost model's game: {actions_per_turn:.2f} actions per turn")
    print(f"per action: one write of the game item, {mean['game_item']:.0f} B (state, log tail), "
          f"{events_per_action:.2f} events logged, a chunk of {mean.get('chunks', 0):.1f} events "
          f"written every {len(t['wru']) / max(1, len(t['chunks'])):.1f} actions")
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
