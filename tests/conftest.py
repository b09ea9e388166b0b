"""Test set-up shared by every test.

The environment is set from ``template.yaml`` (the same names the local stack uses) before any
service module is imported, so PynamoDB models and settings agree with the provisioned tables.
Service tests run against moto in-process (``mock_aws``), started once per test process.

Tests that hold on a loaded 2-core CI machine (``make test`` runs two workers): a count against
a fixed window of the wall clock (the throttle's limits, the notices' fold hour) holds the
window still (``unthrottled``, ``test_notifications.one_offer_window``); a check of what a
timer did on a stack whose timers keep running reads the game's log, not where the table is
now; a query of a table every test of the process writes (the deadline index) asks for all
of it before keeping the test's own items; a wait is on a condition, with its reason when
it is long.
"""

from __future__ import annotations

import os

from local.aws import set_fake_credentials
from local.stack import LOCAL_PARAMETERS
from local.template import LocalTemplate

os.environ.pop("AWS_ENDPOINT_URL", None)
set_fake_credentials()
os.environ.update(LocalTemplate(parameters=LOCAL_PARAMETERS).global_environment())

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def aws():
    """moto for the whole test process, with the template's tables, bus and schedule group."""
    from moto import mock_aws

    from local.aws import provision, serialize_dynamodb_writes

    serialize_dynamodb_writes()
    with mock_aws():
        provision(LocalTemplate(parameters=LOCAL_PARAMETERS))
        yield


@pytest.fixture(autouse=True)
def fresh_settings():
    """The settings a test changed the environment for (``settings.cache_clear()`` after
    ``monkeypatch.setenv``) end with it: the next test reads the environment again."""
    yield
    from service.config import settings

    settings.cache_clear()


@pytest.fixture
def memory_store(monkeypatch):
    """The in-memory store (:mod:`service.memory_store`) as the default one
    (``storage.default_store``: the pipeline's, the lobbies' and the timers') for one test, no
    moto: what the pipeline publishes is kept in ``memory_store.published``
    (``(detail-type, detail)`` pairs) instead of going to the bus."""
    from service import bus, storage
    from service.memory_store import MemoryGameStore

    memory = MemoryGameStore()
    memory.published = []
    monkeypatch.setattr(storage, "_store", memory)
    monkeypatch.setattr(bus, "publish_many", lambda items, source=bus.SOURCE:
                        memory.published.extend(items))
    return memory


@pytest.fixture
def unthrottled(monkeypatch):
    """A throttle window of this test's own, held still (``service.throttle.clock``): a random
    hour in the future, so the counts of a limit's test are neither cut in two by a window's
    end (the windows are fixed: 60 s for chat, 15 min for sign-ins, an hour for the rest) nor
    shared with the other tests of this process (every in-process request comes from
    127.0.0.1, one sign-in source)."""
    import secrets

    from service import throttle

    start = 2_000_000_000.0 + secrets.randbelow(10**6) * 3600
    monkeypatch.setattr(throttle, "clock", lambda: start)
    return start


@pytest.fixture
def api(aws):
    """An in-process HTTP client that routes like the template (see :mod:`tests.apiclient`)."""
    from tests.apiclient import ApiClient

    return ApiClient()


@pytest.fixture(scope="session", autouse=True)
def iam_calls():
    """Every AWS call a template function makes in this test process is recorded; at the end
    each must be allowed by that function's role in the SAM-transformed template
    (:mod:`tests.policy.iam`). ``MTAA_IAM_DUMP=path`` also writes the calls to ``path``."""
    from tests.policy.calls import Recorder

    recorder = Recorder()
    recorder.install()
    yield recorder
    dump = os.environ.get("MTAA_IAM_DUMP")
    if dump:
        import json

        with open(dump, "a") as out:
            for call in sorted(recorder.calls, key=lambda c: (c.function, c.action, c.resource)):
                out.write(json.dumps(call.__dict__) + "\n")
    if recorder.calls:
        from tests.policy.iam import denied_calls

        denied = denied_calls(recorder.calls)
        assert not denied, "calls the function's role does not allow:\n" + "\n".join(
            f"  {c.function}: {c.action} on {c.resource}" for c in denied)


LONG_FIRST = ("tests/browser/", "tests/stack/", "tests/service/test_fairness.py",
              "tests/test_benchmarks_smoke.py", "tests/bots/")
"""Where the long tests are (a browser or the local stack as a process, whole games through
the service, benchmarks at smoke size, bot self-play), in the order they start."""


def pytest_collection_modifyitems(config, items):
    """Long tests first, the many short ones after (a stable sort: each group keeps its files'
    order). ``make test``'s ``-n 2 --maxschedchunk 1`` hands tests out in that order as a
    worker frees up, so the short tests at the end fill in around the last long one instead of
    a long test starting late while the other core has nothing left to do. (Without
    ``--maxschedchunk 1`` xdist first gives each worker a quarter of the collection in one
    block, and one worker would get every long test.) Every worker sorts the same collection
    the same way."""
    root = config.rootpath

    def rank(item) -> int:
        path = item.path.relative_to(root).as_posix()
        return next((i for i, where in enumerate(LONG_FIRST) if path.startswith(where)),
                    len(LONG_FIRST))

    items.sort(key=rank)
