"""Seats played on other devices, as a ``ui.worker.session.Session`` plays them:
``RemoteSeats`` (their moves, a computer for one, a computer standing in).  Their ``Presence``
and the messages between devices are ``ui.worker.peer_messages``'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from .errors import SessionError
from .i18n import _

__all__ = ["RemoteSeats"]


class RemoteSeats:
    """A ``ui.worker.session.Session``'s seats played on other devices (a mixin): ``remote``
    (seat -> ``Presence``) and ``lobby`` (the game waits for its Start) are the session's."""

    def remote_to_act(self) -> Optional[int]:
        """The seat on another device whose move the game awaits now (no computer stands in
        for it), else None.  The game waits for it whatever this device's screen shows."""
        seat = self.state.to_act
        presence = self.remote.get(seat) if seat is not None else None
        return seat if presence and not self.lobby and not presence.stood_in() else None

    def act_for(self, seat: int, text: str) -> None:
        """Apply the action in notation ``text`` sent by the device of ``seat``, a seat on
        another device; ``SessionError`` if that seat may not act now or the action is not
        legal.  The sender's seat is where the message came from, never what it says."""
        if seat not in self.remote or self.lobby or self.remote_to_act() != seat:
            raise SessionError(_("It is not your turn to play."))
        from tweak import legal_actions

        from .screen_data import checked_move

        self._apply(checked_move(text, legal_actions(self.state)))

    def make_computer(self, seat: int) -> None:
        """Seat ``seat``, on another device, is a computer's from now on (at the default
        level): the lobby's "Let a computer play this seat"."""
        from tweak.bots import DEFAULT_LEVEL

        from .seats import Seat

        self.remote.pop(seat, None)
        computer = Seat(self.seats[seat].name, "bot", DEFAULT_LEVEL)
        self.seats = self.seats[:seat] + (computer,) + self.seats[seat + 1:]
        self.record = replace(self.record, seats=tuple(seat_.tag for seat_ in self.seats))

    def stand_in(self, seat: int) -> None:
        """A computer plays the seat on another device while its person is away (or, once
        they are back, it stops); the seat stays theirs."""
        presence = self.remote.get(seat)
        if presence is None:
            raise SessionError(_("Seat {n} is not played on another device.").format(n=seat + 1))
        presence.computer = not presence.computer
