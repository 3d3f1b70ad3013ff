"""The page as a quick player meets it: long main-thread tasks, and input at the prompt.

    nice -n 10 python3 tests/bench/bench_play.py [--loads 3] [--seconds 45]
        [--paces normal,fast,instant] [--viewport 1280x800] [--phone] [--throttle 4] [--hog 2]
        [--trace] [--without-warmup] [--commit REV]

Each load is a fresh browser context (a first visit: nothing cached): the page opens, Deal is
clicked for four seats (you and three computers) the moment Python is ready, and for
``--seconds`` the person plays at once whenever the prompt shows (the first hand card, then
Place or Give up; Next round).  It prints, per load:

* the longest main-thread task (PerformanceObserver "longtask"), when it began after
  navigation, and how many tasks went over 50 ms (goal: none), in two parts: after first paint
  while Python starts (PyScript's own start of MicroPython falls there: compare the minimal
  worker page of bench_startup.py), and from Python ready on, as the person plays;
* "prompt shown before input is taken": for every turn, the time from the prompt appearing to
  the page taking a click on the hand — ``#app`` no longer busy and the first hand card the
  element under the pointer (nothing over it) — measured in the page on every frame (goal 0).

``--throttle 4`` slows the page's main thread four times (Chromium's CPU throttling, as
DevTools' phone emulation does).  ``--phone`` is the rest of that emulation: 390x844 at three
device pixels to a CSS pixel, a mobile viewport and a touch screen with no mouse, so the person
taps (nothing is hovered between taps, and the page's hover styles are not hit-tested after
every frame that moves something, as they are under a mouse left over the table).
``--hog N`` runs N busy processes (nice 5) beside the browser, for a machine that is not idle;
the load average is printed with each pace.  ``--trace`` records the first load of each pace
under a Chrome trace and breaks every long task from Python ready on down by trace event and
CPU sample (bench_startup.py's analysis); without it, each long animation frame from ready on
is printed with its style-and-layout time and its scripts.
``--commit REV`` plays the game of that commit (a clean export served by its own serve.py,
which logs every request on stderr) instead of the working tree: a before-and-after with one
harness.

Figures, not a test: a shared machine is noisy.  Results: tests/bench/results/play.txt.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from bench_startup import (  # noqa: E402
    TRACE_CATEGORIES, analyse_trace, export_commit, serve_commit,
)
from tools import devserver  # noqa: E402

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LONG_TASK_MS = 50
# DevTools' phone emulation, less its CPU throttling (--throttle): a phone's screen and touch.
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}

# In the page before its scripts: every long task; the moment Python is ready, four seats and
# Deal; for each prompt of the person's, when it appeared and when a click would be taken.
RECORDER = """
(() => {
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
  // Long animation frames (where the browser has them): what a long task spent on script and
  // on style and layout, and which scripts ran in it.
  window.__frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__frames.push({start: e.startTime, duration: e.duration,
          layout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: e.scripts.map((s) => [s.invoker || s.name, s.sourceURL.split("/").pop(),
                                          s.duration, s.forcedStyleAndLayoutDuration])});
      }
    }).observe({type: "long-animation-frame", buffered: true});
  } catch (error) {
    // An older browser: the long tasks alone.
  }
  window.__waits = [];
  let prompt = null, dealt = false;
  const takes = () => {
    if (document.querySelector("#app[aria-busy]")) return false;
    const card = document.querySelector(".hand [data-ui^='hand:']");
    if (!card) return false;
    const box = card.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && card.contains(hit);
  };
  // Taken at the first look, in the first frame that can show the prompt: 0; else the time
  // until a later frame's look finds it taken.  (Looking at once, in the task that put the
  // prompt in, would lay the new screen out there: the page leaves that to the frame.)
  const watch = (shown) => {
    let first = true;
    const look = () => {
      if (prompt !== shown) return;
      if (takes()) { window.__waits.push(first ? 0 : performance.now() - shown); prompt = null; }
      else requestAnimationFrame(look);
      first = false;
    };
    requestAnimationFrame(look);
  };
  new MutationObserver(() => {
    const root = document.documentElement;
    if (!dealt && root && root.dataset.python === "ready") {
      dealt = true;
      window.__ready = performance.now();
      // ui/main_thread/warmup.js: done at ready (null: the page has none)
      window.__warmed = document.querySelector("script[src*='warmup.js']")
        ? root.dataset.warmup === "done" : null;
      setTimeout(() => {  // a task of its own, as a person's click is
        document.querySelector("input[name=players][value='4']").click();
        document.getElementById("deal").click();
      });
    }
    if (dealt && window.__table === undefined && document.querySelector("[data-screen=table]")) {
      window.__table = performance.now();
      requestAnimationFrame(() => { window.__tableFrame = performance.now(); });
    }
    const mine = document.querySelector(".prompt.you, .prompt.alert");
    if (mine && prompt === null && !mine.dataset.seen) {
      mine.dataset.seen = "1";
      prompt = performance.now();
      watch(prompt);
    }
  }).observe(document, {attributes: true, childList: true, subtree: true});
})();
"""

FIRST_PAINT = """() => {
  const e = performance.getEntriesByName("first-contentful-paint")[0];
  return e ? e.startTime : 0;
}"""


def described(screen: dict) -> str:
    """A context's screen (``PHONE``, or a viewport) in a few words: "1280x800", or a phone's."""
    size = f"{screen['viewport']['width']}x{screen['viewport']['height']}"
    return f"{size}, a phone (3 device pixels per pixel, touch, taps)" \
        if screen.get("has_touch") else size


def play(page, seconds: float, touch: bool = False) -> int:
    """Play the person's seat at once whenever it may act, clicking (or with ``touch``,
    tapping); the number of its moves."""
    press = (lambda locator: locator.tap(timeout=10_000)) if touch else \
        (lambda locator: locator.click(timeout=10_000))
    moves = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator("[data-screen=over]").count():
            break
        if page.locator("#next-round").count():
            try:
                press(page.locator("#next-round"))
            except PlaywrightTimeout:  # the screen moved on between the look and the click
                pass
            continue
        move = page.locator("#place, #give-up")
        if page.locator(".prompt.you, .prompt.alert").count() and move.count():
            press(page.locator(".hand [data-ui^='hand:']").first)
            press(page.locator("#place:enabled, #give-up:enabled").first)
            moves += 1
            page.wait_for_timeout(50)
            continue
        page.wait_for_timeout(20)
    return moves


def one_load(browser, url: str, seconds: float, screen: dict, throttle: float = 1,
             trace: bool = False, warmup: bool = True) -> dict:
    """A fresh context: load, Deal at ready, play for ``seconds``; when Python was ready, when
    the first table went in and its first frame began (ms), the long tasks (start ms, duration
    ms) after first paint split at ready and those that put in the first table or drew it,
    whether the warm-up was done at ready, the long animation frames from ready on, the
    prompt waits, the moves, and with ``trace`` the trace's long tasks from ready on.
    Without ``warmup`` the page gets an empty ui/main_thread/warmup.js: the page as it was
    before the table's type was laid out ahead of the first table.  ``screen``: the context's
    viewport and, for a phone, its emulation (``PHONE``); a touch screen is tapped."""
    context = browser.new_context(**screen)
    page = context.new_page()
    if not warmup:
        page.route("**/ui/main_thread/warmup.js",
                   lambda route: route.fulfill(body="", content_type="text/javascript"))
    if throttle != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.add_init_script(RECORDER)
    if trace:
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    page.goto(url)
    # Playwright's own scripts go into the page at its first query and its first evaluate:
    # here, while Python starts, not as long tasks at the first table that the page never runs
    # for a person.
    page.locator("html").count()
    page.evaluate("0")
    page.wait_for_selector("[data-screen=table]", timeout=120_000 * throttle)
    if trace:  # the table's first frames, then the trace ends: it is long enough as it is
        page.wait_for_timeout(2000)
    traced = json.loads(browser.stop_tracing()) if trace else None
    moves = play(page, seconds, screen.get("has_touch", False))
    paint = page.evaluate(FIRST_PAINT)
    ready = page.evaluate("window.__ready")
    warmed = page.evaluate("window.__warmed")
    table = page.evaluate("[window.__table, window.__tableFrame]")
    tasks = [(start, duration) for start, duration in page.evaluate("window.__tasks")
             if start >= paint]
    frames = [frame for frame in page.evaluate("window.__frames") if frame["start"] >= ready
              and frame["duration"] > LONG_TASK_MS]
    waits = page.evaluate("window.__waits")
    context.close()
    found = {"ready": ready, "table": table, "warmed": warmed,
             "starting": [task for task in tasks if task[0] < ready],
             "playing": [task for task in tasks if task[0] >= ready],
             "first table": [task for task in tasks
                             if any(task[0] <= moment <= sum(task) for moment in table)],
             "frames": frames, "waits": waits, "moves": moves, "traced": []}
    if traced is not None:
        events = traced["traceEvents"] if isinstance(traced, dict) else traced
        found["traced"] = [task for task in analyse_trace(events)["tasks"]
                           if task["start"] >= ready]
    return found


def describe_frames(frames: list) -> list:
    """A line per long animation frame: when, how long, its style and layout, its scripts."""
    lines = []
    for frame in frames:
        scripts = "; ".join(f"{invoker} ({source or '-'}) {ms:.0f} ms, forced layout {forced:.0f}"
                            for invoker, source, ms, forced in frame["scripts"] if ms >= 5)
        lines.append(f"      long frame at {frame['start'] / 1000:5.1f} s: "
                     f"{frame['duration']:4.0f} ms, style and layout at its end "
                     f"{frame['layout']:4.0f} ms; scripts: {scripts or '-'}")
    return lines


def describe_traced(tasks: list) -> list:
    """A few lines per traced long task: own time by trace event, CPU samples by kind."""
    lines = []
    for task in tasks:
        events = ", ".join(f"{name} {ms:.0f}" for name, ms in sorted(
            task["kinds"].items(), key=lambda item: -item[1])[:6] if ms >= 1)
        cpu = ", ".join(f"{name} {ms:.0f}" for name, ms in sorted(
            task["samples"]["category"].items(), key=lambda item: -item[1]) if ms >= 1)
        scripts = ", ".join(f"{name} {ms:.0f}" for name, ms in task["scripts"].items()
                            if ms >= 1)
        lines += [f"      traced task at {task['start'] / 1000:5.1f} s: {task['ms']:4.0f} ms "
                  f"({task['cpu_ms']:.0f} ms of CPU)" + (f"; scripts run: {scripts}"
                                                         if scripts else ""),
                  f"        trace events, own time (ms): {events or '-'}",
                  f"        CPU samples (ms): {cpu or '-'}"]
    return lines


def start_hogs(count: int) -> list:
    """``count`` busy processes at nice 5: a machine that is not idle.  Their Popen objects."""
    return [subprocess.Popen(["nice", "-n", "5", sys.executable, "-c", "while 1: pass"])
            for _ in range(count)]


def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min)"


def longest(tasks: list) -> str:
    """The longest of (start ms, duration ms) tasks, when it began, and how many went over."""
    start, duration = max(tasks, key=lambda task: task[1], default=(0.0, 0.0))
    over = sum(length > LONG_TASK_MS for _, length in tasks)
    return f"{duration:4.0f} ms (at {start / 1000:4.1f} s), {over} over {LONG_TASK_MS} ms"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=45)
    parser.add_argument("--paces", default="normal,fast,instant")
    parser.add_argument("--viewport", default="1280x800", help="WIDTHxHEIGHT")
    parser.add_argument("--phone", action="store_true",
                        help="DevTools' phone emulation: 390x844, 3 device pixels per pixel, "
                             "mobile, touch (taps, no mouse); with --throttle 4, a phone")
    parser.add_argument("--throttle", type=float, default=1,
                        help="slow the page's main thread N times (CDP CPU throttling)")
    parser.add_argument("--hog", type=int, default=0,
                        help="run N busy processes (nice 5) beside the browser")
    parser.add_argument("--trace", action="store_true",
                        help="trace each pace's first load and break its long tasks down")
    parser.add_argument("--without-warmup", action="store_true",
                        help="serve ui/main_thread/warmup.js empty (the page before it)")
    parser.add_argument("--commit", help="play this commit's game, not the working tree's")
    args = parser.parse_args(argv)
    width, height = (int(side) for side in args.viewport.split("x"))
    screen = PHONE if args.phone else {"viewport": {"width": width, "height": height}}
    with tempfile.TemporaryDirectory() as export:
        if args.commit:
            directory, commit = export_commit(args.commit, Path(export))
            process, url = serve_commit(directory)
            stop = process.terminate
            print(f"bench_play: the game of commit {commit}")
        else:
            server, url = devserver.start_server(ROOT, port=0)
            stop = server.shutdown
        try:
            measure(args, url, screen)
        finally:
            stop()
    return 0


def measure(args, url: str, screen: dict) -> None:
    """Print the header, run every pace's loads in ``screen`` (the context's options) beside
    ``--hog`` busy processes."""
    launch = {"executable_path": str(SYSTEM_CHROMIUM), "args": FLAGS} \
        if SYSTEM_CHROMIUM.exists() else {}
    print(f"bench_play: {args.loads} fresh loads per pace, {args.seconds:.0f} s of play each, "
          f"4 seats (you and three Medium computers), {described(screen)}"
          + (f", CPU throttled {args.throttle:g}x" if args.throttle != 1 else "")
          + (f", {args.hog} busy processes beside it" if args.hog else "")
          + (", WITHOUT the warm-up of the table's type" if args.without_warmup else ""))
    hogs = start_hogs(args.hog)
    try:
        run(args, url, launch, screen)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def run(args, url: str, launch: dict, screen: dict) -> None:
    """Every pace's loads, printed as they end."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch)
        for pace in args.paces.split(","):
            print(f"  {pace:8s} {load_average()}", flush=True)
            waits, playing, tables, readies = [], [], [], []
            for load in range(args.loads):
                found = one_load(browser, f"{url}index.html?pace={pace}&seed={11 + load}",
                                 args.seconds, screen, args.throttle,
                                 args.trace and load == 0, not args.without_warmup)
                waits += found["waits"]
                playing += found["playing"]
                readies.append(found["ready"])
                table_task = max((ms for _, ms in found["first table"]), default=0)
                tables.append(table_task)
                shown = f"{table_task:.0f} ms" if table_task else f"under {LONG_TASK_MS} ms"
                warmed = "" if args.without_warmup or found["warmed"] is None else (
                    " (warm-up done)" if found["warmed"] else " (warm-up NOT done)")
                print(f"  {pace:8s} load {load + 1}: ready at {found['ready'] / 1000:4.1f} s"
                      f"{warmed}; "
                      f"longest task while Python starts {longest(found['starting'])}; "
                      f"from ready on {longest(found['playing'])}; the first table's tasks "
                      f"{shown}; {found['moves']} moves; prompt shown before input is taken: "
                      f"max {max(found['waits'], default=0):4.0f} ms over "
                      f"{len(found['waits'])} prompts", flush=True)
                for line in describe_traced(found["traced"]) or describe_frames(found["frames"]):
                    print(line, flush=True)
            print(f"  {pace:8s} longest task from ready on, all loads: {longest(playing)}; "
                  f"the first table's, {sum(ms > 0 for ms in tables)} of {args.loads} loads "
                  f"over {LONG_TASK_MS} ms: "
                  f"{', '.join(f'{ms:.0f}' for ms in tables if ms) or '-'} ms; "
                  f"Python ready: median {statistics.median(readies) / 1000:.2f} s")
            if waits:
                print(f"  {pace:8s} prompt shown before input is taken: median "
                      f"{statistics.median(waits):.0f} ms, max {max(waits):.0f} ms, "
                      f"{sum(wait > 0 for wait in waits)} of {len(waits)} prompts not at once")
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
