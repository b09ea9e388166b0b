"""The bot skeleton every kind shares: one decision handler per decision kind, a safe fallback
for anything a bot does not know, and a final legality check.

A bot only ever returns an action that ``engine.legal_actions(state, seat)`` accepts
(``action in legal``, the same check :func:`engine.apply` runs). Decision kinds or action
types it has no handler for (new rules arrive on main as new kinds and types) get
:func:`fallback`: the first of a fixed order of safe choices, never bankruptcy while anything
else is legal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from engine.core import get_ruleset
from engine.mtaani import properties as prop
from engine.mtaani.actions import TakeLoan
from engine.mtaani.bots.table import Table
from engine.mtaani.flow import RULES
from engine.mtaani.legal import LazyLegalActions, has_offers
from engine.mtaani.state import LoanOffer, MtaaniState, TradeOffer

if TYPE_CHECKING:
    from engine.mtaani.actions import _Action
    from engine.mtaani.data import Rulebook

SAFE_ORDER = ("end_turn", "roll", "decline", "choose_deck", "pay_bail")
"""Action types a bot falls back to, in order, when it has no better idea."""
SAFE_WORDS = ("reject", "refuse", "pass", "cancel", "skip", "keep")
"""Unknown action types whose name says "no" (declining an offer made to the bot) come next."""
ASSET_MOVES = frozenset({
    "buy", "build", "build_batch", "sell_unit", "sell_batch", "mortgage", "mortgage_batch",
    "unmortgage", "unmortgage_batch", "bribe",
})
"""Known actions that spend or give up something: a fallback takes them only when nothing
else is listed."""
DELIBERATE = frozenset({
    "take_loan", "repay_loan", "offer_loan", "accept_loan", "demand_repayment", "buy_insurance",
    "use_insurance", "propose_trade", "accept_trade", "set_trade_open", "buy_special",
    "play_teleport", "play_zoning", "play_injunction", "play_syndicate", "renovate",
})
"""Actions a bot only takes on purpose, never as a blind fallback (borrowing, trading,
buying cards)."""
LAST_RESORT = "declare_bankruptcy"
HANDLERS = {kind: f"on_{kind}" for kind in ("turn", "buy", "deck", "debt", "end", "municipal")}
"""Decision kind -> the name of the bot method that answers it (others: ``on_<kind>``)."""


def answers(action: _Action, kind: str | None) -> bool:
    """Whether ``action`` is one of the actions made for decision ``kind`` (its rule names
    the kind), rather than one allowed at any decision (building, mortgaging, ...)."""
    rule = RULES.get(action.type)
    return kind is not None and rule is not None and isinstance(rule.kinds, set | frozenset) \
        and kind in rule.kinds


def fallback(legal, kind: str | None = None) -> BaseModel | None:
    """A safe legal action for pending decision ``kind``: :data:`SAFE_ORDER` first, then a
    type whose name contains one of :data:`SAFE_WORDS`, then an action made for that decision
    kind (the answer to a decision the bot does not know), then anything but
    :data:`ASSET_MOVES` and :data:`DELIBERATE` actions, then those, then bankruptcy; ``None``
    when nothing is listed."""
    actions = list(legal)
    by_type: dict[str, BaseModel] = {}
    for a in actions:
        by_type.setdefault(a.type, a)
    for name in SAFE_ORDER:
        if name in by_type:
            return by_type[name]
    for a in actions:
        if any(word in a.type for word in SAFE_WORDS):
            return a
    for a in actions:
        if a.type != LAST_RESORT and a.type not in DELIBERATE and answers(a, kind):
            return a
    for a in actions:
        if a.type != LAST_RESORT and a.type not in ASSET_MOVES and a.type not in DELIBERATE:
            return a
    for a in actions:
        if a.type != LAST_RESORT and a.type not in DELIBERATE:
            return a
    for a in actions:
        if a.type != LAST_RESORT:
            return a
    return actions[0] if actions else None


def of_type(legal, type_: str) -> Sequence[Any]:
    """The listed actions of ``type_``, in listing order (the lazy listing lists only that
    type, :meth:`engine.mtaani.legal.LazyLegalActions.of_type`; any other sequence is
    filtered). A list or a tuple: do not change it. Typed ``Any``: each is an instance of the
    action class ``type_`` names, whose fields the caller reads."""
    try:
        return legal.of_type(type_)
    except AttributeError:
        return [a for a in legal if a.type == type_]


def of_types(legal, *types: str) -> list[Any]:
    """The listed actions of any of ``types``, in listing order (typed as :func:`of_type`)."""
    if getattr(legal, "of_type", None) is not None:
        order = list(RULES)
        return [a for type_ in sorted(types, key=order.index) for a in legal.of_type(type_)]
    wanted = set(types)
    return [a for a in legal if a.type in wanted]


def first_of(legal, type_: str, key: Callable[[Any], float] | None = None) -> BaseModel | None:
    """The listed action of ``type_`` (the one with the smallest ``key`` when given)."""
    try:
        found = legal.of_type(type_)
    except AttributeError:
        found = [a for a in legal if a.type == type_]
    if not found:
        return None
    return min(found, key=key) if key else found[0]


class Bot:
    """A seeded bot. Subclasses add ``on_<kind>(table, legal) -> action | None`` handlers;
    ``None`` from a handler (or no handler) means :func:`fallback`."""

    kind = ""

    def __init__(self, seed: int):
        self.seed = seed

    def rng(self, state: MtaaniState, seat: int) -> random.Random:
        """A private random source for this decision (same seed, state and seat: same draws)."""
        return random.Random(f"{self.kind}:{self.seed}:{state.decision_seq}:{state.steps}:{seat}")

    def choose(self, book, state: MtaaniState, seat: int, legal) -> BaseModel | None:
        """The bot's action for ``seat`` from ``legal`` (``None`` when ``legal`` is empty)."""
        if not legal:
            return None
        return self.choose_listed(book, state, seat, legal)

    def choose_listed(self, book, state: MtaaniState, seat: int, legal) -> BaseModel:
        """:meth:`choose` once ``legal`` is known to list something (what
        :func:`engine.mtaani.bots.decide` asks; subclasses override this, not ``choose``)."""
        decision = state.decision
        kind = decision.kind if decision else None
        # The handler from the class (no bound method made): bots define handlers as methods.
        handler = getattr(type(self), HANDLERS.get(kind) or f"on_{kind}", None) if kind else None
        action = handler(self, Table(book, state, seat), legal) if handler else None
        if action is None or action not in legal:
            action = fallback(legal, kind)
        return action  # type: ignore[return-value]  # legal lists something: fallback finds it

    def answer_offer(self, book, state: MtaaniState, seat: int, legal) -> BaseModel | None:
        """The answer to the first trade or loan offer made to ``seat`` (accept or decline),
        or ``None`` when no offer waits for it. Offers are answered whoever holds the
        pending decision: they are the recipient's to answer at any time."""
        offer: TradeOffer | LoanOffer
        for offer in state.trades:
            if offer.to == seat:
                accept = next((a for a in of_type(legal, "accept_trade") if a.trade == offer.id), None)
                if accept is not None and self.accepts_trade(Table(book, state, seat), offer):
                    return accept
                return next((a for a in of_type(legal, "decline_trade") if a.trade == offer.id), None)
        for offer in state.loan_offers:
            if seat in (offer.lender, offer.borrower) and offer.proposer != seat:
                accept = next((a for a in of_type(legal, "accept_loan") if a.offer == offer.id), None)
                if accept is not None and self.accepts_loan(Table(book, state, seat), offer):
                    return accept
                return next((a for a in of_type(legal, "decline_loan") if a.offer == offer.id), None)
        return None

    def accepts_trade(self, t: Table, offer) -> bool:
        """Whether to accept trade ``offer`` made to me (default: never)."""
        return False

    def trade_cash_limit(self, t: Table) -> int:
        """The most cash (SFR) I hand over in a trade I accept (default: none)."""
        return 0

    def accepts_loan(self, t: Table, offer) -> bool:
        """Whether to accept loan ``offer`` made to me (default: never)."""
        return False

    # ------------------------------------------------------------------ shared handlers
    def raise_funds(self, t: Table, legal) -> BaseModel | None:
        """In debt: the listed way to raise cash that costs this bot least, else bankruptcy.

        Order: mortgage a property outside my complete sets (least valuable first), sell a
        unit (least fee lost per SFR raised), mortgage anything left, then declare
        bankruptcy. Subclasses may reorder with :meth:`liquidation_order`.
        """
        for option in self.liquidation_order(t, legal):
            if option is not None:
                return option
        return first_of(legal, LAST_RESORT)

    def shortfall(self, t: Table) -> int:
        """What I still need to pay my first debt (SFR)."""
        return max(0, t.owed() - t.cash)

    def borrow_for(self, t: Table, legal, amount: int) -> BaseModel | None:
        """A bank loan of at least ``amount`` (rounded up to the step), when one is allowed."""
        spec = legal.specs.get("take_loan")
        if not spec or amount <= 0:
            return None
        step = spec["step"]
        want = max(spec["min"], -(-amount // step) * step)
        if want > spec["max"]:
            return None
        action = TakeLoan(player=t.seat, amount=want)
        return action if action in legal else None

    def liquidation_order(self, t: Table, legal) -> Iterator[BaseModel | None]:
        """The ways to raise funds, best first (``None``: that way is not listed), each
        worked out only when the one before it is ``None``: a mortgage outside my complete
        sets, the cheapest unit sale, then any mortgage."""
        complete = set(t.complete_sets)
        outside = [a for a in of_type(legal, "mortgage") if t.book.set_of[a.tile] not in complete]
        yield min(outside, key=lambda a: t.value_to_me(a.tile)) if outside else None
        yield self.cheapest_unit_sale(t, legal)
        yield first_of(legal, "mortgage", key=lambda a: t.value_to_me(a.tile))

    @staticmethod
    def cheapest_unit_sale(t: Table, legal) -> BaseModel | None:
        """The listed unit sale that loses the least fee per SFR it raises."""
        def loss(a) -> float:
            p = t.s.props[a.tile]
            book, rules = t.book, t.ctx.rules.property
            now = prop.unit_fee(book.purchase[a.tile], book.unit_cost[a.tile], p.units, rules.unit_fee_divisor)
            after = prop.unit_fee(book.purchase[a.tile], book.unit_cost[a.tile], p.units - 1,
                                  rules.unit_fee_divisor) if p.units > 1 else 2 * book.base_fee[a.tile]
            return (now - after) / max(1, prop.unit_refund(t.ctx, a.tile))

        return first_of(legal, "sell_unit", key=loss)


# ------------------------------------------------------------------ asking a bot
def decide(bot, state, seat: int, *, strict: bool = False, quick: bool = True):
    """Ask ``bot`` for ``seat``'s action in ``state`` (``None``: nothing to decide).

    With ``strict`` (self-play and tests) an error inside the bot propagates; otherwise the
    bot falls back to a safe legal action, so a bot bug never stalls a game. ``quick``: ask
    the bot's quick answer (``Bot.quick``) first (false: the caller asked it already).
    """
    if state.termination is not None:
        return None
    pending = state.decision
    holds = pending is not None and pending.player == seat
    if not holds and not has_offers(state, seat):
        # Free actions (proposing trades, loans) are never the bot's to start out of turn:
        # it waits for its own decision or for an offer to answer.
        return None
    book = _BOOKS.get(state.ruleset) or _BOOKS.setdefault(state.ruleset, get_ruleset(state.ruleset).book)  # type: ignore[attr-defined]  # a MtaaniRuleset
    if quick and holds and not state.trades and not state.loan_offers:
        answer = getattr(type(bot), "quick", None)  # an answer that needs no listing
        if answer is not None:
            try:
                action = answer(bot, book, state, seat, pending.kind)
            except Exception:  # a bot bug: the handlers and the fallback below answer
                if strict:
                    raise
                action = None
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


_BOOKS: dict[str, Rulebook] = {}
"""Ruleset name -> its rulebook (read-only, so kept)."""
