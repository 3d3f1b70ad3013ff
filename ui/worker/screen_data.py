"""What a table screen shows, as data: ``Screen``, built by a ``ui.worker.session.Session``
(the host's game) or a ``ui.worker.mirror.Mirror`` (a guest's) from a seat's ``PlayerView``,
never from a ``State``, and drawn by ``ui.worker.screens``; and ``Selection``, the person's picks
this turn (a hand card, table cards by position, an open [T!] chooser), which are not part of
the game, with ``capture_of`` and ``place_of``, the legal action a selection spells, and
``checked_move``, the one check of a move in notation that every table makes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from tweak import Capture, NotationError, Place, PlayerView, parse_action

from .errors import SessionError
from .i18n import _, told

__all__ = ["Screen", "Selection", "capture_of", "place_of", "checked_move"]


@dataclass(frozen=True)
class Selection:
    hand: Optional[object] = None  # a Face from the hand
    table: tuple = ()  # positions in view.table, sorted
    flow: Optional[str] = None  # an open [T!] chooser: "thief" or "joker"


@dataclass(frozen=True)
class Screen:
    kind: str  # "table", "pass", "scores" or "over"
    view: Optional[PlayerView]  # the eyes of the screen (None on a pass screen)
    seats: tuple
    selection: Selection
    log: tuple  # ui.worker.story.Entry, oldest first
    since: int = 0  # serial of the log entry of the eyes' own last move: later ones are news
    hide_hand: bool = False  # hot-seat: the viewer's hand is not theirs to see right now
    pass_to: Optional[int] = None
    pass_reason: str = ""  # "turn", "bomb" or "round"
    hot_seat: bool = False
    thinking: Optional[int] = None  # the computer seat now choosing its move
    waiting: Optional[int] = None  # the seat on another device whose move the table awaits
    presence: tuple = ()  # per seat: "" (this device, a computer), or a ui.worker.peer_messages.Presence state
    notice: str = ""
    pace: str = "normal"
    hints: bool = False  # the Hint button is offered (on the person's turn)
    hint: Optional[object] = None  # ui.worker.coach.Hint for the move now, once asked for
    sums: bool = False  # "show all sums" is on
    marks: dict = None  # table position -> hand faces that capture with it (sums on)
    take_back: bool = False  # the Take back button is offered
    practice: bool = False  # a move was taken back: the game counts in no statistics
    daily: str = ""  # the daily deal's date ("YYYY-MM-DD") if this game is one
    daily_counts: bool = False  # it is this device's daily deal of its day (not a replay)
    rival: Optional[object] = None  # ui.worker.daily.Result: a friend's, from their link
    guest: bool = False  # drawn on a guest's device: the game is another device's
    connected: bool = True  # a guest's device is connected to the host's
    reviewable: bool = True  # the finished game's record is here, so "Review game" is offered
    away_open: bool = True  # the host's banner of seats away is unfolded (the "away" command)

    @property
    def names(self) -> tuple:
        return tuple(seat.name for seat in self.seats)


def capture_of(me: PlayerView, selection: Selection):
    """The capture the selection spells, if it is one of ``me.legal``; else None.  The UI
    decides nothing itself: it looks the selection up among the engine's legal actions."""
    if selection.hand is None or not selection.table:
        return None
    try:
        taken = [me.table[index] for index in selection.table]
    except IndexError:
        return None
    action = Capture.of(selection.hand, taken)
    return action if action in me.legal else None


def place_of(me: PlayerView, selection: Selection):
    """Placing (or, bombed, giving up) the selected hand card, if legal now; else None."""
    if selection.hand is None:
        return None
    action = Place(selection.hand)
    return action if action in me.legal else None


def checked_move(text: str, legal):
    """The action that ``text`` (notation: a clicked ``data-action`` or another device's move)
    names, if it is one of ``legal`` (the legal actions of the seat that sends it); else
    ``SessionError`` saying that it cannot be read or is not legal now."""
    try:
        action = parse_action(text)
    except NotationError as error:
        raise SessionError(_("That move cannot be read: {error}").format(
            error=told(error))) from None
    if action not in legal:
        raise SessionError(_("{move} is not a legal move now.").format(move=text[:40]))
    return action
