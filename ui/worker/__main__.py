"""The game's Pyodide worker: index.html's ``<script type="py" worker name="tweak">``.

PyScript runs this script in a web worker and hands the main thread (ui/main_thread/page.py)
every function named in ``__export__``: one per verb of ``ui.worker.protocol.VERBS``, built
here from that table.  Each takes the verb's text arguments and returns its reply as JSON text
(``ui.worker.host.Host`` answers; a bug or a module that did not load is a sentence in
``"error"``, never a dead worker).  This script touches neither the DOM nor ``js``: a worker
has no document (PyScript's console warning about ``window`` and ``document`` is expected).
"""

import asyncio
import gc
import hashlib
import importlib
import json
import os
import random
import sys
import traceback
import zipimport

# The game's modules: ui/worker/interpreter.mjs writes python.zip (tools/worker_archive.py)
# into the worker's file system as it is, and Python imports straight from it (zipimport, with
# the bytecode inside): nothing is unpacked before the first answer.  A worker restored from
# python.snapshot is given no archive when it holds the site's modules imported already.
# Without the archive and without a snapshot (the modules on disk) nothing changes.
ARCHIVE = os.path.abspath("python.zip")
if os.path.isfile(ARCHIVE) and ARCHIVE not in sys.path:
    sys.path.insert(0, ARCHIVE)

# Set when Python was restored from python.snapshot (ui/worker/interpreter.mjs): the SHA-256 of
# the python.zip whose modules the snapshot holds imported (tools/snapshot.py); else "".  An
# archive given to a restored worker holds other modules, unless it is the very same.
SNAPSHOT = os.environ.get("TWEAK_SNAPSHOT", "")


def _forget_the_game():
    """Unload the game's modules, so that they are imported afresh from the archive given now."""
    for name in list(sys.modules):
        if name.split(".", 1)[0] in ("tweak", "ui"):
            del sys.modules[name]
    # The archive's table of contents as the snapshot read it: its offsets are another file's.
    getattr(zipimport, "_zip_directory_cache", {}).pop(ARCHIVE, None)
    sys.path_importer_cache.pop(ARCHIVE, None)
    importlib.invalidate_caches()


if SNAPSHOT:
    # Every restore starts from the same memory: the global random state would be the same on
    # every visit.  (The game's seeds come from SystemRandom; this is for everything else.)
    random.seed()
    try:
        with open(ARCHIVE, "rb") as archive:
            given = hashlib.sha256(archive.read()).hexdigest()
    except OSError:  # none given: the snapshot's are the site's
        given = SNAPSHOT
    if given != SNAPSHOT:
        print("[tweak] python.snapshot holds other modules than python.zip: imported afresh")
        _forget_the_game()

# The standard library: Pyodide started with the trimmed one (tools/stdlib.py); a module it
# lacks is found in the whole one, which ui/worker/interpreter.mjs fetches then (its module
# says where the whole library is and fetches it; absent when another runtime started us).
try:
    import tweak_interpreter
except ImportError:
    tweak_interpreter = None
if tweak_interpreter is not None:
    from ui.worker import stdlib_rest

    stdlib_rest.install(tweak_interpreter.wholeStdlib,
                        lambda url: tweak_interpreter.fetchBytes(url).to_bytes())

try:
    from ui.worker.protocol import VERBS
    from ui.worker.host import Host, parse_saves
    from ui.worker.i18n import _

    host = Host()
    broken = ""
except Exception as error:  # noqa: BLE001 — a missing or broken module: say so, don't hang
    traceback.print_exc()
    broken = f"a part of the game did not load ({type(error).__name__}: {error})"
    VERBS = {"hello": (), "memory": ()}  # the first call says so


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


def _languages(text):
    wanted = json.loads(text or "{}")
    return wanted.get("stored") or "", wanted.get("browser") or []


# How each argument of the protocol reaches ``Host``: text -> the values it stands for (one
# argument may stand for two).  Any other argument is passed as it is.
DECODE = {
    "saves": lambda text: (parse_saves(text),),
    "fields": lambda text: (json.loads(text),),
    "playing": lambda text: ("" if text in (None, "no") else text,),
    "languages": _languages,
}


def _verb(name):
    """The exported function of verb ``name``: its text arguments decoded, ``Host``'s method
    of that name called with them, the reply as JSON text."""
    parameters = VERBS[name]

    def exported(*texts):
        def call():
            values = []
            for index, parameter in enumerate(parameters):
                text = texts[index] if index < len(texts) else None
                values.extend(DECODE[parameter](text) if parameter in DECODE else (text,))
            return host.answer(name, *values)
        reply = _answer(call)
        if name == "hello" and not _table_loaded:
            # Once the page has its answer (and shows "ready"), not before: see load_the_table.
            asyncio.get_event_loop().call_soon(load_the_table)
        return reply

    exported.__name__ = name
    return exported


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


globals().update({name: _verb(name) for name in VERBS if name != "memory"})
__export__ = list(VERBS)

_table_loaded = False


def load_the_table():
    """Import the table's modules, then keep everything loaded out of the garbage collector's
    walks (it lives as long as the worker; full collections during a computer's turn cost tens
    of ms otherwise).  Run just after the first ``hello`` has answered: the start screen is
    usable without them, so the page hears "ready" sooner, and they are compiled
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
