"""The engine's shared toolkit (``engine/context.py``): money moves by ``Ctx.transfer``, cards by
``move_card``/``take_card``, rules are registered once in ``Rules``. Figures worked by hand."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import InvalidAction
from engine.context import BANK, Ctx, Hooks, Rule, Rules, move_card, take_card


class PoolCtx(Ctx):
    """A context whose bank is a limited pool, as Mtaani's ATM pool."""

    __slots__ = ()
    bank_field = "pool"
    bank_name = "pool"
    bank_limited = True


def _table(cash: list[int], bank: int, field: str = "bank") -> SimpleNamespace:
    return SimpleNamespace(players=[SimpleNamespace(cash=c) for c in cash], **{field: bank})


def test_a_transfer_moves_the_amount_and_records_one_payment():
    s = _table([500, 200], 1_000)
    ctx = Ctx(s, [])
    assert ctx.transfer(0, 1, 150, "rent", tile=3) == 150
    assert ctx.transfer(BANK, 1, 200, "salary") == 200
    assert ctx.transfer(1, BANK, 50, "deal", extra={"deal": 7}) == 50
    # 500 - 150 = 350; 200 + 150 + 200 - 50 = 500; the bank 1,000 - 200 + 50 = 850.
    assert [p.cash for p in s.players] == [350, 500] and s.bank == 850
    assert ctx.events == [
        {"payer": 0, "payee": 1, "amount": 150, "reason": "rent", "tile": 3, "type": "Payment"},
        {"payer": "bank", "payee": 1, "amount": 200, "reason": "salary", "type": "Payment"},
        {"payer": 1, "payee": "bank", "amount": 50, "reason": "deal", "deal": 7, "type": "Payment"},
    ]


def test_nothing_moves_for_no_amount_and_a_quiet_context_records_nothing():
    s = _table([100], 100)
    ctx = Ctx(s, None)
    assert ctx.transfer(0, BANK, 0, "nothing") == 0 and ctx.transfer(0, BANK, -5, "less") == 0
    assert ctx.transfer(0, BANK, 40, "tax") == 40
    ctx.emit("Anything", player=0)
    assert s.players[0].cash == 60 and s.bank == 140 and ctx.events is None


def test_an_overdraft_is_refused_and_changes_nothing():
    s = _table([100, 0], 30, "pool")
    ctx = PoolCtx(s, [])
    with pytest.raises(AssertionError, match="cash overdraft"):
        ctx.transfer(0, 1, 101, "rent")
    with pytest.raises(AssertionError, match="bank overdraft"):
        ctx.transfer(BANK, 1, 31, "windfall")
    assert [p.cash for p in s.players] == [100, 0] and s.pool == 30 and ctx.events == []
    assert ctx.transfer(BANK, 1, 30, "windfall") == 30  # the pool's last 30
    assert s.pool == 0 and ctx.events[0]["payer"] == "pool"


def test_an_unlimited_bank_pays_past_what_it_was_dealt():
    s = _table([0], 10)
    Ctx(s, []).transfer(BANK, 0, 25, "salary")
    assert s.bank == -15 and s.players[0].cash == 25  # the sum stays 10


@given(st.lists(st.tuples(st.sampled_from([BANK, 0, 1, 2]), st.sampled_from([BANK, 0, 1, 2]),
                          st.integers(-50, 400)), max_size=40))
def test_transfers_conserve_the_money(moves):
    s = _table([300, 300, 300], 1_000, "pool")
    ctx = PoolCtx(s, [])
    for src, dst, amount in moves:
        before = (s.pool, [p.cash for p in s.players])
        try:
            ctx.transfer(src, dst, amount, "test")
        except AssertionError:
            assert (s.pool, [p.cash for p in s.players]) == before
        assert s.pool + sum(p.cash for p in s.players) == 1_900
        assert s.pool >= 0 and min(p.cash for p in s.players) >= 0


def test_a_card_moves_out_of_one_pile_into_another():
    hand, bank, pile = [4, 9, 2], [7], [1, 3]
    assert move_card(9, hand, bank) == 9
    assert move_card(2, hand, pile, at=0) == 2  # to the bottom of a pile whose top is last
    assert (hand, bank, pile) == ([4], [7, 9], [2, 1, 3])
    assert take_card(pile, hand) == 3 and take_card(pile, bank, 0) == 2
    assert (hand, bank, pile) == ([4, 3], [7, 9, 2], [1])
    with pytest.raises(AssertionError, match="not in its pile"):
        move_card(8, hand, bank)
    assert (hand, bank, pile) == ([4, 3], [7, 9, 2], [1])


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 20)), max_size=60))
def test_card_moves_conserve_the_cards(moves):
    piles: list[list[int]] = [list(range(10)), list(range(10, 15)), [], [15]]
    deck = Counter(c for pile in piles for c in pile)
    for src, dst, card in moves:
        if card in piles[src]:
            move_card(card, piles[src], piles[dst])
        elif piles[src]:
            take_card(piles[src], piles[dst], 0)
        assert Counter(c for pile in piles for c in pile) == deck


def test_a_registry_takes_each_type_once_in_the_declared_order():
    rules: Rules[Rule] = Rules("Toy", ["roll", "buy", "end_turn"])
    seen: list[str] = []
    rules.changed.append(lambda: seen.append("changed"))
    noop = Rule(lambda ctx, a: None, lambda ctx, a: None)
    rules.add("end_turn", noop)
    rules.add("extra", noop)  # not declared: after the declared ones
    rules.add("roll", noop)
    assert list(rules) == ["roll", "end_turn", "extra"] and seen == ["changed"] * 3
    with pytest.raises(ValueError, match="'roll' registered twice"):
        rules.add("roll", noop)
    assert rules.of(SimpleNamespace(type="roll")) is noop
    with pytest.raises(InvalidAction, match="not a Toy action"):
        rules.of(SimpleNamespace(type="fly"))
    with pytest.raises(InvalidAction, match="not a Toy action"):
        rules.of(object())


def test_hooks_run_in_the_order_of_their_modules_names():
    def hook(module: str, name: str):
        def fn() -> str:
            return name
        fn.__module__ = module
        return fn

    hooks: Hooks = Hooks()
    for module, name in [("game.trading", "t1"), ("game.credit", "c1"), ("game.municipal", "m1"),
                         ("game.credit", "c2"), ("game.trading", "t2")]:
        hooks.append(hook(module, name))
    assert [fn() for fn in hooks] == ["c1", "c2", "m1", "t1", "t2"]


_HOOK_LISTS = """
import importlib, sys
if sys.argv[1] != "-":
    importlib.import_module(sys.argv[1])
import engine
engine.get_ruleset("mtaani")
from engine.mtaani import bankruptcy, board, cards, flow, properties
for mod in (bankruptcy, board, cards, flow, properties):
    for name, value in sorted(vars(mod).items()):
        if name.endswith("_HOOKS"):
            print(name, [f"{f.__module__}.{f.__qualname__}" for f in value])
"""


def test_mtaani_hooks_are_in_one_order_whichever_module_a_process_imports_first():
    """Before hooks kept their modules' order, a process that imported
    ``engine.mtaani.trading`` (or specials, renovation) first ran the revolution and bankruptcy
    hooks in another order than one that came through the registry."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    orders = {}
    for first in ("-", "engine.mtaani.trading", "engine.mtaani.specials", "engine.mtaani.renovation"):
        out = subprocess.run([sys.executable, "-c", _HOOK_LISTS, first], capture_output=True,
                             text=True, check=True, cwd=root,
                             env={"PYTHONPATH": str(root / "layers" / "engine")})
        orders[first] = out.stdout
    assert "REVOLUTION_HOOKS ['engine.mtaani.events." in orders["-"]
    assert len(set(orders.values())) == 1, orders
