"""Start-up and responsiveness of the game page (issue 7), against a minimal PyScript page on the
same local runtime.

    nice -n 10 python3 tests/bench/bench_startup.py [--runs N] [--out FILE] [--profile]
                                                    [--root DIR | --commit REV]

In one Chromium run it serves the repository on 127.0.0.1 (serve.py) and loads, alternately,
``tests/bench/minimal/index.html`` (the same PyScript 0.7.31 and node_modules Pyodide, one line
of Python, on the main thread), ``tests/bench/minimal/worker.html`` (the game's architecture with
nothing of the game: a named Pyodide worker exporting one function, MicroPython on the main
thread calling it once — what PyScript's worker and MicroPython cost by themselves) and the game (``index.html``: MicroPython on the main thread, the
game in a Pyodide worker), ``--runs`` times each (default 5), and prints medians (times in ms
from navigation start, taken inside the page by ``performance.now()``):

* first paint — the browser's first-contentful-paint of the start screen (plain HTML); goal:
  under 300 ms;
* Python ready — when ``<html data-python="ready">`` is set (MicroPython started, the worker
  answered, the page wired); goal: the game within 1.15× the minimal page;
* game's own start — from the worker's request for its modules (``python.zip``: Pyodide has
  started by then) to ready: the archive fetched (not unpacked), PyScript's worker prelude (the
  minimal worker page has it too), the game's modules imported and its first answer; the part
  of "ready" that is the game's own;
* table drawn — from the click on Deal (made as soon as Python is ready) until the table is
  in the DOM (``[data-screen=table]``); the game only;
* longest task after first paint — the longest main-thread task (below) from first paint to
  ready; goal: 50 ms at most (the minimal page, Pyodide on its main thread, shows why).

Each load happens twice: "cold" in a fresh browser context (nothing cached: the 9.6 MB wasm
is fetched and compiled again) and "warm" in one persistent context (HTTP cache kept, as a
returning player has it).

Then, for the game only:

* longest main-thread task — every long task (over 50 ms, a buffered
  ``PerformanceObserver({type: "longtask"})`` installed before the page's scripts) from
  navigation through the table being drawn and at least 20 computer moves at instant pace
  (``?pace=instant``, six seats: you and five computers at the default level, played by
  clicking a hand card then Place, Next round on a score sheet, Give up when bombed, waiting for
  ``#app:not([aria-busy])`` between steps), in a fresh context (a first visit); goal: no task
  over 50 ms after first paint.  Every long task after first paint is listed with its start and
  its phase: "before ready" (first paint → ready), "dealing" (ready → table drawn) or "computer
  moves" (after);
* frame gaps while Hard thinks — the gaps between ``requestAnimationFrame`` callbacks over the
  whole sequence of computer moves between two of your turns (six seats, five computers at
  Hard, ``?pace=fast``: each move shows 0.4 s after it was asked for, Hard thinks in the
  worker), three sequences a run; goal: no gap over 50 ms while the computers think (one frame
  is 16.7 ms); max and 99th percentile of all gaps, how many gaps over 50 ms hold no long task
  of the main thread (the renderer waited for a core: the machine, not the page), and the long
  tasks meanwhile;
* second visit — the site as deployed (``build.build_site`` into a temporary directory, served
  by ``devserver.start_server``), in a persistent profile per run: a first visit (ready, then wait
  until the service worker ``sw.js`` controls the page), then two second visits; ready of each,
  and how many of the second visits' page loads the service worker answered; goal: the second
  visit ready sooner than the first.  Beside it, the same with service workers blocked (HTTP
  cache only), the baseline the service worker has to beat.  When the repository has no sw.js
  or no worker takes control, the second visit is measured with the HTTP cache only, and the
  report says so.

``--profile`` adds two cold loads of the game under a Chrome trace (timeline events and V8's
CPU sampler; the second also deals and plays 10 computer moves) and breaks every main-thread
task over 50 ms down: its wall time and the CPU time the thread actually got in it (on a busy
machine most of a long task can be waiting for a core), what ran in it by trace event (wasm
compilation, style, layout, paint, GC) and by CPU sample (MicroPython running Python —
PyScript's bootstrap, which imports the ``pyscript`` package, plus ui/main_thread/page.py — PyScript's own
JavaScript, the browser's native work).  It also prints the main thread's CPU time from first
paint to ready and how much of it went to animation frames.  When ui/main_thread/page.py sets
``performance.mark``s named ``page.py…`` (a temporary copy can, see ``--root``) the Python
samples are split at those marks.

``--root DIR`` serves another copy of the repository (a change tried in a temporary copy with
node_modules symlinked) instead of this one; ``--commit REV`` serves a clean export of a commit
(``git archive``), as the working tree of a shared repository may hold others' edits in
progress.

The machine is shared and has 2 cores, so absolute figures vary by tens of per cent between
runs; the ratios measured in the same run are the stable figures.  Figures, never assertions:
tests/e2e/test_worker.py holds the bounds that catch a frozen page.  Needs the playwright
package (tests/run.py installs it in .venv); uses /usr/bin/chromium when present, else
Playwright's own browser.  The output is committed in tests/bench/results/startup.txt.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from bisect import bisect_left
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import build, devserver, worker_archive  # noqa: E402  (after the path set-up)

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PAGES = {"minimal": "tests/bench/minimal/index.html", "worker": "tests/bench/minimal/worker.html",
         "game": "index.html"}
TIMEOUT_MS = 120_000
STEP_TIMEOUT_MS = 60_000
LONG_TASK_MS = 50  # the browser's own threshold for a long task, and the goal
BOT_MOVES = 20  # computer moves played at instant pace for the long-task figure
HARD_SEQUENCES = 3  # sequences of computer moves timed per run for the frame gaps
SECOND_VISITS = 2  # second visits per run to the built site
# Playwright's wait_for_function polls on every animation frame unless told otherwise: that is
# main-thread work of the harness, not of the page.  The marks themselves are taken in the page.
POLL_MS = 100

# Installed before any page script: records when Python says it is ready, clicks Deal at that
# moment (when asked), and records when the table appears; every long task of the main thread
# (buffered: none is missed before the observer runs); the computer moves shown (a change of
# the table's data-to-act away from a computer's seat); frame gaps on request.
RECORDER = """
(() => {
  const marks = window.__startup = {};
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({start: entry.startTime, duration: entry.duration});
    }
  }).observe({type: "longtask", buffered: true});
  window.__botMoves = 0;
  let toAct = null;
  new MutationObserver(() => {
    const root = document.documentElement;  // not there yet when this script is installed
    if (marks.ready === undefined && root && root.dataset.python === "ready") {
      marks.ready = performance.now();
      const deal = document.getElementById("deal");
      if (deal && window.__dealOnReady) {
        marks.deal = performance.now();
        deal.click();
      }
    }
    const table = document.querySelector("[data-screen=table]");
    if (marks.deal !== undefined && marks.table === undefined && table) {
      marks.table = performance.now();
    }
    const now = table ? table.dataset.toAct : null;
    if (now !== toAct) {
      if (toAct !== null && toAct !== "0" && toAct !== "None") window.__botMoves += 1;
      toAct = now;
    }
  }).observe(document, { attributes: true, childList: true, subtree: true });
  // Frame gaps: requestAnimationFrame deltas between start() and stop().
  let frames = null;
  window.__frames = {
    start() {
      frames = [];
      const tick = (t) => { if (frames) { frames.push(t); requestAnimationFrame(tick); } };
      requestAnimationFrame(tick);
    },
    stop() {
      const times = frames || [];
      frames = null;
      return times.slice(1).map((t, i) => [times[i], t - times[i]]);
    },
  };
})();
"""

FIRST_PAINT = """() => {
    const entry = performance.getEntriesByName("first-contentful-paint")[0]
               || performance.getEntriesByName("first-paint")[0];
    return entry ? entry.startTime : NaN;
}"""


def first_paint(page) -> float:
    return page.evaluate(FIRST_PAINT)


def open_page(context, url: str, deal: bool = False, latency_ms: int = 0):
    """The page loaded until "ready"; with ``latency_ms``, every request of the page and of its
    workers waits that long first (Chromium's network emulation: a real network's round trips,
    which localhost hides)."""
    page = context.new_page()
    if latency_ms:
        conditions = {"offline": False, "latency": latency_ms, "downloadThroughput": -1,
                      "uploadThroughput": -1}
        context.new_cdp_session(page).send("Network.emulateNetworkConditions", conditions)
    page.add_init_script(f"window.__dealOnReady = {'true' if deal else 'false'};")
    page.add_init_script(RECORDER)
    response = page.goto(url)
    page.wait_for_function("window.__startup && window.__startup.ready !== undefined",
                           timeout=TIMEOUT_MS, polling=POLL_MS)
    return page, response


def load(context, url: str, deal: bool) -> dict:
    archives = []  # the worker's request for its modules: its runtime has started by then

    def listener(request):
        if request.url.endswith("/" + worker_archive.WORKER_ARCHIVE):
            archives.append(request)

    context.on("request", listener)
    try:
        page, _ = open_page(context, url, deal)
    finally:
        context.remove_listener("request", listener)
    if deal:
        page.wait_for_function("window.__startup.table !== undefined",
                               timeout=TIMEOUT_MS, polling=POLL_MS)
    marks = page.evaluate("window.__startup")
    figures = {"paint": first_paint(page), "ready": marks["ready"]}
    if archives:
        asked = archives[0].timing["startTime"] - page.evaluate("performance.timeOrigin")
        figures["own"] = marks["ready"] - asked
    figures["longest"] = max((t["duration"] for t in page.evaluate("window.__longTasks")
                              if t["start"] >= figures["paint"]), default=0.0)
    if deal:
        figures["table"] = marks["table"] - marks["deal"]
    # Leave no saved game behind: each game load starts from the same start screen.
    page.evaluate("localStorage.clear()")
    page.close()
    return figures


def median(values) -> float:
    return statistics.median(values) if values else float("nan")


def percentile(values, fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# ---- playing by clicking ---------------------------------------------------------------------


def settle(page) -> None:
    page.wait_for_selector("#app:not([aria-busy])", state="attached", timeout=STEP_TIMEOUT_MS)


def visible(page, selector: str) -> bool:
    return page.locator(selector).first.is_visible()


def wait_for_human(page) -> str:
    """Wait until the screen waits for the person (seat 0): returns "turn", "bomb", "sheet" or
    "over"."""
    page.wait_for_function("""() => !document.querySelector("#app[aria-busy]") && (
        document.querySelector("#place, #give-up, #next-round, [data-screen=over]"))""",
                           timeout=STEP_TIMEOUT_MS, polling=POLL_MS)
    if visible(page, "#next-round"):
        return "sheet"
    if visible(page, "[data-screen=over]"):
        return "over"
    return "bomb" if visible(page, "#give-up") else "turn"


def human_step(page, state: str) -> None:
    """The person's move by clicking: a hand card then Place (or Give up), or Next round."""
    if state == "sheet":
        page.locator("#next-round").click()
        return
    button = "#give-up" if state == "bomb" else "#place"
    cards = page.locator(".hand [data-ui^='hand:']")
    for index in range(cards.count()):
        cards.nth(index).click()
        settle(page)
        if page.locator(button).is_enabled():
            page.locator(button).click()
            return
    raise RuntimeError(f"no card of the hand enables {button}")


def choose_seats(page, players: int, level: str = "") -> None:
    """Choose ``players`` seats on the start screen (seat 0 human, the rest computers, at
    ``level`` if given: option values ``bot:LEVEL``, tweak.bots.CHOICES)."""
    page.locator(f"input[name=players][value='{players}'] + span").click()
    if level:
        for seat in range(1, players):
            page.locator(f"select[name=kind-{seat}]").select_option(f"bot:{level}")


def play_instant(context, base: str, seed: int) -> dict:
    """A first visit, Deal, then at least BOT_MOVES computer moves at instant pace; the long
    tasks with the marks that divide them into phases."""
    page, _ = open_page(context, base + f"index.html?pace=instant&seed={seed}")
    choose_seats(page, 6)
    page.evaluate("window.__startup.deal = performance.now()")
    page.locator("#deal").click()
    page.wait_for_function("window.__startup.table !== undefined",
                           timeout=TIMEOUT_MS, polling=POLL_MS)
    while page.evaluate("window.__botMoves") < BOT_MOVES:
        state = wait_for_human(page)
        if state == "over":
            break
        human_step(page, state)
    settle(page)
    figures = {"paint": first_paint(page), **page.evaluate("window.__startup"),
               "tasks": page.evaluate("window.__longTasks"),
               "moves": page.evaluate("window.__botMoves")}
    page.evaluate("localStorage.clear()")
    page.close()
    return figures


def hard_frame_gaps(context, base: str, seed: int) -> dict:
    """Six seats, five computers at Hard, fast pace: rAF gaps over HARD_SEQUENCES sequences of
    computer moves, each from your click on Place until your next turn (or a score sheet)."""
    page, _ = open_page(context, base + f"index.html?pace=fast&seed={seed}")
    choose_seats(page, 6, "hard")
    page.locator("#deal").click()
    gaps, sequences, moves, seconds, tasks, unexplained = [], 0, 0, 0.0, [], 0
    state = wait_for_human(page)
    while sequences < HARD_SEQUENCES and state != "over":
        if state == "sheet":
            human_step(page, state)
            state = wait_for_human(page)
            continue
        before = page.evaluate("window.__botMoves")
        # The person's choice of card is not timed; the sequence starts with the click on
        # Place (or Give up) and ends when the person is to act again.
        button = "#give-up" if state == "bomb" else "#place"
        cards = page.locator(".hand [data-ui^='hand:']")
        for index in range(cards.count()):
            cards.nth(index).click()
            settle(page)
            if page.locator(button).is_enabled():
                break
        page.evaluate("window.__frames.start(); window.__sequenceStart = performance.now()")
        page.locator(button).click()
        state = wait_for_human(page)
        seconds += page.evaluate("(performance.now() - window.__sequenceStart) / 1000")
        frames = page.evaluate("window.__frames.stop()")
        begun = page.evaluate("window.__sequenceStart")
        during = [t for t in page.evaluate("window.__longTasks") if t["start"] >= begun]
        tasks += [t["duration"] for t in during]
        gaps += [gap for _, gap in frames]
        # A gap with no long task of this thread in it: the renderer was not given the CPU.
        unexplained += sum(1 for start, gap in frames if gap > LONG_TASK_MS and not any(
            t["start"] < start + gap and t["start"] + t["duration"] > start for t in during))
        moves += page.evaluate("window.__botMoves") - before
        sequences += 1
    page.evaluate("localStorage.clear()")
    page.close()
    return {"gaps": gaps, "sequences": sequences, "moves": moves, "seconds": seconds,
            "tasks": tasks, "unexplained": unexplained}


# ---- the second visit, on the built site ---------------------------------------------------


def visits(playwright, launch: dict, url: str, block_workers: bool, site: Path) -> dict:
    """A first visit and SECOND_VISITS second visits in one new persistent profile."""
    has_worker = (site / build.SERVICE_WORKER).exists()
    with tempfile.TemporaryDirectory() as profile:
        options = dict(launch, service_workers="block") if block_workers else launch
        context = playwright.chromium.launch_persistent_context(profile, **options)
        try:
            page, _ = open_page(context, url)
            first = page.evaluate("window.__startup.ready")
            controlled = False
            if not block_workers and has_worker:
                try:
                    page.wait_for_function(
                        "navigator.serviceWorker.controller?.state === 'activated'",
                        timeout=TIMEOUT_MS, polling=POLL_MS)
                    controlled = True
                except Exception:  # noqa: BLE001  (no worker took control: said in the report)
                    controlled = False
            page.close()
            seconds, served = [], 0
            for _ in range(SECOND_VISITS):
                page, response = open_page(context, url)
                seconds.append(page.evaluate("window.__startup.ready"))
                served += bool(response and response.from_service_worker)
                page.close()
        finally:
            context.close()
    return {"first": first, "second": seconds, "controlled": controlled, "served": served,
            "has_worker": has_worker}


# ---- the run ---------------------------------------------------------------------------------


def launch_options() -> dict:
    launch = {"args": FLAGS}
    if SYSTEM_CHROMIUM.exists():
        launch["executable_path"] = str(SYSTEM_CHROMIUM)
    return launch


def measure(runs: int, root: Path, profile: bool) -> dict:
    from playwright.sync_api import sync_playwright

    server, base = devserver.start_server(root, port=0)
    results = {(mode, name): [] for mode in ("cold", "warm") for name in PAGES}
    results.update(play=[], hard=[], sw=[], http=[], profile=None)
    launch = launch_options()
    site_dir = tempfile.TemporaryDirectory()
    built = Path(site_dir.name) / "site"
    build.build_site(built, root)
    site, site_url = devserver.start_server(built, port=0)
    try:
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as user_data:
            browser = playwright.chromium.launch(**launch)
            warm = playwright.chromium.launch_persistent_context(user_data, **launch)
            for name in PAGES:  # fill the warm cache once; not counted
                load(warm, base + PAGES[name], deal=name == "game")
            for run in range(runs):
                for name, path in PAGES.items():
                    cold = browser.new_context()
                    results["cold", name].append(load(cold, base + path, name == "game"))
                    cold.close()
                    results["warm", name].append(load(warm, base + path, name == "game"))
                cold = browser.new_context()
                results["play"].append(play_instant(cold, base, seed=run + 1))
                cold.close()
                results["hard"].append(hard_frame_gaps(warm, base, seed=run + 1))
                results["sw"].append(visits(playwright, launch, site_url, False, built))
                results["http"].append(visits(playwright, launch, site_url, True, built))
                print(f"run {run + 1}/{runs} done", file=sys.stderr, flush=True)
            warm.close()
            if profile:
                results["profile"] = [trace_load(browser, base), trace_load(browser, base, 10)]
            browser.close()
    finally:
        for running in (server, site):
            running.shutdown()
            running.server_close()
        site_dir.cleanup()
    return results


# ---- the profile of the longest task ---------------------------------------------------------

TRACE_CATEGORIES = [
    "toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame", "blink.user_timing", "loading", "v8",
    "v8.execute", "v8.wasm", "disabled-by-default-v8.cpu_profiler", "blink", "rail",
]
# Trace events whose own time (children excluded) the breakdown sums, by a readable name.
TRACE_KINDS = {
    "EvaluateScript": "evaluate classic script",
    "v8.evaluateModule": "evaluate module",
    "v8.compileModule": "compile module",
    "v8.compile": "compile script",
    "v8.compileLazy": "compile (lazy)",
    "FunctionCall": "JS function call",
    "V8.Execute": "JS execute",
    "RunMicrotasks": "microtasks",
    "UpdateLayoutTree": "style recalc",
    "ScheduleStyleRecalculation": "style recalc",
    "ParseAuthorStyleSheet": "parse stylesheet",
    "Layout": "layout",
    "PrePaint": "paint",
    "Paint": "paint",
    "Layerize": "paint",
    "UpdateLayer": "paint",
    "ParseHTML": "parse HTML",
    "MinorGC": "GC",
    "MajorGC": "GC",
    "V8.GC_SCAVENGER": "GC",
    "wasm.CompileLazy": "wasm compile",
    "wasm.SyncCompile": "wasm compile",
    "wasm.SyncInstantiate": "wasm instantiate",
    "wasm.AsyncCompile": "wasm compile",
    "wasm.FinishAsyncCompile": "wasm compile",
    "v8.wasm.compileConsume": "wasm compile",
    "v8.wasm.finishCompile": "wasm compile",
    "v8.wasm.compiledModule": "wasm compile",
    "v8.wasm.streamFromResponseCallback": "wasm compile",
    "v8.wasm.instantiate": "wasm instantiate",
    "WebAssembly.instantiate": "wasm instantiate",
}


def trace_load(browser, base: str, moves: int = 0) -> dict:
    """One cold load of the game traced until ready (and, with ``moves``, Deal and that many
    computer moves at instant pace); its long main-thread tasks broken down."""
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("window.__dealOnReady = false;")
    page.add_init_script(RECORDER)
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    page.goto(base + "index.html?pace=instant&seed=1")
    page.wait_for_function("window.__startup && window.__startup.ready !== undefined",
                           timeout=TIMEOUT_MS, polling=POLL_MS)
    if moves:
        choose_seats(page, 6)
        page.evaluate("window.__startup.deal = performance.now()")
        page.locator("#deal").click()
        page.wait_for_function("window.__startup.table !== undefined",
                               timeout=TIMEOUT_MS, polling=POLL_MS)
        while page.evaluate("window.__botMoves") < moves:
            state = wait_for_human(page)
            if state == "over":
                break
            human_step(page, state)
        settle(page)
    page.wait_for_timeout(500)
    figures = {"observed": page.evaluate("window.__longTasks"),
               "marks": page.evaluate("""() => performance.getEntriesByType("mark")
                   .filter((m) => m.name.startsWith("page.py"))
                   .map((m) => ({name: m.name, time: m.startTime}))"""),
               "paint": first_paint(page), **page.evaluate("window.__startup")}
    trace = json.loads(browser.stop_tracing())
    page.evaluate("localStorage.clear()")
    context.close()
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    analysis = analyse_trace(events)
    analysis["split"] = python_split(events, analysis, figures["marks"])
    for task in analysis["tasks"]:
        task["phase"] = phase(task, figures) if "table" in figures else (
            "before first paint" if task["start"] < figures["paint"] else "before ready")
    return analysis | figures


def main_thread(events) -> tuple:
    """(pid, tid) of the renderer main thread that parsed index.html."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    counts = defaultdict(int)
    for event in events:
        key = (event.get("pid"), event.get("tid"))
        if names.get(key) == "CrRendererMain" and event.get("name") == "ParseHTML":
            url = json.dumps(event.get("args", {}))
            counts[key] += "index.html" in url
    return max(counts, key=counts.get)


WRAPPERS = {"RunTask", "ThreadControllerImpl::RunTask", "BlinkScheduler_PerformMicrotaskCheckpoint",
            "RunMicrotasks", "V8.StackGuard", "V8.HandleInterrupts", "FunctionCall",
            "v8.callFunction", "AsyncTask Run", "Receive mojo message", "V8.GC_TIME_TO_SAFEPOINT",
            "V8.GCScavenger"}


def analyse_trace(events) -> dict:
    """Every main-thread task over LONG_TASK_MS of the traced load, each broken down by trace
    event (own time) and by CPU sample."""
    pid, tid = main_thread(events)
    # Navigation start of the page (performance.now() == 0), in trace microseconds.
    origins = [e["ts"] for e in events if e.get("name") == "navigationStart"
               and e.get("pid") == pid and "index.html" in json.dumps(e.get("args", {}))]
    origin = min(origins) if origins else None
    spans = sorted(((e["ts"], e["ts"] + e["dur"], e["name"], e) for e in events
                    if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X"
                    and "dur" in e), key=lambda s: (s[0], -(s[1] - s[0])))
    # Own time of every span (its duration minus its children's), by a stack walk.
    own = {}
    stack = []
    for span in spans:
        while stack and stack[-1][1] <= span[0]:
            stack.pop()
        if stack:
            own[id(stack[-1])] -= span[1] - span[0]
        own[id(span)] = span[1] - span[0]
        stack.append(span)
    tasks, end_of_last, every = [], -1, []
    frames = [s[0] for s in spans if s[2] == "FireAnimationFrame"]
    for span in spans:
        if span[2] == "RunTask" and span[0] >= end_of_last:  # outermost RunTask only
            end_of_last = span[1]
            every.append(((span[0] - (origin or 0)) / 1000, span[3].get("tdur", 0) / 1000,
                          any(span[0] <= f < span[1] for f in frames[bisect_left(frames,
                                                                                  span[0]):][:1])))
            if span[1] - span[0] > LONG_TASK_MS * 1000:
                tasks.append(span)
    out = []
    for task in tasks:
        start, end = task[0], task[1]
        kinds = defaultdict(float)
        scripts = defaultdict(float)
        for span in spans:
            if span[0] < start or span[1] > end or span[0] > end:
                continue
            if span[2] not in WRAPPERS:
                kinds[TRACE_KINDS.get(span[2], span[2])] += own[id(span)] / 1000
            if span[2] in ("EvaluateScript", "v8.evaluateModule", "v8.compileModule",
                           "v8.compile"):
                data = span[3].get("args", {}).get("data", {}) or span[3].get("args", {})
                url = data.get("url") or data.get("fileName") or ""
                scripts[url.rsplit("/", 1)[-1] or "(inline)"] += (span[1] - span[0]) / 1000
        out.append({
            "start": (start - origin) / 1000 if origin is not None else float("nan"),
            "ms": (end - start) / 1000, "ts": start, "end": end,
            "cpu_ms": task[3].get("tdur", 0) / 1000,  # the thread's CPU time in it
            "kinds": dict(kinds), "scripts": dict(scripts),
            "samples": cpu_samples(events, pid, tid, start, end),
        })
    # every top-level task: (start ms, CPU ms, whether it ran requestAnimationFrame callbacks)
    return {"origin": origin, "tasks": out, "pid": pid, "tid": tid, "every": every}


def running_python(frames) -> bool:
    """A stack of MicroPython running Python: under runPython(Async), or under micropython.mjs's
    ccall (the rest of a top-level ``await`` script runs from a promise's then)."""
    return any(f.get("functionName") in ("runPythonAsync", "runPython")
               or (f.get("functionName") == "ccall" and "micropython" in f.get("url", ""))
               for f in frames)


def cpu_samples(events, pid, tid, start, end, keep: bool = False) -> dict:
    """CPU samples of the main thread between start and end (trace µs): ms by category, by
    script file of the innermost JavaScript frame, and the inclusive time of Python runs."""
    profiles = {}
    for event in events:
        if event.get("pid") != pid:
            continue
        if event.get("name") == "Profile":
            profiles[event["id"]] = {"start": event["args"]["data"]["startTime"],
                                     "tid": event.get("tid"), "nodes": {}, "samples": [],
                                     "deltas": []}
    for event in events:
        if event.get("pid") != pid or event.get("name") != "ProfileChunk":
            continue
        profile = profiles.get(event.get("id"))
        if profile is None:
            continue
        data = event["args"]["data"]
        cpu = data.get("cpuProfile", {})
        for node in cpu.get("nodes", []):
            profile["nodes"][node["id"]] = node
        profile["samples"] += cpu.get("samples", [])
        profile["deltas"] += data.get("timeDeltas", [])
    profile = next((p for p in profiles.values() if p["tid"] == tid),
                   max(profiles.values(), key=lambda p: len(p["samples"]), default=None))
    out = {"category": defaultdict(float), "file": defaultdict(float), "python": 0.0,
           "python_bootstrap_window": 0.0}
    if profile is None:
        return out
    nodes = profile["nodes"]

    def stack_of(node_id):
        frames = []
        while node_id in nodes:
            node = nodes[node_id]
            frames.append(node["callFrame"])
            node_id = node.get("parent")
        return frames  # innermost first

    when = profile["start"]
    times = []
    for sample, delta in zip(profile["samples"], profile["deltas"]):
        when += delta
        times.append((when, sample))
    for index, (when, sample) in enumerate(times):
        if not start <= when < end:
            continue
        following = times[index + 1][0] if index + 1 < len(times) else when
        weight = max(0.0, min(following, end) - when) / 1000
        frames = stack_of(sample)
        names = [f.get("functionName", "") for f in frames]
        urls = [f.get("url", "") for f in frames]
        leaf = names[0] if names else ""
        if leaf in ("(idle)",):
            continue
        if running_python(frames):
            category = "MicroPython running Python (compile + run: PyScript bootstrap, page.py)"
            out["python"] += weight
        elif leaf == "(garbage collector)":
            category = "GC"
        elif leaf == "(program)":
            category = "browser native (parse, style, layout, paint, …)"
        elif any("micropython" in url for url in urls):
            category = "MicroPython loader / wasm (micropython.mjs)"
        elif any("/@pyscript/" in url for url in urls):
            category = "PyScript core (core*.js and chunks)"
        elif any(url.endswith("boot.js") for url in urls):
            category = "ui/main_thread/boot.js"
        elif any(url.endswith("install.js") for url in urls):
            category = "ui/main_thread/install.js"
        else:
            category = "other JavaScript / native"
        out["category"][category] += weight
        script = next((u for u in urls if u), "(native)")
        out["file"][script.rsplit("/", 1)[-1].split("?")[0]] += weight
    out["category"] = dict(out["category"])
    out["file"] = dict(out["file"])
    if keep:  # for python_split
        out["times"] = times
        out["nodes"] = nodes
    return out


def python_split(events, analysis: dict, marks: list) -> list:
    """ms of main-thread CPU samples inside runPython(Async) between ui/main_thread/page.py's
    ``performance.mark``s named "page.py…" (a temporary copy of the page can set them)."""
    if not marks or analysis["origin"] is None:
        return []
    origin = analysis["origin"]
    first = origin + marks[0]["time"] * 1000
    task = next((t for t in analysis["tasks"] if t["ts"] <= first <= t["end"]),
                {"ts": float("-inf"), "end": float("inf")})  # the task the marks fall in
    edges = [task["ts"]] + [origin + m["time"] * 1000 for m in marks] + [task["end"]]
    labels = (["PyScript's bootstrap, before page.py's first line"]
              + [f"{a['name']} -> {b['name']}" for a, b in zip(marks, marks[1:])]
              + [f"after {marks[-1]['name']} (in the same task)"])
    samples = cpu_samples(events, analysis["pid"], analysis["tid"], float("-inf"),
                          float("inf"), keep=True)
    nodes, times = samples["nodes"], samples["times"]
    python_ids = {}

    def in_python(node_id) -> bool:
        if node_id not in python_ids:
            node = nodes.get(node_id)
            python_ids[node_id] = bool(node) and running_python([node["callFrame"]]) or (
                bool(node) and in_python(node.get("parent")))
        return python_ids[node_id]

    # The Python run that page.py's marks fall in: from its first sample to its last.
    rows = [0.0] * len(labels)
    for index, (when, sample) in enumerate(times):
        if not in_python(sample):
            continue
        following = times[index + 1][0] if index + 1 < len(times) else when
        for slot in range(len(labels)):
            low, high = edges[slot], edges[slot + 1]
            if low <= when < high:
                rows[slot] += (min(following, high) - when) / 1000
    return list(zip(labels, rows))


# ---- the report ------------------------------------------------------------------------------


def export_commit(rev: str, directory: Path) -> tuple:
    """``git archive`` of ``rev`` unpacked in ``directory``, node_modules linked from here;
    returns the directory and the commit's short hash (resolved now: HEAD moves meanwhile)."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", rev + "^{commit}"],
                            check=True, capture_output=True, text=True).stdout.strip()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(directory, filter="data")
    (directory / "node_modules").symlink_to(ROOT / "node_modules")
    if (ROOT / ".cache").is_dir():  # Babel and the compiled bytecode, as installed here
        (directory / ".cache").symlink_to(ROOT / ".cache")
    return directory, commit


def serve_commit(directory: Path):
    """The commit exported in ``directory`` served by its own serve.py (its own layout and
    archive rules), on a free port; returns ``(process, url)``.  Stop it with
    ``process.terminate()``."""
    process = subprocess.Popen([sys.executable, "serve.py", "--port", "0", "--no-browser"],
                               cwd=directory, stdout=subprocess.PIPE, text=True)
    for line in process.stdout:
        if line.startswith("Serving TWEAK! at "):
            return process, line.split()[3]
    raise RuntimeError(f"serve.py of {directory} did not start")


def report(results: dict, runs: int, load: tuple, root: Path, commit=None) -> str:
    if commit:
        where = f"; served from a clean export of commit {commit}"
    else:
        where = "" if root == ROOT else f"; served from {root}"
    lines = [f"TWEAK! start-up, medians of {runs} loads each (ms from navigation start), "
             f"{time.strftime('%Y-%m-%d')}",
             "Chromium headless, localhost, 2 shared cores; game = index.html, "
             "minimal = tests/bench/minimal/index.html, minimal worker = "
             "tests/bench/minimal/worker.html" + where,
             "machine load average before / after: "
             + " / ".join(f"{value:.1f}" for value in load)
             + "  (other jobs share the cores: absolute times vary, the ratio is the figure)",
             ""]
    for mode in ("cold", "warm"):
        game = results[mode, "game"]
        minimal = results[mode, "minimal"]
        bare = results[mode, "worker"]
        ready_game = median([r["ready"] for r in game])
        ready_minimal = median([r["ready"] for r in minimal])
        ready_bare = median([r["ready"] for r in bare])
        # Each run loads the minimal page, then the game: paired, the machine's drift cancels.
        paired = sorted(g["ready"] / m["ready"] for g, m in zip(game, minimal))
        under = sum(ratio <= 1.15 for ratio in paired)
        lines += [
            f"{mode}:",
            f"  first paint, game start screen  {median([r['paint'] for r in game]):7.0f}"
            f"   (minimal page {median([r['paint'] for r in minimal]):.0f})   goal < 300",
            f"  Python ready, minimal page      {ready_minimal:7.0f}",
            f"  Python ready, minimal worker    {ready_bare:7.0f}   ratio "
            f"{ready_bare / ready_minimal:.2f}   (PyScript's worker and MicroPython, no game)",
            f"  Python ready, game              {ready_game:7.0f}   ratio "
            f"{ready_game / ready_minimal:.2f}   goal <= 1.15   (game / minimal worker "
            f"{ready_game / ready_bare:.2f})",
            f"  ratio per load                  {median(paired):7.2f}   (median of "
            f"each run's game / the minimal page loaded just before it; range "
            f"{paired[0]:.2f}-{paired[-1]:.2f}; {under} of {len(paired)} loads within 1.15)",
            f"  game's own start                {median([r['own'] for r in game]):7.0f}"
            f"   (ready - the worker's request for {worker_archive.WORKER_ARCHIVE}, its runtime "
            f"started:"
            f" the modules, PyScript's prelude, the first answer)",
            f"  table drawn after Deal          {median([r['table'] for r in game]):7.0f}",
            f"  longest task after first paint  {median([r['longest'] for r in game]):7.0f}"
            f"   (minimal page {median([r['longest'] for r in minimal]):.0f}: Pyodide on its "
            f"main thread; minimal worker page {median([r['longest'] for r in bare]):.0f}: "
            f"MicroPython's start alone)   goal <= {LONG_TASK_MS}",
            "",
        ]
    lines += report_long_tasks(results["play"])
    lines += report_frames(results["hard"])
    lines += report_visits(results["sw"], results["http"])
    if results.get("profile"):
        lines += report_profile(results["profile"])
    return "\n".join(lines)


def phase(task: dict, play: dict) -> str:
    if task["start"] < play["paint"]:
        return "before first paint"
    if task["start"] < play["ready"]:
        return "before ready"
    if task["start"] < play["table"]:
        return "dealing"
    return "computer moves"


def report_long_tasks(plays: list) -> list:
    lines = [f"longest main-thread task, navigation → table → {BOT_MOVES}+ computer moves "
             "(?pace=instant, 6 seats, fresh context):"]
    after_paint = [max((t["duration"] for t in p["tasks"] if t["start"] >= p["paint"]),
                       default=0.0) for p in plays]
    overall = [max((t["duration"] for t in p["tasks"]), default=0.0) for p in plays]
    lines += [
        f"  longest task after first paint  {median(after_paint):7.0f}   "
        f"(max of {len(plays)} runs {max(after_paint, default=0):.0f})   goal <= {LONG_TASK_MS}",
        f"  longest task at all             {median(overall):7.0f}   "
        f"(max {max(overall, default=0):.0f})",
        f"  computer moves played per run   {', '.join(str(p['moves']) for p in plays)}",
        "  every long task after first paint (run: start ms +duration ms, phase):",
    ]
    for number, play in enumerate(plays, 1):
        tasks = [t for t in play["tasks"] if t["start"] >= play["paint"]]
        listed = ", ".join(f"{t['start']:.0f} +{t['duration']:.0f} {phase(t, play)}"
                           for t in tasks) or "none"
        early = [t for t in play["tasks"] if t["start"] < play["paint"]]
        before = (f"   [before first paint: "
                  + ", ".join(f"{t['start']:.0f} +{t['duration']:.0f}" for t in early) + "]"
                  if early else "")
        lines.append(f"    run {number}: paint {play['paint']:.0f}, ready {play['ready']:.0f}, "
                     f"table {play['table']:.0f}: {listed}{before}")
    lines.append("")
    return lines


def report_frames(hards: list) -> list:
    gaps = [gap for hard in hards for gap in hard["gaps"]]
    sequences = sum(hard["sequences"] for hard in hards)
    moves = sum(hard["moves"] for hard in hards)
    seconds = sum(hard["seconds"] for hard in hards)
    over = sum(1 for gap in gaps if gap > LONG_TASK_MS)
    tasks = [task for hard in hards for task in hard["tasks"]]
    unexplained = sum(hard["unexplained"] for hard in hards)
    return [
        "frame gaps while Hard thinks (6 seats, 5 computers at Hard, ?pace=fast; "
        "requestAnimationFrame deltas from your Place to your next turn):",
        f"  sequences timed                 {sequences:7d}   ({moves} computer moves, "
        f"{seconds:.1f} s, {len(gaps)} frames)",
        f"  largest frame gap               {max(gaps, default=float('nan')):7.0f}   "
        f"goal <= {LONG_TASK_MS}",
        f"  99th percentile frame gap       {percentile(gaps, 0.99):7.1f}",
        f"  median frame gap                {median(gaps):7.1f}",
        f"  gaps over {LONG_TASK_MS} ms                 {over:7d}   ({unexplained} of them hold "
        "no main-thread task over 50 ms: the renderer waited for a core)",
        f"  main-thread long tasks meanwhile {len(tasks):6d}   (longest "
        f"{max(tasks, default=0):.0f} ms)",
        "",
    ]


def report_visits(sws: list, https: list) -> list:
    has_worker = any(v["has_worker"] for v in sws)
    controlled = sum(v["controlled"] for v in sws)
    served = sum(v["served"] for v in sws)
    lines = ["second visit, built site (tools/build.py build_site), persistent profile per run:"]
    if not has_worker or controlled == 0:
        lines.append("  NOTE: no service worker controlled the page ("
                     + ("no sw.js in the repository" if not has_worker else
                        "sw.js present but navigator.serviceWorker.controller stayed null")
                     + "): the 'service worker' rows below are the HTTP cache only.")
    first = median([v["first"] for v in sws])
    second = median([s for v in sws for s in v["second"]])
    first_http = median([v["first"] for v in https])
    second_http = median([s for v in https for s in v["second"]])
    lines += [
        f"  service worker controlling after the first visit: {controlled} of {len(sws)} runs; "
        f"second-visit pages served by it: {served} of {SECOND_VISITS * len(sws)}",
        f"  first visit, ready              {first:7.0f}",
        f"  second visit, ready             {second:7.0f}   second/first "
        f"{second / first:.2f}   goal < 1",
        f"  HTTP cache only (workers blocked): first {first_http:.0f}, second {second_http:.0f}"
        f"   second/first {second_http / first_http:.2f};  service worker / HTTP cache, second "
        f"visit {second / second_http:.2f}",
        "",
    ]
    return lines


def report_profile(traces: list) -> list:
    lines = ["profile of the long main-thread tasks (--profile: a cold load, then a cold load "
             "with Deal and 10 computer moves at instant pace, each under a Chrome trace with "
             "V8's CPU sampler; the tracer slows the page a little):"]
    for trace in traces:
        tasks = trace["tasks"]
        lines.append(f"  {'load + 10 computer moves' if 'table' in trace else 'load'}: "
                     f"first paint {trace['paint']:.0f}, ready {trace['ready']:.0f}"
                     + (f", table {trace['table']:.0f}" if "table" in trace else "")
                     + f"; tasks over {LONG_TASK_MS} ms: {len(tasks)}")
        window = [t for t in trace["every"] if trace["paint"] <= t[0] < trace["ready"]]
        busy = sum(t[1] for t in window)
        framed = sum(t[1] for t in window if t[2] and t[1] < LONG_TASK_MS)
        span = max(trace["ready"] - trace["paint"], 1)
        lines.append(f"    main thread's CPU from first paint to ready: {busy:.0f} ms "
                     f"({100 * busy / span:.0f}% of that time); in animation frames "
                     f"(ui/main_thread/boot.js's progress line, style, layout, paint): {framed:.0f} ms "
                     f"in {sum(1 for t in window if t[2])} frames")
        for task in tasks:
            samples = task["samples"]
            cpu = ", ".join(f"{name} {ms:.0f}" for name, ms in sorted(
                samples["category"].items(), key=lambda item: -item[1]) if ms >= 1)
            events = ", ".join(f"{name} {ms:.0f}" for name, ms in sorted(
                task["kinds"].items(), key=lambda item: -item[1])[:5] if ms >= 1)
            lines += [f"    {task['start']:6.0f} +{task['ms']:4.0f} ms  "
                      f"({task['cpu_ms']:.0f} ms of CPU) {task['phase']}",
                      f"        CPU samples (ms): {cpu or '-'}",
                      f"        trace events, own time (ms): {events or '-'}"]
            files = ", ".join(f"{name} {ms:.0f}" for name, ms in sorted(
                samples["file"].items(), key=lambda item: -item[1])[:4] if ms >= 1)
            lines.append(f"        innermost script file (ms): {files or '-'}")
        if trace.get("split"):
            lines.append("    Python CPU samples split at ui/main_thread/page.py's performance marks (ms):")
            for label, ms in trace["split"]:
                lines.append(f"      {ms:6.1f}  {label}")
    lines.append("")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads of each page and mode")
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    parser.add_argument("--profile", action="store_true",
                        help="break the longest main-thread task down (Chrome trace)")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="serve this copy of the repository (to measure a change)")
    parser.add_argument("--commit", metavar="REV",
                        help="serve a clean export of this commit (git archive; node_modules "
                             "linked), not the working tree others may be editing")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as export:
        root = args.root.resolve()
        if args.commit:
            root, args.commit = export_commit(args.commit, Path(export))
        before = os.getloadavg()[0]
        results = measure(args.runs, root, args.profile)
        text = report(results, args.runs, (before, os.getloadavg()[0]), root, args.commit)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
