"""A game's guide in prose, from its ``data/guide.toml``: the one way every game writes the
rules pages (``GET /rulesets/{name}/guide``'s ``prose``).

A game's ``guide.toml`` holds ``[[sections]]`` in reading order, each ``{id, title, text:
[paragraph, ...], items: [item, ...], example: [paragraph, ...], when?}``; an item is a string
or ``{text, when}``; ``example`` is a worked example with figures (the page shows it as one). Every
number in the words is a placeholder filled from the game's own data, so a changed number in
data changes the page:

- ``{path.to.value}``: the value (whole numbers with thousands commas: ``400,000``);
- ``{money:path}``: an amount in the game's money (the game passes how it writes one:
  ``400,000 SFR``, ``50M``, ``M37.7M``);
- ``{percent:path}``: ``35%``;
- ``{duration:path}``: seconds in words (``1 day``, ``12 hours``, ``36 minutes``, ``50 seconds``,
  as the web client's ``duration``).

``when = "path"`` keeps a section or an item only while that value is true, ``when = "path ==
value"`` only while it equals ``value``, so a ruleset without a feature does not describe it.
A section with ``insert = true`` and no words is a place holder for a section the game builds
in code (the fair-play section of :func:`engine.verify.guide_section`): it is replaced by the
section of that id the game passes, or left out.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

PLACEHOLDER = re.compile(r"\{(?:(money|percent|duration):)?([a-z0-9_.]+)\}")
"""A placeholder in a guide's words: ``{path}`` or ``{kind:path}``."""


@cache
def load(package: str, path: str = "data/guide.toml") -> dict[str, Any]:
    """The guide text of ``package`` (``"engine.mulodi"``), read once per process."""
    return tomllib.loads(resources.files(package).joinpath(path).read_text())


def lookup(values: Mapping[str, Any], path: str) -> Any:
    """The value at dotted ``path`` in ``values``; :class:`KeyError` naming the path when the
    data has no such value (a misspelt placeholder fails loudly, never prints blank)."""
    value: Any = values
    for part in path.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, (list, tuple)) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise KeyError(f"guide.toml names {path!r}, which the data does not have")
    return value


def holds(values: Mapping[str, Any], when: str | None) -> bool:
    """Whether ``when`` (``"path"`` or ``"path == value"``) holds for these values."""
    if not when:
        return True
    path, _, expected = (part.strip() for part in when.partition("=="))
    value = lookup(values, path)
    return str(value) == expected if expected else bool(value)


def duration(seconds: int) -> str:
    """Seconds in words, in the largest whole unit: ``86400 -> "1 day"``, ``2160 -> "36
    minutes"``, ``50 -> "50 seconds"``."""
    for unit, size in (("day", 86_400), ("hour", 3_600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            n = seconds // size
            return f"{n:,} {unit}{'' if n == 1 else 's'}"
    return f"{seconds:,} second{'' if seconds == 1 else 's'}"


def _shown(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


def fill(text: str, values: Mapping[str, Any], money: Callable[[Any], str]) -> str:
    """``text`` with every placeholder replaced from ``values`` (``money`` writes an amount)."""
    def one(match: re.Match[str]) -> str:
        kind, path = match.groups()
        value = lookup(values, path)
        if kind == "money":
            return money(value)
        if kind == "percent":
            return f"{_shown(value)}%"
        if kind == "duration":
            return duration(int(value))
        return _shown(value)
    return PLACEHOLDER.sub(one, text)


def sections(text: Mapping[str, Any], values: Mapping[str, Any], money: Callable[[Any], str],
             inserts: Mapping[str, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The guide's sections (``[{id, title, text: [...], items: [...], example: [...]}]``, in the order of
    ``text["sections"]``) filled from ``values``; a section whose ``when`` does not hold is
    left out, as is an item. ``inserts``: sections built in code, by id, put where the text
    has an ``insert = true`` section of that id (at the end when the text has no place for
    them)."""
    inserts = dict(inserts or {})
    out = []
    for section in text["sections"]:
        if not holds(values, section.get("when")):
            continue
        if section.get("insert"):
            if section["id"] in inserts:
                out.append({"example": [], **inserts.pop(section["id"])})
            continue
        items = []
        for item in section.get("items", []):
            words, when = (item, None) if isinstance(item, str) else (item["text"], item.get("when"))
            if holds(values, when):
                items.append(fill(words, values, money))
        out.append({"id": section["id"], "title": fill(section["title"], values, money),
                    "text": [fill(t, values, money) for t in section.get("text", [])],
                    "items": items,
                    "example": [fill(t, values, money) for t in section.get("example", [])]})
    out.extend({"example": [], **section} for section in inserts.values())
    return out
