"""Mulodi: the property-set card game of ``shared/seeds/004_e3b57fc1098b0004.txt`` (hands,
banks, property sets, rent, action cards, the Neda), as the engine ruleset ``mulodi``.

Modules: :mod:`~engine.mulodi.cards` (the deck and numbers from ``data/mulodi.toml``),
:mod:`~engine.mulodi.state` (the state, its copy and JSON form), :mod:`~engine.mulodi.actions`
(the action models), :mod:`~engine.mulodi.sets` (sets, rent, table value),
:mod:`~engine.mulodi.payment` (payments and the table's choices for absent players),
:mod:`~engine.mulodi.flow` (every rule), :mod:`~engine.mulodi.legal` (legal actions),
:mod:`~engine.mulodi.view` (what each seat sees), :mod:`~engine.mulodi.messages`,
:mod:`~engine.mulodi.guide`, :mod:`~engine.mulodi.ruleset` (the interface) and
:mod:`~engine.mulodi.bots`.
"""
