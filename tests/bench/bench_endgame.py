"""Tree sizes and CPython times of the exact endgame solver (tweak/bots/endgame.py).

Plays 2-player games between two Mediums and, at every decision taken with an empty deck
(the solver's positions; a single legal action included, as the solver is asked only when
there is a choice, those are counted apart), solves the view of the seat to act with no limit.
Prints the distribution of positions visited and of CPU seconds per solve (the process's
CPU time: other jobs on a shared machine do not inflate it), and how many decisions
a given limit would leave to the sampling search.  With ``--compare``, today's Hard without the
solver (``exact_endgame=0``, the tournament's 1000 steps, 3 times as many in the endgame)
decides too: how often it chooses otherwise, and what its choice loses by the solver's exact
values (both actions valued with no bound; the other seat playing its best), with a few
examples.

Usage, from the repository root::

  nice -n 19 python3 tests/bench/bench_endgame.py [--games 200] [--seed 1] [--limits 1000,2000,4000]
      [--compare] [--examples 8]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tweak import CLASSIC, apply, new_game, view  # noqa: E402
from tweak.bots import HardBot, MediumBot  # noqa: E402
from dataclasses import replace  # noqa: E402
from random import Random  # noqa: E402

from tweak.bots.medium import rank  # noqa: E402
from tweak.bots.endgame import Solver, finish, sampled_steps, solve  # noqa: E402


def quantile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limits", default="1000,2000,4000,8000")
    parser.add_argument("--compare", action="store_true")
    parser.add_argument("--deck", type=int, default=0,
                        help="decisions with this many deck cards (1-2: the sampled worlds)")
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--width", type=int, default=None,
                        help="with --deck 1-2: Medium's best WIDTH actions only")
    parser.add_argument("--examples", type=int, default=8)
    args = parser.parse_args(argv)
    sizes, seconds = [], []
    single = 0
    losses = []  # (exact loss of today's Hard's choice, text) where it differs
    compared = 0
    for game in range(args.games):
        seed = args.seed + game
        state = new_game(2, seed, CLASSIC)
        bots = [MediumBot(seed * 2), MediumBot(seed * 2 + 1)]
        while not state.is_over:
            seat = state.to_act
            seen = view(state, seat)
            if len(state.deck) == args.deck:
                if len(seen.legal) == 1:
                    single += 1
                else:
                    started = time.process_time()
                    if args.deck:
                        order = [action for _, action in rank(seen, Random(seed))]
                        solved = finish(sampled_steps(seen, Random(seed), args.samples,
                                                      limit=10**7, order=order,
                                                      width=args.width))
                    else:
                        solved = solve(seen, limit=10**7)
                    seconds.append(time.process_time() - started)
                    sizes.append(solved.positions)
                    if args.compare:
                        compared += 1
                        hard = HardBot(seed * 10 + seat, steps=1000, endgame_factor=3.0,
                                       exact_endgame=False)
                        theirs = hard.choose(seen)
                        mine = solved.best()
                        if theirs != mine:
                            # Valued in the true world (the pile's order is chance): with
                            # cards in the deck the solver did not know it.
                            world = replace(state, tcard_pile=tuple(sorted(
                                state.tcard_pile, key=lambda kind: kind.value)))
                            exact = Solver(seat, seen.rules, 10**7)
                            gain = (exact.action_value(world, mine)
                                    - exact.action_value(world, theirs))
                            losses.append((gain, f"seed {seed}, seat {seat}: hand "
                                           f"{' '.join(map(str, seen.hand))}, other hand "
                                           f"{' '.join(map(str, world.hands[1 - seat]))}, table "
                                           f"{' '.join(map(str, seen.table))}, target "
                                           f"{seen.target}, held "
                                           f"{[k.value for k in seen.tcards_held[seat]]}/"
                                           f"{[k.value for k in seen.tcards_held[1 - seat]]}, "
                                           f"pile {seen.tcard_pile_size}: solver {mine}, "
                                           f"hard {theirs}: {gain:+.2f}"))
            state = apply(state, bots[seat].choose(seen))
    print(f"{args.games} games of Medium vs Medium (2 players, classic, seeds {args.seed}-"
          f"{args.seed + args.games - 1}): {len(sizes)} decisions with a choice and {args.deck} deck cards, "
          f"{single} with one legal action")
    for name, values, unit in (("positions", sizes, ""), ("CPU ms", [1000 * s for s in seconds], "")):
        print(f"{name:9}: median {quantile(values, 0.5):.1f}  p90 {quantile(values, 0.9):.1f}  "
              f"p95 {quantile(values, 0.95):.1f}  p99 {quantile(values, 0.99):.1f}  "
              f"max {max(values):.1f}  mean {sum(values) / len(values):.1f}")
    for limit in (int(text) for text in args.limits.split(",")):
        over = sum(1 for size in sizes if size > limit)
        within = [s for s, size in zip(seconds, sizes) if size <= limit]
        print(f"limit {limit}: {over} of {len(sizes)} decisions over it "
              f"({100 * over / len(sizes):.1f}%); the others' max {1000 * max(within):.1f} ms")
    if args.compare:
        gains = [gain for gain, _ in losses]
        print(f"today's Hard (exact_endgame=0) chose otherwise in {len(losses)} of {compared} "
              f"decisions ({100 * len(losses) / compared:.1f}%); exact loss of its choice: "
              f"mean {sum(gains) / max(1, len(gains)):.2f} points where it differs, "
              f"{sum(gains) / compared:.3f} per such decision, "
              f"{sum(gains) / args.games:.3f} per game; {sum(1 for g in gains if g < -1e-9)} "
              f"negative (with an empty deck impossible: the solver is exact), "
              f"{sum(1 for g in gains if abs(g) < 1e-9)} ties")
        for gain, text in sorted(losses, reverse=True)[:args.examples]:
            print("  " + text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
