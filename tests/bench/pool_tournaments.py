"""Pool tournament reports over disjoint deals into the figures of all their deals.

A 500-deal run can be split: deals 1-300 in one run, deals 301-500 in another (``--seed 301
--deals 200``), with the same lineup and ``--bot-seed``; each game depends only on its deal and
the bot seed (tweak/tournament.py), so the two parts are exactly the games of one long run.
This script reads the last report of each output file (or the interim after N deals, written
``FILE:N``) and prints, per level and for the margin, the mean over all deals and its 95%
half-width, pooled exactly from each part's deals n, mean m and half-width h:

  sd of a part      h * sqrt(n) / 1.96  (the report's h is 1.96 * sd / sqrt(n))
  pooled mean       (n1 m1 + n2 m2) / (n1 + n2)
  pooled variance   ((n1-1) sd1^2 + (n2-1) sd2^2 + n1 (m1-m)^2 + n2 (m2-m)^2) / (n1 + n2 - 1)

The reports print two decimals (three for win rates), so the pooled figures are good to about
one unit in the last place.  Usage, from the repository root:

  python3 tests/bench/pool_tournaments.py FIRST.txt[:N] SECOND.txt[:N] [MORE.txt[:N] ...]

More than two parts are pooled one after the other (the first two, then that with the third...),
which gives the same figures as pooling them all at once.
"""

from __future__ import annotations

import math
import re
import sys

Z95 = 1.959964
ROW = re.compile(r"(\w+)\s+(\d+)\s+([\d.]+) ± ([\d.]+)\s+([\d.]+) ± ([\d.]+)")
MARGIN = re.compile(r"margin (\w+) - (\w+): points/round ([+-][\d.]+) ± ([\d.]+).*"
                    r"win rate/seat ([+-][\d.]+) ± ([\d.]+)")


def read_report(argument: str):
    """(deals, {name: ((points mean, half-width), (win rate mean, half-width))}) of the last
    report in a file, or of the report after N deals with ``FILE:N``."""
    path, _, wanted = argument.partition(":")
    text = open(path, encoding="utf-8").read()
    reports = re.split(r"(?m)^(?=\d+ duplicate deals)", text)[1:]
    if not reports:
        raise SystemExit(f"{path}: no tournament report in it")
    report = reports[-1]
    if wanted:
        found = [part for part in reports if part.startswith(f"{wanted} duplicate deals")]
        if not found:
            raise SystemExit(f"{path}: no report after {wanted} deals")
        report = found[0]
    report = report.split("-- interim")[0]
    deals = int(report.split()[0])
    rows = {}
    for line in report.splitlines():
        row = ROW.match(line)
        if row:
            rows[row.group(1)] = ((float(row.group(3)), float(row.group(4))),
                                  (float(row.group(5)), float(row.group(6))))
        margin = MARGIN.match(line)
        if margin:
            rows[f"{margin.group(1)} - {margin.group(2)}"] = (
                (float(margin.group(3)), float(margin.group(4))),
                (float(margin.group(5)), float(margin.group(6))))
    return deals, rows


def pool(first_deals, first, second_deals, second):
    """(mean, 95% half-width) over both parts (see the module docstring)."""
    (mean1, half1), (mean2, half2) = first, second
    sd1 = half1 * math.sqrt(first_deals) / Z95
    sd2 = half2 * math.sqrt(second_deals) / Z95
    deals = first_deals + second_deals
    mean = (first_deals * mean1 + second_deals * mean2) / deals
    squares = ((first_deals - 1) * sd1 ** 2 + (second_deals - 1) * sd2 ** 2
               + first_deals * (mean1 - mean) ** 2 + second_deals * (mean2 - mean) ** 2)
    return mean, Z95 * math.sqrt(squares / (deals - 1)) / math.sqrt(deals)


def main(argv) -> int:
    if len(argv) < 2:
        usage = next(line for line in __doc__.splitlines() if "pool_tournaments.py" in line)
        print("usage: " + usage.strip(), file=sys.stderr)
        return 2
    parts = [read_report(argument) for argument in argv]
    deals, rows = parts[0]
    for more_deals, more_rows in parts[1:]:
        if rows.keys() != more_rows.keys():
            print("the reports are of different lineups", file=sys.stderr)
            return 2
        rows = {name: tuple(pool(deals, rows[name][kind], more_deals, more_rows[name][kind])
                            for kind in (0, 1)) for name in rows}
        deals += more_deals
    print(f"pooled: {' + '.join(str(part[0]) for part in parts)} = {deals} deals")
    print(f"{'':16} {'points/round (95% CI)':>24}  {'win rate/seat (95% CI)':>24}")
    for name in rows:
        (points, points_half), (rate, rate_half) = rows[name]
        sign = "+" if " - " in name else ""
        print(f"{name:16} {points:>+14.2f} ± {points_half:<6.2f}" if sign else
              f"{name:16} {points:>14.2f} ± {points_half:<6.2f}", end="")
        print(f"  {rate:>+14.3f} ± {rate_half:.3f}" if sign else f"  {rate:>14.3f} ± {rate_half:.3f}",
              end="")
        if sign:
            print(f"   [{points - points_half:+.2f}, {points + points_half:+.2f}]"
                  f" [{rate - rate_half:+.3f}, {rate + rate_half:+.3f}]", end="")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
