"""The Smart bot: evaluates buys, builds, mortgages and unit sales with a trained model.

Guide, "Bots and solo play": "Smart bots learn from completed games: they evaluate trades,
builds, and loans with a model trained on real play instead of fixed rules."

For each decision it models, the Smart bot lists the candidate actions (every legal build,
unmortgage, buy or decline, or way to raise funds, plus "do nothing more"), applies each to a
private copy of the open position with the engine's own rule code (these actions draw no
randomness, so nothing hidden is revealed), and takes the one whose resulting position the
model (:mod:`engine.bots.model`) rates most likely to win. Decisions the model cannot judge
from a position alone (jail, which deck to draw) follow the Advanced bot's rules.
"""

from __future__ import annotations

from engine.bots import model as mdl
from engine.bots.advanced import AdvancedBot
from engine.bots.policy import LAST_RESORT, first_of
from engine.bots.table import Table, scratch
from engine.mtaani.flow import RULES, Ctx

DETERMINISTIC = frozenset({
    "buy", "decline", "build", "build_batch", "sell_unit", "sell_batch", "mortgage",
    "unmortgage", "mortgage_batch", "unmortgage_batch",
})
"""Action types whose effect the bot may try on a copy: they draw no randomness."""
IMPROVEMENTS = ("build", "build_batch", "unmortgage")
RAISING = ("mortgage", "sell_unit", "sell_batch")
MARGIN = 0.002
"""A move must beat doing nothing by this much win chance (stops dithering on noise)."""


class SmartBot(AdvancedBot):
    """See the module docstring. ``model_path`` selects another model file (training)."""

    kind = "smart"

    def __init__(self, seed: int, model_path: str | None = None, **options):
        super().__init__(seed, **options)
        self.model = mdl.load(model_path)

    # ------------------------------------------------------------------ evaluation
    def value(self, t: Table, state) -> float:
        """The model's win chance for my seat in ``state`` (the current one or a copy)."""
        return self.model.value(mdl.features(t.book, Ctx(t.book, state), t.seat))

    def value_after(self, t: Table, action) -> float:
        """The model's win chance for my seat after ``action`` (applied to a copy)."""
        copy = scratch(t.s)
        copy.debts = list(copy.debts)
        copy.queue = list(copy.queue)
        RULES[action.type].perform(Ctx(t.book, copy), action)
        return self.value(t, copy)

    def best(self, t: Table, candidates, default=None):
        """The candidate with the highest value after it (``default`` counts as "no change"
        and must win by less than :data:`MARGIN` to lose)."""
        candidates = [a for a in candidates if a.type in DETERMINISTIC]
        if not candidates:
            return default
        scored = [(self.value_after(t, a), i, a) for i, a in enumerate(candidates)]
        top, _, action = max(scored, key=lambda x: (x[0], -x[1]))
        if default is not None and top < self.value(t, t.s) + MARGIN:
            return default
        return action

    # ------------------------------------------------------------------ decisions
    def on_turn(self, t: Table, legal):
        if t.me.jail_turns:
            return super().on_turn(t, legal)
        return self.best(t, [a for a in legal if a.type in IMPROVEMENTS], first_of(legal, "roll"))

    def on_end(self, t: Table, legal):
        return self.best(t, [a for a in legal if a.type in IMPROVEMENTS], first_of(legal, "end_turn"))

    def on_buy(self, t: Table, legal):
        return self.best(t, [a for a in legal if a.type in ("buy", "decline")])

    def on_debt(self, t: Table, legal):
        options = [a for a in legal if a.type in RAISING]
        return self.best(t, options) or first_of(legal, LAST_RESORT)
