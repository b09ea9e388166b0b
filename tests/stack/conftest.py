"""The local stack as a process (``python -m local``), shared by the stack tests of one test
process, and a small HTTP client for it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
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
    yield Http(url), moto
    process.terminate()
    process.wait(timeout=10)


