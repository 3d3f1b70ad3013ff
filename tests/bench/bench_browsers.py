"""The browser smoke flow's timings in Firefox ESR and WebKitGTK, as ratios to Chromium.

    nice -n 10 python3 tests/bench/bench_browsers.py [--runs N] [--turns N] [--out FILE]

Plays the flow of tests/e2e/test_browsers.py (``tests/browsers/smoke.js``: load the page, wait
for Python, choose a person against a computer, Deal, play ``--turns`` turns by clicking) ``--runs``
times in each browser (default 5), the browsers taking turns within each run so that a drift of
the shared machine's pace touches all three alike.  Every load is cold: a fresh browser profile
each time, so the 9.6 MB wasm is fetched and compiled again.  Figures are medians, in ms, taken
inside the page by ``performance.now()`` (a driver's round trips are not in them):

* ready — from navigation start until ``<html data-python="ready">``;
* deal → table — from the click on Deal until the human's hand is in the DOM;
* turns — the sum over the turns of: the click on Place card until the human's next turn is
  drawn (the page handles the move, the computer moves, the page draws it);
* launch — starting the browser and its driver until it answers (outside the page; shown for
  the whole wall time, not compared).

Ratios are browser / Chromium for the same figure, from the same run.  Chromium runs under
puppeteer-core too (CDP; Firefox uses WebDriver BiDi), WebKitGTK under WebKitWebDriver + selenium
on a private Xvfb display (tests/browsers/drivers.py).  Needs what the tests need (python3
tests/run.py installs the Python and npm parts; Debian's chromium, firefox-esr,
webkit2gtk-driver, xvfb).  A browser that is missing is left out, saying why.  The output is
committed in tests/bench/results/browsers.txt.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import devserver  # noqa: E402  (after the path set-up)
from tests.browsers import drivers  # noqa: E402

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
FIGURES = ("ready", "deal → table", "turns")
TIMEOUT_S = 300


def chromium_executable():
    if SYSTEM_CHROMIUM.exists():
        return SYSTEM_CHROMIUM
    from playwright.sync_api import sync_playwright  # Playwright's own, when installed

    with sync_playwright() as playwright:
        path = Path(playwright.chromium.executable_path)
    return path if path.exists() else None


def figures(result: dict, turns: int) -> dict:
    """The figures of one run (ms), or raise RuntimeError saying why the run does not count."""
    own, _ = drivers.page_errors(result)
    if result.get("failure") or own:
        raise RuntimeError(f"{result.get('browser')}: {result.get('failure') or own}")
    page = result["page"]
    marks = page["marks"]
    if len(page["turns"]) < turns:
        raise RuntimeError(f"{result['browser']}: only {len(page['turns'])} turns ({page['outcome']})")
    return {"ready": marks["ready"], "deal → table": marks["table"] - marks["dealClick"],
            "turns": sum(page["turns"][:turns]), "launch": result.get("launchMs", float("nan"))}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--turns", type=int, default=drivers.SMOKE_TURNS)
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    args = parser.parse_args(argv)

    browsers = {}  # name -> function(url_for_puppeteer, url_for_webkit) -> result
    left_out = []
    chromium = chromium_executable()
    if chromium is None or drivers.puppeteer_problem():
        print(f"no Chromium baseline: {drivers.puppeteer_problem() or 'chromium is not installed'}",
              file=sys.stderr)
        return 1
    browsers["Chromium"] = lambda plain, recording: drivers.run_puppeteer(
        "chrome", chromium, plain, args.turns, TIMEOUT_S)
    problem = drivers.firefox_problem()
    if problem:
        left_out.append(f"Firefox ESR: {problem}")
    else:
        browsers["Firefox ESR"] = lambda plain, recording: drivers.run_puppeteer(
            "firefox", drivers.FIREFOX, plain, args.turns, TIMEOUT_S)
    problem = drivers.webkit_problem()
    if problem:
        left_out.append(f"WebKitGTK: {problem}")
    else:
        browsers["WebKitGTK"] = lambda plain, recording: drivers.run_webkit(
            recording, args.turns, TIMEOUT_S)

    samples = {name: [] for name in browsers}
    versions = {}
    server, url = devserver.start_server(ROOT, port=0)
    try:
        with drivers.recording_site() as recording_url:
            plain = url + drivers.SMOKE_QUERY
            recording = recording_url + drivers.SMOKE_QUERY
            names = list(browsers)
            for run in range(args.runs):
                began = time.monotonic()
                for name in names[run % len(names):] + names[:run % len(names)]:
                    result = browsers[name](plain, recording)
                    samples[name].append(figures(result, args.turns))
                    versions[name] = result.get("version", "?")
                print(f"run {run + 1}/{args.runs}: {time.monotonic() - began:.0f} s",
                      file=sys.stderr, flush=True)
    finally:
        server.shutdown()
        server.server_close()

    medians = {name: {figure: statistics.median(sample[figure] for sample in runs)
                      for figure in (*FIGURES, "launch")}
               for name, runs in samples.items()}
    base = medians["Chromium"]
    lines = [
        "Browser smoke flow (tests/bench/bench_browsers.py): load, Python ready, Deal, "
        f"{args.turns} turns by clicking;",
        f"medians of {args.runs} cold runs each, ms inside the page; ratio = browser / Chromium, "
        "same run.",
        f"machine: {platform.machine()}, {os.cpu_count()} cores, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end",
        "",
        f"{'browser':<13} {'version':<22}" + "".join(f"{figure:>20}" for figure in FIGURES)
        + f"{'launch':>10}",
    ]
    for name, figure_medians in medians.items():
        cells = []
        for figure in FIGURES:
            value = figure_medians[figure]
            ratio = "" if name == "Chromium" else f" ({value / base[figure]:.2f}x)"
            cells.append(f"{value:.0f}{ratio}")
        lines.append(f"{name:<13} {versions[name]:<22}" + "".join(f"{cell:>20}" for cell in cells)
                     + f"{figure_medians['launch']:>10.0f}")
    lines.append("")
    lines.append("every run (ready / deal → table / turns, ms):")
    for name, runs in samples.items():
        lines.append(f"  {name:<13} " + "  ".join(
            " / ".join(f"{sample[figure]:.0f}" for figure in FIGURES) for sample in runs))
    for note in left_out:
        lines.append(f"left out: {note}")
    report = "\n".join(lines) + "\n"
    print(report, end="")
    if args.out:
        args.out.write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
