"""The development server: the repository (or a built site) over HTTP on 127.0.0.1.

``CONTENT_TYPES`` maps file suffixes to the types the browser must see (a ``.wasm`` served as
anything else cannot be streamed-compiled; an ``.mjs`` must be JavaScript or its import fails).
Everything outside ``CACHED_PREFIX`` is sent with ``Cache-Control: no-cache``.  The generated
files (python.zip and its digest, stdlib.zip, python.snapshot and snapshot-stdlib.zip,
locale/catalogues.zip, locale/start.js) are made on request from the sources as they are now, unless a file of that name is on disk (a built site), which is served as it is.
Files of the types in ``COMPRESSED_TYPES`` go gzipped to a browser that accepts it, as GitHub
Pages sends them: the 9.6 MB wasm is 3.6 MB on the wire.  ``start_server(root, port=0)``
serves from a thread, for the tests.
"""

from __future__ import annotations

import gzip
import hashlib
import http.server
import io
import os
import sys
import threading
from pathlib import Path

from tools import ROOT, catalogues, snapshot, stdlib, worker_archive

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".snapshot": "application/octet-stream",
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

# The types a static host compresses on the fly.  Archives, images and python.snapshot are
# compressed already.
COMPRESSED_TYPES = ("text/", "application/wasm", "application/json", "application/manifest+json",
                    "image/svg+xml")

# Everything but the runtime is revalidated before every use ("no-cache"): the page, its Python,
# CSS and scripts are what a developer edits between reloads, and sw.js and precache.json must
# be seen fresh for a new deploy to be noticed.  Without the header a browser may cache a file
# with a Last-Modified date heuristically, query string or not.  The runtime under this prefix
# keeps normal caching: it never changes for a pinned version, and its wasm is large.
CACHED_PREFIX = "/node_modules/"

# The generated files: {site path: a function of the served root giving their bytes}.
GENERATED = {
    worker_archive.WORKER_ARCHIVE: worker_archive.python_archive_cached,
    worker_archive.ARCHIVE_DIGEST:
        lambda root: worker_archive.archive_digest(worker_archive.python_archive_cached(root)),
    stdlib.STDLIB_ARCHIVE: stdlib.stdlib_archive_cached,
    snapshot.SNAPSHOT: lambda root: _snapshot(root, "memory"),
    snapshot.SNAPSHOT_LIBRARY: lambda root: _snapshot(root, "library"),
    **{name: (lambda root, name=name: catalogues.generated_cached(root)[name])
       for name in (catalogues.ARCHIVE, catalogues.START_SCRIPT)},
}


def _snapshot(root: Path, part: str):
    """``part`` ("memory" or "library") of the snapshot of the repository's python.zip as it is
    now; None when there is none, or for a built site (its python.zip is on disk): a site built
    without a snapshot has none."""
    if (root / worker_archive.WORKER_ARCHIVE).is_file():
        return None
    made = snapshot.python_snapshot_cached(worker_archive.python_archive_cached(root), root)
    return getattr(made, part) if made is not None else None


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves files with the types in ``CONTENT_TYPES``, no-cache headers for edited files, and
    the ``GENERATED`` files."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}
    quiet = False

    def request_path(self) -> str:
        return self.path.split("?", 1)[0].split("#", 1)[0]

    def send_head(self):
        path = self.request_path().lstrip("/")
        if path in GENERATED and not (Path(self.directory) / path).is_file():
            return self.generated_file(path)
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
        compressed = self.compressed_file()
        if compressed is not None:
            return compressed
        return super().send_head()

    def compressed_file(self):
        """The response for a file the browser may have gzipped (``COMPRESSED_TYPES``, and it
        accepts gzip), or None to send it as it is; a "304 Not Modified" for the very date the
        browser has."""
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        content_type = self.guess_type(path)
        if not content_type.startswith(COMPRESSED_TYPES):
            return None
        try:
            status = os.stat(path)
        except OSError:
            return None  # the standard handler says "404"
        modified = self.date_time_string(status.st_mtime)
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(304)
            self.end_headers()
            return None
        data = _gzipped(path, status)
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", modified)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(data)

    def generated_file(self, path: str):
        """The response for the generated file ``path``, made from the sources as they are now
        (None after an error response)."""
        try:
            data = GENERATED[path](Path(self.directory))
        except catalogues.CatalogueError as error:
            self.send_error(500, f"the catalogues cannot be compiled: {error}")
            return None
        if data is None:  # a snapshot that cannot be made: the worker starts without one
            self.send_error(404, f"no {path}: the reason is in the server's output")
            return None
        # An ETag, so that a reload revalidates a generated file as a static host does a file
        # on disk: "304 Not Modified" rather than the whole archive again.
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
        if not self.request_path().startswith(CACHED_PREFIX):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


_compressed = {}
_compressing = threading.Lock()


def _gzipped(path: str, status: os.stat_result) -> bytes:
    """The file at ``path`` gzipped, compressed once for each version of it (the runtime's wasm
    takes half a second)."""
    key = (path, status.st_mtime_ns, status.st_size)
    with _compressing:
        if key not in _compressed:
            with open(path, "rb") as file:
                _compressed[key] = gzip.compress(file.read(), compresslevel=6, mtime=0)
        return _compressed[key]


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that drops a connection mid-file (a reload, a closed tab) is not an error.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(root: Path = ROOT, port: int = 8000, host: str = "127.0.0.1",
                quiet: bool = False) -> Server:
    """A server for ``root`` bound to ``host:port`` (port 0: a free one), not yet serving;
    raises ``OSError`` when it cannot bind."""
    handler = type("RootHandler", (Handler,), {"quiet": quiet})

    def factory(*args, **kwargs):
        return handler(*args, directory=str(root), **kwargs)

    return Server((host, port), factory)


def url_of(server: Server) -> str:
    """The URL a server answers at, ending in "/"."""
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def start_server(root: Path = ROOT, port: int = 0, quiet: bool = True):
    """Serve ``root`` from a daemon thread; return ``(server, url)``.  Stop it with
    ``server.shutdown(); server.server_close()``."""
    server = make_server(Path(root), port, quiet=quiet)
    threading.Thread(target=server.serve_forever, name="devserver", daemon=True).start()
    return server, url_of(server)
