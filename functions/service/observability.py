"""Logging, metrics and tracing of every function, in one place (Powertools).

- :data:`logger`: Powertools ``Logger`` (JSON lines, ``service`` from ``POWERTOOLS_SERVICE_NAME``)
  with the invocation's ``correlation_id`` (the API request id, the ``x-correlation-id``
  header when a client sends one, or the EventBridge event id / schedule payload of a timer).
- :func:`count`: a CloudWatch metric (embedded metric format, namespace ``Mtaa``), flushed
  at the end of the invocation; with a dimension (``action="roll"``) it is written at once.
- :func:`traced`: an X-Ray subsegment around a pipeline or storage call when SDK tracing is
  on (``POWERTOOLS_TRACE_DISABLED=false`` on Lambda). The X-Ray SDK costs ~300 ms of import,
  so the tracer is created on the first traced call, never at import, and not at all when
  tracing is off.
- :func:`invocation` wraps one invocation in Powertools' ``inject_lambda_context`` and
  ``log_metrics(capture_cold_start_metric=True)`` (HTTP functions get it from
  :class:`service.http.JsonApiResolver`; other handlers use :func:`observed`): correlation
  id and the Lambda context's keys on every log line, the ``ColdStart`` metric, the metrics
  flush.

Metric names are the constants below; notifications code counts ``NOTIFICATIONS_SENT`` /
``NOTIFICATIONS_FAILED`` with a ``channel`` dimension.
"""

from __future__ import annotations

import functools
import os
import warnings
from collections.abc import Callable
from typing import Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit, single_metric

NAMESPACE = os.environ.get("POWERTOOLS_METRICS_NAMESPACE", "Mtaa")

ACTIONS = "ActionsApplied"
VERSION_CONFLICTS = "VersionConflicts"
ACTION_RETRIES = "ActionRetries"
STALE_VERSIONS = "StaleVersions"
UNAVAILABLE = "Unavailable"
PUBLISH_FAILURES = "PublishFailures"
TIMEOUTS_FIRED = "TimeoutsFired"
STALE_TIMERS_IGNORED = "StaleTimersIgnored"
SWEEPER_RECOVERED = "SweeperRecovered"
NOTIFICATIONS_SENT = "NotificationsSent"
NOTIFICATIONS_FAILED = "NotificationsFailed"
COLD_STARTS = "ColdStart"  # by function_name and service, from Powertools' log_metrics
GAMES_ARCHIVED = "GamesArchived"
MALFORMED_PAYLOADS = "MalformedPayloads"  # timers.payloads: dropped, not retried

SERVICE = os.environ.get("POWERTOOLS_SERVICE_NAME", "mtaa")
"""The ``service`` key of every log line, and the parent logger's name: each module logs
through a child, ``Logger(service=SERVICE, child=True)`` (named ``mtaa.<module>``), whose
records go to this logger's handler: one JSON format and the invocation's keys everywhere."""
logger = Logger(service=SERVICE, utc=True)
metrics = Metrics(namespace=NAMESPACE)
# log_metrics warns on every invocation that added no metric (most reads): not a fault here.
warnings.filterwarnings("ignore", message="No application metrics to publish", category=UserWarning)
_depth = 0  # observed invocations running now (see invocation: a nested one runs plain)
_tracer: Any = None


def count(name: str, value: float = 1, **dimension: str) -> None:
    """Add ``value`` to metric ``name`` (a count). One keyword argument adds a dimension
    (``count(ACTIONS, action="roll")``); such a metric is written at once, the others at the
    end of the invocation."""
    if dimension:
        if os.environ.get("POWERTOOLS_METRICS_DISABLED", "").lower() == "true":
            return
        (key, label), = dimension.items()
        with single_metric(name=name, unit=MetricUnit.Count, value=value,
                           namespace=NAMESPACE) as metric:
            metric.add_dimension(name=key, value=str(label))
        return
    metrics.add_metric(name=name, unit=MetricUnit.Count, value=value)


def _tracing_on() -> bool:
    return (os.environ.get("POWERTOOLS_TRACE_DISABLED", "true").lower() == "false"
            and "AWS_LAMBDA_FUNCTION_NAME" in os.environ)


def tracer() -> Any:
    """The process's Powertools ``Tracer`` when SDK tracing is on, else ``None``."""
    global _tracer
    if _tracer is None and _tracing_on():
        # Cold start: the X-Ray tracer loads only when tracing is on.
        from aws_lambda_powertools import Tracer

        _tracer = Tracer()
    return _tracer


def traced(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator: run the function inside an X-Ray subsegment ``name`` (when tracing is on)."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            active = tracer() if _tracing_on() else None
            if active is None:
                return fn(*args, **kwargs)
            with active.provider.in_subsegment(name):
                return fn(*args, **kwargs)

        return wrapper

    return decorate


_KEYS = ["correlation_id", "cold_start", "function_name", "function_memory_size",
         "function_arn", "function_request_id"]
"""The log keys of one invocation (Powertools' ``inject_lambda_context`` and ours)."""


class _Context:
    """The invocation's Lambda context as Powertools' decorators read it (``function_name``,
    ``memory_limit_in_mb``, ``invoked_function_arn``, ``aws_request_id``). A handler called
    without one (tests, scripts) is named after ``AWS_LAMBDA_FUNCTION_NAME``. ``given``: the
    context the handler itself receives (``None`` stays ``None``)."""

    def __init__(self, given: Any) -> None:
        self.given = given
        self.function_name = (getattr(given, "function_name", None)
                              or os.environ.get("AWS_LAMBDA_FUNCTION_NAME") or "UNDEFINED")
        self.memory_limit_in_mb = getattr(given, "memory_limit_in_mb", None) or 128
        self.invoked_function_arn = getattr(given, "invoked_function_arn", None) or "UNDEFINED"
        self.aws_request_id = getattr(given, "aws_request_id", None) or "UNDEFINED"


def invocation(handler: Callable[[Any, Any], Any],
               correlation_id: Callable[[Any], str | None]) -> Callable[[Any, Any], Any]:
    """``handler(event, context)`` as one observed invocation, with Powertools' decorators:
    ``logger.inject_lambda_context`` (the log keys: function, request id, ``cold_start``,
    SnapStart and provisioned concurrency counted as warm) with the ``correlation_id`` of the
    event (``correlation_id(event)``), and ``metrics.log_metrics(capture_cold_start_metric=
    True)`` (the metrics flushed at the end, even when the handler raises; ``ColdStart`` by
    ``function_name`` and ``service``).

    A handler called inside another invocation (an observed handler calling another, or the
    local stack delivering an event in-process) runs plain: the outer invocation's keys stand
    and its metrics are flushed once, at its end (the decorators nested would overwrite the
    keys and flush the outer's metrics early, then warn of an empty flush). The invocation's
    keys are removed when it ends, so nothing logged between invocations carries them."""

    @metrics.log_metrics(capture_cold_start_metric=True)
    @logger.inject_lambda_context(clear_state=True)
    def observed_call(event: Any, context: _Context) -> Any:
        logger.set_correlation_id(correlation_id(event))
        return handler(event, context.given)

    @functools.wraps(handler)
    def wrapper(event: Any, context: Any) -> Any:
        global _depth
        if _depth:
            return handler(event, context)
        _depth += 1
        try:
            return observed_call(event, _Context(context))
        finally:
            _depth -= 1
            logger.remove_keys(_KEYS)

    return wrapper


def event_correlation_id(event: Any) -> str | None:
    """The correlation id of an asynchronous event: the EventBridge event id, the id an SQS
    or destination record carries, or the game and decision of a timer payload."""
    if not isinstance(event, dict):
        return None
    if "id" in event and "detail-type" in event:
        return str(event["id"])
    if "game_id" in event:
        return f"{event['game_id']}:{event.get('decision', '')}"
    return None


def observed(handler: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """Decorator for handlers that are not HTTP routes (timers, bus consumers, workers)."""

    wrapper = invocation(handler, event_correlation_id)
    # A mark on the function object, read by tests/service/test_observability.py.
    wrapper.observed = True  # type: ignore[attr-defined]  # a function's own attribute
    return wrapper


from service import snapstart  # noqa: E402,F401  (every function's SnapStart hooks, service/snapstart.py)
