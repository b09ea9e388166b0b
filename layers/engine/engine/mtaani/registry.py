"""What the ``engine.mtaani`` package adds to the engine's registry (read by
:mod:`engine.core` without importing the rules; see ``docs/adding-a-game.md``)."""

GAME = "mtaani"
RULESETS = {
    "mtaani": ".ruleset:CURRENT",
    "mtaani-classic": ".ruleset:CLASSIC",
}
DICTIONARIES = {
    "mtaani-1": "data/state-1.zdict",
}
