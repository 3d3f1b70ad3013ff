"""The page's main thread, in MicroPython: draws, stores, times.  The game is in the worker.

``ui/main_thread/main.py`` (index.html's ``<script type="mpy">``) imports this module and awaits
``main()``.  It starts in a fraction of a second while the Pyodide worker (``ui/worker/__main__.py``)
boots, then:

* forwards every click on an element with ``data-action`` (a move in notation) or ``data-ui``
  (a UI command) to the worker, and swaps in the HTML the worker returns (``ui/worker/host.py``
  documents the replies);
* owns ``localStorage`` (the worker says what to store), the clipboard, the rules overlay and
  the pace of computer moves: when a reply says a computer is to move, it asks the worker for
  the move and shows it after the pace's delay (``PACES``), thinking time included;
* passes the stored statistics (``STATS_KEY``) with the calls that can end a game, shows the
  statistics screen over the game like the rules, saves their export as a file (a Blob and an
  ``<a download>``) and reads an imported file's text for the worker to check;
* plays the sounds and says the words a reply asks for (issue 12: ``ui/main_thread/sound.js``, the
  worker's ``ui/worker/cues.py`` decides them) as the player's settings allow, and owns those
  settings: the Sound panel's volume and mute (``SOUND_KEY``), "Speak sums" (``SPEECH_KEY``)
  and "Speak turn prompts" (``PROMPTS_KEY``), remembered in ``localStorage``;
* shares a daily deal's result (the "Share result" button's ``data-share`` text and
  ``data-fragment`` link): the system share sheet where the browser has one, else the
  clipboard, and says which beside the button;
* holds no rules: it never reads a card or a move;
* speaks the worker's language: ``hello`` passes the language the player chose
  (``LANG_KEY``, stored by ui/main_thread/lang.js when it is picked) and the browser's; a reply's ``lang``
  sets ``<html lang>`` and the static start screen's texts (``window.tweakI18n.apply``), and a
  language picked on the start screen or the rules page has the worker draw that screen again.
  Its own messages (notices, the other tab's screen) are written ``_("English")`` and
  translated by ``window.tweakI18n`` (ui/main_thread/lang.js): MicroPython has no ``gettext``, and
  catalogues.py puts this module's messages into locale/start.js with the start screen's.

Before the worker is ready, ``ui/main_thread/boot.js`` (plain JavaScript) answers clicks at once and
remembers the first one (``window.tweakPending``); this module replays it when the worker is
ready, then marks ``<html data-python="ready">``.
"""

import asyncio
import json

import js
from pyscript import document, window, workers
from pyscript.ffi import create_proxy

SAVE_KEYS = ("tweak.save", "tweak.save.previous")
DAILY_KEY = "tweak.daily"  # the daily deal of this device (ui/worker/daily.py); the worker decides
PACE_KEY = "tweak.pace"
STATS_KEY = "tweak.stats"  # the player's statistics (ui/worker/stats.py); the worker counts
LAST_KEY = "tweak.last"  # the last game played to its end: its results and review stay at hand
LANG_KEY = "tweak.lang"  # the language the player picked (ui/main_thread/lang.js writes it when picked)
OWNER_KEY = "tweak.owner"  # which tab plays the saved game (localStorage: every tab sees it)
# The key of the game this tab shows (sessionStorage: a reload resumes it).
PLAYING_KEY = "tweak.playing"
TAB = str(js.Math.random())[2:]  # this tab's name in OWNER_KEY
# Seconds from a computer's turn to its move on screen (thinking included).  Their names are
# ui.worker.screens.start.PACES's; only the main thread keeps time.
PACES = {"normal": 1.0, "fast": 0.4, "instant": 0.0}
# Milliseconds a card takes to travel at each pace (ui/main_thread/motion.js); at instant, none.  And how
# long a computer's capture shows its cards gathered before they go.
MOTION = {"normal": 380, "fast": 220, "instant": 0}
HOLD = {"normal": 450, "fast": 200, "instant": 0}
# Sound and speech settings (issue 12).  ``SOUND_KEY``: JSON {"volume": 0..1, "muted": bool};
# sound is on at a moderate volume on a first visit (short, soft accents; nothing can play
# before the player's first tap anyway, and Mute is one click away).  Speech is off until the
# player turns it on: a page that starts talking unasked is startling.
SOUND_KEY = "tweak.sound"
SPEECH_KEY = "tweak.speech"  # "on" or "off": say each capture's called-out sum
PROMPTS_KEY = "tweak.speech.turn"  # "on" or "off": say a person's turn prompt
DEFAULT_VOLUME = 0.5


class Page:
    engine = None  # the worker's exported functions
    ready = False
    screen = "start"  # what #game shows: "start" or a game screen's kind
    bot = False  # a computer is to move now
    rules_open = False
    slot = "tweak.save"  # where the game on screen is saved (the worker's reply says)
    pace = "normal"
    generation = 0  # counts games shown: a pacing loop of an earlier game stops
    pacing = -1  # the generation whose pacing loop runs, if any
    sent = 0  # replies are numbered as asked for, so a late one never covers a newer one
    drawn = 0
    waiting = 0  # calls to the worker not yet answered
    drawing = asyncio.Lock()  # one screen change at a time


page = Page()


class Settings:
    """The player's sound and speech settings, as stored (``read_settings``)."""

    volume = DEFAULT_VOLUME
    muted = False
    sums = False  # "Speak sums"
    prompts = False  # "Speak turn prompts"


settings = Settings()


def element(id_):
    return document.getElementById(id_)


def _(message):
    """``message`` in the page's language (``window.tweakI18n``, ui/main_thread/lang.js; Babel extracts
    these calls into the catalogues, and catalogues.py's ``MAIN_THREAD`` ships their
    translations in locale/start.js).  Placeholders are filled after: ``.format(name=...)``."""
    return str(window.tweakI18n._(message))


def html_text(text):
    """``text`` safe inside HTML (a message, or a translation of one)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def now():
    return js.performance.now() / 1000


# ---- storage -------------------------------------------------------------------------------


def _read(area, key):
    """A value from ``window.<area>`` ("localStorage" or "sessionStorage"), or None."""
    try:
        return getattr(window, area).getItem(key) or None
    except Exception:  # no storage here (a sandboxed frame, a privacy setting)
        return None


def _write(area, key, value):
    """Set (None: remove) a value in ``window.<area>``; False if the browser refused."""
    try:
        store = getattr(window, area)
        if value is None:
            store.removeItem(key)
        else:
            store.setItem(key, value)
        return True
    except Exception:  # private mode or a full store
        return False


def storage_get(key):
    """``localStorage``: every tab of this site sees it, and it outlives the tab."""
    return _read("localStorage", key)


def storage_set(key, value):
    if not _write("localStorage", key, value):
        js.console.warn("TWEAK!: the game could not be saved in this browser")


def session_get(key):
    """``sessionStorage``: this tab only, kept across a reload."""
    return _read("sessionStorage", key)


def session_set(key, value):
    _write("sessionStorage", key, value)


def saves_text():
    """The stored texts the worker reads to start or resume a game: the saves, the daily
    deal's status, the statistics (for the start screen's daily streak) and the last finished
    game (its results after a reload, "Review last game")."""
    return json.dumps({key: storage_get(key)
                       for key in SAVE_KEYS + (DAILY_KEY, STATS_KEY, LAST_KEY)})


def stats_text():
    return storage_get(STATS_KEY) or ""


# ---- sound and speech (issue 12) -----------------------------------------------------------


def read_settings():
    """The stored settings; anything unreadable is the default (nothing to set aside: a
    setting is one click to make again)."""
    try:
        stored = json.loads(storage_get(SOUND_KEY) or "{}")
        volume = float(stored.get("volume", DEFAULT_VOLUME))
        settings.volume = min(1.0, max(0.0, volume)) if volume == volume else DEFAULT_VOLUME
        settings.muted = stored.get("muted") is True
    except Exception:
        settings.volume, settings.muted = DEFAULT_VOLUME, False
    settings.sums = storage_get(SPEECH_KEY) == "on"
    settings.prompts = storage_get(PROMPTS_KEY) == "on"
    window.tweakSound.restore(settings.volume, settings.muted)


def store_sound():
    storage_set(SOUND_KEY, json.dumps({"volume": settings.volume, "muted": settings.muted}))


def install_sound_controls(html):
    """The Sound button and panel the worker rendered (``ui/worker/cues.py``), set to the stored
    settings.  It lives in ``#sound``, outside ``#game``: a computer's move never redraws it."""
    element("sound").innerHTML = html
    sync_sound_controls()


def sync_sound_controls():
    """Show the settings in force on the controls (and which of them this browser lacks)."""
    menu = document.querySelector("#sound .sound-menu")
    if not menu:
        return
    percent = int(settings.volume * 100 + 0.5)
    slider = element("sound-volume")
    slider.value = str(percent)
    slider.setAttribute("aria-valuetext", str(percent) + "%")
    element("sound-level").textContent = str(percent) + "%"
    menu.classList.toggle("silent", settings.muted or percent == 0)  # the button's words
    can_play = bool(window.tweakSound.supported)
    slider.disabled = not can_play
    element("sound-mute").disabled = not can_play
    element("sound-missing").hidden = can_play
    can_speak = bool(window.tweakSpeech.supported)
    for id_, on in (("speak-sums", settings.sums), ("speak-turns", settings.prompts)):
        switch = element(id_)
        switch.checked = on and can_speak
        switch.disabled = not can_speak
    element("speech-missing").hidden = can_speak


def toggle_sound_panel(open_=None):
    """Open or close the Sound panel (``open_`` None: the other way round)."""
    panel = element("sound-panel")
    if not panel:
        return
    if open_ is None:
        open_ = panel.hidden
    panel.hidden = not open_
    element("sound-toggle").setAttribute("aria-expanded", "true" if open_ else "false")
    if open_:
        element("sound-volume").focus()


def sound_panel_open():
    panel = element("sound-panel")
    return bool(panel) and not panel.hidden


def toggle_mute():
    """"Mute" silences the game; "Sound on" (shown while it is silent: muted, or the volume
    at 0) brings sound back, at the default volume if the slider was at 0."""
    if settings.muted or settings.volume == 0:
        settings.muted = False
        if settings.volume == 0:
            settings.volume = DEFAULT_VOLUME
    else:
        settings.muted = True
    window.tweakSound.setVolume(settings.volume)
    window.tweakSound.setMuted(settings.muted)
    store_sound()
    sync_sound_controls()
    window.tweakSound.play("capture")  # what "on" sounds like (nothing when muted)


def on_sound_input(event):
    """The volume slider moves: the new level at once, remembered; moving it unmutes."""
    target = event.target
    if not target or target.id != "sound-volume":
        return
    settings.volume = min(100, max(0, int(target.value))) / 100
    settings.muted = False
    window.tweakSound.setVolume(settings.volume)
    window.tweakSound.setMuted(False)
    store_sound()
    sync_sound_controls()


def on_sound_change(target):
    """A Sound panel control changed (True if it was one): the slider let go plays a sample of
    the level chosen; a speech switch turned on says a sample of what it will say, in the
    panel's language (which also lets a phone's browser speak later without a tap)."""
    if target.id == "sound-volume":
        window.tweakSound.play("capture")
        return True
    if target.id not in ("speak-sums", "speak-turns"):
        return False
    on = bool(target.checked)
    if target.id == "speak-sums":
        settings.sums = on
        storage_set(SPEECH_KEY, "on" if on else "off")
    else:
        settings.prompts = on
        storage_set(PROMPTS_KEY, "on" if on else "off")
    window.tweakSpeech.stop()
    if on:
        lang = document.querySelector("#sound .sound-menu").getAttribute("lang") or ""
        window.tweakSpeech.say(target.getAttribute("data-sample") or "", lang)
    return True


def cue(reply):
    """Play the reply's sounds and say its words, as the settings allow.  Words already
    waiting are dropped when newer ones come (what is being said is never cut): a sum from
    three moves ago is no news."""
    for name in reply.get("sounds") or []:
        window.tweakSound.play(name)
    wanted = {"sum": settings.sums, "prompt": settings.prompts}
    words = [item for item in reply.get("speech") or [] if wanted.get(item.get("kind"))]
    if words:
        window.tweakSpeech.drop()
        for item in words:
            window.tweakSpeech.say(item.get("text", ""), item.get("lang", ""))


# ---- talking to the worker -----------------------------------------------------------------


async def ask(name, *args):
    """Call the worker's ``name`` and do what its reply says (drawn unless a newer reply was)."""
    page.sent += 1
    number = page.sent
    reply = await call(name, *args)
    await apply(reply, number)
    return reply


async def call(name, *args):
    page.waiting += 1
    mark_busy()
    try:
        text = await getattr(page.engine, name)(*args)
    finally:
        page.waiting -= 1
        mark_busy()
    reply = json.loads(text)
    if page.screen != "away":  # a tab that gave the game up writes nothing more
        for key, value in (reply.get("store") or {}).items():
            storage_set(key, value)  # always, in order: storage follows the worker's game
    return reply


def mark_busy():
    """``#app[aria-busy]`` while the screen is about to change: the worker has not answered
    yet, or a computer's move is on its way.  Assistive technology waits for the change to end;
    so do the browser tests."""
    busy = page.waiting > 0 or (page.bot and not page.rules_open and page.screen != "start")
    if busy:
        element("app").setAttribute("aria-busy", "true")
    else:
        element("app").removeAttribute("aria-busy")


async def apply(reply, number, hold=0):
    """Draw a reply (one at a time: a card's motion must not interleave with the next
    screen), unless a newer one was drawn already."""
    await page.drawing.acquire()
    try:
        await draw(reply, number, hold)
    finally:
        page.drawing.release()
        mark_busy()


async def draw(reply, number, hold):
    if number < page.drawn:
        return
    page.drawn = number
    if "error" in reply:
        notify(reply["error"])
        return
    if "pace" in reply:
        page.pace = reply["pace"]
    if "sound" in reply:
        install_sound_controls(reply["sound"])
    if "lang" in reply:
        show_language(reply)
    screen = reply.get("screen")
    if screen == "start":
        show_start(reply)
    elif screen in ("rules", "stats"):
        show_rules(reply["html"])
    elif screen:
        await show_game(reply, hold)


def show_language(reply):
    """The worker speaks ``reply["lang"]``: the page's static texts and ``<html lang>`` follow,
    and the seat selects get their options in it."""
    window.tweakI18n.apply(reply["lang"])
    document.documentElement.lang = reply["lang"]
    for select in document.querySelectorAll("select.kind"):
        value = select.value
        select.innerHTML = reply["levels"]["human" if value == "human" else "bot"]
        if value != "human" and value != "bot":
            select.value = value  # the level chosen stays chosen


async def change_language(lang):
    """A language picked (ui/main_thread/boot.js has stored it and changed the static texts): the worker
    draws again what is shown, in it."""
    showing = "rules" if page.rules_open and element("overlay").querySelector(
        "[data-screen=rules]") else page.screen
    await ask("language", lang, saves_text(), showing)


def show_start(reply):
    if page.screen != "start":
        page.generation += 1
    page.screen = "start"
    page.bot = False
    session_set(PLAYING_KEY, None)
    element("game").hidden = True
    element("game").innerHTML = ""
    element("start-screen").hidden = False
    element("saves").innerHTML = reply.get("saves", "")
    element("daily").innerHTML = reply.get("daily", "")
    element("start-notice").innerHTML = reply.get("notice", "")


def show_rules(html):
    overlay = element("overlay")
    overlay.innerHTML = html
    window.tweakI18n.apply(window.tweakI18n.lang)  # the page's language select
    overlay.hidden = False
    page.rules_open = True
    toggle_sound_panel(False)
    element("sound").hidden = True  # the overlay's own header holds that corner
    element("start-screen").hidden = True
    element("game").hidden = True
    window.scrollTo(0, 0)


def close_rules():
    page.rules_open = False
    overlay = element("overlay")
    overlay.hidden = True
    overlay.innerHTML = ""
    element("sound").hidden = False
    if page.screen == "start":
        element("start-screen").hidden = False
    else:
        element("game").hidden = False
        kick()


async def show_game(reply, hold=0):
    page.slot = reply.get("slot") or page.slot
    if page.screen in ("start", "away"):  # a game begins (or comes back) in this tab
        page.generation += 1
        claim()
    page.screen = reply["screen"]
    page.bot = reply.get("bot", False)
    announce(reply.get("announce") or [])
    cue(reply)
    if page.rules_open:
        return  # drawn when the rules close (the table waits for a reader)
    key = focused_key()
    element("start-screen").hidden = True
    game = element("game")
    game.hidden = False
    animate = MOTION.get(page.pace, 0) > 0 and not game.hidden
    options = {"animate": animate, "hold": hold if animate else 0,
               "duration": MOTION.get(page.pace, 0)}
    await window.tweakMotion.swap(game, reply["html"], reply.get("motion"),
                                  js.JSON.parse(json.dumps(options)))
    refocus(key)
    lost = not document.activeElement or document.activeElement == document.body
    if reply.get("focus") and (reply.get("turn") or lost):
        target = document.querySelector(reply["focus"])
        if target:
            target.focus()
    show_flash(reply)
    kick()


def show_flash(reply):
    """A capture's called-out sum as a toast; a TWEAK! as the big burst, but only over the
    table with no chooser open, or a hot-seat pass screen (it must never hide a score sheet,
    the standings or a choice: there it is a toast too).  A click anywhere dismisses it."""
    open_to_it = page.screen in ("table", "pass") and \
        not document.querySelector("#game .flowbar")
    if not open_to_it:
        element("fx-burst").innerHTML = ""
    if not reply.get("flash"):
        return
    big = reply.get("flash_big") and open_to_it
    slot = element("fx-burst" if big else "fx-toast")
    slot.innerHTML = reply["flash"]


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


def notify(text):
    """A sentence for the player where they are looking: the table's or the start's notice."""
    html = ('<div class="notice" role="alert"><span></span><button type="button" '
            'class="btn small" data-ui="dismiss" aria-label="' + html_text(_("Dismiss")) + '">'
            + html_text(_("OK")) + '</button></div>')
    target = element("start-notice") if page.screen == "start" else element("fx-toast")
    target.innerHTML = html
    target.querySelector(".notice span").textContent = text


def focused_key():
    """The focused control's ``data-action``/``data-ui``, to focus its twin after a redraw."""
    active = document.activeElement
    if not active or not hasattr(active, "getAttribute"):
        return None
    for name in ("data-action", "data-ui"):
        value = active.getAttribute(name)
        if value:
            return name, value
    return None


def refocus(key):
    if key is None:
        return
    name, value = key
    for target in document.querySelectorAll("#game [" + name + "]"):
        if target.getAttribute(name) == value:
            target.focus()
            return


# ---- one tab owns the saved game ---------------------------------------------------------


def claim():
    """This tab plays the saved game now: every other tab hears it (a ``storage`` event) and
    stops writing it.  The value changes at each claim, or a tab claiming twice is not heard."""
    storage_set(OWNER_KEY, TAB + " " + str(js.Date.now()))
    session_set(PLAYING_KEY, page.slot)


def on_storage(event):
    if event.key != OWNER_KEY or page.screen in ("start", "away"):
        return
    if (event.newValue or "").split(" ")[0] == TAB:
        return
    # Another tab took the game: stop here rather than overwrite each other's moves.
    page.generation += 1
    page.screen = "away"
    page.bot = False
    session_set(PLAYING_KEY, None)
    element("fx-burst").innerHTML = ""
    element("fx-toast").innerHTML = ""
    element("game").innerHTML = away_html()
    element("game").hidden = False
    element("start-screen").hidden = True
    mark_busy()
    button = element("take-over")
    if button:
        button.focus()


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


# ---- computer moves --------------------------------------------------------------------------


async def run_bots(generation):
    """Computer moves at the pace chosen: each is asked for at once (it thinks in the worker)
    and shown when the pace's delay is over.  Stops when a person must act, a screen waits, or
    another game is shown."""
    try:
        while page.generation == generation and page.bot and not page.rules_open:
            started = now()
            page.sent += 1
            number = page.sent
            reply = await call("bot_move", stats_text())
            wait = PACES.get(page.pace, 1.0) - (now() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            if page.generation != generation:
                return
            await apply(reply, number, HOLD.get(page.pace, 0))
    except Exception as error:  # a bug must not freeze the table silently
        notify(_("Something went wrong with a computer move: {error}").format(error=error))
    finally:
        if page.pacing == generation:
            page.pacing = -1


def kick():
    """Start pacing computer moves if one must move and no loop runs for this game."""
    if page.bot and not page.rules_open and page.pacing != page.generation:
        page.pacing = page.generation
        asyncio.create_task(run_bots(page.generation))


# ---- the player's clicks ---------------------------------------------------------------------


def form_fields():
    return js.JSON.stringify(js.Object.fromEntries(js.FormData.new(element("setup"))))


async def copy_link():
    reply = await call("link")
    if "fragment" not in reply:
        notify(reply.get("error") or _("There is no game to link to."))
        return
    url = window.location.origin + window.location.pathname + "#" + reply["fragment"]
    try:
        await window.navigator.clipboard.writeText(url)
        notify(_("A link to this game is on your clipboard."))
    except Exception:
        notify(_("Copy this link to share the game: {url}").format(url=url))


async def share_result(button):
    """Share a daily deal's result: the text and the link that deals the same deal
    (``data-share``, ``data-fragment``, ui/worker/screens/start.py ``share_button``).  The system share sheet
    where there is one; else the clipboard; else the text is shown to copy by hand.  What
    happened is said in the button's status line."""
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


async def handle(kind, value, target=None):
    if kind == "data-action":
        await ask("act", value, stats_text())
        return
    name, _colon, arg = value.partition(":")
    if name == "deal":
        await ask("deal", form_fields(), saves_text())
    elif name == "resume":
        await ask("resume", arg, saves_text())
    elif name == "review-last":  # the start screen's "Review last game"
        await ask("review_last", saves_text())
        window.scrollTo(0, 0)
    elif name == "daily":
        await ask("daily", arg, saves_text())
        window.scrollTo(0, 0)
    elif name == "share-daily":
        if target:
            await share_result(target)
    elif name == "rules":
        await ask("rules")
    elif name == "close-rules":
        close_rules()
        if page.screen != "start":
            await ask("screen")
    elif name == "take-over":
        await ask("resume", page.slot, saves_text())
    elif name in ("quit", "new-game"):
        session_set(PLAYING_KEY, None)  # from this click on, a reload shows the menu
        await ask("start", saves_text())
        window.scrollTo(0, 0)
    elif name == "rematch":
        await ask("rematch", saves_text())
    elif name == "copy-link":
        await copy_link()
    elif name == "stats":
        element("fx-toast").innerHTML = ""  # a last game's toast must not cover the numbers
        await ask("statistics", stats_text(), "")
        window.scrollTo(0, 0)
    elif name == "stats-reset":
        await ask("statistics", stats_text(), "reset")
    elif name == "stats-reset-confirm":
        await ask("statistics", stats_text(), "reset-confirmed")
    elif name == "stats-export":
        reply = await call("export_stats", stats_text())
        download(reply.get("download"))
    elif name == "sound-menu":
        toggle_sound_panel()
    elif name == "sound-mute":
        toggle_mute()
    elif name == "review":  # the game review (ui/worker/screens/review.py): the worker draws it
        element("fx-toast").innerHTML = ""  # the game's last toast must not cover a move
        await ask("command", value)
        if arg in ("", "close") or arg.startswith("sheet:"):  # a new screen: from its top
            window.scrollTo(0, 0)
    elif name == "dismiss":
        element("fx-toast").innerHTML = ""
        if page.screen == "start":
            element("start-notice").innerHTML = ""
        else:
            await ask("command", value)
    else:
        if name == "pace" and arg in PACES:
            storage_set(PACE_KEY, arg)
        await ask("command", value)


def download(what):
    """Save ``{"name", "text"}`` as a file: a Blob behind an ``<a download>`` clicked once."""
    if not what:
        notify(_("There is nothing to export."))
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


async def on_change(event):
    """A language picked: the worker draws the screen again in it.  A file chosen to import
    statistics: its text goes to the worker, which checks it."""
    target = event.target
    if page.ready and target and target.matches("select[data-languages]"):
        await change_language(target.value)
        return
    if not page.ready or not target:
        return
    if on_sound_change(target):
        return
    if target.id != "stats-file" or not target.files.length:
        return
    try:
        text = await target.files.item(0).text()
        await ask("import_stats", text, stats_text())
    except Exception as error:
        notify(_("The file could not be read: {error}").format(error=error))


def on_key(event):
    """A key names a control: the visible one whose ``data-key`` (ui/worker/screens/game.py) is the key
    pressed is clicked, so the keys a screen offers are decided where it is drawn.  Typing in
    the start form, and keys with Ctrl/Alt/Meta, are the browser's."""
    if not page.ready or event.ctrlKey or event.altKey or event.metaKey:
        return
    if event.key == "Escape" and sound_panel_open():
        event.preventDefault()  # Escape closes the Sound panel, and clears nothing else
        toggle_sound_panel(False)
        element("sound-toggle").focus()
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


async def on_click(event):
    if not page.ready:
        return  # ui/main_thread/boot.js answers clicks until the worker is ready
    if sound_panel_open() and not event.target.closest("#sound"):
        toggle_sound_panel(False)  # a click elsewhere closes the Sound panel
    element("fx-burst").innerHTML = ""  # a click dismisses the TWEAK! burst
    target = event.target.closest("[data-action],[data-ui]")
    if not target or target.disabled:
        return
    event.preventDefault()
    kind = "data-action" if target.getAttribute("data-action") else "data-ui"
    try:
        await handle(kind, target.getAttribute(kind), target)
    except Exception as error:  # shown as a sentence; never a dead page
        js.console.error("TWEAK!: " + str(error))
        notify(_("Something went wrong: {error}").format(error=error))


# ---- start-up ----------------------------------------------------------------------------------


async def loaded():
    """Wait until the page has loaded: PyScript starts early (index.html), and this may run
    before the async ui/main_thread/sound.js and ui/main_thread/motion.js have arrived (the body is there: see
    ui/main_thread/pyscript_start.js).  The worker's start takes far longer, so the wait costs nothing."""
    if document.readyState != "complete":
        done = asyncio.Event()
        window.addEventListener("load", create_proxy(lambda event: done.set()))
        await done.wait()


async def main():
    await loaded()
    read_settings()
    try:
        page.engine = await workers["tweak"]
        stored = storage_get(PACE_KEY)
        page.pace = stored if stored in PACES else "normal"
        location = window.location
        playing = session_get(PLAYING_KEY) or "no"
        languages = json.dumps({"stored": storage_get(LANG_KEY),
                                "browser": list(window.navigator.languages or [])})
        reply = await call("hello", location.search, location.hash, saves_text(), page.pace,
                           playing, languages)
        if "error" in reply:
            raise RuntimeError(reply["error"])
    except Exception as error:
        window.tweakBoot.fail(_("The game could not start: {error}").format(error=error))
        return
    if reply.get("screen") != "start":
        # The game is autosaved from now on: drop the link so a reload resumes the latest move.
        window.history.replaceState(None, "", location.pathname + location.search)
    page.sent += 1
    await apply(reply, page.sent)
    window.addEventListener("storage", create_proxy(on_storage))
    window.addEventListener("keydown", create_proxy(on_key))
    # A listener, not pyscript's @when: its selector imports and compiles pyscript.web, ~10 ms
    # of the start-up (issue 7).  Clicks before this are ui/main_thread/boot.js's.
    element("app").addEventListener("click", create_proxy(on_click))
    document.addEventListener("change", create_proxy(on_change))
    document.addEventListener("input", create_proxy(on_sound_input))
    element("statistics").hidden = False  # the worker answers it from now on
    page.ready = True
    pending = window.tweakBoot.ready()  # the click made while loading, if any
    if pending == "rules":
        await handle("data-ui", "rules")
    elif pending and page.screen == "start":
        await handle("data-ui", pending)
