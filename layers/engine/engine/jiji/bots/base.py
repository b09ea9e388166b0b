"""The Base bot: a straightforward game.

It buys what it lands on when it keeps M2M after paying (else it auctions it from a low
opening bid), bids up to the printed price, presses Construction every turn and places
residential blocks where they add the most rent, places the station on its best district,
uses every Building Permit against the leader's residential blocks (or to protect its own),
buys a stadium, skyscraper or the tower when it can pay and keep its reserve, plays the rent
exemption card on any large rent, mortgages the district nearest the shortfall when it owes,
declines every deal, never jumps, and stays in jail unless it has a card.
"""

from __future__ import annotations

from engine.jiji.bots.policy import Bot, Params

BASE = Params(
    reserve_min=2_000_000, reserve_rent_share=0.0, bid_factor=1.0, group_bonus=0.0,
    pair_bonus=0.0, deny_bonus=0.0, nuisance_risk=0.0, leader_weight=1.0, exemption_min=0,
    lift_margin=3.0, fine_unowned=99, open_share=0.25, jumps=False, remove_nuisances=False,
    deal_margin=10.0, auction_space=False, clock_build_all=False)
"""Base's knobs: no group sense, no nuisance risk, residential blocks by rent per M."""


class BaseBot(Bot):
    """The Base bot (module doc)."""
    kind = "base"

    def __init__(self, seed: int, **options):
        super().__init__(seed, params=BASE)

    def on_roll(self, t, legal):
        """In jail, use a card if it has one; otherwise as the heuristic (Base never pays the fine)."""
        if t.me.jailed:
            for a in legal:
                if a.type == "use_card":
                    return a
        return super().on_roll(t, legal)
