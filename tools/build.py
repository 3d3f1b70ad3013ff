"""The static site: ``build_site(DIR)`` writes a self-contained copy of the game that any static
host can serve and that works offline after one visit (docs/architecture.md, "Build, cache,
offline").

The site holds the page's own files (``PAGE_FILES``, ``PAGE_DIRS``), the generated ones
(python.zip and its digest, stdlib.zip, python.snapshot and its library when Node can make
them, the compiled catalogues), only the runtime files a page needs (``runtime.RUNTIME_FILES``), ``.nojekyll``
for GitHub Pages, and ``precache.json``
(``PRECACHE_LIST``): every file of the site, relative to its root, with an SRI hash of its
content (``sha256-<base64>``) and a ``version`` derived from those.  The service worker sw.js
precaches exactly that list; the build stamps the version into the site's copy of sw.js, so a
deploy that changes any file is a new worker to the browser.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
from pathlib import Path

from tools import ROOT, catalogues, runtime, snapshot, stdlib, worker_archive

# The page's own files: the HTML, the worker's PyScript configuration, the service worker (at the
# root, so that its scope covers the page) and the folders of the page's scripts and assets and
# of the catalogues.  The worker's modules under them reach the browser only inside python.zip.
PAGE_FILES = ("index.html", "pyscript.toml", "sw.js")
PAGE_DIRS = ("ui", "locale")
# Sources that are not part of the site: the catalogues are shipped compiled.
NOT_SHIPPED = {".pyc", ".po", ".pot"}

# The precache list, its format tag, and the files it leaves out: the service worker itself
# (the browser fetches and updates it), the list, and GitHub Pages' marker file.
PRECACHE_LIST = "precache.json"
PRECACHE_FORMAT = "tweak-precache/1"
SERVICE_WORKER = "sw.js"
NOT_PRECACHED = {SERVICE_WORKER, PRECACHE_LIST, ".nojekyll"}
# The line of sw.js the build replaces with the list's version.
VERSION_LINE = "const VERSION = null;"

LOCAL_REFERENCE = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"'#?]+)""")


def page_sources(root: Path = ROOT) -> list:
    """The page's own files: ``PAGE_FILES`` and every file under ``PAGE_DIRS`` except caches,
    hidden files, ``NOT_SHIPPED`` suffixes and the modules inside the worker's archive; raises
    ``FileNotFoundError`` when one of ``PAGE_FILES`` is missing."""
    missing = [name for name in PAGE_FILES if not (root / name).is_file()]
    if missing:
        raise FileNotFoundError(f"the page is incomplete: {', '.join(missing)} missing in {root}")
    sources = [root / name for name in PAGE_FILES]
    archived = set(worker_archive.worker_modules(root))
    for directory in PAGE_DIRS:
        for path in sorted((root / directory).rglob("*")):
            parts = path.relative_to(root).parts
            if path.is_file() and path.suffix not in NOT_SHIPPED and not any(
                    part == "__pycache__" or part.startswith(".") for part in parts) and \
                    path.relative_to(root).as_posix() not in archived:
                sources.append(path)
    return sources


def referenced_paths(site: Path) -> list:
    """Relative paths the page asks for: ``src``/``href`` in index.html, the ``interpreter`` and
    ``[files]`` keys of pyscript.toml."""
    import tomllib  # Python 3.11+; only the build needs it, so serving works on older Pythons

    html = (site / "index.html").read_text(encoding="utf-8")
    references = LOCAL_REFERENCE.findall(html)
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    if "interpreter" in config:
        references.append(config["interpreter"])
    references.extend(config.get("files", {}))
    # Skip URLs with a scheme (data:, https:), protocol-relative ones and PyScript's {TEMPLATES}.
    return [ref for ref in references
            if ref and ":" not in ref and not ref.startswith("//") and "{" not in ref]


def build_site(destination: Path, root: Path = ROOT, with_snapshot: bool = True) -> list:
    """Write the static site of ``root`` into ``destination`` (replacing an earlier build there);
    return the files written, relative to it.  ``with_snapshot=False`` leaves python.snapshot
    (and its library) out (the worker then starts the normal way: benchmarks compare the two).  Raises ``FileExistsError`` rather than delete a
    directory that is not empty and not an earlier build, ``FileNotFoundError`` when the page
    refers to a file the site would lack, and ``ValueError`` when sw.js cannot be stamped."""
    destination = Path(destination).resolve()
    if destination == root or destination in root.parents:
        raise FileExistsError(f"refusing to build into {destination}: it holds the repository")
    if destination.exists():
        if not destination.is_dir() or (
                any(destination.iterdir()) and not (destination / ".nojekyll").exists()):
            raise FileExistsError(f"refusing to replace {destination}: it exists and is not an "
                                  "earlier build (no .nojekyll); choose another directory")
        shutil.rmtree(destination)

    sources = page_sources(root)
    for name in runtime.RUNTIME_FILES:
        sources.extend(runtime.runtime_paths(name, root))
    written = []
    archive = worker_archive.python_archive(root)
    generated = {**catalogues.generated(root), worker_archive.WORKER_ARCHIVE: archive,
                 worker_archive.ARCHIVE_DIGEST: worker_archive.archive_digest(archive)}
    library = stdlib.stdlib_archive_cached(root)
    if library is not None:
        generated[stdlib.STDLIB_ARCHIVE] = library
    made = snapshot.python_snapshot(archive, root) if with_snapshot else None
    if made is not None:
        generated[snapshot.SNAPSHOT] = made.memory
        generated[snapshot.SNAPSHOT_LIBRARY] = made.library
    for relative, data in generated.items():
        target = destination / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written.append(relative)
    for source in sources:
        relative = source.relative_to(root)
        target = destination / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        written.append(relative.as_posix())
    # GitHub Pages would otherwise run Jekyll, which drops paths starting with "_" or ".".
    (destination / ".nojekyll").write_text("")
    written.append(".nojekyll")

    missing = sorted({ref for ref in referenced_paths(destination)
                      if not (destination / ref).exists()})
    if missing:
        raise FileNotFoundError("the built site lacks files the page refers to: "
                                + ", ".join(missing))

    listing = precache_list(destination, written)
    (destination / PRECACHE_LIST).write_text(json.dumps(listing, indent=1) + "\n",
                                             encoding="utf-8")
    written.append(PRECACHE_LIST)
    stamp_service_worker(destination / SERVICE_WORKER, listing["version"])
    return written


def sri_hash(path: Path) -> str:
    """A file's content hash in the Subresource Integrity form fetch() checks: sha256-<base64>."""
    digest = hashlib.sha256(path.read_bytes()).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def precache_list(site: Path, files) -> dict:
    """The precache list of a built site: ``files`` (paths relative to ``site``) minus
    ``NOT_PRECACHED``, each with its ``sri_hash``, and a ``version``: a hash of those entries and
    of the unstamped service worker, so it changes whenever any file of the site does."""
    entries = {name: sri_hash(site / name) for name in sorted(files) if name not in NOT_PRECACHED}
    basis = json.dumps({"files": entries, SERVICE_WORKER: sri_hash(site / SERVICE_WORKER)},
                       sort_keys=True)
    version = hashlib.sha256(basis.encode("utf-8")).hexdigest()[:20]
    return {"format": PRECACHE_FORMAT, "version": version, "files": entries}


def stamp_service_worker(path: Path, version: str) -> None:
    """Write ``version`` into the built sw.js in place of its ``VERSION_LINE``; raises
    ``ValueError`` unless that line is there exactly once."""
    source = path.read_text(encoding="utf-8")
    if source.count(VERSION_LINE) != 1:
        raise ValueError(f"{path.name} must contain the line {VERSION_LINE!r} exactly once (the "
                         f"build writes the site's version there); found it "
                         f"{source.count(VERSION_LINE)} times")
    path.write_text(source.replace(VERSION_LINE, f"const VERSION = {json.dumps(version)};"),
                    encoding="utf-8")
