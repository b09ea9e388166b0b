"""The listing of legal actions against the rules' checks, type by type.

Listers leave out candidates they know the check refuses (``ActionRule``), so this test makes
sure they never leave out one it accepts: for positions of random games (both rulesets, trade
and loan offers included) and every seat, each action type's listing must be exactly the actions
of that type's whole domain (every tile, set, target, deck, rule, card, offer and loan id) that
:func:`engine.mtaani.flow.check_action` accepts. Bank loans are listed at the largest amount
only (the rest is described by the spec). The lazy listing the bots read
(:func:`engine.mtaani.legal.lazy_legal_actions`) must agree with the whole listing, specs
included.
"""

from __future__ import annotations

import contextlib
import random

import pytest

import engine
from engine.core import EngineError
from engine.mtaani import actions as act
from engine.mtaani.credit import borrowable
from engine.mtaani.flow import Ctx, check_action
from engine.mtaani.legal import SYSTEM_ACTIONS, lazy_legal_actions
from engine.mtaani.specials import CARDS

PROGRESS = ("roll", "buy", "decline", "end_turn", "choose_deck", "pay_bail", "bribe")


def _domain(rs, state, seat: int) -> dict[str, list]:
    """Every action of each listed type ``seat`` could send, whatever the state allows."""
    book = rs.book
    tiles = range(book.size)
    sets = list(book.set_tiles)
    rules = sorted({*engine.get_ruleset("mtaani").book.rules.municipal.rules,
                    *engine.get_ruleset("mtaani-classic").book.rules.municipal.rules, "no_rule"})
    offers = sorted({o.id for o in state.loan_offers} | {1, state.next_offer_id})
    loans = sorted({x.id for x in state.loans} | {1, state.next_offer_id})
    trades = sorted({t.id for t in state.trades} | {1, state.next_offer_id})
    p = seat
    shares = [1, 17, 99, *range(5, 101, 5)]
    domain = {
        "build": [act.Build(player=p, tile=t) for t in tiles],
        "sell_unit": [act.SellUnit(player=p, tile=t) for t in tiles],
        "mortgage": [act.Mortgage(player=p, tile=t) for t in tiles],
        "unmortgage": [act.Unmortgage(player=p, tile=t) for t in tiles],
        "play_teleport": [act.PlayTeleport(player=p, tile=t) for t in tiles],
        "build_batch": [act.BuildBatch(player=p, set=s, target=n) for s in sets for n in range(1, 6)],
        "sell_batch": [act.SellBatch(player=p, set=s, target=n) for s in sets for n in range(0, 5)],
        "play_zoning": [act.PlayZoning(player=p, set=s) for s in sets],
        "play_injunction": [act.PlayInjunction(player=p, set=s) for s in sets],
        "choose_deck": [act.ChooseDeck(player=p, deck=d) for d in ("mtaani", "mathree")],
        "choose_municipal": [act.ChooseMunicipal(player=p, rule=r) for r in rules],
        "buy_special": [act.BuySpecial(player=p, card=c) for c in CARDS],
        "repay_loan": [act.RepayLoan(player=p, loan=i, percent=n) for i in [None, *loans] for n in shares]
        + [act.RepayLoan(player=p, loan=i, max=True) for i in [None, *loans]],
        "accept_loan": [act.AcceptLoan(player=p, offer=i) for i in offers],
        "decline_loan": [act.DeclineLoan(player=p, offer=i) for i in offers],
        "demand_repayment": [act.DemandRepayment(player=p, loan=i) for i in loans],
        "accept_trade": [act.AcceptTrade(player=p, trade=i) for i in trades],
        "decline_trade": [act.DeclineTrade(player=p, trade=i) for i in trades],
        "set_trade_open": [act.SetTradeOpen(player=p, open=b) for b in (True, False)],
    }
    ctx = Ctx(book, state)
    most = borrowable(ctx, seat) if 0 <= seat < len(state.players) else 0
    domain["take_loan"] = [act.TakeLoan(player=p, amount=most)] if most >= 1 else []
    for name, cls in act.ACTION_TYPES.items():
        if name not in domain and name not in SYSTEM_ACTIONS and name not in ("offer_loan", "propose_trade"):
            domain[name] = [cls(player=p)]
    return domain


def _accepted(rs, state, action) -> bool:
    try:
        check_action(Ctx(rs.book, state), action)
    except EngineError:
        return False
    return True


def _positions(name: str, games: int = 4, every: int = 6):
    """States of random games of ruleset ``name``, with random trade and loan offers."""
    rs = engine.get_ruleset(name)
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.new_game(name, [f"p{i}" for i in range(2 + seed % 3)], seed, {"max_turns": 120})
        for step in range(600):
            if rs.outcome(state) is not None:
                break
            if step % every == 0:
                yield rs, state
            seat = rs.waiting_seats(state)[0]
            if rng.random() < 0.15:
                _offer(rs, state, rng)
                continue
            legal = list(rs.legal_actions(state, seat))
            progress = [a for a in legal if a.type in PROGRESS]
            action = rng.choice(progress) if progress and rng.random() < 0.7 else rng.choice(legal)
            rs.apply_in_place(state, engine.stamp(action, 0))


def _offer(rs, state, rng: random.Random) -> None:
    seat = rng.randrange(len(state.players))
    specs = rs.legal_actions(state, seat).specs
    if "propose_trade" in specs:
        spec = specs["propose_trade"]
        to = rng.choice(spec["to"])
        mine, theirs = spec["give"]["properties"], spec["get"][str(to)]["properties"]
        data = {"type": "propose_trade", "player": seat, "to": to,
                "give": {"properties": rng.sample(mine, min(len(mine), rng.randint(0, 2))),
                         "cash": rng.choice([0, 10_000])},
                "get": {"properties": rng.sample(theirs, min(len(theirs), rng.randint(0, 2)))}}
    elif "offer_loan" in specs and specs["offer_loan"]["to"]:
        spec = specs["offer_loan"]
        data = {"type": "offer_loan", "player": seat, "to": rng.choice(spec["to"]),
                "lend": rng.random() < 0.5, "amount": spec["min"] * rng.randint(1, 20),
                "interest_percent": rng.choice(spec["interest_percents"]), "term": rng.choice(spec["terms"])}
    else:
        return
    with contextlib.suppress(EngineError):
        rs.apply_in_place(state, rs.parse_action(data))


@pytest.mark.parametrize("name", ["mtaani", "mtaani-classic"])
def test_each_type_lists_exactly_what_its_check_accepts(name):
    compared = listed = 0
    for rs, state in _positions(name):
        for seat in range(len(state.players) + 1):  # one seat that does not exist
            legal = rs.legal_actions(state, seat)
            lazy = lazy_legal_actions(Ctx(rs.book, state), seat)
            for type_, domain in _domain(rs, state, seat).items():
                expected = [a for a in domain if _accepted(rs, state, a)]
                got = [a for a in legal if a.type == type_]
                assert sorted(map(repr, got)) == sorted(map(repr, expected)), (name, type_, seat)
                assert list(lazy.of_type(type_)) == got
                compared += 1
                listed += len(got)
            assert list(lazy) == list(legal) and len(lazy) == len(legal)
            assert dict(lazy.specs) == legal.specs and lazy.types() == legal.types()
            assert bool(lazy) == bool(len(legal))
    assert compared and listed
