"""The full game state (everything, hidden cards included) and round results.

A ``State`` is frozen; ``engine.apply`` returns a new one.  Only the engine and the record
module read a ``State`` directly: the UI, hints and bots get ``view(state, seat)`` (R21).

Fields of ``State``:
  rules, players, seed   the rule set, number of seats (2–6) and the game's int seed
  round                  1-based round number
  dealer, turn           seats (0-based; play passes to seat + 1, R8); ``turn`` is the active seat
  phase                  PLAY (the active seat acts), BOMB (``bomb_queue[0]`` must give a card)
                         or OVER (the game has ended)
  deck                   the Central Deck as ``Card``s, top first (R9); the blue 7 lies under it
  table                  face-up faces on the table
  hands, won             per seat: faces in hand, faces captured this round
  tcard_pile             the face-down [T!] pile, top first
  tcards_held            per seat: [T!] cards won this round and not yet played (face up)
  tcards_used            per seat: [T!] cards played this round (set aside face up, R13)
  tweaks                 per seat: TWEAK!s made this round (R15)
  joker                  the Joker's change to this turn's target (R13)
  tcard_played           whether the active seat has played its one [T!] card this turn (R12)
  bomb_queue             seats still to give a card to a Bomb, in order (R13)
  step                   number of actions applied since the game began
  totals                 per seat: points of finished rounds
  results                ``RoundResult`` of every finished round
  winners                seats that won, once the game is over (ties share, R19)
  events                 the events of the step that produced this state
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .rules import Rules

__all__ = ["State", "Phase", "ScoreRow", "RoundResult"]


class Phase(Enum):
    PLAY = "play"
    BOMB = "bomb"
    OVER = "over"


@dataclass(frozen=True)
class ScoreRow:
    """One seat's line of a round's score sheet (R18)."""

    seat: int
    cards: int  # number cards captured
    card_points: int  # their face values
    red_bonus: int  # extra points of red cards (R5)
    tcards: int  # [T!] cards won this round, used or not
    tcard_points: int
    tweaks: int
    points: int  # this round: card_points + red_bonus + tcard_points
    total: int  # running total after this round


@dataclass(frozen=True)
class RoundResult:
    round: int
    dealer: int
    rows: tuple  # ScoreRow per seat
    discarded: tuple  # faces left on the table, scoring nothing (R17)


@dataclass(frozen=True)
class State:
    rules: Rules
    players: int
    seed: int
    round: int
    dealer: int
    turn: int
    phase: Phase
    deck: tuple
    table: tuple
    hands: tuple
    won: tuple
    tcard_pile: tuple
    tcards_held: tuple
    tcards_used: tuple
    tweaks: tuple
    joker: int
    tcard_played: bool
    bomb_queue: tuple
    step: int
    totals: tuple
    results: tuple
    winners: tuple
    events: tuple

    @property
    def to_act(self):
        """The seat that must act now, or None once the game is over."""
        if self.phase is Phase.PLAY:
            return self.turn
        if self.phase is Phase.BOMB:
            return self.bomb_queue[0]
        return None

    @property
    def target(self) -> int:
        """R11: the back of the deck's top card (R7: the blue 7 when empty), plus a Joker."""
        base = self.deck[0].back if self.deck else self.rules.final_target
        return base + self.joker

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER
