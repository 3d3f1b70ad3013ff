"""What one seat may know: the only door through which hidden information leaves the engine.

``view(state, seat)`` returns a frozen ``PlayerView``: the public information of R20 and the
seat's private information of R21, and nothing else (no other hand, no deck face, no [T!] pile
order, and not the seed, which would reveal them all).  The page draws from it; hints and bots
decide from it.
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
    """One seat's view of a game (see the module docstring); seats are 0-based."""

    seat: int  # whose view this is
    players: int
    rules: Rules
    round: int
    dealer: int
    turn: int  # the active seat
    to_act: object  # the seat that must act now (a bombed seat during a Bomb), or None
    phase: str  # "play", "bomb" or "over"
    target: int  # this turn's Target Sum (R11), Joker included
    joker: int  # the Joker's change to this turn's target (R13), or 0
    deck_top: object  # the back showing on the deck's top card, or None (the blue 7, R7)
    deck_size: int
    tcard_pile_size: int
    table: tuple  # face-up faces
    hand: tuple  # this seat's hand
    hand_sizes: tuple  # every seat's number of cards in hand
    # Per seat, the faces captured this round: every capture is shown and called out to all
    # (R14, R20), so this is public.
    captured: tuple
    tcards_held: tuple  # per seat, [T!] cards won and not yet played (face up)
    tcards_used: tuple  # per seat, [T!] cards played this round (face up)
    tweaks: tuple  # per seat, TWEAK!s made this round
    tcard_played: bool  # the active seat has played its [T!] card this turn (R12)
    bomb_queue: tuple  # seats still to give a card to a Bomb
    totals: tuple  # running totals
    results: tuple  # the RoundResult of every finished round
    winners: tuple  # once the game is over
    events: tuple  # the last step's events as this seat may see them (events.for_seat)
    legal: tuple  # this seat's legal actions if it must act now, else ()

    @property
    def my_turn(self) -> bool:
        """Whether this seat must act now."""
        return self.to_act == self.seat


def view(state: State, seat: int) -> PlayerView:
    """Everything ``seat`` (0-based) may know of ``state`` (R20, R21), with ``legal`` filled in
    when that seat must act.  Raises ``ValueError`` if there is no such seat."""
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
