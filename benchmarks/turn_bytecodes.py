"""Where a Base-bot turn's work goes, counted in bytecodes: deterministic, unlike time on a
shared machine (issue 29: the engine against its peers).

Plays ``games`` 4-Base-bot games (after one unmeasured game: the first imports the rules) and
counts, with ``sys.monitoring`` (Python 3.12+), every Python bytecode run and every call of
each function. Prints bytecodes per turn and the ``top`` functions by bytecodes, with their
calls and bytecodes per call. Counts are the same on every run of the same code; a change that
keeps the games (the same actions) and lowers the count does less interpreted work. Time in C
(the BLAKE2b digests, dict lookups) is not counted: valgrind's callgrind counts that (see
docs/architecture.md)."""

import sys
from collections import Counter

from engine.mtaani.bots import selfplay

SMOKE = {"games": 1, "top": 5}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def _free_tool_id() -> int:
    mon = sys.monitoring
    for tool in range(6):  # ids 0-5 are for tools (debuggers, coverage, profilers...)
        if mon.get_tool(tool) is None:
            return tool
    raise RuntimeError("every sys.monitoring tool id is taken")


def main(games: int = 10, top: int = 25) -> None:
    selfplay.play(["base"] * 4, 999)  # the first game imports the rules: not counted
    mon = sys.monitoring
    tool = _free_tool_id()
    mon.use_tool_id(tool, "turn_bytecodes")
    bytecodes: Counter = Counter()
    calls: Counter = Counter()

    def on_instruction(code, offset):
        bytecodes[code] += 1

    def on_start(code, offset):
        calls[code] += 1

    turns = actions = 0
    try:
        mon.register_callback(tool, mon.events.INSTRUCTION, on_instruction)
        mon.register_callback(tool, mon.events.PY_START, on_start)
        mon.set_events(tool, mon.events.INSTRUCTION | mon.events.PY_START)
        for seed in range(1_000, 1_000 + games):
            result = selfplay.play(["base"] * 4, seed)
            turns += result.turns
            actions += result.actions
    finally:
        mon.set_events(tool, 0)
        mon.free_tool_id(tool)
    total = sum(bytecodes.values())
    print(f"games: {games}, turns: {turns:,}, actions: {actions:,}, bytecodes: {total:,} "
          f"({total / max(turns, 1):,.0f} a turn), Python calls: {sum(calls.values()):,} "
          f"({sum(calls.values()) / max(turns, 1):,.1f} a turn)")
    print(f"top {top} functions by bytecodes (share, bytecodes, calls, bytecodes a call):")
    for code, count in bytecodes.most_common(top):
        where = code.co_filename.rsplit("/engine/", 1)[-1]
        print(f"  {count / total:6.1%} {count:>10,} {calls[code]:>8,} "
              f"{count // max(calls[code], 1):>5}  {where}:{code.co_firstlineno} {code.co_qualname}")
