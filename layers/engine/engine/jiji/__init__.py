"""Jiji, the city-building game (ruleset ``jiji``): districts, residential and industrial
blocks, the Construction unit, stations, stadiums, skyscrapers, the Jiji Tower, Building
Permits, timed auctions, deals with a time limit and a game clock.

The ruleset object is :data:`engine.jiji.ruleset.JIJI` (reached through
``engine.get_ruleset("jiji")``); the rules are in the modules of this package, every number
in ``data/jiji.toml``, the bots in :mod:`engine.jiji.bots`.
"""
