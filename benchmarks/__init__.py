"""Benchmarks: ``make bench`` (``python -m benchmarks``) prints the figures.

Every module of this package is a benchmark: ``main()`` prints its figures at full size
(``make bench``), and ``SMOKE`` holds the keyword arguments of ``main`` for a size that runs in
a few seconds, which ``make test`` runs (tests/test_benchmarks_smoke.py), so a benchmark the
code has left behind fails the tests instead of waiting for the next ``make bench``.
"""

import pkgutil
from pathlib import Path


def names() -> list[str]:
    """Every benchmark module's name, in alphabetical order."""
    return sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])
                  if not m.name.startswith("_"))
