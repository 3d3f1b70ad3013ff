"""TWEAK!'s development server and static-site builder (the standard library, and Babel for the
message catalogues).

    python3 serve.py                  serve the repo on http://127.0.0.1:8000/ and open a browser
    python3 serve.py --port 0         ... on a free port (the URL is printed)
    python3 serve.py --no-browser     ... without opening a browser
    python3 serve.py --build _site    write a self-contained static site into _site/, which works
                                      offline after one visit (sw.js) and installs like an app

The page loads its runtime (Pyodide, MicroPython and PyScript) from repo-relative paths under
``node_modules/``, installed by ``npm ci`` at the versions pinned in ``package-lock.json`` and
never committed.  Both commands first make sure that runtime is installed (``ensure_runtime``),
and that Babel is there to compile the message catalogues (``catalogues.ensure_babel``: the
pinned version, installed with pip into ``.cache/`` the first time).

The worker's modules (tweak/ and ui/) reach the browser as one generated archive,
``python.zip`` (``WORKER_ARCHIVE``), with their bytecode compiled by the browser's own Python
(bytecode.py: Pyodide run by Node, the compiled files cached in ``.cache/``), and the catalogues
(``locale/<lang>/LC_MESSAGES/tweak.po``) become two generated files,
``locale/catalogues.zip`` (the compiled ``.mo`` files the worker reads) and ``locale/start.js``
(the start screen's texts for the first paint); catalogues.py explains them.  The dev server
makes all three on request from the sources as they are now (nothing generated is written into
the repository; a file of that name on disk, as in a built site, is served as it is), the build
writes them into the site, where the precache list covers them.

The data here are paths: ``RUNTIME_FILES`` lists, per npm package, the files a page needs at
run time (STACK.md, "Versions"); ``CONTENT_TYPES`` maps file suffixes to the types the browser
must see (a ``.wasm`` served as anything but ``application/wasm`` cannot be streamed-compiled;
``.mjs`` must be JavaScript or the module import fails).

The built site also holds ``precache.json`` (``PRECACHE_LIST``): every file of the site, relative
to its root, with an SRI hash of its content (``sha256-<base64>``) and a ``version`` derived from
those.  The service worker ``sw.js`` precaches exactly that list; the build stamps the version
into the site's copy of ``sw.js``, so a deploy that changes any file is a new worker to the
browser (sw.js explains the rest).

Tests import ``start_server(root, port=0)``: it serves a directory from a thread and returns the
server and its URL.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import webbrowser
import zipfile
from pathlib import Path

import bytecode
import catalogues

ROOT = Path(__file__).resolve().parent

# The npm packages of the runtime, and the files of each that a page needs.  ``None`` means
# "every file of the directory except source maps": PyScript's chunk names are hashed and change
# with every release (STACK.md), so they are copied all rather than listed.
RUNTIME_FILES = {
    "pyodide": ("", ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                     "pyodide-lock.json")),
    "@pyscript/core": ("dist", None),
    "@micropython/micropython-webassembly-pyscript": ("", ("micropython.mjs", "micropython.wasm")),
}

# The page's own files: the HTML, the PyScript configuration, the service worker (at the root, so
# that its scope covers the page) and the directories of the page's scripts and assets (ui/ also
# holds the app manifest, its icons and install.js).  The engine, tweak/, reaches the browser
# only inside the worker's archive (WORKER_ARCHIVE).
PAGE_FILES = ("index.html", "pyscript.toml", "sw.js")
PAGE_DIRS = ("ui", "locale")

# The worker's Python, one generated archive: the engine and the worker's folder (the package
# ``ui`` itself, and ``ui/worker/``), without the scripts (``__main__.py``: the terminal's, and
# the worker's own, which is index.html's src) and the terminal's tournaments (``NOT_IN_WORKER``).
# pyscript.toml writes it into the worker's file system as it is and ui/worker/__main__.py puts
# it on ``sys.path``: Python imports straight from the archive (zipimport), so nothing is
# unpacked before the first answer.  One request, where modules fetched one by one would hold
# the worker's start back.  Made like the catalogues: on request by the dev server, into the
# site by the build.  tests/ui/test_config.py checks it holds exactly what the worker imports.
WORKER_ARCHIVE = "python.zip"
WORKER_PACKAGES = ("tweak", "ui/worker")
SCRIPT = "__main__.py"
NOT_IN_WORKER = {"tweak/tournament.py"}
# Sources that are not part of the site: the catalogues are shipped compiled (GENERATED).
NOT_SHIPPED = {".pyc", ".po", ".pot"}

# The precache list the build writes, its format tag, and the files it leaves out: the worker
# itself (the browser fetches and updates it), the list, and GitHub Pages' marker file.
PRECACHE_LIST = "precache.json"
PRECACHE_FORMAT = "tweak-precache/1"
SERVICE_WORKER = "sw.js"
NOT_PRECACHED = {SERVICE_WORKER, PRECACHE_LIST, ".nojekyll"}
# The line of sw.js the build replaces with the list's version (sw.js: "In development...").
VERSION_LINE = "const VERSION = null;"

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".map": "application/json",
}

# Everything but the runtime is marked "Cache-Control: no-cache" (revalidate before every use):
# the page, its Python, CSS and scripts are what a developer edits between reloads, and sw.js and
# precache.json must be seen fresh for a new deploy to be noticed.  Without the header a browser
# may cache a file with a Last-Modified date heuristically, query string or not.  The runtime
# under this prefix keeps normal caching: it never changes for a pinned version, and the 9.6 MB
# wasm is worth caching.
CACHED_PREFIX = "/node_modules/"


class RuntimeMissing(RuntimeError):
    """The runtime is not installed and cannot be (no npm, or npm failed)."""


# ---- the runtime from npm ------------------------------------------------------------


def pinned_versions(root: Path = ROOT) -> dict:
    """The version of each runtime package pinned in ``package-lock.json``."""
    lock_path = root / "package-lock.json"
    try:
        lock = json.loads(lock_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise RuntimeMissing(f"cannot read {lock_path}: {error}") from None
    packages = lock.get("packages", {})
    versions = {}
    for name in RUNTIME_FILES:
        entry = packages.get(f"node_modules/{name}")
        if not entry or "version" not in entry:
            raise RuntimeMissing(f"{lock_path.name} does not pin {name}")
        versions[name] = entry["version"]
    return versions


def installed_version(name: str, root: Path = ROOT):
    """The version of ``node_modules/<name>`` as installed, or None when it is not there."""
    try:
        manifest = json.loads((root / "node_modules" / name / "package.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return manifest.get("version")


def runtime_problems(root: Path = ROOT) -> list:
    """Sentences saying what is wrong with the installed runtime; empty when it is ready."""
    problems = []
    for name, pinned in pinned_versions(root).items():
        found = installed_version(name, root)
        if found is None:
            problems.append(f"{name} is not installed")
        elif found != pinned:
            problems.append(f"{name} is {found}, package-lock.json pins {pinned}")
        else:
            problems.extend(f"{name} lacks {path.relative_to(root)}"
                            for path in runtime_paths(name, root) if not path.is_file())
    return problems


def runtime_paths(name: str, root: Path = ROOT) -> list:
    """The files of one runtime package that a page needs, as paths under ``root``."""
    subdir, files = RUNTIME_FILES[name]
    base = root / "node_modules" / name / subdir
    if files is not None:
        return [base / file for file in files]
    return sorted(path for path in base.iterdir() if path.is_file() and path.suffix != ".map")


def ensure_runtime(root: Path = ROOT, log=print) -> None:
    """Run ``npm ci`` unless the pinned runtime is already installed; raise ``RuntimeMissing``
    with a one-line reason when it cannot be installed."""
    problems = runtime_problems(root)
    if not problems:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeMissing("npm was not found: install Node.js 20 or later (it brings npm), "
                             "then run this again")
    log(f"Installing the runtime with npm ci ({'; '.join(problems)})")
    result = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root)
    if result.returncode != 0:
        raise RuntimeMissing(f"npm ci failed with exit code {result.returncode}")
    problems = runtime_problems(root)
    if problems:
        raise RuntimeMissing("after npm ci: " + "; ".join(problems))


# ---- serving -------------------------------------------------------------------------


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves files with the types in ``CONTENT_TYPES`` and no-cache headers for edited files."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}
    quiet = False

    def send_head(self):
        # The files made from the catalogues: made now, unless they are on disk (a built site).
        path = self.path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
        if path in (catalogues.ARCHIVE, catalogues.START_SCRIPT, WORKER_ARCHIVE) and \
                not (Path(self.directory) / path).is_file():
            return self.generated_file()
        # The standard handler answers "304 Not Modified" to a file no newer than the browser's
        # If-Modified-Since.  A file replaced by an older one would then never reach the
        # browser: the dev server's sw.js after a build was served on the same port (copies keep
        # the repo's dates; the stamped sw.js is newer), or a build of an older commit.  Only
        # the very date the browser has is "not modified".
        since = self.headers.get("If-Modified-Since")
        if since:
            path = self.translate_path(self.path)
            if os.path.isdir(path):
                path = os.path.join(path, "index.html")
            try:
                sent = self.date_time_string(os.stat(path).st_mtime)  # as Last-Modified says
            except OSError:
                sent = None
            if sent != since:
                del self.headers["If-Modified-Since"]
        return super().send_head()

    def generated_file(self):
        """The response for a generated file: the worker's archive of modules, or one made from
        the catalogues (``catalogues.generated``), made from the sources as they are now (None
        after an error response)."""
        path = self.path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
        if path == WORKER_ARCHIVE:
            data = python_archive_cached(Path(self.directory))
            return self.send_bytes(path, data)
        try:
            data = catalogues.generated_cached(Path(self.directory))[path]
        except catalogues.CatalogueError as error:
            self.send_error(500, f"the catalogues cannot be compiled: {error}")
            return None
        return self.send_bytes(path, data)

    def send_bytes(self, path: str, data: bytes):
        # An ETag, so that a reload revalidates a generated file as a static host does a file
        # on disk: "304 Not Modified" rather than the whole archive again (issue 7).
        etag = '"' + hashlib.sha256(data).hexdigest()[:32] + '"'
        if etag in self.headers.get("If-None-Match", ""):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("ETag", etag)
        self.end_headers()
        return io.BytesIO(data)

    def end_headers(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(CACHED_PREFIX):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that drops a connection mid-file (a reload, a closed tab) is not an error.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(root: Path = ROOT, port: int = 8000, host: str = "127.0.0.1",
                quiet: bool = False) -> Server:
    """A server for ``root`` bound to ``host:port`` (port 0: a free one), not yet serving."""
    handler = type("RootHandler", (Handler,), {"quiet": quiet})

    def factory(*args, **kwargs):
        return handler(*args, directory=str(root), **kwargs)

    return Server((host, port), factory)


def url_of(server: Server) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def start_server(root: Path = ROOT, port: int = 0, quiet: bool = True):
    """Serve ``root`` from a daemon thread; return ``(server, url)``.  Stop it with
    ``server.shutdown(); server.server_close()``."""
    server = make_server(Path(root), port, quiet=quiet)
    threading.Thread(target=server.serve_forever, name="serve.py", daemon=True).start()
    return server, url_of(server)


# ---- the worker's archive --------------------------------------------------------------


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
    """The worker's archive (``WORKER_ARCHIVE``): ``worker_modules`` at their paths, each
    followed by its bytecode where zipimport looks for it (``bytecode.archived_name``: compiled
    by the browser's own Python, so the worker does not compile them; left out, after a line
    to ``log``, when it cannot be made), all with a fixed date so that the same sources always
    make the same bytes (and the same precache hash)."""
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
                entry = zipfile.ZipInfo(name, catalogues.ZIP_DATE)
                entry.compress_type = zipfile.ZIP_DEFLATED
                zipped.writestr(entry, data)
    return archive.getvalue()


_archive_cache = {}


def python_archive_cached(root: Path = ROOT) -> bytes:
    """``python_archive(root)``, made again only when a module changed (for the dev server)."""
    key = (str(root), tuple((relative, (root / relative).stat().st_mtime_ns)
                            for relative in worker_modules(root)))
    if _archive_cache.get("key") != key:
        _archive_cache.update(key=key, data=python_archive(root))
    return _archive_cache["data"]


# ---- the static site -----------------------------------------------------------------


def page_sources(root: Path = ROOT) -> list:
    """The page's own files: ``PAGE_FILES`` and every file under ``PAGE_DIRS`` except caches
    and the modules that reach the worker inside its archive."""
    missing = [name for name in PAGE_FILES if not (root / name).is_file()]
    if missing:
        raise FileNotFoundError(f"the page is incomplete: {', '.join(missing)} missing in {root}")
    sources = [root / name for name in PAGE_FILES]
    archived = set(worker_modules(root))
    for directory in PAGE_DIRS:
        for path in sorted((root / directory).rglob("*")):
            parts = path.relative_to(root).parts
            if path.is_file() and path.suffix not in NOT_SHIPPED and not any(
                    part == "__pycache__" or part.startswith(".") for part in parts) and \
                    path.relative_to(root).as_posix() not in archived:
                sources.append(path)
    return sources


LOCAL_REFERENCE = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"'#?]+)""")


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


def build_site(destination: Path, root: Path = ROOT) -> list:
    """Write the static site into ``destination`` (replacing an earlier build there); return the
    files written, relative to it.  Raises ``FileExistsError`` rather than delete a directory
    that is not empty and not an earlier build, and ``FileNotFoundError`` when the page refers
    to a file the site would lack."""
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
    for name in RUNTIME_FILES:
        sources.extend(runtime_paths(name, root))
    written = []
    generated = {**catalogues.generated(root), WORKER_ARCHIVE: python_archive(root)}
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
    """Write ``version`` into the built sw.js in place of its ``VERSION_LINE``."""
    source = path.read_text(encoding="utf-8")
    if source.count(VERSION_LINE) != 1:
        raise ValueError(f"{path.name} must contain the line {VERSION_LINE!r} exactly once (the "
                         f"build writes the site's version there); found it "
                         f"{source.count(VERSION_LINE)} times")
    path.write_text(source.replace(VERSION_LINE, f"const VERSION = {json.dumps(version)};"),
                    encoding="utf-8")


# ---- the command ---------------------------------------------------------------------


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Serve TWEAK! locally, or build its static site.")
    parser.add_argument("--port", type=int, default=8000,
                        help="port on 127.0.0.1 (default 8000; 0 picks a free one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--build", metavar="DIR", type=Path,
                        help="write a self-contained static site into DIR and exit")
    args = parser.parse_args(argv)

    try:
        ensure_runtime(ROOT)
        catalogues.ensure_babel(ROOT)
        if args.build:
            written = build_site(args.build, ROOT)
            size = sum((args.build / name).stat().st_size for name in written)
            print(f"Built {len(written)} files ({size / 2**20:.1f} MiB) into {args.build}")
            return 0
        server = make_server(ROOT, args.port)
    except (RuntimeMissing, catalogues.CatalogueError, FileNotFoundError, FileExistsError,
            ValueError) as error:
        print(f"serve.py: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # the port is taken, or not ours to bind
        print(f"serve.py: cannot listen on 127.0.0.1:{args.port}: {error.strerror}",
              file=sys.stderr)
        return 1

    url = url_of(server)
    print(f"Serving TWEAK! at {url}  (Ctrl+C stops)", flush=True)
    if not args.no_browser:
        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
