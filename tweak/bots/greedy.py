"""The greedy bot: the most points now, judged from its own view only.

* Capture: the capture worth most (R5 points, a TWEAK! counted as a [T!] card won).
* No capture: a Joker that makes one possible is played; otherwise The Thief or The Bomb
  (each puts more cards on the table); otherwise it places its least valuable card.
* Bombed: it gives up its least valuable card.
"""

from __future__ import annotations

from ..actions import Capture, Place, PlayBomb, PlayJoker, PlayThief
from ..engine import captures


def capture_value(view, action: Capture) -> int:
    """Points a capture wins now: its cards, plus a [T!] card for clearing the table (R15)."""
    rules = view.rules
    points = rules.points(action.card) + sum(rules.points(face) for face in action.taken)
    if len(action.taken) == len(view.table) and view.tcard_pile_size:
        points += rules.tcard_points
    return points


class GreedyBot:
    level = "greedy"

    def __init__(self, seed: int = 0):
        self.seed = seed  # greedy is deterministic; the seed is accepted for a uniform API

    def choose(self, view):
        legal = view.legal
        points = view.rules.points
        places = [action for action in legal if isinstance(action, Place)]
        if view.phase == "bomb":
            return min(places, key=lambda action: (points(action.card), action.card))
        capture_list = [action for action in legal if isinstance(action, Capture)]
        if capture_list:
            return max(capture_list, key=lambda action: (capture_value(view, action), str(action)))
        for action in legal:
            if isinstance(action, PlayJoker) and any(
                captures(view.table, view.target + action.delta - face.value) for face in view.hand
            ):
                return action
        for action in legal:
            if isinstance(action, (PlayThief, PlayBomb)):
                return action
        return min(places, key=lambda action: (points(action.card), action.card))
