"""Statistics of the person at this device: their finished games against computers; and the
host's verbs for them (``StatsVerbs``, a mixin of ``ui.worker.host.Host``).  Pure Python.

* ``Stats``: ``games``, ``{"PLAYERS LEVEL": (played, won)}`` (LEVEL the computers' level of
  ``tweak.levels``, or ``mixed``); ``best_round`` (R18), ``tweaks`` (R15), ``biggest`` and
  ``biggest_words``, the person's biggest capture (R5) in points and in English words
  (``biggest_capture`` reads its cards back to name them in any language); the daily deal's
  ``daily_played``, ``daily_streak`` (consecutive UTC days ending on ``daily_last``,
  "YYYY-MM-DD") and ``daily_best``.
* The stored text under ``STATS_KEY``, also the exported file: JSON ``{"format":
  "tweak-stats/1", "games": {...}, ...}`` with those fields (the daily ones optional).
  ``parse`` refuses anything else with ``StatsError`` and a sentence in the current language.
* ``count_game(stats, record)`` counts a finished game with exactly one person against
  computers, never a practice game (``Record.practice``); ``count_daily(stats, day)`` the
  device's own daily deal; ``current_streak(stats, today)`` is the streak still alive.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import Optional

from tweak.cards import Colour, Face

from .i18n import N_, _, ngettext, told
from .protocol import STATS_BROKEN_KEY, STATS_KEY

# The engine (tweak.record, tweak.events) is imported inside the functions that need it: the
# host imports this module for the worker's first answer, which needs no engine.

__all__ = ["Stats", "StatsError", "FORMAT", "parse", "dumps", "count_game", "count_daily",
           "current_streak", "rows", "counts", "biggest_capture", "StatsVerbs"]

FORMAT = "tweak-stats/1"
MAX_ROWS = 200  # 5 numbers of players x a few levels; more is not a statistics file
MAX_COUNT = 10**9
_DAILY_FIELDS = ("daily_played", "daily_streak", "daily_best", "daily_last")


class StatsError(ValueError):
    """Text that is not a statistics file; the message says why."""


@dataclass(frozen=True)
class Stats:
    games: dict = field(default_factory=dict)
    best_round: int = 0
    tweaks: int = 0
    biggest: int = 0
    biggest_words: str = ""
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
                                   "biggest_words", *_DAILY_FIELDS})
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
    words = data.get("biggest_words", "")
    if not isinstance(words, str) or len(words) > 200:
        raise StatsError(_("its biggest capture is not a short text"))
    last = data.get("daily_last", "")
    if not isinstance(last, str) or (last and not _is_day(last)):
        raise StatsError(_("its last daily deal is not a date ({text})").format(
            text=repr(str(last)[:40])))
    best_round, tweaks, biggest, played, streak, best = (
        _count(data.get(name, 0), _(_COUNT_NAMES[name])) for name in _COUNT_NAMES)
    if not streak <= best <= played or (streak > 0) != bool(last):
        raise StatsError(_("its daily-deal streaks do not add up"))
    return Stats(table, best_round, tweaks, biggest, words, played, streak, best, last)


def _is_day(text: str) -> bool:
    try:
        return date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


def dumps(stats: Stats) -> str:
    return json.dumps({"format": FORMAT,
                       "games": {key: list(value) for key, value in sorted(stats.games.items())},
                       "best_round": stats.best_round, "tweaks": stats.tweaks,
                       "biggest": stats.biggest, "biggest_words": stats.biggest_words,
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
    from tweak.events import Captured, card_name

    seats = record.seats
    humans = [seat for seat, tag in enumerate(seats) if tag == "human"]
    if record.practice or len(humans) != 1 or "remote" in seats:  # people on other devices
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


def biggest_capture(stats: Stats):
    """The faces of the biggest capture, the hand card first, read back from
    ``biggest_words`` as ``count_game`` writes them; None when the words are not the game's
    own (a file edited by hand), which the screen then shows as they are."""
    from tweak.events import _COLOUR_NAMES

    card = r"(?:" + "|".join(_COLOUR_NAMES) + r") [1-6]"
    found = re.fullmatch(rf"({card}) took ({card}(?:, {card})*): \d+ points",
                         stats.biggest_words)
    if not found:
        return None
    names = [found.group(1), *found.group(2).split(", ")]
    return tuple(Face.of(Colour(_COLOUR_NAMES.index(colour)), int(value))
                 for colour, value in (name.split(" ") for name in names))


def counts(stats: Stats) -> dict:
    """Plain numbers for a summary line."""
    return {"played": stats.played, "won": stats.won, "best_round": stats.best_round,
            "tweaks": stats.tweaks, "biggest": stats.biggest}


# ---- the host's verbs ---------------------------------------------------------------------------


class StatsVerbs:
    """The statistics' verbs (a mixin of ``ui.worker.host.Host``).  ``stored`` is always the
    text stored under ``STATS_KEY`` (None: none yet); one that cannot be read is set aside
    under ``STATS_BROKEN_KEY`` with a notice, and new statistics begin."""

    def statistics(self, stored: Optional[str], step: str = "") -> dict:
        """The statistics screen; ``step`` "reset" asks to confirm a reset, "reset-confirmed"
        resets (the stored text is removed)."""
        from .screens import stats as stats_page

        stats, store, notice = self._read_stats(stored)
        confirm = step == "reset"
        if step == "reset-confirmed":
            stats, store = Stats(), {**store, STATS_KEY: None}
            notice = _("Your statistics have been reset.")
        return {"screen": "stats",
                "html": stats_page.render_stats(stats, notice, confirm, self.today()),
                "store": store}

    def export_stats(self, stored: Optional[str]) -> dict:
        """The statistics as a file to download (a damaged store is exported as it is, so
        nothing is lost)."""
        try:
            text = dumps(parse(stored))
        except StatsError:
            text = stored or ""
        return {"download": {"name": "tweak-statistics.json", "text": text}}

    def import_stats(self, text: str, stored: Optional[str]) -> dict:
        """A file's statistics replace the stored ones, if the file is a statistics file."""
        from .screens import stats as stats_page

        stats, store, notice = self._read_stats(stored)
        try:
            imported = parse(text)
        except StatsError as error:
            notice = _("That file was not imported: {error}. Your statistics are "
                       "unchanged.").format(error=error)
        else:
            stats = imported
            store[STATS_KEY] = dumps(imported)
            notice = ngettext("Statistics imported: {n} game.",
                              "Statistics imported: {n} games.",
                              imported.played).format(n=imported.played)
        return {"screen": "stats", "html": stats_page.render_stats(stats, notice,
                                                                   today=self.today()),
                "store": store}

    @staticmethod
    def _read_stats(stored: Optional[str]) -> tuple:
        """(stats, store, notice): a damaged stored text is set aside, new statistics begin."""
        try:
            return parse(stored), {}, ""
        except StatsError as error:
            return Stats(), {STATS_BROKEN_KEY: stored, STATS_KEY: None}, _(
                "Your saved statistics could not be read ({error}). They have been set aside "
                "(nothing is deleted) and new statistics begin.").format(error=error)

    def _count_game(self, session, stored: Optional[str]) -> dict:
        """The store with the game ``session`` just ended counted into the statistics, and,
        for the device's daily deal, its day (a notice if the stored text was set aside)."""
        stats, store, notice = self._read_stats(stored)
        if notice:
            session.notice = notice
        counted = count_game(stats, session.record)
        if session.daily_counts:
            counted = count_daily(counted, date.fromisoformat(session.daily))
        if counted != stats or store:
            store[STATS_KEY] = dumps(counted)
        return store
