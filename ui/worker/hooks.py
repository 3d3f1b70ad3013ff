"""The address's hooks: house rules and test settings read from ``?seed=12&pace=instant``.

``Hooks`` fields: ``seed`` (reproducible deals), ``goal`` (one goal for every player count,
R3/R19), ``tcards`` (stack round 1's [T!] pile), ``dealer`` (round 1's dealer), ``pace`` (the
pace of computer moves, ``PACES``), ``today`` (the UTC day the daily deal takes as today) and
``lang`` (a language chosen over the player's: ``xx`` is ``ui.worker.i18n``'s pseudo-language).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from tweak.cards import NotationError, TKind
from tweak.rules import MAX_GOAL, MAX_PLAYERS

from . import daily
from .errors import SessionError
from .i18n import N_, _, told
from .protocol import PACES

__all__ = ["Hooks", "parse_hooks"]


@dataclass(frozen=True)
class Hooks:
    seed: Optional[int] = None
    goal: Optional[int] = None
    tcards: Optional[tuple] = None
    dealer: Optional[int] = None
    pace: Optional[str] = None
    today: Optional[object] = None  # a datetime.date: the daily deal's "today" (tests)
    lang: Optional[str] = None


def parse_hooks(params) -> Hooks:
    """The address's query parameters (a mapping, as the browser's ``URLSearchParams`` decodes
    them: ``seed=12&goal=30&tcards=thief,bomb&dealer=1&pace=instant``) → ``Hooks``.  Unknown
    parameters are ignored (a link may carry others); a bad value raises ``SessionError``,
    quoting at most 40 characters of it (an address may hold megabytes)."""

    def shown(value) -> str:
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."

    def number(key, low, high):
        if key not in params:
            return None
        text = str(params[key]).strip()
        # ASCII digits, no more than the largest allowed value has: "²" passes isdigit() but
        # not int(), int() reads "٣" as 3, and a 5,000-digit number passes isdigit() but is
        # past int()'s digit limit.  Each gets the sentence below, never a bare ValueError.
        if (not (text.isascii() and text.isdigit()) or len(text) > len(str(high))
                or not low <= int(text) <= high):
            raise SessionError(_("The page address sets {key}={value}; it must be a whole "
                                 "number from {low} to {high}.").format(
                key=key, value=shown(params[key]), low=low, high=high))
        return int(text)

    tcards = None
    if "tcards" in params:
        from tweak.record import MAX_TCARDS  # only for this hook (see save_summary)

        parts = [part.strip() for part in str(params["tcards"]).split(",") if part.strip()]
        try:
            if len(parts) > MAX_TCARDS:  # a record holding more would not load again
                raise NotationError(N_("{count:,} cards are more than a pile holds "
                                       "({most})"), count=len(parts), most=MAX_TCARDS)
            tcards = tuple(TKind.parse(part) for part in parts)
        except NotationError as error:
            raise SessionError(_("The page address sets tcards={value}, which does not stack "
                                 "the [T!] pile: {error}.").format(
                value=shown(params["tcards"]), error=told(error))) from None
    pace = params.get("pace")
    if pace is not None and pace not in PACES:
        raise SessionError(_("The page address sets pace={value}; use one of "
                             "{choices}.").format(value=shown(pace), choices=", ".join(PACES)))
    lang = params.get("lang")
    if lang is not None and not (lang.isascii() and lang.isalpha() and 2 <= len(lang) <= 3):
        raise SessionError(_("The page address sets lang={value}; use a language code such "
                             "as es.").format(value=shown(lang)))
    today = None
    if "today" in params:
        try:
            today = daily.read_day(params["today"])
        except daily.DailyError as error:
            raise SessionError(_("The page address sets today={value}, but {error}.").format(
                value=shown(params["today"]), error=told(error))) from None
    return Hooks(seed=number("seed", 0, 2**53), goal=number("goal", 1, MAX_GOAL),
                 tcards=tcards, dealer=number("dealer", 0, MAX_PLAYERS - 1), pace=pace,
                 today=today, lang=lang and lang.lower())
