"""Stopping the local stack (Ctrl-C on ``make run``) while bots play: it stops without a
traceback (the workers leave the interrupt to the stack, and invocations cut short by the
stop are not reported as failures)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time

from tests.stackprocess import stack_output, start_stack


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    pids = [int(x) for x in out.split()]
    return pids + [grand for child in pids for grand in _children(child)]


def test_ctrl_c_stops_the_stack_without_tracebacks():
    from tests.browser.conftest import Api

    process, url, _moto = start_stack("DefaultBotDelaySeconds=0")
    api = Api(url)
    status, me = api("POST", "/sessions", {"handle": f"stopper{os.getpid() % 100000}"})
    assert status == 201, me
    for _ in range(3):  # tables of bots, playing while the stack stops
        assert api("POST", "/demo", None, me["token"])[0] == 201
    time.sleep(6)
    # Ctrl-C in a terminal interrupts every process of the stack at once.
    for pid in [process.pid, *_children(process.pid)]:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGINT)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.kill(process.pid, signal.SIGUSR1)  # the stack prints where each thread stands
        time.sleep(2)
        process.kill()
        raise AssertionError("the stack did not stop within 60 s:\n" + stack_output(process)[-12000:]) from None
    time.sleep(0.5)
    output = stack_output(process)
    assert "Traceback" not in output, output[-4000:]
