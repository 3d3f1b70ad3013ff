"""Computer opponents (docs/bots.md).  A bot is an object with ``choose(view) -> action``.

A bot gets only its seat's ``PlayerView`` (R21) and returns one of ``view.legal``; its random
choices come from its own seeded stream, never the game's.  ``LEVELS`` maps each level to its
class: easy, medium and hard (``EasyBot``, ``MediumBot``, ``HardBot``: what a player chooses),
greedy and random (for tests and as strength floors).  ``make_bot`` builds one; ``think``
decides without blocking a page; ``evaluate`` judges every legal action of a view, for a
coach's hints and a game review.
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
    """A bot of that level (a key of ``LEVELS``), with its own random stream from ``seed``,
    thinking at the ``pace`` the player chose (a key of ``PACES``: it sets Hard's budget, the
    other levels answer at once).  ``options`` go to the bot's constructor (e.g.
    ``steps=1200`` for Hard).  Raises ``ValueError`` for an unknown level or pace."""
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
    """A generator that decides for ``bot`` from ``view`` (its seat must act): the bot's own
    ``think`` if it searches (it yields between slices of work, so a page stays responsive),
    else one that returns ``bot.choose(view)`` at once.  The action is the generator's return
    value (``StopIteration.value``); ``evaluator.finish`` runs it to the end."""
    if hasattr(bot, "think"):
        return bot.think(view)
    return _at_once(bot, view)


def _at_once(bot, view):
    return bot.choose(view)
    yield  # pragma: no cover - makes this function a generator
