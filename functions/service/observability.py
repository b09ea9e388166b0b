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
- :func:`invocation` wraps one invocation (HTTP functions get it from
  :class:`service.http.JsonApiResolver`; other handlers use :func:`observed`): correlation
  id, cold-start metric, metrics flush.

Metric names are the constants below; notifications code counts ``NOTIFICATIONS_SENT`` /
``NOTIFICATIONS_FAILED`` with a ``channel`` dimension.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Iterator
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
COLD_STARTS = "ColdStart"
GAMES_ARCHIVED = "GamesArchived"
MALFORMED_PAYLOADS = "MalformedPayloads"  # timers.payloads: dropped, not retried

SERVICE = os.environ.get("POWERTOOLS_SERVICE_NAME", "mtaa")
"""The ``service`` key of every log line, and the parent logger's name: each module logs
through a child, ``Logger(service=SERVICE, child=True)`` (named ``mtaa.<module>``), whose
records go to this logger's handler: one JSON format and the invocation's keys everywhere."""
logger = Logger(service=SERVICE, utc=True)
metrics = Metrics(namespace=NAMESPACE)
_cold = True
_depth = 0
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


@contextlib.contextmanager
def invocation(context: Any, correlation_id: str | None) -> Iterator[None]:
    """One invocation: log keys (correlation id, function, cold start), the cold-start metric,
    and the metrics flush at the end (even when the handler raises)."""
    global _cold, _depth
    if _depth:  # a handler called from another handler (the sweeper calls the idle timer)
        yield
        return
    _depth += 1
    cold, _cold = _cold, False
    function = getattr(context, "function_name", None) or os.environ.get("AWS_LAMBDA_FUNCTION_NAME")
    logger.append_keys(correlation_id=correlation_id, cold_start=cold, function_name=function,
                       function_request_id=getattr(context, "aws_request_id", None))
    if cold:
        metrics.add_metric(name=COLD_STARTS, unit=MetricUnit.Count, value=1)
    try:
        yield
    finally:
        _depth -= 1
        if metrics.metric_set:
            metrics.flush_metrics()
        logger.remove_keys(["correlation_id", "cold_start", "function_name", "function_request_id"])


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

    @functools.wraps(handler)
    def wrapper(event: Any, context: Any) -> Any:
        with invocation(context, event_correlation_id(event)):
            return handler(event, context)

    wrapper.observed = True  # type: ignore[attr-defined]
    return wrapper


from service import snapstart  # noqa: E402,F401  (every function's SnapStart hooks, service/snapstart.py)
