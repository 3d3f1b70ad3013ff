"""Saved games: the verbs that bring a game to the table from a slot of ``localStorage`` or
anew, and the start screen's list of the saved games.

The slots (``ui.worker.protocol``): ``SAVE_KEY``, the game in progress; ``PREVIOUS_KEY``, the
one a link or a new deal replaced; ``LAST_KEY``, the last game played to its end, which stays
reviewable (its results, ``resume(LAST_KEY)``; its review, ``review_last``).  A text that
cannot be read is set aside under its ``….broken`` key with a notice: nothing is deleted.
Each ``saves`` is the ``saves`` argument: ``{storage key: text}`` of the stored texts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ..daily import day_text
from ..errors import SessionError
from ..i18n import _, told
from ..protocol import (BROKEN_KEY, DAILY_KEY, LAST_BROKEN_KEY, LAST_KEY, PREVIOUS_KEY,
                        SAVE_KEY, SAVE_KEYS, TABLE_KEY)
from ..screens.start import render_last, render_saves, save_summary
from ..slots import keep_previous
from .relay import adopt_table

# The engine and the turn controller are imported by the verbs that use them: the start
# screen with no save needs neither, and the worker's first answer comes sooner without them.

__all__ = ["listing", "deal", "resume", "open_link", "rematch", "review_last", "open_last"]


def _loads(text: str):
    from tweak.record import loads

    return loads(text)


def _last_unreadable(error) -> str:
    return _("The last finished game cannot be read ({error}). It has been set aside "
             "(nothing is deleted).").format(error=told(error))


def listing(host, saves: dict) -> tuple:
    """(html, store): the start screen's Resume button per readable save and the last finished
    game's; an unreadable save is set aside under ``BROKEN_KEY`` (its notice replaces
    ``host.notice``), an unreadable last game under ``LAST_BROKEN_KEY`` (its notice is
    added)."""
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
            host.notice = _("The saved game cannot be read ({error}). It has been set aside "
                            "(nothing is deleted); start a new game.").format(error=told(error))
    last = ""
    if saves.get(LAST_KEY):
        try:
            _loads(saves[LAST_KEY])
            last = render_last(save_summary(saves[LAST_KEY]))
        except ValueError as error:
            store.update({LAST_BROKEN_KEY: saves[LAST_KEY], LAST_KEY: None})
            host.notice = " ".join(filter(None, (host.notice, _last_unreadable(error))))
    return render_saves(found) + last, store


def deal(host, fields: dict, saves: dict) -> dict:
    """A new game from the start form's fields (``ui.worker.seats.parse_setup``).  A game in
    progress is kept as the previous save, never silently replaced."""
    from ..seats import parse_setup
    from ..session import Session

    try:
        setup = parse_setup(fields)
        hooks = replace(host.hooks, pace=host.pace)
        session = Session.new(setup, hooks, seed=host.seeds.randrange(2**31))
    except SessionError as error:
        host.notice = str(error)
        return host.start(saves)
    return host.begin(session, keep_previous(saves.get(SAVE_KEY), session))


def resume(host, key: str, saves: dict) -> dict:
    """The game saved under ``key`` (``DAILY_KEY``: the device's daily deal; ``LAST_KEY``: the
    last game's results); a save that cannot be replayed is set aside."""
    from ..session import Session
    from .daily import resume_daily

    if key == DAILY_KEY:
        return resume_daily(host, saves)
    if key == LAST_KEY:
        return open_last(host, saves)
    text = saves.get(key) if key in SAVE_KEYS else None
    if not text:
        host.notice = _("That saved game is gone.")
        return host.start(saves)
    try:
        session = Session.from_save(text, host.pace)
    except SessionError as error:
        host.notice = _("{error} It has been set aside (nothing is deleted).").format(
            error=error)
        rest = {k: v for k, v in saves.items() if k != key}
        return {**host.start(rest), "store": {BROKEN_KEY: text, key: None}}
    store = {}
    if key != SAVE_KEY:  # swap: the game it replaces stays resumable
        store[PREVIOUS_KEY] = saves.get(SAVE_KEY)
    if session.remote:  # its seats on other devices, which may come back
        adopt_table(session, saves.get(TABLE_KEY))
    return host.begin(session, store)


def open_link(host, fragment: str, saves: dict) -> dict:
    """The game of a ``#g=`` link (the part after ``g=``); a damaged link changes nothing and
    says why on the start screen."""
    from ..session import Session

    try:
        session = Session.from_link(fragment, host.pace)
    except SessionError as error:
        host.notice = str(error)
        return host.start(saves)
    return host.begin(session, keep_previous(saves.get(SAVE_KEY), session))


def rematch(host, saves: Optional[dict] = None) -> dict:
    """The same seats and rules, a new deal.  ``saves``: the stored saves, when the game over
    may not be the saved one (the last game opened from the start screen): a game in progress
    there is kept as the previous save.  Refused for the device's daily deal; on a guest's
    device, the host is asked."""
    table = host.table()
    if table.guest:  # the host deals it
        table.ask_rematch()
        return host.play(lambda table: None)
    if table.daily_counts:
        table.notice = _("The daily deal is played once a day: start a new game instead.")
        return host.reply()
    new = table.rematch(seed=host.seeds.randrange(2**31))
    return host.begin(new, keep_previous((saves or {}).get(SAVE_KEY), new))


def review_last(host, saves: dict) -> dict:
    """The start screen's "Review last game": the review of the last game played to its end,
    at its first step (closing it shows that game's results)."""
    from .review import review

    reply = open_last(host, saves)
    if reply["screen"] != "over":
        return reply
    return {**reply, **review(host, "")}


def open_last(host, saves: dict) -> dict:
    """The last game played to its end (``LAST_KEY``), on its results, without writing any
    save (a game in progress stays as it is).  One that cannot be read is set aside."""
    from ..session import Session

    text = saves.get(LAST_KEY)
    if not text:
        host.notice = _("There is no finished game to review.")
        return host.start(saves)
    try:
        session = Session.from_save(text, host.pace)
        if not session.state.is_over:
            raise SessionError(_("The last game is not finished."))
    except (SessionError, ValueError) as error:
        host.notice = _last_unreadable(error)
        rest = {k: v for k, v in saves.items() if k != LAST_KEY}
        return {**host.start(rest), "store": {LAST_BROKEN_KEY: text, LAST_KEY: None}}
    status = host.daily.read(saves)[0]
    # The device's own daily deal, done: its results say so (no "replay", no Play again).
    session.daily_counts = bool(session.daily) and status is not None and status.done \
        and day_text(status.day) == session.daily
    if session.daily_counts:
        session.rival = status.rival
    return host.begin(session, {}, LAST_KEY, saved=False)
