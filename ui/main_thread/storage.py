"""The main thread's storage: the keys the game keeps in the browser, read and written.

``localStorage`` (every tab of this site sees it, and it outlives the tab) holds the saved
games, the daily deal, the statistics, the last game, the host's table, the pace, the language
and which tab plays; ``sessionStorage`` (this tab, across a reload) the game this tab shows.
The keys are copies of ui/worker/protocol.py's, which MicroPython cannot import
(tests/ui/test_protocol.py compares them).  The worker decides what the texts hold.
"""

import json

import js
from pyscript import window

SAVE_KEYS = ("tweak.save", "tweak.save.previous")
DAILY_KEY = "tweak.daily"  # the daily deal of this device (the worker decides what it holds)
STATS_KEY = "tweak.stats"  # the player's statistics (the worker counts)
LAST_KEY = "tweak.last"  # the last game played to its end: its results and review stay at hand
TABLE_KEY = "tweak.table"  # the host's table for other devices: its id, their seats' secrets
STORED_KEYS = SAVE_KEYS + (DAILY_KEY, STATS_KEY, LAST_KEY, TABLE_KEY)  # a ``saves`` argument
PACE_KEY = "tweak.pace"
LANG_KEY = "tweak.lang"  # the language the player picked (ui/main_thread/lang.js stores it)
OWNER_KEY = "tweak.owner"  # which tab plays the saved game (localStorage: every tab sees it)
PLAYING_KEY = "tweak.playing"  # the game this tab shows (sessionStorage: a reload resumes it)


def stored(key, area="localStorage"):
    """The text under ``key`` in ``window.<area>``, or None.  ``localStorage``: every tab of
    this site sees it, and it outlives the tab; ``sessionStorage``: this tab, across a reload."""
    try:
        return getattr(window, area).getItem(key) or None
    except Exception:  # no storage here (a sandboxed frame, a privacy setting)
        return None


def store(key, value, area="localStorage"):
    """Set ``key`` to ``value`` (None: remove it) in ``window.<area>``.  The browser may refuse
    (private mode, a full store): the game plays on, and the console says so for a save."""
    try:
        storage = getattr(window, area)
        storage.removeItem(key) if value is None else storage.setItem(key, value)
    except Exception:
        if area == "localStorage":
            js.console.warn("TWEAK!: the game could not be saved in this browser")


def saves_text():
    """A ``saves`` argument: JSON {key: text or null} of ``STORED_KEYS``."""
    return json.dumps({key: stored(key) for key in STORED_KEYS})


def stats_text():
    """A ``stats`` argument: the stored statistics text, "" when there is none."""
    return stored(STATS_KEY) or ""
