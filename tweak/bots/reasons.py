"""What a reason of the evaluator names, told one way to a developer, another to a player.

A reason (``evaluator.describe``) is a ``tweak.words.Sentence``: its ``str`` is English with
cards in notation ("takes R4+R3: 14 points (2 red cards, double points)"), its
``told(translations, names=...)`` the player's language with cards by name ("se lleva el 4
rojo y el 3 rojo: 14 puntos …").  Its fields are these values: ``Cards(faces)`` ("R4+R3"; told
"red 4 and red 3"), ``Seat(n)`` ("seat 1"; told the seat's name, or "seat 2"), and the
sentences ``points(n)``, ``tenths(x)``, ``percent(n)``, ``title(english)`` (told with the
language's plural rule, decimal comma, title).  No reason names a card the seat cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import card_name, listed
from ..words import ENGLISH, N_, N_plural, Sentence

__all__ = ["Cards", "Seat", "points", "tenths", "percent", "title"]


@dataclass(frozen=True)
class Cards:
    faces: tuple

    def __str__(self) -> str:
        return "+".join(map(str, self.faces))

    def told(self, translations=ENGLISH, **context) -> str:
        return listed((card_name(face, translations) for face in self.faces), translations)


def points(n: int) -> Sentence:
    """"14 points", "1 point": the language's plural rule when told."""
    return Sentence(N_plural("{n} point", "{n} points"), n=n)


def tenths(number: float) -> Sentence:
    """A mean to one decimal, "3.4"; told as the language writes it ("3,4")."""
    units, _point, tenth = f"{number:.1f}".partition(".")
    return Sentence(N_("{units}.{tenths}"), units=units, tenths=tenth)


def percent(n: int) -> Sentence:
    """"40%"; told as the language writes it."""
    return Sentence(N_("{n}%"), n=n)


@dataclass(frozen=True)
class Seat:
    n: int

    def __str__(self) -> str:
        return f"seat {self.n}"

    def told(self, translations=ENGLISH, names=None, **context) -> str:
        if names and 0 <= self.n < len(names):
            return names[self.n]
        return translations.gettext(N_("seat {n}")).format(n=self.n + 1)


def title(english: str) -> Sentence:
    """A [T!] card's title (English, marked in tweak/cards.py); told translated."""
    return Sentence(english)
