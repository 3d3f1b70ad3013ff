"""Screen a variant of the Hard bot against today's Hard on duplicate deals.

The hope was that two similar bots differ little on each deal; measured, they do not: two
Hards that choose differently soon play different games, and the per-deal sd of the margin was
about 13 points (Hard - Medium: about 15), so 150 deals give about ±2 points
(tests/bench/results/tournament.txt, fourth pass).  A screen catches large edges only.  The lineup is ``hard`` (HardBot with the base
options) against ``hardx`` (the same, plus the variant's options); both see the same deals in
both seatings, seeded from ``--bot-seed`` as ``tweak.tournament`` seeds every bot.

Usage, from the repository root (one process; the output is tweak.tournament's report, with
the margin hardx - hard)::

  nice -n 19 python3 tests/bench/screen_hard.py --deals 150 --bot-seed 20261130 \\
      --option width=12 [--option NAME=VALUE ...] [--players 2] [--seed 1] [--interim 25]

The base options are the tournament's usual ``--hard-steps 1000 --hard-endgame-factor 3``
(``--steps``, ``--endgame-factor``); each ``--option`` is a HardBot constructor option for
the variant only (a number).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tweak import bots, tournament  # noqa: E402
from tweak.bots import HardBot  # noqa: E402
from tweak.rules import EDITIONS  # noqa: E402


def parse_options(texts) -> dict:
    options = {}
    for text in texts:
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise SystemExit(f"--option wants NAME=NUMBER, not {text!r}")
        options[name.strip()] = float(value) if "." in value else int(value)
    return options


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--bot-seed", type=int, default=20261130)
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--endgame-factor", type=float, default=3.0)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--base-option", action="append", default=[], metavar="NAME=VALUE",
                        help="an option for both bots")
    parser.add_argument("--interim", type=int, default=25)
    args = parser.parse_args(argv)

    base = {"steps": args.steps, "endgame_factor": args.endgame_factor}
    base.update(parse_options(args.base_option))
    variant = dict(base, **parse_options(args.option))
    HardBot(0, **variant)  # a misspelt option fails here, before any game
    # The variant is a level of its own for this run only (make_bot passes the pace to it).
    bots.LEVELS["hardx"] = HardBot
    lineup = ["hard", "hardx"] * (args.players // 2) + ["hard"] * (args.players % 2)
    options = {"hard": base, "hardx": variant}
    rules = EDITIONS["classic"]
    print(f"screen: hardx = hard + {parse_options(args.option)}; base {base}; deals "
          f"{args.seed}-{args.seed + args.deals - 1}; bot seed {args.bot_seed}", flush=True)
    started = time.perf_counter()

    def progress(done, total, results):
        if args.interim and done % args.interim == 0 and done < total:
            interim = tournament.Summary(lineup, list(results), rules,
                                         time.perf_counter() - started, args.bot_seed)
            print(f"-- interim, after {done} deals --\n{tournament.report(interim)}", flush=True)

    summary = tournament.run(lineup, args.deals, rules, args.seed, 1, progress, args.bot_seed,
                             "normal", options)
    print(tournament.report(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
