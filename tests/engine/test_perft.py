"""Perft-style golden counts (python-chess's idea, for every variant): from fixed seeds and
positions of each game, count the legal action sequences to a small depth and compare with
``golden/perft.txt``.

Two walks per position: ``all`` follows every legal action of every seat (trades, loans and
the other part-2 actions included, so it stays shallow), ``part1`` follows only the part-1
actions (the board, the economy, jail, cards and bankruptcy) and goes deeper. A changed count
means the rules now allow different moves somewhere in those trees: if the change is intended,
say why in the commit and rewrite the file with
``PYTHONPATH=layers/engine .venv/bin/python -m tests.engine.test_perft > tests/engine/golden/perft.txt``.
The ``part1`` counts at depth 1 (and one at depth 2) are also worked out by hand below.
Mulodi and Jiji (positions named ``mulodi.*``, ``jiji.*``) have the ``all`` walk: a fresh deal,
and positions reached by a fixed walk of the rules' own listing (:func:`walk`: no bot, so a
bot's change moves no count): Mulodi with two seats owing at once (a payment and an answer
to a Wedding Meeting), Jiji at a permit's block placement and late in a two-seat game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from tests.engine.helpers import PART1_ACTIONS, act, game, own, set_cash

GOLDEN = Path(__file__).parent / "golden" / "perft.txt"


def deal() -> object:
    """A fresh 2-player deal, seed 1."""
    return game(players=2, seed=1)


def set_owner() -> object:
    """Seed 2, 2 players: p0 owns the complete Eastleigh & Kibra set and Kinoo."""
    return own(own(game(players=2, seed=2), 0, 1, 3), 0, 6)


def jailed_builder() -> object:
    """Seed 3, 3 players: p0 is in jail (3 turns) owning the Kinoo set with one unit each."""
    state = own(game(players=3, seed=3), 0, 6, 8, 9, units=1)
    state.players[0].position, state.players[0].jail_turns = 12, 3
    return state


def raising_funds() -> object:
    """Seed 4, 2 players: p0 (1,000 SFR) owes p1 Kibra's 1,300 fee; p0 owns the Kinoo set with
    one unit each and an unmortgaged Eastleigh."""
    state = own(game(players=2, seed=4, dice=[[1, 2]], mugging=[False]), 1, 3)
    own(state, 0, 6, 8, 9, units=1)
    own(state, 0, 1)
    set_cash(state, 0, 1_000)
    return act(state, "roll")[0]


def walk(state, moves: int, prefer: frozenset[str] = frozenset()) -> object:
    """``state`` after ``moves`` moves, each the first listed action of the first seat that
    has one (an action of a type in ``prefer`` first when that seat lists one)."""
    for _ in range(moves):
        for seat in range(len(state.players)):
            listed = list(engine.legal_actions(state, seat))
            if listed:
                pick = next((a for a in listed if a.type in prefer), listed[0])
                state = engine.apply(state, pick).state
                break
    return state


def mulodi_deal() -> object:
    """Mulodi, 2 seats, seed 1: the first player's turn, two cards drawn."""
    return engine.new_game("mulodi", ["a", "b"], seed=1)


def mulodi_owing() -> object:
    """Mulodi, 3 seats, seed 1, 28 moves (cards aimed at others played first): seat 1 owes a
    payment while seat 2 answers the same Wedding Meeting."""
    from engine.mulodi import cards

    return walk(engine.new_game("mulodi", ["a", "b", "c"], seed=1), 28, cards.AIMED_ACTIONS)


def mulodi_late() -> object:
    """Mulodi, 2 seats, seed 2, 30 moves."""
    return walk(engine.new_game("mulodi", ["a", "b"], seed=2), 30)


def jiji_deal() -> object:
    """Jiji, 2 seats, seed 1: the first player's roll."""
    return engine.new_game("jiji", ["a", "b"], seed=1)


def jiji_permit() -> object:
    """Jiji, 3 seats, seed 2, 25 moves: seat 0 places a permit's block (140 choices)."""
    return walk(engine.new_game("jiji", ["a", "b", "c"], seed=2), 25)


def jiji_late() -> object:
    """Jiji, 2 seats, seed 2, 60 moves: seat 1's turn."""
    return walk(engine.new_game("jiji", ["a", "b"], seed=2), 60)


POSITIONS = {"deal": deal, "set_owner": set_owner, "jailed_builder": jailed_builder,
             "raising_funds": raising_funds,
             "mulodi.deal": mulodi_deal, "mulodi.owing": mulodi_owing, "mulodi.late": mulodi_late,
             "jiji.deal": jiji_deal, "jiji.permit": jiji_permit, "jiji.late": jiji_late}
DEPTHS = {
    "all": {"deal": 3, "set_owner": 3, "jailed_builder": 2, "raising_funds": 3,
            "mulodi.deal": 4, "mulodi.owing": 6, "mulodi.late": 6,
            "jiji.deal": 5, "jiji.permit": 3, "jiji.late": 4},
    "part1": {"deal": 11, "set_owner": 3, "jailed_builder": 3, "raising_funds": 4},
}
CASES = [(name, walk_) for walk_, depths in DEPTHS.items() for name in depths]
WALKS = {"all": None, "part1": PART1_ACTIONS}


def perft(state, depth: int, types: frozenset[str] | None = None) -> list[int]:
    """The number of legal action sequences of each length 1..``depth`` from ``state`` (any seat
    may act; a finished game has none), in one walk of the tree; only actions of ``types`` when
    given."""
    counts = [0] * depth
    if depth == 0:
        return counts
    for seat in range(len(state.players)):
        for action in engine.legal_actions(state, seat):
            if types is not None and action.type not in types:
                continue
            child = engine.apply(state, action).state
            counts[0] += 1
            for i, n in enumerate(perft(child, depth - 1, types), start=1):
                counts[i] += n
    return counts


def golden() -> dict[tuple[str, str, int], int]:
    counts = {}
    for line in GOLDEN.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, walk, depth, count = line.split()
            counts[name, walk, int(depth)] = int(count)
    return counts


def test_part1_depth_one_counts_by_hand():
    counts = golden()
    # A fresh deal: the first player may only roll.
    assert counts["deal", "part1", 1] == 1
    # set_owner: roll 1; build on Eastleigh or Kibra 2; batch build the set to 1..5 units 5;
    # mortgage Eastleigh, Kibra or Kinoo 3; batch mortgage 1. 1 + 2 + 5 + 3 + 1 = 12.
    assert counts["set_owner", "part1", 1] == 12
    # jailed_builder: roll, bail, bribe 3; build on any of the three (all at 1 unit) 3; batch
    # build to 2..5 units 4; sell a unit of any of the three 3; batch sell to 0 units 1.
    # No mortgage (the set has units). 3 + 3 + 4 + 3 + 1 = 14.
    assert counts["jailed_builder", "part1", 1] == 14
    # raising_funds: sell a unit of Kinoo, Umoja or Ngara 3; batch sell to 0 1; mortgage
    # Eastleigh 1; batch mortgage 1; declare bankruptcy 1. 3 + 1 + 1 + 1 + 1 = 7.
    assert counts["raising_funds", "part1", 1] == 7
    # raising_funds, depth 2, after each of those 7:
    # - sell Kinoo's unit (+25,000: the fee is paid, 24,700 left, "end"): end turn; sell
    #   Umoja's or Ngara's unit 2; batch sell 1; mortgage Eastleigh 1; batch mortgage 1 = 6
    #   (no build: Kinoo's next unit costs 50,000). Selling Umoja's (29,700 left) or Ngara's
    #   (35,450 left) first is alike: 6 each.
    # - batch sell to 0 (+90,750: 90,450 left): end 1; build Kinoo, Umoja or Ngara 3; batch
    #   build to 1..5 5; mortgage any of the four 4; batch mortgage 1 = 14.
    # - mortgage Eastleigh, or batch mortgage (the same: +12,500, 12,200 left): end 1; sell a
    #   unit 3; batch sell 1 (lifting Eastleigh costs 13,750: no) = 5 each.
    # - declare bankruptcy: the game is over, 0.
    # 6 + 6 + 6 + 14 + 5 + 5 + 0 = 42.
    assert counts["raising_funds", "part1", 2] == 42


def test_mulodi_and_jiji_depth_one_counts_by_hand():
    """Worked from the seed texts and the dealt cards (004 Mulodi: on your turn draw two, then
    play up to three cards: a property to the table, money or an action to your bank, or an
    action's effect; 002 Jiji: a turn starts with the roll)."""
    counts = golden()
    state = mulodi_deal()
    hand = sorted(state.hands[0])
    # Seat 0 holds, after drawing two: a Wedding Meeting (34), a money card (66), Brown (68),
    # Light Blue (69), a Taxi Park (92), and two two-colour wildcards (97: Pink/Orange, 103:
    # Taxi Park/Utility). Plays: each single property 3, each wildcard as either colour 2 + 2;
    # bank the money card or the Wedding Meeting 2; the Wedding Meeting's effect 1; end the
    # turn 1. Seat 1 has nothing to do. 3 + 4 + 2 + 1 + 1 = 11.
    assert hand == [34, 66, 68, 69, 92, 97, 103]
    assert counts["mulodi.deal", "all", 1] == 11
    # Jiji: the first player may only roll.
    assert counts["jiji.deal", "all", 1] == 1
    # The seed's first roll is 6 + 2 (the dice are the seed's), to Kariobangi (space 8,
    # 900,000, unowned): buy it (cash 37,700,000: 6 x 5M + 6 x 1M + 2 x 500k + 2 x 200k
    # + 2 x 100k + 50k + 5 x 10k) or auction it with
    # one of the listed openers: the least bid 10,000, half the price 450,000, the price. 4.
    start = jiji_deal()
    rolled = engine.apply(start, next(iter(engine.legal_actions(start, 0))))
    assert (rolled.state.players[0].pos, rolled.state.players[0].cash) == (8, 37_700_000)
    assert counts["jiji.deal", "all", 2] == 4


@pytest.mark.parametrize(("name", "walk"), CASES)
def test_perft_counts_match_the_golden_file(name, walk):
    expected = {depth: count for (pos, w, depth), count in golden().items()
                if (pos, w) == (name, walk)}
    assert sorted(expected) == list(range(1, DEPTHS[walk][name] + 1))
    counts = perft(POSITIONS[name](), DEPTHS[walk][name], WALKS[walk])
    assert dict(enumerate(counts, start=1)) == expected


def main() -> None:
    print("# Perft counts: legal action sequences of each length from tests/engine/test_perft.py's")
    print("# positions (name walk depth count). Regenerate: see that file's docstring.")
    for name, walk_ in CASES:
        for depth, count in enumerate(perft(POSITIONS[name](), DEPTHS[walk_][name],
                                            WALKS[walk_]), start=1):
            print(name, walk_, depth, count)


if __name__ == "__main__":
    main()
