"""A guest's device: the verbs that open another device's table here and take what its host
sends.  The table is a ``ui.worker.mirror.Mirror`` at ``host.session`` from the invitation's
address on: the join screen is the main thread's (ui/main_thread/join.js) until the host's game
arrives, and then the host's screens draw the mirror as they draw a game of their own."""

from __future__ import annotations

import json

from ..i18n import _
from ..mirror import Mirror
from ..protocol import NAME_LENGTH, SEAT_KEY, SECRET_LENGTH, TABLE_ID_LENGTH, TO_GUEST
from ..peer_messages import message, read_message

__all__ = ["open_invitation", "peer"]


def open_invitation(host, fragment: str) -> dict:
    """An invitation's address (``#join=``): this tab plays another device's game."""
    host.session = Mirror("", -1)
    host.review = None
    host.slot = None  # the game is saved on the host's device
    return {"screen": "join"}


def peer(host, source: str, event: str, text: str = "", stats=None) -> dict:
    """An event of the host's channel (``source`` "host"): "open" (say hello), "message"
    (``text``, untrusted: a message that cannot be used is dropped with a console line and, at
    the table, a notice) or "closed"."""
    mirror = host.session
    if source != "host":
        print("TWEAK!: a peer event from a seat on a guest's device was dropped")
        return {}
    if event == "open":
        return _hello(host, mirror, text)
    if event == "closed":
        mirror.connected = False
        # A move sent on a channel that closed may never have arrived: once back, the person
        # may send it again (the host's step check refuses one that did arrive).
        mirror.sent_step = -1
        return host.reply() if mirror.kind() != "join" else {}
    try:
        data = read_message(text, TO_GUEST)
        moved = mirror.receive(data)
    except ValueError as error:  # PeerError, WireError: the host's page is not ours
        print(f"TWEAK!: a message from the host was dropped: {error}")
        if mirror.kind() == "join":
            return {}
        mirror.notice = _("The host sent something this device cannot show: the game goes on.")
        return host.reply()
    if data["t"] == "refused" and data["why"] == "taken" and not mirror.secret:
        # Turned away before any welcome: the channel closes, and the join screen says why.
        # (A welcomed device holds the seat: a stray refusal only shows.)
        mirror.connected = False
        return {"part": {"host": mirror.notice}}
    store = {}
    if data["t"] == "welcome":
        store[SEAT_KEY] = json.dumps({"table": mirror.table, "seat": mirror.seat,
                                      "secret": mirror.secret})
    if mirror.kind() == "join":
        return {"store": store}
    if moved:
        host.review = None  # a move of the next game closes the last one's review
    return host.reply(store=store, saved=moved, moved=moved)


def _hello(host, mirror, text: str) -> dict:
    """The channel is up: say hello with the name typed and the seat's secret (join.js reads it
    from ``SEAT_KEY`` when it is this table's)."""
    try:
        opened = json.loads(text or "{}")
        table, seat = str(opened["table"])[:TABLE_ID_LENGTH], int(opened["seat"])
        name = str(opened.get("name", ""))[:NAME_LENGTH]
        secret = str(opened.get("secret", ""))[:SECRET_LENGTH]
    except (ValueError, KeyError, TypeError):
        print("TWEAK!: an open event without its table and seat was dropped")
        return {}
    if mirror.table and (table, seat) != (mirror.table, mirror.seat):
        mirror = host.session = Mirror(table, seat)
        host.review = None
    mirror.table, mirror.seat, mirror.connected = table, seat, True
    return {"send": {"host": [message("hello", name=name, secret=secret)]}}
