"""The messages between devices, and a seat on another device as the host sees it.

Data: ``Presence`` (a remote seat at the host: the secret its device was given, whether that
device is here, whether a computer stands in while it is away) and the messages of
``ui.worker.protocol.PEER_MESSAGES``: ``read_message(text, types)`` checks one that arrived
(size, JSON, version, type, exactly its fields, each of its kind) and ``message(type, **fields)``
writes one.  A message that fails the check raises ``PeerError``; it is dropped with a console
line and changes nothing.  The host's side of the relay is ``ui.worker.verbs.relay``, the
guest's ``ui.worker.verbs.guest``; what a ``Session`` does with such seats is
``ui.worker.remote``'s.
"""

from __future__ import annotations

import json
import secrets as _secrets
from dataclasses import dataclass

from .protocol import MAX_TO_GUEST, MAX_TO_HOST, PEER_MESSAGES, PEER_VERSION, TO_HOST

__all__ = ["Presence", "PeerError", "read_message", "message", "new_secret", "MAX_FIELD"]

MAX_FIELD = 400  # characters of one text field: names, secrets and moves are far shorter


class PeerError(ValueError):
    """A message from another device that is not one of ours; the text says why (for the
    console: the other device's player never sees it)."""


@dataclass
class Presence:
    """A seat played on another device, as the host sees it."""

    secret: str = ""  # given to the device that took the seat: only it may take it back
    here: bool = False  # that device's channel is open and it has said hello
    computer: bool = False  # the host chose: a computer plays the seat while it is away

    def stood_in(self) -> bool:
        """A computer plays the seat now."""
        return self.computer and not self.here

    @property
    def state(self) -> str:
        """"open" (no device has taken the seat yet), "here", "away", or "computer" (away,
        and a computer plays it meanwhile)."""
        if self.here:
            return "here"
        if not self.secret:
            return "open"
        return "computer" if self.computer else "away"


def new_secret() -> str:
    return _secrets.token_urlsafe(12)


def _check(kind: str, value, where: str):
    if kind == "text":
        if not isinstance(value, str) or len(value) > MAX_FIELD:
            raise PeerError(f"{where} is not a text of at most {MAX_FIELD} characters")
    elif kind in ("number", "seat"):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10 ** 9:
            if not (kind == "seat" and value is None):
                raise PeerError(f"{where} is not a whole number")
    elif kind == "texts":
        if not isinstance(value, list) or len(value) > 6 or not all(
                isinstance(item, str) and len(item) <= MAX_FIELD for item in value):
            raise PeerError(f"{where} is not a list of at most 6 texts")
    elif kind in ("view", "record"):
        if not isinstance(value, dict):  # tweak.wire, tweak.record check the rest
            raise PeerError(f"{where} is not an object")
    return value


def read_message(text, types) -> dict:
    """The message ``text`` (one data channel text) as a dict, if it is one of ``types``
    (``TO_HOST`` or ``TO_GUEST``) with exactly that type's fields, each of its kind; else
    ``PeerError``."""
    limit = MAX_TO_HOST if types == TO_HOST else MAX_TO_GUEST
    if not isinstance(text, str) or len(text) > limit:
        raise PeerError(f"a message longer than {limit} characters")
    try:
        data = json.loads(text)
    except ValueError:
        raise PeerError("a message that is not JSON") from None
    if not isinstance(data, dict) or data.get("v") != PEER_VERSION:
        raise PeerError(f"a message that is not of version {PEER_VERSION}")
    kind = data.get("t")
    if kind not in types:
        raise PeerError(f"a message of a type not expected here: {str(kind)[:40]!r}")
    wanted = PEER_MESSAGES[kind]
    if set(data) != {"v", "t", *wanted}:
        raise PeerError(f"a {kind} message with other fields than {', '.join(wanted) or 'none'}")
    for name, field_kind in wanted.items():
        _check(field_kind, data[name], f"{kind}.{name}")
    return data


def message(kind: str, **fields) -> str:
    """The text of a ``kind`` message with ``fields`` (exactly that type's)."""
    assert set(fields) == set(PEER_MESSAGES[kind]), (kind, fields)
    return json.dumps({"v": PEER_VERSION, "t": kind, **fields}, separators=(",", ":"))
