"""What the ``engine.mulodi`` package adds to the engine's registry (read by
:mod:`engine.core` without importing the rules; see ``docs/adding-a-game.md``)."""

GAME = "mulodi"
RULESETS = {
    "mulodi": ".ruleset:MULODI",
}
