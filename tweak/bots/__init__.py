"""Computer opponents.  A bot is an object with ``choose(view) -> action``.

A bot receives only its seat's ``PlayerView`` (R21) and must return one of ``view.legal``.
``make_bot(level, seed, pace="normal")`` builds a bot by level name; each bot draws its own
random choices from its own seeded stream, never from the game's.  ``pace`` is the pace of
computer moves the player chose ("normal", "fast" or "instant", ``PACES``): it sets how long a
searching bot may think (``hard.PACES``); the other levels answer at once at every pace.

``evaluate(view, budget=...)`` judges every legal action of a seat from its view: a list of
``Judgement(action, value, error, worlds, reasons)``, best first, values in points relative to
the best (``evaluator``); for a coach's hints and a game review.

Levels:
  easy     sensible play with a beginner's mistakes (``easy.EasyBot``)
  medium   a heuristic player: points, red cards, TWEAK!s, [T!] cards and what it leaves the
           next player (``medium.MediumBot``)
  hard     plays what ``evaluator.search`` finds best: worlds sampled from its view, each
           candidate played out to the round's end (``hard.HardBot``); with two players and an
           empty deck, what an exact solver of the rest of the round finds best
           (``endgame``); it also has ``think(view)``, a generator that yields while it
           searches so a page stays responsive, and returns the action
  greedy, random   simple bots for tests and as strength floors

Search bots have ``think``; for the others ``think`` (from ``thinker``) returns at once.
"""

from __future__ import annotations

from .easy import EasyBot
from .evaluator import Budget, Judgement, evaluate
from .greedy import GreedyBot
from .hard import PACES, HardBot
from ..levels import CHOICES, DEFAULT_LEVEL
from .medium import MediumBot
from .random_bot import RandomBot

__all__ = ["RandomBot", "GreedyBot", "EasyBot", "MediumBot", "HardBot", "make_bot", "LEVELS",
           "CHOICES", "DEFAULT_LEVEL", "think", "PACES", "evaluate", "Judgement", "Budget"]

LEVELS = {
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "random": RandomBot,
    "greedy": GreedyBot,
}

# What the start screen offers for a computer seat (tweak.levels: data a page reads early).
assert all(level in LEVELS for level, _label in CHOICES)


def make_bot(level: str, seed: int = 0, pace: str = "normal", **options):
    """A bot of that level (see ``LEVELS``), with its own random stream from ``seed``, thinking
    at the ``pace`` the player chose (one of ``PACES``).  ``options`` go to the bot's
    constructor (e.g. ``steps=1200`` for Hard)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})") from None
    if pace not in PACES:
        raise ValueError(f"unknown pace {pace!r} (one of {', '.join(PACES)})")
    if factory is HardBot:
        return factory(seed, pace=pace, **options)
    return factory(seed, **options)


def think(bot, view):
    """A generator that decides for ``bot``: the bot's own ``think`` if it searches (it yields
    between slices of work), else one that returns ``bot.choose(view)`` at once.  The action
    is the generator's return value (``StopIteration.value``)."""
    if hasattr(bot, "think"):
        return bot.think(view)
    return _at_once(bot, view)


def _at_once(bot, view):
    return bot.choose(view)
    yield  # pragma: no cover - makes this function a generator
