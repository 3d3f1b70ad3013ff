"""Start-up of the game page against a minimal PyScript page on the same local runtime.

    nice -n 10 python3 tests/bench/bench_startup.py [--runs N] [--out FILE]

In one Chromium run it serves the repository on 127.0.0.1 (serve.py) and loads, alternately,
``tests/bench/minimal/index.html`` (the same PyScript 0.7.31 and node_modules Pyodide, one line
of Python) and the game (``index.html``), ``--runs`` times each (default 5), and prints medians
of three figures, each taken inside the page by ``performance.now()`` from navigation start:

* first paint — the browser's first-contentful-paint of the start screen (plain HTML); goal:
  under 300 ms;
* Python ready — when ``<html data-python="ready">`` is set (PyScript started and the page's
  Python wired); goal: the game within 1.15× the minimal page;
* table drawn — from the click on Deal (made as soon as Python is ready) until the table is
  in the DOM (``[data-screen=table]``); the game only.

Each load happens twice: "cold" in a fresh browser context (nothing cached: the 9.6 MB wasm
is fetched and compiled again) and "warm" in one persistent context (HTTP cache kept, as a
returning player has it).  The machine is shared and has 2 cores, so figures vary by tens of
per cent between runs; the ratio game/minimal, measured in the same run, is the stable figure.
Needs the playwright package (tests/run.py installs it in .venv); uses /usr/bin/chromium when
present, else Playwright's own browser.  The output is committed in
tests/bench/results/startup.txt.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import serve  # noqa: E402  (after the path set-up)

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PAGES = {"minimal": "tests/bench/minimal/index.html", "game": "index.html"}
TIMEOUT_MS = 120_000

# Installed before any page script: records when Python says it is ready, clicks Deal at that
# moment (game page), and records when the table appears.
RECORDER = """
(() => {
  const marks = window.__startup = {};
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
    if (marks.deal !== undefined && marks.table === undefined &&
        document.querySelector("[data-screen=table]")) {
      marks.table = performance.now();
    }
  }).observe(document, { attributes: true, childList: true, subtree: true });
})();
"""


def first_paint(page) -> float:
    return page.evaluate("""() => {
        const entry = performance.getEntriesByName("first-contentful-paint")[0]
                   || performance.getEntriesByName("first-paint")[0];
        return entry ? entry.startTime : NaN;
    }""")


def load(context, url: str, deal: bool) -> dict:
    page = context.new_page()
    page.add_init_script(f"window.__dealOnReady = {'true' if deal else 'false'};")
    page.add_init_script(RECORDER)
    page.goto(url)
    page.wait_for_function("window.__startup && window.__startup.ready !== undefined",
                           timeout=TIMEOUT_MS)
    if deal:
        page.wait_for_function("window.__startup.table !== undefined", timeout=TIMEOUT_MS)
    marks = page.evaluate("window.__startup")
    figures = {"paint": first_paint(page), "ready": marks["ready"]}
    if deal:
        figures["table"] = marks["table"] - marks["deal"]
    # Leave no saved game behind: each game load starts from the same start screen.
    page.evaluate("localStorage.clear()")
    page.close()
    return figures


def median(values) -> float:
    return statistics.median(values) if values else float("nan")


def measure(runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    server, base = serve.start_server(serve.ROOT, port=0)
    results = {(mode, name): [] for mode in ("cold", "warm") for name in PAGES}
    launch = {"args": FLAGS}
    if SYSTEM_CHROMIUM.exists():
        launch["executable_path"] = str(SYSTEM_CHROMIUM)
    try:
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
            browser = playwright.chromium.launch(**launch)
            warm = playwright.chromium.launch_persistent_context(profile, **launch)
            for name in PAGES:  # fill the warm cache once; not counted
                load(warm, base + PAGES[name], deal=name == "game")
            for run in range(runs):
                for name, path in PAGES.items():
                    cold = browser.new_context()
                    results["cold", name].append(load(cold, base + path, name == "game"))
                    cold.close()
                    results["warm", name].append(load(warm, base + path, name == "game"))
                print(f"run {run + 1}/{runs} done", file=sys.stderr, flush=True)
            warm.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return results


def report(results: dict, runs: int, load: tuple) -> str:
    lines = [f"TWEAK! start-up, medians of {runs} loads each (ms from navigation start), "
             f"{time.strftime('%Y-%m-%d')}",
             "Chromium headless, localhost, 2 shared cores; game = index.html, "
             "minimal = tests/bench/minimal/index.html",
             "machine load average before / after: "
             + " / ".join(f"{value:.1f}" for value in load)
             + "  (other jobs share the cores: absolute times vary, the ratio is the figure)",
             ""]
    for mode in ("cold", "warm"):
        game = results[mode, "game"]
        minimal = results[mode, "minimal"]
        ready_game = median([r["ready"] for r in game])
        ready_minimal = median([r["ready"] for r in minimal])
        lines += [
            f"{mode}:",
            f"  first paint, game start screen  {median([r['paint'] for r in game]):7.0f}"
            f"   (minimal page {median([r['paint'] for r in minimal]):.0f})   goal < 300",
            f"  Python ready, minimal page      {ready_minimal:7.0f}",
            f"  Python ready, game              {ready_game:7.0f}   ratio "
            f"{ready_game / ready_minimal:.2f}   goal <= 1.15",
            f"  table drawn after Deal          {median([r['table'] for r in game]):7.0f}",
            "",
        ]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads of each page and mode")
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    args = parser.parse_args(argv)
    before = os.getloadavg()[0]
    results = measure(args.runs)
    text = report(results, args.runs, (before, os.getloadavg()[0]))
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
