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

