"""Actions: what a seat can do, and the one text notation used everywhere.

The notation (the page's ``data-action``, game records, logs, tests and bots; docs/rules.md):

    face      = colour value                 colour: R O Y G B P, value: 1-6      R3
    place     = face                         put that hand card face up on the table    R3
                                             (also a bombed player's choice, R13)
    capture   = face "x" face *("+" face)    the hand card takes those table cards      R3xO2+R1
                                             (R14; table cards in any order, stored sorted)
    thief     = "thief@" seat                play The Thief on that seat (0-based)       thief@2
    joker     = "joker+1" / "joker-1"        play The Joker                              joker-1
    change    = "change"                     play Change Target                          change
    bomb      = "bomb"                       play The Bomb                               bomb

Each action is a frozen dataclass; ``parse_action(format_action(a)) == a`` for every action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .cards import Face, NotationError, TKind
from .words import N_, TweakError

__all__ = [
    "Place", "Capture", "PlayThief", "PlayJoker", "PlayChange", "PlayBomb", "Action",
    "parse_action", "format_action", "IllegalAction",
]


class IllegalAction(TweakError):
    """An action that is not legal now; the message names the action and the reason."""


@dataclass(frozen=True)
class Place:
    """Put a hand card face up on the table (R14), or give it up to a Bomb (R13)."""

    card: Face

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class Capture:
    """Take ``taken`` (one or more table cards, sorted) with hand card ``card`` (R14)."""

    card: Face
    taken: tuple

    @staticmethod
    def of(card: Face, taken) -> "Capture":
        """The capture of ``taken`` (any iterable of faces, in any order) with ``card``."""
        return Capture(card, tuple(sorted(taken)))

    @property
    def total(self) -> int:
        """The sum the capture makes: the face values of its cards (R14)."""
        return self.card.value + sum(face.value for face in self.taken)

    def __str__(self) -> str:
        return f"{self.card}x{'+'.join(map(str, self.taken))}"


@dataclass(frozen=True)
class PlayThief:
    """Play The Thief on seat ``victim`` (R13)."""

    victim: int
    kind = TKind.THIEF

    def __str__(self) -> str:
        return f"thief@{self.victim}"


@dataclass(frozen=True)
class PlayJoker:
    """Play The Joker: the target changes by ``delta`` (+1 or -1) for this turn (R13)."""

    delta: int
    kind = TKind.JOKER

    def __str__(self) -> str:
        return f"joker{self.delta:+d}"


@dataclass(frozen=True)
class PlayChange:
    """Play Change Target: the deck's top card goes to the table (R13)."""

    kind = TKind.CHANGE

    def __str__(self) -> str:
        return "change"


@dataclass(frozen=True)
class PlayBomb:
    """Play The Bomb: every other player with cards gives one to the table (R13)."""

    kind = TKind.BOMB

    def __str__(self) -> str:
        return "bomb"


Action = Union[Place, Capture, PlayThief, PlayJoker, PlayChange, PlayBomb]


def format_action(action: Action) -> str:
    """The notation of ``action`` (see the module docstring): ``Capture.of(R3, [O2, R1])`` →
    ``"R3xO2+R1"`` (table cards sorted)."""
    return str(action)


def parse_action(text: str) -> Action:
    """The action written ``text`` in the notation (surrounding spaces ignored); raises
    ``NotationError`` (a ``ValueError``) naming the text if it is not one.  It checks the form
    only: whether the action is legal now is ``engine.apply``'s to say."""
    if not isinstance(text, str):
        raise NotationError(N_("an action must be text, not {text!r}"), text=text)
    text = text.strip()
    if text == "change":
        return PlayChange()
    if text == "bomb":
        return PlayBomb()
    if text in ("joker+1", "joker-1"):
        return PlayJoker(int(text[5:]))
    if text.startswith("thief@"):
        seat = text[6:]
        # ASCII digits only: "²" passes isdigit() but not int(), and int() would read "٣" as 3.
        if not (seat.isascii() and seat.isdigit()) or len(seat) > 2:
            raise NotationError(N_("{text!r}: The Thief needs a seat number, e.g. thief@2"),
                                text=text)
        return PlayThief(int(seat))
    card_text, x, taken_text = text.partition("x")
    try:
        card = Face.parse(card_text)
        if not x:
            return Place(card)
        if not taken_text:
            raise NotationError(N_("a capture must take at least one table card"))
        return Capture.of(card, (Face.parse(part) for part in taken_text.split("+")))
    except NotationError as error:
        raise NotationError(N_("{text!r} is not an action: {error}"), text=text,
                            error=error) from None
