"""Statistics of the person at this device: their finished games against computers.  Pure
Python.

* ``Stats``: ``games``, ``{"PLAYERS LEVEL": (played, won)}`` (LEVEL the computers' level of
  ``tweak.levels``, or ``mixed``); ``best_round`` (R18), ``tweaks`` (R15), ``biggest`` and
  ``biggest_capture``, the person's biggest capture (R5) in points and in the game's notation
  (``R5xY1+G2``, ``tweak.actions.format_action``; "" when none is known), which
  ``biggest_action`` reads back so the screen names its cards in any language; the daily
  deal's ``daily_played``, ``daily_streak`` (consecutive UTC days ending on ``daily_last``,
  "YYYY-MM-DD") and ``daily_best``.
* The stored text under ``STATS_KEY``, also the exported file: JSON ``{"format":
  "tweak-stats/1", "games": {...}, ...}`` with those fields (each but ``format`` optional).
  ``parse`` refuses anything else with ``StatsError`` and a sentence in the current language.
  It still reads the earlier ``biggest_words`` ("red 5 took green 2, yellow 1: 13 points",
  English words) in place of ``biggest_capture``; ``dumps`` writes only the notation.
* ``count_game(stats, record)`` counts a finished game with exactly one person against
  computers, never a practice game (``Record.practice``); ``count_daily(stats, day)`` the
  device's own daily deal; ``current_streak(stats, today)`` is the streak still alive.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from tweak.cards import Colour, Face, NotationError

from .i18n import N_, _, ngettext, told

# The engine (tweak.record, tweak.events, tweak.actions) is imported inside the functions that
# need it: the host imports this module for the worker's first answer, which needs no engine.

__all__ = ["Stats", "StatsError", "FORMAT", "parse", "dumps", "count_game", "count_daily",
           "current_streak", "rows", "counts", "biggest_action"]

FORMAT = "tweak-stats/1"
MAX_ROWS = 200  # 5 numbers of players x a few levels; more is not a statistics file
MAX_COUNT = 10**9
MAX_TEXT = 200  # a capture's notation is under 50 characters; its English words under 200
_DAILY_FIELDS = ("daily_played", "daily_streak", "daily_best", "daily_last")


class StatsError(ValueError):
    """Text that is not a statistics file; the message says why."""


@dataclass(frozen=True)
class Stats:
    games: dict = field(default_factory=dict)
    best_round: int = 0
    tweaks: int = 0
    biggest: int = 0
    biggest_capture: str = ""
    daily_played: int = 0
    daily_streak: int = 0
    daily_best: int = 0
    daily_last: str = ""

    @property
    def played(self) -> int:
        return sum(played for played, _won in self.games.values())

    @property
    def won(self) -> int:
        return sum(won for _played, won in self.games.values())


# What each count is called in a message ("its best round is not a count").
_COUNT_NAMES = {"best_round": N_("best round"), "tweaks": N_("TWEAK! count"),
                "biggest": N_("biggest capture"), "daily_played": N_("daily deals played"),
                "daily_streak": N_("daily streak"), "daily_best": N_("best daily streak")}


def _count(value, name: str) -> int:
    """``value`` if it is a count; ``name`` is what it is called, already translated."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise StatsError(_("its {name} is not a count ({value})").format(
            name=name, value=repr(value)[:40]))
    return value


def parse(text) -> Stats:
    """The statistics of a stored or imported text ("" or None: none yet)."""
    if not text:
        return Stats()
    from tweak.record import parse_json

    try:
        data = parse_json(text)
    except ValueError as error:
        raise StatsError(_("this is not a TWEAK! statistics file ({error})").format(
            error=told(error))) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError(_("this is not a TWEAK! statistics file (format {format})").format(
            format=FORMAT))
    unknown = sorted(set(data) - {"format", "games", "best_round", "tweaks", "biggest",
                                   "biggest_capture", "biggest_words", *_DAILY_FIELDS})
    if unknown:
        raise StatsError(ngettext("unknown field in the statistics: {fields}",
                                  "unknown fields in the statistics: {fields}",
                                  len(unknown)).format(fields=", ".join(unknown)))
    games = data.get("games", {})
    if not isinstance(games, dict) or len(games) > MAX_ROWS:
        raise StatsError(_("its games are not a table of counts"))
    table = {}
    for key, value in games.items():
        players, _space, level = key.partition(" ")
        if not (players.isascii() and players.isdigit() and 2 <= int(players) <= 6
                and level.isascii() and level.isalpha() and len(level) <= 20):
            raise StatsError(_("its games name an unknown table ({key})").format(key=repr(key)))
        if not isinstance(value, list) or len(value) != 2:
            raise StatsError(_("its games for {key} are not [played, won]").format(
                key=repr(key)))
        played, won = (_count(item, _("games for {key}").format(key=repr(key)))
                       for item in value)
        if won > played:
            raise StatsError(ngettext("it says {won} game won of {played} played ({key})",
                                      "it says {won} games won of {played} played ({key})",
                                      won).format(won=won, played=played, key=repr(key)))
        table[key] = (played, won)
    capture = _biggest_capture(data)
    last = data.get("daily_last", "")
    if not isinstance(last, str) or (last and not _is_day(last)):
        raise StatsError(_("its last daily deal is not a date ({text})").format(
            text=repr(str(last)[:40])))
    best_round, tweaks, biggest, played, streak, best = (
        _count(data.get(name, 0), _(_COUNT_NAMES[name])) for name in _COUNT_NAMES)
    if not streak <= best <= played or (streak > 0) != bool(last):
        raise StatsError(_("its daily-deal streaks do not add up"))
    return Stats(table, best_round, tweaks, biggest, capture, played, streak, best, last)


def _biggest_capture(data: dict) -> str:
    """The biggest capture's notation in the parsed file ``data``, canonical ("" if none):
    its ``biggest_capture``, else the capture read from the earlier ``biggest_words``.
    Raises ``StatsError`` if either is not text or the notation is not a capture."""
    field_name = "biggest_capture" if "biggest_capture" in data else "biggest_words"
    text = data.get(field_name, "")
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise StatsError(_("its biggest capture is not a short text"))
    if field_name == "biggest_words":
        return _capture_of_words(text)
    if not text:
        return ""
    from tweak.actions import Capture, format_action, parse_action

    try:
        action = parse_action(text)
        if not isinstance(action, Capture):
            # A hand card alone ("R5") or a [T!] card parses as an action, but takes nothing.
            raise NotationError(N_("a capture must take at least one table card"))
    except NotationError as error:
        raise StatsError(_("this is not a TWEAK! statistics file ({error})").format(
            error=told(error))) from None
    return format_action(action)


# The colours as the earlier English words name them ("red 5"): the colours' own names.
_COLOUR_BY_WORD = {colour.name.lower(): colour for colour in Colour}


def _capture_of_words(words: str) -> str:
    """The notation of the capture that the earlier ``biggest_words`` name, written as
    "red 5 took green 2, yellow 1: 13 points"; "" for words not in that form (a file edited
    by hand): the points are kept in ``biggest``, only the cards are lost."""
    from tweak.actions import Capture, format_action

    head, _colon, tail = words.rpartition(": ")
    count, _space, unit = tail.partition(" ")
    card, _took, taken = head.partition(" took ")
    names = [card, *taken.split(", ")] if taken else []
    if not (count.isascii() and count.isdigit() and unit == "points" and names):
        return ""
    faces = []
    for name in names:
        colour, _space, value = name.partition(" ")
        if colour not in _COLOUR_BY_WORD:
            return ""
        try:  # one face each: Face.parse takes a colour letter and one digit, nothing more
            faces.append(Face.parse(_COLOUR_BY_WORD[colour].letter + value))
        except NotationError:  # "red 7", "red five": not a card
            return ""
    return format_action(Capture.of(faces[0], faces[1:]))


def _is_day(text: str) -> bool:
    try:
        return date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


def dumps(stats: Stats) -> str:
    return json.dumps({"format": FORMAT,
                       "games": {key: list(value) for key, value in sorted(stats.games.items())},
                       "best_round": stats.best_round, "tweaks": stats.tweaks,
                       "biggest": stats.biggest, "biggest_capture": stats.biggest_capture,
                       "daily_played": stats.daily_played, "daily_streak": stats.daily_streak,
                       "daily_best": stats.daily_best, "daily_last": stats.daily_last},
                      separators=(",", ":"))


def count_daily(stats: Stats, day: date) -> Stats:
    """``stats`` with the daily deal of ``day`` finished: one more played, and the streak
    grows when the last one was the day before, else starts again at 1.  A day already counted
    (or older than the last counted) changes nothing: a day is counted once."""
    last = date.fromisoformat(stats.daily_last) if stats.daily_last else None
    if last is not None and day <= last:
        return stats
    streak = stats.daily_streak + 1 if last == day - timedelta(days=1) else 1
    return replace(stats, daily_played=stats.daily_played + 1, daily_streak=streak,
                   daily_best=max(stats.daily_best, streak), daily_last=day.isoformat())


def current_streak(stats: Stats, today: date) -> int:
    """The streak still alive on ``today``: its last day is today or yesterday (today's deal
    may still be played); 0 once a day has been missed."""
    if not stats.daily_last:
        return 0
    last = date.fromisoformat(stats.daily_last)
    return stats.daily_streak if today - last <= timedelta(days=1) else 0


def _level(seats) -> str:
    levels = {tag[4:] for tag in seats if tag.startswith("bot:")}
    return levels.pop() if len(levels) == 1 else "mixed"


def count_game(stats: Stats, record) -> Stats:
    """``stats`` with the finished game of ``record`` counted (see the module docstring);
    unchanged for a practice game, a game between people or a game not over."""
    from tweak.actions import Capture, format_action
    from tweak.events import Captured

    seats = record.seats
    humans = [seat for seat, tag in enumerate(seats) if tag == "human"]
    if record.practice or len(humans) != 1 or "remote" in seats:  # people on other devices
        return stats
    me = humans[0]
    state = biggest = None
    best_capture, tweaks = stats.biggest_capture, 0
    biggest = stats.biggest
    for state in record.states():
        for event in state.events:
            if isinstance(event, Captured) and event.seat == me:
                cards = (event.card,) + tuple(event.taken)
                points = sum(record.rules.points(face) for face in cards)
                tweaks += event.tweak
                if points > biggest:
                    biggest = points
                    best_capture = format_action(Capture.of(event.card, event.taken))
    if state is None or not state.is_over:
        return stats
    key = f"{record.players} {_level(seats)}"
    played, won = stats.games.get(key, (0, 0))
    games = {**stats.games, key: (played + 1, won + (me in state.winners))}
    best_round = max([stats.best_round] + [result.rows[me].points for result in state.results])
    return replace(stats, games=games, best_round=best_round, tweaks=stats.tweaks + tweaks,
                   biggest=biggest, biggest_capture=best_capture)


# A table whose computers play at different levels (``_level``).
MIXED = N_("Mixed")


def rows(stats: Stats) -> list:
    """(label, played, won) per table, by number of players then level: "2 players · Medium",
    in the current language (the levels' names are marked in ``tweak.levels``)."""
    from tweak.levels import CHOICES

    labels = {**dict(CHOICES), "mixed": MIXED}
    order = [level for level, _label in CHOICES]
    found = []
    for key, (played, won) in stats.games.items():
        players, _space, level = key.partition(" ")
        rank = order.index(level) if level in order else len(order)
        count = int(players)
        label = ngettext("{n} player · {level}", "{n} players · {level}", count).format(
            n=count, level=_(labels.get(level, level.title())))
        found.append(((count, rank, level), label, played, won))
    return [(label, played, won) for _key, label, played, won in sorted(found)]


def biggest_action(stats: Stats):
    """The biggest capture as a ``tweak.actions.Capture`` (its hand card ``card``, the table
    cards ``taken``), or None when its cards are not known.  ``stats.biggest_capture`` is
    notation ``parse`` has checked; other text raises ``NotationError``."""
    from tweak.actions import parse_action

    return parse_action(stats.biggest_capture) if stats.biggest_capture else None


def counts(stats: Stats) -> dict:
    """Plain numbers for a summary line."""
    return {"played": stats.played, "won": stats.won, "best_round": stats.best_round,
            "tweaks": stats.tweaks, "biggest": stats.biggest}
