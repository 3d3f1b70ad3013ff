"""R19 goal calibration: for each edition and player count, the goal that makes a game between
default bots (``tweak.bots.DEFAULT_LEVEL``, Medium) last a median of 3 rounds.

Method.  For each configuration, GAMES games are played for ROUNDS rounds under a goal no one
reaches, and M_r, the leader's total after round r, is recorded.  Totals only grow, so a game
with goal G has ended by round r exactly when M_r >= G.  The game length has median 3 when
P(M_2 >= G) < 1/2 <= P(M_3 >= G), i.e. for G in (median M_2, median M_3].  The goal chosen is
the middle of that interval rounded to a multiple of 5, as far as possible from both edges, so
that small changes in play do not tip the median.  The script then prints, for the chosen goal,
the share of games over after 1, 2 and 3 rounds, measured on the same games.

Usage (from the repository root):

    nice -n 10 python3 tests/bench/calibrate_goals.py [--games 300] [--seed 1]

The output is committed as tests/bench/results/goals.txt; the goals go into ``goals`` of
``CLASSIC`` and ``COMPACT`` in tweak/rules.py.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tweak import apply, new_game, view  # noqa: E402
from tweak.bots import DEFAULT_LEVEL, make_bot  # noqa: E402
from tweak.rules import CLASSIC, COMPACT, MAX_PLAYERS, MIN_PLAYERS  # noqa: E402

ROUNDS = 3
UNREACHABLE = 100_000


def leader_totals(players, seed, rules, rounds=ROUNDS) -> list:
    """M_1..M_rounds: the highest total after each round of one game of default bots."""
    endless = rules.with_changes(edition=rules.edition, goals=(UNREACHABLE,) * 5)
    state = new_game(players, seed, endless)
    bots = [make_bot(DEFAULT_LEVEL, seed * MAX_PLAYERS + seat) for seat in range(players)]
    while len(state.results) < rounds:
        seat = state.to_act
        state = apply(state, bots[seat].choose(view(state, seat)))
    leaders, totals = [], [0] * players
    for result in state.results[:rounds]:
        totals = [row.total for row in result.rows]
        leaders.append(max(totals))
    return leaders


def choose_goal(by_round) -> int:
    """The goal in the middle of (median M_2, median M_3], a multiple of 5."""
    low = statistics.median(by_round[1])
    high = statistics.median(by_round[2])
    goal = int(round((low + high) / 2 / 5) * 5)
    return min(max(goal, int(low) + 1), int(high))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    print(f"R19 goal calibration: {args.games} games per configuration, {DEFAULT_LEVEL} bots "
          f"at every seat, seeds {args.seed}..{args.seed + args.games - 1}")
    print("M_r = the leader's total after round r (median [quartiles]); "
          "over by r = share of games the goal ends by round r")
    chosen = {}
    for rules in (CLASSIC, COMPACT):
        goals = []
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            runs = [leader_totals(players, args.seed + game, rules) for game in range(args.games)]
            by_round = [sorted(run[r] for run in runs) for r in range(ROUNDS)]
            goal = choose_goal(by_round)
            goals.append(goal)
            lengths = [next((r + 1 for r in range(ROUNDS) if run[r] >= goal), ROUNDS + 1)
                       for run in runs]
            over = [sum(length <= r for length in lengths) / len(lengths)
                    for r in range(1, ROUNDS + 1)]
            quartiles = ["%g [%g, %g]" % (statistics.median(values),
                                          *statistics.quantiles(values, n=4)[0:3:2])
                         for values in by_round]
            print(f"{rules.edition:8} {players} players: "
                  + ", ".join(f"M_{r + 1} {text}" for r, text in enumerate(quartiles))
                  + f" -> goal {goal}; over by round 1/2/3: "
                  + "/".join(f"{share:.0%}" for share in over)
                  + f"; median length {statistics.median(lengths):g} rounds")
            sys.stdout.flush()
        chosen[rules.edition] = tuple(goals)
    for edition, goals in chosen.items():
        print(f"{edition} goals for 2-6 players: {goals}")
    print(f"time: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
