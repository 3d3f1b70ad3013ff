"""Statistics of the person at this device: their finished games against computers.

Pure Python (no ``js``/``pyscript``).  The main thread keeps the text in ``localStorage`` under
``STATS_KEY`` and passes it in with the calls that can end a game; this module reads it,
counts a finished game into it and writes it back (through a reply's ``store``, ``ui.host``).

Data:
* ``Stats`` — what is kept: ``games``, ``{"PLAYERS LEVEL": [played, won]}`` (PLAYERS the
  number of seats, LEVEL the computers' level — ``tweak.bots.LEVELS`` — or ``mixed`` when they
  differ); ``best_round``, the most points the person made in one round (R18); ``tweaks``,
  TWEAK!s made (R15); ``biggest``, the points of their biggest capture (R5) and
  ``biggest_words``, that capture in words.
* The stored text: JSON ``{"format": "tweak-stats/1", "games": {...}, "best_round": N,
  "tweaks": N, "biggest": N, "biggest_words": "..."}`` — also the exported file's content.
  ``parse`` refuses anything else with ``StatsError`` and a sentence (``ui.host`` then sets the
  stored text aside under ``BROKEN_KEY``: nothing is lost silently).
* ``count_game(stats, record)`` — the stats with one more finished game.  Only a game with
  exactly one person against computers counts, and never a practice game (a move was taken
  back, ``Record.practice``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from tweak.record import parse_json
from tweak.events import Captured, card_name

__all__ = ["Stats", "StatsError", "STATS_KEY", "BROKEN_KEY", "FORMAT", "parse", "dumps",
           "count_game", "rows", "counts"]

STATS_KEY = "tweak.stats"
BROKEN_KEY = "tweak.stats.broken"
FORMAT = "tweak-stats/1"
MAX_ROWS = 200  # 5 numbers of players x a few levels; more is not a statistics file
MAX_COUNT = 10**9


class StatsError(ValueError):
    """Text that is not a statistics file; the message says why."""


@dataclass(frozen=True)
class Stats:
    games: dict = field(default_factory=dict)
    best_round: int = 0
    tweaks: int = 0
    biggest: int = 0
    biggest_words: str = ""

    @property
    def played(self) -> int:
        return sum(played for played, _ in self.games.values())

    @property
    def won(self) -> int:
        return sum(won for _, won in self.games.values())


def _count(value, name) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise StatsError(f"its {name} is not a count ({value!r})")
    return value


def parse(text) -> Stats:
    """The statistics of a stored or imported text ("" or None: none yet)."""
    if not text:
        return Stats()
    try:
        data = parse_json(text)
    except ValueError as error:
        raise StatsError(f"this is not a TWEAK! statistics file ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError(f"this is not a TWEAK! statistics file (format {FORMAT})")
    unknown = sorted(set(data) - {"format", "games", "best_round", "tweaks", "biggest",
                                   "biggest_words"})
    if unknown:
        raise StatsError(f"unknown field(s) in the statistics: {', '.join(unknown)}")
    games = data.get("games", {})
    if not isinstance(games, dict) or len(games) > MAX_ROWS:
        raise StatsError("its games are not a table of counts")
    table = {}
    for key, value in games.items():
        players, _, level = key.partition(" ")
        if not (players.isascii() and players.isdigit() and 2 <= int(players) <= 6
                and level.isascii() and level.isalpha() and len(level) <= 20):
            raise StatsError(f"its games name an unknown table ({key!r})")
        if not isinstance(value, list) or len(value) != 2:
            raise StatsError(f"its games for {key!r} are not [played, won]")
        played, won = (_count(item, f"games for {key!r}") for item in value)
        if won > played:
            raise StatsError(f"it says {won} games won of {played} played ({key!r})")
        table[key] = (played, won)
    words = data.get("biggest_words", "")
    if not isinstance(words, str) or len(words) > 200:
        raise StatsError("its biggest capture is not a short text")
    return Stats(table, _count(data.get("best_round", 0), "best round"),
                 _count(data.get("tweaks", 0), "TWEAK! count"),
                 _count(data.get("biggest", 0), "biggest capture"), words)


def dumps(stats: Stats) -> str:
    return json.dumps({"format": FORMAT,
                       "games": {key: list(value) for key, value in sorted(stats.games.items())},
                       "best_round": stats.best_round, "tweaks": stats.tweaks,
                       "biggest": stats.biggest, "biggest_words": stats.biggest_words},
                      separators=(",", ":"))


def _level(seats) -> str:
    levels = {tag[4:] for tag in seats if tag.startswith("bot:")}
    return levels.pop() if len(levels) == 1 else "mixed"


def count_game(stats: Stats, record) -> Stats:
    """``stats`` with the finished game of ``record`` counted (see the module docstring);
    unchanged for a practice game, a game between people or a game not over."""
    seats = record.seats
    humans = [seat for seat, tag in enumerate(seats) if tag == "human"]
    if record.practice or len(humans) != 1:
        return stats
    me = humans[0]
    state = biggest = None
    best_words, tweaks = stats.biggest_words, 0
    biggest = stats.biggest
    for state in record.states():
        for event in state.events:
            if isinstance(event, Captured) and event.seat == me:
                cards = (event.card,) + tuple(event.taken)
                points = sum(record.rules.points(face) for face in cards)
                tweaks += event.tweak
                if points > biggest:
                    biggest = points
                    best_words = (f"{card_name(event.card)} took "
                                  f"{', '.join(card_name(face) for face in event.taken)}: "
                                  f"{points} points")
    if state is None or not state.is_over:
        return stats
    key = f"{record.players} {_level(seats)}"
    played, won = stats.games.get(key, (0, 0))
    games = {**stats.games, key: (played + 1, won + (me in state.winners))}
    best_round = max([stats.best_round] + [result.rows[me].points for result in state.results])
    return replace(stats, games=games, best_round=best_round, tweaks=stats.tweaks + tweaks,
                   biggest=biggest, biggest_words=best_words)


def rows(stats: Stats) -> list:
    """(label, played, won) per table, by number of players then level: "2 players · Medium"."""
    from tweak.bots import CHOICES

    labels = dict(CHOICES)
    order = [level for level, _ in CHOICES]
    found = []
    for key, (played, won) in stats.games.items():
        players, _, level = key.partition(" ")
        rank = order.index(level) if level in order else len(order)
        label = f"{players} players · {labels.get(level, level.title())}"
        found.append(((int(players), rank, level), label, played, won))
    return [(label, played, won) for _, label, played, won in sorted(found)]


def counts(stats: Stats) -> dict:
    """Plain numbers for a summary line."""
    return {"played": stats.played, "won": stats.won, "best_round": stats.best_round,
            "tweaks": stats.tweaks, "biggest": stats.biggest}
