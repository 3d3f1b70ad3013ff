"""The Medium bot: a heuristic player that scores every legal action in points from its view.

``rank(view, rng)`` scores every legal action (``heuristics.Appraiser``: points now, minus what
the table left offers the next player; a [T!] card against the best plain play and the worth of
keeping it) and ``MediumBot.choose`` plays the best.  Its own ``Random(seed)`` draws the
samples, so the same seed and views give the same choices.  Details: docs/bots.md, "Medium".
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
    """``[(score, action), ...]`` for every legal action of ``view`` (its seat must act, else
    ``ValueError``), best first; ties keep the engine's order of ``view.legal`` ([T!] cards,
    captures, places).  ``knowledge``: ``Knowledge(view)`` if the caller has it."""
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
