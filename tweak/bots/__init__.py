"""Computer opponents.  A bot is an object with ``choose(view) -> action``.

A bot receives only its seat's ``PlayerView`` (R21) and must return one of ``view.legal``.
``make_bot(level, seed)`` builds a bot by level name; each bot draws its own random choices
from its own seeded stream, never from the game's.
"""

from __future__ import annotations

from .greedy import GreedyBot
from .random_bot import RandomBot

__all__ = ["RandomBot", "GreedyBot", "make_bot", "LEVELS", "CHOICES", "DEFAULT_LEVEL"]

LEVELS = {
    "random": RandomBot,
    "greedy": GreedyBot,
}

# What the start screen offers for a computer seat, in order: (level, label).
CHOICES = (("greedy", "Greedy"), ("random", "Random"))
DEFAULT_LEVEL = "greedy"


def make_bot(level: str, seed: int = 0):
    """A bot of that level (see ``LEVELS``), with its own random stream from ``seed``."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})") from None
    return factory(seed)
