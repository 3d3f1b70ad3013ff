"""What the table's own animations cost the page's main thread while nothing else happens.

    nice -n 10 python3 tests/bench/bench_animations.py [--repeats 3] [--throttle 4] [--commit REV]

A table of two seats is dealt (the person to play) and left quiet; then each of the table's
lasting effects is shown as the game shows it, one at a time, and a Chrome trace of the next
second counts the main thread's frames (style, layout, paint) and its busy time:

* a capture's call-out (the toast over the board, 3.2 s long);
* the lit frame of the seat to act moving from one opponent to the other (every move does it);
* a playable [T!] card in the person's hand (its glow breathes as long as it is playable);
* a card picked in the hand (it rises and is ringed);
* a computer thinking (the three dots of its status).

An effect the compositor runs costs the main thread a few frames (its start and end); one that
runs on the main thread costs a style, layout or paint in every frame: on a phone (4x slower)
each such frame takes a slice of every move's budget.  The figure per effect is the median over
``--repeats``; the idle table, first, is the floor.  ``--throttle 4`` slows the main thread four
times (Chromium's CPU throttling, as DevTools' phone emulation does).  ``--commit REV`` measures that commit's
page (a clean export served by its own serve.py, which logs every request on stderr).

Figures, not a test: a shared machine is noisy.  Results: tests/bench/results/animations.txt.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench_play import FLAGS, SYSTEM_CHROMIUM  # noqa: E402
from bench_startup import export_commit, serve_commit  # noqa: E402
from tools import devserver  # noqa: E402
from tweak.cards import TKind  # noqa: E402
from ui.worker.screens.cards import tcard  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink"]
FRAME_WORK = ("UpdateLayoutTree", "Layout", "Paint", "Commit")

# Each effect as the page shows it: a snippet run in the page that starts it (the markup is the
# worker's own, given as the argument), and one that ends it before the next.
EFFECTS = {
    "idle table": ("() => 0", "() => 0"),
    "call-out toast": (
        "(html) => { document.getElementById('fx-toast').innerHTML = html; }",
        "() => { document.getElementById('fx-toast').innerHTML = ''; }"),
    "seat to act lit": (
        "() => { for (const seat of document.querySelectorAll('.opponent')) "
        "seat.classList.toggle('active'); }",
        "() => 0"),
    "playable [T!] card": (
        "(html) => { document.querySelector('.me-row').insertAdjacentHTML('beforeend', html); }",
        "() => { document.querySelector('.me-row > .card.tcard').remove(); }"),
    "card picked": (
        "() => { document.querySelector('.hand .card').classList.add('selected'); }",
        "() => { document.querySelector('.hand .card').classList.remove('selected'); }"),
    "computer thinking": (
        "() => { document.querySelector('.opponent .thinking').innerHTML = "
        "'thinking<i>.</i><i>.</i><i>.</i>'; }",
        "() => { document.querySelector('.opponent .thinking').innerHTML = ''; }"),
}
MARKUP = {
    "call-out toast": ('<div class="toast" role="status"><div class="callout"><b>Ada</b>: '
                       '5 plus 7 is 12</div></div>'),
    "playable [T!] card": tcard(TKind.THIEF, classes=("playable",),
                                extra={"data-ui": "flow:thief"}),
}


def main_thread_work(events) -> tuple:
    """(frames, busy ms) of the renderer's main thread in a trace: frames counted by their
    style-and-layout or paint updates, busy time as the sum of its top-level tasks."""
    threads = Counter((e["pid"], e["tid"]) for e in events if e.get("name") in FRAME_WORK)
    if not threads:
        return 0, 0.0
    pid, tid = threads.most_common(1)[0][0]
    mine = [e for e in events if e.get("pid") == pid and e.get("tid") == tid]
    counts = Counter(e["name"] for e in mine if e.get("name") in FRAME_WORK)
    busy = sum(e.get("dur", 0) for e in mine if e.get("name") == "RunTask") / 1000
    return max(counts["UpdateLayoutTree"], counts["Paint"], counts["Commit"]), busy


def measure(url: str, repeats: int, throttle: float = 1) -> dict:
    """Per effect, the (frames, busy ms) of the second after it starts, once per repeat."""
    results = {name: [] for name in EFFECTS}
    with sync_playwright() as playwright:
        executable = str(SYSTEM_CHROMIUM) if SYSTEM_CHROMIUM.exists() else None
        browser = playwright.chromium.launch(executable_path=executable, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        if throttle != 1:
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                    {"rate": throttle})
        page.goto(url + "index.html?pace=normal&seed=11&players=2")
        page.wait_for_selector("html[data-python=ready]", timeout=180_000)
        page.locator("#deal").click()
        page.wait_for_selector(".prompt.you", timeout=60_000)
        page.wait_for_timeout(4000)  # the deal's cards and its call-outs are done
        for _ in range(repeats):
            for name, (start, end) in EFFECTS.items():
                browser.start_tracing(page=page, categories=CATEGORIES)
                page.evaluate(start, MARKUP.get(name, ""))
                page.wait_for_timeout(1000)
                trace = json.loads(browser.stop_tracing())
                events = trace["traceEvents"] if isinstance(trace, dict) else trace
                results[name].append(main_thread_work(events))
                page.evaluate(end)
                page.wait_for_timeout(600)
        browser.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--throttle", type=float, default=1,
                        help="slow the page's main thread this many times (4: a phone)")
    parser.add_argument("--commit", help="measure this commit's page, not the working tree's")
    args = parser.parse_args()
    process = None
    with tempfile.TemporaryDirectory() as scratch:
        if args.commit:
            directory, commit = export_commit(args.commit, Path(scratch) / "site")
            process, url = serve_commit(directory)
            print(f"bench_animations: the page of commit {commit}")
        else:
            _server, url = devserver.start_server(port=0)
        try:
            results = measure(url, args.repeats, args.throttle)
        finally:
            if process:
                process.terminate()
    load = os.getloadavg()[0]
    print(f"bench_animations: the second after each effect starts, median of {args.repeats}; "
          f"1280x800, {'CPU throttled %gx' % args.throttle if args.throttle != 1 else 'unthrottled'}; "
          f"load average {load:.1f}")
    print(f"  {'effect':20s} {'frames':>7s} {'main-thread ms':>15s}")
    for name, runs in results.items():
        frames = statistics.median(run[0] for run in runs)
        busy = statistics.median(run[1] for run in runs)
        print(f"  {name:20s} {frames:7.0f} {busy:15.1f}")


if __name__ == "__main__":
    main()
