"""Property tests over random games with loans, trades, insurance, special cards and table-wide
effects (hypothesis picks the games; a seeded policy plays them):

- money is conserved: the players' cash plus the ATM pool never changes after the deal
  (decisions file, "Money"), whatever mix of loans, repayments, trades, insurance, charges,
  events and bankruptcies happens;
- a bankrupt player owns nothing, holds no card and is party to no loan or offer;
- ``legal_actions`` and ``apply`` agree, for listed actions and for parametric ones (loan amounts,
  loan offers, trade offers) checked with ``action in legal``: an action in ``legal`` applies, one
  outside it raises an engine error and changes nothing.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.mtaani.actions import OfferLoan, ProposeTrade, TakeLoan, TradeItems

PROGRESS = {"roll", "buy", "decline", "end_turn", "choose_deck", "choose_municipal", "pay_bail",
            "renovate", "declare_bankruptcy", "use_insurance"}


def subset(rng: random.Random, items: list) -> list:
    return [x for x in items if rng.random() < 0.3]


def parametric(rng: random.Random, seat: int, legal) -> list:
    """Random parametric actions built from ``legal.specs`` (some deliberately off the grid)."""
    specs, out = legal.specs, []
    if (sp := specs.get("take_loan")) is not None:
        amount = rng.randrange(sp["min"], sp["max"] + 1, sp["step"])
        out.append(TakeLoan(player=seat, amount=amount + (rng.random() < 0.2) * 500))
    if (sp := specs.get("offer_loan")) is not None and sp["to"]:
        top = max(sp["min"], min(sp["max_lend"], 600_000))
        out.append(OfferLoan(player=seat, to=rng.choice(sp["to"]), lend=rng.random() < 0.5,
                             amount=rng.randrange(sp["min"], top + 1, sp["step"]),
                             interest_percent=rng.choice(sp["interest_percents"] + [7]),
                             term=rng.choice(sp["terms"])))
    if (sp := specs.get("propose_trade")) is not None:
        to = rng.choice(sp["to"])

        def items(h: dict) -> TradeItems:
            cash = rng.choice([0, 0, rng.randrange(0, h["cash"] + 2)]) if h["cash"] >= 0 else 0
            return TradeItems(cash=cash, properties=subset(rng, h["properties"]),
                              insurance=rng.randrange(0, h["insurance"] + 1),
                              specials=subset(rng, h["specials"]))

        out.append(ProposeTrade(player=seat, to=to, give=items(sp["give"]), get=items(sp["get"][str(to)])))
    return out


def check_invariants(state, total: int) -> None:
    assert state.pool >= 0 and all(p.cash >= 0 for p in state.players)
    assert state.pool + sum(p.cash for p in state.players) == total
    for seat, p in enumerate(state.players):
        if not p.bankrupt:
            continue
        assert all(prop.owner != seat for prop in state.props.values())
        assert p.insurance == 0 and seat not in state.specials.values()
        assert p.bank_loan is None
        assert all(seat not in (x.lender, x.borrower) for x in state.loans)
        assert all(seat not in (o.lender, o.borrower) for o in state.loan_offers)
        assert all(seat not in (t.proposer, t.to) for t in state.trades)
        assert state.effects.syndicate_holder != seat
        assert all(d.debtor != seat for d in state.debts)
    held = sum(p.insurance for p in state.players)
    assert held <= len(state.players) + 1
    assert all(p.insurance <= len(state.players) for p in state.players)


def play(seed: int, players: int, ruleset: str, actions: int, max_turns: int = 120) -> None:
    rs = engine.get_ruleset(ruleset)
    rng = random.Random(seed)
    state = engine.new_game(ruleset, [f"p{i}" for i in range(players)], seed, {"max_turns": max_turns})
    total = state.pool + sum(p.cash for p in state.players)
    for _ in range(actions):
        if rs.outcome(state) is not None:
            break
        holder = rs.pending(state)[0].player
        active = [i for i, p in enumerate(state.players) if not p.bankrupt]
        seat = holder if rng.random() < 0.8 else rng.choice(active)
        legal = rs.legal_actions(state, seat)
        listed = list(legal)
        candidates = parametric(rng, seat, legal)
        progress = [a for a in listed if a.type in PROGRESS]
        if seat == holder and progress and rng.random() < 0.6:
            action = rng.choice(progress)
        else:
            action = rng.choice(listed + candidates) if listed or candidates else None
        if action is None:
            continue
        # Every listed action is legal; a parametric one applies exactly when it is in legal.
        allowed = action in legal
        assert allowed or action not in listed
        before = state.model_copy(deep=True)
        try:
            state = rs.apply_in_place(state, action).state
        except engine.EngineError:
            assert not allowed, f"{action!r} was legal but apply refused it"
            assert state == before, "a refused action changed the state"
            continue
        assert allowed, f"{action!r} was not legal but apply accepted it"
        check_invariants(state, total)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4),
       ruleset=st.sampled_from(["mtaani", "mtaani-classic"]))
def test_random_games_conserve_money_and_keep_legal_actions_and_apply_in_agreement(seed, players, ruleset):
    play(seed, players, ruleset, actions=600)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_late_games_with_table_wide_effects_conserve_money(seed, players):
    # Long games reach the Chamber of Commerce, events, Injunction and Syndicate offers.
    play(seed, players, "mtaani", actions=4_000, max_turns=500)
