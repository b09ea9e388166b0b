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

from service.errors import Unprocessable

DAY = 86_400
IDLE_TIMEOUT_SECONDS = (60, 7 * DAY)
"""The idle-turn deadline a lobby may set: a minute to a week (Unix seconds)."""
SERVICE_BOUNDS: dict[str, tuple[int, int]] = {"idle_timeout_seconds": IDLE_TIMEOUT_SECONDS}
"""Option name -> (least, most) the service allows a person to set, in every ruleset that has
the option, on top of the ruleset's own bounds."""
MAX_OPTIONS_BYTES = 4000
"""Largest JSON of a table's options."""


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


def check(ruleset: str, options: dict[str, Any], *, deal: bool = True) -> dict[str, Any]:
    """``options`` (a lobby's or a kickoff's) checked: their size (:data:`MAX_OPTIONS_BYTES`),
    the ruleset's ``table_options`` model, the service's bounds (:data:`SERVICE_BOUNDS`) and,
    with ``deal``, the ruleset's own reading of them in a trial deal (what a field's type alone
    cannot say). Returns a copy; raises :class:`Unprocessable` naming the first misfit."""
    from pydantic import ValidationError

    import engine

    if not isinstance(options, dict):
        raise Unprocessable("options must be an object")
    if len(json.dumps(options)) > MAX_OPTIONS_BYTES:
        raise Unprocessable(f"options are limited to {MAX_OPTIONS_BYTES} bytes")
    rs = engine.get_ruleset(ruleset)
    try:
        rs.table_options.model_validate(options)
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
    import engine

    full = engine.get_ruleset(ruleset).table_options.model_json_schema()
    for name, (least, most) in SERVICE_BOUNDS.items():
        field = full.get("properties", {}).get(name)
        if field is None:
            continue
        field["minimum"] = max(least, field.get("minimum", least))
        field["maximum"] = min(most, field.get("maximum", most))
        field.pop("exclusiveMinimum", None)
        field.pop("exclusiveMaximum", None)
    return full
