"""Siri's bots (the module its ruleset names as ``bots_module``): one cautious bot for every
level, which guesses only when two cards or fewer are still possible, else passes."""

from tests.siri.ruleset import Guess, Pass, _possible


def make(kind: str, seed: int):
    """A bot of ``kind`` (every kind plays the same way here)."""
    return kind


def decide(bot, state, seat: int):
    """``seat``'s action in ``state``, or ``None`` when it is not ``seat``'s turn."""
    if state.over or seat != state.turn:
        return None
    possible = _possible(state)
    return Guess(player=seat, card=possible[0]) if len(possible) <= 2 else Pass(player=seat)
