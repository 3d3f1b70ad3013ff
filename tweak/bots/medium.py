"""The Medium bot: a good heuristic player, judging every option from its own view.

``rank(view)`` scores every legal action (``heuristics.Appraiser``, in points) and ``choose``
takes the best.  What it weighs:

* a capture: the points won (R5: red double), a TWEAK!'s [T!] card (R15), and what the cards left
  on the table offer the next player at the next target (a distribution over the backs it
  cannot see yet, R6, R11, R16);
* a place: the card's points given up, and what the new table offers the next player;
* a [T!] card (R12, R13), against the best hand card without it and the worth of keeping it:
  The Joker when ±1 makes a better play; Change Target, The Thief and The Bomb by averaging a
  few sampled outcomes (the hidden top card, a random stolen card, the cards given up); The
  Thief robs the opponent with the highest score;
* bombed (``view.phase == "bomb"``): the card whose loss costs least and helps the bomber least.

Its own random stream (``Random(seed)``) draws those samples, so the same seed and the same
views give the same choices.
"""

from __future__ import annotations

from random import Random

from ..actions import Capture, Place, PlayThief
from .heuristics import Appraiser
from .knowledge import Knowledge

__all__ = ["MediumBot", "rank"]

# A [T!] card is played only when it beats the best plain play by at least this much.
TCARD_MARGIN = 0.5


def rank(view, rng, knowledge=None):
    """``[(score, action), ...]`` for every legal action, best first; ties keep the engine's
    order of ``view.legal`` ([T!] cards, captures, places)."""
    legal = view.legal
    if not legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    known = knowledge if knowledge is not None else Knowledge(view)
    judge = Appraiser(view, known, rng)
    scored = []
    if view.phase == "bomb":
        for index, action in enumerate(legal):
            scored.append((judge.give_up_score(action.card), -index, action))
    else:
        table = list(view.table)
        plain = []
        for index, action in enumerate(legal):
            if isinstance(action, (Capture, Place)):
                plain.append((judge.hand_play_score(action, table), -index, action))
        victims = judge.thief_victim_order(
            [action.victim for action in legal if isinstance(action, PlayThief)])
        for index, action in enumerate(legal):
            if isinstance(action, (Capture, Place)):
                continue
            if isinstance(action, PlayThief):
                # Only robbing the leader is judged (sampling is the costly part); the other
                # victims rank just below it, in the same order.
                if action.victim != victims[0]:
                    continue
                score = judge.tcard_score(action) - TCARD_MARGIN
                for place, seat in enumerate(victims):
                    other = PlayThief(seat)
                    scored.append((score - 0.01 * place, -legal.index(other), other))
                continue
            scored.append((judge.tcard_score(action) - TCARD_MARGIN, -index, action))
        scored.extend(plain)
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [(score, action) for score, _, action in scored]


class MediumBot:
    level = "medium"

    def __init__(self, seed: int = 0):
        self.rng = Random(seed)

    def choose(self, view):
        return rank(view, self.rng)[0][1]
