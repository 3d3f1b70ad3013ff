"""Duplicate tournaments between bot levels: how strong each level is (docs/bots.md, "Method").

A *lineup* names a bot level per seat, e.g. ``("hard", "medium")``; a *deal* is a game seed
(R8, R9), played once per rotation of the lineup, so every level sits in every seat with the
same cards and luck cancels.  Bots see only their views, and each bot's seed comes from the
run's *bot seed* with the deal, rotation and seat (``bot_seed_of``), never from the deal alone,
which a bot could invert to replay the deal.  The unit of statistics is the deal: per level,
points per round (R18) and win rate per seat (tied leaders share, R19; the fair share is
1 / players), and per pair of levels the per-deal margins, each with the half-width of its 95%
interval (mean ± 1.96 · sd / √deals).  Run it as ``python -m tweak tournament`` (``--help``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time

from .bots import LEVELS, make_bot
from .engine import apply, new_game, seeded_rng
from .rules import EDITIONS, MAX_PLAYERS, MIN_PLAYERS
from .view import view

__all__ = ["play_game", "play_deal", "DealResult", "Summary", "summarise", "run", "report", "main"]

Z95 = 1.959964  # two-sided 95% quantile of the normal distribution


def play_game(players, seed, rules, bots):
    """Play one game, each seat's bot deciding from its own view; return the final state."""
    state = new_game(players, seed, rules)
    while not state.is_over:
        seat = state.to_act
        state = apply(state, bots[seat].choose(view(state, seat)))
    return state


class DealResult:
    """One deal played in every rotation: per level, points, rounds played by its seats,
    win shares and seats; plus the rounds of each game."""

    def __init__(self, deal, points, rounds, wins, seats, game_rounds):
        self.deal = deal
        self.points = points  # {level: points summed over its seats and the deal's games}
        self.rounds = rounds  # {level: rounds summed the same way}
        self.wins = wins  # {level: win shares summed over the deal's games}
        self.seats = seats  # {level: seats it holds in the lineup}
        self.game_rounds = game_rounds  # rounds of each game

    def points_per_round(self, level):
        """The level's points per round in this deal."""
        return self.points[level] / self.rounds[level]

    def win_rate(self, level):
        """The level's win shares per game and seat in this deal."""
        return self.wins[level] / (len(self.game_rounds) * self.seats[level])


def new_bot_seed() -> int:
    """A bot seed for a tournament run, from the operating system's randomness."""
    return random.SystemRandom().getrandbits(62)


def bot_seed_of(bot_seed, deal, rotation, seat) -> int:
    """The seed of one bot in one game: from the run's ``bot_seed`` (unknown to the bots),
    so it tells nothing about the deal, which is a small public number."""
    return int(seeded_rng(bot_seed, "bot", deal, rotation, seat).random() * 2**53)


def play_deal(lineup, deal, rules, bot_seed=0, pace="normal", options=None):
    """Play deal ``deal`` once per rotation of ``lineup`` (see the module docstring); bots are
    seeded from ``bot_seed`` (``bot_seed_of``), never from the deal, and built at ``pace``
    with ``options`` ({level: constructor options})."""
    options = options or {}
    players = len(lineup)
    levels = sorted(set(lineup), key=lineup.index)
    points = dict.fromkeys(levels, 0)
    rounds = dict.fromkeys(levels, 0)
    wins = dict.fromkeys(levels, 0.0)
    seats = {level: lineup.count(level) for level in levels}
    game_rounds = []
    for rotation in range(players):
        by_seat = [lineup[(seat + rotation) % players] for seat in range(players)]
        bots = [make_bot(level, bot_seed_of(bot_seed, deal, rotation, seat), pace,
                         **options.get(level, {}))
                for seat, level in enumerate(by_seat)]
        state = play_game(players, deal, rules, bots)
        played = len(state.results)
        game_rounds.append(played)
        for seat, level in enumerate(by_seat):
            points[level] += state.totals[seat]
            rounds[level] += played
        for seat in state.winners:  # R19: tied leaders share the win
            wins[by_seat[seat]] += 1 / len(state.winners)
    return DealResult(deal, points, rounds, wins, seats, game_rounds)


def _mean_ci(values):
    """(mean, half-width of the 95% confidence interval)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


class Summary:
    """Statistics of a tournament (see the module docstring)."""

    def __init__(self, lineup, results, rules, seconds, bot_seed=None, budget=""):
        self.lineup = tuple(lineup)
        self.budget = budget  # how the search bots were budgeted, as a sentence
        self.bot_seed = bot_seed
        self.results = results
        self.rules = rules
        self.seconds = seconds
        self.levels = sorted(set(lineup), key=lineup.index)
        self.points = {level: _mean_ci([r.points_per_round(level) for r in results])
                       for level in self.levels}
        self.win_rates = {level: _mean_ci([r.win_rate(level) for r in results])
                          for level in self.levels}
        self.margins = {}
        for i, first in enumerate(self.levels):
            for second in self.levels[i + 1:]:
                self.margins[first, second] = (
                    _mean_ci([r.points_per_round(first) - r.points_per_round(second)
                              for r in results]),
                    _mean_ci([r.win_rate(first) - r.win_rate(second) for r in results]),
                )
        share = 1 / len(lineup)
        self.above_share = {level: _mean_ci([r.win_rate(level) - share for r in results])
                            for level in self.levels}
        self.game_rounds = [count for r in results for count in r.game_rounds]


def summarise(lineup, results, rules, seconds=0.0, bot_seed=None, budget="") -> Summary:
    """The ``Summary`` of ``results`` (a ``DealResult`` per deal) of ``lineup``."""
    return Summary(lineup, results, rules, seconds, bot_seed, budget)


def budget_text(lineup, pace="normal", options=None) -> str:
    """How the bots of ``lineup`` think, as a sentence for the report."""
    if "hard" not in lineup:
        return ""
    bot = make_bot("hard", 0, pace, **(options or {}).get("hard", {}))
    clock = ("no clock" if bot.time_limit is None and bot.cap is None
             else f"clock {bot.time_limit} s, cap {bot.cap} s")
    endgame = (f" ({bot.endgame_factor:g} times as many once playouts run to the round's end)"
               if bot.endgame_factor != 1 else "")
    given = (options or {}).get("hard", {})
    given = {name: value for name, value in given.items()
             if name not in ("steps", "endgame_factor")}
    extra = "; options " + ", ".join(f"{name}={value}" for name, value in sorted(given.items())) \
        if given else ""
    return (f"hard at pace {pace}: {bot.steps} engine steps per decision{endgame}, {clock}, "
            f"{bot.width} candidates, at least {bot.min_worlds} worlds{extra}")


def run(lineup, deals, rules, first_deal=1, jobs=1, progress=None, bot_seed=None,
        pace="normal", options=None) -> Summary:
    """Play ``deals`` deals (seeds ``first_deal`` …) of ``lineup``; ``jobs`` > 1 spreads the
    deals over that many processes.  ``progress(done, total, results)`` is called after each
    deal.  ``bot_seed`` seeds the bots (``bot_seed_of``); None draws a new one.  ``pace`` and
    ``options`` ({level: constructor options}) go to ``make_bot``."""
    lineup = tuple(lineup)
    if bot_seed is None:
        bot_seed = new_bot_seed()
    for level in lineup:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})")
    if not MIN_PLAYERS <= len(lineup) <= MAX_PLAYERS:
        raise ValueError(f"a lineup needs {MIN_PLAYERS} to {MAX_PLAYERS} seats, not {len(lineup)}")
    seeds = range(first_deal, first_deal + deals)
    started = time.perf_counter()
    results = []
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            tasks = [(lineup, deal, rules, bot_seed, pace, options) for deal in seeds]
            for result in pool.imap(_play_deal_task, tasks, chunksize=4):
                results.append(result)
                if progress:
                    progress(len(results), deals, results)
    else:
        for deal in seeds:
            results.append(play_deal(lineup, deal, rules, bot_seed, pace, options))
            if progress:
                progress(len(results), deals, results)
    return Summary(lineup, results, rules, time.perf_counter() - started, bot_seed,
                   budget_text(lineup, pace, options))


def _play_deal_task(task):
    return play_deal(*task)


def report(summary: Summary) -> str:
    """The printed result of a tournament."""
    players = len(summary.lineup)
    deals = len(summary.results)
    rounds = summary.game_rounds
    lines = [
        f"{deals} duplicate deals x {players} seatings = {len(rounds)} games; {players} players, "
        f"{summary.rules.edition} edition; lineup: {', '.join(summary.lineup)}"
        + (f"; bot seed {summary.bot_seed}" if summary.bot_seed is not None else ""),
    ] + ([summary.budget] if summary.budget else []) + [
        f"rounds per game: median {statistics.median(rounds):g}, mean {statistics.fmean(rounds):.2f}",
        f"{'level':8} {'seats':>5}  {'points/round (95% CI)':>22}  {'win rate/seat (95% CI)':>24}"
        f"  {'vs fair share':>18}",
    ]
    for level in summary.levels:
        points, points_ci = summary.points[level]
        rate, rate_ci = summary.win_rates[level]
        above, above_ci = summary.above_share[level]
        lines.append(
            f"{level:8} {summary.lineup.count(level):>5}  {points:>12.2f} ± {points_ci:<6.2f}"
            f"  {rate:>14.3f} ± {rate_ci:<6.3f}  {above:>+9.3f} ± {above_ci:<6.3f}")
    for (first, second), ((margin, margin_ci), (rate, rate_ci)) in summary.margins.items():
        lines.append(
            f"margin {first} - {second}: points/round {margin:+.2f} ± {margin_ci:.2f} "
            f"[{margin - margin_ci:+.2f}, {margin + margin_ci:+.2f}]; win rate/seat "
            f"{rate:+.3f} ± {rate_ci:.3f} [{rate - rate_ci:+.3f}, {rate + rate_ci:+.3f}]")
    lines.append(f"time: {summary.seconds:.0f} s")
    return "\n".join(lines)


def add_arguments(parser) -> None:
    parser.add_argument("--players", type=int, choices=range(MIN_PLAYERS, MAX_PLAYERS + 1),
                        help="number of seats (default: the lineup's length)")
    parser.add_argument("--lineup", default="hard,medium",
                        help="bot levels by seat, cycled to fill the seats (e.g. hard,medium)")
    parser.add_argument("--deals", type=int, default=100, help="number of duplicate deals")
    parser.add_argument("--edition", default="classic", choices=sorted(EDITIONS))
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--bot-seed", type=int, default=None,
                        help="seed of the bots' own random streams (default: a random one, "
                             "printed in the report)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument("--pace", default="normal", choices=("normal", "fast", "instant"),
                        help="the pace the search bots think at (default normal)")
    parser.add_argument("--hard-steps", type=int, default=None, metavar="N",
                        help="Hard's engine steps per decision (default: its pace's)")
    parser.add_argument("--hard-endgame-factor", type=float, default=None, metavar="F",
                        help="Hard's steps are multiplied by F once its playouts run to the "
                             "round's end (default: HardBot's, 3)")
    parser.add_argument("--hard-option", action="append", default=[], metavar="NAME=VALUE",
                        help="any other HardBot constructor option, e.g. width=8 or "
                             "switch_z=0 (a number; repeatable)")
    parser.add_argument("--interim", type=int, default=0, metavar="N",
                        help="also print the figures so far after every N deals")


def command(args) -> int:
    names = [name.strip() for name in args.lineup.split(",") if name.strip()]
    unknown = [name for name in names if name not in LEVELS]
    if not names or unknown:
        print(f"unknown bot level(s) {', '.join(map(repr, unknown))}; choose from "
              f"{', '.join(LEVELS)}", file=sys.stderr)
        return 2
    players = args.players or len(names)
    if players < len(names):
        print(f"the lineup names {len(names)} seats but --players is {players}", file=sys.stderr)
        return 2
    if args.deals < 2 or args.jobs < 1:
        print("--deals must be at least 2 and --jobs at least 1", file=sys.stderr)
        return 2
    lineup = [names[seat % len(names)] for seat in range(players)]

    started = time.perf_counter()

    def progress(done, total, results):
        if not args.quiet and (done % 10 == 0 or done == total):
            print(f"\r{done}/{total} deals", end="" if done < total else "\n", file=sys.stderr,
                  flush=True)
        if args.interim and done % args.interim == 0 and done < total:
            interim = Summary(lineup, list(results), EDITIONS[args.edition],
                              time.perf_counter() - started, bot_seed,
                              budget_text(lineup, args.pace, options))
            print(f"-- interim, after {done} deals --\n{report(interim)}", flush=True)

    bot_seed = args.bot_seed if args.bot_seed is not None else new_bot_seed()
    hard = {}
    if args.hard_steps:
        hard["steps"] = args.hard_steps
    if args.hard_endgame_factor is not None:
        hard["endgame_factor"] = args.hard_endgame_factor
    for option in args.hard_option:
        name, equals, value = option.partition("=")
        try:
            hard[name.strip()] = float(value) if "." in value else int(value)
        except ValueError:
            equals = ""
        if not equals or not name.strip():
            print(f"--hard-option wants NAME=NUMBER, not {option!r}", file=sys.stderr)
            return 2
    options = {"hard": hard} if hard else {}
    if hard:
        try:  # a misspelt or impossible option is refused before any game is played
            make_bot("hard", 0, args.pace, **hard)
        except (TypeError, ValueError) as error:
            print(f"Hard's options {hard} are not accepted: {error}", file=sys.stderr)
            return 2
    summary = run(lineup, args.deals, EDITIONS[args.edition], args.seed, args.jobs, progress,
                  bot_seed, args.pace, options)
    print(report(summary))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tweak.tournament",
                                     description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return command(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
