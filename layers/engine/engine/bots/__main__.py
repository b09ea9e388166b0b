"""Command line of every game's bots: ``python -m engine.bots [--ruleset NAME] COMMAND ...``.

The command line of the ruleset's game (``engine.<game>.bots``) runs with the rest of the
arguments, e.g.::

    python -m engine.bots simulate --bots smart,advanced --games 1000 --seed 1 --jobs 2
    python -m engine.bots --ruleset mulodi simulate --bots advanced,base --games 1000

``--ruleset`` defaults to ``mtaani``; see each game's ``bots/__main__.py`` for its commands.
"""

from __future__ import annotations

import importlib
import sys

import engine


def main(argv: list[str]) -> None:
    ruleset = "mtaani"
    if argv[:1] == ["--ruleset"] and len(argv) > 1:
        ruleset, argv = argv[1], argv[2:]
    elif argv and argv[0].startswith("--ruleset="):
        ruleset, argv = argv[0].split("=", 1)[1], argv[1:]
    game = engine.game_of(ruleset)
    importlib.import_module(f"engine.{game}.bots.__main__").main(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
