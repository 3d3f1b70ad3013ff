"""The page as a quick player meets it: long main-thread tasks, and input at the prompt.

    python3 tests/bench/bench_play.py [--loads 3] [--seconds 45] [--paces normal,fast,instant]
                                      [--viewport 1280x800]

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

Figures, not a test: a shared machine is noisy.  Results: tests/bench/results/play.txt.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tools import devserver  # noqa: E402

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LONG_TASK_MS = 50

# In the page before its scripts: every long task; the moment Python is ready, four seats and
# Deal; for each prompt of the person's, when it appeared and when a click would be taken.
RECORDER = """
(() => {
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
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
  // Taken at the first look: 0 (that look itself may lay the new screen out: the browser's
  // own cost of showing it); else the time until a later frame's look finds it taken.
  const watch = (shown) => {
    let first = true;
    const look = () => {
      if (prompt !== shown) return;
      if (takes()) { window.__waits.push(first ? 0 : performance.now() - shown); prompt = null; }
      else requestAnimationFrame(look);
      first = false;
    };
    look();
  };
  new MutationObserver(() => {
    const root = document.documentElement;
    if (!dealt && root && root.dataset.python === "ready") {
      dealt = true;
      window.__ready = performance.now();
      setTimeout(() => {  // a task of its own, as a person's click is
        document.querySelector("input[name=players][value='4']").click();
        document.getElementById("deal").click();
      });
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


def play(page, seconds: float) -> int:
    """Play the person's seat at once whenever it may act; the number of its moves."""
    moves = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator("[data-screen=over]").count():
            break
        if page.locator("#next-round").count():
            try:
                page.locator("#next-round").click(timeout=10_000)
            except PlaywrightTimeout:  # the screen moved on between the look and the click
                pass
            continue
        move = page.locator("#place, #give-up")
        if page.locator(".prompt.you, .prompt.alert").count() and move.count():
            page.locator(".hand [data-ui^='hand:']").first.click(timeout=10_000)
            page.locator("#place:enabled, #give-up:enabled").first.click(timeout=10_000)
            moves += 1
            page.wait_for_timeout(50)
            continue
        page.wait_for_timeout(20)
    return moves


def one_load(browser, url: str, seconds: float, viewport: dict) -> dict:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.add_init_script(RECORDER)
    page.goto(url)
    page.wait_for_selector("[data-screen=table]", timeout=120_000)
    moves = play(page, seconds)
    paint = page.evaluate(FIRST_PAINT)
    ready = page.evaluate("window.__ready")
    tasks = [(start, duration) for start, duration in page.evaluate("window.__tasks")
             if start >= paint]
    waits = page.evaluate("window.__waits")
    context.close()
    return {"starting": [task for task in tasks if task[0] < ready],
            "playing": [task for task in tasks if task[0] >= ready],
            "waits": waits, "moves": moves}


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
    parser.add_argument("--viewport", default="1280x800", help="WIDTHxHEIGHT (a phone: 390x844)")
    args = parser.parse_args(argv)
    width, height = (int(side) for side in args.viewport.split("x"))
    server, url = devserver.start_server(ROOT, port=0)
    launch = {"executable_path": str(SYSTEM_CHROMIUM), "args": FLAGS} \
        if SYSTEM_CHROMIUM.exists() else {}
    print(f"bench_play: {args.loads} fresh loads per pace, {args.seconds:.0f} s of play each, "
          f"4 seats (you and three Medium computers), {width}x{height}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch)
        for pace in args.paces.split(","):
            waits, playing = [], []
            for load in range(args.loads):
                found = one_load(browser, f"{url}?pace={pace}&seed={11 + load}", args.seconds,
                                 {"width": width, "height": height})
                waits += found["waits"]
                playing += found["playing"]
                print(f"  {pace:8s} load {load + 1}: longest task while Python starts "
                      f"{longest(found['starting'])}; from ready on {longest(found['playing'])}; "
                      f"{found['moves']} moves; prompt shown before input is taken: max "
                      f"{max(found['waits'], default=0):4.0f} ms over {len(found['waits'])} "
                      "prompts", flush=True)
            print(f"  {pace:8s} longest task from ready on, all loads: {longest(playing)}")
            if waits:
                print(f"  {pace:8s} prompt shown before input is taken: median "
                      f"{statistics.median(waits):.0f} ms, max {max(waits):.0f} ms, "
                      f"{sum(wait > 0 for wait in waits)} of {len(waits)} prompts not at once")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
