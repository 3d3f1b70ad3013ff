"""The worker's state and its answers to the page.

``Host`` holds the table (``session``: a ``ui.worker.session.Session`` when the game is this
device's, a ``ui.worker.mirror.Mirror`` when another device hosts it, both speaking
``ui.worker.table.Table``; None on the start screen), the storage key it is kept under (``slot``), the start screen's next notice, the pace,
language and address hooks in force, the open review, and the parts it is given: a
``Narration`` (what assistive technology has heard), a ``Relay`` (what the other devices have
been told) and a ``DailyDeal`` (the daily deal's today).  ``answer(verb, *arguments)`` looks
the verb up in ``verbs``, the dispatch table of ``ui.worker.protocol.VERBS``: the table's own
verbs are here, the others in ``ui.worker.verbs``.  Each returns a reply, a dict of
``REPLY_KEYS``.  ``draw`` is pure (the table's screen as it is now); ``reply`` draws and then
marks it shown: a flash and a notice are shown once, announcements heard once, and each other
device is told what it has not been told.  Pure Python, tested under CPython; the game's modules
are imported by the verbs that need them: the first answer needs no engine.
docs/architecture.md tells the layers, the protocol and the path of one move.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timezone
from functools import partial
from typing import Optional

from tweak import levels

from . import i18n
from .address import query_params
from .cues import LANG, cues, render_sound_controls
from .daily import dumps_status
from .errors import SessionError
from .hooks import Hooks, parse_hooks
from .i18n import _
from .protocol import DAILY_KEY, LAST_KEY, PACES, SAVE_KEY, STATS_KEY, STORED_KEYS
from .peer_messages import message
from .screens.start import level_options, render_notice
from .table import Table
from .verbs import guest
from .verbs import saves as saved
from .verbs.relay import Relay, peer as relayed
from .verbs import stats as statistics
from .verbs.daily import DailyDeal, open_daily
from .verbs.narration import Narration
from .verbs.review import review, review_reply

__all__ = ["Host", "parse_saves"]


def _utc_now():
    return datetime.now(timezone.utc)


# What the address opens: a link's fragment prefix -> the verb that opens what follows it.
LINKS = {
    "#g=": lambda host, rest, stored: saved.open_link(host, rest, stored),
    "#daily=": lambda host, rest, stored: open_daily(host, rest, stored, link=True),
    # Play across devices: the main thread (ui/main_thread/peers.js) reads the invitation or
    # the reply and shows its screen; this tab plays another device's game, or none.
    "#join=": lambda host, rest, stored: guest.open_invitation(host, rest),
    "#reply=": lambda host, rest, stored: {"screen": "reply"},
}
# After a reload, the slot of the game the tab showed -> whether it still holds that game.
STILL_THERE = {
    SAVE_KEY: lambda host, stored: bool(stored.get(SAVE_KEY)),
    DAILY_KEY: lambda host, stored: host.daily.in_play(stored),
    LAST_KEY: lambda host, stored: bool(stored.get(LAST_KEY)),
}


class Host:
    """The worker's state and the page protocol's verbs.  See the module docstring."""

    def __init__(self, seeds: Optional[random.Random] = None, clock=_utc_now,
                 catalogues: str = i18n.CATALOGUES, narration: Optional[Narration] = None,
                 relay: Optional[Relay] = None, daily: Optional[DailyDeal] = None):
        """``seeds``: new deals' seeds (by default the system's); ``clock()``: an aware
        ``datetime`` now (tests pass a fixed one for the daily deal); ``catalogues``: the
        compiled catalogues' archive (``ui.worker.i18n``); the parts, new ones by default."""
        self.catalogues = catalogues
        self.hooks = Hooks()
        self.slot = SAVE_KEY  # where the game on the table is saved (DAILY_KEY: today's deal)
        self.session: Optional[Table] = None  # the game at the table
        self.notice = ""  # for the start screen
        self.pace = "normal"
        self.seeds = seeds or random.SystemRandom()
        self.lang = LANG  # the language spoken aloud (ui.worker.cues): the worker's, set with it
        self.review = None  # ui.worker.review.Review of the finished game, while its review is open
        self.narration = narration or Narration()
        self.relay = relay or Relay()
        self.daily = daily or DailyDeal(clock)
        self.verbs = {
            "hello": self.hello, "language": self.language, "start": self.start,
            "act": self.act, "command": self.command, "bot_move": self.bot_move,
            "screen": self.screen, "rules": self.rules, "link": self.link,
            "deal": partial(saved.deal, self), "resume": partial(saved.resume, self),
            "open_link": partial(saved.open_link, self),
            "rematch": partial(saved.rematch, self),
            "review_last": partial(saved.review_last, self),
            "daily": partial(open_daily, self),
            "statistics": partial(statistics.statistics, self),
            "export_stats": partial(statistics.export_stats, self),
            "import_stats": partial(statistics.import_stats, self),
            "peer": self.peer,
        }

    def answer(self, verb: str, *arguments, **options) -> dict:
        """The reply to ``verb`` of ``ui.worker.protocol.VERBS`` called with its decoded
        ``arguments`` (and ``options``, its function's keywords); ``KeyError`` for a verb
        that is not one."""
        return self.verbs[verb](*arguments, **options)

    # -- the start screen and languages ------------------------------------------------------

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
        params = query_params(query)
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
        self.daily.fixed = self.hooks.today
        if playing is True or playing == "yes":  # "yes": tweak.save, as older pages kept it
            playing = SAVE_KEY
        return {**self._opening(fragment, saves, playing), **self._levels()}

    def _opening(self, fragment: str, stored: dict, playing: str) -> dict:
        """What ``hello`` opens: a link's game (``LINKS``); the game the tab showed before a
        reload while its slot still holds it (``STILL_THERE``), else, that game having ended
        since, the last game's results (with their review); else the start screen."""
        for prefix, opens in LINKS.items():
            if fragment.startswith(prefix):
                return opens(self, fragment[len(prefix):], stored)
        if playing in STILL_THERE:
            if STILL_THERE[playing](self, stored):
                return saved.resume(self, playing, stored)
            if stored.get(LAST_KEY):
                return saved.resume(self, LAST_KEY, stored)
        return self.start(stored)

    def language(self, lang: str, saves: dict, showing: str = "") -> dict:
        """Speak ``lang`` from now on and draw again what the page shows (``showing``:
        "rules", "stats", or anything else for the start screen or the game in play, which is
        kept as it is).  A language without a catalogue is English."""
        i18n.use(lang if lang in i18n.available(self.catalogues) else i18n.SOURCE,
                 self.catalogues)
        self.lang = i18n.current()
        if showing == "rules":
            reply = self.rules()
        elif self.session is not None and self.session.kind() == "join":
            reply = {"screen": "join"}
        elif self.session is not None:
            reply = self.reply()
        else:
            reply = self.start(saves)
        return {**reply, **self._levels()}

    @staticmethod
    def _levels() -> dict:
        """The seat selects' options (``levels``), the language (``lang``) they are in, and
        the Sound controls (``sound``)."""
        return {"levels": {kind: level_options(levels.CHOICES, levels.DEFAULT_LEVEL, kind)
                           for kind in ("human", "bot")}, "lang": i18n.current(),
                "sound": render_sound_controls(i18n.current())}

    def start(self, stored: dict) -> dict:
        """Leave the table (the game stays saved) and show the start screen: the saved games
        (``ui.worker.verbs.saves.listing``), a notice and the daily deal section.  What cannot
        be read is set aside (``store``) with a notice; the devices at a table left are told
        it has ended."""
        leaving = self.session.remote if self.session is not None else {}
        self.session = None
        self.review = None
        self.slot = SAVE_KEY
        listing, store = saved.listing(self, stored)
        status, daily_store, daily_notice = self.daily.read(stored)
        store.update(daily_store)
        self.notice = " ".join(filter(None, (self.notice, daily_notice)))
        notice, self.notice = self.notice, ""
        return {"screen": "start", "saves": listing, "notice": render_notice(notice),
                "daily": self.daily.section(status, stored.get(STATS_KEY)), "store": store,
                "peers": self.relay.close(),
                "send": {str(seat): [message("bye", why="ended")]
                         for seat, there in leaving.items() if there.here}}

    # -- playing ------------------------------------------------------------------------

    def act(self, action: str, stats: Optional[str] = None) -> dict:
        """A move in notation (a clicked ``data-action``) by the person to act; ``stats``, the
        stored statistics (counted into if the move ends the game)."""
        self.review = None  # a move leaves the review
        return self.play(lambda table: table.act(action), stats)

    def command(self, text: str) -> dict:
        """A UI command (a clicked ``data-ui``) that is not a move: selection, choosers, pass
        screens, next round, pace, the review.  While the review is open, a table command
        (e.g. a notice's OK) leaves it open."""
        name, _sep, arg = text.partition(":")
        if name == "pace" and arg in PACES:
            self.pace = arg
        if name == "review":
            return review(self, arg)
        table = self.table()
        if self.review is not None:
            return self.reply()
        reply = self.play(lambda table: table.command(text))
        if name == "take-back":  # the log was told anew: nothing in it is news
            self.narration.quiet(table)
        return reply

    def bot_move(self, stats: Optional[str] = None) -> dict:
        """The computer seat to act thinks (here, in the worker) and moves; when no computer is
        to move (or, on a guest's device, the host's device plays them) the reply just shows
        the screen.  ``stats`` as for ``act``."""
        return self.play(lambda table: table.step_bots(limit=1), stats)

    def screen(self) -> dict:
        """The current screen again (e.g. after the rules page)."""
        table = self.table()
        return {} if table.kind() == "join" else self.reply()

    def rules(self) -> dict:
        """The "How to play" page, showing the current game's rule set if one is open."""
        from tweak import EDITIONS

        from .screens import rules

        table = self.session
        current = table.rules if table is not None and table.kind() != "join" else None
        return {"screen": "rules", "html": rules.render_rules(EDITIONS, current)}

    def link(self) -> dict:
        """The current game's link fragment (``g=...``), for "Copy link"."""
        return {"fragment": self.table().link_fragment()}

    def peer(self, source: str, event: str, text: str = "", stats=None) -> dict:
        """An event of another device's channel (``ui.worker.verbs.relay.peer`` on the device
        that holds the game, ``ui.worker.verbs.guest.peer`` on a guest's)."""
        if self.session is not None and self.session.guest:
            return guest.peer(self, source, event, text, stats)
        return relayed(self, source, event, text, stats)

    # -- the table and its replies --------------------------------------------------------

    def table(self):
        """The game at the table; ``SessionError`` on the start screen."""
        if self.session is None:
            raise SessionError(_("There is no game on the table."))
        return self.session

    def begin(self, session, store: dict, slot: str = SAVE_KEY, saved: bool = True) -> dict:
        """Put ``session`` on the table, kept under ``slot``; the reply writes ``store`` (what
        the game it replaces leaves behind) and, when ``saved``, the game into its slot."""
        self.session = session
        self.review = None
        self.slot = slot
        self.relay.forget()  # the devices at this table are told everything anew
        self.notice = ""
        self.narration.restart(session)
        return self.reply(store=store, saved=saved)

    def play(self, change, stats: Optional[str] = None) -> dict:
        """``change(table)``, a person's click (a ``SessionError`` becomes the table's notice),
        then the reply; a game it ends is counted into ``stats``, the stored statistics, unless
        it is another device's or a replay of a daily deal."""
        table = self.table()
        if table.kind() == "join":
            return {}  # nothing from the host yet: the join screen is the main thread's
        before, was_over = table.moves, table.state.is_over
        try:
            change(table)
        except SessionError as error:
            table.notice = str(error)
        store = {}
        replay = table.daily and not table.daily_counts  # a daily deal's replay: no count
        if stats is not None and not table.guest and table.state.is_over and not was_over \
                and not replay:
            store = statistics.count_ended_game(table, stats)
        return self.reply(store=store, saved=table.moves != before,
                          moved=table.moves > before)

    def reply(self, store: Optional[dict] = None, saved: bool = False,
              moved: bool = False) -> dict:
        """The reply showing the table now (the review, while one is open), then marked
        shown, with what the other devices must hear.  ``saved``: the record changed (store
        it, animate it); ``moved``: a move was made by this call (not taken back): it is
        heard."""
        table = self.table()
        table.pace = self.pace
        if self.review is not None:
            reply = {**review_reply(self, announce=False), "store": dict(store or {})}
        else:
            reply, shown = self._drawn(store, saved, moved)
            self.narration.heard(shown)
            table.notice = ""  # a notice is shown once
            table.flash = None  # and so is a celebration
        if table.guest:
            reply["joined"] = True
            if table.outbox:
                reply["send"] = {"host": table.outbox}
                table.outbox = []
        else:
            extras, told = self.relay.news(table)
            reply["store"].update(extras.pop("store", {}))
            reply.update(extras)
            self.relay.told(told)
        return reply

    def draw(self, store: Optional[dict] = None, saved: bool = False,
             moved: bool = False) -> dict:
        """The table's screen now, as ``reply`` shows it, changing nothing: drawn twice, it is
        the same."""
        return self._drawn(store, saved, moved)[0]

    def _drawn(self, store, saved: bool, moved: bool) -> tuple:
        """(reply, heard): ``draw``'s reply and what ``Narration.heard`` then records."""
        from .screens.motion import motion_of
        from .screens import game

        table = self.table()
        store = {**(store or {}), **(self._saved(table) if saved else {})}
        screen = table.screen()
        reply = {"screen": screen.kind, "html": game.render_screen(screen),
                 "bot": table.bot_to_act(), "store": store, "pace": self.pace,
                 "slot": self.slot}
        narration, prompt, heard = self.narration.news(table, screen)
        reply.update(narration)
        reply.update(cues(table.state.events if moved else (), table.names, prompt, self.lang))
        if saved:
            eyes = screen.view.seat if screen.view else None
            reply["motion"] = motion_of(table.state.events, eyes, table.rules)
        if table.flash is not None:
            # Over a score sheet a TWEAK! burst would hide the numbers: a toast says it instead.
            big = table.flash.tweak and screen.kind not in ("scores", "over")
            reply["flash"] = game.render_flash(table.flash, table.names, big=big)
            reply["flash_big"] = big
        return reply, heard

    def _saved(self, table) -> dict:
        """What to store of the table's game after its record changed: the device's daily deal
        in its own slot; a game in progress as the save; a finished one as the last game (it
        has nothing to resume).  Nothing on a guest's device: the host's device keeps it."""
        if self.slot is None:
            return {}
        if self.slot == DAILY_KEY:
            store = {DAILY_KEY: dumps_status(self.daily.status_of(table))}
            if table.state.is_over:
                store[LAST_KEY] = table.save_text()
            return store
        if table.state.is_over:
            return {SAVE_KEY: None, LAST_KEY: table.save_text()}
        return {SAVE_KEY: table.save_text()}


def parse_saves(text: str) -> dict:
    """The ``saves`` argument: a JSON object of stored texts (None where a key is empty)."""
    data = json.loads(text or "{}")
    if not isinstance(data, dict):
        return {}
    return {key: value for key, value in data.items() if key in STORED_KEYS
            and isinstance(value, str) and value}
