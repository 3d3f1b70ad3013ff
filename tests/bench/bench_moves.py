"""One game's moves replayed with their motion on a phone-slow main thread: each move's longest
task.

    nice -n 10 python3 tests/bench/bench_moves.py [--moves 22] [--rounds 4] [--throttle 4]
        [--viewport 1280x800 | --phone] [--commit REV] [--first-table]

bench_play.py measures the page as a person meets it; on a shared machine its counts follow
the machine's load more than a change of the page.  This benchmark holds all but the browser's
own work still.  One seeded game (four seats, normal pace) is played as bench_play plays it,
unthrottled, and the screens page.py hands ui/main_thread/motion.js are recorded (HTML, motion,
options) until ``--moves`` of them carry motion.  Then, in a fresh page whose table waits for
the person, those moves are replayed one after the other with their motion and the CPU slowed
``--throttle`` times, under a Chrome trace: a move's longest main-thread task is the longest
from the move's start until its cards have landed (the patch, a computer's capture after its
pause, the frames).  The worker's answer is not replayed: its task is bench_play's.  Every move
is replayed ``--rounds`` times and its least figure kept, since the machine's noise only adds.
Then the main thread's style, layout and paint over each whole replay: steadier than any one
task, so a change of a few milliseconds per frame shows in it.

``--phone`` opens those pages as DevTools' phone emulation does (bench_play.py ``--phone``: 390x844,
touch, Deal tapped), so no mouse hovers over the table.

``--first-table`` replays the game's first table instead: its screen put into an empty #game
with the deal's motion (assembled unseen, shown, the cards dealt), ``--rounds`` times, each
until 300 ms after its cards have landed; per replay, every task over 50 ms and what the
longest was made of.

``--commit REV`` records and replays that commit's game as well (same seed: the same game),
served by its own serve.py, round by round alternately with the working tree's in one browser:
a before-and-after of motion.js, the screens' HTML and the stylesheet.

Figures, not a test.  Results: tests/bench/results/moves.txt.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench_play import (  # noqa: E402
    FLAGS, LONG_TASK_MS, PHONE, SYSTEM_CHROMIUM, described, load_average, play,
)
from bench_startup import export_commit, serve_commit  # noqa: E402
from tools import devserver  # noqa: E402

SEED = 11
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
                    "blink.user_timing"]

# Every screen page.py hands motion.js, as given: [html, motion, options].
RECORD = """
window.__screens = [];
(function wrap() {
  if (!window.tweakMotion) { setTimeout(wrap, 20); return; }
  const swap = window.tweakMotion.swap;
  window.tweakMotion.swap = (game, html, motion, options) => {
    window.__screens.push([html, motion ? JSON.parse(JSON.stringify(motion)) : null,
                           options ? JSON.parse(JSON.stringify(options)) : {}]);
    return swap(game, html, motion, options);
  };
})();
"""

# The first screen without motion, then every move with its own, each once the last landed.
REPLAY = """async ([first, moves]) => {
  const game = document.getElementById("game");
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  await window.tweakMotion.swap(game, first, null, {});
  await pause(300);
  for (const [html, motion, options] of moves) {
    await pause(300);
    performance.mark("move");
    await window.tweakMotion.swap(game, html, motion, options);
    while (!window.tweakMotion.still()) await pause(30);
  }
  await pause(300);
}"""


# The first table again: #game emptied, then its screen with the deal's motion.
FIRST_TABLE = """async ([html, motion, options]) => {
  const game = document.getElementById("game");
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  game.innerHTML = "";
  await pause(400);
  performance.mark("move");
  await window.tweakMotion.swap(game, html, motion, options);
  while (!window.tweakMotion.still()) await pause(30);
  await pause(300);
  performance.mark("move");
}"""


def record(browser, url: str, screen: dict, moves: int) -> list:
    """Play the seeded game until ``moves`` screens with motion were shown (two minutes at
    most); every screen shown, from the first table on."""
    touch = screen.get("has_touch", False)
    context = browser.new_context(**screen)
    page = context.new_page()
    page.add_init_script(RECORD)
    page.goto(f"{url}index.html?pace=normal&seed={SEED}")
    deal(page, touch)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and page.evaluate(
            "window.__screens.filter((s) => s[1]).length") <= moves:  # and the deal's own
        play(page, 1, touch)
    screens = page.evaluate("window.__screens")
    context.close()
    tables = [i for i, (html, _, _) in enumerate(screens) if 'data-screen="table"' in html]
    if not tables:
        raise RuntimeError(f"{url}: no table was shown in two minutes of play")
    return screens[tables[0]:]


def deal(page, touch: bool = False) -> None:
    """Four seats (you and three computers), dealt once Python is ready (Deal tapped on a
    touch screen)."""
    page.wait_for_selector("html[data-python=ready]", timeout=300_000)
    page.evaluate("document.querySelector(\"input[name=players][value='4']\").click()")
    (page.locator("#deal").tap if touch else page.locator("#deal").click)()
    page.wait_for_selector("[data-screen=table]", timeout=120_000)


def table_page(browser, url: str, screen: dict, throttle: float):
    """A page whose table waits for the person (instant pace: nothing else moves), slowed."""
    page = browser.new_context(**screen).new_page()
    page.goto(f"{url}index.html?pace=instant&seed={SEED}")
    deal(page, screen.get("has_touch", False))
    page.wait_for_selector("#app:not([aria-busy])")
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return page


# What a task's time went to: trace events (their own names) grouped as a reader of a
# profile would.
PARTS = {"UpdateLayoutTree": "style", "Layout": "layout", "PrePaint": "paint", "Paint": "paint",
         "Layerize": "paint", "Commit": "paint", "ParseHTML": "parse"}


def main_thread_tasks(trace: dict) -> tuple:
    """A trace's "move" marks (sorted, microseconds), and the page's main-thread events."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    threads = Counter((e["pid"], e["tid"]) for e in events if e.get("name") == "UpdateLayoutTree")
    main = threads.most_common(1)[0][0]
    mine = [e for e in events if (e.get("pid"), e.get("tid")) == main and e.get("ph") == "X"]
    marks = sorted(e["ts"] for e in events if e.get("name") == "move")
    return marks, mine


def parts_of(mine: list, start: float, duration: float) -> Counter:
    """What the task from ``start`` for ``duration`` (microseconds) was made of, in ms: the
    parts of ``PARTS`` and "other" (script, and the browser's work that is none of those)."""
    parts = Counter()
    counted_until = start
    for event in sorted((event for event in mine if event["name"] in PARTS
                         and start <= event["ts"] < start + duration),
                        key=lambda e: (e["ts"], -e.get("dur", 0))):
        if event["ts"] < counted_until:
            continue  # inside one counted already (the document's paint holds its layers')
        parts[PARTS[event["name"]]] += event.get("dur", 0) / 1000
        counted_until = event["ts"] + event.get("dur", 0)
    parts["other"] = max(0.0, duration / 1000 - sum(parts.values()))
    return parts


def longest_per_move(trace: dict) -> list:
    """From a replay's trace: per move (between its "move" mark and the next), the longest
    task of the page's main thread, as (ms, {part: ms})."""
    marks, mine = main_thread_tasks(trace)
    marks.append(float("inf"))
    tasks = [(e["ts"], e.get("dur", 0)) for e in mine if e["name"] == "RunTask"]
    found = []
    for begin, end in zip(marks, marks[1:]):
        start, duration = max(((start, dur) for start, dur in tasks if begin <= start < end),
                              key=lambda task: task[1], default=(0, 0))
        found.append((duration / 1000, parts_of(mine, start, duration)))
    return found


def whole_replay(trace: dict) -> Counter:
    """From a replay's trace: the main thread's time from the first "move" mark on, in ms, by
    part of ``PARTS`` (an event nested in another counted once).  Summed over every task, it
    is steadier than the longest task on a shared machine: a change of a few milliseconds per
    frame shows in it."""
    marks, mine = main_thread_tasks(trace)
    end = max(event["ts"] + event.get("dur", 0) for event in mine)
    parts = parts_of(mine, marks[0], end - marks[0])
    del parts["other"]  # the idle time between tasks, not work
    return parts


def tasks_of_first_table(trace: dict) -> list:
    """From a first table's replay: every main-thread task between its two marks, as (ms from
    the first mark, ms, {part: ms}), in order."""
    (begin, end), mine = main_thread_tasks(trace)
    return [((e["ts"] - begin) / 1000, e.get("dur", 0) / 1000, parts_of(mine, e["ts"], e["dur"]))
            for e in mine if e["name"] == "RunTask" and begin <= e["ts"] < end]


def kind(motion: dict, options: dict) -> str:
    """A move's letter: C a computer's capture (shown lit, then taken), c a capture shown at
    once (yours), . a card placed."""
    if motion.get("taking"):
        return "C" if options.get("hold") else "c"
    return "."


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=22)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--throttle", type=float, default=4)
    parser.add_argument("--viewport", default="1280x800")
    parser.add_argument("--phone", action="store_true",
                        help="DevTools' phone emulation (bench_play.PHONE): 390x844, touch")
    parser.add_argument("--commit", help="replay this commit's game as well, alternately")
    parser.add_argument("--first-table", action="store_true",
                        help="replay the first table (assembled, shown, dealt), not the moves")
    args = parser.parse_args(argv)
    width, height = (int(side) for side in args.viewport.split("x"))
    screen = PHONE if args.phone else {"viewport": {"width": width, "height": height}}
    launch = {"executable_path": str(SYSTEM_CHROMIUM), "args": FLAGS} \
        if SYSTEM_CHROMIUM.exists() else {}
    servers, stops = {}, []
    with tempfile.TemporaryDirectory() as export:
        try:
            server, url = devserver.start_server(ROOT, port=0)
            stops.append(server.shutdown)
            servers["working tree"] = url
            if args.commit:
                directory, commit = export_commit(args.commit, Path(export))
                process, url = serve_commit(directory)
                stops.append(process.terminate)
                servers[f"commit {commit}"] = url
            (measure_first_table if args.first_table else measure)(args, servers, screen,
                                                                   launch)
        finally:
            for stop in stops:
                stop()
    return 0


def replay_alternately(args, servers: dict, screen: dict, launch: dict, moves: int,
                       replayed, script: str, analyse) -> tuple:
    """Record each side's game (``moves`` screens with motion), open its table page slowed
    ``args.throttle`` times, and run ``script`` (a replay) there with ``replayed(screens)``
    under a trace, ``args.rounds`` times, the sides in turn and in the other order every other
    round, so that the machine's load falls on both alike.  Returns per side what was replayed
    and ``analyse(trace)`` of each run."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch)
        arguments, pages = {}, {}
        for side, url in servers.items():
            arguments[side] = replayed(record(browser, url, screen, moves))
            pages[side] = table_page(browser, url, screen, args.throttle)
        found = {side: [] for side in servers}
        sides = list(servers)
        for replay in range(args.rounds):
            for side in sides if replay % 2 == 0 else sides[::-1]:
                browser.start_tracing(page=pages[side], categories=TRACE_CATEGORIES)
                pages[side].evaluate(script, arguments[side])
                found[side].append(analyse(json.loads(browser.stop_tracing())))
        browser.close()
    return arguments, found


def measure(args, servers: dict, screen: dict, launch: dict) -> None:
    """Record each side's game, replay them alternately, print the figures."""
    print(f"bench_moves: seed {SEED}, 4 seats, normal pace, {described(screen)}, CPU throttled "
          f"{args.throttle:g}x, least of {args.rounds} replays per move; {load_average()}",
          flush=True)
    games, figures = replay_alternately(
        args, servers, screen, launch, args.moves,
        lambda screens: (screens[0][0],
                         [screen for screen in screens[1:] if screen[1]][:args.moves]),
        REPLAY, lambda trace: (longest_per_move(trace), whole_replay(trace)))
    for side in servers:
        moves = games[side][1]
        least = [min(replays, key=lambda found: found[0])
                 for replays in zip(*(longest for longest, _ in figures[side]))]
        times = [ms for ms, _ in least]
        print(f"  {side}: {len(times)} moves, longest task per move: median "
              f"{statistics.median(times):.1f} ms, mean {statistics.mean(times):.1f} ms, "
              f"max {max(times):.1f} ms; over {LONG_TASK_MS} ms in "
              f"{sum(ms > LONG_TASK_MS for ms in times)}, over 40 ms in "
              f"{sum(ms > 40 for ms in times)}")
        print("    moves:  " + " ".join(f"{kind(motion, options):>3s}"
                                         for _, motion, options in moves))
        print("    ms:     " + " ".join(f"{ms:3.0f}" for ms in times))
        total = Counter()
        for _, parts in least:
            total.update(parts)
        print("    those tasks' time, mean per move: " + ", ".join(
            f"{part} {total[part] / len(least):.1f} ms"
            for part in ("style", "layout", "paint", "parse", "other")), flush=True)
        wholes = [whole for _, whole in figures[side]]
        print(f"    the main thread over a whole replay, median of {len(wholes)}: " + ", ".join(
            f"{part} {statistics.median(whole[part] for whole in wholes):.0f} ms"
            for part in ("style", "layout", "paint")) + "; paint per replay: "
            + " ".join(f"{whole['paint']:.0f}" for whole in wholes), flush=True)
    print(f"  {load_average()} (after)")


def measure_first_table(args, servers: dict, screen: dict, launch: dict) -> None:
    """Record each side's first table, replay it alternately, print the figures."""
    print(f"bench_moves --first-table: seed {SEED}, 4 seats, normal pace, {described(screen)}, "
          f"CPU throttled {args.throttle:g}x, {args.rounds} replays; "
          f"{load_average()}", flush=True)
    _, replays = replay_alternately(args, servers, screen, launch, 1,
                                    lambda screens: screens[0], FIRST_TABLE,
                                    tasks_of_first_table)
    for side in servers:
        longest = [max(tasks, key=lambda task: task[1]) for tasks in replays[side]]
        over = [[task for task in tasks if task[1] > LONG_TASK_MS] for tasks in replays[side]]
        print(f"  {side}: longest task per replay: median "
              f"{statistics.median(ms for _, ms, _ in longest):.1f} ms, max "
              f"{max(ms for _, ms, _ in longest):.1f} ms; tasks over {LONG_TASK_MS} ms per "
              f"replay: {' '.join(str(len(tasks)) for tasks in over)}")
        for number, (at, ms, parts) in enumerate(longest):
            print(f"    replay {number}: longest {ms:.0f} ms at {at:.0f} ms (" + ", ".join(
                f"{part} {parts[part]:.0f}" for part in ("style", "layout", "paint", "other"))
                + f"); over {LONG_TASK_MS} ms: " + (", ".join(
                    f"at {when:.0f} ms" for when, _, _ in over[number]) or "none"), flush=True)
    print(f"  {load_average()} (after)")


if __name__ == "__main__":
    sys.exit(main())
