"""Cards and their text forms: ``Colour``, ``Face`` (``R3``), ``Card`` (``R3/7``), ``TKind``.

Two copies of a face (there are two red 1s) look the same face up, so everything outside the
deck (hands, table, won piles, actions, views) holds faces; only a ``Card`` in the Central Deck
carries its printed target back (R6).  The [T!] cards' titles are English marked with ``N_``
(``tweak.words``), shown translated, as a ``NotationError``'s message is.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

from .words import N_, TweakError

__all__ = ["Colour", "Face", "Card", "TKind", "NotationError", "VALUES_PER_COLOUR", "RANK", "N_"]


class NotationError(TweakError):
    """A text form (card, action, record) that does not parse; the message names the text."""


class Colour(IntEnum):
    """Number-card colours in printed order; the index is the ``c`` of ruling R6."""

    RED = 0
    ORANGE = 1
    YELLOW = 2
    GREEN = 3
    BLUE = 4
    PURPLE = 5

    @property
    def letter(self) -> str:
        return "ROYGBP"[self]

    @classmethod
    def from_letter(cls, letter: str) -> "Colour":
        index = "ROYGBP".find(letter.upper()) if len(letter) == 1 else -1
        if index < 0:
            raise NotationError(N_("{letter!r} is not a colour letter (one of R O Y G B P)"),
                                letter=letter)
        return cls(index)


# R4: each colour holds these values, in the order that ruling R6 numbers k = 0..8.
VALUES_PER_COLOUR = (1, 1, 2, 2, 3, 3, 4, 5, 6)


@dataclass(frozen=True, eq=False)
class Face:
    """A number card's face, what it shows face up: colour and value (1–6); notation ``R3``.

    Faces are interned: ``Face(Colour.RED, 3) is Face.parse("R3")``.  So equality and hashing
    are by identity (C speed in the engine's hot paths), and faces sort by colour, then value.
    """

    colour: Colour
    value: int

    def __new__(cls, colour, value):
        return Face.of(colour, value)

    @staticmethod
    def of(colour: Colour, value: int) -> "Face":
        """The interned face of that colour and value; ``NotationError`` if there is none."""
        if not (isinstance(value, int) and 1 <= value <= 6 and colour in _COLOURS):
            raise NotationError(N_("there is no {colour!r} {value!r} card"), colour=colour,
                                value=value)
        return _FACES[colour * 7 + value]

    @staticmethod
    def parse(text: str) -> "Face":
        """``"R3"`` → red 3 (a lower-case colour letter is accepted too); raises
        ``NotationError`` (a ``ValueError``) naming the text if it is not a face."""
        face = _BY_TEXT.get(text) if isinstance(text, str) else None
        if face is not None:
            return face
        # The notation is ASCII: "R²" or "R٣" pass str.isdigit() (and int() reads "٣" as 3),
        # so the value's character is checked against the ASCII digits themselves.
        if not isinstance(text, str) or len(text) != 2 or text[1] not in "0123456789":
            raise NotationError(N_("{text!r} is not a card (expected colour letter + value, "
                                   "e.g. R3)"), text=text)
        value = int(text[1])
        if not 1 <= value <= 6:
            raise NotationError(N_("{text!r} is not a card: values run from 1 to 6"), text=text)
        return Face.of(Colour.from_letter(text[0]), value)

    @property
    def rank(self) -> int:
        """Position in the canonical order (colour, then value): 0–41."""
        return self.colour * 7 + self.value

    @property
    def is_red(self) -> bool:
        return self.colour == Colour.RED

    def __lt__(self, other: "Face") -> bool:
        return RANK[self] < RANK[other]

    def __str__(self) -> str:
        return f"{self.colour.letter}{self.value}"

    def __repr__(self) -> str:
        return f"Face({self})"

    def __reduce__(self):  # keep interning through pickle and copy
        return (Face.of, (self.colour, self.value))


_COLOURS = frozenset(Colour)
_FACES = [None] * (6 * 7)
for _colour in Colour:
    for _value in range(1, 7):
        _face = object.__new__(Face)
        object.__setattr__(_face, "colour", _colour)
        object.__setattr__(_face, "value", _value)
        _FACES[_colour * 7 + _value] = _face
_BY_TEXT = {str(face): face for face in _FACES if face is not None}
# ``sorted(faces, key=RANK.__getitem__)`` sorts in canonical order without calling Python code
# per comparison: under Pyodide, C code calling back into Python is the costly part of a sort.
RANK = {face: face.rank for face in _FACES if face is not None}


@dataclass(frozen=True, order=True)
class Card:
    """A number card in the deck: its face and its printed target back (R6); notation
    ``R3/7``.  Cards sort by face, then back."""

    face: Face
    back: int

    @staticmethod
    def parse(text: str) -> "Card":
        """``"R3/7"`` → the red 3 whose back shows 7; raises ``NotationError`` (a
        ``ValueError``) naming the text if it is not a deck card."""
        face_text, slash, back_text = text.partition("/") if isinstance(text, str) else ("", "", "")
        # ASCII digits only, and at most two: a back is a target (7-10, R6), and a longer
        # number could pass isdigit() yet fail int() (non-ASCII digits, Python's digit limit).
        if not slash or not (back_text.isascii() and back_text.isdigit() and len(back_text) <= 2):
            raise NotationError(N_("{text!r} is not a deck card (expected face/back, e.g. R3/7)"),
                                text=text)
        return Card(Face.parse(face_text), int(back_text))

    def __str__(self) -> str:
        return f"{self.face}/{self.back}"

    def __repr__(self) -> str:
        return f"Card({self})"


class TKind(Enum):
    """The four kinds of [T!] card (R13); the value is the notation (``thief``, ``joker``,
    ``change``, ``bomb``)."""

    THIEF = "thief"
    JOKER = "joker"
    CHANGE = "change"
    BOMB = "bomb"

    @property
    def title(self) -> str:
        """The card's English title, marked for the catalogue ("The Thief")."""
        return _TITLES[self]

    @classmethod
    def parse(cls, text: str) -> "TKind":
        """``"thief"`` → ``TKind.THIEF``; ``NotationError`` naming the text otherwise."""
        try:
            return cls(text)
        except ValueError:
            raise NotationError(N_("{text!r} is not a [T!] card (one of thief, joker, change, bomb)"),
                                text=text) from None

    def __str__(self) -> str:
        return self.value


_TITLES = {
    TKind.THIEF: N_("The Thief"),
    TKind.JOKER: N_("The Joker (±1)"),
    TKind.CHANGE: N_("Change Target"),
    TKind.BOMB: N_("The Bomb"),
}
