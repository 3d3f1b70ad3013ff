"""The Hard bot: determinized Monte Carlo search over worlds sampled from its own view.

For each decision:

1. The Medium bot's ranking (``medium.rank``) proposes the ``width`` most promising legal
   actions; with a single legal action there is nothing to search.
2. Worlds are sampled from the view (``sampling.determinize``): other hands, deck faces under
   the visible back (R6) and the [T!] pile order, all consistent with what the view shows.
3. In every world each candidate is played, then everyone plays on quickly
   (``playout.quick_action``) until this seat has finished ``turns`` more turns; the candidate
   scores this seat's round points minus the other seats' mean (R5, R18).  All candidates meet
   the same worlds (common random numbers), so their differences are not drowned in deal luck.
4. The candidate with the best mean wins; ties go to Medium's order.

Budgets: ``steps`` caps the engine steps (``apply`` calls) per decision, so CPython runs are
reproducible; ``time_limit`` (seconds, off by default) also stops the search on the clock, for
the browser.  At least ``MIN_WORLDS`` worlds are always searched.

``think(view)`` is a generator: it yields whenever ``slice_seconds`` of work have passed, so a
page can give the event loop a turn between steps, and finally returns the action
(``StopIteration.value``).  ``choose(view)`` runs it to the end.  The bot's randomness (world
sampling, Medium's samples) comes from its own ``Random(seed)``.
"""

from __future__ import annotations

from random import Random
from time import perf_counter

from .knowledge import Knowledge
from .medium import rank
from .playout import playout
from .sampling import determinize

__all__ = ["HardBot", "STEPS", "WIDTH", "TURNS", "MIN_WORLDS"]

STEPS = 900  # engine steps per decision
WIDTH = 6  # candidate actions searched
TURNS = 1  # own turns played out after the current one
MIN_WORLDS = 8
SLICE_SECONDS = 0.02


class HardBot:
    level = "hard"

    def __init__(self, seed: int = 0, *, steps: int = STEPS, time_limit=None, width: int = WIDTH,
                 turns: int = TURNS, slice_seconds: float = SLICE_SECONDS):
        self.rng = Random(seed)
        self.steps = steps
        self.time_limit = time_limit
        self.width = width
        self.turns = turns
        self.slice_seconds = slice_seconds
        self.last_worlds = 0  # worlds searched for the last decision (for benchmarks)

    def think(self, view):
        """Search, yielding now and then; returns the chosen action (see the docstring)."""
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        self.last_worlds = 0
        if len(legal) == 1:
            return legal[0]
        started = last_yield = perf_counter()
        known = Knowledge(view)
        candidates = [action for _, action in rank(view, self.rng, known)[: self.width]]
        totals = [0.0] * len(candidates)
        steps = worlds = 0
        seat, turns = view.seat, self.turns
        while True:
            world = determinize(view, self.rng, known)
            for index, action in enumerate(candidates):
                value, used = playout(world, action, seat, turns)
                totals[index] += value
                steps += used
            worlds += 1
            now = perf_counter()
            if worlds >= MIN_WORLDS and (
                    steps >= self.steps
                    or (self.time_limit is not None and now - started >= self.time_limit)):
                break
            if now - last_yield >= self.slice_seconds:
                yield
                last_yield = perf_counter()
        self.last_worlds = worlds
        best = max(range(len(candidates)), key=lambda index: (totals[index], -index))
        return candidates[best]

    def choose(self, view):
        thinking = self.think(view)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                return done.value
