"""The Easy bot: sees the table as Medium does, then errs the way a beginner does.

It ranks its options with Medium's judgement (``medium.rank``: points, red cards, TWEAK!s,
what it leaves the next player), so its play stays sensible, and then makes human mistakes,
each drawn from its own seeded stream:

* it overlooks every capture with chance ``MISS_CAPTURE`` and places a card instead (R14 allows
  placing even when a capture exists) — the card it judges least harmful to place;
* otherwise, with chance ``SLIP``, it settles for one of its ``CLOSE`` best plain plays at
  random instead of the best one (a smaller capture, a careless placement);
* it plays a [T!] card only when Medium would, and even then forgets to with chance
  ``FORGET_TCARD`` (R12, R13);
* bombed, it gives up Medium's choice, or with chance ``SLIP`` any card.

Why not random mistakes everywhere: an opponent that throws cards away at random is no fun to
beat, and one that never captures is no opponent.  Tuned so that Easy loses clearly to Medium
but wins some games against it (tests/bench/results/tournament.txt).
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
