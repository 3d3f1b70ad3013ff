"""Browser fixtures for the e2e tests (pytest-playwright).

* ``browser_type_launch_args`` — which chromium runs: Debian's ``/usr/bin/chromium`` with the
  flags docs/architecture.md names, or Playwright's own.  ``TWEAK_BROWSER`` decides ("system",
  "playwright", or a path to a chromium executable); unset, the system one wins when present.
  ``tests/run.py`` sets it after installing what it chose.
* ``site_url`` — the repo served by ``serve.py`` on a free port of 127.0.0.1, for the session;
  ``built_site_url`` — the same for a fresh ``serve.py --build`` output (what gets deployed).
* ``page_log`` — everything a page asked for and complained about: every request URL, every
  console error, every uncaught page error and every failed or HTTP >= 400 response.
  ``page_log.problems()`` lists what breaks "the game runs offline and cleanly".
* ``wait_for_python`` — a function that waits for ``html[data-python=ready]``.
* ``game_page`` — a page opened on ``site_url`` with Python ready (``html[data-python=ready]``);
  when the test ends it fails the test if ``page_log.problems()`` is not empty.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tools import ROOT, build, devserver, runtime

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
# Debian's chromium under Playwright (docs/architecture.md, "Runtime facts"): no sandbox (we run as root in CI), and none of
# the browser's own background traffic to Google's services.
SYSTEM_CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

# Cold start of Pyodide + PyScript takes ~2 s here (docs/architecture.md, "Runtime facts"); a loaded CI machine with two
# shared cores can be several times slower.  Generous, since a miss is a failed test.
PYTHON_READY_TIMEOUT_MS = 60_000

# Every browser these tests start lays text out in the fonts CI has (tests/e2e/fonts.conf): a
# table that fits, or a panel that keeps its height, here does so there.  Set before any
# browser starts, and inherited by the namespace's tests (tests/netns.py).
os.environ.setdefault("FONTCONFIG_FILE", str(Path(__file__).with_name("fonts.conf")))

LOCAL_HOSTS = {"127.0.0.1"}
LOCAL_SCHEMES = {"data", "blob", "about"}


def chromium_executable():
    """The executable named by TWEAK_BROWSER, or None for Playwright's own chromium."""
    choice = os.environ.get("TWEAK_BROWSER", "auto")
    if choice == "auto":
        return SYSTEM_CHROMIUM if SYSTEM_CHROMIUM.exists() else None
    if choice == "playwright":
        return None
    path = SYSTEM_CHROMIUM if choice == "system" else Path(choice)
    if not path.exists():
        raise pytest.UsageError(f"TWEAK_BROWSER={choice}: {path} does not exist")
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    executable = chromium_executable()
    if executable is None:
        return browser_type_launch_args
    return {**browser_type_launch_args, "executable_path": str(executable),
            "args": [*browser_type_launch_args.get("args", []), *SYSTEM_CHROMIUM_FLAGS]}


def _serve(root):
    server, url = devserver.start_server(root, port=0)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url():
    """The URL (ending in "/") of the repository served as in development."""
    if runtime.runtime_problems(ROOT):
        pytest.fail("the runtime is not installed (run python3 tests/run.py, or npm ci): "
                    + "; ".join(runtime.runtime_problems(ROOT)))
    yield from _serve(ROOT)


@pytest.fixture(scope="session")
def built_site_url(tmp_path_factory):
    """The URL (ending in "/") of a static site freshly built by ``serve.py --build``."""
    site = tmp_path_factory.mktemp("site")
    build.build_site(site, ROOT)
    yield from _serve(site)


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or parts.hostname in LOCAL_HOSTS


@dataclass
class PageLog:
    """What one page did: its requests and its complaints, in order."""

    requests: list = field(default_factory=list)        # every URL requested
    console_errors: list = field(default_factory=list)  # console.error texts (with location)
    page_errors: list = field(default_factory=list)     # uncaught exceptions
    failures: list = field(default_factory=list)        # "404 URL", "net::ERR_… URL"

    def foreign_requests(self) -> list:
        """Requests that leave 127.0.0.1 (a CDN, a font service...): the game must need none."""
        return [url for url in self.requests if not is_local(url)]

    def problems(self) -> list:
        return ([f"request outside 127.0.0.1: {url}" for url in self.foreign_requests()]
                + [f"console error: {text}" for text in self.console_errors]
                + [f"page error: {text}" for text in self.page_errors]
                + [f"failed request: {text}" for text in self.failures])


@pytest.fixture
def page_log(page) -> PageLog:
    log = PageLog()

    def on_console(message):
        if message.type == "error":
            where = message.location or {}
            log.console_errors.append(f"{message.text} ({where.get('url', '?')}:"
                                      f"{where.get('lineNumber', '?')})")

    def on_response(response):
        if response.status >= 400:
            log.failures.append(f"{response.status} {response.url}")

    def on_request_failed(request):
        # "Aborted" is the browser cancelling a request, not a server failing one: Chromium ends
        # every HEAD request (no body to read) that way, answered or not (ui/main_thread/boot.js asks HEAD of
        # the worker's files when the game is slow to start), and a test's own navigation cancels
        # whatever is still in flight, such as the low-priority favicon.  A missing file still
        # shows up in on_response as its 404; a refused or offline request as its own error.
        if request.failure == "net::ERR_ABORTED":
            return
        log.failures.append(f"{request.failure} {request.url}")

    page.on("request", lambda request: log.requests.append(request.url))
    page.on("console", on_console)
    page.on("pageerror", lambda error: log.page_errors.append(str(error)))
    page.on("response", on_response)
    page.on("requestfailed", on_request_failed)
    return log


def _wait_for_python(page, timeout_ms: int = PYTHON_READY_TIMEOUT_MS) -> None:
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=timeout_ms)


@pytest.fixture
def wait_for_python():
    """A function ``wait_for_python(page)``: wait until the page's Python has started and wired
    the UI (the page contract: ``<html data-python="ready">``)."""
    return _wait_for_python


@pytest.fixture
def game_page(page, page_log, site_url):
    """The game, opened and ready; the test fails afterwards if the page misbehaved."""
    page.goto(site_url)
    _wait_for_python(page)
    yield page
    problems = page_log.problems()
    assert not problems, "the page misbehaved:\n" + "\n".join(problems)
