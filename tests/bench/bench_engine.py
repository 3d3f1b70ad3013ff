"""Engine pace: applied actions per second in random 4-player Classic games, under CPython and
under Pyodide in Node (the interpreter the browser runs), measured in one invocation.

A benchmark script, not a test (pytest never collects ``bench_*.py``).  From the repo root:

    nice -n 10 python3 tests/bench/bench_engine.py [--games 100] [--repeats 5] [--save]

Game ``i`` of a batch is ``new_game(players=4, seed=i, rules=CLASSIC)`` played to its end, each
step a legal action drawn by ``Random(i).random()`` (int seeds give the same stream on 64-bit
CPython and wasm32, docs/architecture.md), so both interpreters play exactly the same games; the script
checks that they apply the same number of actions.  The time counts the whole loop — listing
the legal actions, choosing one, ``apply`` — and every ``apply`` counts as one action.  A batch
is played once to warm up (V8 compiles Pyodide's wasm in tiers), then ``--repeats`` times.
Each batch is timed by the process's CPU time (the machine's cores are shared, and CPU time does
not count the waits for other work) and by the wall clock.

The two interpreters run *at the same time*, one per core: this machine's pace drifts by up to
±40% from one minute to the next (seen here: the same CPython batch at 14k and 23k actions/s a
minute apart), so measuring one after the other makes the ratio mostly noise.  CPython keeps
playing batches for as long as the Pyodide run lasts, so both sample the same conditions; the
ratio is taken between the median batches (the best batches are printed too).

The goal (issue): at least 10,000 actions/s under CPython, and Pyodide within 2x of that.
``--save`` also writes the report to tests/bench/results/engine.txt.

``--hard N`` also measures Hard's search under CPython: engine steps per CPU second over its
searched decisions in N 2-player games against Medium (normal pace's steps, no clock), and from
it and the ratio above the steps a phone (``PHONE_SLOWDOWN`` times slower CPU, running Pyodide)
applies within the normal pace's time limit (docs/bots.md, "Budgets by pace").

``--measure`` (used internally) measures this interpreter only and prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tweak import CLASSIC, apply, legal_actions, new_game  # noqa: E402

PLAYERS = 4
RESULTS = ROOT / "tests" / "bench" / "results" / "engine.txt"
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
SCRIPT = Path(__file__).resolve().relative_to(ROOT).as_posix()
GOAL_CPYTHON = 10_000  # actions/s
GOAL_RATIO = 2.0       # Pyodide at most this many times slower
PHONE_SLOWDOWN = 4.0   # a mid-range phone's CPU against this machine's (CDP's throttle rate)


def play_batch(games: int) -> int:
    """Play games 0..games-1 to their end with seeded random legal actions; return the number
    of actions applied."""
    actions = 0
    for seed in range(games):
        state = new_game(players=PLAYERS, seed=seed, rules=CLASSIC)
        chooser = Random(seed)
        while not state.is_over:
            legal = legal_actions(state)
            # random(), not choice(): the one part of random guaranteed stable across Python
            # versions (DESIGN habit 5), so CPython 3.11 and Pyodide's 3.14 play the same games.
            state = apply(state, legal[int(chooser.random() * len(legal))])
            actions += 1
    return actions


def hard_rate(games: int) -> tuple:
    """(searched decisions, engine steps, CPU seconds) of Hard's decisions in ``games`` seeded
    2-player games against Medium at the normal pace (steps, no clock)."""
    from tweak import view
    from tweak.bots.hard import HardBot
    from tweak.bots.medium import MediumBot

    decisions = steps = 0
    seconds = 0.0
    for seed in range(games):
        state = new_game(players=2, seed=700 + seed, rules=CLASSIC)
        bots = (HardBot(seed), MediumBot(seed))
        while not state.is_over:
            seat = state.to_act
            seat_view = view(state, seat)
            began = time.process_time()
            action = bots[seat].choose(seat_view)
            spent = time.process_time() - began
            if seat == 0 and bots[0].last_worlds:
                decisions += 1
                steps += bots[0].last_result.steps
                seconds += spent
            state = apply(state, action)
    return decisions, steps, seconds


def hard_report(games: int, ratio: float) -> str:
    """The lines of ``--hard``: Hard's steps per CPU second, and in the normal pace's time
    limit on this machine and on a phone."""
    from tweak.bots.hard import PACES

    decisions, steps, seconds = hard_rate(games)
    rate = steps / seconds
    limit = PACES["normal"].time_limit
    phone = rate * limit / (ratio * PHONE_SLOWDOWN)
    return (f"Hard's search, CPython, {games} 2-player games against Medium: {decisions} searched "
            f"decisions, {steps} engine steps in {seconds:.2f} s of CPU time: {rate:,.0f} steps/s.\n"
            f"In the normal pace's {limit:.2f} s: {rate * limit:,.0f} steps here; on a phone "
            f"({PHONE_SLOWDOWN:g}x slower CPU, Pyodide {ratio:.2f}x slower): {phone:,.0f} steps.\n")


def cpu_seconds() -> float:
    """CPU time of this process.  Under Pyodide ``time.process_time()`` is wall time, so ask
    Node for its process's CPU time instead (after the warm-up, that is the Python thread's)."""
    if sys.platform == "emscripten":
        import js  # Pyodide's bridge to JavaScript; present only there

        usage = js.process.cpuUsage()
        return (usage.user + usage.system) / 1e6
    return time.process_time()


def measure(games: int, repeats: int, until=None) -> dict:
    """This interpreter's figures: actions per batch, and the CPU and wall seconds of each
    timed batch.  With ``until`` (a function), batches go on after ``repeats`` while it
    returns False."""
    warm_up_actions = play_batch(games)
    cpu, wall = [], []
    while len(cpu) < repeats or (until is not None and not until()):
        cpu_began, wall_began = cpu_seconds(), time.perf_counter()
        actions = play_batch(games)
        cpu.append(cpu_seconds() - cpu_began)
        wall.append(time.perf_counter() - wall_began)
        if actions != warm_up_actions:
            raise RuntimeError("the same seeded games applied a different number of actions")
    return {"python": f"{platform.python_implementation()} {platform.python_version()}",
            "games": games, "actions": actions, "cpu": cpu, "wall": wall}


def start_pyodide(games: int, repeats: int) -> subprocess.Popen:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench_engine.py: node was not found (Node.js 20+ runs Pyodide)")
    command = [node, str(RUNNER), "script", SCRIPT, "--measure", "--games", str(games),
               "--repeats", str(repeats)]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def pyodide_figures(process: subprocess.Popen) -> dict:
    stdout, stderr = process.communicate()
    lines = [line for line in stdout.splitlines() if line.startswith("{")]
    if process.returncode != 0 or not lines:
        raise SystemExit(f"bench_engine.py: the Pyodide run failed (exit {process.returncode}):\n"
                         f"{stdout}{stderr}")
    return json.loads(lines[-1])


def rates(figures: dict, clock: str) -> tuple:
    """(best, median) actions per second by one clock ("cpu" or "wall")."""
    seconds = figures[clock]
    return figures["actions"] / min(seconds), figures["actions"] / statistics.median(seconds)


def report(cpython: dict, pyodide: dict, argv: list) -> str:
    if cpython["actions"] != pyodide["actions"]:
        raise SystemExit(f"bench_engine.py: the interpreters played different games "
                         f"({cpython['actions']} vs {pyodide['actions']} actions)")
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        f"$ python3 {SCRIPT} {' '.join(argv)}".rstrip(),
        f"Random {PLAYERS}-player Classic games played to the end: {cpython['games']} games, "
        f"{cpython['actions']} actions per batch, the same games on both interpreters;",
        f"Timed batches after a warm-up batch, both interpreters at the same time: CPython "
        f"{len(cpython['cpu'])}, Pyodide {len(pyodide['cpu'])}.",
        f"{platform.machine()}, {os.cpu_count()} cores, load average {load:.1f} at the end; "
        f"Node {node}.",
        "",
        f"  {'actions/s':<42}{'CPU time: best':>15}{'median':>9}{'wall: best':>13}{'median':>9}",
    ]
    best, median = [], []
    for label, figures in ((f"CPython {cpython['python'].split()[-1]}", cpython),
                           (f"Pyodide in Node (Python {pyodide['python'].split()[-1]}, wasm32)",
                            pyodide)):
        cpu_best, cpu_median = rates(figures, "cpu")
        wall_best, wall_median = rates(figures, "wall")
        best.append(cpu_best)
        median.append(cpu_median)
        lines.append(f"  {label:<42}{cpu_best:>15,.0f}{cpu_median:>9,.0f}"
                     f"{wall_best:>13,.0f}{wall_median:>9,.0f}")
    ratio = median[0] / median[1]
    lines += [
        "",
        f"Pyodide is {ratio:.2f}x slower than CPython by the median batches "
        f"({best[0] / best[1]:.2f}x by the best ones).",
        "(CPU time, unlike wall time, leaves out the waits for other work on a shared machine.)",
        f"Goal: CPython >= {GOAL_CPYTHON:,} actions/s: "
        f"{'met' if median[0] >= GOAL_CPYTHON else 'NOT met'}; "
        f"Pyodide within {GOAL_RATIO:g}x of it: {'met' if ratio <= GOAL_RATIO else 'NOT met'}.",
    ]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per batch (default 100)")
    parser.add_argument("--repeats", type=int, default=5, help="timed batches (default 5)")
    parser.add_argument("--save", action="store_true", help=f"also write {RESULTS.name}")
    parser.add_argument("--hard", type=int, default=0, metavar="N",
                        help="also measure Hard's search over N 2-player games (CPython)")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")

    if args.measure:
        print(json.dumps(measure(args.games, args.repeats)), flush=True)
        return 0
    print(f"Measuring Pyodide in Node and CPython at the same time (batches of {args.games} "
          f"games)...", flush=True)
    process = start_pyodide(args.games, args.repeats)
    cpython = measure(args.games, args.repeats, until=lambda: process.poll() is not None)
    pyodide = pyodide_figures(process)
    text = report(cpython, pyodide, [arg for arg in argv if arg != "--save"])
    if args.hard:
        ratio = (cpython["actions"] / statistics.median(cpython["cpu"])) / (
            pyodide["actions"] / statistics.median(pyodide["cpu"]))
        text += "\n" + hard_report(args.hard, ratio)
    print()
    print(text, end="")
    if args.save:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(text)
        print(f"\n(written to {RESULTS.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
