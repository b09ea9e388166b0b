"""Seeded, counter-based randomness carried in the game state.

Every draw hashes ``(seed, counter)`` with BLAKE2b and bumps ``state.rng_counter``, so a game
replays identically from its seed and its actions, on any machine and Python version, with no
global random source. A state may also carry *scripted* outcomes (``state.scripted``: stream
name -> queue of values) for tests, demos and bug reports; each draw on a stream takes the next
scripted value first and falls back to the seed when the queue is empty.

The state object must have ``seed: int``, ``rng_counter: int`` and
``scripted: dict[str, list]`` attributes.
"""

from __future__ import annotations

from hashlib import blake2b
from typing import Any, Protocol


class RandomState(Protocol):
    seed: int
    rng_counter: int
    scripted: dict[str, list[Any]]


def _next64(state: RandomState) -> int:
    state.rng_counter += 1
    digest = blake2b(f"{state.seed}:{state.rng_counter}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def _scripted(state: RandomState, stream: str) -> tuple[bool, Any]:
    queue = state.scripted.get(stream)
    if queue:
        value = queue.pop(0)
        if not queue:
            del state.scripted[stream]
        return True, value
    return False, None


def below(state: RandomState, n: int) -> int:
    """A uniform integer in ``[0, n)`` from the seed (no scripting). ``n`` must be >= 1."""
    if n < 1:
        raise ValueError("below() needs n >= 1")
    return _next64(state) % n


def randint(state: RandomState, stream: str, low: int, high: int) -> int:
    """A uniform integer in ``[low, high]``; a scripted value is clamped into the range."""
    hit, value = _scripted(state, stream)
    if hit:
        return max(low, min(high, int(value)))
    return low + below(state, high - low + 1)


def chance(state: RandomState, stream: str, percent: int) -> bool:
    """True with probability ``percent``/100; a scripted value is taken as a bool."""
    hit, value = _scripted(state, stream)
    if hit:
        return bool(value)
    return below(state, 100) < percent


def dice(state: RandomState, count: int, sides: int) -> list[int]:
    """``count`` dice of ``sides`` faces (stream ``"dice"``: scripted values are lists)."""
    hit, value = _scripted(state, "dice")
    if hit:
        faces = [max(1, min(sides, int(v))) for v in value][:count]
        if len(faces) == count:
            return faces
    return [1 + below(state, sides) for _ in range(count)]


def pick(state: RandomState, stream: str, options: list[Any]) -> Any:
    """One of ``options``; a scripted value is used when it is one of the options."""
    hit, value = _scripted(state, stream)
    if hit and value in options:
        return value
    return options[below(state, len(options))]


def shuffled(state: RandomState, items: list[Any]) -> list[Any]:
    """A Fisher-Yates shuffle of a copy of ``items`` from the seed."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return out
