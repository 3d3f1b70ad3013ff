"""The page's main thread, in MicroPython: the DOM, timers and the pace of computer moves.

Its data are one ``Page`` made by ``main()`` (what is shown, the replies asked for and drawn,
the pacing of computer moves) and copies of the protocol's names (ui/worker/protocol.py, which
MicroPython cannot import; tests/ui/test_protocol.py compares them).  It sends clicks to the
Pyodide worker and draws its replies, with motion.js and sound.js, and keeps what the worker
asks to keep with storage.py; it holds no rules (docs/architecture.md).  Its messages,
``_("English")``, are translated from locale/start.js.
"""

import asyncio
import json

import js
from pyscript import document, window, workers
from pyscript.ffi import create_proxy
from storage import (LANG_KEY, OWNER_KEY, PACE_KEY, PLAYING_KEY, SAVE_KEYS, saves_text, stats_text,
                     store, stored)

# Seconds from a computer's turn to its move on screen (only this thread keeps time); the ms a
# card travels (motion.js), and how long a computer's capture shows its cards before they go.
PACES = {"normal": 1.0, "fast": 0.4, "instant": 0.0}
MOTION = {"normal": 380, "fast": 220, "instant": 0}
HOLD = {"normal": 450, "fast": 200, "instant": 0}


def element(id_):
    return document.getElementById(id_)


def _(message):
    """``message`` in the page's language (``window.tweakI18n``, lang.js: the catalogues'
    ``MAIN_THREAD`` messages, tools/catalogues.py); placeholders are filled after."""
    return str(window.tweakI18n._(message))


def html_text(text):
    """``text`` safe inside HTML (a message, or a translation of one)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def notify(page, text):
    """A sentence for the player where they are looking: the start's or the table's notice."""
    html = ('<div class="notice" role="alert"><span></span><button type="button" '
            'class="btn small" data-ui="dismiss" aria-label="' + html_text(_("Dismiss")) + '">'
            + html_text(_("OK")) + '</button></div>')
    target = element("start-notice") if page.screen == "start" else element("fx-toast")
    target.innerHTML = html
    target.querySelector(".notice span").textContent = text


def away_html():
    """The screen of a tab whose game another tab has taken, in the page's language."""
    return (
        '<div class="screen sheet-screen" data-screen="away"><div class="sheet">'
        '<h1>' + html_text(_("This game is open in another tab")) + '</h1>'
        '<p class="next-info">'
        + html_text(_("Only one tab plays a saved game at a time, so that no move is lost. "
                      "Play here to take it over (the other tab stops), or go back to the "
                      "menu."))
        + '</p><div class="sheet-actions">'
        '<button type="button" class="btn primary big" data-ui="take-over" id="take-over">'
        + html_text(_("Play here")) + '</button>'
        '<button type="button" class="btn big" data-ui="quit">' + html_text(_("Menu"))
        + '</button></div></div></div>'
    )


def show_language(reply):
    """The worker speaks ``reply["lang"]``: the page's static texts and ``<html lang>`` follow,
    and the seat selects get their options (``reply["levels"]``) in it."""
    window.tweakI18n.apply(reply["lang"])
    document.documentElement.lang = reply["lang"]
    for select in document.querySelectorAll("select.kind"):
        value = select.value
        select.innerHTML = reply["levels"]["human" if value == "human" else "bot"]
        if value != "human" and value != "bot":
            select.value = value  # the level chosen stays chosen


def announce(sentences):
    """Every move of every seat, each turn's prompt: into the polite live region, one
    paragraph each (screen readers read additions in order)."""
    region = element("announcer")
    for text in sentences:
        line = document.createElement("p")
        line.textContent = text
        region.append(line)
    while region.children.length > 40:  # what was read stays read; keep the region small
        region.firstElementChild.remove()


def form_fields():
    """The start form's fields, a ``deal`` argument: JSON {field: value}."""
    return js.JSON.stringify(js.Object.fromEntries(js.FormData.new(element("setup"))))


async def share_result(button):
    """Share a daily deal's result: the text and the link that deals the same deal
    (``data-share``, ``data-fragment``, ui/worker/screens/start.py ``share_button``).  The
    system share sheet where there is one; else the clipboard; else the text is shown to copy
    by hand.  What happened is said in the button's status line."""
    text = button.getAttribute("data-share")
    url = window.location.origin + window.location.pathname + "#" + \
        button.getAttribute("data-fragment")
    status = button.parentElement.querySelector(".share-status")

    def tell(words):  # (not say(): the catalogues' keyword)
        if status:
            status.textContent = words

    navigator = window.navigator
    if js.Reflect.has(navigator, "share"):
        data = js.JSON.parse(json.dumps({"title": _("TWEAK! daily deal"), "text": text,
                                         "url": url}))
        try:
            await navigator.share(data)
            tell(_("Shared."))
            return
        except Exception as error:
            if "AbortError" in str(error):
                return  # the person closed the share sheet: nothing to say
    try:
        await navigator.clipboard.writeText(text + "\n" + url)
        tell(_("Copied — paste it to a friend."))
    except Exception:
        tell(_("Copy this: {text} {url}").format(text=text, url=url))


def on_key(event):
    """A key names a control: the visible one whose ``data-key`` (ui/worker/screens/parts.py) is
    the key pressed is clicked, so the keys a screen offers are decided where it is drawn.
    Typing in the start form, and keys with Ctrl/Alt/Meta, are the browser's; a key already
    handled (Escape closing the Sound panel, ui/main_thread/sound.js) is nobody else's."""
    if event.defaultPrevented or event.ctrlKey or event.altKey or event.metaKey:
        return
    tag = event.target.tagName if event.target else ""
    if tag in ("INPUT", "SELECT", "TEXTAREA"):
        return
    key = event.key if len(event.key) > 1 else event.key.lower()
    if key == "Escape":
        element("fx-burst").innerHTML = ""
    for target in document.querySelectorAll("#app [data-key]"):
        if target.getAttribute("data-key") == key and not target.disabled and \
                target.offsetParent:
            event.preventDefault()  # Enter on a focused card must not also click the card
            target.click()
            return


class Page:
    """The main thread's state, and what it does with clicks and replies."""

    def __init__(self, engine):
        self.engine = engine  # the worker's exported functions, one per verb
        self.screen = "start"  # what #game shows: "start", "away" or a game screen's kind
        self.bot = False  # a computer is to move now
        self.rules_open = False  # the rules or the statistics cover the screen
        self.slot = SAVE_KEYS[0]  # where the game on screen is saved (the worker's reply says)
        self.pace = "normal"
        self.generation = 0  # counts games shown: a pacing loop of an earlier game stops
        self.pacing = -1  # the generation whose pacing loop runs, if any
        self.sent = 0  # replies are numbered as asked for, so a late one never covers a newer one
        self.drawn = 0
        self.waiting = 0  # calls to the worker not yet answered
        self.drawing = asyncio.Lock()  # one screen change at a time
        self.tab = str(js.Math.random())[2:]  # this tab's name in OWNER_KEY

    # ---- talking to the worker ---------------------------------------------------------------

    async def ask(self, name, *args, top=False):
        """Call the worker's verb ``name`` with ``args`` (texts) and do what its reply says
        (it is drawn unless a newer reply was); ``top``: then show the page from its top."""
        self.sent += 1
        number = self.sent
        reply = await self.call(name, *args)
        await self.apply(reply, number)
        if top:
            window.scrollTo(0, 0)

    async def call(self, name, *args, drawn=True):
        """The reply (a dict) of the worker's verb ``name`` to ``args``.  Its ``store`` is
        written at once, always and in order: storage follows the worker's game.  ``drawn``:
        the caller draws the reply (``apply``), and #app stays busy until it is drawn."""
        self.waiting += 1
        self.mark_busy()
        answered = False
        try:
            reply = json.loads(await getattr(self.engine, name)(*args))
            answered = True  # (an unreadable answer is drawn by no one: busy no more)
        finally:
            self.waiting -= 1
            if not (answered and drawn):
                self.mark_busy()
        # Other devices hear a move first, not after its saving or its motion here
        # (ui/main_thread/peers.js).
        for source, texts in (reply.get("send") or {}).items():
            for line in texts:
                window.tweakPeers.send(source, line)
        # A device turned away (or this one, on a guest): closed once those have left.
        for source, why in (reply.get("part") or {}).items():
            window.tweakPeers.part(source, why)
        if self.screen != "away":  # a tab that gave the game up writes nothing more
            for key, value in (reply.get("store") or {}).items():
                store(key, value)
        if "peers" in reply:
            window.tweakPeers.host(reply["peers"])
        return reply

    def on_peer(self, source, event, text):
        """An event of another device's channel (peers.js): the worker reads it, untrusted."""
        asyncio.create_task(self.ask("peer", str(source), str(event), str(text or ""),
                                     stats_text()))

    def mark_busy(self):
        """``#app[aria-busy]`` while the screen is about to change: the worker has not answered
        yet, or a computer's move is on its way.  Assistive technology waits for the change to
        end; so do the browser tests."""
        if self.waiting > 0 or (self.bot and not self.rules_open and self.screen != "start"):
            element("app").setAttribute("aria-busy", "true")
        else:
            element("app").removeAttribute("aria-busy")

    async def apply(self, reply, number, hold=0):
        """Draw reply number ``number`` (one at a time: a card's motion must not interleave
        with the next screen), unless a newer one was drawn already."""
        await self.drawing.acquire()
        try:
            await self.draw(reply, number, hold)
        finally:
            self.drawing.release()
            self.mark_busy()

    async def draw(self, reply, number, hold):
        if number < self.drawn:
            return
        self.drawn = number
        if "error" in reply:
            notify(self, reply["error"])
            return
        if "pace" in reply:
            self.pace = reply["pace"]
        if "sound" in reply:  # in #sound, outside #game: a computer's move never redraws it
            window.tweakSound.install(reply["sound"])
        if "lang" in reply:
            show_language(reply)
        screen = reply.get("screen")
        if screen == "start":
            self.show_start(reply)
        elif screen in ("rules", "stats"):
            self.show_rules(reply["html"])
        elif screen and screen not in ("join", "reply"):  # those two are join.js's screens
            await self.show_game(reply, hold)

    # ---- screens -----------------------------------------------------------------------------

    async def change_language(self, lang):
        """A language picked (ui/main_thread/boot.js has stored it and changed the static
        texts): the worker draws again what is shown, in it."""
        showing = "rules" if self.rules_open and element("overlay").querySelector(
            "[data-screen=rules]") else self.screen
        await self.ask("language", lang, saves_text(), showing)

    def show_start(self, reply):
        if self.screen != "start":
            self.generation += 1
        self.screen = "start"
        self.bot = False
        store(PLAYING_KEY, None, "sessionStorage")
        element("game").hidden = True
        element("game").innerHTML = ""
        element("start-screen").hidden = False
        element("saves").innerHTML = reply.get("saves", "")
        element("daily").innerHTML = reply.get("daily", "")
        element("start-notice").innerHTML = reply.get("notice", "")

    def show_rules(self, html):
        """The rules or the statistics, over the screen (which waits for the reader)."""
        overlay = element("overlay")
        overlay.innerHTML = html
        window.tweakI18n.apply(window.tweakI18n.lang)  # the page's language select
        overlay.hidden = False
        self.rules_open = True
        window.tweakSound.togglePanel(False)
        element("sound").hidden = True  # the overlay's own header holds that corner
        element("start-screen").hidden = True
        element("game").hidden = True
        window.scrollTo(0, 0)

    async def show_game(self, reply, hold=0):
        joined = reply.get("joined")  # another device's game: this tab saves and owns nothing
        self.slot = self.slot if joined else reply.get("slot") or self.slot
        if self.screen in ("start", "away"):  # a game begins (or comes back) in this tab
            self.generation += 1
            window.tweakPeers.joined() if joined else self.claim()
        self.screen = reply["screen"]
        self.bot = reply.get("bot", False)
        announce(reply.get("announce") or [])
        # The sounds, and the words the player's settings let sound.js say.
        window.tweakSound.cue(json.dumps({"sounds": reply.get("sounds") or [],
                                          "speech": reply.get("speech") or []}))
        if self.rules_open:
            return  # drawn when the rules close (the table waits for a reader)
        element("start-screen").hidden = True
        game = element("game")
        game.hidden = False
        animate = MOTION.get(self.pace, 0) > 0 and not game.hidden
        # Idle (nothing pending): #app stops being busy as the screen goes in, cards landing.
        idle = self.waiting == 0 and not (self.bot and self.screen != "start")
        options = {"animate": animate, "hold": hold if animate else 0,
                   "duration": MOTION.get(self.pace, 0), "idle": idle}
        await window.tweakMotion.swap(game, reply["html"], reply.get("motion"),
                                      js.JSON.parse(json.dumps(options)))
        window.tweakPeers.fill(game)  # the invitations, into the screen's [data-invite] slots
        window.tweakPeers.wake("send" in reply or bool(reply.get("joined")))
        lost = not document.activeElement or document.activeElement == document.body
        if reply.get("focus") and (reply.get("turn") or lost):
            target = document.querySelector(reply["focus"])
            if target:
                target.focus()
        self.show_flash(reply)
        self.kick()

    def show_flash(self, reply):
        """A capture's called-out sum as a toast; a TWEAK! as the big burst, but only over the
        table with no chooser open, or a hot-seat pass screen (it must never hide a score
        sheet, the standings or a choice: there it is a toast too).  A click dismisses it."""
        open_to_it = self.screen in ("table", "pass") and \
            not document.querySelector("#game .flowbar")
        if not open_to_it:
            element("fx-burst").innerHTML = ""
        if not reply.get("flash"):
            return
        big = reply.get("flash_big") and open_to_it
        element("fx-burst" if big else "fx-toast").innerHTML = reply["flash"]

    # ---- one tab owns the saved game ---------------------------------------------------------

    def claim(self):
        """This tab plays the saved game now: every other tab hears it (a ``storage`` event)
        and stops writing it.  The value changes at each claim, or a second claim is not heard."""
        store(OWNER_KEY, self.tab + " " + str(js.Date.now()))
        store(PLAYING_KEY, self.slot, "sessionStorage")

    def on_storage(self, event):
        if event.key != OWNER_KEY or self.screen in ("start", "away"):
            return
        if (event.newValue or "").split(" ")[0] == self.tab:
            return
        # Another tab took the game: stop here rather than overwrite each other's moves.
        self.generation += 1
        self.screen = "away"
        self.bot = False
        store(PLAYING_KEY, None, "sessionStorage")
        element("fx-burst").innerHTML = ""
        element("fx-toast").innerHTML = ""
        element("game").innerHTML = away_html()
        element("game").hidden = False
        element("start-screen").hidden = True
        self.mark_busy()
        button = element("take-over")
        if button:
            button.focus()

    # ---- computer moves ----------------------------------------------------------------------

    async def run_bots(self, generation):
        """Computer moves at the pace chosen: each is asked for at once (it thinks in the
        worker) and shown when the pace's delay is over.  Stops when a person must act, a
        screen waits, or another game is shown."""
        try:
            while self.generation == generation and self.bot and not self.rules_open:
                started = js.performance.now()
                self.sent += 1
                number = self.sent
                reply = await self.call("bot_move", stats_text())
                wait = PACES.get(self.pace, 1.0) - (js.performance.now() - started) / 1000
                if wait > 0:
                    await asyncio.sleep(wait)
                if self.generation != generation:
                    return
                await self.apply(reply, number, HOLD.get(self.pace, 0))
        except Exception as error:  # a bug must not freeze the table silently
            notify(self, _("Something went wrong with a computer move: {error}").format(
                error=error))
        finally:
            if self.pacing == generation:
                self.pacing = -1

    def kick(self):
        """Start pacing computer moves if one must move and no loop runs for this game."""
        if self.bot and not self.rules_open and self.pacing != self.generation:
            self.pacing = self.generation
            asyncio.create_task(self.run_bots(self.generation))

    # ---- the player's clicks -----------------------------------------------------------------

    async def on_click(self, event):
        if document.documentElement.getAttribute("data-python") != "ready" and \
                event.target.closest("#start-screen"):
            return  # boot.js keeps the start screen's clicks until ready (main hands it over)
        element("fx-burst").innerHTML = ""  # a click dismisses the TWEAK! burst
        target = event.target.closest("[data-action],[data-ui]")
        if not target or target.matches(":disabled"):  # (a summary has no .disabled)
            return
        event.preventDefault()
        if window.tweakMotion.hurry():  # a computer's move was still being shown: it ends now
            target = await window.tweakMotion.twin(target)
            if not target:  # a card just captured
                notify(self, _("That card is gone: choose again."))
                return
        kind = "data-action" if target.getAttribute("data-action") else "data-ui"
        try:
            await self.handle(kind, target.getAttribute(kind), target)
        except Exception as error:  # shown as a sentence; never a dead page
            js.console.error("TWEAK!: " + str(error))
            notify(self, _("Something went wrong: {error}").format(error=error))

    async def on_change(self, event):
        """A language picked: the worker draws the screen again in it.  A file chosen to import
        statistics: its text goes to the worker, which checks it."""
        target = event.target
        if target.matches("select[data-languages]"):
            await self.change_language(target.value)
        elif target.id == "stats-file" and target.files.length:
            try:
                text = await target.files.item(0).text()
                await self.ask("import_stats", text, stats_text())
            except Exception as error:
                notify(self, _("The file could not be read: {error}").format(error=error))

    async def handle(self, kind, value, target=None):
        """Carry out a click on ``target``: ``kind`` "data-action" (``value`` is a move, for
        the worker's ``act``) or "data-ui" (``value`` is a command, ``name`` or
        ``name:argument``: the page's own in ``COMMANDS``, any other the worker's)."""
        if kind == "data-action":
            await self.ask("act", value, stats_text())
            return
        name, _colon, arg = value.partition(":")
        if name in COMMANDS:
            await COMMANDS[name](self, arg, target)
            return
        # The worker's; the page remembers the pace chosen, and shows a review's new
        # screens from their top with no toast of the game's last move over them.
        if name == "pace" and arg in PACES:
            store(PACE_KEY, arg)
        if name == "review":
            element("fx-toast").innerHTML = ""
        await self.ask("command", value, top=name == "review" and (
            arg in ("", "close") or arg.startswith("sheet:")))

    # ---- the page's commands of more than one step (``COMMANDS``) --------------------------

    async def close_rules(self, arg, target):
        self.rules_open = False
        overlay = element("overlay")
        overlay.hidden = True
        overlay.innerHTML = ""
        element("sound").hidden = False
        if self.screen == "start":
            element("start-screen").hidden = False
            return
        element("game").hidden = False
        self.kick()
        await self.ask("screen")

    async def quit(self, arg, target):  # "quit" and "new-game"
        store(PLAYING_KEY, None, "sessionStorage")  # from this click on, a reload shows the menu
        # The computers stop at this click, not when the menu is drawn: a screen still coming
        # in (a first table, a move's motion) would otherwise ask the worker for their next
        # move after it has left the game.
        self.generation += 1
        self.bot = False
        await self.ask("start", saves_text(), top=True)

    async def copy_link(self, arg, target):
        reply = await self.call("link", drawn=False)
        if "fragment" not in reply:
            notify(self, reply.get("error") or _("There is no game to link to."))
            return
        url = window.location.origin + window.location.pathname + "#" + reply["fragment"]
        try:
            await window.navigator.clipboard.writeText(url)
            notify(self, _("A link to this game is on your clipboard."))
        except Exception:
            notify(self, _("Copy this link to share the game: {url}").format(url=url))

    async def stats(self, arg, target):
        element("fx-toast").innerHTML = ""  # a last game's toast must not cover the numbers
        await self.ask("statistics", stats_text(), "", top=True)

    async def stats_export(self, arg, target):
        """The statistics saved as a file: a Blob behind an ``<a download>`` clicked once."""
        what = (await self.call("export_stats", stats_text(), drawn=False)).get("download")
        if not what:
            notify(self, _("There is nothing to export."))
            return
        blob = js.Blob.new(js.Array.of(what["text"]),
                           js.JSON.parse('{"type": "application/json"}'))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = what["name"]
        link.hidden = True
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)

    async def sound_menu(self, arg, target):
        window.tweakSound.togglePanel()

    async def sound_mute(self, arg, target):
        window.tweakSound.toggleMute()

    async def dismiss(self, arg, target):
        element("fx-toast").innerHTML = ""
        if self.screen == "start":
            element("start-notice").innerHTML = ""
        else:
            await self.ask("command", "dismiss")  # the worker's notice, at the table


# The page's own ``data-ui`` commands (ui/worker/protocol.py PAGE_COMMANDS): name -> a function
# of the page, what follows the command's ":" and the element clicked (None for the click
# ui/main_thread/boot.js kept: Deal, How to play or Resume), whose result is awaited.
COMMANDS = {
    "deal": lambda page, arg, target: page.ask("deal", form_fields(), saves_text()),
    "resume": lambda page, arg, target: page.ask("resume", arg, saves_text()),
    "review-last": lambda page, arg, target: page.ask("review_last", saves_text(), top=True),
    "daily": lambda page, arg, target: page.ask("daily", arg, saves_text(), top=True),
    "share-daily": lambda page, arg, target: share_result(target),
    "rules": lambda page, arg, target: page.ask("rules"),
    "close-rules": Page.close_rules,
    "take-over": lambda page, arg, target: page.ask("resume", page.slot, saves_text()),
    "quit": Page.quit,
    "new-game": Page.quit,
    "rematch": lambda page, arg, target: page.ask("rematch", saves_text()),
    "copy-link": Page.copy_link,
    "stats": Page.stats,
    "stats-reset": lambda page, arg, target: page.ask("statistics", stats_text(), "reset"),
    "stats-reset-confirm":
        lambda page, arg, target: page.ask("statistics", stats_text(), "reset-confirmed"),
    "stats-export": Page.stats_export,
    "sound-menu": Page.sound_menu,
    "sound-mute": Page.sound_mute,
    "dismiss": Page.dismiss,
}


# ---- start-up ----------------------------------------------------------------------------------


async def main():
    """Greet the worker (``hello``), draw its answer, listen, and carry out the click
    ui/main_thread/boot.js kept; if the worker cannot start, boot.js says so with a Retry."""
    if document.readyState != "complete":  # PyScript starts early: motion.js and sound.js
        done = asyncio.Event()  # are async (the body is there: pyscript_start.js waits for it)
        window.addEventListener("load", create_proxy(lambda event: done.set()))
        await done.wait()
    location = window.location
    try:
        page = Page(await workers["tweak"])
        pace = stored(PACE_KEY)
        page.pace = pace if pace in PACES else "normal"
        languages = json.dumps({"stored": stored(LANG_KEY),
                                "browser": list(window.navigator.languages or [])})
        reply = await page.call("hello", location.search, location.hash, saves_text(),
                                page.pace, stored(PLAYING_KEY, "sessionStorage") or "no",
                                languages)
        if "error" in reply:
            page.mark_busy()  # nothing will be drawn
            raise RuntimeError(reply["error"])
    except Exception as error:
        window.tweakBoot.fail(_("The game could not start: {error}").format(error=error))
        return
    if reply.get("screen") != "start":
        # The game is autosaved from now on: drop the link so a reload resumes the latest move.
        window.history.replaceState(None, "", location.pathname + location.search)
    # Listeners attached once; not pyscript's @when, whose selector imports and compiles
    # pyscript.web during the start.  The person's clicks and keys are heard from the first
    # screen on: a resumed table comes in over several frames after the Sound button shows,
    # and a tap meanwhile must not be lost.  (The window's listeners go before #app's: a
    # window.addEventListener made after it raised "Illegal invocation" in the pinned
    # MicroPython, and the game never became ready.)
    window.addEventListener("storage", create_proxy(page.on_storage))
    window.addEventListener("keydown", create_proxy(on_key))
    element("app").addEventListener("click", create_proxy(page.on_click))
    page.sent += 1
    await page.apply(reply, page.sent)
    window.tweakPeers.attach(create_proxy(page.on_peer))
    document.addEventListener("change", create_proxy(page.on_change))
    element("statistics").hidden = False  # the worker answers it from now on
    pending = window.tweakBoot.ready()  # the click made while loading, if any
    if pending == "rules":
        await page.handle("data-ui", "rules")
    elif pending and page.screen == "start":
        await page.handle("data-ui", pending)
