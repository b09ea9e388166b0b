"""Table names: what a table (a lobby and the game it starts) is called on dashboards, in
notifications and on the player's page.

The owner may name a lobby (``POST /lobbies``, ``PATCH /lobbies/{id}``: ``name``), checked by
:func:`check_name`. A table without a name of its own is called by :func:`table_name`'s
default, "Mtaani with Chebet and Otieno #3": the game, the others seated (the owner's
table, so the owner is left out) and the owner's count of tables of that game, numbered at
creation (:func:`next_number`). The default is made when it is shown, from the seats as they
are then, so an erased account's handle never stays in it (its seat's anonymous name does).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field
from pynamodb.attributes import NumberAttribute
from pynamodb.exceptions import PynamoDBException, UpdateError

import engine
from service.accounts import AccountRecord
from service.errors import ServiceUnavailable, Unprocessable

NAME_MAX_CHARS = 60
"""The longest table name (characters, after trimming spaces)."""

_REFUSED = ((0x00, 0x1F), (0x7F, 0x9F), (0xAD, 0xAD), (0x600, 0x605), (0x61C, 0x61C),
            (0x6DD, 0x6DD), (0x70F, 0x70F), (0x890, 0x891), (0x8E2, 0x8E2), (0x180E, 0x180E),
            (0x200B, 0x200F), (0x2028, 0x202E), (0x2060, 0x2064), (0x2066, 0x206F),
            (0xD800, 0xDFFF), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB), (0x110BD, 0x110BD),
            (0x110CD, 0x110CD), (0x13430, 0x1343F), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
            (0xE0001, 0xE0001), (0xE0020, 0xE007F))
"""The characters a table name cannot hold (inclusive code point ranges): Unicode's control,
format and surrogate characters and its line and paragraph separators (categories Cc, Cf, Cs,
Zl, Zp as of Unicode 15.1, Python 3.13's): newlines, tabs, zero-width characters, bidirectional
overrides. Tested against ``unicodedata``."""


def _class_char(point: int) -> str:
    # \uXXXX reads the same in Python's re and in JSON Schema's (ECMA) patterns; a character
    # beyond the BMP is written as itself (ECMA has no \U escape).
    return f"\\u{point:04x}" if point <= 0xFFFF else chr(point)


_REFUSED_CLASS = "".join(_class_char(a) + (f"-{_class_char(b)}" if b > a else "")
                         for a, b in _REFUSED)
NAME_PATTERN = f"^[^{_REFUSED_CLASS}]*$"
"""The ``pattern`` of a table name in the API's document (what :func:`check_name` allows)."""
_REFUSED_RE = re.compile(f"[{_REFUSED_CLASS}]")


def check_name(name: str | None) -> str | None:
    """``name`` trimmed, or ``None`` for ``None`` or an empty name (the default is used then).

    Raises :class:`Unprocessable` for a name longer than :data:`NAME_MAX_CHARS` or one holding
    a character of :data:`_REFUSED` (control and format characters)."""
    if name is None:
        return None
    name = name.strip()
    if not name:
        return None
    if len(name) > NAME_MAX_CHARS:
        raise Unprocessable(f"a table name has at most {NAME_MAX_CHARS} characters")
    refused = _REFUSED_RE.search(name)
    if refused:
        raise Unprocessable("a table name cannot hold control characters "
                            f"(U+{ord(refused.group()):04X})")
    return name


def _with_pattern(schema: dict) -> None:
    for branch in schema.get("anyOf", [schema]):
        if branch.get("type") == "string":
            branch["pattern"] = NAME_PATTERN


def name_field(description: str):
    """The ``name`` field of a lobby request (create, update): at most
    :data:`NAME_MAX_CHARS` characters and :data:`NAME_PATTERN` in the document, checked by
    :func:`check_name`."""
    return Field(None, max_length=NAME_MAX_CHARS,
                 json_schema_extra=_with_pattern,
                 description=(f"the table's name (at most {NAME_MAX_CHARS} characters, no "
                              f"control or format characters; {description})"))


def _joined(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def table_name(ruleset: str, seats: list[str], owner: str | None, names: dict[str, str],
               custom: str | None, number: int | None) -> str:
    """The name a table is shown with: ``custom`` (the owner's) when set, else
    "<game> with <the others seated> #<number>" (``seats``: account or bot ids in seat order,
    ``""`` for an empty seat; ``names``: display names by id; the owner left out; "#n" left out
    for a table numbered before names existed). ``ruleset``: the table's ruleset (its game's
    ``game_title`` is used: a Mtaani classic table is a Mtaani table)."""
    if custom:
        return custom
    title = engine.get_ruleset(ruleset).game_title
    others = [names.get(a, a) for a in seats if a and a != owner]
    text = f"{title} with {_joined(others)}" if others else title
    return f"{text} #{int(number)}" if number else text


def next_number(owner: str, ruleset: str) -> int:
    """The number of ``owner``'s next table of ``ruleset``'s game (1 for the first): one
    atomic counter per account and game on the account item (``tables_<game>``; erased with the
    account). Bots and unknown owners get 1 without a count."""
    if not owner.startswith("acc_"):
        return 1
    attribute = f"tables_{engine.game_of(ruleset)}"
    counter = NumberAttribute(attr_name=attribute)
    try:
        answer = AccountRecord._get_connection().update_item(
            owner, actions=[counter.add(1)], condition=AccountRecord.account_id.exists(),
            return_values="UPDATED_NEW")
    except UpdateError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return 1
        raise ServiceUnavailable("could not number the table; try again") from exc
    except PynamoDBException as exc:
        raise ServiceUnavailable("could not number the table; try again") from exc
    return int(answer["Attributes"][attribute]["N"])


def shown(record: Any, seats: list[str], names: dict[str, str]) -> str:
    """:func:`table_name` of a stored lobby or game (``name``, ``number``, ``owner``,
    ``ruleset`` attributes) with ``seats`` as they are."""
    return table_name(record.ruleset, seats, record.owner, names,
                      getattr(record, "name", None), getattr(record, "number", None))
