"""Random legal play for benchmarks: a seeded policy that prefers moves that advance the game
(so random games reach a winner) and otherwise picks any legal action of the decision holder."""

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
