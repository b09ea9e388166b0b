"""The ruleset kit: what every registered ruleset must pass (``engine.rulesets()``), so a new game
is covered by registering it.

- Random legal games (random moves and Base bots, deadlines passing on a virtual clock) reach
  their end at every seat count the ruleset allows.
- Replay: the seed and the recorded actions rebuild exactly the same stored state.
- Legality: every action ``legal_actions`` lists is accepted by ``apply``; other actions (other
  seats', other types, altered fields) are refused with an ``EngineError`` and leave the state
  unchanged; a bot only chooses legal actions.
- Hidden information: ``view(state, s) == view(redeterminize(state, s, rng), s)`` for every seat
  and the spectator (and the legal actions agree), while redeterminize does change what is
  hidden; the event log each seat reads is built from the allow-list (every event type and
  field is declared), and no view or readable event carries the ruleset's secrets (the seed,
  cards hidden from the reader).

``KIT_GAMES`` (environment) sets the random games per ruleset (default 24, spread over the seat
counts); ``make bench`` plays many more.
"""

from __future__ import annotations

import json
import os
import random

import pytest

import engine
from engine import orders
from engine.context import Ctx, Rules
from tests.engine.kit import Table, found, play_out, random_step, replay

RULESETS = engine.rulesets()
GAMES = int(os.environ.get("KIT_GAMES", "24"))
SPECTATOR = None
SEED_BASE = 73_910_000_000_000
"""Seeds of the kit's games: long numbers, so a seed found in a view is a leak, not a price."""


def seat_counts(name: str) -> list[int]:
    rs = engine.get_ruleset(name)
    return list(range(rs.min_players, rs.max_players + 1))


def games_of(name: str) -> list[tuple[int, int]]:
    """``(players, seed)`` pairs: :data:`GAMES` games spread over the seat counts."""
    counts = seat_counts(name)
    return [(counts[i % len(counts)], SEED_BASE + i) for i in range(GAMES)]


def dumps(value) -> str:
    return json.dumps(value, sort_keys=True, default=str)


@pytest.mark.parametrize("name", RULESETS)
def test_the_ruleset_declares_itself(name):
    rs = engine.get_ruleset(name)
    assert rs.name == name and rs.game and rs.title and rs.game_title
    assert engine.game_of(name) == rs.game and name in engine.rulesets_of(rs.game)
    assert 1 <= rs.min_players <= rs.max_players
    assert rs.actions and all("type" in cls.model_fields for cls in rs.actions)
    types = [cls.model_fields["type"].default for cls in rs.actions]
    assert len(types) == len(set(types)) and not set(types) & rs.system_actions
    assert rs.table_options is not None
    rs.table_options.model_validate(dict(rs.short_game_options))
    assert rs.bus_events <= set(rs.event_shapes)
    guide = rs.guide()
    assert isinstance(guide, dict) and json.loads(json.dumps(guide)) == guide


@pytest.mark.parametrize("name", RULESETS)
def test_bad_action_input_is_refused_alike(name):
    """Every game refuses malformed input the same way (``engine.read_action``): one error,
    :class:`engine.InvalidAction`, worded alike, and the state untouched."""
    rs = engine.get_ruleset(name)
    state = engine.new_game(name, [f"p{i}" for i in range(rs.min_players)], seed=SEED_BASE)
    before = engine.dump_state(state)
    with pytest.raises(engine.InvalidAction, match=f"^unknown {rs.game_title} action 'fly'; known: "):
        engine.apply(state, {"type": "fly", "player": 0})
    kind = next(iter(engine.legal_actions(state, engine.pending(state)[0].player or 0))).type
    with pytest.raises(engine.InvalidAction, match=f"^{kind}: player: "):
        engine.apply(state, {"type": kind, "player": "first"})
    with pytest.raises(engine.InvalidAction, match=r"^an action is a JSON object$"):
        engine.parse_action(name, ["roll"])
    assert engine.dump_state(state) == before


REDUCER = ("apply", "apply_in_place", "play", "quiet_player", "recognise", "_reduce")
"""The one reducer's sequence (``engine.Ruleset``): a ruleset supplies its steps, never these."""


@pytest.mark.parametrize("name", RULESETS)
def test_actions_apply_through_the_one_reducer_whichever_path(name):
    """Every game applies actions through the core's one sequence (it overrides none of
    :data:`REDUCER`; its rule registry, an :class:`engine.context.Rules`, has a rule for each
    action type; its actions run in an :class:`engine.context.Ctx`, the shared toolkit whose
    transfers move the money), and the sequence's
    four ways of applying (a copy; in place; ``play`` checked and quiet; the self-play loop's
    ``quiet_player``) reach the same state after every move of a random game, counting a step
    for each where the state counts them."""
    rs = engine.get_ruleset(name)
    for method in REDUCER:
        assert getattr(type(rs), method) is getattr(engine.Ruleset, method), (
            f"{name} overrides the reducer's {method}")
    assert set(rs.rules) == set(rs.action_types) == {
        cls.model_fields["type"].default for cls in rs.actions} | set(rs.system_actions)
    assert isinstance(rs.rules, Rules), f"{name}: its rules are not an engine.context.Rules"
    table = play_out(name, rs.min_players, SEED_BASE + 11)
    fresh = rs.new_game(table.players, table.seed, dict(table.options))
    assert isinstance(rs.context(fresh, False), Ctx) and isinstance(rs.context(fresh, True), Ctx)
    copied = engine.new_game(name, table.players, table.seed, table.options)
    in_place, checked, quiet = copied.copy(), copied.copy(), copied.copy()
    step = rs.quiet_player(quiet)
    for n, move in enumerate(table.moves, start=1):
        result = rs.apply(copied, move.action)
        assert result.events == move.events
        copied = result.state
        assert rs.apply_in_place(in_place, move.action).events == move.events
        assert rs.play(checked, move.action, checked=True, quiet=True) == []
        step(move.action)
        assert engine.dump_state(in_place) == engine.dump_state(copied) == \
            engine.dump_state(checked) == engine.dump_state(quiet), f"{name}: move {n} differs"
        if rs.counts_steps:
            assert copied.steps == quiet.steps == n


@pytest.mark.parametrize("name", RULESETS)
def test_an_action_of_another_game_is_refused_as_unknown(name):
    """One error for an action the game does not know, whatever game it comes from:
    :class:`engine.InvalidAction` ``"not a <game> action"``, the state untouched."""
    rs = engine.get_ruleset(name)
    state = engine.new_game(name, [f"p{i}" for i in range(rs.min_players)], seed=SEED_BASE)
    before = engine.dump_state(state)
    seat = engine.pending(state)[0].player or 0
    foreign = [engine.get_ruleset(other).parse_action({"type": "end_turn", "player": seat})
               for other in engine.rulesets() if engine.game_of(other) != rs.game
               and "end_turn" in engine.get_ruleset(other).action_types]
    assert foreign
    for action in [*foreign, engine.Outcome("x", None), {"type": "end_turn", "player": seat}]:
        for apply in (rs.apply, rs.apply_in_place, rs.play):
            with pytest.raises(engine.InvalidAction, match=f"^not a {rs.game_title} action$"):
                apply(state, action)
    assert engine.dump_state(state) == before


@pytest.mark.parametrize("name", RULESETS)
def test_states_keep_the_one_state_protocol(name):
    """Every game's state has ``ruleset``, ``seed``, ``copy()``, ``dump()`` (the stored form
    as data) and ``dump_json()`` (the same as text: what ``dump_state`` stores); ``steps``
    where the ruleset counts them (:attr:`engine.Ruleset.counts_steps`)."""
    rs = engine.get_ruleset(name)
    table = play_out(name, rs.min_players, SEED_BASE + 12)
    state = table.state
    assert isinstance(state, engine.GameState)
    assert state.ruleset == name and state.seed == table.seed
    assert state.dump() == json.loads(state.dump_json()) == json.loads(engine.dump_state(state))
    assert state.copy() is not state and state.copy().dump() == state.dump()
    if rs.counts_steps:
        assert state.steps == len(table.moves)


@pytest.mark.parametrize("name", RULESETS)
def test_seat_counts_outside_the_range_are_refused(name):
    rs = engine.get_ruleset(name)
    for count in (rs.min_players - 1, rs.max_players + 1):
        with pytest.raises(engine.InvalidAction):
            engine.new_game(name, [f"p{i}" for i in range(count)], 1, dict(rs.short_game_options))
    with pytest.raises(engine.InvalidAction):
        engine.new_game(name, ["p0"] * rs.min_players, 1, dict(rs.short_game_options))
    with pytest.raises(engine.InvalidAction):
        engine.new_game(name, [f"p{i}" for i in range(rs.min_players)], 1, {"no_such_option": 1})


@pytest.mark.parametrize("name", RULESETS)
def test_a_table_takes_any_idle_timeout_its_lobby_gives_it(name):
    """The service fills ``idle_timeout_seconds`` in from the lobby or the deployment's default,
    which may be seconds (the local stack's tests use 2): a ruleset that takes the option takes
    any length from a second, and its turn's idle deadline is that long."""
    rs = engine.get_ruleset(name)
    if "idle_timeout_seconds" not in rs.table_options.model_fields:
        return
    players = [f"p{i}" for i in range(rs.min_players)]
    state = engine.new_game(name, players, 1, {**rs.short_game_options, "idle_timeout_seconds": 2})
    idle = [d.deadline.seconds for d in rs.pending(state) if d.deadline and d.deadline.kind == "idle_turn"]
    assert idle == [2]


@pytest.mark.parametrize("name", RULESETS)
def test_random_games_end_and_replay_from_seed_and_actions(name):
    endings = set()
    for players, seed in games_of(name):
        table = play_out(name, players, seed)
        outcome = table.ruleset.outcome(table.state)
        endings.add(outcome.termination)
        assert outcome.winner is None or 0 <= outcome.winner < players
        assert table.ruleset.pending(table.state) == ()
        assert engine.dump_state(replay(table)) == engine.dump_state(table.state), (
            f"{name} game {seed} did not replay from its seed and actions")
        if seed < SEED_BASE + 4:
            # Seat ids do not steer the game: a replay with other ids (the anonymous names
            # of erased accounts, from the deal on) reaches the same state but for the ids.
            others = [f"anon:kit{i}" for i in range(players)]
            renamed = table.state
            for seat, other in enumerate(others):
                renamed = table.ruleset.rename_player(renamed, seat, other)
            assert engine.dump_state(replay(table, others)) == engine.dump_state(renamed)
        # Stored and loaded, the state is the same game.
        again = engine.load_state(engine.dump_state(table.state))
        assert engine.dump_state(again) == engine.dump_state(table.state)
    assert endings


def _sampled_states(name: str, count: int = 6, every: int = 7):
    """Tables in the middle of random games: every ``every`` steps of ``count`` games."""
    for players, seed in games_of(name)[:count]:
        table = Table.deal(name, players, seed)
        rng = random.Random(seed)
        step = 0
        while not table.over and step < 1500:
            random_step(table, rng)
            step += 1
            if step % every == 0 and not table.over:
                yield table, rng


def _altered(action, rng: random.Random, players: int):
    """A nearby action: another seat, or a field changed to another value of its type."""
    data = action.model_dump(mode="json")
    fields = [k for k in data if k != "type"]
    key = rng.choice(fields)
    value = data[key]
    if key == "player" or (isinstance(value, int) and not isinstance(value, bool)):
        data[key] = rng.choice([v for v in range(-1, players + 30) if v != value])
    elif isinstance(value, bool):
        data[key] = not value
    elif isinstance(value, str):
        data[key] = value + "x"
    elif isinstance(value, list):
        data[key] = value[:-1] if value else [0]
    else:
        data[key] = None
    return data


@pytest.mark.parametrize("name", RULESETS)
def test_listed_actions_apply_and_others_are_refused_leaving_the_state_as_it_was(name):
    checked = refused = 0
    for table, rng in _sampled_states(name, count=4, every=11):
        rs, state = table.ruleset, table.state
        before = engine.dump_state(state)
        players = len(table.players)
        for seat in range(players):
            legal = rs.legal_actions(state, seat)
            for action in legal:
                action = engine.stamp(action, table.now)
                assert action in legal
                rs.apply(state, action)  # raises if a listed action is refused
                checked += 1
            # Nearby actions that are not listed: refused, with a typed error.
            listed = {json.dumps(a.model_dump(mode="json"), sort_keys=True) for a in legal}
            for action in list(legal)[:3]:
                data = _altered(action, rng, players)
                if json.dumps(data, sort_keys=True) in listed or data.get("type") in legal.specs:
                    continue
                try:
                    parsed = rs.parse_action(data)
                except engine.InvalidAction:
                    refused += 1
                    continue
                owner = getattr(parsed, "player", seat)
                if 0 <= owner < players and parsed in rs.legal_actions(state, owner):
                    continue
                with pytest.raises(engine.EngineError):
                    rs.apply(state, engine.stamp(parsed, table.now))
                refused += 1
            # Every action type of the ruleset from a seat that may not use it now.
            for cls in rs.actions:
                type_ = cls.model_fields["type"].default
                if type_ in legal.types():
                    continue
                try:
                    parsed = rs.parse_action({"type": type_, "player": seat})
                except engine.InvalidAction:
                    continue
                with pytest.raises(engine.EngineError):
                    rs.apply(state, engine.stamp(parsed, table.now))
                refused += 1
        with pytest.raises(engine.InvalidAction):
            rs.parse_action({"type": "no_such_action", "player": 0})
        assert engine.dump_state(state) == before, "a refused or copied action changed the state"
    assert checked and refused


@pytest.mark.parametrize("name", RULESETS)
def test_views_hide_what_redeterminize_resamples(name):
    changed = 0
    for table, rng in _sampled_states(name, count=4, every=9):
        rs, state = table.ruleset, table.state
        for seat in [*range(len(table.players)), SPECTATOR]:
            other = rs.redeterminize(state, seat, random.Random(rng.random()))
            assert dumps(rs.view(other, seat)) == dumps(rs.view(state, seat)), (
                f"{name}: seat {seat}'s view depends on something hidden from it")
            if seat is not None:
                assert ([a.model_dump(mode="json") for a in rs.legal_actions(other, seat)]
                        == [a.model_dump(mode="json") for a in rs.legal_actions(state, seat)])
                assert rs.legal_actions(other, seat).specs == rs.legal_actions(state, seat).specs
            changed += engine.dump_state(other) != engine.dump_state(state)
            assert engine.dump_state(state) == engine.dump_state(table.state)  # untouched
    assert changed, f"{name}: redeterminize never changed anything hidden"


def _hidden_changed(rs, state, seat, rng: random.Random):
    """``state`` with what ``seat`` may not see resampled (:meth:`Ruleset.redeterminize`)
    but the seed and scripted outcomes kept: only what a revealed view must show changed."""
    other = rs.redeterminize(state, seat, rng)
    other.seed = state.seed
    other.scripted = json.loads(json.dumps(state.scripted))
    return other


@pytest.mark.parametrize("name", RULESETS)
def test_a_revealed_view_shows_everything_hidden_but_the_seed(name):
    """A finished game's replay (``view(..., reveal=True)``) shows whatever redeterminize
    would resample (two states that differ only there have different revealed views), keeps
    the seed out, and reveals private events' fields to every reader."""
    differing = 0
    for table, rng in _sampled_states(name, count=3, every=9):
        rs, state = table.ruleset, table.state
        for seat in [*range(len(table.players)), SPECTATOR]:
            shown = rs.view(state, seat, reveal=True)
            assert isinstance(shown.get("revealed"), dict)
            assert json.loads(dumps(shown)) == json.loads(json.dumps(shown, sort_keys=True))
            assert not found({str(state.seed)}, dumps(shown))
            other = _hidden_changed(rs, state, seat, random.Random(rng.random()))
            if engine.dump_state(other) != engine.dump_state(state):
                differing += 1
                assert dumps(rs.view(other, seat, reveal=True)) != dumps(shown), (
                    f"{name}: the revealed view misses something hidden from seat {seat}")
    assert differing, f"{name}: no sampled state had anything hidden to reveal"
    rs = engine.get_ruleset(name)
    for type_, shape in rs.event_shapes.items():
        # An event private to seat 0, with every field it declares.
        event = {"type": type_, "private": [0], **{f: f"{f}-value" for f in (*shape.public, *shape.parties)}}
        everything = {k: v for k, v in event.items() if k != "private"}
        assert rs.event_view(event, 1, reveal=True) == everything
        assert rs.event_view(event, SPECTATOR, reveal=True) == everything
        if shape.parties:
            assert not set(rs.event_view(event, 1) or {}) & set(shape.parties)


@pytest.mark.parametrize("name", RULESETS)
def test_views_and_readable_events_carry_no_secret(name):
    shapes = engine.get_ruleset(name).event_shapes
    for players, seed in games_of(name)[:6]:
        table = Table.deal(name, players, seed)
        rs = table.ruleset
        rng = random.Random(seed)
        read = 0
        while not table.over and read < 800:
            secrets = {seat: rs.secrets(table.state, seat)
                       for seat in [*range(players), SPECTATOR]}
            before = len(table.log)
            random_step(table, rng)
            for event in table.log[before:]:
                assert event["type"] in shapes, f"{name}: event type {event['type']} has no shape"
                shape = shapes[event["type"]]
                undeclared = set(event) - {"type", "private", *shape.public, *shape.parties,
                                           *shape.kept}
                assert not undeclared, f"{name}: {event['type']} fields {undeclared} are undeclared"
                for seat, hidden in secrets.items():
                    shown = rs.event_view(event, seat)
                    if shown is None:
                        continue
                    if event.get("private") is not None and seat not in event["private"]:
                        assert not set(shown) & set(shape.parties)
                    leaked = found(hidden, dumps(shown))
                    assert not leaked, f"{name}: seat {seat} read {leaked} in {shown}"
            read += 1
            if read % 25 == 0:
                for seat in [*range(players), SPECTATOR]:
                    leaked = found(rs.secrets(table.state, seat), dumps(rs.view(table.state, seat)))
                    assert not leaked, f"{name}: seat {seat}'s view shows {leaked}"


@pytest.mark.parametrize("name", RULESETS)
def test_bots_of_every_level_choose_only_legal_actions(name):
    from engine import bots

    rs = engine.get_ruleset(name)
    for table, _rng in _sampled_states(name, count=3, every=13):
        for seat in rs.waiting_seats(table.state):
            legal = rs.legal_actions(table.state, seat)
            for level in rs.bot_levels:
                action = bots.choose(table.state, seat, level, 7)
                if action is not None:
                    assert action in legal, (name, level, action)
                    rs.apply(table.state, engine.stamp(action, table.now))


@pytest.mark.parametrize("name", RULESETS)
def test_deadlines_are_declared_and_the_table_can_act_on_them(name):
    seen = set()
    for table, _rng in _sampled_states(name, count=4, every=5):
        for decision in table.ruleset.pending(table.state):
            assert decision.player is None or 0 <= decision.player < len(table.players)
            if decision.deadline is None:
                continue
            seen.add(decision.deadline.kind)
            assert decision.deadline.kind in engine.DEADLINE_KINDS
            assert decision.deadline.setting in table.ruleset.table_options.model_fields
            action = table.ruleset.deadline_action(table.state, decision,
                                                   table.due(decision) or table.now)
            if action is not None:
                assert action.type in table.ruleset.system_actions or action in \
                    table.ruleset.legal_actions(table.state, decision.player)
    assert seen, f"{name}: no pending decision ever had a deadline"


@pytest.mark.parametrize("name", RULESETS)
def test_renaming_a_player_changes_their_id_and_nothing_else(name):
    """What an account's erasure does to a game (``Ruleset.rename_player``)."""
    for table, _rng in _sampled_states(name, count=2, every=17):
        rs, state = table.ruleset, table.state
        before = engine.dump_state(state)
        old = table.players[1]
        renamed = rs.rename_player(state, 1, "anon:kit-renamed")
        assert engine.dump_state(state) == before                  # the input is untouched
        text = engine.dump_state(renamed)
        assert "anon:kit-renamed" in text and old not in text
        assert text.replace("anon:kit-renamed", old) == before
        break


def _clocked(pending) -> dict[tuple, int]:
    """The decisions whose deadline counts from their appearance (idle turns, response
    windows), keyed by what they ask of whom: ``(seat, kind, detail) -> id``."""
    return {(d.player, d.kind, dumps(d.detail)): d.id for d in pending
            if d.deadline is not None and d.deadline.seconds is not None}


@pytest.mark.parametrize("name", RULESETS)
def test_free_moves_never_restart_a_decisions_clock(name):
    """A free move (``Ruleset.free_actions``: moving a wildcard, mortgaging, offering a deal)
    leaves every decision clocked from its appearance with the id it had, unless it changed
    what that decision asks (a debt paid off): repeating one cannot hold the table's idle
    deadline off (issue 28: each move of a Mulodi wildcard gave the turn a new id, and so a
    new idle deadline)."""
    rs = engine.get_ruleset(name)
    types = {cls.model_fields["type"].default for cls in rs.actions}
    assert rs.free_actions and rs.free_actions <= types
    pick = random.Random(name)
    tried = set()
    for table, _rng in _sampled_states(name, count=8, every=3):
        before = _clocked(rs.pending(table.state))
        if not before:
            continue
        for seat in range(len(table.players)):
            free = [a for a in rs.legal_actions(table.state, seat) if a.type in rs.free_actions]
            for action in pick.sample(free, min(3, len(free))):
                after = _clocked(rs.apply(table.state, engine.stamp(action, table.now)).pending)
                for key, decision in after.items():
                    assert before.get(key, decision) == decision, (
                        f"{name}: {action!r} gave {key} a new id ({before[key]} -> {decision})")
                tried.add(action.type)
    assert tried, f"{name}: the sampled games offered no free move"


# ---------------------------------------------------------------------------- standing orders
ORDER_RULESETS = [name for name in RULESETS if engine.get_ruleset(name).standing_orders is not None]
"""Rulesets that declare standing orders (``engine.orders``)."""


def test_every_shipped_game_declares_standing_orders():
    """Issue 31 section 1: "Each ruleset declares the orders its decisions need", Mtaani (both
    editions), Mulodi and Jiji; a slow table of any of them can move by orders."""
    assert {"mtaani", "mtaani-classic", "mulodi", "jiji"} <= set(ORDER_RULESETS)
    for name in ("mtaani", "mtaani-classic", "mulodi", "jiji"):
        model = engine.get_ruleset(name).standing_orders
        assert model.model_fields, f"{name}: its orders have no fields"


@pytest.mark.parametrize("name", ORDER_RULESETS)
def test_orders_declare_recommended_defaults_and_refuse_bad_fields(name):
    rs = engine.get_ruleset(name)
    recommended = orders.recommended(rs)
    assert recommended, f"{name}: the recommended orders are empty"
    assert orders.parse_orders(rs, {}).model_dump(mode="json") == recommended
    assert orders.parse_orders(rs, recommended).model_dump(mode="json") == recommended
    assert set(orders.schema(rs)["properties"]) == set(recommended)
    for field_name in recommended:
        with pytest.raises(engine.InvalidAction, match=rf"orders\.{field_name}"):
            orders.parse_orders(rs, {field_name: {"not": "a value of this field"}})
    with pytest.raises(engine.InvalidAction):
        orders.parse_orders(rs, {"no_such_order": 1})


@pytest.mark.parametrize("name", ORDER_RULESETS)
def test_games_with_every_seat_on_orders_end_and_replay(name):
    """Every seat on the recommended orders, a Base bot answering their stops: the orders'
    moves are legal (none refused), the games end, and seed and actions replay them."""
    rs = engine.get_ruleset(name)
    by_order = 0
    for players, seed in games_of(name)[:4]:
        table = Table.deal(name, players, seed)
        seats_orders = {seat: orders.parse_orders(rs, {}) for seat in range(players)}
        rng = random.Random(seed)
        for _ in range(20_000):
            followed = orders.follow(table.state, seats_orders, table.now)
            assert not followed.refused, f"{name}: the rules refused an order's move: {followed.refused}"
            for move in followed.moves:
                table.apply(move.action, move.seat)
            by_order += len(followed.moves)
            if table.over:
                break
            random_step(table, rng, bot_share=1.0)
            if table.over:
                break
        assert table.over, f"{name}: a game on orders did not end"
        assert engine.dump_state(replay(table)) == engine.dump_state(table.state)
    assert by_order, f"{name}: the recommended orders never made a move"


@pytest.mark.parametrize("name", ORDER_RULESETS)
def test_whether_orders_move_tells_nothing_hidden(name):
    """Whether a seat's orders move now depends only on what every other seat sees too: it
    is the same in any state another seat (or a spectator) cannot tell from this one (the
    seat's own hand and the draw piles resampled), so the timing of an order's move gives
    nothing hidden away (issue 31: "an order must not tell the table anything about a hidden
    hand")."""
    rs = engine.get_ruleset(name)
    recommended = rs.standing_orders()
    checked = 0
    for table, rng in _sampled_states(name, count=4, every=5):
        state = table.state
        for seat in range(len(table.players)):
            moves = rs.order_action(state, seat, recommended, table.now) is not None
            for viewer in [v for v in range(len(table.players)) if v != seat] + [SPECTATOR]:
                other = rs.redeterminize(state, viewer, random.Random(rng.random()))
                assert (rs.order_action(other, seat, recommended, table.now) is not None) == moves, (
                    f"{name}: whether seat {seat}'s orders move depends on what seat {viewer} cannot see")
                checked += 1
    assert checked
