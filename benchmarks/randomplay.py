"""Random legal Mtaani play: the policy other benchmarks play with, and its own figures (how its
games of each Mtaani ruleset end, their length, games per CPU second).

A seeded policy that prefers moves that advance the game (so random games reach a winner) and
otherwise picks any legal action of the decision holder."""

from __future__ import annotations

import random

import engine

PROGRESS = {"roll", "buy", "decline", "end_turn", "choose_deck", "pay_bail", "bribe",
            "declare_bankruptcy"}


def random_game(seed: int, players: int = 4, ruleset: str = "mtaani", max_actions: int = 20_000,
                max_turns: int | None = None, record: list | None = None):
    """Play random legal actions until the game ends; returns ``(state, actions_applied)``.

    Each step lists the decision holder's legal actions and applies one in place (as a bot's
    self-play does). ``record``, when given, receives every action applied.
    """
    rs = engine.get_ruleset(ruleset)
    rng = random.Random(seed)
    state = engine.new_game(ruleset, [f"p{i}" for i in range(players)], seed,
                            {"max_turns": max_turns} if max_turns else {})
    count = 0
    while rs.outcome(state) is None and count < max_actions:
        decision = rs.pending(state)[0]
        legal = list(rs.legal_actions(state, decision.player))
        progress = [a for a in legal if a.type in PROGRESS]
        # Raising funds: mostly give up quickly, so random games end.
        action = rng.choice(progress) if progress and rng.random() < 0.85 else rng.choice(legal)
        state = rs.apply_in_place(state, action).state
        if record is not None:
            record.append(action)
        count += 1
    return state, count


SMOKE = {"games": 1}
"""``make test``'s size (tests/test_benchmarks_smoke.py)."""


def main(games: int = 20) -> None:
    """This policy's games of both Mtaani rulesets at 2 and 4 seats: how they end, their length
    and their speed (CPU seconds of this process). The benchmarks built on it (engine_games,
    state_size, capacity's play) rely on its games ending."""
    import time
    from collections import Counter

    for ruleset in ("mtaani", "mtaani-classic"):
        for players in (2, 4):
            endings: Counter[str] = Counter()
            actions = turns = 0
            cpu = time.process_time()
            for seed in range(games):
                state, count = random_game(seed, players, ruleset, max_turns=2_000)
                endings[state.termination or "unfinished"] += 1
                actions += count
                turns += state.turn
            cpu = time.process_time() - cpu
            print(f"{ruleset:<15} {players} seats: {games} games ({dict(endings)}), "
                  f"{actions / games:,.0f} actions and {turns / games:,.0f} turns a game, "
                  f"{games / cpu:.1f} games and {actions / cpu:,.0f} actions per CPU second")
