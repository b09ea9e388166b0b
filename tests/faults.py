"""Fault injection at the boto3 layer, below botocore's retry handler.

:class:`Faults` patches ``botocore.endpoint.Endpoint._do_get_response`` (the single place
where a botocore client sends one HTTP attempt; moto answers there too), so an injected fault
is seen by the SDK exactly like an error from AWS: botocore's retry policy retries it or gives
up, and PynamoDB and the service map what is left. Every client of the process is affected,
PynamoDB's included, however it was created.

A fault matches a service (``"dynamodb"``, ``"scheduler"``, ...) and operation
(``"TransactWriteItems"``), optionally a predicate on the request body, and fires ``times``
times (``None``: for ever). It either answers an AWS error (``code``, HTTP ``status``) without
reaching moto, or (``after_apply=True``) lets moto apply the request and then loses the answer,
as a timeout after the commit would.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from botocore.awsrequest import AWSResponse
from botocore.endpoint import Endpoint


class _Raw(io.BytesIO):
    def stream(self, **_: Any):
        yield self.getvalue()


@dataclass
class Fault:
    service: str
    operation: str
    code: str
    status: int
    times: int | None = 1
    after_apply: bool = False
    when: Callable[[dict[str, Any]], bool] | None = None
    extra: dict[str, Any] | None = None
    fired: int = 0

    def matches(self, service: str, operation: str, body: dict[str, Any]) -> bool:
        if self.times is not None and self.fired >= self.times:
            return False
        if (service, operation) != (self.service, self.operation):
            return False
        return self.when is None or bool(self.when(body))


@dataclass
class Faults:
    """The faults in force, and every attempt seen (``(service, operation)``)."""

    faults: list[Fault] = field(default_factory=list)
    attempts: list[tuple[str, str]] = field(default_factory=list)

    def fail(self, service: str, operation: str, code: str, status: int = 400, *,
             times: int | None = 1, after_apply: bool = False,
             when: Callable[[dict[str, Any]], bool] | None = None,
             extra: dict[str, Any] | None = None) -> Fault:
        """Answer ``code`` to the next ``times`` matching attempts (``extra``: more fields of
        the error body, e.g. ``CancellationReasons``)."""
        fault = Fault(service, operation, code, status, times, after_apply, when, extra)
        self.faults.append(fault)
        return fault

    def count(self, service: str, operation: str) -> int:
        """How many attempts of ``operation`` were sent (retries included)."""
        return self.attempts.count((service, operation))

    def _find(self, service: str, operation: str, request: Any) -> Fault | None:
        self.attempts.append((service, operation))
        body: dict[str, Any] = {}
        if request.body:
            try:
                body = json.loads(request.body)
            except (ValueError, TypeError):
                body = {}
        for fault in self.faults:
            if fault.matches(service, operation, body):
                fault.fired += 1
                return fault
        return None


def _error_response(request: Any, fault: Fault) -> AWSResponse:
    body = json.dumps({"__type": fault.code, "message": f"injected {fault.code}",
                       "Message": f"injected {fault.code}", **(fault.extra or {})}).encode()
    headers = {"x-amzn-ErrorType": fault.code, "x-amzn-RequestId": "injected",
               "content-type": "application/x-amz-json-1.0"}
    return AWSResponse(request.url, fault.status, headers, _Raw(body))


class _Answering:
    """The endpoint's event emitter, except that ``before-send`` of one operation answers
    ``response`` without calling any handler (moto's included: nothing is applied)."""

    def __init__(self, inner: Any, event: str, response: AWSResponse):
        self._inner, self._event, self._response = inner, event, response

    def emit(self, event_name: str, **kwargs: Any) -> list[tuple[Any, Any]]:
        if event_name == self._event:
            return [(None, self._response)]
        return self._inner.emit(event_name, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def install(monkeypatch: Any) -> Faults:
    """Patch botocore for the current test (``monkeypatch`` undoes it); returns the plan."""
    plan = Faults()
    original = Endpoint._do_get_response

    def _do_get_response(self: Endpoint, request: Any, operation_model: Any, context: Any):
        service = operation_model.service_model.endpoint_prefix
        fault = plan._find(service, operation_model.name, request)
        if fault is None:
            return original(self, request, operation_model, context)
        if fault.after_apply:
            original(self, request, operation_model, context)
        service_id = operation_model.service_model.service_id.hyphenize()
        emitter = self._event_emitter
        self._event_emitter = _Answering(emitter, f"before-send.{service_id}.{operation_model.name}",
                                         _error_response(request, fault))
        try:
            return original(self, request, operation_model, context)
        finally:
            self._event_emitter = emitter

    monkeypatch.setattr(Endpoint, "_do_get_response", _do_get_response)
    return plan
