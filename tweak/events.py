"""Events: what happened when an action was applied, for the UI to show and animate.

``apply`` stores the events of its step in ``State.events``; ``view(state, seat).events`` holds
the same events as that seat may see them: the cards of a ``Drew`` or ``Dealt`` event are kept
only for the seat that drew them (R21); everyone else sees how many cards were drawn.

``describe(event, names)`` turns an event into one English sentence (the UI's move log and
``python -m tweak replay`` use it).  Seats are 0-based; ``names[seat]`` is a player's name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import Face, TKind

__all__ = [
    "RoundStarted", "Dealt", "TableDealt", "TurnStarted", "TurnLost", "ThiefPlayed",
    "JokerPlayed", "ChangePlayed", "BombPlayed", "GaveUp", "Placed", "Captured", "TCardWon",
    "Drew", "RoundEnded", "GameEnded", "callout", "describe", "for_seat",
]


@dataclass(frozen=True)
class RoundStarted:
    round: int
    dealer: int
    first: int


@dataclass(frozen=True)
class Dealt:
    """A seat was dealt its starting hand (R9); ``cards`` is empty for other seats' eyes."""

    seat: int
    count: int
    cards: tuple = ()


@dataclass(frozen=True)
class TableDealt:
    """Cards from the deck went face up to the table (R9 deal, or R16 refill)."""

    cards: tuple


@dataclass(frozen=True)
class TurnStarted:
    seat: int
    target: int


@dataclass(frozen=True)
class TurnLost:
    """The seat began its turn with no cards and lost it (R10)."""

    seat: int


@dataclass(frozen=True)
class ThiefPlayed:
    seat: int
    victim: int
    card: Face  # the stolen card, now face up on the table


@dataclass(frozen=True)
class JokerPlayed:
    seat: int
    delta: int
    target: int


@dataclass(frozen=True)
class ChangePlayed:
    seat: int
    card: Face  # the former top card of the deck, now on the table
    target: int


@dataclass(frozen=True)
class BombPlayed:
    seat: int
    victims: tuple  # seats that must each give a card, in order


@dataclass(frozen=True)
class GaveUp:
    """A bombed seat put a card of its choice on the table (R13)."""

    seat: int
    card: Face


@dataclass(frozen=True)
class Placed:
    seat: int
    card: Face


@dataclass(frozen=True)
class Captured:
    seat: int
    card: Face
    taken: tuple
    callout: str  # "1 plus 3 is 4, plus 2 is 6, plus 3 is 9" (R14)
    tweak: bool  # the capture cleared the table (R15)


@dataclass(frozen=True)
class TCardWon:
    """A TWEAK! won the top [T!] card; ``kind`` is None when the pile was empty (R15)."""

    seat: int
    kind: object  # TKind or None


@dataclass(frozen=True)
class Drew:
    """The seat drew ``count`` cards (R16); ``cards`` is empty for other seats' eyes."""

    seat: int
    count: int
    cards: tuple = ()


@dataclass(frozen=True)
class RoundEnded:
    result: object  # a state.RoundResult


@dataclass(frozen=True)
class GameEnded:
    winners: tuple
    totals: tuple


def callout(values) -> str:
    """R14's called-out sum: ``callout([1, 3, 2, 3])`` → "1 plus 3 is 4, plus 2 is 6, plus 3 is 9"."""
    values = list(values)
    total = values[0]
    parts = []
    for value in values[1:]:
        total += value
        parts.append(f"plus {value} is {total}")
    return f"{values[0]} " + ", ".join(parts)


def for_seat(event, seat: int):
    """The event as ``seat`` may see it: other seats' drawn or dealt cards are hidden (R21)."""
    if isinstance(event, (Drew, Dealt)) and event.seat != seat and event.cards:
        return replace(event, cards=())
    return event


_COLOUR_NAMES = ("red", "orange", "yellow", "green", "blue", "purple")


def card_name(face: Face) -> str:
    """``red 3``."""
    return f"{_COLOUR_NAMES[face.colour]} {face.value}"


def _cards(faces) -> str:
    return ", ".join(card_name(face) for face in faces)


def describe(event, names) -> str:
    """One English sentence for the move log, or "" for events not worth a line."""
    name = (lambda seat: names[seat])
    if isinstance(event, RoundStarted):
        return f"Round {event.round}: {name(event.dealer)} deals, {name(event.first)} plays first."
    if isinstance(event, Dealt):
        return f"{name(event.seat)} is dealt {_cards(event.cards)}." if event.cards else ""
    if isinstance(event, TableDealt):
        verb = "goes" if len(event.cards) == 1 else "go"
        return f"{_cards(event.cards)} {verb} face up to the table."
    if isinstance(event, TurnStarted):
        return ""
    if isinstance(event, TurnLost):
        return f"{name(event.seat)} has no cards and loses the turn."
    if isinstance(event, ThiefPlayed):
        return (f"{name(event.seat)} plays The Thief on {name(event.victim)}: "
                f"{card_name(event.card)} goes to the table.")
    if isinstance(event, JokerPlayed):
        return f"{name(event.seat)} plays The Joker {event.delta:+d}: the target is {event.target}."
    if isinstance(event, ChangePlayed):
        return (f"{name(event.seat)} plays Change Target: {card_name(event.card)} goes to the "
                f"table, the target is {event.target}.")
    if isinstance(event, BombPlayed):
        who = ", ".join(name(seat) for seat in event.victims)
        return f"{name(event.seat)} plays The Bomb on {who}."
    if isinstance(event, GaveUp):
        return f"{name(event.seat)} gives up {card_name(event.card)} to the Bomb."
    if isinstance(event, Placed):
        return f"{name(event.seat)} places {card_name(event.card)}."
    if isinstance(event, Captured):
        text = (f"{name(event.seat)} captures {_cards(event.taken)} with "
                f"{card_name(event.card)}: {event.callout}.")
        return text + " TWEAK!" if event.tweak else text
    if isinstance(event, TCardWon):
        if event.kind is None:
            return f"{name(event.seat)} wins no [T!] card: the pile is empty."
        return f"{name(event.seat)} wins {TKind(event.kind).title}."
    if isinstance(event, Drew):
        if event.cards:
            return f"{name(event.seat)} draws {_cards(event.cards)}."
        return f"{name(event.seat)} draws {event.count} card{'s' if event.count != 1 else ''}."
    if isinstance(event, RoundEnded):
        scores = ", ".join(f"{name(row.seat)} {row.points}" for row in event.result.rows)
        return f"Round {event.result.round} ends: {scores}."
    if isinstance(event, GameEnded):
        who = " and ".join(name(seat) for seat in event.winners)
        return f"Game over: {who} win{'s' if len(event.winners) == 1 else ''}!"
    return ""
