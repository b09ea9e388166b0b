"""Publishing domain events to the EventBridge bus (source ``mtaa.games``).

Consumers (timers, notifications, erasure) subscribe through rules in template.yaml; locally
the stack delivers them to the same handlers (moto's EventBridge does not invoke Lambdas).
"""

from __future__ import annotations

import json
from typing import Any

from service.clients import client
from service.config import settings

SOURCE = "mtaa.games"


def publish(detail_type: str, detail: dict[str, Any], source: str = SOURCE) -> None:
    """Put one event on the bus."""
    publish_many([(detail_type, detail)], source)


def publish_many(items: list[tuple[str, dict[str, Any]]], source: str = SOURCE) -> None:
    """Put events on the bus, ten per call (the PutEvents limit). Failures raise."""
    bus = settings().event_bus
    entries = [
        {"Source": source, "DetailType": kind, "Detail": json.dumps(detail, separators=(",", ":")),
         "EventBusName": bus}
        for kind, detail in items
    ]
    events = client("events")
    for start in range(0, len(entries), 10):
        response = events.put_events(Entries=entries[start : start + 10])
        if response.get("FailedEntryCount"):
            raise RuntimeError(f"EventBridge refused {response['FailedEntryCount']} events")
