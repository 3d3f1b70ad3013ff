"""The Hard bot: searches worlds sampled from its own view, and plays 2-player endgames exactly.

With two players and an empty deck (or one card left, ``exact_deck``) it plays what
``endgame`` solves; on every other decision, the best of Medium's best ``width`` actions by
``evaluator.search``, when it beats Medium's first choice by ``switch_z`` standard errors.
``PACES`` holds each pace's budget: engine steps, the budget under CPython (so tournaments
replay from their seeds), and in the browser only (``IN_BROWSER``) a time limit and a hard
cap.  How it decides, its budgets and how strong it measures: docs/bots.md, "Hard".
"""

from __future__ import annotations

import platform
from dataclasses import dataclass, replace
from random import Random
from time import perf_counter

from . import evaluator, sampling
from .endgame import sampled_steps, solve_steps
from .evaluator import Budget, finish, search
from .knowledge import Knowledge
from .medium import rank

__all__ = ["HardBot", "Pace", "PACES", "DEFAULT_PACE", "IN_BROWSER", "WIDTH", "SWITCH_Z",
           "MIN_WORLDS"]

# (platform, not sys: no bot module imports sys, tests/engine/test_bot_isolation.py.)
IN_BROWSER = platform.system() == "Emscripten"
WIDTH = 6  # candidate actions searched: Medium's best six
MIN_WORLDS = 8
SWITCH_Z = 0.5  # evidence needed to overrule Medium's first choice (standard errors)
SLICE_SECONDS = 0.02
# Endgame decisions (playouts to the round's end: where the search beats Medium's arithmetic,
# and longer, noisier playouts) get this many times the pace's steps.
ENDGAME_FACTOR = 3.0
# Searched only once the deck holds this many cards or fewer (None: always; docs/bots.md).
SEARCH_DECK = None


@dataclass(frozen=True)
class Pace:
    """One pace's budget for a decision (docs/bots.md, "Budgets by pace")."""

    steps: int  # engine steps (``apply`` calls): the budget under CPython
    time_limit: float  # seconds, in the browser: no new world starts after it
    cap: float  # seconds, in the browser: a hard stop, even mid-world
    min_worlds: int  # worlds before the steps or the time limit may stop a search
    min_steps: int  # steps before the time limit may stop a search (×endgame factor), slow devices
    width: int  # Medium's best this many actions are searched
    endgame_positions: int  # the exact endgame's limit (``endgame.solve``)
    exact_deck: int  # solved exactly up to this many deck cards (``endgame.sampled_steps``)


PACES = {
    # The page shows a move 1 s after asking for it (ui/main_thread/page.py): most of that
    # second may be thought.  A slow device (a phone) searches at least the 1000 steps (3000 in
    # the endgame) whose strength the tournaments measured, up to the cap (docs/bots.md).
    "normal": Pace(steps=2400, time_limit=0.30, cap=0.80, min_worlds=MIN_WORLDS,
                   min_steps=1000, width=WIDTH, endgame_positions=4000, exact_deck=1),
    "fast": Pace(steps=1200, time_limit=0.15, cap=0.30, min_worlds=MIN_WORLDS, min_steps=0,
                 width=WIDTH, endgame_positions=2000, exact_deck=1),
    # Instant must feel instant: a few worlds over Medium's best three; one deck card left
    # needs ~2000 positions at the median (tests/bench/bench_endgame.py --deck 1): searched.
    "instant": Pace(steps=300, time_limit=0.025, cap=0.045, min_worlds=4, min_steps=0, width=3,
                    endgame_positions=400, exact_deck=0),
}
DEFAULT_PACE = "normal"


class HardBot:
    """``HardBot(seed, pace=...)``: ``think(view)`` decides, yielding every ``slice_seconds`` of
    work; ``choose(view)`` runs it to the end.  Its randomness comes from ``Random(seed)`` and
    the view only.  Options (None or "pace": the pace's value): ``steps``, ``time_limit``,
    ``cap`` (under CPython the clock is off unless given), ``width``, ``min_worlds``,
    ``min_steps``;
    ``switch_z``, ``endgame_factor``, ``search_deck``; ``exact_endgame`` (False: no solver),
    ``endgame_positions``, ``exact_deck``, ``exact_samples`` (``endgame``); ``look_turns``,
    ``endgame_deck``, ``short_turns``, ``short_others``, ``place_slip`` (1: the last play tells
    nothing) go to ``evaluator.search``, for experiments (``python -m tweak tournament
    --hard-option``).  Raises ``ValueError`` for an unknown pace."""

    level = "hard"

    def __init__(self, seed: int = 0, *, pace: str = DEFAULT_PACE, steps=None,
                 time_limit="pace", cap="pace", width=None, min_worlds=None, min_steps=None,
                 slice_seconds: float = SLICE_SECONDS, switch_z: float = SWITCH_Z,
                 endgame_factor: float = ENDGAME_FACTOR, search_deck=SEARCH_DECK,
                 look_turns=None, endgame_deck=None, short_turns=None,
                 short_others=None, place_slip=None, exact_endgame=True,
                 endgame_positions=None, exact_deck=None, exact_samples=16):
        if pace not in PACES:
            raise ValueError(f"unknown pace {pace!r} (one of {', '.join(PACES)})")
        chosen = PACES[pace]
        self.rng = Random(seed)
        self.pace = pace
        self.steps = chosen.steps if steps is None else steps
        # The clock applies in the browser only, unless given explicitly.
        self.time_limit = (chosen.time_limit if IN_BROWSER else None) if time_limit == "pace" else time_limit
        self.cap = (chosen.cap if IN_BROWSER else None) if cap == "pace" else cap
        self.width = chosen.width if width is None else width
        self.min_worlds = chosen.min_worlds if min_worlds is None else min_worlds
        self.min_steps = chosen.min_steps if min_steps is None else min_steps
        self.slice_seconds = slice_seconds
        self.switch_z = switch_z
        self.endgame_factor = endgame_factor
        self.search_deck = search_deck
        # The search's own knobs (``evaluator.search``; None: its defaults).
        self.look_turns = look_turns
        self.endgame_deck = evaluator.ENDGAME_DECK if endgame_deck is None else endgame_deck
        self.short_turns = short_turns
        self.short_others = short_others
        self.place_slip = sampling.PLACE_SLIP if place_slip is None else place_slip
        self.exact_endgame = bool(exact_endgame)
        self.exact_deck = chosen.exact_deck if exact_deck is None else exact_deck
        self.exact_samples = exact_samples
        self.endgame_positions = (chosen.endgame_positions if endgame_positions is None
                                  else endgame_positions)
        self.last_worlds = 0  # worlds searched for the last decision (for benchmarks)
        self.last_result = None
        self.last_solved = None  # the exact endgame's answer for the last decision, if any

    def budget(self, view) -> Budget:
        """This decision's budget: the pace's, with ``endgame_factor`` times the steps (and the
        minimum steps) once the playouts run to the round's end (``evaluator.ENDGAME_DECK``)."""
        steps, min_steps = self.steps, self.min_steps
        if view.deck_size <= self.endgame_deck:
            steps = int(steps * self.endgame_factor)
            min_steps = int(min_steps * self.endgame_factor)
        return Budget(steps=steps, time_limit=self.time_limit, cap=self.cap,
                      min_worlds=self.min_worlds, slice_seconds=self.slice_seconds,
                      min_steps=min_steps)

    def think(self, view):
        """A generator: decides for ``view`` (its seat must act, else ``ValueError``), yielding
        whenever ``slice_seconds`` of work have passed, and returns the action."""
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        self.last_worlds = 0
        self.last_solved = None
        if len(legal) == 1:
            return legal[0]
        started = perf_counter()
        known = Knowledge(view)
        ranked = rank(view, self.rng, known)
        if self.search_deck is not None and view.deck_size > self.search_deck:
            return ranked[0][1]  # early in the round, Medium decides (cheaper, and weaker)
        budget = self.budget(view)
        exact = self.exact_endgame and view.players == 2
        if exact and view.deck_size <= self.exact_deck:
            # Under a clock the solver may use half the time limit: if it gives up, the search
            # still has the other half.
            deadline = None if self.time_limit is None else started + 0.5 * self.time_limit
            order = [action for _, action in ranked]
            if not view.deck_size:
                solved = yield from solve_steps(view, self.endgame_positions, known, order,
                                                deadline, self.slice_seconds)
            else:
                solved = yield from sampled_steps(view, self.rng, self.exact_samples,
                                                  self.endgame_positions, known, order,
                                                  deadline, self.slice_seconds, self.width)
            if solved is not None:
                self.last_solved = solved
                return solved.best()  # ties: Medium's order
            if self.time_limit is not None:  # the solver gave up: search in the time left
                spent = perf_counter() - started
                left = max(0.0, self.time_limit - spent)
                cap = None if budget.cap is None else max(0.5 * budget.cap, budget.cap - spent)
                budget = replace(budget, time_limit=left, cap=cap)
        result = yield from search(view, self.rng, budget, self.width, ranked,
                                   look_turns=self.look_turns, endgame=self.endgame_deck,
                                   short_turns=self.short_turns,
                                   short_others=self.short_others,
                                   place_slip=self.place_slip)
        self.last_worlds = result.worlds
        self.last_result = result
        if result.worlds < 2:
            return result.candidates[0]  # capped before the search could say anything
        best = result.best()
        if best == 0 or 0 not in result.alive:
            return result.candidates[best]
        mean, error = result.gap(best, 0)
        return result.candidates[best] if mean > self.switch_z * error else result.candidates[0]

    def choose(self, view):
        """The action ``think`` returns, run to the end."""
        return finish(self.think(view))
