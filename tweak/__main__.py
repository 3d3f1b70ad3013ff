"""``python -m tweak``: the engine from a terminal.

  python -m tweak simulate [--games N] [--players P] [--edition E] [--bots a,b,...] [--seed S]
      plays N games between bots and prints rounds per game, points per round, TWEAK!s per
      round, [T!] cards played per round, and games per second.
  python -m tweak replay FILE|-      (a JSON record, or a "1.…" URL fragment)
      prints the game turn by turn, with the called-out sums.
  python -m tweak tournament [--lineup hard,medium] [--players P] [--deals N] [--edition E]
      plays duplicate deals (every seating of each deal) and prints points per round and win
      rates per level with 95% confidence intervals (see tweak/tournament.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from random import Random

from . import events as ev
from . import tournament
from .bots import LEVELS, make_bot
from .engine import apply, new_game
from .record import RecordError, from_fragment, loads
from .rules import EDITIONS
from .view import view


def play_game(players, seed, rules, bots):
    """Play one game between ``bots`` (one per seat); return the final state and the number
    of [T!] cards played."""
    state = new_game(players, seed, rules)
    tcards_played = 0
    while not state.is_over:
        seat = state.to_act
        state = apply(state, bots[seat].choose(view(state, seat)))
        tcards_played += sum(isinstance(event, (ev.ThiefPlayed, ev.JokerPlayed, ev.ChangePlayed,
                                                ev.BombPlayed)) for event in state.events)
    return state, tcards_played


def simulate(args) -> int:
    levels = args.bots.split(",")
    for level in levels:
        if level not in LEVELS:
            print(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}", file=sys.stderr)
            return 2
    rules = EDITIONS[args.edition]
    rounds, points, tweaks, tcards = [], [], [], []
    wins = [0.0] * args.players
    started = time.perf_counter()
    for game in range(args.games):
        seed = args.seed + game
        # The bots' seeds go through SHA-512 (string seeding): reproducible from --seed, but no
        # bot could work the deal's seed back out of its own (R21).
        bots = [make_bot(levels[seat % len(levels)],
                         Random(f"bots:{seed}:{seat}").randrange(2**31))
                for seat in range(args.players)]
        state, played = play_game(args.players, seed, rules, bots)
        rounds.append(len(state.results))
        for result in state.results:
            points.append(sum(row.points for row in result.rows))
            tweaks.append(sum(row.tweaks for row in result.rows))
        tcards.append(played / len(state.results))
        for seat in state.winners:
            wins[seat] += 1 / len(state.winners)
    elapsed = time.perf_counter() - started
    print(f"{args.games} games, {args.players} players, {rules.edition} edition, "
          f"bots by seat: {', '.join(levels[s % len(levels)] for s in range(args.players))}")
    print(f"rounds per game      median {statistics.median(rounds):g}, "
          f"mean {statistics.mean(rounds):.2f}, min {min(rounds)}, max {max(rounds)}")
    print(f"points per round     mean {statistics.mean(points):.1f} (all players together)")
    print(f"TWEAK!s per round    mean {statistics.mean(tweaks):.2f}")
    print(f"[T!] played / round  mean {statistics.mean(tcards):.2f}")
    print("wins by seat         " + ", ".join(f"{w / args.games:.0%}" for w in wins))
    print(f"speed                {args.games / elapsed:.1f} games/s")
    return 0


def replay_command(args) -> int:
    text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    text = text.strip()
    try:
        if text.startswith("1."):
            record = from_fragment(text)
        elif "#g=" in text:
            record = from_fragment(text.split("#g=", 1)[1])
        else:
            record = loads(text)
        names = list(record.names) or [f"Seat {seat + 1}" for seat in range(record.players)]
        print(f"{record.players} players, {record.rules.edition} edition, seed {record.seed}")
        for number, state in enumerate(record.states()):
            if number:
                print(f"  [{record.actions[number - 1]}]")
            for event in state.events:
                if isinstance(event, ev.TurnStarted):
                    print(f"{names[event.seat]}'s turn, target {event.target}:")
                    continue
                line = ev.describe(event, names)
                if line:
                    print(f"    {line}")
    except RecordError as error:
        print(f"cannot replay: {error}", file=sys.stderr)
        return 1
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tweak", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play games between bots and print statistics")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--players", type=int, default=4, choices=range(2, 7))
    sim.add_argument("--edition", default="classic", choices=sorted(EDITIONS))
    sim.add_argument("--bots", default="medium", help="bot levels by seat, cycled (e.g. hard,medium)")
    sim.add_argument("--seed", type=int, default=1)
    sim.set_defaults(run=simulate)
    rep = commands.add_parser("replay", help="print a game record turn by turn")
    rep.add_argument("file", help="a JSON record file, a file holding a link fragment, or - for stdin")
    rep.set_defaults(run=replay_command)
    tour = commands.add_parser("tournament", help="duplicate-deal tournament between bot levels, "
                                                  "with 95%% confidence intervals")
    tournament.add_arguments(tour)
    tour.set_defaults(run=tournament.command)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
