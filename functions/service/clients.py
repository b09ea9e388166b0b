"""boto3 clients of this process, created once and shared, with one retry and timeout policy.

Every AWS call the service makes through boto3 goes through :func:`client`; PynamoDB's
clients get the same policy from :mod:`service.pynamodb_settings` (``PYNAMODB_CONFIG``).
The policy: botocore's ``standard`` retry mode (exponential backoff with jitter; retries
throttling errors such as ``ThrottlingException`` and ``ProvisionedThroughputExceededException``,
5xx answers and connection errors) with :data:`MAX_ATTEMPTS` attempts in all, and short
connect/read timeouts so that a call which cannot complete fails well inside the Lambda
timeout (10 s) and the request answers 503 instead of timing out.
"""

from __future__ import annotations

from typing import Any

from service import snapstart
from service.config import settings

MAX_ATTEMPTS = 3
"""Attempts per call, the first included (standard mode: random backoff of up to 1 s, then 2 s).
With the timeouts below, a call gives up within about 10 s at worst."""
CONNECT_TIMEOUT_SECONDS = 1.0
# The read timeout is MTAA_SDK_READ_TIMEOUT (service.config: default 2 s).

_clients: dict[str, Any] = {}


def sdk_config():
    """The botocore ``Config`` of every boto3 client of the service."""
    # Cold start: boto3 loads when the first client is made, not at import.
    from botocore.config import Config

    return Config(retries={"mode": "standard", "total_max_attempts": MAX_ATTEMPTS},
                  connect_timeout=CONNECT_TIMEOUT_SECONDS,
                  read_timeout=settings().sdk_read_timeout)


def client(service: str):
    """The process's boto3 client of ``service`` (``"events"``, ``"scheduler"``, ...)."""
    found = _clients.get(service)
    if found is None:
        # Cold start: boto3 loads when the first client is made, not at import.
        import boto3

        found = _clients[service] = boto3.client(service, config=sdk_config())
    return found


def reset() -> None:
    """Forget the clients (tests that change the endpoint or credentials; a SnapStart
    restore)."""
    _clients.clear()


snapstart.on_restore(reset)
