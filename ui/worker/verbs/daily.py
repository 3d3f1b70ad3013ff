"""The daily deal's verbs, and ``DailyDeal``, the host's part that knows today.

Today's deal not yet finished on this device is *the device's daily deal*: saved under
``DAILY_KEY`` (never pushed out by another game), Take back refused, counted in the statistics
with the streak when it ends, and then only its result kept (no second try).  Any other daily
deal (a past day's, or today's once played here) is a replay: an ordinary saved game that says
so and counts in no statistics.  The deal itself is ``ui.worker.daily``'s.
"""

from __future__ import annotations

from datetime import date
from typing import Optional

from ..address import query_params
from ..daily import (DailyError, Status, day_text, long_date, parse_day, parse_rival,
                     parse_status, result_line, result_of, today)
from ..errors import SessionError
from ..i18n import _
from ..protocol import DAILY_BROKEN_KEY, DAILY_KEY, SAVE_KEY
from ..screens.start import render_daily
from ..slots import keep_previous

__all__ = ["DailyDeal", "open_daily", "resume_daily"]


class DailyDeal:
    """The daily deal's today (``clock()``: an aware ``datetime`` now; ``fixed``: a day the
    address sets, ``?today=``), the stored status read, and the start screen's section."""

    def __init__(self, clock):
        self.clock = clock
        self.fixed: Optional[date] = None

    def today(self) -> date:
        """The ``?today=`` hook's day, else the clock's UTC date."""
        return self.fixed or today(self.clock)

    @staticmethod
    def read(saves: dict) -> tuple:
        """(status or None, store, notice): a stored status that cannot be read is set aside
        under ``DAILY_BROKEN_KEY`` (nothing is deleted) and the day starts afresh."""
        text = saves.get(DAILY_KEY)
        try:
            return parse_status(text), {}, ""
        except DailyError as error:
            return None, {DAILY_BROKEN_KEY: text, DAILY_KEY: None}, _(
                "The daily deal's saved state cannot be read ({error}). It has been set aside "
                "(nothing is deleted).").format(error=error)

    def in_play(self, saves: dict) -> bool:
        """The device's daily deal is stored and not finished."""
        status = self.read(saves)[0]
        return status is not None and not status.done

    def section(self, status: Optional[Status], stats: Optional[str]) -> str:
        """The start screen's Daily deal section: ``status`` (``read``), the moves of a deal in
        progress, and the streak alive in ``stats``, the stored statistics."""
        now = self.today()
        moves = 0
        if status is not None and not status.done:
            from tweak.record import RecordError, loads

            try:
                moves = len(loads(status.record).actions)
            except RecordError:
                moves = 0  # found out, and set aside, when it is resumed
        streak = 0  # no statistics yet: no streak, and no engine needed to say so
        if stats:
            from ..stats import StatsError, current_streak, parse

            try:
                streak = current_streak(parse(stats), now)
            except StatsError:
                pass  # 0: the statistics screen says so, and sets the text aside
        return render_daily(status, now, moves, streak)

    @staticmethod
    def status_of(session) -> Status:
        """The slot's status for the device's daily deal: the game while it is played, only its
        result once it is over (so it cannot be played again)."""
        day = date.fromisoformat(session.daily)
        if session.state.is_over:
            seat = session.humans[0]
            return Status(day, result=result_of(session.state, seat), rival=session.rival)
        return Status(day, record=session.save_text(), rival=session.rival)


def open_daily(host, text: str, saves: dict, link: bool = False) -> dict:
    """The daily deal of the day ``text`` names (a ``#daily=`` link's ``DAY&vs=RESULT``,
    ``link``; "" for today, the start screen's button): the device's own (dealt once, then
    continued) or a replay.  A bad date changes nothing and says why on the start screen."""
    from ..session import Session

    now = host.daily.today()
    text, _amp, rest = text.partition("&")
    try:
        day = parse_day(text, now) if text or link else now
    except DailyError as error:
        host.notice = str(error)
        return host.start(saves)
    rival, said = _rival(rest)
    status, store, notice = host.daily.read(saves)
    notice = " ".join(filter(None, (notice, said)))
    if day == now and status is not None and status.day == now and not status.done:
        return resume_daily(host, saves, rival, notice)
    if day == now and not (status is not None and status.day == now):
        session = Session.new_daily(day, host.pace)
        session.daily_counts = True
        session.rival = rival
        session.notice = notice
        if status is not None and not status.done:  # an earlier day's deal, unfinished:
            # it becomes an ordinary saved game (the slot is today's now), never lost.
            store[SAVE_KEY] = status.record
            store.update(keep_previous(saves.get(SAVE_KEY), session))
        return host.begin(session, store, DAILY_KEY)
    session = Session.new_daily(day, host.pace)
    session.rival = rival
    replay = (_("A replay of the daily deal of {date}: you have played today's deal on this "
                "device, so it counts in no statistics.") if day == now
              else _("A replay of the daily deal of {date}: it is not today's deal, so it "
                     "counts in no statistics."))
    session.notice = " ".join(filter(None, (replay.format(date=long_date(day)), notice)))
    return host.begin(session, {**store, **keep_previous(saves.get(SAVE_KEY), session)})


def _rival(rest: str) -> tuple:
    """(a friend's result or None, what to tell the person) from the part of a daily link
    after its date (``vs=142.3.2.4.0``, ``ui.worker.daily.fragment``)."""
    vs = query_params(rest).get("vs")
    if vs is None:
        return None, ""
    try:
        rival = parse_rival(vs)
    except DailyError as error:
        return None, _("The friend's result in this link cannot be read ({error}); the deal "
                       "is the same.").format(error=error)
    return rival, _("Your friend's result on this deal: {result}. Play it and "
                    "compare.").format(result=result_line(rival))


def resume_daily(host, saves: dict, rival=None, told_now: str = "") -> dict:
    """Continue the device's daily deal from its slot (whatever its day: a deal started before
    midnight UTC still counts for its own day); ``rival``, a friend's result from the link
    that led here, replaces the one kept, and ``told_now`` is said."""
    from ..session import Session

    status, store, notice = host.daily.read(saves)
    if status is None or status.done:
        host.notice = notice or _("There is no daily deal in progress to continue.")
        return host.start(saves)
    try:
        session = Session.from_save(status.record, host.pace)
        if session.daily != day_text(status.day):
            raise SessionError(_("The saved daily deal is not the deal of its day."))
    except SessionError as error:
        host.notice = _("{error} It has been set aside (nothing is deleted).").format(
            error=error)
        rest = {k: v for k, v in saves.items() if k != DAILY_KEY}
        return {**host.start(rest), "store": {DAILY_BROKEN_KEY: saves.get(DAILY_KEY),
                                              DAILY_KEY: None}}
    session.daily_counts = True
    session.rival = rival or status.rival
    session.notice = told_now
    return host.begin(session, store, DAILY_KEY)
