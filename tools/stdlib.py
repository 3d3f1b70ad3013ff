"""stdlib.zip (``STDLIB_ARCHIVE``): the part of the pinned Pyodide's standard library that the
worker imports, generated, never committed.  The dev server makes it on request, the build
writes it into the site, and ui/worker/interpreter.mjs starts Pyodide with it instead of the
whole python_stdlib.zip (2.5 MB on the wire, most of it modules a card game never imports: a
phone's first visit waits for every byte).

What it holds: the import closure of the worker's modules (python.zip's, tools/worker_archive.py;
all their imports), of PyScript's Python, of what Pyodide's and the worker's start import
(``ROOTS``), and of the codecs Python may look up by name (``CODECS``).  In the standard
library's own modules it follows the imports that run when the module is imported (``try``
blocks included), not those inside functions nor under ``if __name__ == "__main__"``: those
pulled in unittest, pdb and the REPL.  A top-level package goes in whole (its submodules import
one another in ways no scan sees), but ``encodings``, whose codecs are only ever looked up by
name.  The archive also lists the modules it left out (``LEFT_OUT``).
Whatever a scan cannot see (an ``importlib.import_module`` of a computed name) is found all the
same: ui/worker/stdlib_rest.py fetches the whole library the first time a module outside this
one is imported.

* ``stdlib_archive(root)``: the archive's bytes, or None when Pyodide is not installed (the
  whole library's when it cannot be read);
  ``stdlib_archive_cached(root)`` the same, made again only when a module of the game changed;
* ``closure(sources, packages, roots)``: the module names reached from ``roots`` in
  ``sources`` ({dotted module name: source bytes}).
"""

from __future__ import annotations

import ast
import io
import re
import zipfile
from pathlib import Path

from tools import ROOT, ZIP_DATE, worker_archive

STDLIB_ARCHIVE = "stdlib.zip"
PYSCRIPT = Path("node_modules/@pyscript/core/dist")
# In the archive: the dotted names of the modules left out, one a line (what
# ui/worker/stdlib_rest.py fetches the whole library for; any other missing module is missing
# from the whole library too).
LEFT_OUT = "tweak-left-out.txt"
FULL_STDLIB = "python_stdlib.zip"

# The standard library's modules that the worker's start imports besides the game's own
# (PyScript's worker prelude and ui/worker/__main__.py), found by comparing sys.modules in a
# started worker with a snapshot's (tools/snapshot.py imports them before the snapshot).  html:
# PyScript's display imports it, and compiling html.entities took the worker 130 ms.
WORKER_START = ("asyncio", "base64", "gc", "hashlib", "html", "inspect", "json", "os", "random",
                "sys", "textwrap", "traceback", "zipfile")

# What the worker imports that no module of the game names, besides PyScript's Python (read
# from its JavaScript, ``pyscript_imports``): Pyodide's own start (its packages and what
# Python's initialisation imports), the worker's start, and importlib.metadata, which every
# importlib.invalidate_caches() imports.
ROOTS = ("_pyodide", "pyodide", "site", "sitecustomize",
         "_sysconfigdata__emscripten_wasm32-emscripten", "zipimport", "importlib", "pathlib",
         "importlib.metadata", "encodings", *WORKER_START)

# The codecs of ``encodings`` kept: the ones Python's start and the game's text use, and cp437,
# zipfile's for the names in an archive.
CODECS = ("aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le",
          "utf_16_be", "utf_32", "raw_unicode_escape", "unicode_escape", "idna", "cp437")

# An import statement, for a source the CPython running the build cannot parse (newer syntax):
# ``import a.b, c as d`` or ``from .x import (y, z)``, possibly over several lines.
IMPORT_LINE = re.compile(
    r"^\s*(?:import\s+([\w., \t]+)|from\s+(\.*[\w.]*)\s+import\s+(\([^)]*\)|[\w., \t*]+))",
    re.MULTILINE)


def _run_at_import(tree):
    """The nodes of a module that run when it is imported: not those inside functions, nor
    under ``if __name__ == "__main__":``."""
    pending = [tree]
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.If) and "__main__" in ast.dump(node.test):
            pending.extend(node.orelse)
            continue
        pending.extend(ast.iter_child_nodes(node))


def _top_level_text(text: str) -> str:
    """A source's lines that run when it is imported, as far as indentation tells (for a source
    the build's Python cannot parse): not the blocks under a ``def`` or ``if __name__``."""
    kept, skipping = [], False
    for line in text.splitlines():
        if line and not line[0].isspace():
            skipping = line.startswith(("def ", "async def ", "if __name__", "@"))
        if not skipping:
            kept.append(line)
    return "\n".join(kept)


def _imported(module: str, is_package: bool, source: bytes, top_level: bool = False) -> set:
    """The absolute names ``module``'s source imports (``from a import b`` gives ``a`` and
    ``a.b``: b may be a module); with ``top_level``, only the imports that run when it is
    imported (a source the build's Python cannot parse gives all its imports)."""
    package = module if is_package else module.rpartition(".")[0]

    def absolute(level: int, name: str) -> str:
        if not level:
            return name
        base = package.split(".")
        base = base[:len(base) - (level - 1)] if level > 1 else base
        return ".".join([*base, name] if name else base)

    found = set()
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        tree = None
    if tree is not None:
        for node in _run_at_import(tree) if top_level else ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = absolute(node.level, node.module or "")
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
        return found
    text = source.decode("utf-8", "replace")
    for match in IMPORT_LINE.finditer(_top_level_text(text) if top_level else text):
        plain, origin, names = match.groups()
        if plain is not None:
            found.update(part.split()[0] for part in plain.split(",") if part.split())
            continue
        level = len(origin) - len(origin.lstrip("."))
        base = absolute(level, origin.lstrip("."))
        found.add(base)
        for part in names.strip("()").replace("\n", " ").split(","):
            if part.split() and part.split()[0] != "*":
                found.add(f"{base}.{part.split()[0]}")
    return found


def pyscript_imports(script: str) -> set:
    """The modules PyScript's Python imports: its package's files and preludes are strings in
    its JavaScript (newlines written ``\\n``), read here as text."""
    return {name.split(".")[0] if name.startswith(".") else name
            for name in _imported("pyscript", True, script.replace("\\n", "\n").encode())
            if not name.startswith("pyscript")}


def closure(sources: dict, packages: set, roots) -> set:
    """The names in ``sources`` ({dotted name: source bytes}; ``packages`` the names that are
    packages) reached from ``roots`` through imports, each with the packages around it."""
    reached, pending = set(), list(roots)
    while pending:
        name = pending.pop()
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            prefix = ".".join(parts[:end])
            if prefix in sources and prefix not in reached:
                reached.add(prefix)
                pending.extend(_imported(prefix, prefix in packages, sources[prefix],
                                         top_level=True))
    return reached


def _module_name(path: str):
    """``a/b.py`` -> ("a.b", False), ``a/__init__.py`` -> ("a", True); None for other files."""
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def stdlib_archive(root: Path = ROOT, log=print):
    """The trimmed standard library's bytes (deflated, dated ``ZIP_DATE``: the same bytes for
    the same runtime and game), or None when the runtime is not installed; the whole library's
    (after a line to ``log``) when it cannot be read as an archive."""
    full = root / "node_modules" / "pyodide" / FULL_STDLIB
    if not full.is_file():
        return None
    try:
        with zipfile.ZipFile(full) as library:
            entries = {info.filename: library.read(info) for info in library.infolist()
                       if not info.is_dir()}
    except (zipfile.BadZipFile, OSError) as error:
        log(f"stdlib: {FULL_STDLIB} could not be read ({error}); the worker gets it whole")
        return full.read_bytes()
    sources, packages = {}, set()
    for path, data in entries.items():
        named = _module_name(path)
        if named:
            sources[named[0]] = data
            if named[1]:
                packages.add(named[0])
    roots = [*ROOTS, *(f"encodings.{codec}" for codec in CODECS)]
    for script in sorted((root / PYSCRIPT).glob("*.js")):
        roots.extend(pyscript_imports(script.read_text(encoding="utf-8", errors="replace")))
    for relative in worker_archive.worker_modules(root):
        name, is_package = _module_name(relative)
        roots.extend(_imported(name, is_package, (root / relative).read_bytes()))
    reached = closure(sources, packages, roots)
    # Whole top-level packages, but encodings.
    tops = {name.split(".")[0] for name in reached} - {"encodings"}
    kept = sorted(path for path in entries
                  if path.split("/")[0].removesuffix(".py") in tops
                  or (_module_name(path) or ("",))[0] in reached)
    left_out = sorted(_module_name(path)[0] for path in set(entries) - set(kept)
                      if _module_name(path))
    files = {**{path: entries[path] for path in kept},
             LEFT_OUT: "".join(f"{name}\n" for name in left_out).encode()}
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        for path, data in files.items():
            entry = zipfile.ZipInfo(path, ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            zipped.writestr(entry, data, compresslevel=9)
    return archive.getvalue()


_cache = {}


def stdlib_archive_cached(root: Path = ROOT):
    """``stdlib_archive(root)``, made again only when the game's modules or the runtime changed
    (for the dev server and the snapshot)."""
    full = root / "node_modules" / "pyodide" / FULL_STDLIB
    key = (str(root), full.stat().st_mtime_ns if full.is_file() else None,
           tuple((relative, (root / relative).stat().st_mtime_ns)
                 for relative in worker_archive.worker_modules(root)))
    if _cache.get("key") != key:
        _cache.update(key=key, data=stdlib_archive(root))
    return _cache["data"]
