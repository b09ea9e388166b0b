"""Run benchmarks and print their figures: ``python -m benchmarks [--smoke] [name ...]``.

Without names, every benchmark (:func:`benchmarks.names`), each in a process of its own (one
benchmark's imports, settings and stubs cannot change another's figures); ``--smoke`` runs
each at its smoke size (its ``SMOKE`` arguments). A benchmark that fails is reported and the
others still run; the exit status is then 1.
"""

import importlib
import subprocess
import sys
import time
import traceback

from benchmarks import names as all_names


def run_one(name: str, smoke: bool, options: list[str] | None = None) -> bool:
    """Run benchmark ``name`` in this process (``options``: its own command-line arguments,
    for a benchmark with a ``cli``); ``False`` when it raised (the trace printed)."""
    module = importlib.import_module(f"benchmarks.{name}")
    if options:
        module.cli(options)
        return True
    print(f"== {name}: {module.__doc__.strip().splitlines()[0]}", flush=True)
    began = time.perf_counter()
    try:
        module.main(**(module.SMOKE if smoke else {}))
    except Exception:
        traceback.print_exc()
        return False
    finally:
        print(f"({name}: {time.perf_counter() - began:.1f} s wall)", flush=True)
    return True


def main(argv: list[str]) -> int:
    smoke = "--smoke" in argv
    if argv and argv[0] in all_names() and len(argv) > 1 and argv[1] != "--smoke":
        return 0 if run_one(argv[0], False, argv[1:]) else 1   # one benchmark, its own options
    names = [a for a in argv if a != "--smoke"] or all_names()
    unknown = sorted(set(names) - set(all_names()))
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(all_names())}")
        return 2
    if len(names) == 1:
        return 0 if run_one(names[0], smoke) else 1
    failed = []
    for name in names:
        done = subprocess.run([sys.executable, "-m", "benchmarks", *(["--smoke"] * smoke), name])
        if done.returncode != 0:
            failed.append(name)
        print(flush=True)
    print(f"{len(names) - len(failed)} of {len(names)} benchmarks ran"
          + (f"; FAILED: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


sys.exit(main(sys.argv[1:]))
