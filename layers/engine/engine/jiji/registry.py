"""What the ``engine.jiji`` package adds to the engine's registry (read by :mod:`engine.core`
without importing the rules; see ``docs/adding-a-game.md``)."""

GAME = "jiji"
RULESETS = {
    "jiji": ".ruleset:JIJI",
}
