"""The Smart bot: a search over redeterminized states, with the Advanced bot as its rollout
policy (issue 16: "a search over redeterminized states ... measured", docs/bots.md).

At each decision it lists a few candidate actions: the Advanced bot's choice first, then what
each of the Advanced bot's other steps would play (a Yaaye Deal, a property, a Land Grab, a
rent, banking, ...), banking its least needed action card, and ending the turn; for an answer,
accept and Neda; for a payment, the Advanced, house and cheapest payments. It then samples
``samples`` worlds consistent with what its seat has seen (``MulodiRuleset.redeterminize``:
the other hands and the draw pile dealt again), plays each candidate in each world and lets
every seat (itself included) play on with the Advanced policy until its own next turn starts,
and scores the position there (:func:`evaluate`). The candidate with the best mean score wins;
every candidate meets the same worlds (common random numbers). A play that wins at once is
made without search.

Pure and seeded: the worlds and nothing else come from ``seed``; no clock (a fixed number of
rollouts, sized so a decision stays far below a Lambda's 50 ms at p99, docs/bots.md).
"""

from __future__ import annotations

import json
import math
import random
from functools import cache
from importlib import resources

from engine.mulodi import actions as act
from engine.mulodi import payment, rules, sets
from engine.mulodi.bots import common
from engine.mulodi.bots.advanced import NEED, AdvancedBot, card_use
from engine.mulodi.bots.features import NAMES, features
from engine.mulodi.cards import ACTION, card_id, deck
from engine.mulodi.state import MulodiState

D = deck()
make = common.make
WIN = 10.0
"""The score of a won game (a lost one: ``-WIN``)."""
SAMPLES = {2: 4, 3: 3, 4: 2, 5: 2}
"""Worlds sampled per decision, by table size (rollouts grow with the players)."""
ROUTINE = frozenset({"play_property", "yongeza", "move_wildcard"})
"""Advanced choices made without search: laying properties, drawing more, moving wildcards."""
MAX_STEPS = 3000
ROLLOUTS = {2: 12, 3: 8, 4: 6, 5: 5}
"""Rollouts per candidate, by table size (a rollout plays to the end of the game)."""
"""Actions per rollout at most (a rollout ends when the bot's next turn starts)."""


HAND_WEIGHT = {"neda": 0.12, "yaaye_deal": 0.1, "land_grab": 0.06, "land_trade": 0.04,
               "double_rent": 0.03, "multi_rent": 0.04, "rent": 0.03}
"""What an action card held in hand adds to :func:`strength` (its option value)."""


def progress(props: dict[str, list[int]]) -> float:
    """Set progress of one property section (colour -> cards): colours with a full set, plus
    0.45 x the shares of the best unfinished colours, as many as are still needed to win."""
    full = 0
    partial = []
    for col, cards in props.items():
        if not cards:
            continue
        size = D.size_of[col]
        if sets.full_count(cards, size):
            full += 1
            continue
        reals = sum(1 for c in cards if not D.is_master[c])
        lacking = max(size - len(cards), 1 if reals == 0 else 0)
        partial.append(1 - lacking / size)
    partial.sort(reverse=True)
    return full + 0.45 * sum(partial[:max(0, NEED - full)])


def strength(s: MulodiState, seat: int, hand: bool = True) -> float:
    """How near ``seat`` is to winning: :func:`progress` of its property section, a little for
    money in the bank (it pays rent without losing properties) and, for the bot's own seat
    (``hand``; other hands are unknown), half the progress its properties in hand would add
    and the option value of its action cards (:data:`HAND_WEIGHT`)."""
    table = progress(s.props[seat])
    score = table + 0.15 * min(sets.bank_value(s, seat), 150) / 150
    if hand:
        held = [c for c in s.hands[seat] if D.is_property[c]]
        if held:
            virtual = {col: list(cards) for col, cards in s.props[seat].items()}
            for c in held:
                cols = D.colours[c] or D.colour_ids
                col = max(cols, key=lambda k: (len(virtual.get(k, ())) / D.size_of[k], k))
                virtual.setdefault(col, []).append(c)
            score += 0.5 * (progress(virtual) - table)
        for c in s.hands[seat]:
            if not D.is_property[c]:
                score += HAND_WEIGHT.get(D.action[c], 0.0)
    return score


MODEL_PATH = "bots/smart_model.json"
"""The value model's file, in the package (``python -m engine.mulodi.bots train`` writes it)."""


@cache
def model(path: str | None = None) -> tuple[list[float], list[float], list[float], float]:
    """The value model (``mean``, ``scale``, ``weights``, ``bias``), read once per process."""
    if path is None:
        text = resources.files("engine.mulodi").joinpath(MODEL_PATH).read_text()
    else:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    data = json.loads(text)
    if data.get("format") != "mulodi-value/1" or data["names"] != list(NAMES):
        raise ValueError("the Smart model file does not match this engine's features")
    return data["mean"], data["scale"], data["weights"], data["bias"]


def win_chance(s: MulodiState, seat: int, path: str | None = None) -> float:
    """The value model's chance that ``seat`` wins from ``s`` (0..1)."""
    mean, scale, weights, bias = model(path)
    z = bias
    for x, m, sc, w in zip(features(s, seat), mean, scale, weights, strict=True):
        z += w * (x - m) / sc
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def evaluate(s: MulodiState, seat: int, path: str | None = None) -> float:
    """The score of ``s`` for ``seat``: 1 for a game it won, 0 for one it lost, else the value
    model's :func:`win_chance`."""
    if s.termination is not None:
        return 1.0 if s.winner == seat else 0.0
    return win_chance(s, seat, path)


class SmartBot:
    """Smart (module docstring). ``samples``: worlds per decision (default by table size)."""

    def __init__(self, seed: int = 0, rollouts: int | None = None, max_candidates: int = 3,
                 threshold: float = 0.2):
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.max_candidates = max_candidates
        self.threshold = threshold
        self.advanced = AdvancedBot(seed)

    # ------------------------------------------------------------------ candidates
    def candidates(self, s: MulodiState, seat: int, first) -> list:
        adv = self.advanced
        chain = common.my_chain(s, seat)
        out = [first]
        if chain is not None:
            if chain.stage == "pay":
                for cards in (payment.house_payment(s, seat, chain.debt),
                              common.cheapest_payment(s, seat, chain.debt)):
                    out.append(common.pay(seat, chain.decision, cards))
            else:
                out.append(make(act.Accept, player=seat, decision=chain.decision))
                if common.hand_of(s, seat, "neda"):
                    out.append(make(act.Neda, player=seat, decision=chain.decision))
        else:
            if s.plays_left > 0:
                for step in (adv.yaaye, adv.properties, adv.land_grab, adv.land_trade,
                             adv.buildings, adv.charge, adv.yongeza, adv.bank):
                    action = step(s, seat)
                    if action is not None:
                        out.append(action)
                spare = [c for c in s.hands[seat] if D.kind[c] == ACTION and D.action[c] != "neda"]
                if spare:
                    c = min(spare, key=lambda c: (card_use(s, seat, c), c))
                    out.append(make(act.Bank, player=seat, card=card_id(c)))
            out.append(adv.end(s, seat))
        unique: list = []
        seen: set[str] = set()
        for action in out:
            key = repr(action)
            if key not in seen:
                seen.add(key)
                unique.append(action)
        return unique[:self.max_candidates]

    # ------------------------------------------------------------------ search
    def choose(self, s: MulodiState, seat: int):
        first = self.advanced.choose(s, seat)
        if s.action is None and s.plays_left > 0 and self.advanced.winning_play(s, seat) is not None:
            return first
        if first.type in ROUTINE or (first.type == "bank" and D.kind[int(first.card[1:])] != ACTION):
            return first
        options = self.candidates(s, seat, first)
        if len(options) == 1:
            return first
        from engine.mulodi.ruleset import MULODI

        count = self.rollouts or ROLLOUTS.get(len(s.players), 4)
        worlds = [MULODI.redeterminize(s, seat, random.Random(self.rng.getrandbits(48)))
                  for _ in range(count)]
        wins = [sum(self.playout(w, action, seat) for w in worlds) for action in options]
        k = max(range(len(options)), key=lambda i: wins[i])
        # The Advanced choice stands unless another wins clearly more of the same worlds.
        return options[k] if wins[k] - wins[0] >= self.threshold * count else first

    def playout(self, world: MulodiState, action, seat: int) -> float:
        """Play ``action`` in a copy of ``world``, then every seat the Advanced way to the
        end of the game: 1 if ``seat`` won, else 0."""
        s = world.copy()
        try:
            rules.apply_in_place(s, action)
        except Exception:  # not legal in this world: never pick it
            return -1.0
        adv = self.advanced
        for _ in range(MAX_STEPS):
            if s.termination is not None:
                break
            rules.apply_in_place(s, adv.choose(s, _first_holder(s)))
        return 1.0 if s.winner == seat else 0.0


def _first_holder(s: MulodiState) -> int:
    if s.action is not None:
        for chain in s.action.chains:
            if chain.stage != "done":
                return chain.holder
    return s.current
