"""The person's commands at the table that are not moves (a clicked ``data-ui``): what they
have picked so far this turn and what each command does to a ``ui.worker.session.Session``.

Data: ``Selection`` (a hand card, table cards by position, an open [T!] chooser: the person's
picks this turn, not part of the game) and ``COMMANDS`` (``ui.worker.protocol.WORKER_COMMANDS``
but "review", which is ``ui.worker.host``'s: name -> its handler, called as
``handler(session, argument)`` with the text after "name:", or "").  The coach's commands are
``ui.worker.coach``'s, Take back is ``Session.take_back`` (``ui.worker.takeback``); the lobby's
and the away seats' commands change ``Session.remote`` (``ui.worker.remote``).  A handler
raises ``SessionError`` for what cannot be done now, a click on a card already gone
included (its sentence is the table's notice).
"""

from __future__ import annotations

from dataclasses import replace

from tweak import Face, NotationError

from . import coach
from .errors import SessionError
from .i18n import _
from .protocol import PACES
from .screen_data import Selection

__all__ = ["COMMANDS"]


def _select_hand(session, text: str) -> None:
    """Pick the hand card ``text`` (notation), or drop it if it was picked; ``SessionError``
    if ``text`` is not a card."""
    me = session.person_view()
    if me is None:
        return
    try:
        face = Face.parse(text)
    except NotationError:
        raise SessionError(_("{text} is not a card.").format(text=repr(text[:40]))) from None
    if face not in me.hand:  # a click on a screen already gone (a Thief took the card)
        raise SessionError(_("That card is no longer in your hand."))
    hand = None if session.selection.hand is face else face
    session.selection = replace(session.selection, hand=hand, flow=None)


def _select_table(session, text: str) -> None:
    """Pick, or drop, the table card at position ``text`` (not while a Bomb is answered)."""
    me = session.person_view()
    if me is None or me.phase == "bomb":
        return
    # ASCII digits only: "²" passes isdigit() but not int() (a table holds < 100 cards).
    if not (text.isascii() and text.isdigit()) or len(text) > 2:
        return
    if int(text) >= len(me.table):  # a click on a screen already gone
        raise SessionError(_("That card is no longer on the table."))
    chosen = set(session.selection.table) ^ {int(text)}
    session.selection = replace(session.selection, table=tuple(sorted(chosen)), flow=None)


def _clear(session, _arg: str) -> None:
    session.selection = Selection()


def _open_flow(session, arg: str) -> None:
    """Open the [T!] chooser ``arg`` ("thief" or "joker"), or close the open one."""
    flow = arg if arg in ("thief", "joker") else None
    session.selection = replace(session.selection,
                                flow=None if session.selection.flow == flow else flow)


def _reveal(session, _arg: str) -> None:
    """After a pass screen: the person to act holds the device."""
    if session.kind() == "pass":
        session.viewer = session.state.to_act
        session.selection = Selection()


def _next_round(session, _arg: str) -> None:
    """The score sheet has been seen; between people, anyone may hold the device now."""
    if session.kind() == "scores":
        session.acknowledged = len(session.state.results)
        session.selection = Selection()
        if session.hot_seat:
            session.viewer = None


def _start_game(session, _arg: str) -> None:
    """The lobby's Start: every seat on another device has its person, or a computer."""
    if not session.lobby:
        return
    waiting = [seat for seat, there in session.remote.items() if not there.here]
    if waiting:
        raise SessionError(_("The game starts when every seat is taken: wait for {name}, or "
                             "let a computer play that seat.").format(
                                 name=session.seats[waiting[0]].name))
    session.lobby = False


def _seat_computer(session, arg: str) -> None:
    """In the lobby, a computer takes for good the seat on another device numbered ``arg``."""
    seat = int(arg) if arg.isascii() and arg.isdigit() and len(arg) == 1 else -1
    if session.lobby and seat in session.remote and not session.remote[seat].here:
        session.make_computer(seat)


def _stand_in(session, arg: str) -> None:
    """During the game, a computer plays the away seat ``arg`` until its person is back (or
    no longer does)."""
    seat = int(arg) if arg.isascii() and arg.isdigit() and len(arg) == 1 else -1
    if not session.lobby:
        session.stand_in(seat)


def _fold_away(session, _arg: str) -> None:
    """Fold the host's banner of seats away, or unfold it.  Every redraw of the table follows
    this (the page's morph sets the banner's ``open`` from the markup)."""
    session.away_folded = not session.away_folded


def _set_pace(session, arg: str) -> None:
    """The pace of computer moves, a key of ``PACES`` (any other is ignored)."""
    if arg in PACES:
        session.pace = arg


COMMANDS = {
    "hand": _select_hand,
    "table": _select_table,
    "clear": _clear,
    "flow": _open_flow,
    "reveal": _reveal,
    "next-round": _next_round,
    "pace": _set_pace,
    "dismiss": lambda session, _arg: None,  # every command clears the notice
    "hint": coach.ask,
    "sums": coach.switch_sums,
    "hints": coach.switch_hints,
    "take-back": lambda session, _arg: session.take_back(),
    "start-game": _start_game,
    "seat-computer": _seat_computer,
    "stand-in": _stand_in,
    "away": _fold_away,
}
