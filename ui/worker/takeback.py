"""Take back: against computers, the person's last move and the computers' moves after it are
undone, and the game becomes practice (``Record.practice``: it counts in no statistics).

``TakeBack`` is the part of ``ui.worker.session.Session`` that decides it (a mixin, so the
page's calls stay ``session.take_back()``): it reads the session's ``seats``, ``record``,
``state``, ``hot_seat``, ``daily_counts`` and ``taken_back``, keeps ``_actors`` (the seat that
made each action of the record) and rewinds with ``Session._rewind``.  Only the last move is
undone, never a rewind of the game; never between people, in a finished game or in this
device's own daily deal of its day (``ui.worker.daily.take_back_refusal``).
"""

from __future__ import annotations

from dataclasses import replace

from . import daily
from .errors import SessionError
from .i18n import _

__all__ = ["TakeBack"]


class TakeBack:
    """``actors``, ``can_take_back`` and ``take_back`` of a ``Session``.  A practice game
    resumed at a person's decision may be just where a take-back left it (the record does not
    say), so ``Session.from_record`` sets ``taken_back`` then: a reload never lets a second
    take-back rewind a move further."""

    def actors(self) -> list:
        """The seat that made each action of the record, in order (replayed once, then kept
        up to date by ``Session._apply``)."""
        if self._actors is None:
            actors = []
            states = self.record.states()
            previous = next(states)
            for state in states:
                actors.append(previous.to_act)
                previous = state
            self._actors = actors
        return self._actors

    def _refusal(self) -> str:
        """Why no move may be taken back now, in a sentence; "" if one may."""
        if self.hot_seat or self.remote:
            return _("Moves cannot be taken back in a game between people.")
        if self.state.is_over:
            return _("The game is over: its moves stand.")
        refusal = daily.take_back_refusal(self.daily_counts)
        if refusal:
            return refusal
        if not any(self.seats[seat].is_human for seat in self.actors()):
            return _("You have no move to take back yet.")
        if self.taken_back:
            # The undo is of the last move only: the next waits for the person's next move.
            return _("Only your last move can be taken back; make a move first.")
        return ""

    def can_take_back(self) -> bool:
        """One person against computers, the game not over, not the device's daily deal, and a
        move of theirs to undo that was not taken back already."""
        return not self._refusal()

    def take_back(self) -> None:
        """Undo the person's last move and every computer move after it; the record becomes
        practice and ``notice`` says so.  ``SessionError`` (``_refusal``'s sentence) if no
        move may be taken back now."""
        refusal = self._refusal()
        if refusal:
            raise SessionError(refusal)
        cut = max(index for index, seat in enumerate(self.actors())
                  if self.seats[seat].is_human)
        self._rewind(replace(self.record, actions=self.record.actions[:cut], practice=True))
        self.taken_back = True
        self.notice = _("Move taken back. This game is now practice: it will not count in "
                        "your statistics.")
