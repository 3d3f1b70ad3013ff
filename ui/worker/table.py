"""``Table``: what the host (``ui.worker.host``), its verbs and the screens ask of the game at
the table.  Two kinds speak it: ``ui.worker.session.Session``, a game this device holds, and
``ui.worker.mirror.Mirror``, a game another device hosts, drawn from this seat's view.
tests/ui/test_layers.py checks that both offer every member named here."""

from __future__ import annotations

from typing import Optional, Protocol

__all__ = ["Table", "MEMBERS"]


class Table(Protocol):
    """The game at the table, as the host plays and draws it."""

    guest: bool  # another device hosts the game (the host asks nothing else to tell them apart)
    notice: str  # a sentence to show once at the table ("" for none)
    flash: Optional[object]  # the last move's celebration (ui.worker.story.Flash), shown once
    pace: str  # the pace of computer moves in force
    log: object  # ui.worker.story.Entry of the last moves, oldest first
    record: Optional[object]  # the game's tweak.Record (a guest: once the host sends it, at its end)
    remote: dict  # seat -> its Presence, for the seats played on other devices (a guest: none)
    daily: str  # the daily deal's date ("YYYY-MM-DD") if this game is one, else ""
    daily_counts: bool  # it is this device's own daily deal (not a replay)

    @property
    def state(self): ...  # step, to_act, phase, events, results, is_over (tweak.State's)

    @property
    def names(self) -> tuple: ...  # each seat's name

    @property
    def rules(self): ...  # the game's tweak.Rules

    @property
    def moves(self) -> int: ...  # the moves made so far: a change means the record changed

    def kind(self) -> str: ...  # the screen: "table", "scores", "over"... ("join": nothing yet)

    def screen(self): ...  # a ui.worker.screen_data.Screen of the table now, changing nothing

    def bot_to_act(self) -> bool: ...  # a computer of this device moves next

    def act(self, text: str) -> None: ...  # a person's move in notation, or SessionError

    def command(self, text: str) -> None: ...  # a table command, or SessionError

    def step_bots(self, limit: int = 1) -> int: ...  # this device's computers move

    def link_fragment(self) -> str: ...  # "g=…", the game's link, or SessionError


MEMBERS = ("guest", "notice", "flash", "pace", "log", "record", "remote", "daily",
           "daily_counts", "state", "names", "rules", "moves", "kind", "screen", "bot_to_act",
           "act", "command", "step_bots", "link_fragment")
