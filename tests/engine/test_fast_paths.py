"""The engine's fast paths change nothing but the time taken.

- ``MtaaniRuleset.apply`` copies with ``MtaaniState.copy``: the copy is the state a reload of
  the stored form gives, and changing it leaves the original as it was.
- Self-play applies with the core reducer's quiet path (``Ruleset.quiet_player``, which is
  ``Ruleset.play(checked=True, quiet=True)``: no second check of a bot's legal choice, no
  events): every state it reaches is the one ``apply_in_place`` reaches, and ``play`` without
  ``quiet`` returns the same events (the ruleset kit holds every game's paths alike).
"""

from __future__ import annotations

import random

import engine
from engine.mtaani.bots import selfplay

PROGRESS = ("roll", "buy", "decline", "end_turn", "choose_deck", "pay_bail", "bribe")


def test_copy_is_a_deep_copy_equal_to_a_reload():
    rs = engine.get_ruleset("mtaani")
    result = selfplay.play(["advanced", "smart", "base"], 21, max_turns=120, record=True)
    for state, _action in selfplay.replay(result.history):
        copy = state.copy()
        assert copy == state == engine.load_state(engine.dump_state(state))
        assert engine.dump_state(copy) == engine.dump_state(state)
        before = engine.dump_state(state)
        for p in copy.players:
            p.cash += 1
            p.cash_history.append(1)
        for prop in copy.props.values():
            prop.units += 1
        copy.queue.clear()
        copy.decks["mtaani"].pile.reverse()
        assert engine.dump_state(state) == before
    assert rs.outcome(state) is not None


def test_quiet_checked_play_reaches_the_states_apply_in_place_reaches():
    rs = engine.get_ruleset("mtaani")
    for seed in range(3):
        rng = random.Random(seed)
        loud = engine.new_game("mtaani", ["a", "b", "c"], seed, {"max_turns": 150})
        quiet = loud.copy()
        plain = loud.copy()
        while rs.outcome(loud) is None:
            seat = rs.waiting_seats(loud)[0]
            legal = list(rs.legal_actions(loud, seat))
            progress = [a for a in legal if a.type in PROGRESS]
            action = rng.choice(progress) if progress and rng.random() < 0.7 else rng.choice(legal)
            events = rs.apply_in_place(loud, action).events
            assert rs.play(plain, action) == events
            assert rs.play(quiet, action, checked=True, quiet=True) == []
            assert engine.dump_state(quiet) == engine.dump_state(plain) == engine.dump_state(loud)


def test_self_play_histories_replay_through_apply_in_place():
    for kinds, seed in ((["base"] * 4, 5), (["advanced", "smart"], 6)):
        result = selfplay.play(kinds, seed, max_turns=200, record=True)
        *_, (final, last) = selfplay.replay(result.history)  # apply_in_place, checked
        assert last is None and final.winner == result.winner and final.turn == result.turns


def test_the_roll_draws_the_dice_rng_dice_draws():
    from engine import rng
    from engine.mtaani.flow import RULES, new_ctx

    rs = engine.get_ruleset("mtaani")
    dice = rs.book.rules.dice
    for seed in range(40):
        state = engine.new_game("mtaani", ["a", "b"], seed)
        before = state.copy()
        RULES["roll"].perform(new_ctx(rs.book, state), engine.parse_action(state, {"type": "roll", "player": 0}))
        assert state.dice == rng.dice(before, dice.count, dice.sides)  # the same draws, in order


def test_a_kept_mortgage_count_stays_exact_through_random_games():
    from engine.mtaani.properties import count_mortgages

    rs = engine.get_ruleset("mtaani")
    mortgaged = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = engine.new_game("mtaani", ["a", "b", "c"], seed, {"max_turns": 200})
        count_mortgages(state)
        while rs.outcome(state) is None:
            seat = rs.waiting_seats(state)[0]
            legal = list(rs.legal_actions(state, seat))
            action = rng.choice(legal)  # any action: mortgages, lifts, bankruptcies alike
            rs.apply_in_place(state, action)
            assert state.mortgages == sum(p.mortgaged for p in state.props.values())
            mortgaged = max(mortgaged, state.mortgages)
    assert mortgaged > 0


def test_self_play_plays_the_same_games_without_the_mortgage_count(monkeypatch):
    for kinds, seed in ((["base"] * 4, 1000), (["advanced", "smart", "base"], 7)):
        counted = selfplay.play(kinds, seed, max_turns=300, record=True).history
        monkeypatch.setattr(selfplay, "count_mortgages", None)
        uncounted = selfplay.play(kinds, seed, max_turns=300, record=True).history
        monkeypatch.undo()
        assert counted == uncounted


def test_draws_are_blake2b_of_seed_and_counter():
    """rng hashes a copy of a kept ``"{seed}:"`` hasher: every draw is still the BLAKE2b-64 of
    ``"{seed}:{counter}"`` (the module docstring), for int and other seeds, die after die."""
    from hashlib import blake2b

    from engine import rng

    class Seeded:
        def __init__(self, seed):
            self.seed, self.rng_counter, self.scripted = seed, 0, {}

    def by_hand(seed, counter, n):
        digest = blake2b(f"{seed}:{counter}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") % n

    for seed in (0, 7, 2**40 + 3, -5, "s"):
        state = Seeded(seed)
        for counter in range(1, 40, 3):
            assert rng.below(state, 97) == by_hand(seed, counter, 97)
            assert rng.faces(state, 2, 6) == [1 + by_hand(seed, counter + 1, 6),
                                              1 + by_hand(seed, counter + 2, 6)]
            assert state.rng_counter == counter + 2
    assert rng.faces(Seeded(1), 0, 0) == []


def test_the_base_bots_quick_answer_is_the_one_its_handlers_give():
    """BaseBot.quick (rolling, ending the turn, a jailed turn, buying, a deck, a Municipal
    rule, without the listing object) answers only where the handlers, reading the lazy
    listing, give that very action, and the action is legal."""
    from engine.mtaani.bots import make
    from engine.mtaani.legal import LazyLegalActions
    from engine.mtaani.properties import count_mortgages

    rs = engine.get_ruleset("mtaani")
    bot = make("base", 3)
    answered = {"turn": 0, "end": 0, "buy": 0, "deck": 0, "municipal": 0}
    jailed = mortgaged = 0

    class OwnWay(type(bot)):  # answers its buys and ends its turns its own way
        def on_buy(self, t, legal):
            return None

        def on_end(self, t, legal):
            return None

    own_way = OwnWay(3)
    for seed in range(4):
        result = selfplay.play(["base"] * 4, seed, max_turns=150, record=True)
        for state, action in selfplay.replay(result.history):
            if action is None or state.decision is None:
                continue
            count_mortgages(state)  # as self-play keeps it
            seat, kind = state.decision.player, state.decision.kind
            quick = bot.quick(rs.book, state, seat, kind)
            if kind in ("buy", "end"):
                assert own_way.quick(rs.book, state, seat, kind) is None  # its handler is asked
            if quick is None:
                continue
            answered[kind] += 1
            jailed += kind == "turn" and state.players[seat].jail_turns > 0
            mortgaged += kind == "end" and state.mortgages > 0
            legal = LazyLegalActions(rs.book, state, seat)
            assert bot.choose_listed(rs.book, state, seat, legal) is quick
            assert quick in rs.legal_actions(state, seat)
            assert quick == action  # what the recorded game played
    assert answered["turn"] > 100 and answered["end"] > 100
    assert answered["buy"] > 20 and answered["deck"] > 5 and answered["municipal"] > 0
    assert jailed > 0 and mortgaged > 0


def test_mulodi_makers_build_what_make_builds():
    """actions.maker's positional constructors give the very model act.make gives (fields,
    their order, the fields set, the wire form), and refuse fields they cannot fill."""
    import pytest

    from engine.mulodi import actions as act

    cases = [(act.Bank, {"player": 1, "card": "c017"}),
             (act.PlayProperty, {"player": 0, "card": "c040", "colour": "pink"}),
             (act.MoveWildcard, {"player": 2, "card": "c050", "colour": "red"}),
             (act.Rent, {"player": 0, "card": "c080", "colour": "green", "doubles": 1}),
             (act.MultiRent, {"player": 1, "card": "c090", "colour": "brown", "target": 0, "doubles": 0}),
             (act.EndTurn, {"player": 0, "returned": ["c001", "c002"]}),
             (act.YaayeDeal, {"player": 0, "card": "c003", "target": 1, "colour": "red", "set": 1})]
    for cls, fields in cases:
        made = act.maker(cls, *fields)(*fields.values())
        want = act.make(cls, **fields)
        assert type(made) is cls and made == want
        if cls is not act.EndTurn:  # (a list field: neither hashes)
            assert hash(made) == hash(want)
        assert list(made.__dict__.items()) == list(want.__dict__.items())
        assert made.__pydantic_fields_set__ == want.__pydantic_fields_set__ == set(fields)
        assert made.model_dump(mode="json") == want.model_dump(mode="json")
        assert made.model_dump(exclude_unset=True) == want.model_dump(exclude_unset=True)
        assert cls.model_validate(made.model_dump()) == made
    assert act.maker(act.PlayProperty, "player", "card")(0, "c040").colour is None
    with pytest.raises(ValueError):
        act.maker(act.Bank, "player", "nope")


def test_a_roll_lands_at_once_as_the_queued_landing_would(monkeypatch):
    """A roll resolves its landing at once when nothing waits (``move_forward(last=True)``):
    every state and event is the one the queued landing (the ``land`` step run by
    ``advance``) gives, over random games of both presets, scripted dice included."""
    from engine.mtaani import board

    queued_move = board.move_forward

    def queued(ctx, player, steps, via, land=True, last=False):
        queued_move(ctx, player, steps, via, land)  # always through the queue

    at_once = 0
    for ruleset, seed in (("mtaani", 0), ("mtaani", 1), ("mtaani-classic", 2)):
        rs = engine.get_ruleset(ruleset)
        rng = random.Random(seed)
        state = engine.new_game(ruleset, ["a", "b", "c"], seed, {"max_turns": 120})
        while rs.outcome(state) is None:
            seat = rs.waiting_seats(state)[0]
            legal = list(rs.legal_actions(state, seat))
            progress = [a for a in legal if a.type in PROGRESS]
            action = rng.choice(progress) if progress and rng.random() < 0.8 else rng.choice(legal)
            other = state.copy()
            events = rs.play(state, action)
            with monkeypatch.context() as patched:
                patched.setattr(board, "move_forward", queued)
                assert rs.play(other, action) == events
            assert engine.dump_state(other) == engine.dump_state(state)
            at_once += action.type == "roll" and not state.queue
    assert at_once > 100
