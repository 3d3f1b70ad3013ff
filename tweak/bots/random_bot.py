"""The random bot: a uniformly random legal action.  For tests and as a strength floor."""

from __future__ import annotations

from random import Random


class RandomBot:
    level = "random"

    def __init__(self, seed: int = 0):
        self.rng = Random(seed)

    def choose(self, view):
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]
