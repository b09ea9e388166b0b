"""Finishing places (``engine.places``): the winner first, then each seat's standing key, ties
sharing the best place of their group (competition ranking)."""

from __future__ import annotations

from engine.core import Outcome, Ruleset


class _Keyed(Ruleset):
    """A stand-in ruleset whose end and standings are given."""

    def __init__(self, winner, keys):
        self._winner, self._keys = winner, keys

    def outcome(self, state):
        return Outcome("test", self._winner)

    def standing_keys(self, state):
        return self._keys


def test_the_winner_is_first_and_ties_share_a_place():
    # Seat 2 wins; seats 0 and 3 tie on (True, 500); seat 1 is out: places 2, 4, 1, 2.
    rs = _Keyed(2, [(True, 500), (False, 0), (True, 100), (True, 500)])
    assert rs.places(None) == [2, 4, 1, 2]


def test_a_game_without_a_winner_ranks_by_standing_alone():
    rs = _Keyed(None, [(3,), (5,), (5,), (1,)])
    assert rs.places(None) == [3, 1, 1, 4]



def test_bankrupt_seats_finish_in_the_order_they_were_knocked_out():
    # Four seats: seat 3 wins (last standing), seat 1 went bankrupt first, then 0, then 2:
    # the one knocked out later finishes higher (places 3, 4, 2, 1), not a shared last place.
    out = [(False, 0)] * 3 + [(True, 900)]
    rs = _Keyed(3, out)
    assert rs.places(None) == [2, 2, 2, 1]                    # no order known: they tie
    assert rs.places(None, knocked_out=[1, 0, 2]) == [3, 4, 2, 1]
    # A seat knocked out before the order was kept counts as the earliest.
    assert rs.places(None, knocked_out=[0, 2]) == [3, 4, 2, 1]


def test_each_game_ranks_its_bankrupt_seats_by_elimination_order():
    import engine

    ids = ["acc_a", "acc_b", "acc_c"]
    # Mtaani: seat 2 wins after seat 0, then seat 1 went bankrupt.
    state = engine.new_game("mtaani", ids, 7, {})
    state.players[0].bankrupt = state.players[1].bankrupt = True
    state.winner, state.termination = 2, "bankruptcy"
    assert engine.places(state, [0, 1]) == [3, 2, 1]
    assert engine.places(state, [1, 0]) == [2, 3, 1]
    # Jiji: seat 0 wins after seat 2, then seat 1 went out.
    state = engine.new_game("jiji", ids, 7, {})
    for seat in (1, 2):
        state.players[seat].out = True
    state.over = {"termination": "bankruptcy", "winner": 0, "standings": [
        {"player": 0, "cash": 500, "districts": 0, "wealth": 500, "out": False},
        {"player": 1, "cash": 0, "districts": 0, "wealth": 0, "out": True},
        {"player": 2, "cash": 0, "districts": 0, "wealth": 0, "out": True}]}
    assert engine.places(state, [2, 1]) == [1, 2, 3]
