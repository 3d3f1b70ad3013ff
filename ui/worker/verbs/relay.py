"""The host's side of play across devices.

The host's worker holds the only game.  Each seat played on another device
(``ui.worker.peer_messages.Presence``) gets, over its own data channel, its seat's view as data
(``tweak.wire``: never another hand, never markup) after every step, who sits where, and at
the game's end its record (for the review: nothing is hidden any more); it sends hello (take
the seat, or take it back with its secret) and its moves, which the engine checks like any
other.  ``peer`` takes what the main thread relays (ui/main_thread/peers.js).  ``Relay``
remembers what each device has been told and the invitations asked of the main thread:
``news`` says, without changing anything, what a reply adds (``send``, ``peers``, the table's
secrets in ``store``), and ``told`` marks it sent.
"""

from __future__ import annotations

import json
from secrets import compare_digest

from ..errors import SessionError
from ..i18n import _, shown_name
from ..protocol import SAVE_KEY, SECRET_LENGTH, TABLE_ID_LENGTH, TABLE_KEY, TO_HOST
from ..peer_messages import PeerError, message, new_secret, read_message
from .stats import count_ended_game

__all__ = ["Relay", "peer", "adopt_table", "NO_SEATS"]

NO_SEATS = json.dumps({"seats": []})  # the ``peers`` of a table open to no other device


class Relay:
    """What the other devices were told: per remote seat, the table, record and step last sent
    (``sent``), and the last invitations asked of the main thread (``invited``)."""

    def __init__(self):
        self.sent = {}  # remote seat -> {"table": ..., "record": ..., "step": ...}
        self.invited = ""

    def forget(self, seat=None) -> None:
        """Tell ``seat``'s device (None: every device) everything anew."""
        if seat is None:
            self.sent = {}
        else:
            self.sent.pop(seat, None)

    def close(self) -> str:
        """No table is open to other devices now: the ``peers`` that ends the invitations."""
        self.invited = ""
        return NO_SEATS

    def news(self, session) -> tuple:
        """(extras, told): what a reply showing ``session`` adds — ``send``, each present
        remote seat's new view and who sits where (when they changed since it was told);
        ``peers``, every remote seat (the main thread keeps the open channels and makes an
        invitation for the others), when that changed; and the table's secrets in ``store`` —
        and what ``told`` then records.  Changes nothing."""
        if not session.remote:
            return ({"peers": NO_SEATS} if self.invited else {}), ({}, "")
        names = list(session.names)
        kinds = [seat.tag for seat in session.seats]
        presence = [session.remote[i].state if i in session.remote else ""
                    for i in range(len(names))]
        table = (names, kinds, presence)
        send, sent = {}, {}
        for seat, there in session.remote.items():
            told = dict(self.sent.get(seat, {}))
            send[str(seat)] = _messages(session, seat, there.here, told, table)
            sent[seat] = told
        extras = {"send": send}
        invited = json.dumps({"table": session.table, "host": host_name(session),
                              "seats": [{"seat": seat, "name": session.names[seat],
                                         "here": there.here}
                                        for seat, there in session.remote.items()]})
        if invited != self.invited:
            extras["peers"] = invited
        secrets = {str(seat): there.secret for seat, there in session.remote.items()
                   if there.secret}
        extras["store"] = {TABLE_KEY: json.dumps(
            {"table": session.table, "seed": session.record.seed, "secrets": secrets})}
        return extras, (sent, invited)

    def told(self, told: tuple) -> None:
        """What ``news`` returned has been sent."""
        self.sent, self.invited = told


def _messages(session, seat: int, here: bool, told: dict, table: tuple) -> list:
    """The messages for ``seat``'s device that it has not had (``told``, updated)."""
    if not here:
        return []
    out = []
    names, kinds, presence = table
    if told.get("table") != table:
        out.append(message("table", names=names, kinds=kinds, presence=presence))
        told["table"] = table
    # The finished game's record, for its review, before the view that ends it.
    if session.state.is_over and told.get("record") is not session.record:
        from tweak.record import to_dict

        out.append(message("record", record=to_dict(session.record)))
        told["record"] = session.record
    # A view once the game has started: until then the guest's join screen says it is
    # connected, and waits.
    if not session.lobby and told.get("step") != session.state.step:
        from tweak import view
        from tweak.wire import to_wire

        out.append(message("view", view=to_wire(view(session.state, seat)),
                           step=session.state.step, actor=session.last_actor))
        told["step"] = session.state.step
    return out


def host_name(session) -> str:
    return shown_name(session.seats[session.humans[0]].name)


def _seat_of(session, source) -> int:
    """The remote seat a peer event's ``source`` names, or -1."""
    text = str(source or "")
    if not (text.isascii() and text.isdigit()) or len(text) > 1:
        return -1
    return int(text) if int(text) in session.remote else -1


def peer(host, source: str, event: str, text: str = "", stats=None) -> dict:
    """An event of another device's channel: ``source`` is the seat it plays, ``event``
    "open", "message" (``text``, untrusted) or "closed".  What cannot be used is dropped with
    a console line and changes nothing; a move that is not that seat's to make now is refused
    to its device alone."""
    session = host.session
    seat = _seat_of(session, source) if session is not None else -1
    if seat < 0:
        print(f"TWEAK!: a peer event for no seat here ({str(source)[:10]!r}) was dropped")
        return {}
    presence = session.remote[seat]
    if event == "closed":
        if not presence.here:
            return {}
        presence.here = False
        # Where the invitation is: the banner's heading (beside the table, or at its foot).
        session.notice = _("{name} is away: the game waits for them, or a computer can "
                           "play for them. Their invitation to come back is under "
                           "“Players away”.").format(name=shown_name(session.seats[seat].name))
        return host.reply()
    if event != "message":
        return {}  # "open": the device says hello next
    try:
        data = read_message(text, TO_HOST)
    except PeerError as error:
        print(f"TWEAK!: a message from seat {seat + 1} was dropped: {error}")
        return {}
    return HANDLERS[data["t"]](host, session, seat, data, stats)


def _hello(host, session, seat: int, data: dict, stats) -> dict:
    """A device takes ``seat``: the first to answer its invitation gets the seat's secret;
    later only a device that shows that secret may take the seat back (any other, while the
    seat is away, is refused and its channel closed: ``part``)."""
    presence = session.remote[seat]
    if presence.secret and not compare_digest(presence.secret, data["secret"]):
        refused = {"send": {str(seat): [message("refused", why="taken")]}}
        if not presence.here:
            # Another device answered the seat's invitation: it is turned away, and its
            # channel closed so that the seat's person can come back by a fresh one.
            refused["part"] = {str(seat): ""}
        return refused
    if not presence.secret:
        presence.secret = new_secret()
    presence.here = True
    if all(there.here for there in session.remote.values()):
        session.away_folded = False  # the next seat to go away finds the banner open
    if data["name"].strip():
        session.rename(seat, data["name"])
    host.relay.forget(seat)  # everything again, to this device
    reply = host.reply()
    if host.slot == SAVE_KEY and not session.state.is_over:  # its new name is kept
        reply["store"][SAVE_KEY] = session.save_text()
    welcome = message("welcome", seat=seat, secret=presence.secret, host=host_name(session))
    reply["send"][str(seat)].insert(0, welcome)
    return reply


def _act(host, session, seat: int, data: dict, stats) -> dict:
    """A move of ``seat``'s device, seen at step ``data["step"]``."""
    if data["step"] != session.state.step:
        return {"send": {str(seat): [message("refused", why="stale")]}}
    before = len(session.record.actions)
    was_over = session.state.is_over
    try:
        session.act_for(seat, data["action"])
    except SessionError:
        why = "over" if session.state.is_over else "turn"
        return {"send": {str(seat): [message("refused", why=why)]}}
    store = {}
    if stats is not None and session.state.is_over and not was_over:
        store = count_ended_game(session, stats)
    return host.reply(store=store, saved=True, moved=len(session.record.actions) > before)


def _rematch_asked(host, session, seat: int, data: dict, stats) -> dict:
    if not session.state.is_over:
        return {}
    session.notice = _("{name} would like a rematch.").format(
        name=shown_name(session.seats[seat].name))
    return host.reply()


HANDLERS = {"hello": _hello, "act": _act, "rematch": _rematch_asked}


def adopt_table(session, text) -> None:
    """A resumed game's table (``TABLE_KEY``, if it is this game's): its id and the secrets of
    the devices that held its seats, which may take them back."""
    try:
        data = json.loads(text or "{}")
        if data.get("seed") != session.record.seed or not isinstance(data["table"], str):
            return
        session.table = data["table"][:TABLE_ID_LENGTH]
        for seat, secret in data.get("secrets", {}).items():
            if _seat_of(session, seat) >= 0 and isinstance(secret, str):
                session.remote[int(seat)].secret = secret[:SECRET_LENGTH]
    except (ValueError, KeyError, TypeError, AttributeError):
        return  # a table not kept, or not readable: its seats are open to new devices
