"""Mtaani's bots: Base, Advanced and Smart. Pure: state in, action out, seeded.

The service reaches them through :func:`engine.bots.choose` (which hands them a state
redeterminized for their seat) and ``MtaaniRuleset.bot_action``; self-play keeps one bot object
per seat (:func:`make`) and asks it through :func:`decide`.

- Returns ``None`` when ``seat`` has nothing to decide now (the pending decision is another
  seat's and no trade or loan offer waits for its answer, or the game is over); otherwise an
  action that ``engine.legal_actions(state, seat)`` accepts, always. Offers made to a bot are
  answered first, whoever holds the pending decision (:func:`waiting_seats` lists the seats
  to ask). Decision kinds and action types a bot does not know get a safe legal
  choice (:func:`engine.mtaani.bots.policy.fallback`), never an error.
- No I/O beyond reading the Smart bot's model file from this package on first use, no clock,
  no global random. A decision takes well under a millisecond (about 0.02 ms for Base, 0.1 ms
  for Smart at the median; ``make bench`` prints figures).

Raises :class:`ValueError` for an unknown ``kind``.
"""

from __future__ import annotations

from typing import Any

from engine.bots import KINDS, kind_of, seat_id
from engine.core import get_ruleset
from engine.mtaani.bots.policy import fallback
from engine.mtaani.legal import LazyLegalActions

__all__ = ["KINDS", "choose", "decide", "has_offers", "kind_of", "make", "seat_id", "waiting_seats"]


def make(kind: str, seed: int, **options: Any):
    """A bot object of ``kind`` (for self-play loops that keep one per seat)."""
    if kind == "base":
        from engine.mtaani.bots.base import BaseBot

        return BaseBot(seed)
    if kind == "advanced":
        from engine.mtaani.bots.advanced import AdvancedBot

        return AdvancedBot(seed, **options)
    if kind == "smart":
        from engine.mtaani.bots.smart import SmartBot

        return SmartBot(seed, **options)
    raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")


def choose(state, seat: int, kind: str, seed: int):
    """The action bot ``kind`` takes for ``seat`` in ``state``, or ``None`` (see module doc).

    ``state`` is not changed and is read as it is: the service's :func:`engine.bots.choose`
    redeterminizes it for ``seat`` first.
    """
    return decide(make(kind, seed), state, seat)


def decide(bot, state, seat: int, *, strict: bool = False):
    """Ask ``bot`` for ``seat``'s action in ``state`` (``None``: nothing to decide).

    With ``strict`` (self-play and tests) an error inside the bot propagates; otherwise the
    bot falls back to a safe legal action, so a bot bug never stalls a game.
    """
    if state.termination is not None:
        return None
    pending = state.decision
    holds = pending is not None and pending.player == seat
    if not holds and not has_offers(state, seat):
        # Free actions (proposing trades, loans) are never the bot's to start out of turn:
        # it waits for its own decision or for an offer to answer.
        return None
    book = _BOOKS.get(state.ruleset) or _BOOKS.setdefault(state.ruleset, get_ruleset(state.ruleset).book)
    if holds and not state.trades and not state.loan_offers:
        quick = getattr(type(bot), "quick", None)  # an answer that needs no listing
        if quick is not None:
            action = quick(bot, book, state, seat, pending.kind)
            if action is not None:
                return action
    # The listing the bot reads type by type (the same actions engine.legal_actions lists).
    legal = LazyLegalActions(book, state, seat)
    if not (legal.surely or legal):  # surely: the decision's own answer is listed
        return None
    kind = pending.kind if holds else None
    try:
        if state.trades or state.loan_offers:  # answer_offer answers nothing without an offer
            answer = bot.answer_offer(book, state, seat, legal)
            if answer is not None:
                return answer
        return bot.choose_listed(book, state, seat, legal) if holds else None
    except Exception:  # a bot bug must not stall a table: play safe instead
        if strict:
            raise
        return fallback(legal, kind) if holds else None


_BOOKS: dict[str, Any] = {}
"""Ruleset name -> its rulebook (read-only, so kept)."""


def has_offers(state, seat: int) -> bool:
    """Whether a trade or loan offer made to ``seat`` waits for its answer."""
    trades = getattr(state, "trades", ())
    loans = getattr(state, "loan_offers", ())
    return (any(t.to == seat for t in trades)
            or any(seat in (o.lender, o.borrower) and o.proposer != seat for o in loans))


def waiting_seats(state) -> list[int]:
    """Seats the game waits on now: every seat with an offer to answer, then the holder of
    the pending decision (self-play and the service's bot timer ask each in turn)."""
    decision = state.decision
    if not state.trades and not state.loan_offers:
        return [] if decision is None else [decision.player]  # no offer waits for anyone
    seats = [i for i, p in enumerate(state.players) if not p.bankrupt and has_offers(state, i)]
    if decision is not None and decision.player not in seats:
        seats.append(decision.player)
    return seats
