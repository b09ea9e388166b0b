"""The game guide as data (``GET /rulesets/{name}/guide``): the ruleset's own guide
(``Ruleset.guide()``, generated from its data files, so every number matches the build) plus
what every guide carries::

    {..., "ruleset", "title", "game", "game_title", "min_players", "max_players",
     "table_options": the JSON Schema of the options a lobby of this ruleset takes, with the
                      bounds the service enforces (service.table_options.schema),
     "rulesets": [names of every ruleset],
     "ruleset_titles": {name: readable title, e.g. "Mtaani (current rules)"},
     "ruleset_games": {name: its game (whose moves share one route prefix and one screen)},
     "game_summaries": {game: {"title": its readable name, "summary": one sentence}}}

and, after the game's own prose sections, the service's section on ratings
(``service.ratings.guide_section``: how a rating moves, what makes a table unrated).

``ruleset_titles`` is the one place clients read a ruleset's readable name from (the titles in
the rules files), so a ruleset id never has to be shown.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import engine
from service import table_options
from service.errors import NotFound


def ruleset_titles() -> dict[str, str]:
    """Every ruleset's readable title by name (the name itself where a ruleset has none)."""
    return {name: engine.get_ruleset(name).title or name for name in engine.rulesets()}


def game_summaries() -> dict[str, dict[str, str]]:
    """Every game once, in registry order: ``{game: {"title": ..., "summary": ...}}`` (the first
    ruleset of each game speaks for it)."""
    out: dict[str, dict[str, str]] = {}
    for name in engine.rulesets():
        ruleset = engine.get_ruleset(name)
        out.setdefault(ruleset.game, {"title": ruleset.game_title or ruleset.game,
                                      "summary": ruleset.game_summary})
    return out


@cache
def guide(name: str) -> dict[str, Any]:
    """The guide of ruleset ``name``; raises :class:`NotFound` for an unknown ruleset."""
    try:
        ruleset = engine.get_ruleset(name)
    except engine.UnknownRuleset as exc:
        raise NotFound(exc.message) from None
    own = ruleset.guide()
    # Cold start: the guide handler needs the rating model only for its ratings section.
    from service import ratings

    return {
        **own,
        "prose": [*own.get("prose", []), ratings.guide_section(ruleset.game_title)],
        "ruleset": ruleset.name,
        "title": ruleset.title,
        "game": ruleset.game,
        "game_title": ruleset.game_title,
        "min_players": ruleset.min_players,
        "max_players": ruleset.max_players,
        "table_options": table_options.schema(ruleset.name),
        "rulesets": engine.rulesets(),
        "ruleset_titles": ruleset_titles(),
        "ruleset_games": {n: engine.game_of(n) for n in engine.rulesets()},
        "game_summaries": game_summaries(),
    }
