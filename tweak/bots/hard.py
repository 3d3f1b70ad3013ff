"""The Hard bot: determinized Monte Carlo search over worlds sampled from its own view.

For each decision:

1. The Medium bot's ranking (``medium.rank``) proposes the ``width`` most promising legal
   actions; with a single legal action there is nothing to search.
2. Worlds are sampled from the view (``sampling.determinize``): other hands, deck faces under
   the visible back (R6) and the [T!] pile order, all consistent with what the view shows.
3. In every world each candidate is played, then everyone plays on quickly
   (``playout.quick_action``) until it is this seat's turn again (after ``turns`` more turns of
   its own; none by default).  The candidate scores this seat's worth − ``OTHERS_WEIGHT`` × the
   other seats' mean worth, a seat's worth being its round points (R5, R18) plus a share of the
   points in its hand and the worth of the [T!] cards it holds (``playout.playout``).  All
   candidates meet the same worlds (common random numbers), so their differences are not
   drowned in deal luck.
4. Every ``PRUNE_EVERY`` worlds, candidates clearly behind the best (by ``PRUNE_Z`` standard
   errors of their paired differences) are dropped, so the budget goes to the close calls and
   an obvious choice is made quickly.  The candidate with the best mean is played if it beats
   Medium's first choice by ``SWITCH_Z`` standard errors (paired); otherwise Medium's choice
   stands, so the search overrules the heuristic only where the sampled worlds agree.

Budgets: ``steps`` caps the engine steps (``apply`` calls) per decision, so CPython runs are
reproducible; ``time_limit`` (seconds) also stops the search on the clock: off under CPython,
``DEFAULT_TIME_LIMIT`` under Pyodide (the browser).  At least ``MIN_WORLDS`` worlds are always
searched.

``think(view)`` is a generator: it yields whenever ``slice_seconds`` of work have passed, so a
page can give the event loop a turn between steps, and finally returns the action
(``StopIteration.value``).  ``choose(view)`` runs it to the end.  The bot's randomness (world
sampling, Medium's samples) comes from its own ``Random(seed)``.
"""

from __future__ import annotations

import platform
from random import Random
from time import perf_counter

from .heuristics import PLACE_COST_SHARE, Appraiser
from .knowledge import Knowledge
from .medium import rank
from .playout import playout, points_table
from .sampling import determinize

__all__ = ["HardBot", "STEPS", "WIDTH", "TURNS", "MIN_WORLDS", "DEFAULT_TIME_LIMIT"]

STEPS = 900  # engine steps per decision
WIDTH = 6  # candidate actions searched
TURNS = 0  # own turns played out after the current one
HAND_SHARE = PLACE_COST_SHARE  # worth of a card in hand at a playout's end, as a share of its points
# How much the other seats' points count against this seat's in a playout.  Two players: three
# quarters (what the opponent takes from a table left to them would in part have been this
# seat's next, which a short playout cannot see; Medium's tuned exposure weight is a half, and
# 0.5, 0.75 and 1 were tried against Medium).  More players: their mean, fully.
OTHERS_WEIGHT = {2: 0.75}
MIN_WORLDS = 8
# In the browser (Pyodide) the search also stops on the clock, so a slow device still gets an
# answer in time; CPython runs stay reproducible (steps only).
# (platform, not sys: no bot module imports sys, tests/engine/test_bot_isolation.py.)
DEFAULT_TIME_LIMIT = 0.15 if platform.system() == "Emscripten" else None
SLICE_SECONDS = 0.02
PRUNE_EVERY = 4  # worlds between checks for candidates that are clearly behind
PRUNE_Z = 2.5
SWITCH_Z = 1.0  # evidence needed to overrule Medium's first choice (standard errors)


class HardBot:
    level = "hard"

    def __init__(self, seed: int = 0, *, steps: int = STEPS, time_limit=DEFAULT_TIME_LIMIT,
                 width: int = WIDTH, turns: int = TURNS, slice_seconds: float = SLICE_SECONDS,
                 switch_z: float = SWITCH_Z):
        self.rng = Random(seed)
        self.steps = steps
        self.time_limit = time_limit
        self.width = width
        self.turns = turns
        self.slice_seconds = slice_seconds
        self.switch_z = switch_z
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
        if perf_counter() - last_yield >= self.slice_seconds:  # a big table takes a while to rank
            yield
            last_yield = perf_counter()
        values = [[] for _ in candidates]  # per candidate, its value in each world
        alive = list(range(len(candidates)))
        steps = worlds = 0
        seat, turns = view.seat, self.turns
        points = points_table(view.rules)
        option = Appraiser(view, known, self.rng).option
        weight = OTHERS_WEIGHT.get(view.players, 1.0)
        while True:
            world = determinize(view, self.rng, known)
            for index in alive:
                value, used = playout(world, candidates[index], seat, turns, points, HAND_SHARE,
                                      option, weight)
                values[index].append(value)
                steps += used
                if perf_counter() - last_yield >= self.slice_seconds:  # between two playouts
                    yield
                    last_yield = perf_counter()
            worlds += 1
            if len(alive) > 1 and worlds >= MIN_WORLDS and worlds % PRUNE_EVERY == 0:
                alive = _survivors(values, alive)
            if len(alive) == 1 or worlds >= MIN_WORLDS and (
                    steps >= self.steps
                    or (self.time_limit is not None and perf_counter() - started >= self.time_limit)):
                break
        self.last_worlds = worlds
        return candidates[_verdict(values, alive, self.switch_z)]

    def choose(self, view):
        thinking = self.think(view)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                return done.value


def _survivors(values, alive):
    """The candidates not clearly worse than the best so far.  Every live candidate has met
    the same worlds, so each is compared with the best on paired differences: it is dropped
    when the best leads by more than ``PRUNE_Z`` standard errors."""
    best = max(alive, key=lambda index: (sum(values[index]), -index))
    kept = []
    for index in alive:
        if index != best:
            gaps = [a - b for a, b in zip(values[best], values[index])]
            mean = sum(gaps) / len(gaps)
            spread = (sum((gap - mean) ** 2 for gap in gaps) / (len(gaps) - 1)) ** 0.5
            if mean > PRUNE_Z * spread / len(gaps) ** 0.5:
                continue
        kept.append(index)
    return kept


def _verdict(values, alive, switch_z):
    """The candidate to play: the best mean, but Medium's first choice (index 0) stands unless
    the best beats it by more than ``switch_z`` standard errors of their paired differences (or
    Medium's choice was dropped as clearly worse)."""
    best = max(alive, key=lambda index: (sum(values[index]), -index))
    if best == 0 or 0 not in alive:
        return best
    gaps = [a - b for a, b in zip(values[best], values[0])]
    mean = sum(gaps) / len(gaps)
    spread = (sum((gap - mean) ** 2 for gap in gaps) / (len(gaps) - 1)) ** 0.5
    return best if mean > switch_z * spread / len(gaps) ** 0.5 else 0
