"""Property-based tests (hypothesis): random legal games from random positions.

After every action: money is conserved (cash + pool never changes after the deal); no
property has more than 5 units and every set is built evenly, only when complete and
unmortgaged; no fee is charged on a mortgaged property; a bankrupt player owns nothing; cash is
never negative and payments only wait while the game is in the raise-funds state.
Also: ``legal_actions`` and ``apply`` agree (every listed action applies; a random well-formed
action applies exactly when it is in ``legal_actions``), and replaying a game's actions from
its seed reproduces it exactly.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import engine
from engine.mtaani import properties as prop
from engine.mtaani.actions import ACTION_TYPES
from engine.mtaani.data import rulebook
from engine.mtaani.flow import Ctx
from engine.mtaani.state import MtaaniState
from tests.engine.helpers import PART1_ACTIONS, idle_action

BOOK = rulebook("current")
RULESET = engine.get_ruleset("mtaani")
PROGRESS = ("roll", "buy", "decline", "choose_deck", "end_turn", "pay_bail", "bribe")


@st.composite
def positions(draw) -> MtaaniState:
    """A dealt game moved to a random position: owners, units (even, on complete sets),
    mortgages, cash, the revolution count and jail sentences, with the table's total money
    unchanged (the pool takes up the difference)."""
    players = draw(st.integers(2, 4))
    seed = draw(st.integers(0, 2**31))
    state = engine.new_game("mtaani", [f"p{i}" for i in range(players)], seed)
    total = state.pool + sum(p.cash for p in state.players)
    owners = st.one_of(st.none(), st.integers(0, players - 1))
    for tile in BOOK.properties:
        state.props[tile].owner = draw(owners)
    for tiles in BOOK.set_tiles.values():
        first = state.props[tiles[0]].owner
        complete = first is not None and all(state.props[t].owner == first for t in tiles)
        level = draw(st.integers(0, 5)) if complete else 0
        if level:
            extra = draw(st.lists(st.booleans(), min_size=len(tiles), max_size=len(tiles)))
            for tile, plus in zip(tiles, extra, strict=True):
                state.props[tile].units = min(5, level - 1 + plus)
            if not any(state.props[t].units for t in tiles):
                state.props[tiles[0]].units = 1
        else:
            for tile in tiles:
                owned = state.props[tile].owner is not None
                state.props[tile].mortgaged = owned and draw(st.booleans())
    for player in state.players:
        player.cash = draw(st.integers(0, 2_500_000))
    state.pool = total - sum(p.cash for p in state.players)
    state.revolutions = draw(st.integers(0, 40))
    state.players[0].jail_turns = draw(st.sampled_from([0, 0, 1, 3, 5]))
    if state.players[0].jail_turns:
        state.players[0].position = BOOK.jail
    return state


def choose(rng: random.Random, legal: list) -> object:
    """A random legal action, by type first (so rare types get played), progress-biased."""
    by_type: dict[str, list] = {}
    for action in legal:
        by_type.setdefault(action.type, []).append(action)
    progress = [t for t in by_type if t in PROGRESS]
    if progress and rng.random() < 0.6:
        kind = rng.choice(progress)
    else:
        kind = rng.choice(sorted(by_type))
        if kind == "declare_bankruptcy" and len(by_type) > 1 and rng.random() < 0.8:
            kind = rng.choice(sorted(set(by_type) - {"declare_bankruptcy"}))
    return rng.choice(by_type[kind])


def check_invariants(before: MtaaniState, after: MtaaniState, events: list[dict], total: int) -> None:
    ctx = Ctx(BOOK, after)
    assert after.pool + sum(p.cash for p in after.players) == total, "money not conserved"
    assert after.pool >= 0 and all(p.cash >= 0 for p in after.players), "negative cash"
    for set_id, tiles in BOOK.set_tiles.items():
        units = [after.props[t].units for t in tiles]
        assert all(0 <= u <= 5 for u in units), f"{set_id}: units out of range {units}"
        if any(units):
            assert max(units) - min(units) <= 1, f"{set_id}: uneven {units}"
            owner = after.props[tiles[0]].owner
            assert owner is not None and prop.owns_set(ctx, owner, set_id), f"{set_id}: built, not complete"
            assert not any(after.props[t].mortgaged for t in tiles), f"{set_id}: built and mortgaged"
    for tile, p in after.props.items():
        if p.mortgaged:
            assert prop.fee(ctx, tile) == 0
    for event in events:
        if event.get("reason") == "fee" and event["type"] in ("Payment", "DebtOwed"):
            payee = event.get("payee", event.get("creditor"))
            if isinstance(payee, int):
                tile = after.props[event["tile"]]
                assert not tile.mortgaged, f"fee charged on mortgaged tile {event['tile']}"
                assert tile.owner == payee or after.players[payee].bankrupt
    for seat, player in enumerate(after.players):
        assert 0 <= player.position < BOOK.size and player.jail_turns >= 0
        if player.bankrupt:
            assert player.cash == 0 and player.jail_turns == 0
            assert not any(p.owner == seat for p in after.props.values()), "bankrupt owns property"
            assert player.insurance == 0 and seat not in after.specials.values(), "bankrupt holds cards"
            assert not any(d.debtor == seat for d in after.debts)
    assert after.revolutions >= before.revolutions
    completed = [e["revolution"] for e in events if e["type"] == "RevolutionCompleted"]
    assert completed == list(range(before.revolutions + 1, after.revolutions + 1))
    if after.termination is not None:
        assert after.decision is None and not after.debts and not after.queue
        active = [i for i, p in enumerate(after.players) if not p.bankrupt]
        if after.termination == "bankruptcy":
            assert active == [after.winner]
        return
    decision = after.decision
    assert decision is not None and not after.players[decision.player].bankrupt
    # Payments wait only in the raise-funds state, and only the debtor decides then.
    assert bool(after.debts) == (decision.kind == "debt")
    if after.debts:
        assert decision.player == after.debts[0].debtor
        assert after.players[decision.player].cash < after.debts[0].amount


def play(state: MtaaniState, rng: random.Random, steps: int, on_step=None) -> list[dict]:
    """Play up to ``steps`` random legal actions on ``state`` (in place); returns the actions."""
    total = state.pool + sum(p.cash for p in state.players)
    played = []
    for _ in range(steps):
        if state.termination is not None:
            break
        legal = list(RULESET.legal_actions(state, state.decision.player))
        assert legal, "the decision holder has no legal action"
        action = choose(rng, legal)
        before = state.model_copy(deep=True)
        result = RULESET.apply_in_place(state, action)
        state, events = result.state, result.events
        played.append(action.model_dump())
        check_invariants(before, state, events, total)
        if on_step:
            on_step(state, rng)
    return played


# No shrinking: an example is a start position and a policy seed, so a smaller one rarely
# explains more, and shrinking whole games takes many minutes. A failure prints its example.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
SLOW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                derandomize=True, phases=NO_SHRINK)


@SLOW
@given(positions(), st.integers(0, 2**31))
def test_invariants_hold_after_every_action_of_random_games(state, policy_seed):
    play(state, random.Random(policy_seed), steps=300)


@settings(max_examples=12, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(st.integers(2, 4), st.integers(0, 2**31))
def test_random_games_from_the_deal_keep_the_invariants_to_the_end(players, seed):
    state = engine.new_game("mtaani", [f"p{i}" for i in range(players)], seed)
    play(state, random.Random(seed), steps=600)


# ------------------------------------------------------------------------------- agreement
FREE_FIELDS = {"minute", "amount"}
"""Free parameters: the listing offers one value; every other value is legal alongside it."""


def canonical(action) -> tuple:
    return (action.type, action.player,
            tuple(sorted((k, v) for k, v in action.model_dump().items()
                         if k not in FREE_FIELDS and k not in ("type", "player"))))


def random_action(rng: random.Random, state: MtaaniState):
    """A well-formed (schema-valid) part-1 action (or the table's timeout) with random fields."""
    kind = rng.choice(sorted(PART1_ACTIONS | {"timeout"}))
    data: dict = {"type": kind, "player": rng.randrange(0, len(state.players) + 1)}
    fields = ACTION_TYPES[kind].model_fields
    if "tile" in fields:
        data["tile"] = rng.randrange(0, 50)
    if "set" in fields:
        data["set"] = rng.choice([*BOOK.set_tiles, "estates-99"])
    if "target" in fields:
        data["target"] = rng.randrange(1, 6) if kind == "build_batch" else rng.randrange(0, 5)
    if "deck" in fields:
        data["deck"] = rng.choice(["mtaani", "mathree"])
    if "minute" in fields:
        data["minute"] = rng.randrange(0, 30_000_000)
    if "amount" in fields:
        data["amount"] = rng.choice([None, rng.randrange(1, 3_000_000)])
    if "decision" in fields:
        data["decision"] = max(0, state.decision_seq + rng.randrange(-2, 2))
    return engine.parse_action("mtaani", data)


def check_agreement(state: MtaaniState, rng: random.Random) -> None:
    if state.termination is not None:
        return
    for seat in range(len(state.players)):
        legal = engine.legal_actions(state, seat)
        for action in legal:  # every type, part 2's included
            assert action in legal
            engine.apply(state, action)  # raises if a listed action is refused
    for _ in range(12):
        action = random_action(rng, state)
        try:
            engine.apply(state, action)
            accepted = True
        except engine.EngineError:
            accepted = False
        if action.type == "timeout":
            # The table's system action: offered through idle_action, not listed for players.
            assert accepted == (action == idle_action(state)), action
            assert action not in engine.legal_actions(state, action.player)
            continue
        legal = engine.legal_actions(state, action.player) if action.player < len(state.players) else []
        assert accepted == (action in legal), action
        assert accepted == (canonical(action) in {canonical(a) for a in legal}), action


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          derandomize=True, phases=NO_SHRINK)
@given(positions(), st.integers(0, 2**31))
def test_legal_actions_and_apply_agree(state, policy_seed):
    rng = random.Random(policy_seed)
    check_agreement(state, rng)
    play(state, rng, steps=80, on_step=check_agreement)


# ------------------------------------------------------------------------------- replay
@settings(max_examples=8, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(st.integers(2, 4), st.integers(0, 2**31))
def test_replaying_the_actions_from_the_seed_reproduces_the_game(players, seed):
    ids = [f"p{i}" for i in range(players)]
    state = engine.new_game("mtaani", ids, seed)
    actions = play(state, random.Random(seed), steps=400)
    replay = engine.new_game("mtaani", ids, seed)
    for data in actions:
        replay = engine.apply(replay, data).state
    assert engine.dump_state(replay) == engine.dump_state(state)
    # And the stored form round-trips.
    assert engine.load_state(engine.dump_state(state)) == state
