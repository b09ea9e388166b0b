"""Scheduled daily (template.yaml ``ArchiveFunction``): moves games finished more than
``ARCHIVE_AFTER_DAYS`` ago out of the hot tables into the archive (:mod:`service.archive`),
at most :data:`MAX_GAMES_PER_RUN` per run (the next run continues)."""

from __future__ import annotations

import time

from service import observability, pipeline
from service.storage import ARCHIVE_DEADLINE

MAX_GAMES_PER_RUN = 200


def archive_due(now: float | None = None, limit: int = MAX_GAMES_PER_RUN) -> dict:
    """Archive every finished game whose archive date is before ``now``; returns counts."""
    now = time.time() if now is None else now
    store = pipeline.default_store()
    due = store.overdue(int(now), limit=limit, kind=ARCHIVE_DEADLINE)
    archived = sum(1 for game_id in due if store.archive(game_id))
    if archived:
        observability.count(observability.GAMES_ARCHIVED, archived)
    return {"due": len(due), "archived": archived}


@observability.observed
def handler(event, context):
    return archive_due()
