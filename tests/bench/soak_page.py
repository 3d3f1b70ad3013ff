"""Page soak: many whole games in one tab, played by clicking; does memory stay flat?

    nice -n 10 python3 tests/bench/soak_page.py [--games 30] [--goal N] [--every 10] [--out FILE]

A benchmark, not a test: it prints figures and a verdict, and asserts nothing.  It serves the
repository on 127.0.0.1 (serve.py), opens the game in one Chromium tab with
``?pace=instant`` (the default seats: you and two computers; the default goal, 190 for three
players, ends a game in round 2 or 3, tests/bench/results/goals.txt; ``--goal N`` adds
``&goal=N``; a lower goal such as 120 ends a third of games in round 1, as you play badly) and
plays ``--games`` complete
games by clicking as tests/e2e/test_game.py does: your first hand card, Place (or Give up),
Next round, until the game-over screen; the next game starts from there with "Play again"
(``#rematch``), every ``--every``-th with "New game" then Deal (``#new-game``, ``#deal``), so
the start screen is redrawn too.

Before the first game and after every ``--every`` games it prints, after garbage collection:

* main thread: ``performance.memory.usedJSHeapSize`` after ``window.gc()`` and DevTools'
  ``HeapProfiler.collectGarbage`` (Chromium runs with ``--js-flags=--expose-gc
  --enable-precise-memory-info``), and DevTools' counts of DOM nodes (live ones and detached
  ones Blink has not collected yet, so it wanders from sample to sample) and event listeners
  (``Performance.getMetrics``: ``Nodes``, ``JSEventListeners``), and the elements in the
  document (what a leak of markup would grow; the verdict uses this, not ``Nodes``);
* the game's worker: ``wasm_bytes`` (Pyodide's linear memory; it only grows), ``malloc_bytes``
  (bytes in use in the wasm heap: Python's objects) and ``gc_objects`` (objects Python's
  collector tracks), from ui/worker/__main__.py's exported ``memory()``, reached through the worker's
  ``<script>`` element (PyScript puts the worker on it as ``.xworker``; its ``sync`` holds the
  exported functions);
* the longest main-thread task of those games (a buffered ``longtask`` observer installed
  before the page's scripts), and how long the games took.

The verdict compares the last sample with the one after the first ``--every`` games (the first
games warm caches up: the JIT, Python's interned strings, the bots' tables); "flat" means each
figure grew by less than ``TOLERANCE`` of it.  Needs the playwright package (.venv); uses
/usr/bin/chromium when present.  The output is committed in tests/bench/results/soak.txt.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import devserver  # noqa: E402  (after the path set-up)

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--js-flags=--expose-gc", "--enable-precise-memory-info"]
STEP_TIMEOUT_MS = 60_000
# Growth below this share of a figure, from the first sample after warm-up to the last, counts
# as flat: heaps move by a few per cent with what happens to be on screen and in the log.
TOLERANCE = 0.10

# Installed before the page's scripts: the main thread's long tasks, collected since the last
# time the benchmark took them (window.__takeLongest()).
WATCH_LONG_TASKS = """
window.__longest = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
}).observe({type: "longtask", buffered: true});
window.__takeLongest = () => { const longest = window.__longest; window.__longest = 0; return longest; };
"""

WORKER_MEMORY = ("async () => JSON.parse(await document.querySelector('script[type=py][name=tweak]')"
                 ".xworker.sync.memory())")


def sample(page, devtools) -> dict:
    """Memory figures of the page's two threads, after collecting garbage in both."""
    worker = page.evaluate(WORKER_MEMORY)  # collects in the worker's Python first
    page.evaluate("window.gc()")
    devtools.send("HeapProfiler.collectGarbage")  # DevTools' full collection: DOM nodes too
    metrics = {m["name"]: m["value"] for m in devtools.send("Performance.getMetrics")["metrics"]}
    return {"js_heap": page.evaluate("performance.memory.usedJSHeapSize"),
            "elements": page.evaluate("document.getElementsByTagName('*').length"),
            "nodes": int(metrics["Nodes"]), "listeners": int(metrics["JSEventListeners"]),
            **worker}


def settle(page):
    page.wait_for_selector("#app:not([aria-busy])", state="attached", timeout=STEP_TIMEOUT_MS)


def play_one_game(page) -> tuple:
    """Click through one game from its first screen to game over; (rounds, your turns)."""
    rounds, turns = 1, 0
    while True:
        settle(page)
        if page.locator("[data-screen=over]").count():
            return rounds, turns
        if page.locator("#next-round").count():
            page.locator("#next-round").click()
            rounds += 1
        elif page.locator("#give-up").count():
            page.locator(".hand [data-ui^='hand:']").first.click()
            page.locator("#give-up").click()
        elif page.locator("#place").count():
            page.locator(".hand [data-ui^='hand:']").first.click()
            page.locator("#place").click()
            turns += 1
        else:
            page.wait_for_timeout(25)


def mib(n: float) -> str:
    return f"{n / 2**20:.1f} MiB"


def row(games: int, figures: dict, longest: float, seconds: float) -> str:
    return (f"{games:>5}  main: JS heap {mib(figures['js_heap']):>9}, {figures['nodes']:>5} nodes, "
            f"({figures['elements']} in the page), {figures['listeners']:>2} listeners | worker: wasm {mib(figures['wasm_bytes']):>9}, "
            f"malloc {mib(figures['malloc_bytes']):>9}, {figures['gc_objects']:>6} gc objects | "
            f"longest task {longest:>4.0f} ms | {seconds:>5.0f} s")


def verdict(base: dict, last: dict) -> list:
    lines = []
    for key in ("js_heap", "elements", "listeners", "wasm_bytes", "malloc_bytes", "gc_objects"):
        grown = (last[key] - base[key]) / base[key] if base[key] else 0.0
        state = "flat" if grown < TOLERANCE else "GREW"
        lines.append(f"  {key:<13} {base[key]:>12,} -> {last[key]:>12,}  {grown:+.1%}  {state}")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--goal", type=int)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    lines = []

    def say(text: str = "") -> None:
        print(text, flush=True)
        lines.append(text)

    server, url = devserver.start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            launch = {"args": FLAGS}
            if SYSTEM_CHROMIUM.exists():
                launch["executable_path"] = str(SYSTEM_CHROMIUM)
            browser = playwright.chromium.launch(**launch)
            page = browser.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.add_init_script(WATCH_LONG_TASKS)
            devtools = page.context.new_cdp_session(page)
            devtools.send("Performance.enable")
            started = time.monotonic()
            address = "?pace=instant" + (f"&goal={args.goal}" if args.goal else "")
            page.goto(url + address)
            page.wait_for_selector("html[data-python=ready]", state="attached",
                                   timeout=STEP_TIMEOUT_MS)
            say(f"Chromium {browser.version}; {args.games} games of 3 players (you + 2 "
                f"computers), {address}; figures after gc")
            say(f"{'games':>5}")
            first = sample(page, devtools)
            say(row(0, first, page.evaluate("window.__takeLongest()"),
                    time.monotonic() - started))
            samples, rounds = [first], []
            block = time.monotonic()
            for game in range(1, args.games + 1):
                if game == 1 or (game - 1) % args.every == 0:
                    if game > 1:
                        page.locator("#new-game").click()
                        settle(page)
                    page.locator("#deal").click()
                else:
                    page.locator("#rematch").click()
                rounds.append(play_one_game(page)[0])
                if game % args.every == 0 or game == args.games:
                    figures = sample(page, devtools)
                    samples.append(figures)
                    say(row(game, figures, page.evaluate("window.__takeLongest()"),
                            time.monotonic() - block))
                    block = time.monotonic()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    say(f"rounds per game: {dict(sorted((r, rounds.count(r)) for r in set(rounds)))}; "
        f"page errors and console errors: {len(errors)}")
    for error in errors[:5]:
        say(f"  {error[:200]}")
    base = samples[1] if len(samples) > 2 else samples[0]
    say(f"growth from game {args.every if len(samples) > 2 else 0} to game {args.games} "
        f"(flat: under {TOLERANCE:.0%}):")
    for line in verdict(base, samples[-1]):
        say(line)
    if args.out:
        command = "$ nice -n 10 python3 tests/bench/soak_page.py " + " ".join(argv or sys.argv[1:])
        args.out.write_text(command.rstrip() + "\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
