"""TWEAK!'s build tools, run by serve.py (the one command line) and by the tests; nothing here
reaches the browser (docs/architecture.md, "Build, cache, offline").

* runtime         the npm runtime the page loads (Pyodide, PyScript, MicroPython), pinned by
                  package-lock.json and installed with ``npm ci``
* devserver       the development server: content types, no-cache, generated files on request
* worker_archive  python.zip: the worker's modules and their bytecode, in one archive
* bytecode        that bytecode, compiled by Pyodide itself under Node and cached in .cache/
* snapshot        python.snapshot: the worker's Pyodide started with python.zip imported, as a
                  memory snapshot made under Node, that ui/worker/interpreter.mjs restores
* catalogues      the message catalogues (Babel): extract, update, init, check, compile
* build           the static site: the files, precache.json with SRI hashes, the stamped sw.js
* babel.cfg       what Babel extracts the messages from

``ROOT`` is the repository, every tool's default root; ``ZIP_DATE`` the date of every entry of
a generated archive, so that the same sources give the same bytes (and the same precache hash).
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ZIP_DATE = (2024, 1, 1, 0, 0, 0)
