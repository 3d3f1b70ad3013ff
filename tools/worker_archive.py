"""python.zip (``WORKER_ARCHIVE``): the worker's Python in one generated archive, never
committed.  The dev server makes it on request, the build writes it into the site.

What it holds follows from the folders: every module of the engine ``tweak/`` and of
``ui/worker/`` (with the packages around them: ``ui/__init__.py``), minus the scripts (every
``__main__.py``: the terminal's, and the worker's own, which is index.html's src) and the
terminal's tournaments (``NOT_IN_WORKER``); tests/ui/test_config.py checks that this is exactly
what the worker imports.  Each module sits at its path with its bytecode beside it
(tools/bytecode.py); the sources stay, so tracebacks show their lines.  pyscript.toml writes
the archive into the worker's file system as it is and ui/worker/__main__.py puts it on
``sys.path``: Python imports straight from it (zipimport), nothing is unpacked
(docs/architecture.md, "Build, cache, offline").

``ARCHIVE_DIGEST`` (python.zip.sha256, generated beside it) is the archive's SHA-256 in hex and
a newline: a worker restored from python.snapshot, which holds these modules imported already,
compares it with the snapshot's and downloads the archive only when they differ
(ui/worker/interpreter.mjs).
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from pathlib import Path

from tools import ROOT, ZIP_DATE, bytecode

WORKER_ARCHIVE = "python.zip"
ARCHIVE_DIGEST = WORKER_ARCHIVE + ".sha256"
WORKER_PACKAGES = ("tweak", "ui/worker")
SCRIPT = "__main__.py"
NOT_IN_WORKER = {"tweak/tournament.py"}


def worker_modules(root: Path = ROOT) -> list:
    """The paths (relative, POSIX) of the modules the worker's archive holds, sorted."""
    found = []
    for package in WORKER_PACKAGES:
        # The packages it sits in (``ui/__init__.py`` for ``ui/worker``): imported first.
        for parent in Path(package).parents:
            init = (parent / "__init__.py").as_posix()
            if parent.parts and (root / init).is_file():
                found.append(init)
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            if "__pycache__" not in relative and path.name != SCRIPT and \
                    relative not in NOT_IN_WORKER:
                found.append(relative)
    return sorted(found)


def python_archive(root: Path = ROOT, log=print) -> bytes:
    """The archive's bytes: ``worker_modules`` at their paths, each followed by its bytecode
    where zipimport looks for it (``bytecode.archived_name``; left out, after a line to ``log``,
    when it cannot be made: the same game, slower to start), all dated ``ZIP_DATE``."""
    sources = {relative: (root / relative).read_bytes() for relative in worker_modules(root)}
    made = bytecode.compiled(sources, runtime=root / "node_modules" / "pyodide", log=log)
    pycs = made[1] if made is not None else {}
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        for relative, source in sources.items():
            files = [(relative, source)]
            if relative in pycs:
                files.append((bytecode.archived_name(relative), pycs[relative]))
            for name, data in files:
                entry = zipfile.ZipInfo(name, ZIP_DATE)
                entry.compress_type = zipfile.ZIP_DEFLATED
                zipped.writestr(entry, data)
    return archive.getvalue()


def archive_digest(archive: bytes) -> bytes:
    """``ARCHIVE_DIGEST``'s bytes for the archive ``archive``: its SHA-256, hex, and a newline."""
    return hashlib.sha256(archive).hexdigest().encode("ascii") + b"\n"


_cache = {}


def python_archive_cached(root: Path = ROOT) -> bytes:
    """``python_archive(root)``, made again only when a module changed (for the dev server)."""
    key = (str(root), tuple((relative, (root / relative).stat().st_mtime_ns)
                            for relative in worker_modules(root)))
    if _cache.get("key") != key:
        _cache.update(key=key, data=python_archive(root))
    return _cache["data"]
