"""What a reason of the evaluator names, for a developer and for a player.

A reason (``evaluator.describe``) is a ``tweak.words.Sentence``.  Its ``str`` is English for
developers, cards in notation: "takes R4+R3: 14 points (2 red cards, double points)".  Its
``told(translations, names=...)`` says it to a player in their language, cards by name: "takes
red 4 and red 3: 14 points (2 red cards, double points)", "se lleva el 4 rojo y el 3 rojo: 14
puntos (2 cartas rojas, puntos dobles)".  Its fields are these values, each with a ``str`` (the
developer's) and a ``told`` (the player's):

  Cards(faces)     "R4+R3"; told: "red 4 and red 3" (``tweak.events`` names cards)
  Points(n)        "14 points", "1 point"; told with the language's plural rule
  Tenths(x)        a mean to one decimal, "3.4"; told as the language writes it ("3,4")
  Percent(n)       "40%"; told as the language writes it
  Seat(n)          "seat 1" (0-based, as the engine counts); told: the seat's name when the
                   teller passes ``names``, else "seat 2"
  Title(kind)      a [T!] card's title, "The Thief"; told translated

No reason names a card the seat cannot see (R21): they are made from its view alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import card_name, listed
from ..words import ENGLISH, N_, N_plural

__all__ = ["Cards", "Points", "Tenths", "Percent", "Seat", "Title"]


@dataclass(frozen=True)
class Cards:
    faces: tuple

    def __str__(self) -> str:
        return "+".join(map(str, self.faces))

    def told(self, translations=ENGLISH, **context) -> str:
        return listed((card_name(face, translations) for face in self.faces), translations)


@dataclass(frozen=True)
class Points:
    n: int

    def __str__(self) -> str:
        return self.told()

    def told(self, translations=ENGLISH, **context) -> str:
        return translations.ngettext(*N_plural("{n} point", "{n} points"), self.n).format(n=self.n)


@dataclass(frozen=True)
class Tenths:
    number: float

    def __str__(self) -> str:
        return f"{self.number:.1f}"

    def told(self, translations=ENGLISH, **context) -> str:
        units, _point, tenths = f"{self.number:.1f}".partition(".")
        return translations.gettext(N_("{units}.{tenths}")).format(units=units, tenths=tenths)


@dataclass(frozen=True)
class Percent:
    n: int

    def __str__(self) -> str:
        return f"{self.n}%"

    def told(self, translations=ENGLISH, **context) -> str:
        return translations.gettext(N_("{n}%")).format(n=self.n)


@dataclass(frozen=True)
class Seat:
    n: int

    def __str__(self) -> str:
        return f"seat {self.n}"

    def told(self, translations=ENGLISH, names=None, **context) -> str:
        if names and 0 <= self.n < len(names):
            return names[self.n]
        return translations.gettext(N_("seat {n}")).format(n=self.n + 1)


@dataclass(frozen=True)
class Title:
    title: str  # a [T!] card's English title, marked in tweak/cards.py

    def __str__(self) -> str:
        return self.title

    def told(self, translations=ENGLISH, **context) -> str:
        return translations.gettext(self.title)
