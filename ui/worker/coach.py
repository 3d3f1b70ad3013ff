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

Every word is in the current language (``ui.worker.i18n``).  The evaluator's reasons
(``tweak.bots.evaluate``) are sentences of marked messages (``tweak.bots.reasons``): told with
the game's language (``ui.worker.i18n.WORDS``) and the seats' names, they name cards ("red 5",
"el 5 rojo") and write numbers ("3.4", "3,4") as the player reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tweak import Capture, Place, PlayBomb, PlayChange, PlayJoker, PlayThief, format_action
from tweak.bots import Budget, evaluate
from tweak.bots.reasons import points
from tweak.words import told

from .i18n import WORDS, _, and_list, ngettext
from .screens.cards import COLOUR_WORDS
from .story import callout

__all__ = ["Hint", "hint", "words", "capture_marks", "card_words", "decimal", "HINT_BUDGET"]

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


def card_words(face) -> str:
    """A number card by name: "red 5" ("el 5 rojo": the translation may put the value first
    and add the article a card takes in a sentence)."""
    return _("{colour} {value}").format(colour=_(COLOUR_WORDS[face.colour]), value=face.value)


def _names(faces) -> str:
    return and_list(card_words(face) for face in faces)


def decimal(number: float, digits: int = 1) -> str:
    """``3.4`` as the language writes it ("3.4", "3,4")."""
    whole, _point, fraction = f"{number:.{digits}f}".partition(".")
    return _("{units}.{tenths}").format(units=whole, tenths=fraction) if fraction else whole


def _points(count: int) -> str:
    return told(points(count), WORDS)


def words(view, action, names=None, owner: str = "your") -> tuple:
    """(headline, callout) of ``action`` for the person at ``view.seat``: what it does in plain
    words, with a capture's called-out sum (R14) and its points (R5).  ``owner`` says whose
    cards they are: "your" to the person (a hint); anything else (a game review,
    ``ui.worker.review``: "Ada's") speaks of the seat's player by name, ``names[view.seat]``."""
    points = view.rules.points
    theirs = owner != "your"
    name = names[view.seat] if theirs and names else owner.removesuffix("'s")
    if isinstance(action, Capture):
        cards = (action.card,) + tuple(action.taken)
        said = callout([face.value for face in cards])
        total = sum(points(face) for face in cards)
        tweak = len(action.taken) == len(view.table)
        if theirs:
            text = (_("{callout} — {name}'s {card} takes {cards}: {count}, {points}, and a "
                      "TWEAK! (the whole table)") if tweak
                    else _("{callout} — {name}'s {card} takes {cards}: {count}, {points}"))
        else:
            text = (_("{callout} — your {card} takes {cards}: {count}, {points}, and a TWEAK! "
                      "(the whole table)") if tweak
                    else _("{callout} — your {card} takes {cards}: {count}, {points}"))
        return text.format(
            callout=said, name=name, card=card_words(action.card), cards=_names(action.taken),
            count=ngettext("{n} card", "{n} cards", len(cards)).format(n=len(cards)),
            points=_points(total)), said
    if isinstance(action, Place):
        card, worth = card_words(action.card), _points(points(action.card))
        if view.phase == "bomb":
            text = (_("Give up {name}'s {card} to the Bomb ({points})") if theirs
                    else _("Give up your {card} to the Bomb ({points})"))
        else:
            text = (_("Place {name}'s {card} on the table") if theirs
                    else _("Place your {card} on the table"))
        return text.format(name=name, card=card, points=worth), ""
    if isinstance(action, PlayThief):
        who = names[action.victim] if names else _("seat {n}").format(n=action.victim + 1)
        return _("Play The Thief on {name}").format(name=who), ""
    if isinstance(action, PlayJoker):
        return (_("Play The Joker: {change}, the target becomes {target}").format(
            change=f"{action.delta:+d}", target=view.target + action.delta)), ""
    if isinstance(action, PlayChange):
        return _("Play Change Target"), ""
    if isinstance(action, PlayBomb):
        return _("Play The Bomb"), ""
    return str(action), ""


def hint(view, names=None, step: int = 0, budget: Budget = HINT_BUDGET, seed: int = 0) -> Hint:
    """The evaluator's best move for ``view`` (``tweak.bots.evaluate``), in words; ``names``
    the seats' names (for The Thief), ``step`` the game step the view is of."""
    if not view.legal:
        raise ValueError("there is no move to hint at now")  # a caller's error, not a player's
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
            runner_up = (_("Next best: {move} — about {gap} points less.").format(
                move=other_words, gap=decimal(gap)) if gap >= 0.05
                else _("Next best: {move} — about as good.").format(move=other_words))
        else:
            runner_up = _("Next best: {move}.").format(move=other_words)
    # The headline says what the move takes or places; the other reasons, in the player's words.
    reasons = tuple(told(reason, WORDS, names=names) for reason in best.reasons
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
