"""The full game state, hidden cards included, and the score sheet of finished rounds.

A ``State`` is frozen: ``engine.apply`` returns a new one.  Only the engine and ``tweak.record``
read a ``State`` directly; the page, hints and bots get ``view(state, seat)`` (R21).  Seats are
0-based, and play passes from seat s to s + 1 (R8).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .rules import Rules

__all__ = ["State", "Phase", "ScoreRow", "RoundResult"]


class Phase(Enum):
    """Who acts: the active seat (PLAY), a bombed seat (BOMB, R13), or nobody (OVER)."""

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
    """A finished round: its number, dealer, score sheet and discarded cards (R17, R18)."""

    round: int
    dealer: int
    rows: tuple  # ScoreRow per seat
    discarded: tuple  # faces left on the table, scoring nothing (R17)


@dataclass(frozen=True)
class State:
    """Everything about a game at one moment (see the module docstring)."""

    rules: Rules
    players: int  # 2-6 seats
    seed: int  # the game's seed: every chance point is drawn from it (engine.seeded_rng)
    round: int  # 1-based
    dealer: int
    turn: int  # the active seat
    phase: Phase  # PLAY (the active seat acts), BOMB (bomb_queue[0] gives a card) or OVER
    deck: tuple  # the Central Deck as Cards, top first (R9); the blue 7 lies under it (R7)
    table: tuple  # face-up faces
    hands: tuple  # per seat: faces in hand
    won: tuple  # per seat: faces captured this round
    tcard_pile: tuple  # the face-down [T!] pile, top first
    tcards_held: tuple  # per seat: [T!] cards won this round and not yet played (face up)
    tcards_used: tuple  # per seat: [T!] cards played this round (set aside face up, R13)
    tweaks: tuple  # per seat: TWEAK!s made this round (R15)
    joker: int  # the Joker's change to this turn's target (R13)
    tcard_played: bool  # the active seat has played its one [T!] card this turn (R12)
    bomb_queue: tuple  # seats still to give a card to a Bomb, in order (R13)
    step: int  # actions applied since the game began
    totals: tuple  # per seat: points of finished rounds
    results: tuple  # the RoundResult of every finished round
    winners: tuple  # the seats that won, once the game is over (ties share, R19)
    events: tuple  # the events of the step that made this state (tweak.events)

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
        """Whether the game has ended (R19)."""
        return self.phase is Phase.OVER
