"""Lambda SnapStart runtime hooks (template.yaml: the action and timer functions publish a
``live`` alias with ``SnapStart: {ApplyOn: PublishedVersions}``).

With SnapStart, Lambda runs a function's init once, when a version is published, snapshots the
memory, and restores that snapshot for every new execution environment instead of running
init again. Two things follow:

- **Before the snapshot** (:func:`prime`): whatever a request would load lazily is loaded
  now, so a restored environment starts warm: each module registers what it wants primed (the
  action function: its game's rulesets and the request model of every move; the timers: every
  ruleset). Without SnapStart (locally, in the tests) nothing is primed and imports stay lazy.
- **After a restore** (:func:`refresh`): nothing unique or connection-bound taken at init
  may be shared by the environments restored from one snapshot: the AWS clients and
  PynamoDB's connections (their sockets and credentials) are dropped and made again on first
  use, the idempotency layer's client with them, and Python's ``random`` is reseeded (ids and
  tokens come from ``secrets`` and ``uuid4``, which read the OS's randomness every time).

The hooks come from the ``snapshot_restore_py`` library the Lambda Python runtime includes;
where it is missing (locally) registering does nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pynamodb.models import Model

import engine

_primers: list[Callable[[], object]] = []
_resets: list[Callable[[], object]] = []


def prime(primer: Callable[[], object]) -> None:
    """Run ``primer`` before the snapshot is taken (it loads what requests would load later)."""
    _primers.append(primer)


def run_primers() -> None:
    """The before-snapshot hook: every registered primer, in order."""
    for primer in _primers:
        primer()


def on_restore(reset: Callable[[], object]) -> None:
    """Run ``reset`` after a restore: a module drops what it made at init that must not be
    shared (its clients, its connection) so it is made again on first use. Modules register
    when imported, so this module imports none of them (a leaf: no import cycle)."""
    _resets.append(reset)


def refresh() -> None:
    """The after-restore hook: every registered reset (:func:`on_restore`: the AWS clients,
    the game store's connection, the idempotency layer), every PynamoDB model's connection,
    fresh randomness."""
    for reset in _resets:
        reset()
    stack = list(Model.__subclasses__())
    while stack:
        model = stack.pop()
        model._connection = None
        stack.extend(model.__subclasses__())
    random.seed()


def load_rulesets() -> None:
    """A primer: every ruleset of the registry, imported."""
    for name in engine.rulesets():
        engine.get_ruleset(name)


def install(library) -> bool:
    """Register :func:`run_primers` and :func:`refresh` with ``library`` (the runtime's
    ``snapshot_restore_py``); ``False`` when there is none (locally)."""
    if library is None:
        return False
    library.register_before_snapshot(run_primers)
    library.register_after_restore(refresh)
    return True


try:  # the Lambda Python runtime's library (absent locally)
    import snapshot_restore_py as _runtime
except ImportError:
    _runtime = None
install(_runtime)
