"""Events: what happened when an action was applied, for the UI to show and animate.

``apply`` stores the events of its step in ``State.events``; ``view(state, seat).events`` holds
the same events as that seat may see them: the cards of a ``Drew`` or ``Dealt`` event are kept
only for the seat that drew them (R21); everyone else sees how many cards were drawn.

``describe(event, names)`` turns an event into one sentence (the UI's move log and ``python -m
tweak replay`` use it).  Seats are 0-based; ``names[seat]`` is a player's name.

The words shown to players (``describe``, ``card_name``, ``callout``) are written here once, in
English, each sentence a whole message marked with ``_``/``ngettext``/``N_`` for the game's
message catalogue (babel.cfg extracts ``tweak/``).  Those ``_`` are not a global: each function
takes a ``translations`` argument (the interface of ``gettext.NullTranslations``) and binds
``_`` to its ``gettext``.  The default, ``ENGLISH`` (``tweak.words``), returns the messages as written, so the
engine needs no catalogue and the CLI speaks English; the UI passes the game's language.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import Face, TKind
from .words import ENGLISH, N_, English, callout

__all__ = [
    "RoundStarted", "Dealt", "TableDealt", "TurnStarted", "TurnLost", "ThiefPlayed",
    "JokerPlayed", "ChangePlayed", "BombPlayed", "GaveUp", "Placed", "Captured", "TCardWon",
    "Drew", "RoundEnded", "GameEnded", "English", "ENGLISH", "callout", "card_name", "listed",
    "describe", "for_seat",
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


def for_seat(event, seat: int):
    """The event as ``seat`` may see it: other seats' drawn or dealt cards are hidden (R21)."""
    if isinstance(event, (Drew, Dealt)) and event.seat != seat and event.cards:
        return replace(event, cards=())
    return event


_COLOUR_NAMES = (N_("red"), N_("orange"), N_("yellow"), N_("green"), N_("blue"), N_("purple"))


def card_name(face: Face, translations=ENGLISH) -> str:
    """``red 3`` (in Spanish "el 3 rojo")."""
    _ = translations.gettext
    return _("{colour} {value}").format(colour=_(_COLOUR_NAMES[face.colour]), value=face.value)


def listed(items, translations=ENGLISH) -> str:
    """``["a", "b", "c"]`` → "a, b and c" (in Spanish "a, b y c")."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    _ = translations.gettext
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _cards(faces, translations=ENGLISH) -> str:
    return listed((card_name(face, translations) for face in faces), translations)


def describe(event, names, translations=ENGLISH, you=None) -> str:
    """One sentence for the move log, or "" for events not worth a line.

    ``names[seat]`` is a player's name; ``translations`` gives the words (``English`` by
    default, see there); ``you`` is the seat spoken to in the second person ("You capture red
    3…", "Ada plays The Thief on you…"), or None to name every seat.  Each sentence is one
    whole message with named placeholders, so a language can order its words as it needs."""
    _, ngettext = translations.gettext, translations.ngettext
    seat = getattr(event, "seat", None)
    mine = seat is not None and seat == you
    name = names[seat] if seat is not None else ""
    if isinstance(event, RoundStarted):
        if event.dealer == you:
            text = _("Round {round}: You deal, {first} plays first.")
        elif event.first == you:
            text = _("Round {round}: {dealer} deals, you play first.")
        else:
            text = _("Round {round}: {dealer} deals, {first} plays first.")
        return text.format(round=event.round, dealer=names[event.dealer],
                           first=names[event.first])
    if isinstance(event, Dealt):
        if not event.cards:
            return ""
        text = _("You are dealt {cards}.") if mine else _("{name} is dealt {cards}.")
        return text.format(name=name, cards=_cards(event.cards, translations))
    if isinstance(event, TableDealt):
        return ngettext("{cards} goes face up to the table.", "{cards} go face up to the table.",
                        len(event.cards)).format(cards=_cards(event.cards, translations))
    if isinstance(event, TurnStarted):
        return ""
    if isinstance(event, TurnLost):
        return (_("You have no cards and lose the turn.") if mine
                else _("{name} has no cards and loses the turn.")).format(name=name)
    if isinstance(event, ThiefPlayed):
        if mine:
            text = _("You play The Thief on {victim}: {card} goes to the table.")
        elif event.victim == you:
            text = _("{name} plays The Thief on you: {card} goes to the table.")
        else:
            text = _("{name} plays The Thief on {victim}: {card} goes to the table.")
        return text.format(name=name, victim=names[event.victim],
                           card=card_name(event.card, translations))
    if isinstance(event, JokerPlayed):
        text = (_("You play The Joker {delta}: the target is {target}.") if mine
                else _("{name} plays The Joker {delta}: the target is {target}."))
        return text.format(name=name, delta=f"{event.delta:+d}", target=event.target)
    if isinstance(event, ChangePlayed):
        text = (_("You play Change Target: {card} goes to the table, the target is {target}.")
                if mine else
                _("{name} plays Change Target: {card} goes to the table, the target is "
                  "{target}."))
        return text.format(name=name, card=card_name(event.card, translations),
                           target=event.target)
    if isinstance(event, BombPlayed):
        others = listed((names[victim] for victim in event.victims if victim != you),
                        translations)
        if mine:
            text = _("You play The Bomb on {victims}.")
        elif you in event.victims:
            text = (_("{name} plays The Bomb on you and {victims}.") if others
                    else _("{name} plays The Bomb on you."))
        else:
            text = _("{name} plays The Bomb on {victims}.")
        return text.format(name=name, victims=others)
    if isinstance(event, GaveUp):
        text = (_("You give up {card} to the Bomb.") if mine
                else _("{name} gives up {card} to the Bomb."))
        return text.format(name=name, card=card_name(event.card, translations))
    if isinstance(event, Placed):
        text = _("You place {card}.") if mine else _("{name} places {card}.")
        return text.format(name=name, card=card_name(event.card, translations))
    if isinstance(event, Captured):
        text = (_("You capture {cards} with {card}: {callout}.") if mine
                else _("{name} captures {cards} with {card}: {callout}."))
        said = callout([event.card.value] + [face.value for face in event.taken], translations)
        text = text.format(name=name, cards=_cards(event.taken, translations),
                           card=card_name(event.card, translations), callout=said)
        return text + " TWEAK!" if event.tweak else text
    if isinstance(event, TCardWon):
        if event.kind is None:
            text = (_("You win no [T!] card: the pile is empty.") if mine
                    else _("{name} wins no [T!] card: the pile is empty."))
        else:
            text = _("You win {tcard}.") if mine else _("{name} wins {tcard}.")
        return text.format(name=name, tcard=_(TKind(event.kind).title) if event.kind is not None
                           else "")
    if isinstance(event, Drew):
        if event.cards:
            text = _("You draw {cards}.") if mine else _("{name} draws {cards}.")
            return text.format(name=name, cards=_cards(event.cards, translations))
        text = (ngettext("You draw {n} card.", "You draw {n} cards.", event.count) if mine
                else ngettext("{name} draws {n} card.", "{name} draws {n} cards.", event.count))
        return text.format(name=name, n=event.count)
    if isinstance(event, RoundEnded):
        score = _("{name} {points}")
        scores = ", ".join(score.format(name=_("you") if row.seat == you else names[row.seat],
                                        points=row.points) for row in event.result.rows)
        return _("Round {round} ends: {scores}.").format(round=event.result.round, scores=scores)
    if isinstance(event, GameEnded):
        if len(event.winners) == 1:
            text = (_("Game over: you win!") if event.winners[0] == you
                    else _("Game over: {winners} wins!"))
        else:
            text = (_("Game over: {winners} and you win!") if you in event.winners
                    else _("Game over: {winners} win!"))
        return text.format(winners=listed((names[winner] for winner in event.winners
                                           if winner != you), translations))
    return ""
