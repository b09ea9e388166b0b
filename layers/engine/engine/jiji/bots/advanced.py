"""The Advanced bot: values districts by the groups they complete, join or deny, keeps a
reserve that grows with the largest rent on the board, weighs residential against industrial
blocks by the risk of nuisances (bonus-protected districts take residential blocks), puts
nuisances where they cost the leader most and bonuses where its own residential rent is most
at risk, removes nuisances that cost it rent, jumps between stations toward unowned or its
own districts (and past GO), opens auctions from the Auction space for districts it wants,
leaves jail early while districts are still for sale, answers deals by value, and at a clock
table spends its reserve on blocks near the end (wealth counts rent values).
"""

from __future__ import annotations

from engine.jiji.bots.policy import Bot, Params

ADVANCED = Params()
"""Advanced's knobs: the :class:`~engine.jiji.bots.policy.Params` defaults."""


class AdvancedBot(Bot):
    """The Advanced bot (module doc)."""
    kind = "advanced"

    def __init__(self, seed: int, params: Params | None = None, **options):
        super().__init__(seed, params=params or ADVANCED)
