"""What ``tests.siri`` adds to the engine's registry (read without importing the rules)."""

GAME = "siri"
RULESETS = {
    "siri": ".ruleset:SIRI",
}
