"""Run the browser smoke flow (``tests/browsers/smoke.js``) in Firefox ESR, WebKitGTK or
Chromium, for tests/e2e/test_browsers.py and tests/bench/bench_browsers.py.

Playwright cannot download its own Firefox or WebKit here (docs/architecture.md, "Runtime facts"), so:

* **Firefox ESR** and **Chromium** run under puppeteer-core (npm, a devDependency), driven by
  ``tests/browsers/drive.mjs`` in Node: Firefox over WebDriver BiDi, Chromium over CDP.
  ``smoke.js`` is installed with ``evaluateOnNewDocument``.
* **WebKitGTK** runs as ``WebKitWebDriver`` (Debian ``webkit2gtk-driver``) driven by PyPI
  ``selenium``, on a private ``Xvfb`` display.  WebDriver classic has no way to run a script
  before the page's own, and WebKitGTK's MiniBrowser writes no console messages under
  automation, so the page is served from a copy of the repository in which ``index.html``
  loads ``smoke.js`` (a script file, as the CSP allows) in front of its first script (``recording_site``); everything
  else in that copy is a symlink to the repository.

Every run returns the same dict (``run_puppeteer``, ``run_webkit``):

``browser``/``version``
    which engine ran;
``failure``
    None when the flow reached its end, else why not (a timeout names the last step);
``page``
    what smoke.js reported: ``marks`` (ms since navigation: ``ready``, ``dealClick``,
    ``table``, ``done``), ``turns`` (ms per turn, see smoke.js), ``errors`` (recorded in the
    page), ``scriptsBefore`` (page scripts already present when smoke.js started: must be 0),
    ``workers``, ``rounds``, ``outcome``, ``userAgent``;
``consoleErrors``/``pageErrors``
    what the driver itself heard (puppeteer's console and pageerror events; empty for
    WebKitGTK, whose WebDriver has no log API).

``TWEAK_FIREFOX`` / ``TWEAK_WEBKIT_DRIVER`` name another Firefox / WebKitWebDriver than
Debian's ``/usr/bin/firefox-esr`` / ``/usr/bin/WebKitWebDriver``.

``page_errors(result)`` splits every error heard into the page's own and the deliberate ones
of smoke.js's self-check.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
import warnings
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SMOKE_JS = HERE / "smoke.js"
DRIVE_MJS = HERE / "drive.mjs"

FIREFOX = Path(os.environ.get("TWEAK_FIREFOX", "/usr/bin/firefox-esr"))
WEBKIT_DRIVER = Path(os.environ.get("TWEAK_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver"))
XVFB = "Xvfb"
PUPPETEER = ROOT / "node_modules" / "puppeteer-core" / "package.json"

# The deal every smoke run plays: a fixed seed and dealer (the same cards in every browser),
# no pacing of the computer's moves.
SMOKE_QUERY = "?seed=7&dealer=1&pace=instant"
SMOKE_TURNS = 3
SELF_CHECK = "smoke self-check"
POLL_S = 0.03
SELF_CHECK_WAIT_S = 0.3  # the self-check's errors arrive asynchronously


# ---- what is installed ---------------------------------------------------------------------


def puppeteer_problem():
    """Why drive.mjs cannot run here (no Node, no puppeteer-core), or None."""
    if shutil.which("node") is None:
        return "node is not installed (puppeteer-core drives the browser from Node)"
    if not PUPPETEER.exists():
        return "puppeteer-core is not installed in node_modules/ (run npm ci)"
    return None


def firefox_problem():
    """Why the Firefox run cannot happen here, or None."""
    if not FIREFOX.exists():
        return f"Firefox ESR is not installed ({FIREFOX}; Debian: apt-get install firefox-esr)"
    return puppeteer_problem()


def webkit_problem():
    """Why the WebKitGTK run cannot happen here, or None."""
    if not WEBKIT_DRIVER.exists():
        return (f"WebKitGTK's WebDriver is not installed ({WEBKIT_DRIVER}; Debian: apt-get "
                "install webkit2gtk-driver)")
    if shutil.which(XVFB) is None and not os.environ.get("DISPLAY"):
        return "no display: Xvfb is not installed (Debian: apt-get install xvfb) and DISPLAY is unset"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (tests/requirements.txt; python3 tests/run.py installs it)"
    return None


def page_errors(result: dict) -> tuple:
    """(the page's own errors, the self-check's) among everything a run heard."""
    page = result.get("page") or {}
    heard = ([f"page: {text}" for text in page.get("errors", [])]
             + [f"console: {text}" for text in result.get("consoleErrors", [])]
             + [f"pageerror: {text}" for text in result.get("pageErrors", [])])
    own = [text for text in heard if SELF_CHECK not in text]
    return own, [text for text in heard if SELF_CHECK in text]


# ---- Firefox and Chromium: puppeteer-core in Node --------------------------------------------


def run_puppeteer(browser: str, executable, url: str, turns: int = SMOKE_TURNS,
                  timeout_s: float = 120) -> dict:
    """The smoke flow in ``browser`` ("firefox" or "chrome") at ``executable``, via drive.mjs."""
    command = [shutil.which("node"), str(DRIVE_MJS), "--browser", browser,
               "--executable", str(executable), "--url", url, "--turns", str(turns),
               "--timeout-ms", str(int(timeout_s * 1000))]
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                              timeout=timeout_s + 60)
    except subprocess.TimeoutExpired:
        return {"browser": browser, "failure": f"drive.mjs did not end within {timeout_s + 60} s"}
    lines = done.stdout.strip().splitlines()
    try:
        return json.loads(lines[-1])
    except (IndexError, ValueError):
        return {"browser": browser,
                "failure": f"drive.mjs exited {done.returncode} without a report: "
                           f"{done.stderr.strip()[-2000:] or done.stdout.strip()[-2000:]}"}


# ---- WebKitGTK: WebKitWebDriver + selenium ----------------------------------------------------


@contextmanager
def recording_site(root: Path = ROOT):
    """The URL (ending in "/") of ``root`` served by serve.py from a copy in which index.html
    loads smoke.js (a classic script: it runs at once) before its own first script; every
    other entry is a symlink to ``root``."""
    from tools import devserver

    source = (root / "index.html").read_text(encoding="utf-8")
    # As a file of the site, not inline: the page's Content-Security-Policy refuses inline
    # scripts (and so would refuse the recorder).
    smoke = "./" + SMOKE_JS.relative_to(root).as_posix() if SMOKE_JS.is_relative_to(root) \
        else None
    if smoke is None:
        raise ValueError(f"{SMOKE_JS} must lie inside {root} to be served with the page")
    at = source.find("<script")
    if at < 0:
        raise ValueError(f"{root / 'index.html'} has no <script> to put smoke.js in front of")
    with tempfile.TemporaryDirectory(prefix="tweak-recording-") as copy:
        copy = Path(copy)
        for entry in root.iterdir():
            if entry.name not in ("index.html", ".git"):
                (copy / entry.name).symlink_to(entry)
        (copy / "index.html").write_text(
            source[:at] + f'<script src="{smoke}"></script>\n' + source[at:], encoding="utf-8")
        server, url = devserver.start_server(copy, port=0)
        try:
            yield url
        finally:
            server.shutdown()
            server.server_close()


@contextmanager
def virtual_display():
    """A private Xvfb display (":N"), or the session's own DISPLAY when Xvfb is missing."""
    if shutil.which(XVFB) is None:
        yield os.environ["DISPLAY"]
        return
    read_end, write_end = os.pipe()
    # -displayfd: Xvfb picks a free display number and writes it here when it is ready.
    xvfb = subprocess.Popen([XVFB, "-displayfd", str(write_end), "-screen", "0", "1280x900x24",
                             "-nolisten", "tcp"], pass_fds=[write_end],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read_end, 16)
            if not chunk:
                raise RuntimeError("Xvfb exited before it reported its display")
            number += chunk
        yield ":" + number.decode().strip()
    finally:
        os.close(read_end)
        xvfb.terminate()
        try:
            xvfb.wait(timeout=10)
        except subprocess.TimeoutExpired:
            xvfb.kill()


@contextmanager
def webkit_driver():
    """A selenium driver of WebKitGTK's MiniBrowser on a private display; quit on leaving."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    with virtual_display() as display:
        service = Service(executable_path=str(WEBKIT_DRIVER),
                          env={**os.environ, "DISPLAY": display})
        with warnings.catch_warnings():
            # selenium's own WebKitGTK class calls an API selenium deprecated: not ours to fix.
            warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
            driver = webdriver.WebKitGTK(service=service, options=Options())
        try:
            yield driver
        finally:
            driver.quit()


def run_webkit(url: str, turns: int = SMOKE_TURNS, timeout_s: float = 120) -> dict:
    """The smoke flow in WebKitGTK's MiniBrowser; ``url`` must serve a page that already runs
    smoke.js (``recording_site``)."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    result = {"browser": "webkitgtk", "consoleErrors": [], "pageErrors": [], "failure": None}
    launched = time.monotonic()
    with webkit_driver() as driver:
        try:
            result["version"] = f"webkitgtk/{driver.capabilities.get('browserVersion')}"
            result["launchMs"] = round((time.monotonic() - launched) * 1000)
            driver.set_window_size(1280, 860)
            driver.set_page_load_timeout(timeout_s)
            deadline = time.monotonic() + timeout_s
            driver.get(url)
            last = None
            while True:
                if time.monotonic() > deadline:
                    result["failure"] = f"timed out; the last step was {json.dumps(last)}"
                    break
                step = driver.execute_script(
                    "return window.__smoke ? window.__smoke.next(arguments[0])"
                    " : {wait: 'smoke.js'}", turns)
                last = step
                if step.get("done"):
                    break
                if step.get("fail"):
                    result["failure"] = step["fail"]
                    break
                try:
                    if "click" in step:
                        driver.find_element(By.CSS_SELECTOR, step["click"]).click()
                    elif "select" in step:
                        Select(driver.find_element(By.CSS_SELECTOR, step["select"])) \
                            .select_by_value(step["value"])
                except WebDriverException as error:
                    # Re-drawn between the plan and the click: smoke.js will ask again.
                    last = {**step, "error": error.msg}
                time.sleep(POLL_S)
            driver.execute_script("window.__smoke && window.__smoke.selfCheck()")
            time.sleep(SELF_CHECK_WAIT_S)
            result["page"] = driver.execute_script(
                "return window.__smoke && window.__smoke.report()")
        except WebDriverException as error:
            result["failure"] = result["failure"] or f"WebDriver: {error.msg}"
    return result
