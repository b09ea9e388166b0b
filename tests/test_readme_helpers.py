"""README's "Play a game with curl": its shell blocks parse in sh and bash, and its `get` and
`show` helpers print a refused request's error (a 4xx answer's ``{"error": {"code",
"message"}}``) instead of crashing with a Python traceback. Run against canned answers, no
stack (the blocks were run as written against `make run` when they changed)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()
SECTION = README[README.index("## Play a game with curl"):README.index("## The web client")]
BLOCKS = re.findall(r"```sh\n(.*?)```", SECTION, re.S)
HELPERS = BLOCKS[0][:BLOCKS[0].index("\nA=$(")]       # U, J, get() and show(), as written
SHELLS = ["sh", "bash"]
REFUSAL = {"error": {"code": "not_your_decision", "message": "it is not your turn"}}


def run(shell: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([shell, "-c", script], capture_output=True, text=True, timeout=30)


@pytest.mark.parametrize("shell", SHELLS)
def test_every_curl_block_parses(shell):
    assert len(BLOCKS) == 3
    for block in BLOCKS:
        done = subprocess.run([shell, "-n"], input=block, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("shell", SHELLS)
def test_get_prints_a_field_or_the_refusal(shell):
    answer = json.dumps({"version": 3, "events": [{"type": "TurnEnded", "player": 0}]})
    done = run(shell, f"{HELPERS}\nprintf '%s' '{answer}' | get version")
    assert (done.returncode, done.stdout, done.stderr) == (0, "3\n", "")
    done = run(shell, f"{HELPERS}\nprintf '%s' '{json.dumps(REFUSAL)}' | get events")
    # On stderr with a failing status: `A=$(... | get token)` still shows it on the terminal.
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "error: not_your_decision - it is not your turn\n"


@pytest.mark.parametrize("shell", SHELLS)
def test_show_prints_the_refusal(shell):
    done = run(shell, f"{HELPERS}\nprintf '%s' '{json.dumps(REFUSAL)}' | show")
    assert done.stdout == "error: not_your_decision - it is not your turn\n", done.stderr
    assert "Traceback" not in done.stderr
