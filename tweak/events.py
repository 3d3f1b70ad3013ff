"""Events: what happened when an action was applied, frozen data for the page to tell and animate.

``apply`` stores its step's events in ``State.events``; ``view(state, seat).events`` holds them
as that seat may see them (``for_seat``: another seat's drawn or dealt cards only as a count,
R21).  ``describe(event, names)`` tells an event in one sentence (the page's move log, ``python
-m tweak replay``); ``card_name`` and ``listed`` name cards and lists.  Their words are English
marked for the game's catalogue, said in the language of the ``translations`` argument
(``tweak.words``; ``ENGLISH`` by default).
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
    """One sentence for the move log, or "" for an event not worth a line.

    ``names[seat]`` is a player's name; ``translations`` gives the words (``ENGLISH`` by
    default); ``you`` is the seat spoken to in the second person ("You capture red 3…", "Ada
    plays The Thief on you…"), or None to name every seat.  Each sentence is one whole message
    with named placeholders, so a language can order its words as it needs."""
    teller = _TELLERS.get(type(event))
    return teller(event, names, translations, you) if teller is not None else ""


# One function per event type worth a line: (event, names, translations, you) -> sentence.
# Each binds ``_`` to ``translations.gettext`` (no global ``_``), so Babel still finds every
# message as written.


def _round_started(event, names, translations, you) -> str:
    _ = translations.gettext
    if event.dealer == you:
        text = _("Round {round}: You deal, {first} plays first.")
    elif event.first == you:
        text = _("Round {round}: {dealer} deals, you play first.")
    else:
        text = _("Round {round}: {dealer} deals, {first} plays first.")
    return text.format(round=event.round, dealer=names[event.dealer], first=names[event.first])


def _dealt(event, names, translations, you) -> str:
    if not event.cards:
        return ""
    _ = translations.gettext
    text = _("You are dealt {cards}.") if event.seat == you else _("{name} is dealt {cards}.")
    return text.format(name=names[event.seat], cards=_cards(event.cards, translations))


def _table_dealt(event, names, translations, you) -> str:
    ngettext = translations.ngettext
    return ngettext("{cards} goes face up to the table.", "{cards} go face up to the table.",
                    len(event.cards)).format(cards=_cards(event.cards, translations))


def _turn_lost(event, names, translations, you) -> str:
    _ = translations.gettext
    return (_("You have no cards and lose the turn.") if event.seat == you
            else _("{name} has no cards and loses the turn.")).format(name=names[event.seat])


def _thief_played(event, names, translations, you) -> str:
    _ = translations.gettext
    if event.seat == you:
        text = _("You play The Thief on {victim}: {card} goes to the table.")
    elif event.victim == you:
        text = _("{name} plays The Thief on you: {card} goes to the table.")
    else:
        text = _("{name} plays The Thief on {victim}: {card} goes to the table.")
    return text.format(name=names[event.seat], victim=names[event.victim],
                       card=card_name(event.card, translations))


def _joker_played(event, names, translations, you) -> str:
    _ = translations.gettext
    text = (_("You play The Joker {delta}: the target is {target}.") if event.seat == you
            else _("{name} plays The Joker {delta}: the target is {target}."))
    return text.format(name=names[event.seat], delta=f"{event.delta:+d}", target=event.target)


def _change_played(event, names, translations, you) -> str:
    _ = translations.gettext
    text = (_("You play Change Target: {card} goes to the table, the target is {target}.")
            if event.seat == you else
            _("{name} plays Change Target: {card} goes to the table, the target is "
              "{target}."))
    return text.format(name=names[event.seat], card=card_name(event.card, translations),
                       target=event.target)


def _bomb_played(event, names, translations, you) -> str:
    _ = translations.gettext
    others = listed((names[victim] for victim in event.victims if victim != you), translations)
    if event.seat == you:
        text = _("You play The Bomb on {victims}.")
    elif you in event.victims:
        text = (_("{name} plays The Bomb on you and {victims}.") if others
                else _("{name} plays The Bomb on you."))
    else:
        text = _("{name} plays The Bomb on {victims}.")
    return text.format(name=names[event.seat], victims=others)


def _gave_up(event, names, translations, you) -> str:
    _ = translations.gettext
    text = (_("You give up {card} to the Bomb.") if event.seat == you
            else _("{name} gives up {card} to the Bomb."))
    return text.format(name=names[event.seat], card=card_name(event.card, translations))


def _placed(event, names, translations, you) -> str:
    _ = translations.gettext
    text = _("You place {card}.") if event.seat == you else _("{name} places {card}.")
    return text.format(name=names[event.seat], card=card_name(event.card, translations))


def _captured(event, names, translations, you) -> str:
    _ = translations.gettext
    text = (_("You capture {cards} with {card}: {callout}.") if event.seat == you
            else _("{name} captures {cards} with {card}: {callout}."))
    said = callout([event.card.value] + [face.value for face in event.taken], translations)
    text = text.format(name=names[event.seat], cards=_cards(event.taken, translations),
                       card=card_name(event.card, translations), callout=said)
    return text + " TWEAK!" if event.tweak else text


def _tcard_won(event, names, translations, you) -> str:
    _ = translations.gettext
    mine = event.seat == you
    if event.kind is None:
        text = (_("You win no [T!] card: the pile is empty.") if mine
                else _("{name} wins no [T!] card: the pile is empty."))
    else:
        text = _("You win {tcard}.") if mine else _("{name} wins {tcard}.")
    return text.format(name=names[event.seat], tcard=_(TKind(event.kind).title)
                       if event.kind is not None else "")


def _drew(event, names, translations, you) -> str:
    _, ngettext = translations.gettext, translations.ngettext
    mine = event.seat == you
    if event.cards:
        text = _("You draw {cards}.") if mine else _("{name} draws {cards}.")
        return text.format(name=names[event.seat], cards=_cards(event.cards, translations))
    text = (ngettext("You draw {n} card.", "You draw {n} cards.", event.count) if mine
            else ngettext("{name} draws {n} card.", "{name} draws {n} cards.", event.count))
    return text.format(name=names[event.seat], n=event.count)


def _round_ended(event, names, translations, you) -> str:
    _ = translations.gettext
    score = _("{name} {points}")
    scores = ", ".join(score.format(name=_("you") if row.seat == you else names[row.seat],
                                    points=row.points) for row in event.result.rows)
    return _("Round {round} ends: {scores}.").format(round=event.result.round, scores=scores)


def _game_ended(event, names, translations, you) -> str:
    _ = translations.gettext
    if len(event.winners) == 1:
        text = (_("Game over: you win!") if event.winners[0] == you
                else _("Game over: {winners} wins!"))
    else:
        text = (_("Game over: {winners} and you win!") if you in event.winners
                else _("Game over: {winners} win!"))
    return text.format(winners=listed((names[winner] for winner in event.winners
                                       if winner != you), translations))


# An event type not listed here (TurnStarted) gets no line.
_TELLERS = {
    RoundStarted: _round_started,
    Dealt: _dealt,
    TableDealt: _table_dealt,
    TurnLost: _turn_lost,
    ThiefPlayed: _thief_played,
    JokerPlayed: _joker_played,
    ChangePlayed: _change_played,
    BombPlayed: _bomb_played,
    GaveUp: _gave_up,
    Placed: _placed,
    Captured: _captured,
    TCardWon: _tcard_won,
    Drew: _drew,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}
