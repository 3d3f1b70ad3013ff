"""Fast play inside a sampled world, for the Hard bot's search.

A sampled world (``sampling.determinize``) is an ordinary engine ``State``; here every seat
plays it with a quick greedy rule, through the engine's own ``apply``:

* ``quick_action(state)`` — for ``state.to_act``: the capture worth most (R5 points, plus a
  [T!] card's worth when it clears the table, R15); with none, place the cheapest card; bombed,
  give up the cheapest card (R13).  [T!] cards are not played inside playouts (they cost time
  and rarely change a short horizon); the root's choice does play them.
* ``points_table(rules)`` — every face's points (R5), looked up by the playouts.
* ``round_points(state, round_number)`` — each seat's points for that round so far (R18): its
  captured cards (R5) and [T!] cards won; read from the round's result once it has ended.
* ``playout(world, action, seat, turns, points, hand_share, tcard_option)`` — apply ``action``
  for ``seat``, then let everyone play quick actions until ``seat`` has finished ``turns`` more
  turns and every other seat has answered (it is ``seat``'s turn again), or the round ends.
  Returns (value, steps applied), where value = ``seat``'s worth − ``others_weight`` × the other
  seats' mean worth,
  and a seat's worth = its points this round (R18) + ``hand_share`` × the points of the cards
  in its hand + ``tcard_option`` per [T!] card it still holds (while the round goes on).
"""

from __future__ import annotations

from ..actions import Capture, Place
from ..engine import apply, captures_by_total
from ..rules import MAX_PLAYERS
from ..state import Phase

__all__ = ["points_table", "quick_action", "round_points", "playout"]

TWEAK_BONUS_POWER = 3.0  # a won [T!] card's effect, as in heuristics.TCARD_POWER


def points_table(rules) -> dict:
    """``{face: points}`` for every face of the edition (R5), so playouts look points up."""
    return {card.face: rules.points(card.face) for card in rules.number_cards(MAX_PLAYERS)}


def quick_action(state, points: dict):
    """A fast greedy action for ``state.to_act`` (see the module docstring); ``points`` is
    ``points_table(state.rules)``."""
    if state.phase is Phase.BOMB:
        hand = state.hands[state.bomb_queue[0]]
        return Place(min(hand, key=lambda face: (points[face], face.value)))
    hand = state.hands[state.turn]
    target = state.target
    table = state.table
    found = captures_by_total(table, {target - face.value for face in hand})
    if found:
        best, best_value = None, -1.0
        bonus = state.rules.tcard_points + TWEAK_BONUS_POWER if state.tcard_pile else 0
        size = len(table)
        for face in hand:
            for taken in found.get(target - face.value, ()):
                value = points[face] + sum(map(points.__getitem__, taken))
                if len(taken) == size:
                    value += bonus
                if value > best_value:
                    best, best_value = Capture(face, taken), value
        return best
    return Place(min(hand, key=lambda face: (points[face], face.value)))


def round_points(state, round_number) -> list:
    """Each seat's points in round ``round_number`` so far (R5, R18)."""
    if state.results and state.results[-1].round == round_number:  # the round has been scored
        return [row.points for row in state.results[-1].rows]
    points = state.rules.points
    worth = state.rules.tcard_points
    return [sum(points(face) for face in won) + worth * (len(held) + len(used))
            for won, held, used in zip(state.won, state.tcards_held, state.tcards_used)]


def playout(world, action, seat, turns: int, points: dict, hand_share: float = 0.0,
            tcard_option: float = 0.0, others_weight: float = 1.0, max_steps: int = 200):
    """Play ``action`` in ``world`` and continue quickly (see the module docstring)."""
    round_number = world.round
    # The current turn counts as one if it is ``seat``'s own (a bombed seat acts in another's).
    ends_needed = turns + (1 if world.phase is Phase.PLAY and world.turn == seat else 0)
    state, steps, ends, chosen = world, 0, 0, action
    while True:
        if state.phase is Phase.PLAY and state.turn == seat and isinstance(chosen, (Capture, Place)):
            ends += 1
        state = apply(state, chosen)
        steps += 1
        if state.round != round_number or state.is_over or steps >= max_steps:
            break
        if ends >= ends_needed and state.phase is Phase.PLAY and state.turn == seat:
            break  # everyone else has answered: it is this seat's turn again
        chosen = quick_action(state, points)
    scores = round_points(state, round_number)
    if state.round == round_number and not state.is_over:
        # The round goes on: cards in hand will mostly score later, held [T!] cards still act.
        scores = [score + hand_share * sum(map(points.__getitem__, hand)) + tcard_option * len(held)
                  for score, hand, held in zip(scores, state.hands, state.tcards_held)]
    mine = scores[seat]
    others = (sum(scores) - mine) / (len(scores) - 1)
    return mine - others_weight * others, steps
