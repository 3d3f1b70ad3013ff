"""The worker's state and its answers to the page: ``Host`` has one method per verb of
``ui.worker.protocol.VERBS`` (``ui/worker/__main__.py`` exports them), each returning a reply,
a dict of ``REPLY_KEYS``.  Pure Python, tested under CPython.

A ``Host`` holds the address hooks, the game at the table (a ``ui.worker.session.Session``,
None on the start screen), the storage key it is saved under (``slot``), the start screen's
next notice, the pace and language in force and the open review.  Here are the dispatch and
the replies; the verbs of saved games, the daily deal, statistics and the review are mixins
beside their models (``ui.worker.saves``, ``daily``, ``stats``, ``review``).  The game's
modules are imported inside the verbs that need them: the first answer needs no engine.
docs/architecture.md tells the protocol and the path of one move.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timezone
from typing import Optional

from tweak import levels

from . import i18n
from .address import query_params
from .cues import LANG, cues, render_sound_controls
from .daily import DailyVerbs, dumps_status
from .guest import GuestVerbs
from .errors import SessionError
from .hooks import Hooks, parse_hooks
from .hosting import HostingVerbs
from .i18n import YOU, _, shown_name
from .protocol import DAILY_KEY, LAST_KEY, PACES, SAVE_KEY, STATS_KEY, STORED_KEYS
from .remote import message
from .review import ReviewVerbs
from .saves import SavedGames
from .screens.start import level_options, render_notice
from .stats import StatsVerbs

__all__ = ["Host", "parse_saves"]


def _utc_now():
    return datetime.now(timezone.utc)


def _daily_in_play(host, saves: dict) -> bool:
    status = host._read_daily(saves)[0]
    return status is not None and not status.done


# What the address opens: a link's fragment prefix -> the verb that opens what follows it.
LINKS = {
    "#g=": lambda host, rest, saves: host.open_link(rest, saves),
    "#daily=": lambda host, rest, saves: host.daily(rest, saves, link=True),
    # Play across devices: the main thread (ui/main_thread/peers.js) reads the invitation or
    # the reply and shows its screen; this tab plays another device's game, or none.
    "#join=": lambda host, rest, saves: host._guest_open(rest),
    "#reply=": lambda host, rest, saves: {"screen": "reply"},
}
# After a reload, the slot of the game the tab showed -> whether it still holds that game.
STILL_THERE = {
    SAVE_KEY: lambda host, saves: bool(saves.get(SAVE_KEY)),
    DAILY_KEY: _daily_in_play,
    LAST_KEY: lambda host, saves: bool(saves.get(LAST_KEY)),
}


class Host(SavedGames, DailyVerbs, StatsVerbs, ReviewVerbs, HostingVerbs, GuestVerbs):
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
        self.guest = None  # ui.worker.guest.Mirror: this tab plays another device's game
        self._told = {}  # remote seat -> what its device was last sent (ui.worker.hosting)
        self._invited = ""  # the last invitations asked of the main thread (``peers``)

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
        if playing is True or playing == "yes":  # "yes": tweak.save, as older pages kept it
            playing = SAVE_KEY
        return {**self._opening(fragment, saves, playing), **self._levels()}

    def _opening(self, fragment: str, saves: dict, playing: str) -> dict:
        """What ``hello`` opens: a link's game (``LINKS``); the game the tab showed before a
        reload while its slot still holds it (``STILL_THERE``), else, that game having ended
        since, the last game's results (with their review); else the start screen."""
        for prefix, opens in LINKS.items():
            if fragment.startswith(prefix):
                return opens(self, fragment[len(prefix):], saves)
        if playing in STILL_THERE:
            if STILL_THERE[playing](self, saves):
                return self.resume(playing, saves)
            if saves.get(LAST_KEY):
                return self.resume(LAST_KEY, saves)
        return self.start(saves)

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
        """The seat selects' options (``levels``), the language (``lang``) they are in, and
        the Sound controls (``sound``)."""
        return {"levels": {kind: level_options(levels.CHOICES, levels.DEFAULT_LEVEL, kind)
                           for kind in ("human", "bot")}, "lang": i18n.current(),
                "sound": render_sound_controls(i18n.current())}

    def start(self, saves: dict) -> dict:
        """Leave the table (the game stays saved) and show the start screen: the saved games
        (``_saves_listing``), a notice and the daily deal section.  What cannot be read is set
        aside (``store``) with a notice."""
        leaving = self.session.remote if self.session is not None and self.guest is None else {}
        self.session = None
        self.review = None
        self.guest = None
        self.slot = SAVE_KEY
        listing, store = self._saves_listing(saves)
        status, daily_store, daily_notice = self._read_daily(saves)
        store.update(daily_store)
        self.notice = " ".join(filter(None, (self.notice, daily_notice)))
        notice, self.notice = self.notice, ""
        reply = {"screen": "start", "saves": listing, "notice": render_notice(notice),
                 "daily": self._daily_section(status, saves.get(STATS_KEY)), "store": store}
        self._invited = ""
        reply["peers"] = '{"seats": []}'  # no table open to other devices now
        reply["send"] = {str(seat): [message("bye", why="ended")]
                         for seat, there in leaving.items() if there.here}
        return reply

    # -- playing ------------------------------------------------------------------------

    def act(self, action: str, stats: Optional[str] = None) -> dict:
        """A move in notation (a clicked ``data-action``) by the person to act; ``stats``, the
        stored statistics (counted into if the move ends the game)."""
        if self.guest is not None:
            return self._guest_play(lambda mirror: mirror.act(action))
        return self._play(lambda session: session.act(action), stats)

    def command(self, text: str) -> dict:
        """A UI command (a clicked ``data-ui``) that is not a move: selection, choosers, pass
        screens, next round, pace."""
        name, _sep, arg = text.partition(":")
        if name == "pace" and arg in PACES:
            self.pace = arg
        if name == "review":
            return self._review(arg)
        if self.guest is not None:
            return self._guest_play(lambda mirror: mirror.command(text))
        session = self._session()
        if self.review is not None:  # e.g. a notice's OK: the review stays open
            return self._review_reply(announce=False)
        reply = self._play(lambda session: session.command(text))
        if name == "take-back":  # the log was told anew: nothing in it is news
            self._announced = session.log[-1].serial if session.log else 0
        return reply

    def bot_move(self, stats: Optional[str] = None) -> dict:
        """The computer seat to act thinks (here, in the worker) and moves; when no computer is
        to move the reply just shows the screen.  ``stats`` as for ``act``."""
        if self.guest is not None:
            return {}  # the host's device plays its computers
        return self._play(lambda session: session.step_bots(limit=1), stats)

    def screen(self) -> dict:
        """The current screen again (e.g. after the rules page)."""
        if self.guest is not None:
            return self._guest_play(lambda mirror: None)
        if self.review is not None and self.session is not None:
            return self._review_reply(announce=False)
        return self._reply()

    def rules(self) -> dict:
        """The "How to play" page, showing the current game's rule set if one is open."""
        from tweak import EDITIONS

        from .screens import rules

        current = self.session.record.rules if self.session else None
        return {"screen": "rules", "html": rules.render_rules(EDITIONS, current)}

    def link(self) -> dict:
        """The current game's link fragment (``g=...``), for "Copy link"."""
        if self.guest is not None:  # the record, and so every hand, is the host's
            raise SessionError(_("Only the host's device can share this game."))
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
        from .motion import motion_of
        from .screens import game

        session = self._session()
        store = dict(store or {})
        if self.slot is None:  # a guest's device: the game is saved on the host's
            pass
        elif saved and self.slot == DAILY_KEY:  # the device's daily deal: its own slot
            store[DAILY_KEY] = dumps_status(self._daily_status(session))
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
            reply["motion"] = motion_of(session.state.events, eyes, session.rules)
        flash = session.take_flash()
        if flash is not None:
            # Over a score sheet a TWEAK! burst would hide the numbers: a toast says it instead.
            big = flash.tweak and screen.kind not in ("scores", "over")
            reply["flash"] = game.render_flash(flash, session.names, big=big)
            reply["flash_big"] = big
        if self.guest is None:
            self._hosting(session, reply)
        return reply

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


def parse_saves(text: str) -> dict:
    """The ``saves`` argument: a JSON object of stored texts (None where a key is empty)."""
    data = json.loads(text or "{}")
    if not isinstance(data, dict):
        return {}
    return {key: value for key, value in data.items() if key in STORED_KEYS
            and isinstance(value, str) and value}
