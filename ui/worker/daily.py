"""The daily deal: one deal a day, the same for everyone, against a fixed line-up (its verbs
are ``ui.worker.verbs.daily``'s).  Pure Python with no
clock of its own: callers pass the day, a ``datetime.date`` of the UTC calendar, written
``YYYY-MM-DD`` in a link (``#daily=DAY&vs=RESULT``, ``fragment``), a record (``Record.daily``)
and the stored status.

* ``LINEUP``, ``EDITION``: the person against three computers with fixed names and levels, the
  Classic edition, no house rules.  ``deal_seed(day)`` and ``bot_seed(day, seat, step)`` hash
  the date (never ``hash()``, salted per process); ``make_bot`` builds a fresh computer per
  decision, Hard on ``HARD_STEPS`` engine steps with no clock: the same moves on every device.
* ``Result``: the person's outcome of a finished deal (points, TWEAK!s, place, R19's ties);
  ``result_line``, ``share_text``, ``compare_line`` say it in the player's language.
* ``Status``: what this device keeps under ``DAILY_KEY``, JSON ``{"format": "tweak-daily/1",
  "date", "record"}`` while the deal is played, ``"result"`` instead once it is finished, and
  ``"rival"``, a friend's result from their link.  ``parse_status``, ``parse_day`` and
  ``parse_rival`` refuse anything else with ``DailyError`` and a sentence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Optional

from .i18n import N_, _, ngettext, told

__all__ = ["FORMAT", "LINEUP", "EDITION", "HARD_STEPS", "DailyError",
           "Result", "Status", "today", "parse_day", "day_text", "long_date", "deal_seed",
           "bot_seed", "make_bot", "read_day", "result_of", "result_line", "share_text", "fragment",
           "rival_text", "parse_rival", "compare_line",
           "parse_status", "dumps_status", "ordinal", "yesterday", "new_record", "check_replay",
           "decision_bot", "take_back_refusal"]

FORMAT = "tweak-daily/1"
EDITION = "classic"
# (name, tag): the person, then three computers.  Fixed, so the deal is everyone's.
LINEUP = (("You", "human"), ("Ada", "bot:medium"), ("Blaise", "bot:hard"),
          ("Emmy", "bot:medium"))
# Hard's steps per decision (its "fast" pace's number).  In the daily deal the search has no
# clock: a clock would stop it at a different world on a slower device and change its move.
# Its decision times are in docs/bots.md.
HARD_STEPS = 1200
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"),
          N_("July"), N_("August"), N_("September"), N_("October"), N_("November"),
          N_("December"))


class DailyError(ValueError):
    """A daily-deal date or stored status that cannot be used; the message says why."""


# ---- days -------------------------------------------------------------------------------------


def today(clock) -> date:
    """The UTC date now, from ``clock()`` (an aware ``datetime``)."""
    from datetime import timezone

    return clock().astimezone(timezone.utc).date()


def day_text(day: date) -> str:
    return day.isoformat()


def long_date(day: date) -> str:
    """"1 December 2026" ("1 de diciembre de 2026")."""
    return _("{day} {month} {year}").format(day=day.day, month=_(MONTHS[day.month - 1]),
                                            year=day.year)


def read_day(text) -> date:
    """A ``YYYY-MM-DD`` text's date; ``DailyError`` (a clause) if it is not one."""
    text = str(text).strip()
    if not (len(text) == 10 and text.isascii() and text[4] == "-" and text[7] == "-"
            and (text[:4] + text[5:7] + text[8:]).isdigit()):
        raise DailyError(_("it is not a date of the form YYYY-MM-DD"))
    try:
        return date(int(text[:4]), int(text[5:7]), int(text[8:]))
    except ValueError:
        raise DailyError(_("there is no such day in the calendar")) from None


def parse_day(text, now: date) -> date:
    """The day a ``#daily=DAY`` link names; ``DailyError`` (a whole sentence) if it is not a
    date or is after ``now`` (its deal does not exist yet: deals open day by day, UTC)."""
    shown = str(text)[:40]
    try:
        day = read_day(text)
    except DailyError as error:
        raise DailyError(_("This daily-deal link names {text}, and {error}. Ask for the link "
                           "again, or play today's deal.").format(text=repr(shown),
                                                                  error=told(error))) from None
    if day > now:
        raise DailyError(_("This daily-deal link is for {day}, which has not come yet (today is "
                           "{today}, UTC). Its deal opens on that day.").format(
            day=long_date(day), today=long_date(now)))
    return day


def fragment(day: date, result: "Optional[Result]" = None) -> str:
    """The address fragment (without ``#``) that opens that day's deal; with ``result``, the
    sharer's, which the friend's game shows to compare with (``&vs=``, ``rival_text``)."""
    text = f"daily={day_text(day)}"
    return text + "&vs=" + rival_text(result) if result is not None else text


def rival_text(result: "Result") -> str:
    """A result in a link: "142.3.2.4.0" (points, TWEAK!s, place, players, tied 0/1)."""
    return ".".join(str(n) for n in (result.points, result.tweaks, result.place,
                                     result.players, int(result.tied)))


def parse_rival(text) -> "Result":
    """The sharer's result of a link's ``vs=`` (``rival_text``); ``DailyError`` otherwise."""
    parts = str(text)[:60].split(".")
    if len(parts) != 5 or not all(part.isascii() and part.isdigit() and len(part) <= 7
                                  for part in parts):
        raise DailyError(_("its result is not a daily-deal result"))
    points, tweaks, place, players, tied = map(int, parts)
    if players != len(LINEUP) or tied > 1:
        raise DailyError(_("its result is not a daily-deal result"))
    return _result({"points": points, "tweaks": tweaks, "place": place, "tied": bool(tied),
                    "players": players})


# ---- seeds and the computers ------------------------------------------------------------------


def _hashed(text: str) -> int:
    # 6 bytes: below 2**53, so the seed is an exact integer everywhere (JSON, wasm32).
    import hashlib  # here, not at the top: Pyodide compiles it from source

    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


def deal_seed(day: date) -> int:
    return _hashed(f"tweak-daily:{day_text(day)}")


def bot_seed(day: date, seat: int, step: int) -> int:
    # R21 and ui/worker/computers.py's note on bot seeds (bot_seeds): elsewhere a computer's
    # seed is kept unrelated to the deal's so that nothing it shows could lead back to the
    # deal.  Here both come from the date, which is public, and the deal is the same for
    # everyone by design: its seed is in every daily record and derivable by anyone from the
    # date, so deriving the computers' seeds from the date reveals nothing more.  The bots still decide from their own view only.
    # Their hash input differs from the deal's, so the two streams are unrelated.
    return _hashed(f"tweak-daily-bot:{day_text(day)}:{seat}:{step}")


def make_bot(level: str, day: date, seat: int, step: int):
    """The computer that decides at ``step`` for ``seat`` in that day's deal: seeded from the
    date, seat and step, and for Hard a step budget with no clock (see ``HARD_STEPS``)."""
    from tweak import bots

    options = {}
    if level == "hard":
        # Pinned whole, the endgame's multiplier too (Hard's default is 3): no clock may cut a
        # daily search short, so its steps are its time on a slow phone; at 1200 steps
        # everywhere, p95 stays ~130 ms in Pyodide (tests/bench/results/daily.txt).
        options = {"steps": HARD_STEPS, "time_limit": None, "cap": None, "endgame_factor": 1}
    return bots.make_bot(level, seed=bot_seed(day, seat, step), pace="fast", **options)


# ---- the daily deal's game --------------------------------------------------------------------


def new_record(day: date):
    """The ``tweak.Record`` of ``day``'s deal before its first move: as many players as
    ``LINEUP``, the seed ``deal_seed(day)``, ``EDITION``'s rules and the date in
    ``Record.daily``.  No house rule applies: everyone's deal is the same."""
    from tweak import EDITIONS, Record

    return Record(players=len(LINEUP), seed=deal_seed(day), rules=EDITIONS[EDITION],
                  daily=day_text(day))


def check_replay(record) -> None:
    """Nothing if ``record`` (a ``tweak.Record``) is no daily deal's or its ``Record.daily``
    is a day; else ``DailyError`` with a whole sentence: its computers are seeded from that
    date (``decision_bot``), so the game cannot be replayed without it."""
    if not record.daily:
        return
    try:
        read_day(record.daily)
    except DailyError as error:
        raise DailyError(_("This game cannot be replayed: its daily deal's date {date} is "
                           "wrong ({error}).").format(date=repr(record.daily),
                                                      error=told(error))) from None


def decision_bot(record, level: str, seat: int, step: int):
    """The computer at ``seat`` (a level of ``tweak.bots.LEVELS``) for its decision at game
    ``step`` of a daily deal's ``record``: ``make_bot`` for the record's day, whatever the pace
    of computer moves.  ``DailyError`` if ``Record.daily`` is not a day (``check_replay``)."""
    return make_bot(level, read_day(record.daily), seat, step)


def take_back_refusal(counts: bool) -> str:
    """Why no move may be taken back: "" unless ``counts`` (the game is this device's own
    daily deal of its day, played once, as dealt); a replay may be taken back."""
    if not counts:
        return ""
    return _("Moves cannot be taken back in the daily deal: it is played once, as dealt.")


# ---- the result ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    points: int
    tweaks: int
    place: int  # 1 = first
    tied: bool  # another player has the same total
    players: int


# An ordinal's form by English's rule (1st, 2nd, 3rd, 4th... 11th, 21st); a language with
# one form translates all four alike ("{n}.º").
_ORDINALS = {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}
_ORDINAL_TH = N_("{n}th")


def ordinal(number: int) -> str:
    form = (_ORDINAL_TH if 10 <= number % 100 <= 20
            else _ORDINALS.get(number % 10, _ORDINAL_TH))
    return _(form).format(n=number)


def result_of(state, seat: int = 0) -> Result:
    """The outcome of a finished game for ``seat`` (the person's): total points (R18), TWEAK!s
    over every round (R15), place by total (R19: equal totals share a place)."""
    totals = state.totals
    mine = totals[seat]
    place = 1 + sum(total > mine for total in totals)
    tied = sum(total == mine for total in totals) > 1
    tweaks = sum(result.rows[seat].tweaks for result in state.results)
    return Result(mine, tweaks, place, tied, len(totals))


def result_line(result: Result) -> str:
    """"142 points, 3 TWEAK!s, 2nd of 4" ("joint 1st of 4" when totals are equal)."""
    place = (_("joint {place} of {players}") if result.tied
             else _("{place} of {players}")).format(place=ordinal(result.place),
                                                    players=result.players)
    return _("{points}, {tweaks}, {place}").format(
        points=ngettext("{n} point", "{n} points", result.points).format(n=result.points),
        tweaks=ngettext("{n} TWEAK!", "{n} TWEAK!s", result.tweaks).format(n=result.tweaks),
        place=place)


def share_text(day: date, result: Result, replay: bool = False) -> str:
    """"TWEAK! daily 2026-12-01 — 142 points, 3 TWEAK!s, 2nd of 4" (the link goes beside it),
    in the player's language: the date stays in digits, which every reader can read."""
    said = (_("TWEAK! daily {day} (replay) — {result}") if replay
            else _("TWEAK! daily {day} — {result}"))
    return said.format(day=day_text(day), result=result_line(result))


def compare_line(mine: Result, rival: Result) -> str:
    """The friend's result beside the person's: "Your friend: 130 points, 1 TWEAK!, 3rd of 4 —
    you made 12 points more"."""
    diff = mine.points - rival.points
    if diff > 0:
        verdict = ngettext("you made {n} point more", "you made {n} points more", diff)
    elif diff < 0:
        verdict = ngettext("you made {n} point less", "you made {n} points less", -diff)
    else:
        verdict = _("the same points as you")
    return _("Your friend: {result} — {verdict}").format(
        result=result_line(rival), verdict=verdict.format(n=abs(diff)))


# ---- what this device keeps ----------------------------------------------------------------------


@dataclass(frozen=True)
class Status:
    day: date
    record: str = ""  # the game's record (tweak.dumps) while it is played
    result: Optional[Result] = None  # once it is finished
    rival: Optional[Result] = None  # a friend's result to compare with (their link's ``vs=``)

    @property
    def done(self) -> bool:
        return self.result is not None


def _result_data(r: Result) -> dict:
    return {"points": r.points, "tweaks": r.tweaks, "place": r.place, "tied": r.tied,
            "players": r.players}


def dumps_status(status: Status) -> str:
    data = {"format": FORMAT, "date": day_text(status.day)}
    if status.result is not None:
        data["result"] = _result_data(status.result)
    else:
        data["record"] = status.record
    if status.rival is not None:
        data["rival"] = _result_data(status.rival)
    return json.dumps(data, separators=(",", ":"))


def _result(r) -> Result:
    """A result's stored fields, checked (``DailyError`` with the reason)."""
    if not isinstance(r, dict) or set(r) != {"points", "tweaks", "place", "tied", "players"}:
        raise DailyError(_("its result is not a daily-deal result"))
    if not isinstance(r["tied"], bool):
        raise DailyError(_("its result's tie is not true or false"))
    players = _number(r["players"], N_("number of players"), 2, 6)
    return Result(_number(r["points"], N_("points"), 0, 10**6),
                  _number(r["tweaks"], N_("TWEAK! count"), 0, 10**4),
                  _number(r["place"], N_("place"), 1, players), r["tied"], players)


def _number(value, name, low, high) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; ``name`` (marked with
    ``N_``) says what it is in the sentence of the error."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DailyError(_("its {name} is not a number from {low} to {high}").format(
            name=_(name), low=low, high=high))
    return value


def parse_status(text) -> Optional[Status]:
    """The stored status (None when there is none)."""
    if not text:
        return None
    from tweak.record import parse_json  # here: the start screen without one needs no engine

    try:
        data = parse_json(text)
    except ValueError as error:
        raise DailyError(_("it is not a daily-deal status ({error})").format(
            error=told(error))) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DailyError(_("it is not a daily-deal status (format {format})").format(
            format=FORMAT))
    if set(data) - {"format", "date", "record", "result", "rival"}:
        raise DailyError(_("it has fields a daily-deal status does not have"))
    day = read_day(data.get("date", ""))
    rival = _result(data["rival"]) if "rival" in data else None
    if "result" in data:
        return Status(day, result=_result(data["result"]), rival=rival)
    record = data.get("record")
    if not isinstance(record, str) or not record:
        raise DailyError(_("it holds neither a game nor a result"))
    return Status(day, record=record, rival=rival)


def yesterday(day: date) -> date:
    return day - timedelta(days=1)
