"""The page's Pyodide worker: the game's half of the page protocol.

index.html declares it as ``<script type="py" worker name="tweak" src="./ui/worker/__main__.py"
config="./pyscript.toml">``; PyScript runs it in a web worker and hands the main thread
(``ui/main_thread/page.py``) every function named in ``__export__``.  Each takes plain strings and returns
a reply as JSON text (``ui.worker.host`` documents the replies).  This module touches neither the DOM
nor ``js``: the worker has no document (PyScript's console warning about ``window`` and
``document`` in a worker is expected).

The verbs: ``hello`` (the first call: address, saves, pace, language), ``language`` (switch
and draw again what is shown), ``start`` (the start screen),
``deal``, ``resume``, ``open_link``, ``daily`` (a day's daily deal), ``rematch``, ``review_last``
(the start screen's "Review last game"), ``act`` (a move), ``command`` (a UI
command: also the hint, show all sums, take back and the game review's ``review:...``), ``bot_move`` (a computer thinks and
moves), ``screen``, ``rules``, ``link``, and the statistics' ``statistics`` (their screen, a
reset), ``export_stats`` (a file to download), ``import_stats`` (a file's text).  ``act`` and
``bot_move`` also take the stored statistics text, counted into when the game ends.
One more is for measuring, not playing: ``memory`` (the worker's memory figures, read by
tests/bench/soak_page.py; it reads no game state and changes none).
"""

import asyncio
import gc
import json
import os
import sys
import traceback

# The game's modules: pyscript.toml writes serve.py's python.zip into the worker's file system
# as it is, and Python imports straight from it (zipimport, with the bytecode inside): nothing is
# unpacked before the first answer.  Without the archive (the modules on disk) nothing changes.
ARCHIVE = os.path.abspath("python.zip")
if os.path.isfile(ARCHIVE) and ARCHIVE not in sys.path:
    sys.path.insert(0, ARCHIVE)

try:
    from ui.worker.i18n import _
    from ui.worker.host import Host, parse_saves

    host = Host()
    broken = ""
except Exception as error:  # noqa: BLE001 — a missing or broken module: say so, don't hang
    traceback.print_exc()
    broken = f"a part of the game did not load ({type(error).__name__}: {error})"


def _answer(call):
    """JSON text of a reply; a bug becomes a sentence for the player (details in the console),
    never a dead worker.  A worker whose modules did not load answers every call with that."""
    if broken:
        return json.dumps({"error": broken})
    try:
        return json.dumps(call())
    except Exception as error:  # noqa: BLE001 — anything else would leave the page waiting
        traceback.print_exc()
        # In the player's language; what went wrong is a bug's own words (the console has more).
        return json.dumps({"error": _("Something went wrong: {error}").format(error=error)})


def hello(query, fragment, saves, speed, playing, languages="{}"):
    """``playing``: the storage key of the game this tab showed before a reload, or "no";
    ``languages``: JSON ``{"stored": the player's choice or null, "browser": [...]}``."""
    def call():
        wanted = json.loads(languages or "{}")
        return host.hello(query, fragment, parse_saves(saves), speed,
                          "" if playing == "no" else playing,
                          wanted.get("stored") or "", wanted.get("browser") or [])
    reply = _answer(call)
    if not _table_loaded:
        # Once the page has its answer (and shows "ready"), not before: see load_the_table.
        asyncio.get_event_loop().call_soon(load_the_table)
    return reply


def language(lang, saves, showing=""):
    return _answer(lambda: host.language(lang, parse_saves(saves), showing))


def start(saves):
    return _answer(lambda: host.start(parse_saves(saves)))


def deal(fields, saves):
    return _answer(lambda: host.deal(json.loads(fields), parse_saves(saves)))


def resume(key, saves):
    return _answer(lambda: host.resume(key, parse_saves(saves)))


def open_link(fragment, saves):
    return _answer(lambda: host.open_link(fragment, parse_saves(saves)))


def daily(day, saves):
    return _answer(lambda: host.daily(day, parse_saves(saves)))


def rematch(saves="{}"):
    return _answer(lambda: host.rematch(parse_saves(saves)))


def review_last(saves):
    return _answer(lambda: host.review_last(parse_saves(saves)))


def act(action, stats=None):
    return _answer(lambda: host.act(action, stats))


def command(text):
    return _answer(lambda: host.command(text))


def bot_move(stats=None):
    return _answer(lambda: host.bot_move(stats))


def statistics(stats, step=""):
    return _answer(lambda: host.statistics(stats, step))


def export_stats(stats):
    return _answer(lambda: host.export_stats(stats))


def import_stats(text, stats):
    return _answer(lambda: host.import_stats(text, stats))


def screen():
    return _answer(host.screen)


def rules():
    return _answer(host.rules)


def link():
    return _answer(host.link)


def memory():
    """The worker's memory, as JSON text: ``wasm_bytes``, the size of Pyodide's wasm linear
    memory (it grows, never shrinks); ``malloc_bytes``, the bytes malloc has handed out and not
    freed (mallinfo's ``uordblks``: Python's objects live there; Pyodide's CPython has no
    pymalloc, so ``sys.getallocatedblocks()`` is always 0 and says nothing); ``gc_objects``,
    the objects the garbage collector tracks.  Taken after a full collection, so garbage not yet
    collected does not look like a leak."""
    import pyodide_js  # the runtime's own API (its wasm heap), not the page: a worker has none

    runtime = pyodide_js._module
    gc.collect()
    info = runtime._malloc(40)  # struct mallinfo: ten 32-bit fields
    try:
        runtime._mallinfo(info)
        in_use = runtime.HEAPU32[info // 4 + 7]
    finally:
        runtime._free(info)
    return json.dumps({"wasm_bytes": runtime.HEAP8.length, "malloc_bytes": in_use,
                       "gc_objects": len(gc.get_objects())})


__export__ = ["hello", "language", "start", "deal", "resume", "open_link", "daily", "rematch",
              "review_last",
              "act", "command", "bot_move", "screen", "rules", "link", "statistics",
              "export_stats", "import_stats", "memory"]

_table_loaded = False


def load_the_table():
    """Import the table's modules, then keep everything loaded out of the garbage collector's
    walks (it lives as long as the worker; full collections during a computer's turn cost tens
    of ms otherwise).  Run just after the first ``hello`` has answered: the start screen is
    usable without them, so the page hears "ready" sooner (issue 7), and they are compiled
    while the player reads it — a first Deal does not wait for them.  A call that needs one
    earlier imports it itself (ui.worker.host imports lazily)."""
    global _table_loaded
    if _table_loaded:
        return
    _table_loaded = True
    if not broken:
        import ui.worker.coach  # noqa: F401
        import ui.worker.screens.game  # noqa: F401
        import ui.worker.review  # noqa: F401
        import ui.worker.screens.review  # noqa: F401
        import ui.worker.session  # noqa: F401
        import ui.worker.screens.stats  # noqa: F401
    gc.freeze()
