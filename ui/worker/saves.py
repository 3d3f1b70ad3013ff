"""Saved games: the verbs that bring a game to the table from a slot of ``localStorage`` or
anew, and the start screen's list of the saved games.

The slots (``ui.worker.protocol``): ``SAVE_KEY``, the game in progress; ``PREVIOUS_KEY``, the
one a link or a new deal replaced; ``LAST_KEY``, the last game played to its end, which stays
reviewable (its results, ``resume(LAST_KEY)``; its review, ``review_last``).  A text that
cannot be read is set aside under its ``….broken`` key with a notice: nothing is deleted.
``SavedGames`` is a mixin of ``ui.worker.host.Host``: it uses the host's state and replies.
"""

from __future__ import annotations

from typing import Optional

from .daily import day_text
from .errors import SessionError
from .i18n import _, told
from .protocol import (BROKEN_KEY, DAILY_KEY, LAST_BROKEN_KEY, LAST_KEY, PREVIOUS_KEY,
                       SAVE_KEY, SAVE_KEYS, TABLE_KEY)
from .remote import message
from .screens.start import render_last, render_saves, save_summary

__all__ = ["SavedGames"]


def _loads(text: str):
    """``tweak.loads(text)``, the engine imported only now: the start screen with no save
    needs none, and the worker's first answer comes sooner without it."""
    from tweak.record import loads

    return loads(text)


def _last_unreadable(error) -> str:
    return _("The last finished game cannot be read ({error}). It has been set aside "
             "(nothing is deleted).").format(error=told(error))


class SavedGames:
    """The verbs of saved games (a mixin of ``ui.worker.host.Host``).  Each ``saves`` is the
    ``saves`` argument: ``{storage key: text}`` of the stored texts."""

    def _saves_listing(self, saves: dict) -> tuple:
        """(html, store): the start screen's Resume button per readable save and the last
        finished game's; an unreadable save is set aside under ``BROKEN_KEY`` (the notice
        replaces ``self.notice``), an unreadable last game under ``LAST_BROKEN_KEY`` (its
        notice is added)."""
        found, store = [], {}
        for key in SAVE_KEYS:
            text = saves.get(key)
            if not text:
                continue
            try:
                _loads(text)  # a record's whole form, not only its summary (no replay: cheap)
                found.append((key, save_summary(text)))
            except ValueError as error:
                store.update({BROKEN_KEY: text, key: None})
                self.notice = _("The saved game cannot be read ({error}). It has been set "
                                "aside (nothing is deleted); start a new game.").format(
                    error=told(error))
        last = ""
        if saves.get(LAST_KEY):
            try:
                _loads(saves[LAST_KEY])
                last = render_last(save_summary(saves[LAST_KEY]))
            except ValueError as error:
                store.update({LAST_BROKEN_KEY: saves[LAST_KEY], LAST_KEY: None})
                self.notice = " ".join(filter(None, (self.notice, _last_unreadable(error))))
        return render_saves(found) + last, store

    def deal(self, fields: dict, saves: dict) -> dict:
        """A new game from the start form's fields (``ui.worker.session.parse_setup``).  A game
        in progress is kept as the previous save, never silently replaced."""
        from dataclasses import replace

        from .seats import parse_setup
        from .session import Session

        try:
            setup = parse_setup(fields)
            hooks = replace(self.hooks, pace=self.pace)
            session = Session.new(setup, hooks, seed=self._seeds.randrange(2**31))
        except SessionError as error:
            self.notice = str(error)
            return self.start(saves)
        return self._begin(session, self._keep_previous(saves.get(SAVE_KEY), session))

    def resume(self, key: str, saves: dict) -> dict:
        """The game saved under ``key`` (``DAILY_KEY``: the device's daily deal; ``LAST_KEY``:
        the last game's results); a save that cannot be replayed is set aside."""
        from .session import Session

        if key == DAILY_KEY:
            return self._resume_daily(saves)
        if key == LAST_KEY:
            return self._open_last(saves)
        text = saves.get(key) if key in SAVE_KEYS else None
        if not text:
            self.notice = _("That saved game is gone.")
            return self.start(saves)
        try:
            session = Session.from_save(text, self.pace)
        except SessionError as error:
            self.notice = _("{error} It has been set aside (nothing is deleted).").format(
                error=error)
            rest = {k: v for k, v in saves.items() if k != key}
            return {**self.start(rest), "store": {BROKEN_KEY: text, key: None}}
        store = {}
        if key != SAVE_KEY:  # swap: the game it replaces stays resumable
            store[PREVIOUS_KEY] = saves.get(SAVE_KEY)
        if session.remote:  # its seats on other devices, which may come back
            self._adopt_table(session, saves.get(TABLE_KEY))
        return self._begin(session, store)

    def open_link(self, fragment: str, saves: dict) -> dict:
        """The game of a ``#g=`` link (the part after ``g=``); a damaged link changes nothing
        and says why on the start screen."""
        from .session import Session

        try:
            session = Session.from_link(fragment, self.pace)
        except SessionError as error:
            self.notice = str(error)
            return self.start(saves)
        return self._begin(session, self._keep_previous(saves.get(SAVE_KEY), session))

    def rematch(self, saves: Optional[dict] = None) -> dict:
        """The same seats and rules, a new deal.  ``saves``: the stored saves, when the game
        over may not be the saved one (the last game opened from the start screen): a game in
        progress there is kept as the previous save.  Refused for the device's daily deal."""
        if self.guest is not None:  # the host deals it: ask
            self.guest.outbox.append(message("rematch"))
            self.guest.notice = _("The host has been asked for a rematch.")
            return self._guest_play(lambda mirror: None)
        session = self._session()
        if session.daily_counts:
            session.notice = _("The daily deal is played once a day: start a new game "
                               "instead.")
            return self._reply()
        new = session.rematch(seed=self._seeds.randrange(2**31))
        return self._begin(new, self._keep_previous((saves or {}).get(SAVE_KEY), new))

    def review_last(self, saves: dict) -> dict:
        """The start screen's "Review last game": the review of the last game played to its
        end, at its first step (closing it shows that game's results)."""
        reply = self._open_last(saves)
        if reply["screen"] != "over":
            return reply
        return {**reply, **self._review("")}

    def _open_last(self, saves: dict) -> dict:
        """The last game played to its end (``LAST_KEY``), on its results, without writing any
        save (a game in progress stays as it is).  One that cannot be read is set aside."""
        from .session import Session

        text = saves.get(LAST_KEY)
        if not text:
            self.notice = _("There is no finished game to review.")
            return self.start(saves)
        try:
            session = Session.from_save(text, self.pace)
            if not session.state.is_over:
                raise SessionError(_("The last game is not finished."))
        except (SessionError, ValueError) as error:
            self.notice = _last_unreadable(error)
            rest = {k: v for k, v in saves.items() if k != LAST_KEY}
            return {**self.start(rest), "store": {LAST_BROKEN_KEY: text, LAST_KEY: None}}
        status = self._read_daily(saves)[0]
        # The device's own daily deal, done: its results say so (no "replay", no Play again).
        session.daily_counts = bool(session.daily) and status is not None and status.done \
            and day_text(status.day) == session.daily
        if session.daily_counts:
            session.rival = status.rival
        return self._begin(session, {}, LAST_KEY, saved=False)

    def _keep_previous(self, old: Optional[str], session) -> dict:
        """Where the save a new game replaces goes: kept as the previous game, or set aside
        when it is not a game record (it would otherwise outlive every new game)."""
        if not old or old == session.save_text():
            return {}
        from tweak.record import RecordError, loads

        try:
            loads(old)
        except RecordError:
            return {BROKEN_KEY: old}
        return {PREVIOUS_KEY: old}

    def _begin(self, session, store: dict, slot: str = SAVE_KEY, saved: bool = True) -> dict:
        """Put ``session`` on the table, kept under ``slot``; the reply writes ``store`` (what
        the game it replaces leaves behind) and, when ``saved``, the game into its slot."""
        self.session = session
        self.review = None
        self.slot = slot
        self._told = {}  # the devices at this table are told everything anew
        self.notice = ""
        # A game shown anew: its last move is announced, not the whole replayed log.
        self._announced = session.log[-2].serial if len(session.log) > 1 else 0
        self._prompted = ("", -1)
        return self._reply(store=store, saved=saved)
