"""Every benchmark runs at its smoke size and prints its figures (issue 29: benchmarks that
cannot rot). ``make bench`` runs them at full size; this only proves each still runs against
today's code: a renamed module, a changed signature or a broken store stub fails here, in
``make test``, rather than at the next ``make bench``. No figure is judged (timings are not
tested: docs/DEVELOPERS.md).

Each runs as ``python -m benchmarks --smoke <name>`` in its own process, as ``make bench`` runs
it (benchmarks stub service modules and set the environment)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import names

ROOT = Path(__file__).resolve().parent.parent
STARTS_THE_STACK = {"service_latency"}


def test_every_benchmark_module_is_run():
    """The runner finds every module of benchmarks/ (a new one needs no list to be run)."""
    modules = sorted(p.stem for p in (ROOT / "benchmarks").glob("*.py") if not p.stem.startswith("_"))
    assert names() == modules
    assert {"capacity", "randomplay", "service_latency", "smart_latency"} <= set(modules)


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=[pytest.mark.stack] if n in STARTS_THE_STACK else []) for n in names()])
def test_benchmark_runs_at_its_smoke_size(name):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT / "layers/engine"), str(ROOT / "functions"), str(ROOT)])}
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--smoke", name], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "Traceback" not in done.stdout + done.stderr, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"== {name}: "), lines[:1]
    figures = [line for line in lines[1:-1] if re.search(r"\d", line)]
    assert figures, f"{name} printed no figures:\n{done.stdout}"
