"""Account erasure: the request's cost, and the fan-out's cost per table.

For an account seated in many games, each with chat quoting its handle (in process, against
moto, as the handler tests run).

The fan-out's Lambda has 900 seconds and hands over to a fresh invocation a minute before its
end, so the figure per table says how many tables one invocation anonymises (DynamoDB answers
in milliseconds; moto in process is slower, so these figures are an upper bound).
"""

from __future__ import annotations

import os
import secrets
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TABLES = 20


SMOKE = {"tables": 2}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(tables: int = TABLES) -> None:
    sys.path[:0] = [str(ROOT / "layers/engine"), str(ROOT / "functions")]
    from local.aws import provision, serialize_dynamodb_writes, set_fake_credentials
    from local.stack import LOCAL_PARAMETERS
    from local.template import LocalTemplate

    set_fake_credentials()
    os.environ.pop("AWS_ENDPOINT_URL", None)
    template = LocalTemplate(parameters=LOCAL_PARAMETERS)
    os.environ.update(template.global_environment())
    from moto import mock_aws

    serialize_dynamodb_writes()
    with mock_aws():
        provision(template)
        _run(tables)


def _run(tables: int) -> None:
    import botocore.client

    from service import accounts, chat, erasure, kickoff, lobbies

    erased = accounts.create_account("b" + secrets.token_hex(6))
    for n in range(tables):
        other = accounts.create_account("o" + secrets.token_hex(6))
        lobby = lobbies.create(other.account_id, "mtaani", 2, None, False, False)
        lobbies.invite(lobby.lobby_id, other.account_id, erased.handle, "player")
        lobbies.join(lobby.lobby_id, erased.account_id, None, None)
        kickoff.start(lobby.lobby_id, other.account_id, None)
        chat.post(lobby.lobby_id, other.account_id, f"your move, {erased.handle} ({n})")
        chat.post(lobby.lobby_id, erased.account_id, "coming")
    caller = accounts.Account(erased.account_id, erased.handle)

    calls = {"n": 0}
    original = botocore.client.BaseClient._make_api_call

    def counted(self, operation, params):
        if self.meta.service_model.service_name == "dynamodb":
            calls["n"] += 1
        return original(self, operation, params)

    botocore.client.BaseClient._make_api_call = counted
    try:
        began = time.perf_counter()
        erasure.delete_account(caller, erased.handle)
        request_seconds, request_calls = time.perf_counter() - began, calls["n"]
        calls["n"] = 0
        began = time.perf_counter()
        result = erasure.run(erased.account_id)
        fan_out_seconds = time.perf_counter() - began
    finally:
        botocore.client.BaseClient._make_api_call = original
    assert result["done"] and result["tables"] == tables, result
    per_table = fan_out_seconds / tables
    print(f"  request (DELETE /account): {request_seconds * 1000:7.1f} ms, "
          f"{request_calls} DynamoDB calls ({tables} chat messages of its own erased)")
    print(f"  fan-out: {tables} tables in {fan_out_seconds:6.2f} s: {per_table * 1000:6.1f} ms "
          f"and {calls['n'] / tables:4.1f} DynamoDB calls per table")
    print(f"  one 900 s invocation anonymises about {int(840 / per_table)} tables here "
          f"(load average {os.getloadavg()[0]:.1f})")
