"""The coach: a hint for the person to act, in words, from their own view only (R21).

Pure Python (no ``js``/``pyscript``).  Nothing here reads a ``State``: a hint is built from a
``PlayerView`` and ``tweak.bots.evaluate`` (which samples the hidden cards from that view), so a
hint knows exactly what the player could know.

Data:
* ``Hint`` — the evaluator's best move for the view and why: ``action`` (its notation),
  ``headline`` (the move in words, with a capture's called-out sum, R14: "5 plus 2 is 7, plus 1
  is 8 — red 5 takes green 2 and yellow 1: 3 cards, 11 points"), ``callout`` (the sum alone, ""
  for a move that is not a capture), ``reasons`` (the evaluator's sentences but the one the
  headline already says, in words: cards by name, no ruling numbers — e.g. what the table left
  offers the next player), ``runner_up`` (the next best move in words and how many points
  it is worth less, "" when there is no other move), ``step`` (the view's game step: a hint is
  stale once the game moves on).
* ``capture_marks(view)`` — the teaching switch "show all sums": for every table position that
  is part of some legal capture, the hand cards that make one with it (read from
  ``view.legal`` only: the engine decides what a capture is, not this module).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tweak import Capture, Face, Place, PlayBomb, PlayChange, PlayJoker, PlayThief, format_action
from tweak.bots import Budget, evaluate
from tweak.events import card_name

from .story import callout

__all__ = ["Hint", "hint", "words", "plain", "capture_marks", "HINT_BUDGET"]

# Reproducible (engine steps) yet bounded on a slow phone: the hard cap stops a search that
# would otherwise keep the worker busy for long; measured under CPython, a hint takes 3–15 ms.
HINT_BUDGET = Budget(steps=6000, time_limit=None, cap=3.0, min_worlds=12)


@dataclass(frozen=True)
class Hint:
    action: str
    headline: str
    callout: str
    reasons: tuple
    runner_up: str
    step: int


def _names(faces) -> str:
    names = [card_name(face) for face in faces]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def words(view, action, names=None, owner: str = "your") -> tuple:
    """(headline, callout) of ``action`` for the person at ``view.seat``: what it does in plain
    words, with a capture's called-out sum (R14) and its points (R5).  ``owner`` says whose
    cards they are: "your" to the person (a hint), "Ada's" in a game review (``ui.review``)."""
    points = view.rules.points
    if isinstance(action, Capture):
        cards = (action.card,) + tuple(action.taken)
        said = callout([face.value for face in cards])
        total = sum(points(face) for face in cards)
        text = (f"{said} — {owner} {card_name(action.card)} takes {_names(action.taken)}: "
                f"{len(cards)} cards, {total} points")
        if len(action.taken) == len(view.table):
            text += ", and a TWEAK! (the whole table)"
        return text, said
    if isinstance(action, Place):
        if view.phase == "bomb":
            return (f"Give up {owner} {card_name(action.card)} to the Bomb "
                    f"({points(action.card)} points)"), ""
        return f"Place {owner} {card_name(action.card)} on the table", ""
    if isinstance(action, PlayThief):
        who = names[action.victim] if names else f"seat {action.victim + 1}"
        return f"Play The Thief on {who}", ""
    if isinstance(action, PlayJoker):
        return (f"Play The Joker: {action.delta:+d}, the target becomes "
                f"{view.target + action.delta}"), ""
    if isinstance(action, PlayChange):
        return "Play Change Target", ""
    if isinstance(action, PlayBomb):
        return "Play The Bomb", ""
    return str(action), ""


_CARDS = re.compile(r"\b[ROYGBP][1-6](?:\+[ROYGBP][1-6])*\b")
_RULINGS = re.compile(r" \(R\d+(?:, R\d+)*\)")
_ONE_POINT = re.compile(r"(?<![\d.])1 points")


def plain(reason: str) -> str:
    """An evaluator's reason for a player: cards by name ("R1+Y3" → "red 1 and yellow 3"),
    without the ruling numbers meant for developers."""
    reason = _ONE_POINT.sub("1 point", _RULINGS.sub("", reason))
    return _CARDS.sub(lambda found: _names(Face.parse(text)
                                           for text in found.group().split("+")), reason)


def hint(view, names=None, step: int = 0, budget: Budget = HINT_BUDGET, seed: int = 0) -> Hint:
    """The evaluator's best move for ``view`` (``tweak.bots.evaluate``), in words; ``names``
    the seats' names (for The Thief), ``step`` the game step the view is of."""
    if not view.legal:
        raise ValueError("there is no move to hint at now")
    judged = evaluate(view, budget=budget, seed=seed)
    best = judged[0]
    headline, said = words(view, best.action, names)
    runner_up = ""
    if len(judged) > 1:
        other = judged[1]
        other_words = words(view, other.action, names)[0]
        other_words = other_words[0].lower() + other_words[1:]
        if other.worlds and other.value > float("-inf"):
            gap = -other.value
            runner_up = (f"Next best: {other_words} — about {gap:.1f} points less."
                         if gap >= 0.05 else f"Next best: {other_words} — about as good.")
        else:
            runner_up = f"Next best: {other_words}."
    reasons = tuple(plain(reason) for reason in best.reasons
                    if not reason.startswith(("takes ", "places ")))
    return Hint(format_action(best.action), headline, said, reasons, runner_up, step)


def capture_marks(view) -> dict:
    """{table position: (hand faces that capture with that card, sorted)} for every table card
    that is part of some legal capture (``view.legal``).  Two copies of a face on the table are
    both marked: either can be taken."""
    marks = {}
    for action in view.legal:
        if not isinstance(action, Capture):
            continue
        taken = set(action.taken)
        for index, face in enumerate(view.table):
            if face in taken:
                marks.setdefault(index, set()).add(action.card)
    return {index: tuple(sorted(cards)) for index, cards in sorted(marks.items())}
