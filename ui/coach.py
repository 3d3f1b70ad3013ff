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

Every word is in the current language (``ui.i18n``).  The evaluator (``tweak.bots``) writes its
reasons in English for developers; ``plain`` reads each of its sentence forms (``_REASONS``)
and says it again as a message of the catalogue, cards by name (``card_words``: "red 5",
"el 5 rojo"), numbers in the language's way ("3.4", "3,4").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tweak import Capture, Face, Place, PlayBomb, PlayChange, PlayJoker, PlayThief, format_action
from tweak.bots import Budget, evaluate
from tweak.cards import TKind

from .cards import COLOUR_WORDS
from .i18n import _, ngettext
from .start import and_list
from .story import callout

__all__ = ["Hint", "hint", "words", "plain", "capture_marks", "card_words", "decimal",
           "HINT_BUDGET"]

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
    return ngettext("{n} point", "{n} points", count).format(n=count)


def words(view, action, names=None, owner: str = "your") -> tuple:
    """(headline, callout) of ``action`` for the person at ``view.seat``: what it does in plain
    words, with a capture's called-out sum (R14) and its points (R5).  ``owner`` says whose
    cards they are: "your" to the person (a hint); anything else (a game review,
    ``ui.review``: "Ada's") speaks of the seat's player by name, ``names[view.seat]``."""
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


_CARD = r"[ROYGBP][1-6]"
_CARDS = re.compile(rf"\b{_CARD}(?:\+{_CARD})*\b")
_RULINGS = re.compile(r" \(R\d+(?:, R\d+)*\)")
_ONE_POINT = re.compile(r"(?<![\d.])1 points")
# The evaluator's titles of the [T!] cards, as its sentences write them.
_TCARD_TITLES = {kind.title: kind for kind in TKind} | {"The Joker": TKind.JOKER}


def _cards_named(text: str) -> str:
    """"R1+Y3" → "red 1 and yellow 3"."""
    return _names(Face.parse(part) for part in text.split("+"))


def _title(text: str) -> str:
    """A [T!] card's title as the evaluator writes it, translated ("The Thief")."""
    kind = _TCARD_TITLES.get(text)
    return _(kind.title) if kind is not None else text


def _at(match) -> str:
    if match["targets"]:
        return _("target {targets} (most likely {target})").format(
            targets=match["targets"], target=match["likely"])
    return _("target {target}").format(target=match["target"])


def _leaves(match) -> str:
    values = dict(cards=_cards_named(match["cards"]), points=_points(int(match["points"])),
                  at=_at(match), taken=decimal(float(match["taken"])))
    if not match["chance"] and float(match["taken"]) == 0:
        # The issue's own words for a safe play: "leaves nothing the next player can take".
        return _("leaves {cards} ({points}), nothing the next player can take at "
                 "{at}").format(**values)
    if match["chance"]:
        return _("leaves {cards} ({points}) to the next player at {at}: they take about "
                 "{taken}, a TWEAK! {chance} of the time").format(
            chance=_("{n}%").format(n=match["chance"]), **values)
    return _("leaves {cards} ({points}) to the next player at {at}: they take about "
             "{taken}").format(**values)


def _takes(match) -> str:
    values = dict(cards=_cards_named(match["cards"]), points=_points(int(match["points"])))
    if match["red"]:
        red = int(match["red"])
        return ngettext("takes {cards}: {points} ({n} red card, double points)",
                        "takes {cards}: {points} ({n} red cards, double points)",
                        red).format(n=red, **values)
    return _("takes {cards}: {points}").format(**values)


# The evaluator's sentences (tweak/bots/evaluator.py, ``describe``), rulings already left out,
# each with what says it again in the player's language.
_REASONS = tuple((re.compile(pattern.replace("CARDS", rf"{_CARD}(?:\+{_CARD})*")
                             .replace("CARD", _CARD) + "$"), say_again) for pattern, say_again in (
    (r"gives (?P<card>CARD) \((?P<points>\d+) points?\) to the Bomb: it goes to the table "
     r"at the bomber's target (?P<target>\d+)",
     lambda m, names: _("gives {card} ({points}) to the Bomb: it goes to the table at the "
                        "bomber's target {target}").format(
         card=card_words(Face.parse(m["card"])), points=_points(int(m["points"])),
         target=m["target"])),
    (r"plays (?P<title>The Thief) on seat (?P<seat>\d+): a random card of their (?P<n>\d+) "
     r"goes to the table",
     lambda m, names: ngettext(
         "plays {title} on {name}: a random card of their {n} goes to the table",
         "plays {title} on {name}: a random card of their {n} goes to the table",
         int(m["n"])).format(
         title=_title(m["title"]), n=int(m["n"]),
         name=(names[int(m["seat"])] if names and int(m["seat"]) < len(names)
               else _("seat {n}").format(n=int(m["seat"]) + 1)))),
    (r"plays (?P<title>.+?): the target becomes (?P<target>-?\d+)",
     lambda m, names: _("plays {title}: the target becomes {target}").format(
         title=_title(m["title"]), target=m["target"])),
    (r"plays (?P<title>.+?): the deck's top card goes to the table, a new target",
     lambda m, names: _("plays {title}: the deck's top card goes to the table, a new "
                        "target").format(title=_title(m["title"]))),
    (r"plays (?P<title>.+?): (?P<n>\d+) opponent\(s\) each give a card to the table",
     lambda m, names: ngettext("plays {title}: {n} opponent gives a card to the table",
                               "plays {title}: {n} opponents each give a card to the table",
                               int(m["n"])).format(title=_title(m["title"]), n=int(m["n"]))),
    (r"the \[T!\] card scores its (?P<points>\d+) points whether played or kept; kept, it "
     r"could act later this round",
     lambda m, names: _("the [T!] card scores its {points} whether played or kept; kept, it "
                        "could act later this round").format(points=_points(int(m["points"])))),
    (r"TWEAK!: clears the table and wins a \[T!\] card \((?P<points>\d+) points and an "
     r"effect\)",
     lambda m, names: _("TWEAK!: clears the table and wins a [T!] card ({points} and an "
                        "effect)").format(points=_points(int(m["points"])))),
    (r"TWEAK! \(the \[T!\] pile is empty: no card\)",
     lambda m, names: _("TWEAK! (the [T!] pile is empty: no card)")),
    (r"keeps (?P<title>.+?) for a later turn \((?P<points>\d+) points either way\)",
     lambda m, names: _("keeps {title} for a later turn ({points} either way)").format(
         title=_title(m["title"]), points=_points(int(m["points"])))),
    (r"the next player finds a fresh table of two deck cards",
     lambda m, names: _("the next player finds a fresh table of two deck cards")),
    (r"leaves (?P<cards>CARDS) on the table; no one is left to take it",
     lambda m, names: _("leaves {cards} on the table; no one is left to take it").format(
         cards=_cards_named(m["cards"]))),
    (r"leaves (?P<cards>CARDS) \((?P<points>\d+) points?\) to the next player at "
     r"target (?:(?P<targets>\d+(?:/\d+)+) \(most likely (?P<likely>\d+)\)|"
     r"(?P<target>\d+)): they take about (?P<taken>\d+\.\d)"
     r"(?:, a TWEAK! (?P<chance>\d+)% of the time)?",
     lambda m, names: _leaves(m)),
    (r"takes (?P<cards>CARDS): (?P<points>\d+) points?"
     r"(?: \((?P<red>\d+) red cards?, double points\))?",
     lambda m, names: _takes(m)),
    (r"places (?P<card>CARD): gives up its (?P<points>\d+) points?",
     lambda m, names: _("places {card}: gives up its {points}").format(
         card=card_words(Face.parse(m["card"])), points=_points(int(m["points"])))),
))


def plain(reason: str, names=None) -> str:
    """An evaluator's reason for a player, in their language: cards by name ("R1+Y3" → "red 1
    and yellow 3"), without the ruling numbers meant for developers; ``names``, the seats'
    names (The Thief's victim).  A sentence of a form ``_REASONS`` does not know keeps its
    English words, cards named."""
    reason = _RULINGS.sub("", reason)
    for pattern, say_again in _REASONS:
        found = pattern.match(reason)
        if found:
            return say_again(found, names)
    reason = _ONE_POINT.sub("1 point", reason)
    return _CARDS.sub(lambda found: _cards_named(found.group()), reason)


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
    reasons = tuple(plain(reason, names) for reason in best.reasons
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
