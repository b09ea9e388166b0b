"""Bots for Mtaani: Base, Advanced and Smart. Pure: state in, action out, seeded.

The service plays a bot seat through one function::

    from engine import bots
    action = bots.choose(state, seat, "advanced", seed)   # an action model, or None
    if action is not None:
        state, events = engine.apply(state, action)

- ``kind``: ``"base"``, ``"advanced"`` or ``"smart"`` (:data:`KINDS`); a seat id such as
  ``"bot:smart:2"`` gives it through :func:`kind_of`.
- ``seed``: any int; the same state, seat, kind and seed always give the same action (use the
  game's id or seed, so replays agree).
- Returns ``None`` when ``seat`` has nothing to decide now (the pending decision is another
  seat's and no trade or loan offer waits for its answer, or the game is over); otherwise an
  action that ``engine.legal_actions(state, seat)`` accepts, always. Offers made to a bot are
  answered first, whoever holds the pending decision (:func:`waiting_seats` lists the seats
  to ask). Decision kinds and action types a bot does not know get a safe legal
  choice (:func:`engine.bots.policy.fallback`), never an error.
- No I/O beyond reading the Smart bot's model file from this package on first use, no clock,
  no global random. A decision takes about a millisecond (``make bench`` prints figures).

Raises :class:`ValueError` for an unknown ``kind`` and :class:`engine.UnknownRuleset` for a
state of no known ruleset.
"""

from __future__ import annotations

from typing import Any

KINDS = ("base", "advanced", "smart")
"""Bot kinds, weakest first."""
SEAT_PREFIX = "bot:"


def kind_of(seat_id: str) -> str | None:
    """The bot kind of a seat id (``"bot:<kind>:<n>"``), or ``None`` for a human's seat.

    Raises :class:`ValueError` for a ``bot:`` id of an unknown kind.
    """
    if not seat_id.startswith(SEAT_PREFIX):
        return None
    kind = seat_id.split(":")[1] if seat_id.count(":") >= 1 else ""
    if kind not in KINDS:
        raise ValueError(f"unknown bot kind in seat id {seat_id!r}; known: {', '.join(KINDS)}")
    return kind


def seat_id(kind: str, n: int) -> str:
    """The seat id of bot number ``n`` of ``kind`` (``"bot:base:1"``)."""
    if kind not in KINDS:
        raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")
    return f"{SEAT_PREFIX}{kind}:{n}"


def make(kind: str, seed: int, **options: Any):
    """A bot object of ``kind`` (for self-play loops that keep one per seat)."""
    if kind == "base":
        from engine.bots.base import BaseBot

        return BaseBot(seed)
    if kind == "advanced":
        from engine.bots.advanced import AdvancedBot

        return AdvancedBot(seed, **options)
    if kind == "smart":
        from engine.bots.smart import SmartBot

        return SmartBot(seed, **options)
    raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")


def choose(state, seat: int, kind: str, seed: int):
    """The action bot ``kind`` takes for ``seat`` in ``state``, or ``None`` (see module doc).

    ``state`` is not changed.
    """
    return decide(make(kind, seed), state, seat)


def decide(bot, state, seat: int, *, strict: bool = False):
    """Ask ``bot`` for ``seat``'s action in ``state`` (``None``: nothing to decide).

    With ``strict`` (self-play and tests) an error inside the bot propagates; otherwise the
    bot falls back to a safe legal action, so a bot bug never stalls a game.
    """
    import engine
    from engine.bots.policy import fallback

    ruleset = engine.get_ruleset(state.ruleset)
    if ruleset.outcome(state) is not None:
        return None
    pending = ruleset.decision(state)
    holds = pending is not None and pending.player == seat
    if not holds and not has_offers(state, seat):
        # Free actions (proposing trades, loans) are never the bot's to start out of turn:
        # it waits for its own decision or for an offer to answer.
        return None
    legal = ruleset.legal_actions(state, seat)
    if not len(legal):
        return None
    book = getattr(ruleset, "book", None)
    kind = pending.kind if holds else None
    if book is None:
        return fallback(legal, kind)
    try:
        answer = bot.answer_offer(book, state, seat, legal)
        if answer is not None:
            return answer
        return bot.choose(book, state, seat, legal) if holds else None
    except Exception:  # a bot bug must not stall a table: play safe instead
        if strict:
            raise
        return fallback(legal, kind) if holds else None


def has_offers(state, seat: int) -> bool:
    """Whether a trade or loan offer made to ``seat`` waits for its answer."""
    trades = getattr(state, "trades", ())
    loans = getattr(state, "loan_offers", ())
    return (any(t.to == seat for t in trades)
            or any(seat in (o.lender, o.borrower) and o.proposer != seat for o in loans))


def waiting_seats(state) -> list[int]:
    """Seats the game waits on now: every seat with an offer to answer, then the holder of
    the pending decision (self-play and the service's bot timer ask each in turn)."""
    seats = [i for i, p in enumerate(state.players) if not p.bankrupt and has_offers(state, i)]
    decision = getattr(state, "decision", None)
    if decision is not None and decision.player not in seats:
        seats.append(decision.player)
    return seats
