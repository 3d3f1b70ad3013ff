"""The coach: a hint for the person to act, in words, and the Show sums marks, from that
person's ``PlayerView`` only (R21): ``tweak.bots.evaluate`` samples the hidden cards from the
view, so a hint knows exactly what the player could know.

Data:
* ``Hint`` — the best move for a view and why: ``action`` (notation), ``headline`` (the move in
  words, with a capture's called-out sum, R14), ``callout`` (the sum alone, "" for no capture),
  ``reasons`` (the evaluator's other sentences), ``runner_up`` (the next best move and how many
  points less, "" if none) and ``step`` (the game step it is for: stale once the game moves).
* ``capture_marks(view)`` — Show sums: the hand cards that capture with each table card, read
  from ``view.legal`` (the engine decides what a capture is).

At the table, ``ui.worker.commands`` sends the "hint", "sums" and "hints" commands here (``ask``,
``switch_sums``, ``switch_hints``) and ``ui.worker.session`` takes the screen's coach fields
from ``on_screen``.  Every word is in the language in force (``ui.worker.i18n``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tweak import (
    Capture, Place, PlayBomb, PlayChange, PlayJoker, PlayThief, format_action, parse_action,
)
from tweak.bots import Budget, evaluate
from tweak.bots.reasons import points
from tweak.words import told

from .errors import SessionError
from .i18n import COLOUR_WORDS, WORDS, _, and_list, ngettext
from .story import callout

__all__ = ["Hint", "hint", "words", "capture_marks", "ask", "switch_sums", "switch_hints",
           "on_screen", "card_words", "decimal", "HINT_BUDGET"]

# Reproducible (a budget of engine steps, no clock) yet bounded on a slow phone: the hard cap
# stops a search that would otherwise keep the worker busy for long.
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


# ---- the coach at the table: ``ui.worker.session.Session``'s commands and screen ------------


def _picks(view, action: str) -> tuple:
    """(the hand card or None, sorted positions in ``view.table``) that select the move
    ``action`` (notation): a capture's card and its taken cards (a face on the table twice: the
    first copies), a placed card alone, nothing for a [T!] card."""
    move = parse_action(action)
    if isinstance(move, Capture):
        chosen = []
        for face in move.taken:
            chosen.append(next(index for index, card in enumerate(view.table)
                               if card == face and index not in chosen))
        return move.card, tuple(sorted(chosen))
    if isinstance(move, Place):
        return move.card, ()
    return None, ()


def ask(session, _arg: str = "") -> None:
    """The "hint" command: ``session.hint`` becomes the hint for the person to act, from
    their own view (``Session.person_view``), and ``session.selection`` its move's cards, so
    one more click makes it.  Nothing when no person may act now; ``SessionError`` if hints are
    off in the game or a computer is to move."""
    if not session.hints_on:
        raise SessionError(_("Hints are off in this game."))
    me = session.person_view()
    if me is None or not me.legal:
        return
    session.hint = hint(me, session.names, step=session.state.step)
    hand, table = _picks(me, session.hint.action)
    session.selection = replace(session.selection, hand=hand, table=table, flow=None)


def switch_sums(session, _arg: str = "") -> None:
    """The "sums" command: Show sums on or off (only while hints are on)."""
    if session.hints_on:
        session.show_sums = not session.show_sums


def switch_hints(session, _arg: str = "") -> None:
    """The "hints" command: hints on or off, between people only (against computers they are
    always on)."""
    if session.hot_seat:
        session.hints_on = not session.hints_on
        session.hint = None


def on_screen(session, me) -> dict:
    """The coach's fields of ``ui.worker.screen_data.Screen`` for ``session`` now: ``hints`` (the
    Hint button is offered), ``hint`` (the one asked for at this step), ``sums`` (Show sums is
    on) and ``marks`` (its ``capture_marks``).  ``me`` is the view of the person to act when
    the screen is theirs, else None."""
    mine = me is not None
    sums = session.show_sums and session.hints_on
    asked = session.hint
    return {"hints": mine and session.hints_on,
            "hint": asked if mine and asked is not None and asked.step == session.state.step
            else None,
            "sums": sums,
            "marks": capture_marks(me) if mine and sums else {}}
