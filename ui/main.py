"""The page's wiring: the only module that imports ``pyscript`` / ``js``.

It holds the page's state (``Page``): the current ``ui.session.Session`` or None (start
screen), whether the rules page is open, the hooks read from the address, the task that paces
computer moves.  One delegated click listener on the stable ``#app`` container turns a click
on an element with ``data-action`` (a move, in notation) or ``data-ui`` (a UI command) into a
session call, then draws the session's screen into ``#game`` with ``ui.render``.

Start-up: the start screen is plain HTML in index.html, usable at once.  A small script there
remembers a click on Deal or How to play made before Python is ready (``window.tweakPending``);
this module replays it, fills the computer levels from ``tweak.bots.CHOICES``, offers saved
games, opens a ``#g=...`` link, then sets ``<html data-python="ready">``.

Storage (localStorage): ``tweak.save`` holds the game record (``tweak.dumps``), written after
every move; ``tweak.save.previous`` keeps the game a link or a new deal replaced;
``tweak.save.broken`` keeps a save that could not be read (nothing is thrown away);
``tweak.pace`` the pace of computer moves last chosen.

Address hooks (documented in ``ui.session.parse_hooks``): ``?seed=N&goal=N&tcards=a,b&dealer=N
&speed=normal|fast|instant``, and the fragment ``#g=<record fragment>``.
"""

import asyncio
import gc
import random
import time
import traceback
from dataclasses import replace

import js
from pyscript import document, when, window

# Before "ready": only what the start screen needs.  tweak.bots gives the computer levels
# (tweak.bots.CHOICES) and brings the engine with it; ui.start is small.  The table's modules,
# ui.session and ui.render, are imported in the background once the page is ready (warm_up),
# or at once by whatever needs them first: every module is compiled from source at each start.
from tweak import bots
from ui.start import SPEEDS, Hooks, SessionError, level_options, parse_hooks, render_notice
from ui.start import render_saves, save_summary

SAVE_KEY = "tweak.save"
PREVIOUS_KEY = "tweak.save.previous"
BROKEN_KEY = "tweak.save.broken"
PACE_KEY = "tweak.pace"  # the pace of computer moves last chosen (a key of SPEEDS)
THINK_SLICE = 0.025  # seconds of bot thinking per event-loop turn: the page never freezes


class Page:
    session = None
    rules_open = False
    hooks = Hooks()
    task = None
    start_notice = ""


page = Page()


def element(id_):
    return document.getElementById(id_)


# ---- storage ----------------------------------------------------------------------------


def storage_get(key):
    try:
        return window.localStorage.getItem(key) or None  # JS null → falsy JsNull → None
    except Exception:
        return None


def storage_set(key, value):
    try:
        if value is None:
            window.localStorage.removeItem(key)
        else:
            window.localStorage.setItem(key, value)
    except Exception:  # private mode or a full store: the game goes on unsaved
        js.console.warn("TWEAK!: the game could not be saved in this browser")


def pace():
    """The address's ``speed`` hook, else the pace last chosen, else normal."""
    stored = storage_get(PACE_KEY)
    return page.hooks.speed or (stored if stored in SPEEDS else "normal")


def autosave():
    session = page.session
    if session is None:
        return
    if session.state.is_over:
        storage_set(SAVE_KEY, None)  # a finished game has nothing to resume
    else:
        storage_set(SAVE_KEY, session.save_text())


def saves():
    """(key, description) of each save that looks like a record (the moves are checked when
    it is resumed); anything else is set aside with a note."""
    found = []
    for key in (SAVE_KEY, PREVIOUS_KEY):
        text = storage_get(key)
        if not text:
            continue
        try:
            found.append((key, save_summary(text)))
        except ValueError as error:
            storage_set(BROKEN_KEY, text)
            storage_set(key, None)
            page.start_notice = (f"The saved game cannot be read ({error}). It has been set "
                                 f"aside (nothing is deleted); start a new game.")
    return found


# ---- drawing ----------------------------------------------------------------------------


def focused_key():
    active = document.activeElement  # JS null arrives as a falsy JsNull, not None
    if not active:
        return None
    for name in ("data-action", "data-ui"):
        value = active.getAttribute(name) if hasattr(active, "getAttribute") else None
        if value:
            return name, value
    return None


def refocus(key):
    if key is None:
        return
    name, value = key
    target = element("app").querySelector(f'[{name}="{value}"]')
    if target:
        target.focus()


def show_start():
    element("start-screen").hidden = False
    element("game").hidden = True
    element("game").innerHTML = ""
    element("saves").innerHTML = render_saves(saves())
    element("start-notice").innerHTML = render_notice(page.start_notice)


def show():
    """Draw whatever is current: the rules page, the start screen or the session's screen."""
    overlay = element("overlay")
    if page.rules_open:
        if overlay.hidden:
            from tweak import EDITIONS
            from ui import rules_page  # only when asked for: keeps start-up light

            current = page.session.record.rules if page.session else None
            overlay.innerHTML = rules_page.render_rules(EDITIONS, current)
            overlay.hidden = False
            window.scrollTo(0, 0)
        element("start-screen").hidden = True
        element("game").hidden = True
        return
    overlay.hidden = True
    overlay.innerHTML = ""
    if page.session is None:
        show_start()
        return
    from ui import render

    key = focused_key()
    element("start-screen").hidden = True
    game = element("game")
    game.hidden = False
    game.innerHTML = render.render_screen(page.session.screen())
    refocus(key)
    flash = page.session.take_flash()
    if flash is not None:
        # Over a score sheet, a TWEAK! burst would hide the numbers: a toast says it instead.
        # A burst has its own slot, so the next move's toast does not cut it short.
        big = flash.tweak and page.session.kind() not in ("scores", "over")
        slot = element("fx-burst" if big else "fx-toast")
        slot.innerHTML = render.render_flash(flash, page.session.names, big=big)


def notify(text):
    if page.session is not None:
        page.session.notice = text
    else:
        page.start_notice = text
    show()


# ---- computer moves -----------------------------------------------------------------------


async def run_bots():
    """Play computer moves at a pace a person can follow, thinking in slices so the page
    stays responsive; stops when a person must act, a screen waits, or the game changes."""
    from ui.session import drive

    session = page.session
    try:
        while page.session is session and session is not None and session.bot_to_act():
            while page.rules_open and page.session is session:  # the table waits for a reader
                await asyncio.sleep(0.25)
            started = time.perf_counter()
            turn = session.start_bot()
            show()
            action = None
            while action is None:
                action = drive(turn.thinking, time.perf_counter() + THINK_SLICE,
                               time.perf_counter)
                if action is None:
                    await asyncio.sleep(0)
                if page.session is not session:
                    return
            # The move shows after the pace's delay, thinking time included (the speed may
            # have been changed meanwhile: read it now).
            remaining = SPEEDS[session.speed] - (time.perf_counter() - started)
            await asyncio.sleep(max(remaining, 0))
            if page.session is not session:
                return
            session.finish_bot(turn, action)
            autosave()
            show()
    except SessionError as error:
        notify(str(error))
    except Exception as error:  # a bug must not freeze the table silently
        js.console.error(traceback.format_exc())
        notify(f"Something went wrong with a computer move: {error}")
    finally:
        if session is not None:
            session.thinking = None


def kick():
    """Start pacing computer moves if one must move and no pacing runs yet."""
    if page.session is None or not page.session.bot_to_act():
        return
    if page.task is not None and not page.task.done():
        return
    page.task = asyncio.ensure_future(run_bots())


# ---- starting games -------------------------------------------------------------------------


def form_fields():
    form = element("setup")
    return js.Object.fromEntries(js.FormData.new(form)).to_py()


def begin(session):
    page.session = session
    page.start_notice = ""
    autosave()
    show()
    kick()


def deal():
    from ui.session import Session, parse_setup

    try:
        setup = parse_setup(form_fields())
        hooks = replace(page.hooks, speed=pace())
        session = Session.new(setup, hooks, seed=random.randrange(2**31))
    except SessionError as error:
        page.start_notice = str(error)
        show()
        return
    old = storage_get(SAVE_KEY)
    if old:
        storage_set(PREVIOUS_KEY, old)  # a new game never silently replaces an unfinished one
    begin(session)


def resume(key):
    from ui.session import Session

    text = storage_get(key)
    if not text:
        page.start_notice = "That saved game is gone."
        show()
        return
    try:
        session = Session.from_save(text, pace())
    except SessionError as error:
        storage_set(BROKEN_KEY, text)
        storage_set(key, None)
        page.start_notice = f"{error} It has been set aside (nothing is deleted)."
        show()
        return
    if key != SAVE_KEY:
        current = storage_get(SAVE_KEY)
        storage_set(PREVIOUS_KEY, current)  # swap: the other game stays resumable
    begin(session)


def open_link(fragment):
    """Open the game of a ``#g=`` link; a damaged link leaves everything as it was."""
    from ui.session import Session

    try:
        session = Session.from_link(fragment, pace())
    except SessionError as error:
        page.start_notice = str(error)
        return False
    old = storage_get(SAVE_KEY)
    if old and old != session.save_text():
        storage_set(PREVIOUS_KEY, old)
    # The game is autosaved from now on; drop the fragment so a reload resumes the latest move.
    window.history.replaceState(None, "", window.location.pathname + window.location.search)
    begin(session)
    return True


async def copy_link():
    session = page.session
    if session is None:
        return
    url = f"{window.location.origin}{window.location.pathname}#{session.link_fragment()}"
    try:
        await window.navigator.clipboard.writeText(url)
        notify("A link to this game is on your clipboard.")
    except Exception:
        notify(f"Copy this link to share the game: {url}")


# ---- the one click listener -----------------------------------------------------------------


def handle(kind, value):
    session = page.session
    if kind == "data-action":
        if session is None:
            return
        session.act(value)
        autosave()
        show()
        kick()
        return
    name, _, arg = value.partition(":")
    if name == "deal":
        deal()
    elif name == "resume":
        resume(arg)
    elif name == "rules":
        page.rules_open = True
        show()
    elif name == "close-rules":
        page.rules_open = False
        show()
    elif name == "quit":
        page.session = None
        show()
    elif name == "new-game":
        page.session = None
        show()
        window.scrollTo(0, 0)
    elif name == "rematch":
        if session is not None:
            storage_set(SAVE_KEY, None)
            begin(session.rematch(seed=random.randrange(2**31)))
    elif name == "copy-link":
        asyncio.ensure_future(copy_link())
    elif name == "dismiss" and session is None:
        page.start_notice = ""
        show()
    elif session is not None:
        session.command(value)
        if name == "speed" and arg in SPEEDS:
            storage_set(PACE_KEY, arg)
        show()
        kick()


@when("click", "#app")
def on_click(event):
    target = event.target.closest("[data-action],[data-ui]")
    if not target or target.disabled:
        return
    event.preventDefault()
    for kind in ("data-action", "data-ui"):
        value = target.getAttribute(kind)
        if value:
            break
    try:
        handle(kind, value)
    except SessionError as error:
        notify(str(error))
    except Exception as error:  # shown as a sentence; the details go to the console
        js.console.error(traceback.format_exc())
        notify(f"Something went wrong: {error}")


# ---- start-up ------------------------------------------------------------------------------


def start():
    for select in document.querySelectorAll("select.kind"):
        select.innerHTML = level_options(bots.CHOICES, bots.DEFAULT_LEVEL, select.value)
    try:
        search = js.URLSearchParams.new(window.location.search)
        page.hooks = parse_hooks(js.Object.fromEntries(search).to_py())
    except SessionError as error:
        page.start_notice = str(error)
    opened = False
    hash_ = window.location.hash
    if hash_.startswith("#g="):
        opened = open_link(hash_[3:])
    if not opened:
        show_start()
    element("loading").hidden = True
    deal_button = element("deal")
    deal_button.textContent = "Deal"  # it may say "Starting…" after an early click
    deal_button.classList.remove("waiting")
    document.documentElement.dataset.python = "ready"
    pending = window.tweakPending
    window.tweakPending = ""
    if pending == "rules":
        handle("data-ui", "rules")
    elif pending == "deal" and not opened:
        handle("data-ui", "deal")
    if page.session is None:
        asyncio.ensure_future(warm_up())
    else:
        gc.freeze()


async def warm_up():
    """Import the table's modules while the person reads the start screen."""
    await asyncio.sleep(0)
    from ui import render, session  # noqa: F401
    # What is loaded by now lives as long as the page: keep it out of the garbage collector's
    # walks, so a full collection during a computer's turn costs little (seen: tens of ms).
    gc.freeze()


start()
