"""The limits of issue 8, measured: game lengths, the worst ``legal_actions`` and the replay of
a maximal record, under CPython and under Pyodide in Node (the interpreter the browser runs).

A benchmark script, not a test (pytest never collects ``bench_*.py``).  From the repo root:

    nice python3 tests/bench/bench_limits.py [--games 30] [--save]

It measures under this CPython, then runs itself under Pyodide (``tests/pyodide/run.mjs
script``, ``--here``) and prints both; ``--save`` writes tests/bench/results/limits.txt.
``--here`` measures this interpreter only.

1. **Game lengths** (the ground for ``tweak.record.MAX_ACTIONS``): games played to the end by
   random legal actions, the chooser ``Random(seed).random()`` (the same games on both
   interpreters), for 2-6 players under the default rules and under the *slowest* rule set the
   bounds allow: goal ``MAX_GOAL`` for every player count, red cards x1, [T!] cards worth 0,
   and the fewest colours that still deal (fewest points per round).  Random play captures
   less often than people or the bots, so it makes long games.
2. **legal_actions at the largest table** any allowed rule set can produce: every number card
   is on the table but the active player's hand and one deck card whose back shows the
   largest target (``MAX_TARGET``), and the player has played The Joker +1 (R13): target 11.
   Hands of 1, 3 and 6 cards (``hand_size`` is at most 6; each hand card adds the captures of
   its own remainder).  Also the empty-deck case: 53 table cards, target 7 + 1.  Time per
   call, best and median of 5.
3. **Replay of a maximal record**: ``MAX_ACTIONS`` actions in which every seat only ever places
   a card (nobody scores, so the game never ends: the kind of record that froze a tab in
   issue 8), for 2 and 6 players: ``loads`` + ``replay`` of its JSON and ``from_fragment`` +
   ``replay`` of its link, best and median of 3.
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
from dataclasses import replace
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tweak import (  # noqa: E402
    CLASSIC, Record, apply, dumps, from_fragment, legal_actions, loads, new_game, replay,
    to_fragment,
)
from tweak.record import MAX_ACTIONS  # noqa: E402
from tweak.rules import MAX_GOAL, MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS  # noqa: E402

RESULTS = ROOT / "tests" / "bench" / "results" / "limits.txt"
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
SCRIPT = Path(__file__).resolve().relative_to(ROOT).as_posix()


def fewest_colours(players: int, rules=CLASSIC) -> int:
    """The fewest colours that deal every hand, the table and one card to draw."""
    needed = players * rules.hand_size + rules.table_refill + 1
    return next(c for c in range(1, 7) if c * 9 >= needed)


SLOWEST = CLASSIC.with_changes(
    goals=(MAX_GOAL,) * 5, red_multiplier=1, tcard_points=0,
    colours_by_players=tuple(fewest_colours(p) for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)))


def play(players: int, seed: int, rules) -> tuple:
    """(actions, rounds) of a game played to its end by seeded random legal actions."""
    state = new_game(players, seed, rules)
    chooser = Random(seed)
    actions = 0
    while not state.is_over:
        legal = legal_actions(state)
        state = apply(state, legal[int(chooser.random() * len(legal))])
        actions += 1
    return actions, len(state.results)


def game_lengths(games: int) -> list:
    rows = []
    for name, rules in (("default (Classic)", CLASSIC), ("slowest allowed", SLOWEST)):
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            played = [play(players, seed, rules) for seed in range(games)]
            actions = [a for a, _ in played]
            rows.append({"rules": name, "players": players, "games": games,
                         "median": statistics.median(actions), "max": max(actions),
                         "rounds_max": max(r for _, r in played)})
    return rows


def largest_table(hand_cards: int, deck_left: bool) -> object:
    """The state of section 2: all cards on the table but ``hand_cards`` in the active hand
    (the lowest faces, which leave the richest table) and, if ``deck_left``, one deck card
    showing ``MAX_TARGET``; The Joker +1 played."""
    rules = CLASSIC.with_changes(hand_size=6, target_cycle=(MAX_TARGET,))
    state = new_game(2, 1, rules)
    cards = list(rules.number_cards(2))
    deck = ()
    if deck_left:
        top = max(cards, key=lambda card: card.face.value)
        cards.remove(top)
        deck = (top,)
    faces = sorted((card.face for card in cards), key=lambda face: (face.value, face.colour))
    hand, table = [], list(faces)
    for face in faces:
        if len(hand) < hand_cards and face not in hand:
            hand.append(face)
            table.remove(face)
    return replace(state, deck=deck, table=tuple(table), hands=(tuple(hand), ()), turn=0,
                   joker=1, tcard_played=True)


def timed(function, repeats: int) -> list:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return times


def worst_legal_actions() -> list:
    rows = []
    for hand_cards, deck_left in ((1, True), (3, True), (6, True), (1, False)):
        state = largest_table(hand_cards, deck_left)
        count = len(legal_actions(state))
        times = timed(lambda: legal_actions(state), 5)
        rows.append({"hand": hand_cards, "table": len(state.table), "target": state.target,
                     "actions": count, "best": min(times), "median": statistics.median(times)})
    return rows


def placing_record(players: int, actions: int) -> Record:
    state = new_game(players, 1)
    played = []
    for _ in range(actions):
        action = legal_actions(state)[-1]  # places come last
        state = apply(state, action)
        played.append(str(action))
    return Record(players, 1, actions=tuple(played))


def maximal_replays() -> list:
    rows = []
    for players in (2, 6):
        record = placing_record(players, MAX_ACTIONS)
        text, link = dumps(record), to_fragment(record)
        json_times = timed(lambda: replay(loads(text)), 3)
        link_times = timed(lambda: replay(from_fragment(link)), 3)
        rows.append({"players": players, "actions": len(record.actions), "json_chars": len(text),
                     "link_chars": len(link), "json_best": min(json_times),
                     "json_median": statistics.median(json_times), "link_best": min(link_times),
                     "link_median": statistics.median(link_times)})
    return rows


def measure(games: int) -> dict:
    return {"python": platform.python_version(), "platform": sys.platform,
            "lengths": game_lengths(games), "legal": worst_legal_actions(),
            "replay": maximal_replays()}


def report(name: str, data: dict) -> list:
    lines = [f"== {name} (Python {data['python']}, {data['platform']}) =="]
    lines.append("1. game lengths, random legal play (actions per game):")
    for row in data["lengths"]:
        lines.append(f"   {row['rules']:18} {row['players']} players: median {row['median']:>6g}"
                     f"  max {row['max']:>5}  (rounds max {row['rounds_max']}, "
                     f"{row['games']} games)")
    longest = max(row["max"] for row in data["lengths"])
    lines.append(f"   longest game: {longest} actions; MAX_ACTIONS = {MAX_ACTIONS:,} is "
                 f"{MAX_ACTIONS / longest:.1f}x that")
    lines.append("2. legal_actions at the largest table (time per call):")
    for row in data["legal"]:
        lines.append(f"   hand {row['hand']}, table {row['table']}, target {row['target']}: "
                     f"{row['actions']:>7,} actions  best {row['best'] * 1000:6.1f} ms  "
                     f"median {row['median'] * 1000:6.1f} ms")
    lines.append(f"3. replay of a maximal record ({MAX_ACTIONS:,} placing actions):")
    for row in data["replay"]:
        lines.append(f"   {row['players']} players: JSON {row['json_chars']:,} chars, loads+replay "
                     f"best {row['json_best']:.2f} s median {row['json_median']:.2f} s; link "
                     f"{row['link_chars']:,} chars, from_fragment+replay best "
                     f"{row['link_best']:.2f} s median {row['link_median']:.2f} s")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="games per configuration")
    parser.add_argument("--save", action="store_true", help=f"also write {RESULTS.name}")
    parser.add_argument("--here", action="store_true",
                        help="measure this interpreter only; print one JSON line")
    args = parser.parse_args(argv)
    if args.here:
        print(json.dumps(measure(args.games)))
        return 0
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [f"$ python3 {SCRIPT} --games {args.games}",
             f"{platform.machine()}, {os.cpu_count()} cores, load average {load} at the start"]
    lines += report("CPython", measure(args.games))
    node = shutil.which("node")
    if node is None:
        lines.append("(node not found: no Pyodide figures)")
    else:
        done = subprocess.run([node, str(RUNNER), "script", SCRIPT, "--here", "--games",
                               str(args.games)], cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return 1
        lines += report("Pyodide in Node", json.loads(done.stdout.strip().splitlines()[-1]))
    text = "\n".join(lines)
    print(text)
    if args.save:
        RESULTS.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
