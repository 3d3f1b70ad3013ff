"""The computer seats of a game at the table: their seeds, their bots and their moves.

Data: ``BotTurn`` (a computer's move in progress: the seat, its own view, its thinking
generator and the game step it is for); ``drive`` (advance that thinking until it returns a move
or a deadline passes); ``bot_seeds`` (each computer seat's seed of its own); ``Computers``, the
part of ``ui.worker.session.Session`` that makes, starts and finishes their moves (a mixin, so
the calls stay ``session.step_bots()``): it reads the session's ``seats``, ``state``,
``record``, ``pace``, ``bots``, ``bot_seeds`` and ``_paces`` and applies with
``Session._apply``.  Bots decide from their own view only (R21); docs/bots.md tells the levels.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from tweak import PlayerView, view
from tweak import bots

from . import daily
from .errors import SessionError
from .i18n import YOU, _, shown_name

__all__ = ["BotTurn", "drive", "bot_seeds", "Computers"]

_BOT_SEEDS = random.SystemRandom()  # the bots' seeds: independent of every deal


@dataclass
class BotTurn:
    """A computer seat's move in progress: its view, its thinking, and the step it is for."""

    seat: int
    view: PlayerView
    thinking: object
    step: int


def _chosen(bot, seat_view):
    """A bot without ``think``: one call of ``choose``, as a generator that yields nothing."""
    return bot.choose(seat_view)
    yield  # pragma: no cover  (makes this a generator function)


def drive(thinking, deadline: float, clock) -> Optional[object]:
    """Advance a bot's thinking generator until it returns its action (StopIteration.value)
    or ``clock()`` passes ``deadline``; None means "not done, call again later".
    ``SessionError`` if the thinking ends without an action."""
    try:
        while True:
            next(thinking)
            if clock() >= deadline:
                return None
    except StopIteration as stop:
        if stop.value is None:
            raise SessionError(_("A computer player finished thinking without choosing a "
                                 "move."))
        return stop.value


def bot_seeds(seats) -> dict:
    """{seat: its seed} for every computer seat of ``seats`` (``ui.worker.seats.Seat``s).
    The seeds are the system's randomness, unrelated to the deal's: a seed derived from the
    game's could be inverted to replay the deal and see hidden cards (R21).  Records keep the
    actions, so a replay never needs them.  (The daily deal's computers are seeded from its
    date instead: ``Computers.bot``.)"""
    return {i: _BOT_SEEDS.randrange(2**31) for i, seat in enumerate(seats) if not seat.is_human}


class Computers:
    """``start_bot``, ``bot``, ``finish_bot``, ``step_bots`` and ``_wait_sentence`` of a
    ``Session``."""

    def _wait_sentence(self) -> str:
        """Why a move clicked now cannot be made: the computer that is to move instead, or
        "It is not your turn to play."."""
        if self.bot_to_act():
            name = self.seats[self.state.to_act].name
            bomb = self.state.phase.value == "bomb"
            if name == YOU:  # a computer seat someone named "You"
                return (_("You are choosing a card for the Bomb — wait for your turn.") if bomb
                        else _("You are thinking — wait for your turn."))
            return (_("{name} is choosing a card for the Bomb — wait for your turn.") if bomb
                    else _("{name} is thinking — wait for your turn.")).format(name=name)
        return _("It is not your turn to play.")

    def start_bot(self) -> BotTurn:
        """Begin the move of the computer seat that must act: its ``think(view)`` generator if
        it has one, else one ``choose(view)``.  ``SessionError`` if no computer is to move."""
        if not self.bot_to_act():
            raise SessionError(_("No computer player is to move now."))
        seat = self.state.to_act
        bot = self.bot(seat)
        seat_view = view(self.state, seat)  # bots get their own view only (R21)
        think = getattr(bot, "think", None)
        thinking = think(seat_view) if callable(think) else _chosen(bot, seat_view)
        return BotTurn(seat, seat_view, thinking, self.state.step)

    def bot(self, seat: int):
        """The computer at ``seat``, thinking at the pace now in force (``tweak.bots``: Hard's
        budget follows it); remade, from its own seed, when the pace changes.  In the daily
        deal, the bot of this decision (``ui.worker.daily.decision_bot``), whatever the pace."""
        if self.record.daily:
            return daily.decision_bot(self.record, self.seats[seat].level, seat,
                                      self.state.step)
        if seat not in self.bots or self._paces.get(seat, self.pace) != self.pace:
            # A seat on another device has no level: a computer standing in plays the default.
            level = self.seats[seat].level or bots.DEFAULT_LEVEL
            self.bots[seat] = bots.make_bot(level, seed=self.bot_seeds[seat], pace=self.pace)
            self._paces[seat] = self.pace
        return self.bots[seat]

    def finish_bot(self, turn: BotTurn, action) -> bool:
        """Apply a computer's chosen move; False if the game moved on meanwhile.
        ``SessionError`` if the move is not one of its view's legal actions."""
        if self.state.step != turn.step or self.state.to_act != turn.seat:
            return False
        if action not in turn.view.legal:
            raise SessionError(_("{name} (computer) chose {move}, which is not a legal "
                                 "move.").format(name=shown_name(self.seats[turn.seat].name),
                                                 move=action))
        self._apply(action)
        return True

    def step_bots(self, limit: int = 10_000) -> int:
        """Play computer moves at once, at most ``limit``, until a person must act or a screen
        waits; the number of moves played (``ui.worker.host``'s ``bot_move`` plays one)."""
        moves = 0
        while self.bot_to_act() and moves < limit:
            turn = self.start_bot()
            action = drive(turn.thinking, float("inf"), lambda: 0.0)
            self.finish_bot(turn, action)
            moves += 1
        return moves
