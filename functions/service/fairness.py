"""Provably fair dice and cards, the service's half (the engine's is :mod:`engine.verify`).

- **At the deal** (:func:`deal`): the seed (:data:`SEED_BITS` random bits) and a salt
  (``engine.verify.SALT_BYTES`` random bytes) come from :mod:`secrets`. The first event of the
  log, ``GameCreated``, which every seat and spectator reads, carries the commitment
  (``engine.verify.commitment(salt, seed)``) with everything else a replay needs that is not
  secret: the ruleset, its ``rules_version``, the seat count and the table options (without
  ``scripted``; ``"scripted": true`` says a table's dice and draws were fixed in advance, a
  test table). The seed lives in the state, the salt and a scripted table's script in the game
  item's ``sealed`` attribute: neither is in any view, ETag, error, export, bus event or event
  page before the end (the views are built from allow-lists; ``tests/service/test_fairness.py``
  reads everything a player can read during random games of every ruleset).
- **At the end** (:func:`revealed`), in the same write as the move that ends the game, a
  public ``SeedRevealed`` event gives the seed (as decimal text: it does not fit a
  JavaScript number), the salt, the commitment again and a scripted table's script. From then
  on anyone who may see the table can check the game (``GET /games/{id}/verify``,
  :mod:`service.replays`).

Randomness from outside the seed is an action's time field (the bribe's ``minute``, every
``now``), stamped by the service and logged with the action (``ActionApplied``), so the log
and the seed are all a replay needs.
"""

from __future__ import annotations

import secrets
from typing import Any

from engine import verify

SEED_BITS = 128
"""Bits of a game's seed: far beyond trying seeds against what the table has seen."""
CREATED = "GameCreated"
REVEALED = "SeedRevealed"


def deal(ruleset: Any, seat_count: int, options: dict[str, Any],
         seed: int | None = None) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """A new game's seed (``seed`` when the caller fixed one: tests), its ``sealed`` secrets
    (``{"salt", "scripted"?}``, stored on the game item) and its ``GameCreated`` event."""
    if seed is None:
        seed = secrets.randbits(SEED_BITS)
    salt = secrets.token_hex(verify.SALT_BYTES)
    script = options.get("scripted") or None
    sealed: dict[str, Any] = {"salt": salt, **({"scripted": script} if script else {})}
    created = {"type": CREATED, "ruleset": ruleset.name, "seats": seat_count,
               "rules_version": ruleset.rules_version,
               "options": {k: v for k, v in options.items() if k != "scripted"},
               "scripted": bool(script), "commitment": verify.commitment(salt, seed)}
    return seed, sealed, created


def revealed(sealed: dict[str, Any] | None, state: Any) -> dict[str, Any]:
    """The ``SeedRevealed`` event of a game that has just ended: its seed (decimal text), the
    salt and commitment (``None`` for a game dealt before commitments were published) and a
    scripted table's script."""
    sealed = sealed or {}
    salt = sealed.get("salt")
    return {"type": REVEALED, "seed": str(state.seed), "salt": salt,
            "commitment": verify.commitment(salt, state.seed) if salt else None,
            **({"scripted": sealed["scripted"]} if sealed.get("scripted") else {})}
