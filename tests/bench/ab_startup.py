"""Did a change make the game ready sooner?  The game's "Python ready" at two commits, loaded
alternately in one Chromium run (issue 7).

    nice -n 0 python3 tests/bench/ab_startup.py BEFORE AFTER [--runs N] [--latency MS]

Each run loads, in fresh browser contexts (nothing cached), the minimal worker page
(``tests/bench/minimal/worker.html`` of BEFORE: PyScript's worker and MicroPython, no game),
then the game at BEFORE, then at AFTER, each served from a clean export of its commit
(bench_startup.export_commit).  It prints each page's ready times and median, and the medians
of the paired ratios: each game / the minimal worker page of its run, and AFTER / BEFORE.  A
change of 2% in the start-up is lost in the noise between two runs of bench_startup.py on a
shared machine; loaded side by side, 10 runs show it.  ``--latency`` adds that many ms to every
request (Chromium's network emulation): localhost has no round trips, a real network has, and
a change in the order of requests shows only with them.  A figure, never an assertion.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_startup import PAGES, export_commit, launch_options, open_page, serve_commit  # noqa: E402,E501


def ready_ms(browser, url: str, latency_ms: int) -> float:
    context = browser.new_context()
    try:
        page, _ = open_page(context, url, latency_ms=latency_ms)
        return page.evaluate("window.__startup.ready")
    finally:
        context.close()


def paired(these: list, those: list) -> float:
    """The median of the ratios of loads made in the same run."""
    return statistics.median(a / b for a, b in zip(these, those))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", help="the commit to compare with (e.g. HEAD~1)")
    parser.add_argument("after", help="the commit with the change (e.g. HEAD)")
    parser.add_argument("--runs", type=int, default=10, help="loads of each page")
    parser.add_argument("--latency", type=int, default=0, metavar="MS",
                        help="emulate a network with this round-trip latency")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as one, tempfile.TemporaryDirectory() as two:
        (before_root, before), (after_root, after) = (export_commit(args.before, Path(one)),
                                                      export_commit(args.after, Path(two)))
        # Each commit by its own serve.py: the layout (and what goes into python.zip) is the
        # commit's.
        servers = [serve_commit(root) for root in (before_root, after_root)]
        pages = {"minimal worker": servers[0][1] + PAGES["worker"],
                 f"game at {before}": servers[0][1] + PAGES["game"],
                 f"game at {after}": servers[1][1] + PAGES["game"]}
        ready = {name: [] for name in pages}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**launch_options())
                for run in range(args.runs):
                    for name, url in pages.items():
                        ready[name].append(ready_ms(browser, url, args.latency))
                    print(f"run {run + 1}/{args.runs} done", file=sys.stderr, flush=True)
                browser.close()
        finally:
            for process, _ in servers:
                process.terminate()
                process.wait()
    minimal, old, new = ready.values()
    network = f", {args.latency} ms latency per request" if args.latency else ""
    print(f"Python ready, ms from navigation start ({args.runs} cold loads each, alternating"
          f"{network})")
    for name, times in ready.items():
        print(f"  {name:<22} median {statistics.median(times):6.0f}   "
              + " ".join(f"{ms:.0f}" for ms in times))
    print(f"  game at {before} / minimal worker  {paired(old, minimal):.3f}")
    print(f"  game at {after} / minimal worker  {paired(new, minimal):.3f}")
    print(f"  {after} / {before}                  {paired(new, old):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
