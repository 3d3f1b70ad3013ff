"""What one seat may know: the only door through which hidden information leaves the engine.

``view(state, seat)`` returns a frozen ``PlayerView``.  The UI draws from it, hints and bots
decide from it.  It holds the public information of R20 and the seat's private information of
R21, and nothing else: no other hand, no deck face, no [T!] pile order, and not the seed (which
would reveal them all).

Fields of ``PlayerView`` (seats are 0-based):
  seat, players, rules      whose view this is, how many seats, the rule set
  round, dealer, turn       round number, dealer seat, active seat
  to_act                    the seat that must act now (a bombed seat during a Bomb), or None
  phase                     "play", "bomb" or "over"
  target                    this turn's Target Sum (R11), Joker included
  joker                     the Joker's change to this turn's target (R13), or 0
  deck_top                  the back showing on the deck's top card, or None (blue 7, R7)
  deck_size, tcard_pile_size
  table                     face-up faces on the table
  hand                      this seat's hand
  hand_sizes                every seat's number of cards in hand
  captured                  per seat, the faces captured this round: every capture is shown
                            and called out to all players (R14, R20), so this is public
  tcards_held, tcards_used  per seat, [T!] cards face up (won and unused; played)
  tweaks                    per seat, TWEAK!s made this round
  tcard_played              whether the active seat has played its [T!] card this turn
  bomb_queue                seats still to give a card to a Bomb
  totals, results           running totals and the ``RoundResult`` of finished rounds
  winners                   once the game is over
  events                    the last step's events as this seat may see them
  legal                     this seat's legal actions if it must act now, else ()
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import legal_actions
from .events import for_seat
from .rules import Rules
from .state import State

__all__ = ["PlayerView", "view"]


@dataclass(frozen=True)
class PlayerView:
    seat: int
    players: int
    rules: Rules
    round: int
    dealer: int
    turn: int
    to_act: object
    phase: str
    target: int
    joker: int
    deck_top: object
    deck_size: int
    tcard_pile_size: int
    table: tuple
    hand: tuple
    hand_sizes: tuple
    captured: tuple
    tcards_held: tuple
    tcards_used: tuple
    tweaks: tuple
    tcard_played: bool
    bomb_queue: tuple
    totals: tuple
    results: tuple
    winners: tuple
    events: tuple
    legal: tuple

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat


def view(state: State, seat: int) -> PlayerView:
    """Everything ``seat`` may know of ``state`` (R20, R21)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat!r} in a {state.players}-player game")
    to_act = state.to_act
    return PlayerView(
        seat=seat,
        players=state.players,
        rules=state.rules,
        round=state.round,
        dealer=state.dealer,
        turn=state.turn,
        to_act=to_act,
        phase=state.phase.value,
        target=state.target,
        joker=state.joker,
        deck_top=state.deck[0].back if state.deck else None,
        deck_size=len(state.deck),
        tcard_pile_size=len(state.tcard_pile),
        table=state.table,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        captured=state.won,
        tcards_held=state.tcards_held,
        tcards_used=state.tcards_used,
        tweaks=state.tweaks,
        tcard_played=state.tcard_played,
        bomb_queue=state.bomb_queue,
        totals=state.totals,
        results=state.results,
        winners=state.winners,
        events=tuple(for_seat(event, seat) for event in state.events),
        legal=legal_actions(state) if to_act == seat else (),
    )
