"""Training the Smart bots' models: dev tools, in the repository and never in the engine layer
(they need numpy, a dev dependency; ``make train``, docs/bots.md).

- :mod:`training.mtaani`: ``python -m training.mtaani HISTORIES... --out MODEL``
- :mod:`training.mulodi`: ``python -m training.mulodi --games N --seed S --out MODEL``
"""
