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


_PREFIXES: dict[int, Any] = {}
"""Seed -> a BLAKE2b hasher that has taken ``"{seed}:"`` (a memo: each draw hashes a copy of
it, which gives the digest of the whole text at a part of the cost of hashing it anew)."""
_MAX_PREFIXES = 512
_from_bytes = int.from_bytes

_DECIMALS: list[bytes] = []
"""``_DECIMALS[n]`` is ``b"%d" % n``, the counter's text a draw hashes (a memo: indexing a list
costs a fifth of formatting the number). Grown by :func:`_decimal` on demand, in blocks, up to
:data:`_MAX_DECIMALS` counters (about 50 bytes each); counters past it are formatted."""
_MAX_DECIMALS = 1 << 15
_DECIMALS_BLOCK = 1 << 10


def _decimal(counter: int) -> bytes:
    """``b"%d" % counter``, through :data:`_DECIMALS` (grown to hold ``counter`` when it may)."""
    if 0 <= counter < len(_DECIMALS):
        return _DECIMALS[counter]
    if 0 <= counter < _MAX_DECIMALS:
        end = min(_MAX_DECIMALS, (counter // _DECIMALS_BLOCK + 1) * _DECIMALS_BLOCK)
        _DECIMALS.extend(b"%d" % n for n in range(len(_DECIMALS), end))
        return _DECIMALS[counter]
    return b"%d" % counter


def _prefix(seed: Any) -> Any:
    """The hasher of ``"{seed}:"`` for draws from ``seed`` (kept for int seeds)."""
    base = blake2b(f"{seed}:".encode(), digest_size=8)
    if type(seed) is int:
        if len(_PREFIXES) >= _MAX_PREFIXES:
            _PREFIXES.clear()
        _PREFIXES[seed] = base
    return base


def _next64(state: RandomState) -> int:
    """The next 64-bit draw: BLAKE2b-64 of ``"{seed}:{counter}"`` after bumping the counter,
    big-endian."""
    counter = state.rng_counter = state.rng_counter + 1
    seed = state.seed
    base = _PREFIXES.get(seed) if type(seed) is int else None
    if base is None:
        base = _prefix(seed)
    h = base.copy()
    h.update(_decimal(counter))
    return _from_bytes(h.digest())


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
    # _next64, spelled out (a die or a chance per call: the hottest draw).
    counter = state.rng_counter = state.rng_counter + 1
    seed = state.seed
    base = _PREFIXES.get(seed) if type(seed) is int else None
    if base is None:
        base = _prefix(seed)
    h = base.copy()
    # str(counter).encode() (_decimal, spelled out for a counter the memo holds)
    h.update(_DECIMALS[counter] if 0 <= counter < len(_DECIMALS) else _decimal(counter))
    return _from_bytes(h.digest()) % n


def faces(state: RandomState, count: int, sides: int) -> list[int]:
    """``count`` dice of ``sides`` faces from the seed, no scripting: what :func:`dice` gives
    when no scripted dice wait (``[1 + below(state, sides) for _ in range(count)]``)."""
    if sides < 1 and count > 0:
        raise ValueError("below() needs n >= 1")
    seed = state.seed
    base = _PREFIXES.get(seed) if type(seed) is int else None
    if base is None:
        base = _prefix(seed)
    counter = state.rng_counter
    if count == 2:  # two dice (most games' roll), the loop below spelled out
        decimals = _DECIMALS
        if 0 <= counter < len(decimals) - 2:  # the counters' text from the memo (as _decimal)
            text1, text2 = decimals[counter + 1], decimals[counter + 2]
        else:
            text1, text2 = _decimal(counter + 1), _decimal(counter + 2)
        h = base.copy()
        h.update(text1)
        first = 1 + _from_bytes(h.digest()) % sides
        h = base.copy()
        h.update(text2)
        state.rng_counter = counter + 2
        return [first, 1 + _from_bytes(h.digest()) % sides]
    out = []
    for _ in range(count):
        counter += 1
        h = base.copy()
        h.update(_decimal(counter))
        out.append(1 + _from_bytes(h.digest()) % sides)
    state.rng_counter = counter
    return out


def randint(state: RandomState, stream: str, low: int, high: int) -> int:
    """A uniform integer in ``[low, high]``; a scripted value is clamped into the range."""
    if state.scripted:
        hit, value = _scripted(state, stream)
        if hit:
            return max(low, min(high, int(value)))
    return low + below(state, high - low + 1)


def chance(state: RandomState, stream: str, percent: int) -> bool:
    """True with probability ``percent``/100; a scripted value is taken as a bool."""
    if state.scripted:  # (no scripted stream at all: nothing to look up)
        hit, value = _scripted(state, stream)
        if hit:
            return bool(value)
    return below(state, 100) < percent


def dice(state: RandomState, count: int, sides: int) -> list[int]:
    """``count`` dice of ``sides`` faces (stream ``"dice"``: scripted values are lists)."""
    hit, value = _scripted(state, "dice")
    if hit:
        scripted = [max(1, min(sides, int(v))) for v in value][:count]
        if len(scripted) == count:
            return scripted
    return faces(state, count, sides)


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
