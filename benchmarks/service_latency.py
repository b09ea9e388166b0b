"""Per-action latency through the local stack (HTTP, handlers, moto) and without the storage
round trip (pipeline + engine + view in process), and the import time of one action handler
module in a fresh process (a cold-start proxy).

The stack is started as its own process (``python -m local``), as ``make run`` does; figures
on a shared or loaded machine are higher, so the load average is printed with them.
"""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = {"declare_bankruptcy"}


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"n={len(ordered):4d}  p50 {p50 * 1000:7.1f} ms  p99 {p99 * 1000:7.1f} ms"


def pick(rng: random.Random, legal: list[dict]) -> dict:
    """A random legal action, its type chosen uniformly first (some types have many variants)."""
    kind = rng.choice(sorted({a["type"] for a in legal}))
    return rng.choice([a for a in legal if a["type"] == kind])


def _http(base: str, method: str, path: str, body=None, token: str | None = None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def _start_stack() -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PORT": "0",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "layers/engine"), str(ROOT / "functions"), str(ROOT)])}
    env.pop("AWS_ENDPOINT_URL", None)
    process = subprocess.Popen([sys.executable, "-m", "local"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        line = process.stdout.readline()
        if "moto (AWS) endpoint" in line:
            break
        if found := re.search(r"API and web client on (http://\S+)", line):
            url = found.group(1)
    # Keep draining its output, or a full pipe blocks the stack's next log line.
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, url


def through_the_stack(moves: int = 300, games: int = 6) -> None:
    process, base = _start_stack()
    try:
        suffix = secrets.token_hex(3)
        tokens, handles = [], []
        for name in ("ana", "ben"):
            _, body = _http(base, "POST", "/sessions", {"handle": f"{name}{suffix}"})
            tokens.append(body["token"])
            handles.append(body["handle"])
        game_ids = []
        for _ in range(games):
            _, lobby = _http(base, "POST", "/lobbies", {"table_size": 2}, tokens[0])
            _http(base, "POST", f"/lobbies/{lobby['lobby_id']}/invites", {"handle": handles[1]}, tokens[0])
            _http(base, "POST", f"/lobbies/{lobby['lobby_id']}/join", None, tokens[1])
            _, game = _http(base, "POST", f"/lobbies/{lobby['lobby_id']}/start", None, tokens[0])
            game_ids.append(game["game_id"])
        rng = random.Random(1)
        latencies: dict[str, list[float]] = defaultdict(list)
        done = refused = 0
        while done < moves:
            game_id = game_ids[done % len(game_ids)]
            start = time.perf_counter()
            _, view = _http(base, "GET", f"/games/{game_id}", token=tokens[0])
            latencies["GET /games/{id}"].append(time.perf_counter() - start)
            if view["status"] != "active":
                game_ids.remove(game_id)
                if not game_ids:
                    break
                continue
            player = view["decision"]["player"]
            _, mine = _http(base, "GET", f"/games/{game_id}", token=tokens[player])
            legal = [a for a in mine["legal_actions"] if a["type"] not in SKIP] or mine["legal_actions"]
            action = dict(pick(rng, legal))
            kind = action.pop("type")
            start = time.perf_counter()
            status, body = _http(base, "POST",
                                 f"/games/{game_id}/mtaani/{kind.replace("_", "-")}",
                                 {**action, "version": mine["version"]}, tokens[player])
            if status == 200:
                latencies[f"POST {kind}"].append(time.perf_counter() - start)
                done += 1
            else:  # a legal action refused: a lost race at most, never a wrong route
                refused += 1
                if status != 409 or refused > moves:
                    raise RuntimeError(f"POST {kind} answered {status}: {body}")
        everything = [t for name, ts in latencies.items() if name.startswith("POST") for t in ts]
        print(f"through the local stack (HTTP + handler + moto DynamoDB/EventBridge), load average "
              f"{os.getloadavg()[0]:.1f}:")
        print(f"  {'every action':24s} {percentiles(everything)}")
        for name, samples in sorted(latencies.items(), key=lambda kv: -len(kv[1])):
            print(f"  {name:24s} {percentiles(samples)}")
    finally:
        process.terminate()
        process.wait(timeout=10)


def without_storage(moves: int = 2000) -> None:
    """The pipeline, the engine and the caller's view in process, with the game kept in memory
    and the bus and handle look-ups stubbed: the cost of a move minus the storage round trip."""
    sys.path[:0] = [str(ROOT / "layers/engine"), str(ROOT / "functions")]
    # The pipeline's log line and metric per move would be printed with the figures.
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    import engine
    from service import accounts, bus, pipeline, views
    from service.memory_store import MemoryGameStore

    bus.publish_many = lambda items, source=bus.SOURCE: None
    accounts.handles_of = lambda ids: {a: a for a in ids}
    store = MemoryGameStore()
    rng = random.Random(2)
    latencies: dict[str, list[float]] = defaultdict(list)
    players = ["acc_a", "acc_b"]
    result = pipeline.create_game("mtaani", players, {"max_turns": 100_000}, seed=7, store=store)
    game_id = result.game.game_id
    for _ in range(moves):
        state = store.load(game_id).state
        decision = engine.pending(state)[0]
        if decision is None:
            result = pipeline.create_game("mtaani", players, {"max_turns": 100_000},
                                          seed=rng.randrange(1 << 30), store=store)
            game_id = result.game.game_id
            continue
        every = list(engine.legal_actions(state, decision.player))
        legal = [a for a in every if a.type not in SKIP] or every
        action = pick(rng, [a.model_dump(mode="json", exclude={"player"}) for a in legal])
        start = time.perf_counter()
        done = pipeline.act(game_id, players[decision.player], action, store=store)
        current = pipeline.current(done.game, done.state)
        views.game_view(done.game, current, players[decision.player])
        latencies[action["type"]].append(time.perf_counter() - start)
    everything = [t for ts in latencies.values() for t in ts]
    print("without the storage round trip (pipeline + engine + view, in process):")
    print(f"  {'every action':24s} {percentiles(everything)}")
    for name, samples in sorted(latencies.items(), key=lambda kv: -len(kv[1]))[:6]:
        print(f"  {name:24s} {percentiles(samples)}")


def import_time(module: str = "actions.app", runs: int = 7) -> None:
    """Wall time of ``import <module>`` in a fresh interpreter (median of ``runs``)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "layers/engine"), str(ROOT / "functions")]),
           "AWS_DEFAULT_REGION": "us-east-1"}
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    samples = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                             check=True)
        samples.append(float(out.stdout.strip()))
    print(f"import {module} in a fresh process (cold-start proxy): median "
          f"{statistics.median(samples) * 1000:.0f} ms, min {min(samples) * 1000:.0f} ms ({runs} runs)")


SMOKE = {"moves": 6, "games": 1, "in_process": 50, "runs": 1}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(moves: int = 300, games: int = 6, in_process: int = 2000, runs: int = 7) -> None:
    """``moves`` actions through the stack over ``games`` tables, ``in_process`` without
    storage, ``runs`` fresh processes per import time."""
    import_time("actions.app", runs)
    import_time("api.games_get", runs)
    without_storage(in_process)
    through_the_stack(moves, games)


if __name__ == "__main__":
    main()
