"""Mtaani (Nairobi Edition), the city property, finance and negotiation game (rulesets
``mtaani``, the current rules, and ``mtaani-classic``, the classic preset): the board of
Nairobi's estates, Payday, revolutions, fees, units, credit, insurance, the Municipal and
Fortune cards.

The ruleset objects are in :mod:`engine.mtaani.ruleset` (reached through
``engine.get_ruleset("mtaani")``); the rules are in the modules of this package, every number
in ``data/``, the bots in :mod:`engine.mtaani.bots`.
"""
