"""The seats at a table and the start form that sets them.

Data: ``Seat`` (a chair: a name and a person at this device, a person on another device or a
computer at a level; its ``tag`` is what ``tweak.Record.seats`` keeps) and ``Setup`` (the start
form's seats and edition, read by ``parse_setup``, which raises ``SessionError`` with a sentence
for a form that cannot be played).  ``clean_name`` is the one rule for a typed name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from tweak import EDITIONS
from tweak import bots
from tweak.rules import MAX_PLAYERS, MIN_PLAYERS

from .errors import SessionError
from .i18n import YOU, _
from .protocol import NAME_LENGTH

__all__ = ["Seat", "Setup", "parse_setup", "clean_name", "DEFAULT_NAMES"]

# Default names for seats 0..5.  The first is the person at the device, ``YOU``: kept as that
# one word whatever the language (its translation typed in the name field reads back as it),
# so a game saved in one language reads right in another.  The computers are named after
# mathematicians (it is a game of sums): names in every language.
DEFAULT_NAMES = (YOU, "Ada", "Blaise", "Emmy", "Carl", "Sofia")


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" (at this device), "bot" or "remote" (a person on another device)
    level: Optional[str] = None  # a key of tweak.bots.LEVELS for a computer seat

    @property
    def is_human(self) -> bool:
        """A person at this device."""
        return self.kind == "human"

    @property
    def is_remote(self) -> bool:
        return self.kind == "remote"

    @property
    def tag(self) -> str:
        return self.kind if self.kind != "bot" else f"bot:{self.level}"

    @property
    def label(self) -> str:
        """"Human", "On another device" or "Computer · Medium": the level's label from
        ``tweak.bots.CHOICES``, in the current language."""
        if self.is_human:
            return _("Human")
        if self.is_remote:
            return _("On another device")
        labels = dict(bots.CHOICES)
        return _("Computer · {level}").format(
            level=_(labels.get(self.level, str(self.level).title())))

    @staticmethod
    def from_tag(name: str, tag: str) -> "Seat":
        """The seat a record's tag describes.  A computer level this version no longer has
        (levels get renamed) becomes the default level rather than making a save unreadable."""
        if tag in ("human", "remote"):
            return Seat(name, tag)
        level = tag[4:] if tag.startswith("bot:") else ""
        if level not in bots.LEVELS:
            level = bots.DEFAULT_LEVEL
        return Seat(name, "bot", level)


@dataclass(frozen=True)
class Setup:
    seats: tuple
    edition: str = "classic"


def _player(seat: int) -> str:
    """"Player 3": the name of a person's seat with no name of its own."""
    return _("Player {n}").format(n=seat + 1)


def clean_name(text, seat: int) -> str:
    name = " ".join(str(text or "").split())[:NAME_LENGTH]
    if name and name.casefold() == _(YOU).casefold():  # the default, in the player's language
        return YOU
    return name or (DEFAULT_NAMES[seat] if seat < len(DEFAULT_NAMES) else _player(seat))


def _unique(names) -> list:
    """Names as given, with " 2", " 3"... added to repeats so every seat can be told apart."""
    seen, result = {}, []
    for name in names:
        count = seen.get(name.casefold(), 0) + 1
        seen[name.casefold()] = count
        result.append(name if count == 1 else f"{name[:NAME_LENGTH - 2]} {count}")
    return result


def parse_setup(fields) -> Setup:
    """Read the start form: ``players`` (2–6), ``name-N``, ``kind-N`` (``human``, ``remote``
    for a person on another device, ``bot`` for the default level, or ``bot:LEVEL``) for each
    seat N, and ``edition``."""
    try:
        players = int(str(fields.get("players", "")).strip())
    except ValueError:
        raise SessionError(_("Choose how many players sit at the table ({low} to {high}).").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS)) from None
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SessionError(_("A game needs {low} to {high} players, not {n}.").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS, n=players))
    edition = str(fields.get("edition", "classic") or "classic")
    if edition not in EDITIONS:
        raise SessionError(_("There is no edition called {edition}.").format(
            edition=repr(edition[:40])))
    seats = []
    for seat in range(players):
        kind = str(fields.get(f"kind-{seat}", "human" if seat == 0 else "bot"))
        name = clean_name(fields.get(f"name-{seat}"), seat)
        if kind in ("human", "remote"):
            seats.append(Seat(name, kind))
            continue
        level = bots.DEFAULT_LEVEL if kind == "bot" else kind[4:] if kind.startswith("bot:") else ""
        if level not in bots.LEVELS:
            raise SessionError(_("Seat {n} asks for an unknown kind of player ({kind}).").format(
                n=seat + 1, kind=repr(kind[:40])))
        seats.append(Seat(name, "bot", level))
    if not any(seat.is_human for seat in seats):
        raise SessionError(_("At least one seat must be a person (Human)."))
    if sum(seat.kind != "bot" for seat in seats) >= 2 and seats[0].name == YOU:
        # The first seat's default "You" means nothing when several people play ("Pass the
        # device to You", "You's table"); a name a player typed in another seat is kept.
        seats[0] = replace(seats[0], name=_player(0))
    names = _unique([seat.name for seat in seats])
    return Setup(tuple(replace(seat, name=name) for seat, name in zip(seats, names)), edition)
