"""Cold import of an action function as Lambda runs it, without and with bytecode in the package.

Without bytecode is what ``sam build`` makes; with bytecode compiled by hash, what ``make
build`` makes.

Lambda unpacks a function's zip into the read-only ``/var/task`` (layers into ``/opt``), so a
module without a valid ``.pyc`` beside it is compiled from source on every cold start and the
result cannot be cached. ``sam build`` ships no bytecode for the function's code or for the
dependencies it installs, and SAM's zips carry 1980 timestamps, so timestamp-checked bytecode
would never validate either (aws-lambda-builders#924). ``make build`` compiles the built
package with ``--invalidation-mode unchecked-hash`` (docs/operations.md, "Cold starts and
SnapStart").

This benchmark lays out such a package in a temporary directory (the service's code, the
engine package and every installed distribution that importing ``actions.app`` loads,
without ``__pycache__``), then imports ``actions.app`` in fresh processes that see only that
directory and the standard library (``python -S``, no bytecode written), alternating: as
shipped by ``sam build``, and after ``compileall`` by hash. Prints the medians (ms).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULE = "actions.app"
RUNS = 7

_LIST = f"""
import sys, sysconfig
import {MODULE}
site = sysconfig.get_paths()["purelib"]
tops = set()
for mod in list(sys.modules.values()):
    path = getattr(mod, "__file__", None) or ""
    if path.startswith(site):
        tops.add(path[len(site) + 1:].split("/")[0])
print("\\n".join(sorted(tops)))
"""

_TIME = f"""
import sys, time
sys.path[:0] = [sys.argv[1]]
t = time.perf_counter()
import {MODULE}
print((time.perf_counter() - t) * 1000)
"""


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(AWS_DEFAULT_REGION="us-east-1", PYTHONDONTWRITEBYTECODE="1", **extra)
    return env


def _link(source: str, target: str) -> None:
    """A hard link where the file system allows one (a layout is read only), else a copy."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def layout(into: Path) -> int:
    """Copy the service code, the engine and the distributions ``actions.app`` imports
    into ``into`` without bytecode; returns the number of ``.py`` files."""
    path = os.pathsep.join([str(ROOT / "layers/engine"), str(ROOT / "functions")])
    tops = subprocess.run([sys.executable, "-c", _LIST], env=_env(PYTHONPATH=path), check=True,
                          capture_output=True, text=True).stdout.split()
    site = Path(subprocess.run([sys.executable, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "tests")
    for name in ("actions", "service", "api", "timers"):
        shutil.copytree(ROOT / "functions" / name, into / name, ignore=skip, copy_function=_link)
    shutil.copytree(ROOT / "layers/engine/engine", into / "engine", ignore=skip,
                    copy_function=_link)
    for top in tops:
        source = site / top
        if source.is_dir():
            shutil.copytree(source, into / top, ignore=skip, copy_function=_link)
        elif source.suffix == ".py" or source.suffix == ".so":
            _link(str(source), str(into / top))
    return sum(1 for _ in into.rglob("*.py"))


def cold_import(package: Path) -> float:
    """Milliseconds to import the module in a fresh process that sees only ``package`` and the
    standard library."""
    out = subprocess.run([sys.executable, "-S", "-c", _TIME, str(package)], env=_env(), check=True,
                         capture_output=True, text=True).stdout
    return float(out)


SMOKE = {"runs": 1}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(runs: int = RUNS) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        plain, compiled = Path(tmp, "sam-build"), Path(tmp, "make-build")
        files = layout(plain)
        shutil.copytree(plain, compiled, copy_function=_link)  # compileall adds files only
        subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0", "--invalidation-mode",
                        "unchecked-hash", str(compiled)], check=True, stdout=subprocess.DEVNULL)
        rows = [(cold_import(plain), cold_import(compiled)) for _ in range(runs)]
    without = statistics.median(r[0] for r in rows)
    with_ = statistics.median(r[1] for r in rows)
    print(f"import {MODULE} from a package of {files:,} .py files, median of {runs} fresh processes:")
    print(f"  as `sam build` ships it (no bytecode):      {without:7.0f} ms")
    print(f"  as `make build` ships it (unchecked-hash):  {with_:7.0f} ms   ({with_ / without:.2f} of it)")


if __name__ == "__main__":
    main()
