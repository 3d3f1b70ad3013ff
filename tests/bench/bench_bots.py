"""Bot decision times per level: median, p95 and max over decisions from real games.

The decisions: every decision met in games between Medium bots (seeds 100*p+g for 2, 3, 4, 5 and
6 players, Classic), i.e. captures, places, [T!] cards and Bomb give-ups as they come up in play.
The same positions arise on every interpreter (seeds are ints and strings, docs/architecture.md).  Each
level then decides each of them with a fresh bot (seed 1).  A level written ``hard@fast`` is
Hard at that pace (``make_bot("hard", 1, pace="fast")``): under Pyodide the pace's clock budget
applies (``hard.PACES``: a time limit and a hard cap); under CPython its fixed step budget.
Searching levels are also broken down by number of players.

Times are wall-clock (what a player waits).  The process's CPU time is printed too where a
clock for it exists (CPython; Node's process.cpuUsage() under Pyodide in Node, which counts the
whole Node process): other jobs on a shared machine do not inflate it.

Where it runs (from the repository root; ``npm ci`` first if node_modules/ is missing):

  CPython                 nice -n 10 python3 tests/bench/bench_bots.py
  Pyodide in Node         nice -n 10 node tests/pyodide/run.mjs script tests/bench/bench_bots.py
  Pyodide in Chromium     nice -n 10 python3 tests/bench/bench_bots.py --browser
                          (needs the playwright package; uses /usr/bin/chromium if present,
                          else Playwright's own browser; serves the repo on 127.0.0.1 and opens
                          tests/bench/bench_page.html, which loads node_modules/pyodide)

In the browser the page also drives Hard's ``think`` generator the way a page must: one slice of
work per event-loop task (``await asyncio.sleep(0)`` between slices), while a
PerformanceObserver("longtask") records every main-thread task over 50 ms; the longest is
reported (goal: none over ~100 ms).

Options: --games N (games per player count, default 2), --levels easy,medium,hard, --repeat K
(time each decision K times, keep the fastest: on a shared machine this removes time taken by
other processes; the figures say which K was used).
Results are committed in tests/bench/results/bots.txt.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PLAYER_COUNTS = (2, 3, 4, 5, 6)


def where() -> str:
    if sys.platform == "emscripten":
        return f"Pyodide (Python {sys.version.split()[0]}, wasm32)"
    return f"CPython {sys.version.split()[0]}"


def decisions(games: int) -> list:
    """Views of every decision in games between Medium bots (see the module docstring)."""
    return list(iter_decisions(games))


def iter_decisions(games: int):
    """The same views one at a time, as the games go: only one game is held in memory, as on
    a page (holding hundreds of views makes Python's full garbage collections, which walk every
    live object, far longer than a page's)."""
    from tweak import apply, new_game, view
    from tweak.bots import make_bot

    for players in PLAYER_COUNTS:
        for game in range(games):
            seed = 100 * players + game
            state = new_game(players, seed)
            bots = [make_bot("medium", seed * 10 + seat) for seat in range(players)]
            while not state.is_over:
                seat = state.to_act
                seen = view(state, seat)
                yield seen
                state = apply(state, bots[seat].choose(seen))


def cpu_clock_function():
    """Seconds of CPU time used by this process, or None where there is no such clock: CPython's
    process_time; under Pyodide in Node, Node's process.cpuUsage(); none in a browser."""
    if sys.platform != "emscripten":
        return time.process_time
    try:
        import js

        usage = js.process.cpuUsage  # only Node has a process object
    except (ImportError, AttributeError):
        return None

    def node_cpu():
        used = usage()
        return (used.user + used.system) / 1e6

    return node_cpu


def summary(times_ms) -> dict:
    ordered = sorted(times_ms)
    return {
        "decisions": len(ordered),
        "median": statistics.median(ordered),
        "p95": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
        "max": ordered[-1],
    }


def hard_options(text) -> dict:
    """``--hard-time-limit``: "default" (as make_bot builds it), "none" (no clock: neither a
    time limit nor a cap), or seconds (a time limit, no cap)."""
    if text == "default":
        return {}
    return {"time_limit": None if text == "none" else float(text), "cap": None}


def time_levels(views, levels, repeat=1, hard=None) -> dict:
    """{level: summary of decision times in ms}, plus Hard's worlds per decision.  Each decision
    is timed ``repeat`` times with a fresh bot of the same seed (the same work, where no clock
    limit applies) and the fastest time counts: on a shared machine that removes the time other
    processes took, not any of the bot's own."""
    from tweak.bots import make_bot

    results = {}
    cpu_clock = cpu_clock_function()
    for name in levels:
        level, _, pace = name.partition("@")
        times, cpu_times, worlds = [], [], []
        by_players = {}
        for seen in views:
            fastest = fastest_cpu = None
            for _ in range(repeat):
                bot = make_bot(level, 1, pace or "normal",
                               **((hard or {}) if level == "hard" else {}))
                started, started_cpu = time.perf_counter(), cpu_clock() if cpu_clock else 0
                action = bot.choose(seen)
                took = (time.perf_counter() - started) * 1000
                took_cpu = ((cpu_clock() - started_cpu) * 1000) if cpu_clock else 0
                fastest = took if fastest is None else min(fastest, took)
                fastest_cpu = took_cpu if fastest_cpu is None else min(fastest_cpu, took_cpu)
            times.append(fastest)
            cpu_times.append(fastest_cpu)
            by_players.setdefault(seen.players, []).append(fastest)
            if action not in seen.legal:
                raise AssertionError(f"{level} chose an illegal action {action}")
            if hasattr(bot, "last_worlds") and len(seen.legal) > 1:
                worlds.append(bot.last_worlds)
        results[name] = summary(times)
        if cpu_clock:
            results[name + " (CPU time)"] = summary(cpu_times)
        if worlds:
            results[name]["worlds"] = statistics.median(worlds)
            for players, some in sorted(by_players.items()):
                results[f"  {name} {players}p"] = summary(some)
    return results


def slice_profile(games, hard) -> str:
    """Drive Hard's think() as a page does, without an event loop, and measure each slice
    (the work between two yields) in wall and CPU time: the CPU time of the longest slice is
    how long the page can be kept busy at once, whatever else the machine is doing."""
    from tweak.bots import make_bot, think

    cpu_clock = cpu_clock_function()
    bot = make_bot("hard", 2, **hard)
    walls, cpus = [], []
    for seen in iter_decisions(games):
        thinking = think(bot, seen)
        done = False
        while not done:
            began, began_cpu = time.perf_counter(), cpu_clock() if cpu_clock else 0
            try:
                next(thinking)
            except StopIteration:
                done = True
            walls.append((time.perf_counter() - began) * 1000)
            cpus.append(((cpu_clock() - began_cpu) * 1000) if cpu_clock else 0)
    line = (f"hard's think() slices: {len(walls)}; wall median {statistics.median(walls):.1f} ms, "
            f"p99 {sorted(walls)[int(0.99 * len(walls))]:.1f}, longest {max(walls):.1f} ms")
    if cpu_clock:
        line += (f"; CPU median {statistics.median(cpus):.1f} ms, p99 "
                 f"{sorted(cpus)[int(0.99 * len(cpus))]:.1f}, longest {max(cpus):.1f} ms")
    return line


def format_results(title, results, extra=()) -> str:
    lines = [title, f"  {'level':24} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}"]
    for level, row in results.items():
        line = (f"  {level:24} {row['decisions']:>9} {row['median']:>10.2f} {row['p95']:>8.2f} "
                f"{row['max']:>8.2f}")
        if "worlds" in row:
            line += f"   (median {row['worlds']:g} sampled worlds per searched decision)"
        lines.append(line)
    lines.extend(f"  {text}" for text in extra)
    return "\n".join(lines)


async def browser_run(games: int, levels, repeat: int = 1) -> str:
    """Run inside the page: time the levels, then drive Hard's think() one slice per task."""
    import asyncio

    import js  # only in the browser bench: tweak/ itself never imports js

    from tweak.bots import make_bot, think

    views = decisions(games)
    # The timing holds ~500 views alive at once, a page only one game's: freeze them, so the
    # collector's full walks cost what they cost on the page (ui/main.py freezes its start-up
    # objects the same way) and do not land on whichever decision happens to trigger one.
    gc.freeze()
    await asyncio.sleep(0)
    results = time_levels(views, levels, repeat)
    # The responsiveness check: the page's way of running Hard, with a longtask observer on.
    js.eval("window.longTasks = [];"
            "new PerformanceObserver(list => { for (const e of list.getEntries())"
            " window.longTasks.push([e.startTime, e.duration]); }).observe({type: 'longtask'});")
    count = len(views)
    del views  # as on a page: one game in memory (see iter_decisions)
    gc.collect()
    gc.freeze()  # as ui/main.py does once the page's modules are loaded
    await asyncio.sleep(0.1)
    mark = float(js.performance.now())  # the timing above was one long task: count from here
    bot = make_bot("hard", 2)
    slices = []
    started_all = time.perf_counter()
    for seen in iter_decisions(games):
        thinking = think(bot, seen)
        while True:
            began = time.perf_counter()
            try:
                next(thinking)
            except StopIteration:
                slices.append((time.perf_counter() - began) * 1000)
                break
            slices.append((time.perf_counter() - began) * 1000)
            await asyncio.sleep(0)  # give the event loop a turn between slices
        await asyncio.sleep(0)
    await asyncio.sleep(0.2)  # let the observer deliver the last entries
    long_tasks = [float(duration) for start, duration in js.window.longTasks.to_py()
                  if start >= mark]
    total = time.perf_counter() - started_all
    extra = [
        f"hard via think(), one slice per event-loop task: {count} decisions in {total:.1f} s, "
        f"{len(slices)} slices: median {statistics.median(slices):.1f} ms, "
        f"p99 {sorted(slices)[int(0.99 * len(slices))]:.1f} ms, longest {max(slices):.1f} ms, "
        f"{sum(piece > 50 for piece in slices)} over 50 ms",
        f"decision times above: fastest of {repeat} per decision",
        f"longtask observer: {len(long_tasks)} tasks over 50 ms, longest "
        + (f"{max(long_tasks):.0f} ms" if long_tasks else "none"),
    ]
    return format_results(f"{where()} in the browser ({js.navigator.userAgent})", results, extra)


def run_browser(args) -> str:
    """Serve the repository, open the bench page in Chromium, return the page's report."""
    import functools
    import http.server
    import shutil
    import threading

    from playwright.sync_api import sync_playwright

    class Quiet(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".mjs": "text/javascript", ".wasm": "application/wasm"}

        def log_message(self, *_):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    files = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tweak").rglob("*.py"))
    files.append("tests/bench/bench_bots.py")
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    launch = {"args": ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                       "--disable-background-networking", "--disable-component-update",
                       "--disable-sync"]}
    if Path(chromium).exists():
        launch["executable_path"] = chromium
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch)
            page = browser.new_page()
            outside = []
            page.on("request", lambda request: outside.append(request.url)
                    if not request.url.startswith(f"http://127.0.0.1:{port}/") else None)
            page.goto(f"http://127.0.0.1:{port}/tests/bench/bench_page.html")
            page.wait_for_function("window.benchReady === true", timeout=120_000)
            report = page.evaluate(
                "([files, games, levels, repeat]) => window.runBench(files, games, levels, repeat)",
                [files, args.games, args.levels, args.repeat])
            browser.close()
    finally:
        server.shutdown()
    if outside:
        report += f"\n  WARNING: requests left 127.0.0.1: {outside[:3]}"
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    parser.add_argument("--levels", default="easy,medium,hard@normal,hard@fast,hard@instant",
                        help="levels to time; level@pace for a pace (default: every Hard pace)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="time each decision this many times, keep the fastest (default 1)")
    parser.add_argument("--hard-time-limit", default="default",
                        help='Hard\'s clock limit: "default" (as shipped), "none", or seconds')
    parser.add_argument("--slices", action="store_true",
                        help="also measure the work between two yields of Hard's think()")
    parser.add_argument("--browser", action="store_true", help="run in Chromium via Playwright")
    args = parser.parse_args(argv)
    args.levels = [level for level in args.levels.split(",") if level]
    if args.browser:
        print(run_browser(args))
        return 0
    views = decisions(args.games)
    # The timing holds ~500 views alive at once, a page only one game's: freeze them, so the
    # collector's full walks cost what they cost on the page (ui/main.py freezes its start-up
    # objects the same way) and do not land on whichever decision happens to trigger one.
    gc.freeze()
    count = len(views)
    started = time.perf_counter()
    results = time_levels(views, args.levels, args.repeat, hard_options(args.hard_time_limit))
    extra = [f"hard's clock limit: {args.hard_time_limit}",
             f"fastest of {args.repeat} per decision; total {time.perf_counter() - started:.1f} s"]
    if args.slices:
        del views  # as on a page: one game in memory (see iter_decisions)
        gc.collect()
        extra.append(slice_profile(args.games, hard_options(args.hard_time_limit)))
    if sys.platform != "emscripten":  # Pyodide's getloadavg is a stub
        extra.append("load average %.2f %.2f %.2f (2 cores, shared)" % os.getloadavg())
    print(format_results(f"{where()} ({sys.platform}); {count} decisions from "
                         f"{args.games} games each of {', '.join(map(str, PLAYER_COUNTS))} players",
                         results, extra))
    return 0


if __name__ == "__main__":
    sys.exit(main())
