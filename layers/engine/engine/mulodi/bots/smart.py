"""Placeholder: replaced below."""

from engine.mulodi.bots.base import BaseBot


class SmartBot(BaseBot):
    def __init__(self, seed: int = 0, **options):
        super().__init__(seed)
