"""The move log as a story: one entry per move, told from the public events of its step.

Data:
* ``Entry`` — one line of the log: its public ``events`` (a move and what followed from it, or
  a round's start with its deal), the players' ``names``, a ``kind`` ("capture", "tweak",
  "tcard", "round" or "move": the page's colours, what a summary keeps), the ``seat`` whose
  move it was (None for the table's own events) and the ``serial`` the session numbers it
  with.  Its ``text`` is told when it is read, in the language in force.
* ``Flash`` — a capture to celebrate: its called-out sum (R14), a TWEAK!'s [T!] card (R15).

``tell(events, names)`` turns one step's events (as every seat may see them, R21) into
entries, worded by ``tweak.events.describe`` (which speaks to the seat called "You" in the
second person) in the language ``WORDS`` stands for; ``flash_of`` is a step's ``Flash``;
``callout(values)`` (``ui.worker.cues``) is a capture's called-out sum in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from tweak.events import (
    BombPlayed, Captured, ChangePlayed, Dealt, Drew, GameEnded, GaveUp, JokerPlayed, Placed,
    RoundEnded, RoundStarted, TableDealt, TCardWon, ThiefPlayed, TurnLost, TurnStarted,
    describe, for_seat,
)

from .cues import callout
from .i18n import WORDS, YOU, _, ngettext

__all__ = ["Entry", "Flash", "WORDS", "tell", "flash_of", "callout", "you_of"]

MOVES = (Captured, Placed, ThiefPlayed, JokerPlayed, ChangePlayed, BombPlayed, GaveUp)


@dataclass(frozen=True)
class Entry:
    events: tuple  # public events (R21), the first one the entry's own (see _told)
    names: tuple
    kind: str  # "capture", "tweak", "tcard", "round" or "move"
    seat: Optional[int] = None
    serial: int = 0

    @property
    def text(self) -> str:
        """The entry's sentences in the language in force."""
        return _told(self.events, self.names)

    @property
    def matters(self) -> bool:
        """Worth a summary line: it changed the score or the table's fortunes."""
        return self.kind in ("capture", "tweak", "tcard")


@dataclass(frozen=True)
class Flash:
    """A capture to celebrate: who, the called-out sum, whether it was a TWEAK! and the [T!]
    card it won (None if none, or the pile was empty), and the serial of its log entry."""

    seat: int
    callout: str
    total: int
    tweak: bool
    won: Optional[object] = None
    serial: int = 0


def you_of(names) -> Optional[int]:
    """The seat spoken to as "you": the one named ``YOU`` (``ui.worker.i18n``), if any."""
    names = list(names)
    return names.index(YOU) if YOU in names else None


def _kind(event) -> str:
    if isinstance(event, Captured):
        return "tweak" if event.tweak else "capture"
    if isinstance(event, (ThiefPlayed, JokerPlayed, ChangePlayed, BombPlayed)):
        return "tcard"
    return "move"


def _then(seat: int, follow, names, you) -> str:
    """"Then Ada wins The Thief and draws 2 cards." for what followed a seat's move: the [T!]
    card a TWEAK! won (R15) and the draw (R16), each optional; one whole sentence per case."""
    won = [event for event in follow if isinstance(event, TCardWon)]
    drew = [event for event in follow if isinstance(event, Drew)]
    count = sum(event.count for event in drew)
    kind = won[-1].kind if won else None
    mine = seat == you
    if won and drew:
        if kind is None:
            text = (ngettext("Then you win no [T!] card (the pile is empty) and draw {n} card.",
                             "Then you win no [T!] card (the pile is empty) and draw {n} cards.",
                             count) if mine else
                    ngettext("Then {name} wins no [T!] card (the pile is empty) and draws {n} "
                             "card.",
                             "Then {name} wins no [T!] card (the pile is empty) and draws {n} "
                             "cards.", count))
        else:
            text = (ngettext("Then you win {tcard} and draw {n} card.",
                             "Then you win {tcard} and draw {n} cards.", count) if mine else
                    ngettext("Then {name} wins {tcard} and draws {n} card.",
                             "Then {name} wins {tcard} and draws {n} cards.", count))
    elif won:
        if kind is None:
            text = (_("Then you win no [T!] card (the pile is empty).") if mine
                    else _("Then {name} wins no [T!] card (the pile is empty)."))
        else:
            text = _("Then you win {tcard}.") if mine else _("Then {name} wins {tcard}.")
    elif drew:
        text = (ngettext("Then you draw {n} card.", "Then you draw {n} cards.", count) if mine
                else ngettext("Then {name} draws {n} card.", "Then {name} draws {n} cards.",
                              count))
    else:
        return ""
    return text.format(name=names[seat], n=count,
                       tcard=_(kind.title) if kind is not None else "")


def _told(events, names) -> str:
    """An entry's sentences: its first event's, then what followed (``tell`` groups them)."""
    you = you_of(names)

    def each_told(group):  # cards going face up follow other sentences: capitalised
        return [text[:1].upper() + text[1:]
                for text in (describe(event, names, WORDS, you) for event in group) if text]

    first, rest = events[0], events[1:]
    if isinstance(first, MOVES):
        follow = [event for event in rest if isinstance(event, (TCardWon, Drew))]
        table = [event for event in rest if isinstance(event, TableDealt)]
        parts = [describe(first, names, WORDS, you), _then(first.seat, follow, names, you),
                 *each_told(table)]
    elif isinstance(first, RoundStarted):
        parts = [describe(first, names, WORDS, you), *each_told(rest)]
    elif isinstance(first, TableDealt):
        parts = each_told(events)
    else:
        parts = [describe(first, names, WORDS, you)]
    return " ".join(part for part in parts if part)


def tell(events, names) -> list:
    """The entries of one step's ``events``, told with the seats' ``names``; serials are 0
    (the session numbers them).  A move and what follows from it are one entry: a capture with
    the [T!] card it won and the cards its player drew, a placed card with the draw."""
    public = [for_seat(event, -1) for event in events]
    names = tuple(names)
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
            table.append(event)
        elif isinstance(event, (Dealt, TurnStarted)):
            continue  # a hand dealt is private (R21); a turn starting is the prompt's job
        elif isinstance(event, (RoundEnded, GameEnded)):
            if move is not None:
                entries.append(Entry((move, *follow), names, _kind(move), move.seat))
                move, follow = None, []
            entries.append(Entry((event,), names, "round"))
        elif isinstance(event, (TurnLost, Drew, TCardWon)):  # not after a move of that seat
            entries.append(Entry((event,), names, "move", event.seat))
    if move is not None:
        after = table if round_start is None else []
        entries.append(Entry((move, *follow, *after), names, _kind(move), move.seat))
        if round_start is None:
            table = []
    if round_start is not None:
        entries.append(Entry((round_start, *table), names, "round"))
    elif table:
        entries.append(Entry(tuple(table), names, "move"))
    return entries


def flash_of(events, serial: int) -> Optional[Flash]:
    """The ``Flash`` of the last capture among one step's ``events``, numbered ``serial``
    (the step's last log entry), or None if nothing was captured."""
    flash = None
    for index, event in enumerate(events):
        if isinstance(event, Captured):
            won = None
            for later in events[index + 1:]:
                if isinstance(later, TCardWon) and later.seat == event.seat:
                    won = later.kind
            values = [event.card.value] + [face.value for face in event.taken]
            flash = Flash(event.seat, callout(values), sum(values), event.tweak, won, serial)
    return flash
