"""Run every benchmark and print its figures: ``python -m benchmarks [name ...]``."""

import importlib
import sys

BENCHMARKS = ["engine_games", "state_size", "capacity", "service_latency", "bot_games",
              "bot_decisions", "erasure", "jiji_games", "jiji_bots", "jiji_state_size",
              "mulodi_games", "mulodi_state_size", "mulodi_bots", "replay", "cold_import", "slow_play"]


def main(names: list[str]) -> None:
    for name in names or BENCHMARKS:
        module = importlib.import_module(f"benchmarks.{name}")
        print(f"== {name}: {module.__doc__.strip().splitlines()[0]}")
        module.main()
        print()


main(sys.argv[1:])
