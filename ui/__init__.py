"""The page of TWEAK!, in three folders by where their code runs:

* ``ui/worker/`` — the game's Pyodide worker: pure Python (no ``js``, no DOM), shipped inside
  ``python.zip``.  It owns the game (engine, computers, the session) and answers each call of
  the page with plain data (``ui.worker.protocol``); ``ui/worker/screens/`` turns what a seat
  sees into HTML.
* ``ui/main_thread/`` — the page's main thread: the MicroPython ``page.py`` (DOM, storage,
  timers) and the JavaScript modules (boot, motion, sound, languages, install, PyScript start).
* ``ui/assets/`` — static files: the style sheet, the app manifest and its icons.

docs/architecture.md describes the threads and the protocol between them.
"""
