"""The start screen's pieces: the computer levels of each seat's select, the Resume buttons of
saved games, and notices.  Pure functions → HTML strings.

This module is what the page needs before it says it is ready, so it imports nothing of the
engine or the table (``ui.session``, ``ui.render`` load in the background once the page is
ready; STACK.md: every module is compiled from source in the browser at each start).

* ``level_options(choices, default, selected)`` — the options of a seat's select: "Human", then
  one per level of ``tweak.bots.CHOICES`` (passed in, never written here).
* ``save_summary(text)`` — a one-line description of a saved game record (players and moves),
  read cheaply from its JSON; ``ValueError`` if the text is not a record at all.  The full check
  (replaying every move) happens when the game is resumed.
* ``render_saves(saves)``, ``render_notice(text)``.
* ``Hooks`` — house rules and test hooks read from the page's address (``parse_hooks``):
  ``seed=N`` (reproducible deals), ``goal=N`` (one goal for every player count, R3/R19),
  ``tcards=thief,bomb,...`` (stack round 1's [T!] pile), ``dealer=N`` (round 1's dealer) and
  ``speed=normal|fast|instant`` (the pace of computer moves, ``SPEEDS``).
* ``SessionError`` — anything a player did or loaded that cannot be done, with a sentence fit
  to show them (the page shows it instead of a traceback).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Optional

from tweak.cards import NotationError, TKind
from tweak.rules import MAX_PLAYERS

from .markup import escape

__all__ = ["level_options", "save_summary", "render_saves", "render_notice", "Hooks",
           "parse_hooks", "SessionError", "SPEEDS"]

# Seconds between computer moves, so a person can follow the game (issue 3: ~0.8–1.2 s).
SPEEDS = {"normal": 1.0, "fast": 0.4, "instant": 0.0}


class SessionError(ValueError):
    """Something a player did or loaded cannot be done; the message is fit to show them."""


def level_options(choices, default: str, selected: str = "") -> str:
    """``selected`` is the select's current value: "human", "bot" (the default level, as the
    plain HTML offers before Python runs) or "bot:LEVEL"."""
    if selected == "bot" or (selected.startswith("bot:") and
                             selected[4:] not in {level for level, _ in choices}):
        selected = f"bot:{default}"
    options = [("human", "Human")] + [(f"bot:{level}", f"Computer · {label}")
                                      for level, label in choices]
    return "".join(
        f'<option value="{escape(value)}"{" selected" if value == selected else ""}>'
        f'{escape(label)}</option>'
        for value, label in options
    )


def save_summary(text: str) -> str:
    """"3 players: You, Ada, Blaise · 37 moves played"."""
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError("the saved game is not a game record") from None
    if not isinstance(data, dict) or not isinstance(data.get("actions", []), list):
        raise ValueError("the saved game is not a game record")
    players = data.get("players")
    names = data.get("names") or []
    moves = len(data.get("actions", []))
    who = ": " + ", ".join(str(name) for name in names) if names else ""
    return f"{players} players{who} · {moves} move{'s' if moves != 1 else ''} played"


def render_saves(saves) -> str:
    """Resume buttons for saved games: ``saves`` is a list of (key, description)."""
    return "".join(
        f'<button type="button" class="btn resume" data-ui="resume:{escape(key)}">'
        f'<span class="resume-title">{"Resume" if i == 0 else "Resume earlier game"}</span>'
        f'<span class="resume-detail">{escape(text)}</span></button>'
        for i, (key, text) in enumerate(saves)
    )


def render_notice(text: str) -> str:
    if not text:
        return ""
    return (f'<div class="notice" role="alert"><span>{escape(text)}</span>'
            f'<button type="button" class="btn small" data-ui="dismiss" aria-label="Dismiss">OK'
            f'</button></div>')


# ---- hooks from the page's address ---------------------------------------------------------


@dataclass(frozen=True)
class Hooks:
    seed: Optional[int] = None
    goal: Optional[int] = None
    tcards: Optional[tuple] = None
    dealer: Optional[int] = None
    speed: Optional[str] = None


def parse_hooks(params) -> Hooks:
    """The address's query parameters (a mapping, as the browser's ``URLSearchParams`` decodes
    them: ``seed=12&goal=30&tcards=thief,bomb&dealer=1&speed=instant``) → ``Hooks``.  Unknown
    parameters are ignored (a link may carry others); a bad value raises ``SessionError``."""

    def number(key, low, high):
        if key not in params:
            return None
        text = params[key].strip()
        if not text.isdigit() or not low <= int(text) <= high:
            raise SessionError(f"The page address sets {key}={params[key]!r}; it must be a "
                               f"whole number from {low} to {high}.")
        return int(text)

    tcards = None
    if "tcards" in params:
        try:
            tcards = tuple(TKind.parse(part.strip()) for part in params["tcards"].split(",")
                           if part.strip())
        except NotationError as error:
            raise SessionError(f"The page address sets tcards={params['tcards']!r}, which does "
                               f"not stack the [T!] pile: {error}.") from None
    speed = params.get("speed")
    if speed is not None and speed not in SPEEDS:
        raise SessionError(f"The page address sets speed={speed!r}; use one of "
                           f"{', '.join(SPEEDS)}.")
    return Hooks(seed=number("seed", 0, 2**53), goal=number("goal", 1, 100_000),
                 tcards=tcards, dealer=number("dealer", 0, MAX_PLAYERS - 1), speed=speed)
