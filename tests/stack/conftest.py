"""The local stack as a process (``python -m local``), shared by the stack tests of one test
process (started with :mod:`tests.stackprocess`, which keeps draining its output).

Package-scoped: it stops once its test process moves on from these tests. (A session-scoped
stack kept playing every table the tests left, two-second idle turns and bots, while the same
core ran the service tests: a full ``make test`` took twice the fuzz test's time alone.)"""

from __future__ import annotations

import sys

import pytest

from tests.stack.http import Http
from tests.stackprocess import stack_output, start_stack, stop_stack


@pytest.fixture(scope="package")
def stack():
    # The push service of test_local_stack runs on this machine, over http (docs/operations.md).
    process, url, moto = start_stack(
        "DefaultIdleTimeoutSeconds=2,DefaultBotDelaySeconds=0,DemoMaxTurns=150,"
        "LobbiesPerAccountHour=1000",
        environment={"PUSH_ENDPOINT_ALLOW_INSECURE_HOSTS": "127.0.0.1"})
    yield Http(url, output=lambda: stack_output(process)), moto
    errors = [line for line in stack_output(process).splitlines() if " ERROR " in line]
    stop_stack(process)
    if errors:
        sys.stderr.write("local stack errors (last lines):\n" + "\n".join(errors[-20:]) + "\n")


@pytest.fixture(autouse=True)
def _tables_saved(request):
    """The games a test started are saved (paused) when it ends (:meth:`Http.save_started`);
    a module's fixture saves its own (the fuzz test's tables)."""
    if "stack" not in request.fixturenames:
        yield
        return
    http, _ = request.getfixturevalue("stack")
    since = len(http.started)
    yield
    http.save_started(since)
