"""Invariants of random Jiji games (hypothesis): after every action, money is conserved
(players' cash plus the bank's), no district carries more than 8 blocks, at most 2 stadiums
and 1 tower stand (1 skyscraper a group), a mortgaged district charges nothing, the permit
buildings and Chance cards are all accounted for, and a bankrupt player holds nothing."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.jiji.data import book
from engine.jiji.rent import counted_blocks, rent_value
from tests.engine.kit import Table, random_step

B = book()


def check(state, events) -> None:
    assert state.bank + sum(p.cash for p in state.players) == B.bank_cash
    assert all(p.cash >= 0 for p in state.players)
    for space, d in state.districts.items():
        assert 0 <= d.res + d.ind <= B.max_blocks
        assert counted_blocks(B, d) <= B.max_blocks
        if d.mortgage:
            assert rent_value(B, state, space) == 0
            assert d.owner is not None
        if d.owner is None:
            assert not (d.res or d.ind or d.station or d.stadium or d.skyscraper or d.tower)
    assert sum(d.stadium for d in state.districts.values()) <= B.stadiums
    assert sum(d.tower for d in state.districts.values()) <= B.towers
    for group in B.groups.values():
        assert sum(state.districts[s].skyscraper for s in group.spaces) <= 1
        assert sum(state.districts[s].stadium for s in group.spaces) <= 1
    placed = {}
    for d in state.districts.values():
        if d.permit is not None:
            placed[d.permit] = placed.get(d.permit, 0) + 1
    for kind, count in B.supply.items():
        assert state.supply[kind] + placed.get(kind, 0) == count
    held = [c for p in state.players for c in p.cards]
    assert sorted(state.pile + state.discard + held) == sorted(B.card_ids)
    for seat, p in enumerate(state.players):
        if p.out:
            assert p.cash == 0 and not p.cards
            assert all(d.owner != seat for d in state.districts.values())
    for event in events:
        if event["type"] == "RentDue":
            assert not state.districts[event["district"]].mortgage or event["amount"] == 0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6), bots=st.floats(0.3, 0.9))
def test_random_games_keep_the_invariants(seed, players, bots):
    table = Table.deal("jiji", players, seed)
    rng = random.Random(seed)
    check(table.state, [])
    for _ in range(400):
        if table.over:
            break
        before = len(table.log)
        random_step(table, rng, bot_share=bots)
        check(table.state, table.log[before:])


def test_a_mortgaged_district_is_never_paid_rent_in_a_long_game():
    table = Table.deal("jiji", 4, 99, {"end": "last_standing"})
    rng = random.Random(99)
    paid = 0
    for _ in range(3000):
        if table.over:
            break
        before = len(table.log)
        random_step(table, rng, bot_share=0.8)
        for event in table.log[before:]:
            if event["type"] == "RentDue":
                assert not table.state.districts[event["district"]].mortgage
                paid += 1
        check(table.state, [])
    assert paid


def test_kit_games_end_both_by_bankruptcy_and_by_the_clock():
    """The kit's short tables (a clock table) end both ways at 2 to 6 seats."""
    from tests.engine.kit import play_out

    endings = {}
    for i in range(10):
        table = play_out("jiji", 2 + i % 5, 73_910_000_000_000 + i)
        outcome = table.ruleset.outcome(table.state)
        endings.setdefault(outcome.termination, []).append(2 + i % 5)
        if outcome.termination == "clock":
            rows = table.state.over["standings"]
            best = max(r["wealth"] for r in rows)
            assert outcome.winner is None or rows[outcome.winner]["wealth"] == best
    assert set(endings) == {"bankruptcy", "clock"}, endings
