"""Start the local stack as a process (``python -m local``) for tests that talk to it over HTTP
(the local-stack tests and the browser tests)."""

from __future__ import annotations

import collections
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def start_stack(parameters: str = "", timeout: float = 60.0,
                environment: dict[str, str] | None = None) -> tuple[subprocess.Popen, str, str]:
    """Start the stack on a free port; returns ``(process, api_url, moto_url)``.

    ``parameters``: template overrides, ``"Name=value,..."`` (``MTAA_PARAMETERS``);
    ``environment``: more environment variables for the stack (its functions see them). Raises
    ``AssertionError`` with the stack's output when it does not come up within ``timeout``.
    The caller stops it with :func:`stop_stack`.
    """
    env = {**os.environ, **(environment or {}), "PORT": "0", "MTAA_PARAMETERS": parameters,
           "PYTHONPATH": os.pathsep.join([str(ROOT / "layers/engine"), str(ROOT / "functions"), str(ROOT)])}
    env.pop("AWS_ENDPOINT_URL", None)
    process = subprocess.Popen([sys.executable, "-m", "local"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = moto = None
    lines = []
    deadline = time.time() + timeout
    while time.time() < deadline and not (url and moto):
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        if url is None and (found := re.search(r"http://127\.0\.0\.1:\d+", line)):
            url = found.group(0)
        if "moto (AWS) endpoint" in line:
            moto = re.search(r"http://127\.0\.0\.1:\d+", line).group(0)
    if not (url and moto):
        process.kill()
        raise AssertionError("the local stack did not start:\n" + "".join(lines))
    # Keep reading the stack's output so it never blocks on a full pipe; the last lines are
    # kept for failure messages (:func:`stack_output`).
    tail: collections.deque[str] = collections.deque(lines, maxlen=400)
    process.output_tail = tail  # type: ignore[attr-defined]
    threading.Thread(target=_drain, args=(process, tail), daemon=True).start()
    return process, url, moto


def _drain(process: subprocess.Popen, tail: collections.deque[str]) -> None:
    for line in process.stdout:
        tail.append(line)


def stack_output(process: subprocess.Popen) -> str:
    """The last lines the stack printed (tracebacks of failed functions land here)."""
    return "".join(getattr(process, "output_tail", []))


def stop_stack(process: subprocess.Popen) -> None:
    """Stop a stack started by :func:`start_stack` (this process only)."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)
