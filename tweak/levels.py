"""The computer levels a player may choose, as data (no bot is imported to read them).

  CHOICES        ((level, label), ...): what the start screen offers for a computer seat, in
                 order; each level is a key of ``tweak.bots.LEVELS``, each label English, marked
                 for the game's catalogue
  DEFAULT_LEVEL  the level a computer seat has unless the player picks another

A page reads them before the first game (its start screen), when importing the bots themselves
would only delay its start (``tweak.bots`` re-exports both).
"""

from __future__ import annotations

from .words import N_

__all__ = ["CHOICES", "DEFAULT_LEVEL"]

CHOICES = (("easy", N_("Easy")), ("medium", N_("Medium")), ("hard", N_("Hard")))
DEFAULT_LEVEL = "medium"
