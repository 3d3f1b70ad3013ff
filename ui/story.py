"""The move log as a story: one entry per move, told from the public events of its step.

Data:
* ``Entry`` — one line of the log: its sentence(s), a ``kind`` for the page's colours and for
  what a summary keeps (``"capture"``, ``"tweak"``, ``"tcard"``, ``"round"``, ``"move"``), the
  seat whose move it was (None for the table's own events, such as a round starting), and the
  ``serial`` number the session gave it (the log's order; the page announces new serials).

``tell(events, names)`` turns one step's events (``State.events``, as every seat may see them:
``tweak.events.for_seat(event, -1)``, R21) into entries.  A move and what follows from it are
one entry: a capture with the [T!] card it won and the cards its player drew, a placed card
with the draw.  The sentences come from ``tweak.events.describe`` and name the seat called
"You" in the second person ("You capture", "you draw").

``callout(values)`` is a capture's called-out sum in the current language (``ui.i18n``): "1 plus
3 is 4, plus 2 is 6" — "1 más 3 son 4, más 2 son 6" (R14); the toast of a capture, the hints and
the rules page say it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from tweak.cards import TKind
from tweak.events import (
    BombPlayed, Captured, ChangePlayed, Dealt, Drew, GameEnded, GaveUp, JokerPlayed, Placed,
    RoundEnded, RoundStarted, TableDealt, TCardWon, ThiefPlayed, TurnLost, TurnStarted,
    describe, for_seat,
)

from .i18n import _

__all__ = ["Entry", "tell", "second_person", "callout"]

MOVES = (Captured, Placed, ThiefPlayed, JokerPlayed, ChangePlayed, BombPlayed, GaveUp)


@dataclass(frozen=True)
class Entry:
    text: str
    kind: str  # "capture", "tweak", "tcard", "round" or "move"
    seat: Optional[int] = None
    serial: int = 0

    @property
    def matters(self) -> bool:
        """Worth a summary line: it changed the score or the table's fortunes."""
        return self.kind in ("capture", "tweak", "tcard")


_YOU_VERB = re.compile(r"\bYou (draws|wins|captures|places|plays|gives|deals|has|is)\b")
_YOU_OBJECT = re.compile(r"(, | on | and | to )You\b")
_PERSON = {"has": "have", "is": "are"}


def callout(values) -> str:
    """R14's called-out sum of card values (the played card's first): ``callout([1, 3, 2])``
    → "1 plus 3 is 4, plus 2 is 6"."""
    values = list(values)
    total = values[0]
    parts = [str(total)]
    for value in values[1:]:
        total += value
        parts.append(_("plus {value} is {total}").format(value=value, total=total))
    return parts[0] + (" " + ", ".join(parts[1:]) if len(parts) > 1 else "")


def second_person(text: str) -> str:
    """``describe`` speaks of players in the third person; for the seat named "You" its
    sentences read "You draw", "You have", "on you"."""
    text = _YOU_VERB.sub(lambda match: "You " + _PERSON.get(match.group(1),
                                                             match.group(1)[:-1]), text)
    text = text.replace("You have no cards and loses", "You have no cards and lose")
    return _YOU_OBJECT.sub(r"\1you", text)


def _verb(name: str, verb: str) -> str:
    return (_PERSON.get(verb, verb[:-1]) if name == "You" else verb)


def _kind(event) -> str:
    if isinstance(event, Captured):
        return "tweak" if event.tweak else "capture"
    if isinstance(event, (ThiefPlayed, JokerPlayed, ChangePlayed, BombPlayed)):
        return "tcard"
    return "move"


def _then(seat: int, follow, names) -> str:
    """" Then Ada wins The Thief and draws 2 cards." for what followed a seat's move."""
    name = names[seat]
    clauses = []
    for event in follow:
        if isinstance(event, TCardWon):
            clauses.append(f"{_verb(name, 'wins')} {TKind(event.kind).title}"
                           if event.kind is not None else
                           f"{_verb(name, 'wins')} no [T!] card (the pile is empty)")
        elif isinstance(event, Drew):
            count = event.count
            clauses.append(f"{_verb(name, 'draws')} {count} card{'s' if count != 1 else ''}")
    if not clauses:
        return ""
    return f" Then {'you' if name == 'You' else name} {' and '.join(clauses)}."


def tell(events, names) -> list:
    """The entries of one step (see the module docstring); serials are 0 (the session
    numbers them)."""
    public = [for_seat(event, -1) for event in events]
    speak = second_person if "You" in names else (lambda text: text)
    entries = []
    move = None  # the step's move, and what followed from it
    follow = []
    table = []  # cards that went face up after the move (R16) or at a round's start
    round_start = None
    for event in public:
        if isinstance(event, MOVES):
            move = event
        elif move is not None and isinstance(event, (TCardWon, Drew)) and \
                event.seat == move.seat:
            follow.append(event)
        elif isinstance(event, RoundStarted):
            round_start = event
        elif isinstance(event, TableDealt):
            text = describe(event, names)
            table.append(text[:1].upper() + text[1:])  # it follows other sentences
        elif isinstance(event, (Dealt, TurnStarted)):
            continue  # a hand dealt is private (R21); a turn starting is the prompt's job
        elif isinstance(event, (RoundEnded, GameEnded)):
            if move is not None:
                entries.append(_move_entry(move, follow, [], names, speak))
                move, follow = None, []
            entries.append(Entry(speak(describe(event, names)), "round"))
        elif isinstance(event, TurnLost):
            entries.append(Entry(speak(describe(event, names)), "move", event.seat))
        elif isinstance(event, (Drew, TCardWon)):  # not after a move of the same seat
            entries.append(Entry(speak(describe(event, names)), "move", event.seat))
    if move is not None:
        entries.append(_move_entry(move, follow, table if round_start is None else [],
                                   names, speak))
        if round_start is None:
            table = []
    if round_start is not None:
        text = " ".join([describe(round_start, names), *table])
        entries.append(Entry(speak(text), "round"))
    elif table:
        entries.append(Entry(speak(" ".join(table)), "move"))
    return entries


def _move_entry(move, follow, table, names, speak) -> Entry:
    text = describe(move, names) + _then(move.seat, follow, names)
    if table:
        text += " " + " ".join(table)
    return Entry(speak(text), _kind(move), move.seat)
