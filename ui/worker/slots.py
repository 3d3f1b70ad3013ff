"""What happens to a stored game that a new one replaces in its slot (``SAVE_KEY``): it is
kept as the previous game (``PREVIOUS_KEY``), or set aside (``BROKEN_KEY``) when it is not a
game record, so that it does not outlive every new game."""

from __future__ import annotations

from typing import Optional

from .protocol import BROKEN_KEY, PREVIOUS_KEY

__all__ = ["keep_previous"]


def keep_previous(old: Optional[str], session) -> dict:
    """The store that keeps ``old``, the save ``session`` replaces (nothing when there is
    none, or when it is that very game)."""
    if not old or old == session.save_text():
        return {}
    from tweak.record import RecordError, loads  # here: the first answer needs no engine

    try:
        loads(old)
    except RecordError:
        return {BROKEN_KEY: old}
    return {PREVIOUS_KEY: old}
