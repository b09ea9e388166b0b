"""Table options, checked in one place whatever field they come in.

A table's options reach the service three ways: a lobby's own settings fields (its
``idle_timeout_seconds``), the ``options`` of a lobby's creation or update, and the ``options``
of its kickoff. All three are held to the same bounds here: the ruleset's ``table_options``
model (what the engine takes) and, over it, :data:`SERVICE_BOUNDS`, the floors and ceilings the
service enforces for what a person sets, whatever the game (an idle turn of a second would hand
an invitee's seat to a bot before they could look, and let an unattended table spin).

The deployment's own default (``DEFAULT_IDLE_TIMEOUT_SECONDS``, filled in at kickoff when a
lobby sets none) is the operator's, not a player's, and is not held to these bounds (the local
stack's tests run with 2 s); the engine's models take it for that reason.

:func:`schema` is what clients are told: the ruleset's JSON Schema with the service's bounds
(the guide's ``table_options``, ``/openapi.json``).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ValidationError

import engine
from service.errors import Unprocessable

DAY = 86_400
IDLE_TIMEOUT_SECONDS = (60, 7 * DAY)
"""The idle-turn deadline a lobby may set: a minute to a week (Unix seconds)."""
SERVICE_BOUNDS: dict[str, tuple[int, int]] = {"idle_timeout_seconds": IDLE_TIMEOUT_SECONDS}
"""Option name -> (least, most) the service allows a person to set, in every ruleset that has
the option, on top of the ruleset's own bounds."""
MAX_OPTIONS_BYTES = 4000
"""Largest JSON of a table's options."""

HOUR, MINUTE, WEEK = 3_600, 60, 7 * DAY
PACES: dict[str, dict[str, Any]] = {
    "live": {
        "says": "Everyone at the table at once: a turn waits 5 minutes, an answer a minute, "
                "a Jiji auction 50 seconds, a Jiji deal 5 minutes and a Jiji clock table an hour "
                "(the rulebooks' times).",
        "mtaani": {"idle_timeout_seconds": 5 * MINUTE},
        "mulodi": {"idle_timeout_seconds": 5 * MINUTE, "response_window_seconds": MINUTE},
        "jiji": {"idle_timeout_seconds": 5 * MINUTE, "auction_seconds": 50,
                 "deal_seconds": 5 * MINUTE, "clock_seconds": HOUR},
    },
    "daily": {
        "says": "Look in once or twice a day: a turn and an answer wait a day, a Jiji auction "
                "12 hours, a Jiji deal a day and a Jiji clock table two weeks.",
        "mtaani": {"idle_timeout_seconds": DAY},
        "mulodi": {"idle_timeout_seconds": DAY, "response_window_seconds": DAY},
        "jiji": {"idle_timeout_seconds": DAY, "auction_seconds": 12 * HOUR,
                 "deal_seconds": DAY, "clock_seconds": 14 * DAY},
    },
    "weekly": {
        "says": "Look in a few times a week: a turn waits a week, an answer, a Jiji auction "
                "and a Jiji deal 3 days and a Jiji clock table ten weeks.",
        "mtaani": {"idle_timeout_seconds": WEEK},
        "mulodi": {"idle_timeout_seconds": WEEK, "response_window_seconds": 3 * DAY},
        "jiji": {"idle_timeout_seconds": WEEK, "auction_seconds": 3 * DAY,
                 "deal_seconds": 3 * DAY, "clock_seconds": 70 * DAY},
    },
}
"""The lobby's paces: each sets every deadline of a game's table together (idle turns,
response windows, auction windows, deal expiry, the game clock), with ``says``, what the pace
means in words. Given as ``options.pace``; any deadline given beside it is kept as given."""


def pace(ruleset: str, name: str) -> dict[str, int]:
    """The deadlines (option -> seconds) pace ``name`` sets on a table of ``ruleset``; raises
    :class:`Unprocessable` for an unknown pace."""
    if name not in PACES:
        raise Unprocessable(f"options.pace must be one of {', '.join(PACES)}")
    paced = PACES[name].get(engine.game_of(ruleset))
    if paced is None:
        raise Unprocessable("this game has no paces: set its deadlines one by one")
    return dict(paced)


def with_pace(ruleset: str, options: dict[str, Any] | None,
              idle_timeout: int | None = None) -> dict[str, Any] | None:
    """``options`` with its ``pace`` (if any) replaced by the pace's deadlines
    (:data:`PACES`), under any deadline given beside it (``idle_timeout``: the lobby's own
    field, when given, keeps the idle turn's)."""
    if not isinstance(options, dict) or "pace" not in options:
        return options
    rest = {k: v for k, v in options.items() if k != "pace"}
    if not isinstance(options["pace"], str):
        raise Unprocessable(f"options.pace must be one of {', '.join(PACES)}")
    paced = pace(ruleset, options["pace"])
    if idle_timeout is not None:
        paced.pop("idle_timeout_seconds", None)
    return {**paced, **rest}


def pace_of(ruleset: str, options: dict[str, Any], idle_timeout: int | None) -> str | None:
    """The pace whose deadlines a table's ``options`` (and lobby ``idle_timeout``) all have,
    or ``None`` (custom values)."""
    given = {**options, **({"idle_timeout_seconds": idle_timeout} if idle_timeout else {})}
    game = engine.game_of(ruleset)
    for name, paces in PACES.items():
        if game in paces and all(given.get(k) == v for k, v in paces[game].items()):
            return name
    return None


def check_bounds(name: str, value: Any, where: str = "") -> None:
    """Refuse (:class:`Unprocessable`, naming ``where`` + ``name``) an integer ``value`` of a
    bounded option (:data:`SERVICE_BOUNDS`) outside its bounds; other values are the ruleset's
    to judge."""
    bounds = SERVICE_BOUNDS.get(name)
    if bounds is None or isinstance(value, bool) or not isinstance(value, int):
        return
    least, most = bounds
    if not least <= value <= most:
        raise Unprocessable(f"{where}{name} must be {least} to {most}")


class NoOptions(BaseModel):
    """The options model of a ruleset that declares none (``Ruleset.table_options`` is
    ``None``): no fields of its own; the service's bounds still apply."""


def model(ruleset: str) -> type[BaseModel]:
    """``ruleset``'s table options model (``Ruleset.table_options``; :class:`NoOptions` when
    it has none). Raises ``engine.UnknownRuleset``."""
    return engine.get_ruleset(ruleset).table_options or NoOptions


def check(ruleset: str, options: dict[str, Any], *, deal: bool = True) -> dict[str, Any]:
    """``options`` (a lobby's or a kickoff's) checked: their size (:data:`MAX_OPTIONS_BYTES`),
    the ruleset's ``table_options`` model, the service's bounds (:data:`SERVICE_BOUNDS`) and,
    with ``deal``, the ruleset's own reading of them in a trial deal (what a field's type alone
    cannot say). Returns a copy; raises :class:`Unprocessable` naming the first misfit."""
    if not isinstance(options, dict):
        raise Unprocessable("options must be an object")
    if len(json.dumps(options)) > MAX_OPTIONS_BYTES:
        raise Unprocessable(f"options are limited to {MAX_OPTIONS_BYTES} bytes")
    rs = engine.get_ruleset(ruleset)
    try:
        model(ruleset).model_validate(options)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "options"
        raise Unprocessable(f"options.{where}: {first.get('msg')}") from None
    for name, value in options.items():
        check_bounds(name, value, "options.")
    if deal:
        try:
            engine.new_game(ruleset, [f"p{i}" for i in range(rs.min_players)], 0, dict(options))
        except engine.EngineError as exc:
            raise Unprocessable(exc.message) from None
    return dict(options)


def schema(ruleset: str) -> dict[str, Any]:
    """The JSON Schema of ``ruleset``'s table options as the service takes them: the model's,
    with each bounded option's ``minimum`` and ``maximum`` those of :data:`SERVICE_BOUNDS`
    (never looser than the model's own)."""
    full = model(ruleset).model_json_schema()
    game = engine.game_of(ruleset)
    if all(game in p for p in PACES.values()):  # (a game the table does not list has no paces)
        full.setdefault("properties", {})["pace"] = {
            "type": "string", "enum": list(PACES),
            "description": "sets every deadline together (any given beside it is kept): "
                           + " ".join(f"{name}: {p['says']}" for name, p in PACES.items()),
            "x-deadlines": {name: p[game] for name, p in PACES.items()},
            "x-says": {name: p["says"] for name, p in PACES.items()}}
    for name, (least, most) in SERVICE_BOUNDS.items():
        field = full.get("properties", {}).get(name)
        if field is None:
            continue
        field["minimum"] = max(least, field.get("minimum", least))
        field["maximum"] = min(most, field.get("maximum", most))
        field.pop("exclusiveMinimum", None)
        field.pop("exclusiveMaximum", None)
    return full
