"""Fast play inside a sampled world, for the Hard bot's search.

A sampled world (``sampling.determinize``) is an ordinary engine ``State``; here every seat
plays it with a quick greedy rule, through the engine's own ``apply``:

* ``quick_action(state)`` — for ``state.to_act``: the capture worth most (R5 points, plus a
  [T!] card's worth when it clears the table, R15); with none, place the cheapest card; bombed,
  give up the cheapest card (R13).  [T!] cards are not played inside playouts (they cost time
  and rarely change a short horizon); the root's choice does play them.
* ``round_points(state, round_number)`` — each seat's points for that round so far (R18): its
  captured cards (R5) and [T!] cards won; read from the round's result once it has ended.
* ``playout(world, action, seat, turns)`` — apply ``action`` for ``seat``, then let everyone
  play quick actions until ``seat`` has finished ``turns`` more turns (or the round ends), and
  return (``seat``'s points − the other seats' mean points this round, steps applied).
"""

from __future__ import annotations

from ..actions import Capture, Place
from ..engine import apply, captures_by_total
from ..state import Phase

__all__ = ["quick_action", "round_points", "playout"]

TWEAK_BONUS_POWER = 3.0  # a won [T!] card's effect, as in heuristics.TCARD_POWER


def quick_action(state):
    """A fast greedy action for ``state.to_act`` (see the module docstring)."""
    rules = state.rules
    points = rules.points
    if state.phase is Phase.BOMB:
        hand = state.hands[state.bomb_queue[0]]
        return Place(min(hand, key=lambda face: (points(face), face.value)))
    hand = state.hands[state.turn]
    target = state.target
    table = state.table
    found = captures_by_total(table, {target - face.value for face in hand})
    best, best_value = None, -1.0
    if found:
        bonus = rules.tcard_points + TWEAK_BONUS_POWER if state.tcard_pile else 0
        size = len(table)
        for face in hand:
            for taken in found.get(target - face.value, ()):
                value = points(face) + sum(points(card) for card in taken)
                if len(taken) == size:
                    value += bonus
                if value > best_value:
                    best, best_value = Capture(face, taken), value
        if best is not None:
            return best
    return Place(min(hand, key=lambda face: (points(face), face.value)))


def round_points(state, round_number) -> list:
    """Each seat's points in round ``round_number`` so far (R5, R18)."""
    if state.results and state.results[-1].round == round_number:  # the round has been scored
        return [row.points for row in state.results[-1].rows]
    points = state.rules.points
    worth = state.rules.tcard_points
    return [sum(points(face) for face in won) + worth * (len(held) + len(used))
            for won, held, used in zip(state.won, state.tcards_held, state.tcards_used)]


def playout(world, action, seat, turns: int, max_steps: int = 200):
    """Play ``action`` in ``world`` and continue quickly (see the module docstring)."""
    round_number = world.round
    # The current turn counts as one if it is ``seat``'s own (a bombed seat acts in another's).
    ends_needed = turns + (1 if world.phase is Phase.PLAY and world.turn == seat else 0)
    state, steps, ends = world, 0, 0
    while True:
        acting_in_play = state.phase is Phase.PLAY
        if steps == 0:
            chosen = action
        else:
            chosen = quick_action(state)
        if acting_in_play and state.turn == seat and isinstance(chosen, (Capture, Place)):
            ends += 1
        state = apply(state, chosen)
        steps += 1
        if ends >= ends_needed or state.round != round_number or state.is_over or steps >= max_steps:
            break
    scores = round_points(state, round_number)
    mine = scores[seat]
    others = (sum(scores) - mine) / (len(scores) - 1)
    return mine - others, steps
