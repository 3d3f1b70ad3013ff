"""The Easy bot: plays sensibly, with a beginner's mistakes, all drawn from its own seeded stream.

Its habits (chances per decision):

* it overlooks every capture with chance ``MISS_CAPTURE`` and places a card instead (R14 allows
  placing even when a capture exists);
* when it does capture, it takes the one worth most (R5 points, no thought for TWEAK!s or the
  table it leaves) with chance ``BEST_CAPTURE``, otherwise any capture it sees;
* it places its cheapest card with chance ``CHEAP_PLACE``, otherwise any card — never thinking
  about what the next player can do with it;
* it plays a [T!] card it holds with chance ``USE_TCARD`` per turn, picking one at random (a random
  victim for The Thief, a random sign for The Joker), and otherwise keeps it (R12, R13);
* bombed, it gives up its cheapest card with chance ``CHEAP_PLACE``, otherwise any card.
"""

from __future__ import annotations

from random import Random

from ..actions import Capture, Place

__all__ = ["EasyBot"]

MISS_CAPTURE = 0.3
BEST_CAPTURE = 0.5
CHEAP_PLACE = 0.6
USE_TCARD = 0.25


class EasyBot:
    level = "easy"

    def __init__(self, seed: int = 0):
        self.rng = Random(seed)

    def _any(self, actions):
        return actions[int(self.rng.random() * len(actions))]

    def _place(self, places, points):
        if self.rng.random() < CHEAP_PLACE:
            return min(places, key=lambda action: (points(action.card), action.card))
        return self._any(places)

    def choose(self, view):
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        points = view.rules.points
        places = [action for action in legal if isinstance(action, Place)]
        if view.phase == "bomb":
            return self._place(places, points)
        tcards = [action for action in legal if not isinstance(action, (Capture, Place))]
        if tcards and self.rng.random() < USE_TCARD:
            return self._any(tcards)
        capture_list = [action for action in legal if isinstance(action, Capture)]
        if capture_list and self.rng.random() >= MISS_CAPTURE:
            if self.rng.random() < BEST_CAPTURE:
                return max(capture_list, key=lambda action: (
                    points(action.card) + sum(points(face) for face in action.taken), str(action)))
            return self._any(capture_list)
        return self._place(places, points)
