"""The game's side of the page: what the Pyodide worker holds and answers.  Pure Python (no
``js``/``pyscript``), so the whole protocol is tested under CPython.

The page runs on two threads (DESIGN.md, "Two threads, one owner each").  The main thread
(``ui/main_thread/page.py``, MicroPython) owns the DOM, ``localStorage``, timers and the pace of computer
moves; this worker owns the game.  ``ui/worker/__main__.py`` exports one function per method of
``Host`` below; each takes plain strings and returns a ``Reply`` as JSON text.

Data:
* ``Host`` — the worker's state: the address hooks (``ui.worker.screens.start.Hooks``), the current
  ``ui.worker.session.Session`` (None on the start screen), the notice the start screen shows next.
* A reply is a dict with some of these keys (the main thread does what each says, nothing else):
  - ``screen``: what to show: ``"start"``, or the session's kind (``"table"``, ``"pass"``,
    ``"scores"``, ``"over"``), or ``"review"`` (a finished game's review, ``ui.worker.review``);
  - ``html``: the game screen's markup (``ui.worker.screens.game``), for ``#game``;
  - ``saves``, ``notice``: the start screen's Resume buttons and notice; ``levels``: the
    options of a seat's select, by what the plain HTML select says now (``"human"``/``"bot"``);
  - ``bot``: a computer must move next (the main thread paces it and calls ``bot_move``);
  - ``store``: ``{key: text or None}`` to write into ``localStorage`` (None removes the key);
  - ``flash``, ``flash_big``: the last move's celebration (``ui.worker.screens.game.render_flash``) and
    whether it is the big TWEAK! burst rather than a toast;
  - ``pace``: the pace of computer moves in force (a key of ``ui.worker.screens.start.PACES``);
  - ``sounds``, ``speech`` (issue 12, ``ui.worker.cues``): the sounds the move just made and the turn
    now beginning deserve (names of ``ui.worker.cues.SOUNDS``, in order), and the words to say aloud,
    ``{"text", "lang", "kind"}`` with kind ``"sum"`` or ``"prompt"``; the page plays them as
    the player's settings allow.  Only a move made now is heard, never one replayed on resume;
  - ``sound``: the Sound button and its panel (``hello`` only; ``ui.worker.cues``).
* ``lang``: the language the worker now speaks (``ui.worker.i18n``), in the replies of ``hello`` and
  ``language``: the main thread sets ``<html lang>`` and the start screen's static texts to it.
* ``saves`` arguments are JSON objects of the stored values the main thread holds,
  ``{SAVE_KEY: text or null, PREVIOUS_KEY: text or null}``: the worker decides, the main thread
  stores.

Statistics (issue 11, ``ui.worker.stats``): the calls that can end a game (``act``, ``bot_move``)
take the stored statistics text too; when a game against computers ends (not a practice game)
the reply's ``store`` writes the counted statistics under ``tweak.stats``.  A stored text that
cannot be read is set aside under ``tweak.stats.broken`` with a notice, never lost silently.
``statistics`` shows their screen (``ui.worker.screens.stats``: ``screen`` "stats", drawn over the game
like the rules page), and resets them after a confirmation; ``export_stats`` answers a
``download`` (``{"name", "text"}``) for the main thread to save as a file; ``import_stats``
checks a file's text before it replaces the stored statistics.

Game review (issue 11, ``ui.worker.review``): the "review" command (the game-over screen's "Review
game") opens the review of the finished game on the table; "review:next", "review:round:2",
"review:sheet:2"... step through it (``ui.worker.review.Review.go``) and "review:close" goes back to
the results.  While it is open, ``screen`` draws it again.  A game not over is never reviewed
(a review shows every hand): the reply is its table with a notice saying why.
The daily deal (issue 11, ``ui.worker.daily``): ``daily`` plays a UTC day's deal — today's (the
start screen's "Daily deal" section, ``render_daily``) or a ``#daily=DAY`` link's (``&vs=``:
the sharer's result, ``ui.worker.daily.fragment``, told to the friend and kept with the deal,
``Session.rival``, to compare on the results).  Today's deal
not yet finished on this device is *the device's daily deal*: it is saved under ``tweak.daily``
(not ``tweak.save``, so no other game can push it out; ``resume("tweak.daily")`` continues it),
Take back is refused in it, and when it ends the slot keeps only its result (no second try) and
the statistics count it with the streak.  Any other daily deal (a past day's link, or today's
once played here) is a replay: an ordinary saved game that says so and counts in no
statistics.  Today comes from the clock the ``Host`` is given (UTC), or the ``?today=`` hook.
Replies to a game screen carry ``slot``, the key the game is saved under, for the page to say
which game a reload resumes (``hello``'s ``playing``).
Languages (issue 12): ``hello`` gets the language the player chose before (stored under
``tweak.lang`` by the page) and the browser's languages, and chooses (``ui.worker.i18n.choose``; the
address hook ``lang=`` wins, e.g. the pseudo-language ``xx`` in tests).  ``language`` switches
and draws again what is shown — the start screen, the rules page or the game, which stays as it
is: only its words change.

Storage keys: ``tweak.save`` holds the game record (``tweak.dumps``) after every move;
``tweak.save.previous`` keeps the game a link or a new deal replaced; ``tweak.save.broken``
keeps a save that could not be read (nothing a player made is ever deleted); ``tweak.last``
the record of the last game played to its end.  That game stays reviewable after the game-over
screen is gone: a reload of a tab that showed it (its slot, ``tweak.save`` emptied when the
game ended, or ``tweak.daily`` once done) brings its results back, ``resume("tweak.last")``
shows them, and the start screen's "Review last game" (``review_last``) opens its review.  A
last game that cannot be read is set aside under ``tweak.last.broken`` with a notice.
"""

from __future__ import annotations

import json
import random
import re
from datetime import datetime, timezone
from typing import Optional

from tweak import levels

from .cues import LANG, cues, render_sound_controls
from . import i18n
from .i18n import YOU, _, shown_name, told
from . import daily as daily_deal
from .hooks import Hooks, SessionError, parse_hooks
from .protocol import (BROKEN_KEY, DAILY_BROKEN_KEY, DAILY_KEY, LAST_BROKEN_KEY, LAST_KEY, PACES,
                       PREVIOUS_KEY, SAVE_KEY, SAVE_KEYS, STATS_BROKEN_KEY, STATS_KEY,
                       STORED_KEYS)
from .screens.start import (level_options, render_daily, render_last, render_notice,
                            render_saves, save_summary)

__all__ = ["Host", "parse_saves", "motion_of"]


def _loads(text: str):
    """``tweak.loads(text)``, the engine imported only now: the start screen with no save
    needs none, and the worker's first answer comes sooner without it (issue 7)."""
    from tweak.record import loads

    return loads(text)


def _utc_now():
    return datetime.now(timezone.utc)


def _query_params(query: str) -> dict:
    """``?seed=12&pace=instant`` → ``{"seed": "12", "pace": "instant"}``, decoded as the
    browser's ``URLSearchParams`` would (the first of repeated keys wins).  The same pairs as
    ``urllib.parse.parse_qsl(..., keep_blank_values=True)`` (tests/ui/test_host.py checks),
    without importing it: in the worker that import compiles urllib and ipaddress from source,
    40-70 ms before the first answer (tests/bench/results/startup.txt)."""
    params = {}
    for pair in query.lstrip("?").split("&"):
        if pair:
            key, _equals, value = pair.partition("=")
            params.setdefault(_unquote_plus(key), _unquote_plus(value))
    return params


_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _unquote_plus(text: str) -> str:
    """A query's ``+`` and ``%XX`` escapes decoded (runs of escapes as UTF-8, a broken one as
    "�"), as ``urllib.parse.unquote_plus`` does."""
    return _ESCAPES.sub(lambda run: bytes.fromhex(run.group().replace("%", "")).decode(
        "utf-8", "replace"), text.replace("+", " "))


class Host:
    """The worker's state and the page protocol's verbs.  See the module docstring."""

    def __init__(self, seeds: Optional[random.Random] = None, clock=_utc_now,
                 catalogues: str = i18n.CATALOGUES):
        """``clock()``: an aware ``datetime`` now (tests pass a fixed one for the daily deal);
        ``catalogues``: the compiled catalogues' archive (``ui.worker.i18n``)."""
        self.catalogues = catalogues
        self.hooks = Hooks()
        self._clock = clock
        self.slot = SAVE_KEY  # where the game on the table is saved (DAILY_KEY: today's deal)
        self.session = None
        self.notice = ""  # for the start screen
        self.pace = "normal"
        self._seeds = seeds or random.SystemRandom()  # new deals' seeds
        self._announced = 0  # serial of the last log entry announced
        self._prompted = ("", -1)  # the last turn prompt announced, and its game step
        self.lang = LANG  # the language spoken aloud (ui.worker.cues): the worker's, set with it
        self.review = None  # ui.worker.review.Review of the finished game, while its review is open

    # -- the start screen ---------------------------------------------------------------

    def today(self):
        """The daily deal's today: the ``?today=`` hook, else the clock's UTC date."""
        return self.hooks.today or daily_deal.today(self._clock)

    def hello(self, query: str, fragment: str, saves: dict, pace: str,
              playing="", lang: str = "", browser=()) -> dict:
        """The first call: read the address (``?hooks``, a ``#g=`` game link or a
        ``#daily=DAY`` link), the pace last chosen and the language (``lang``, the player's
        stored choice, else the first of ``browser``, the browser's languages, that has a
        catalogue); open the link's game, or, when this tab was ``playing`` the game saved
        under that key before a reload (True: ``tweak.save``), resume it at once (a reload is
        not a trip to the menu); else answer with the start screen.  Every answer carries the
        seat selects' ``levels``, the ``lang`` chosen and the Sound controls (``sound``)."""
        self.pace = pace if pace in PACES else "normal"
        params = _query_params(query)
        languages = i18n.available(self.catalogues)
        # The language first, so that a notice about the address is said in it.
        hooked = params.get("lang", "").lower()
        i18n.use(i18n.choose(hooked if hooked in (*languages, i18n.PSEUDO) else lang, browser,
                             languages), self.catalogues)
        self.lang = i18n.current()
        try:
            self.hooks = parse_hooks(params)
        except SessionError as error:
            self.notice = str(error)
        if self.hooks.pace:
            self.pace = self.hooks.pace
        if playing is True or playing == "yes":  # "yes": what pages before the daily deal kept
            playing = SAVE_KEY
        if fragment.startswith("#g="):
            reply = self.open_link(fragment[3:], saves)
        elif fragment.startswith("#daily="):
            reply = self.daily(fragment[7:], saves, link=True)
        elif playing == DAILY_KEY and not getattr(self._read_daily(saves)[0], "done", True):
            reply = self.resume(DAILY_KEY, saves)
        elif playing == SAVE_KEY and saves.get(SAVE_KEY):
            reply = self.resume(SAVE_KEY, saves)
        elif playing in (SAVE_KEY, DAILY_KEY, LAST_KEY) and saves.get(LAST_KEY):
            # The tab showed a game that has ended since (its slot no longer holds it): its
            # results come back, with their review, rather than the menu.
            reply = self.resume(LAST_KEY, saves)
        else:
            reply = self.start(saves)
        return {**reply, **self._levels()}

    def language(self, lang: str, saves: dict, showing: str = "") -> dict:
        """Speak ``lang`` from now on and draw again what the page shows (``showing``:
        "rules", "stats", or anything else for the start screen or the game in play, which is
        kept as it is).  A language without a catalogue is English."""
        i18n.use(lang if lang in i18n.available(self.catalogues) else i18n.SOURCE,
                 self.catalogues)
        self.lang = i18n.current()
        if showing == "rules":
            reply = self.rules()
        elif self.session is not None:
            reply = self._reply()
        else:
            reply = self.start(saves)
        return {**reply, **self._levels()}

    @staticmethod
    def _levels() -> dict:
        """The seat selects' options (``levels``) and the language (``lang``) they are in."""
        return {"levels": {kind: level_options(levels.CHOICES, levels.DEFAULT_LEVEL, kind)
                           for kind in ("human", "bot")}, "lang": i18n.current(),
                "sound": render_sound_controls(i18n.current())}

    def start(self, saves: dict) -> dict:
        """Leave the table (the game stays saved) and show the start screen: a Resume button
        per readable save; an unreadable one is set aside under ``BROKEN_KEY`` with a notice."""
        self.session = None
        self.review = None
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
        status, daily_store, daily_notice = self._read_daily(saves)
        store.update(daily_store)
        self.notice = " ".join(filter(None, (self.notice, daily_notice)))
        notice, self.notice = self.notice, ""
        return {"screen": "start", "saves": render_saves(found) + last,
                "notice": render_notice(notice),
                "daily": self._daily_section(status, saves.get(STATS_KEY)), "store": store}

    # -- starting games -------------------------------------------------------------------

    def deal(self, fields: dict, saves: dict) -> dict:
        """A new game from the start form's fields (``ui.worker.session.parse_setup``).  A game in
        progress is kept as the previous save, never silently replaced."""
        from dataclasses import replace

        from .session import Session, parse_setup

        try:
            setup = parse_setup(fields)
            hooks = replace(self.hooks, pace=self.pace)
            session = Session.new(setup, hooks, seed=self._seeds.randrange(2**31))
        except SessionError as error:
            self.notice = str(error)
            return self.start(saves)
        return self._begin(session, self._keep_previous(saves.get(SAVE_KEY), session))

    def resume(self, key: str, saves: dict) -> dict:
        """The game saved under ``key``; a save that cannot be replayed is set aside."""
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
        progress there is kept as the previous save."""
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
            and daily_deal.day_text(status.day) == session.daily
        if session.daily_counts:
            session.rival = status.rival
        self.session, self.review, self.slot, self.notice = session, None, LAST_KEY, ""
        self._announced = session.log[-2].serial if len(session.log) > 1 else 0
        self._prompted = ("", -1)
        return self._reply()

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

    def _begin(self, session, store: dict, slot: str = SAVE_KEY) -> dict:
        self.session = session
        self.review = None
        self.slot = slot
        self.notice = ""
        # A game shown anew: its last move is announced, not the whole replayed log.
        self._announced = session.log[-2].serial if len(session.log) > 1 else 0
        self._prompted = ("", -1)
        return self._reply(store=store, saved=True)

    # -- the daily deal (issue 11) ----------------------------------------------------------

    def daily(self, text: str, saves: dict, link: bool = False) -> dict:
        """The daily deal of the day ``text`` names (a ``#daily=`` link's date, ``link``;
        "" for today, the start screen's button):
        today's deal not finished here is the device's own (dealt once, then continued); any
        other is a replay that says so.  A bad date changes nothing and says why."""
        from .session import Session

        now = self.today()
        text, _amp, rest = text.partition("&")
        try:
            day = daily_deal.parse_day(text, now) if text or link else now
        except daily_deal.DailyError as error:
            self.notice = str(error)
            return self.start(saves)
        rival, said = self._rival(rest)
        status, store, notice = self._read_daily(saves)
        notice = " ".join(filter(None, (notice, said)))
        if day == now and status is not None and status.day == now and not status.done:
            return self._resume_daily(saves, rival, notice)
        if day == now and not (status is not None and status.day == now):
            session = Session.new_daily(day, self.pace)
            session.daily_counts = True
            session.rival = rival
            session.notice = notice
            if status is not None and not status.done:  # an earlier day's deal, unfinished:
                # it becomes an ordinary saved game (the slot is today's now), never lost.
                store[SAVE_KEY] = status.record
                previous = self._keep_previous(saves.get(SAVE_KEY), session)
                store.update(previous)
            return self._begin(session, store, DAILY_KEY)
        session = Session.new_daily(day, self.pace)
        session.rival = rival
        replay = (_("A replay of the daily deal of {date}: you have played today's deal on "
                    "this device, so it counts in no statistics.") if day == now
                  else _("A replay of the daily deal of {date}: it is not today's deal, so it "
                         "counts in no statistics."))
        session.notice = " ".join(filter(None, (
            replay.format(date=daily_deal.long_date(day)), notice)))
        return self._begin(session, {**store, **self._keep_previous(saves.get(SAVE_KEY),
                                                                    session)})

    @staticmethod
    def _rival(rest: str) -> tuple:
        """(a friend's result or None, what to tell the person) from the part of a daily
        link after its date (``vs=142.3.2.4.0``, ``ui.worker.daily.fragment``)."""
        vs = _query_params(rest).get("vs")
        if vs is None:
            return None, ""
        try:
            rival = daily_deal.parse_rival(vs)
        except daily_deal.DailyError as error:
            return None, _("The friend's result in this link cannot be read ({error}); the "
                           "deal is the same.").format(error=error)
        return rival, _("Your friend's result on this deal: {result}. Play it and "
                        "compare.").format(result=daily_deal.result_line(rival))

    def _resume_daily(self, saves: dict, rival=None, told_now: str = "") -> dict:
        """Continue the device's daily deal from its slot (whatever its day: a deal started
        before midnight UTC still counts for its own day); ``rival``, a friend's result from
        the link that led here, replaces the one kept, and ``told_now`` is said."""
        from .session import Session

        status, store, notice = self._read_daily(saves)
        if status is None or status.done:
            self.notice = notice or _("There is no daily deal in progress to continue.")
            return self.start(saves)
        try:
            session = Session.from_save(status.record, self.pace)
            if session.daily != daily_deal.day_text(status.day):
                raise SessionError(_("The saved daily deal is not the deal of its day."))
        except SessionError as error:
            self.notice = _("{error} It has been set aside (nothing is deleted).").format(
                error=error)
            rest = {k: v for k, v in saves.items() if k != DAILY_KEY}
            return {**self.start(rest), "store": {DAILY_BROKEN_KEY: saves.get(DAILY_KEY),
                                                  DAILY_KEY: None}}
        session.daily_counts = True
        session.rival = rival or status.rival
        session.notice = told_now
        return self._begin(session, store, DAILY_KEY)

    @staticmethod
    def _read_daily(saves: dict):
        """(status or None, store, notice): a stored status that cannot be read is set aside
        under ``tweak.daily.broken`` (nothing is deleted) and the day starts afresh."""
        text = saves.get(DAILY_KEY)
        try:
            return daily_deal.parse_status(text), {}, ""
        except daily_deal.DailyError as error:
            return None, {DAILY_BROKEN_KEY: text, DAILY_KEY: None}, _(
                "The daily deal's saved state cannot be read ({error}). It has been set aside "
                "(nothing is deleted).").format(error=error)

    def _daily_section(self, status, stats: Optional[str]) -> str:
        now = self.today()
        moves = 0
        if status is not None and not status.done:
            from tweak.record import RecordError, loads

            try:
                moves = len(loads(status.record).actions)
            except RecordError:
                moves = 0  # found out, and set aside, when it is resumed
        streak = 0  # no statistics yet: no streak (and no engine needed to say so, issue 7)
        if stats:
            from .stats import StatsError, current_streak, parse

            try:
                streak = current_streak(parse(stats), now)
            except StatsError:
                pass  # 0: the statistics screen says so, and sets the text aside
        return render_daily(status, now, moves, streak)

    # -- playing ------------------------------------------------------------------------

    def act(self, action: str, stats: Optional[str] = None) -> dict:
        """A move in notation (a clicked ``data-action``) by the person to act; ``stats``, the
        stored statistics (counted into if the move ends the game)."""
        return self._play(lambda session: session.act(action), stats)

    def command(self, text: str) -> dict:
        """A UI command (a clicked ``data-ui``) that is not a move: selection, choosers, pass
        screens, next round, pace."""
        session = self._session()
        name, _sep, arg = text.partition(":")
        if name == "review":
            return self._review(arg)
        if self.review is not None:  # e.g. a notice's OK: the review stays open
            return self._review_reply(announce=False)
        if name == "pace" and arg in PACES:
            self.pace = arg
        reply = self._play(lambda session: session.command(text))
        if name == "take-back":  # the log was told anew: nothing in it is news
            self._announced = session.log[-1].serial if session.log else 0
        return reply

    def bot_move(self, stats: Optional[str] = None) -> dict:
        """The computer seat to act thinks (here, in the worker) and moves; when no computer is
        to move the reply just shows the screen.  ``stats`` as for ``act``."""
        return self._play(lambda session: session.step_bots(limit=1), stats)

    def screen(self) -> dict:
        """The current screen again (e.g. after the rules page)."""
        if self.review is not None and self.session is not None:
            return self._review_reply(announce=False)
        return self._reply()

    def rules(self) -> dict:
        """The "How to play" page, showing the current game's rule set if one is open."""
        from tweak import EDITIONS

        from .screens import rules

        current = self.session.record.rules if self.session else None
        return {"screen": "rules", "html": rules.render_rules(EDITIONS, current)}

    # -- statistics (issue 11) ------------------------------------------------------------

    def statistics(self, stored: Optional[str], step: str = "") -> dict:
        """The statistics screen; ``step`` "reset" asks to confirm a reset, "reset-confirmed"
        resets (the stored text is removed)."""
        from .screens import stats as stats_page
        from .stats import Stats

        stats, store, notice = self._read_stats(stored)
        confirm = step == "reset"
        if step == "reset-confirmed":
            stats, store = Stats(), {**store, STATS_KEY: None}
            notice = _("Your statistics have been reset.")
        return {"screen": "stats",
                "html": stats_page.render_stats(stats, notice, confirm, self.today()),
                "store": store}

    def export_stats(self, stored: Optional[str]) -> dict:
        """The statistics as a file to download (a damaged store is exported as it is, so
        nothing is lost)."""
        from .stats import StatsError, dumps, parse

        try:
            text = dumps(parse(stored))
        except StatsError:
            text = stored or ""
        return {"download": {"name": "tweak-statistics.json", "text": text}}

    def import_stats(self, text: str, stored: Optional[str]) -> dict:
        """A file's statistics replace the stored ones, if the file is a statistics file."""
        from .screens import stats as stats_page
        from .stats import StatsError, dumps, parse

        stats, store, notice = self._read_stats(stored)
        try:
            imported = parse(text)
        except StatsError as error:
            notice = _("That file was not imported: {error}. Your statistics are "
                       "unchanged.").format(error=error)
        else:
            stats = imported
            store[STATS_KEY] = dumps(imported)
            notice = i18n.ngettext("Statistics imported: {n} game.",
                                   "Statistics imported: {n} games.",
                                   imported.played).format(n=imported.played)
        return {"screen": "stats", "html": stats_page.render_stats(stats, notice,
                                                                   today=self.today()),
                "store": store}

    @staticmethod
    def _read_stats(stored):
        """(stats, store, notice): a damaged stored text is set aside, new statistics begin."""
        from .stats import Stats, StatsError, parse

        try:
            return parse(stored), {}, ""
        except StatsError as error:
            return Stats(), {STATS_BROKEN_KEY: stored, STATS_KEY: None}, _(
                "Your saved statistics could not be read ({error}). They have been set aside "
                "(nothing is deleted) and new statistics begin.").format(error=error)

    def _count_game(self, session, stored) -> dict:
        """The store of statistics with the game just ended counted (``ui.worker.stats``)."""
        from .stats import count_game, dumps

        stats, store, notice = self._read_stats(stored)
        if notice:
            session.notice = notice
        counted = count_game(stats, session.record)
        if session.daily_counts:
            from datetime import date

            from .stats import count_daily

            counted = count_daily(counted, date.fromisoformat(session.daily))
        if counted != stats or store:
            store[STATS_KEY] = dumps(counted)
        return store

    # -- the game review (issue 11) ---------------------------------------------------------

    def _review(self, arg: str) -> dict:
        """The "review" commands: "review" opens the review of the finished game on the table
        (at its first step), "review:close" goes back to its results, and "review:CMD" is
        ``ui.worker.review.Review.go(CMD)``.  A game still being played is not reviewed (the review
        shows every hand): the table says why."""
        from .review import Review

        session = self._session()
        if arg == "close":
            self.review = None
            return {**self._reply(), "focus": "#review-game"}  # where the person left
        if self.review is None or self.review.record is not session.record:
            try:
                self.review = Review(session.record, session.names)
            except SessionError as error:
                self.review = None
                session.notice = str(error)
                return self._reply()
        notice = ""
        back_from = self.review.sheet
        if arg:
            try:
                self.review.go(arg)
            except SessionError as error:
                notice = str(error)
        return self._review_reply(notice=notice, back_from=back_from if arg == "back" else None)

    def _review_reply(self, notice: str = "", back_from=None, announce: bool = True) -> dict:
        """The review's screen; ``announce`` says the step (position, move, comment) or the
        score sheet opened.  Focus goes where the person is likely to go on: a stepping button
        still enabled, the way back from a score sheet, or (``back_from`` a score sheet) that
        round's score sheet button."""
        from .screens import review as review_page

        screen = self.review.screen()
        if screen.sheet is not None:
            said = [_("Round {n} score sheet.").format(n=screen.sheet.round)]
            focus = "#review-back"
        else:
            said = [review_page.position_line(screen) + "."]
            said += [entry.text for entry in screen.entries]
            if screen.comment:
                said.append(screen.comment.text)
            focus = "#review-prev" if screen.step == screen.steps else "#review-next"
            if back_from:
                focus = f"[data-ui='review:sheet:{back_from}']"
        return {"screen": "review", "html": review_page.render_review(screen, notice),
                "bot": False, "store": {}, "pace": self.pace,
                "announce": said if announce else [], "focus": focus, "turn": False}

    def link(self) -> dict:
        """The current game's link fragment (``g=...``), for "Copy link"."""
        return {"fragment": self._session().link_fragment()}

    # -- replies ------------------------------------------------------------------------

    def _session(self):
        if self.session is None:
            raise SessionError(_("There is no game on the table."))
        return self.session

    def _play(self, change, stats: Optional[str] = None) -> dict:
        session = self._session()
        self.review = None  # a move or a table command leaves the review
        before = len(session.record.actions)
        was_over = session.state.is_over
        try:
            change(session)
        except SessionError as error:
            session.notice = str(error)
        store = {}
        replay = session.daily and not session.daily_counts  # a daily deal's replay: no count
        if stats is not None and session.state.is_over and not was_over and not replay:
            store = self._count_game(session, stats)
        actions = len(session.record.actions)
        return self._reply(store=store, saved=actions != before, moved=actions > before)

    def _reply(self, store: Optional[dict] = None, saved: bool = False,
               moved: bool = False) -> dict:
        """The reply showing the session now; ``saved``: the record changed (store it, animate
        it); ``moved``: a move was made by this call (not taken back), so it is heard."""
        from .screens import game

        session = self._session()
        store = dict(store or {})
        if saved and self.slot == DAILY_KEY:  # the device's daily deal: its own slot
            store[DAILY_KEY] = daily_deal.dumps_status(self._daily_status(session))
            if session.state.is_over:
                store[LAST_KEY] = session.save_text()
        elif saved:  # a finished game has nothing to resume; it is kept as the last game
            if session.state.is_over:
                store.update({SAVE_KEY: None, LAST_KEY: session.save_text()})
            else:
                store[SAVE_KEY] = session.save_text()
        session.pace = self.pace
        screen = session.screen()
        reply = {"screen": screen.kind, "html": game.render_screen(screen),
                 "bot": session.bot_to_act(), "store": store, "pace": self.pace,
                 "slot": self.slot}
        session.notice = ""  # a notice is shown once
        narration, prompt = self._narration(session, screen)
        reply.update(narration)
        reply.update(cues(session.state.events if moved else (), session.names, prompt,
                          self.lang))
        if saved:
            eyes = screen.view.seat if screen.view else None
            reply["motion"] = motion_of(session.state.events, eyes, session.record.rules)
        flash = session.take_flash()
        if flash is not None:
            # Over a score sheet a TWEAK! burst would hide the numbers: a toast says it instead.
            big = flash.tweak and screen.kind not in ("scores", "over")
            reply["flash"] = game.render_flash(flash, session.names, big=big)
            reply["flash_big"] = big
        return reply

    @staticmethod
    def _daily_status(session):
        """The slot's text for the device's daily deal: the game while it is played, only its
        result once it is over (so it cannot be played again)."""
        from datetime import date

        day = date.fromisoformat(session.daily)
        if session.state.is_over:
            seat = session.humans[0]
            return daily_deal.Status(day, result=daily_deal.result_of(session.state, seat),
                                     rival=session.rival)
        return daily_deal.Status(day, record=session.save_text(), rival=session.rival)

    def _narration(self, session, screen) -> tuple:
        """What assistive technology hears and where focus goes: ``announce``, the sentences
        of every move logged since the last reply and, when a person's turn begins, its
        prompt; ``focus``, a selector of the control a person is likely to use next, and
        ``turn``, true when that person's turn has just begun (the page then moves focus).
        With it, the prompt of a turn that has just begun ("" if none), for ``ui.worker.cues``."""
        news = [entry.text for entry in session.log if entry.serial > self._announced]
        self._announced = session.log[-1].serial if session.log else 0
        prompt, focus = _prompt_and_focus(screen)
        key = (prompt, session.state.step)  # a new turn, even at the same target
        turn = bool(prompt) and key != self._prompted
        self._prompted = key
        if turn:
            news.append(prompt)
        return {"announce": news, "focus": focus, "turn": turn}, prompt if turn else ""


def _last_unreadable(error) -> str:
    return _("The last finished game cannot be read ({error}). It has been set aside "
             "(nothing is deleted).").format(error=told(error))


def _prompt_and_focus(screen):
    """The turn's spoken prompt (empty when no person is to act on this screen) and the
    selector of the control to focus."""
    if screen.kind == "scores":
        return "", "#next-round"
    if screen.kind == "over":
        return "", "#rematch, #game .share-result"
    if screen.kind == "pass":
        name = shown_name(screen.names[screen.pass_to])
        return _("Pass the device to {name}.").format(name=name), "[data-ui=reveal]"
    me = screen.view
    if not me.my_turn or screen.hide_hand or not me.legal:
        return "", ""
    named = screen.names[me.seat] != YOU and screen.hot_seat
    if me.phase == "bomb":
        prompt = (_("The Bomb, {name}: choose a card to give up.") if named
                  else _("The Bomb: choose a card to give up."))
    else:
        prompt = (_("Your turn, {name} — make {target}.") if named
                  else _("Your turn — make {target}."))
    return (prompt.format(name=screen.names[me.seat], target=me.target),
            ".hand [data-ui^='hand:']")


def motion_of(events, eyes, rules) -> dict:
    """How the cards of the last move travel, for the page's animation (ui/main_thread/motion.js):
    ``from`` — where cards new on the table come from (``"seat:N"``, a player's panel, or
    ``"deck"``); ``hand_from`` — where cards new in a hand come from; ``to`` — where cards
    that leave the table go (a capturer's panel); ``taking`` — a capture, whose cards are
    shown gathered before they go, with ``played``, the HTML of the card another seat
    captured with (public once played, R20), shown beside them.  Public events only (R21)."""
    from tweak.events import (
        Captured, ChangePlayed, GaveUp, Placed, RoundStarted, ThiefPlayed,
    )

    from .screens.cards import face_card

    motion = {"from": "deck", "hand_from": "deck", "to": "", "taking": False, "played": ""}
    for event in events:
        if isinstance(event, Captured):
            motion.update(to=f"seat:{event.seat}", taking=True)
            if event.seat != eyes:
                motion["played"] = face_card(event.card, rules, classes=("played",),
                                             extra={"data-card": "played"})
        elif isinstance(event, (Placed, GaveUp)):
            motion["from"] = f"seat:{event.seat}"
        elif isinstance(event, ThiefPlayed):
            motion["from"] = f"seat:{event.victim}"
        elif isinstance(event, ChangePlayed):
            motion["from"] = "deck"
        elif isinstance(event, RoundStarted):
            motion.update({"from": "deck", "to": ""})
    return motion


def parse_saves(text: str) -> dict:
    """The ``saves`` argument: a JSON object of stored texts (None where a key is empty)."""
    data = json.loads(text or "{}")
    if not isinstance(data, dict):
        return {}
    return {key: value for key, value in data.items() if key in STORED_KEYS
            and isinstance(value, str) and value}
