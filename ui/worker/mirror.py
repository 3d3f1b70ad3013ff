"""A guest device's table: the game another device hosts, drawn here from this seat's view.

Data: ``Mirror`` holds what the host has sent (``ui.worker.protocol.PEER_MESSAGES``): the
table's id, this device's seat and its secret, who sits where, the last view (``tweak.wire``,
checked before use) and its step, the finished game's record once the host sends it (for the
review), and the person's own picks, hint and move log, told here in this device's language.
It offers the table's protocol that ``ui.worker.host`` and the shared screens use, as a
``ui.worker.session.Session`` does (``screen``, ``kind``, ``state``, ``log``, ``act``,
``command``...; ``guest`` is true here), but holds no
``State``: it never knows more than the seat's view.  A move is checked against the view's
legal actions, then sent (``outbox``); the host's engine decides.  ``ui.worker.verbs.guest``
feeds it what arrives and takes what it sends.
"""

from __future__ import annotations

from collections import deque
from types import MappingProxyType
from dataclasses import dataclass, replace
from typing import Optional

from .errors import SessionError
from .i18n import YOU, _
from .protocol import NAME_LENGTH, SECRET_LENGTH
from .peer_messages import PeerError, message

# The table's modules (the engine, the coach, the screens) are imported where they are used:
# the host imports this module for the worker's first answer, which needs none of them.

__all__ = ["Mirror", "Seen", "GUEST_COMMANDS", "REFUSED"]

LOG_LINES = 60
# The table commands a guest's device carries out itself; the others are the host's.
GUEST_COMMANDS = ("hand", "table", "clear", "flow", "next-round", "pace", "dismiss", "hint",
                  "sums")


@dataclass(frozen=True)
class Seen:
    """What ``Session.state`` offers the shared modules, as far as the view tells it."""

    step: int
    to_act: Optional[int]
    phase: object  # tweak.Phase
    events: tuple
    results: tuple
    is_over: bool


class Mirror:
    """The table as this guest device sees it.  See the module docstring."""

    def __init__(self, table: str, seat: int):
        from .screen_data import Selection

        self.table, self.seat = table, seat
        self.host = ""  # the host's name, once welcomed
        self.seats = ()  # ui.worker.seats.Seat per seat, this one named YOU
        self.presence = ()
        self.view = None
        self.step = -1
        self.connected = False
        self.ended = ""  # the host ended the table ("bye")
        self.log = deque(maxlen=LOG_LINES)
        self.own_move = {}
        self._serial = 0
        self.flash = None
        self.selection = Selection()
        self.hint = None
        self.show_sums = False
        self.hints_on = True
        self.notice = ""
        self.acknowledged = 0
        self.pace = "normal"
        self.secret = ""  # given by the host: it lets this device take the seat back
        self.sent_step = -1  # the step this device last sent a move at
        self.outbox = []  # messages for the host, sent with the next reply (ui.worker.host)
        self.record = None  # the finished game's tweak.Record, sent by the host for its review

    # -- what the shared modules read --

    guest = True
    hot_seat = False
    daily = ""
    daily_counts = False
    rival = None
    humans = ()
    # No seat here is played on another device (the host's device relays); read-only, as it is
    # shared by every mirror.
    remote = MappingProxyType({})

    @property
    def names(self) -> tuple:
        return tuple(seat.name for seat in self.seats)

    @property
    def rules(self):
        return self.view.rules

    @property
    def state(self) -> Seen:
        from tweak import Phase

        me = self.view
        return Seen(self.step, me.to_act, Phase(me.phase), me.events, me.results,
                    me.phase == "over")

    @property
    def moves(self) -> int:
        """The game's step as the host last told it: a click here never changes it."""
        return self.step

    def kind(self) -> str:
        """"join" (nothing from the host yet), "over", "scores" or "table"."""
        if self.view is None or not self.seats:
            return "join"
        if len(self.view.results) > self.acknowledged:
            return "over" if self.view.phase == "over" else "scores"
        return "over" if self.view.phase == "over" else "table"

    def bot_to_act(self) -> bool:
        return False  # the host's device plays its computers

    def person_view(self):
        me = self.view
        if self.kind() != "table" or not me.my_turn:
            return None
        return me

    def screen(self):
        from . import coach
        from .screen_data import Screen

        me = self.view
        mine = self.person_view()
        to_act = me.to_act
        kind = self.seats[to_act].kind if to_act is not None else ""
        return Screen(
            **coach.on_screen(self, mine),
            kind=self.kind(), view=me, seats=self.seats, selection=self.selection,
            log=tuple(self.log), since=self.own_move.get(self.seat, 0),
            thinking=to_act if kind == "bot" else None,
            waiting=to_act if kind in ("remote", "human") and to_act != self.seat else None,
            presence=self.presence, notice=self.notice, pace=self.pace, guest=True,
            connected=self.connected and not self.ended, reviewable=self.record is not None)

    # -- the person's clicks --

    def act(self, text: str) -> None:
        """Send the move ``text`` (notation) if it is one of this view's legal actions;
        ``SessionError`` if it is not, or the table is not connected."""
        if not self.connected or self.ended:
            raise SessionError(_("This device is not connected to the table."))
        from .screen_data import checked_move

        me = self.person_view()
        if me is None:
            raise SessionError(_("It is not your turn to play."))
        action = checked_move(text, me.legal)
        if self.sent_step == self.step:
            return  # sent already: the host's answer is on its way
        self.sent_step = self.step
        self.outbox.append(message("act", action=str(action), step=self.step))

    def step_bots(self, limit: int = 1) -> int:
        """No computer plays here: the host's device plays its computers."""
        return 0

    def link_fragment(self) -> str:
        """Refused: the record, and so every hand, is the host's."""
        raise SessionError(_("Only the host's device can share this game."))

    def ask_rematch(self) -> None:
        """Ask the host's device for a rematch (it deals it)."""
        self.outbox.append(message("rematch"))
        self.notice = _("The host has been asked for a rematch.")

    def command(self, text: str) -> None:
        name, _sep, arg = text.partition(":")
        self.notice = ""
        if name not in GUEST_COMMANDS:
            raise SessionError(_("Unknown command {command}.").format(command=repr(text[:40])))
        from .commands import COMMANDS

        COMMANDS[name](self, arg)

    # -- what the host sends --

    def receive(self, data: dict) -> bool:
        """Take one checked message from the host; True when a move (a new view) came.
        ``PeerError`` or ``tweak.wire.WireError`` when its content cannot be used."""
        kind = data["t"]
        if kind == "welcome":
            if data["seat"] != self.seat:
                raise PeerError("a welcome to another seat")
            self.host, self.secret = data["host"][:NAME_LENGTH], data["secret"][:SECRET_LENGTH]
        elif kind == "table":
            self._seat_table(data)
        elif kind == "view":
            return self._new_view(data)
        elif kind == "record":
            self._finished_record(data["record"])
        elif kind == "refused":
            self.sent_step = -1
            self.notice = REFUSED.get(data["why"], REFUSED["turn"])()
        elif kind == "bye":
            self.ended = data["why"][:20] or "ended"
            self.notice = _("The host has closed the table.")
        return False

    def _seat_table(self, data: dict) -> None:
        from .seats import Seat

        names, tags, presence = data["names"], data["kinds"], data["presence"]
        if not (2 <= len(names) <= 6 and len(tags) == len(presence) == len(names)) or \
                self.seat >= len(names):
            raise PeerError("a table of seats that do not match")
        seats = [Seat.from_tag(" ".join(name.split())[:NAME_LENGTH] or _("Player {n}").format(n=i + 1),
                               tag) for i, (name, tag) in enumerate(zip(names, tags))]
        seats[self.seat] = replace(seats[self.seat], name=YOU)
        if self.view is not None and len(seats) != self.view.players:
            raise PeerError("a table of another size than the game")
        self.seats = tuple(seats)
        self.presence = tuple(str(state)[:10] for state in presence)
        self.log = deque((replace(entry, names=self.names) for entry in self.log),
                         maxlen=LOG_LINES)  # told with the names as they are now

    def _finished_record(self, data: dict) -> None:
        """The record of the game just played, for its review: only a finished game of this
        table's size (a review shows every hand)."""
        from tweak.record import from_dict, replay

        record = from_dict(data)  # RecordError, a ValueError, when it is not one
        if not self.seats or record.players != len(self.seats) or not replay(record).is_over:
            raise PeerError("a record that is not of this table's finished game")
        self.record = record

    def _new_view(self, data: dict) -> bool:
        from tweak.wire import WireError, from_wire

        from .screen_data import Selection
        from .story import flash_of, tell

        seen = from_wire(data["view"])
        if seen.seat != self.seat or (self.seats and seen.players != len(self.seats)):
            raise WireError("a view of another seat")
        first = self.view is None
        if first:
            self.acknowledged = len(seen.results)  # a sheet seen before (re)joining is past
        elif data["step"] == self.step:
            return False
        if seen.phase != "over":
            self.record = None  # a game going on (the rematch): the last one's record is past
        self.view, self.step = seen, data["step"]
        self.selection = Selection()
        self.hint = None
        self.sent_step = -1
        if data["actor"] == self.seat:
            self.own_move[self.seat] = self._serial + 1
        for entry in tell(seen.events, self.names or ("",) * seen.players):
            self._serial += 1
            self.log.append(replace(entry, serial=self._serial))
        self.flash = flash_of(seen.events, self._serial)
        return not first


# Why the host refused a message, in this device's words.
REFUSED = {
    "turn": lambda: _("It is not your turn to play."),
    "stale": lambda: _("The table moved on before your move arrived: look, and play again."),
    "taken": lambda: _("Another device plays this seat: only that device can take it back. "
                       "If you played it, open the invitation on the device and in the "
                       "browser you played on."),
    "over": lambda: _("The game is over: its moves stand."),
}
