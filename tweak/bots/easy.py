"""The Easy bot: Medium's judgement (``medium.rank``), then a beginner's mistakes.

Each slip is drawn from its own seeded stream: it overlooks every capture with chance
``MISS_CAPTURE`` and places the card it judges least harmful (R14 allows it); else, with chance
``SLIP``, it takes one of its ``CLOSE`` best plain plays at random; it plays a [T!] card only
when Medium would, and forgets to with chance ``FORGET_TCARD``; bombed, it gives up Medium's
choice, or with chance ``SLIP`` any card.  Why these mistakes, and how it measures:
docs/bots.md, "Easy".
"""

from __future__ import annotations

from random import Random

from ..actions import Capture, Place
from .medium import rank

__all__ = ["EasyBot"]

MISS_CAPTURE = 0.05
SLIP = 0.1
CLOSE = 3
FORGET_TCARD = 0.5


class EasyBot:
    level = "easy"

    def __init__(self, seed: int = 0):
        self.rng = Random(seed)

    def choose(self, view):
        ranked = [action for _, action in rank(view, self.rng)]
        chance = self.rng.random
        if view.phase == "bomb":
            if chance() < SLIP:
                return ranked[int(chance() * len(ranked))]
            return ranked[0]
        plain = [action for action in ranked if isinstance(action, (Capture, Place))]
        if not isinstance(ranked[0], (Capture, Place)) and chance() >= FORGET_TCARD:
            return ranked[0]  # a [T!] card Medium would play
        if chance() < MISS_CAPTURE:
            plain = [action for action in plain if isinstance(action, Place)]
        if chance() < SLIP:
            close = plain[:CLOSE]
            return close[int(chance() * len(close))]
        return plain[0]
