"""One way to retry a write that lost an optimistic-lock race: reload, redo, a bounded number
of times, with a short pause between tries, then give up with a 503.

Every write of a game or a lobby is conditional on the version it read (PynamoDB's
``VersionAttribute``, AWS-NOTES "PynamoDB 6.x"); when another write got in first the condition
fails and nothing was written, so the caller reloads and tries again (:func:`until_won`). A
try that loses its race raises one of the ``lost`` exceptions (by default
:class:`~service.errors.VersionConflict`; lobbies raise :class:`service.lobbies.LostRace`), or
:class:`Again` when the loss is known without one.

The pipeline's run and amend loops (:mod:`service.pipeline`) keep their own loop: they also
count ``VersionConflicts``/``ActionRetries``, claim the right of way and answer a stale version
with 409.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from service.config import settings
from service.errors import ServiceUnavailable, VersionConflict


class Again(Exception):
    """Raised by a try that lost its race without an exception of its own (another try is
    due); ``pause=False`` when the next try need not wait (nothing raced: the try changed
    what the next one reads)."""

    def __init__(self, pause: bool = True) -> None:
        super().__init__("try again")
        self.pause = pause


def stepped(step: float) -> Callable[[int], float]:
    """A pause growing by ``step`` seconds a try: ``step``, 2 ``step``, 3 ``step``..."""
    return lambda attempt: step * (attempt + 1)


def fixed(seconds: float) -> Callable[[int], float]:
    """The same pause after every lost try."""
    return lambda attempt: seconds


SHORT = stepped(0.005)
"""The default pause: 5, 10, 15... ms (a lost race is a write that landed milliseconds ago)."""


def until_won[T](attempt: Callable[[int], T], *, busy: ServiceUnavailable, tries: int | None = None,
                 lost: tuple[type[BaseException], ...] = (VersionConflict,),
                 pause: Callable[[int], float] | None = None) -> T:
    """``attempt(n)`` for n = 0, 1, ... until one returns (what it returns is the answer).

    A try that raises one of ``lost`` or :class:`Again` lost its race: after ``pause(n)``
    seconds (default 5 ms times the try's number, :data:`SHORT`; none for
    ``Again(pause=False)``) the next try runs. ``tries``: at most this many
    (default ``MAX_ACTION_RETRIES`` + 1, :func:`service.config.settings`); when all are lost,
    ``busy`` is raised (a :class:`~service.errors.ServiceUnavailable`: 503, "try again").
    Any other exception of a try ends it at once (a refusal changes nothing to retry)."""
    pause = pause or SHORT
    if tries is None:
        tries = settings().max_action_retries + 1
    for n in range(tries):
        try:
            return attempt(n)
        except Again as again:
            if again.pause:
                time.sleep(pause(n))
        except lost:
            time.sleep(pause(n))
    raise busy
