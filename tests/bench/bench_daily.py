"""Decision times of the daily deal's computers (ui/worker/daily.py): Hard on a step budget with no
clock (``daily.HARD_STEPS``), the same on every device, so its time is what the device makes of
it.  Plays the daily deals of ``--days`` consecutive days from 2026-12-01 (the person's seat
played by Medium) and times every computer decision, made as the page's worker makes it (a
fresh bot per decision, its ``think`` driven to the end).

    python3 tests/bench/bench_daily.py --days 3
    node tests/pyodide/run.mjs script tests/bench/bench_daily.py --days 3   # the browser's Python

Prints median, p95 and max per level, wall-clock and CPU (``time.process_time``; under Pyodide in
Node it may be missing, then only wall-clock).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tweak import apply, bots, view  # noqa: E402
from tweak.bots import think  # noqa: E402
from ui.worker import daily  # noqa: E402
from ui.worker.session import Session  # noqa: E402


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=3)
    args = parser.parse_args()
    wall, cpu = {}, {}
    person = bots.make_bot("medium", seed=1)
    for offset in range(args.days):
        day = date(2026, 12, 1) + timedelta(days=offset)
        session = Session.new_daily(day)
        state = session.state
        while not state.is_over:
            seat = state.to_act
            me = view(state, seat)
            if seat == 0:
                action = person.choose(me)
            else:
                level = session.seats[seat].level
                bot = daily.make_bot(level, day, seat, state.step)
                started, started_cpu = time.perf_counter(), time.process_time()
                thinking = think(bot, me)
                try:
                    while True:
                        next(thinking)
                except StopIteration as stop:
                    action = stop.value
                wall.setdefault(level, []).append(1000 * (time.perf_counter() - started))
                cpu.setdefault(level, []).append(1000 * (time.process_time() - started_cpu))
            state = apply(state, action)
    print(f"{platform.python_implementation()} {platform.python_version()} "
          f"({platform.system()}); daily deals of {args.days} days from 2026-12-01, "
          f"Hard at {daily.HARD_STEPS} steps, no clock")
    print(f"  {'level':<18}{'decisions':>10}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}")
    for level in sorted(wall):
        for name, times in ((level, wall[level]), (f"{level} (CPU time)", cpu[level])):
            if not any(times):
                continue
            print(f"  {name:<18}{len(times):>10}{statistics.median(times):>11.2f}"
                  f"{percentile(times, 0.95):>9.2f}{max(times):>9.2f}")


if __name__ == "__main__":
    main()
