"""The local stack as a process (``python -m local``), shared by the stack tests of one test
process, and a small HTTP client for it."""

from __future__ import annotations

import collections
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.stack.http import Http

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def stack():
    env = {**os.environ, "PORT": "0", "MTAA_PARAMETERS": "DefaultIdleTimeoutSeconds=2",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "layers/engine"), str(ROOT / "functions"), str(ROOT)])}
    env.pop("AWS_ENDPOINT_URL", None)
    process = subprocess.Popen([sys.executable, "-m", "local"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = moto = None
    lines = []
    deadline = time.time() + 60
    while time.time() < deadline and not (url and moto):
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        if url is None and (found := re.search(r"http://127\.0\.0\.1:\d+", line)):
            url = found.group(0)
        if "moto (AWS) endpoint" in line:
            moto = re.search(r"http://127\.0\.0\.1:\d+", line).group(0)
    assert url and moto, "".join(lines)
    # Keep reading the stack's output: a full pipe would block its next log line, and with it
    # the request that logs. The last lines are kept for failure reports.
    tail: collections.deque[str] = collections.deque(lines, maxlen=200)
    threading.Thread(target=lambda: tail.extend(process.stdout), daemon=True).start()
    yield Http(url), moto
    process.terminate()
    process.wait(timeout=10)
    errors = [line for line in tail if " ERROR " in line]
    if errors:
        sys.stderr.write("local stack errors (last lines):\n" + "".join(errors[-20:]))


