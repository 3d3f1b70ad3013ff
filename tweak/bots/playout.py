"""Playouts for the search (``evaluator``): a sampled world played on by a fast policy.

``playout(world, action, points, ...)`` applies ``action``, then lets every seat play
``policy_action`` through the engine's own ``apply`` (no second copy of the rules) to the
round's end, or with ``turns`` until ``seat`` has played that many more turns, and returns
every seat's round points (R18) and the engine steps applied.  ``points_table(rules)`` is the
``{face: points}`` (R5) the playouts look up; ``round_points`` a round's points so far.  The
policy and why: docs/bots.md, "Hard", step 3.
"""

from __future__ import annotations

from ..actions import Capture, Place, PlayBomb, PlayChange, PlayJoker, PlayThief
from ..cards import TKind
from ..engine import apply, captures_by_total
from ..rules import MAX_PLAYERS, MAX_TARGET
from ..state import Phase

__all__ = ["points_table", "policy_action", "round_points", "playout", "TWEAK_WORTH"]

# A TWEAK!'s [T!] card (R15) when choosing a capture in a playout: its 2 points (R5) and a
# little for its effect; the playout itself then values the card by playing it.
TWEAK_WORTH = 3.0
JOKER_GAIN = 2  # points a Joker's ±1 must add to the best capture to be played in a playout
MAX_STEPS = 400  # a safety net: a round has at most ~60 turns and a few [T!] plays


# Per rule set, its points table; per table and points table, ``_best_by_sum``'s answer (a
# search meets the same tables in world after world).  Emptied when they grow large.
_POINTS = {}
_BEST_SUMS = {}
_KEPT = 4096


def points_table(rules) -> dict:
    """``{face: points}`` for every face of the edition (R5), so playouts look points up; the
    same dict for equal rules (read it, do not change it)."""
    points = _POINTS.get(rules)
    if points is None:
        if len(_POINTS) >= 64:
            _POINTS.clear()
        points = _POINTS[rules] = {card.face: rules.points(card.face)
                                   for card in rules.number_cards(MAX_PLAYERS)}
    return points


def _best_capture(hand, table, target, found, points, bonus):
    """(value, action) of the capture worth most at ``target`` among ``found``
    (``captures_by_total`` over the table), or (-1, None)."""
    best, best_value = None, -1.0
    size = len(table)
    for face in hand:
        for taken in found.get(target - face.value, ()):
            value = points[face]
            for card in taken:
                value += points[card]
            if len(taken) == size:
                value += bonus
            if value > best_value:
                best, best_value = (face, taken), value
    return best_value, best


def _next_seat(state, seat, hands):
    """The next seat after ``seat`` that will play a card (R10: an empty hand passes)."""
    players = state.players
    for step in range(1, players):
        other = (seat + step) % players
        if hands[other]:
            return other
    return None


def _best_by_sum(table, points, limit):
    """``best[s]``: the most points (R5) a set of ``table`` cards adding up to ``s`` is worth,
    or -1 if no set adds up to ``s`` (a 0/1 knapsack; ``best[0]`` is the empty set)."""
    best = [-1] * (limit + 1)
    best[0] = 0
    for face in table:
        value = face.value
        worth = points[face]
        for reach in range(limit, value - 1, -1):
            below = best[reach - value]
            if below >= 0 and below + worth > best[reach]:
                best[reach] = below + worth
    return best


def _reply_value(state, seat, hand_after, table_after, tweak, points, bonus):
    """The best capture the next seat can make after ``seat`` leaves ``table_after`` holding
    ``hand_after`` (R16: ``seat`` refills first, a cleared table is refilled after it).  Only
    its worth is needed, not the cards, so a knapsack over the table's sums replaces listing
    every capture: a sum equal to the whole table's is a TWEAK! (R15), since every card counts."""
    deck = state.deck
    draws = min(state.rules.hand_size - len(hand_after), len(deck))
    if tweak:
        refill = state.rules.table_refill
        table_after = tuple(card.face for card in deck[draws:draws + refill])
        draws += refill
    if not table_after:
        return 0.0
    target = deck[draws].back if draws < len(deck) else state.rules.final_target
    other = _next_seat(state, seat, state.hands)
    if other is None:
        return 0.0
    limit = target - 1
    key = (table_after, id(points))
    kept = _BEST_SUMS.get(key)
    if kept is None:
        if len(_BEST_SUMS) >= _KEPT:
            _BEST_SUMS.clear()
        # Up to the highest target: best[s] does not depend on the limit, only on the cards.
        # The entry holds ``points`` too, so its id cannot be reused while the entry lasts.
        kept = _BEST_SUMS[key] = (points, _best_by_sum(table_after, points, MAX_TARGET))
    best = kept[1]
    total = 0
    for face in table_after:
        total += face.value
    pays = bonus if len(state.tcard_pile) > tweak else 0
    value = -1.0
    for face in state.hands[other]:
        rest = target - face.value
        if 1 <= rest <= limit:
            found = best[rest]
            if found >= 0:
                found += points[face]
                if rest == total:
                    found += pays
                if found > value:
                    value = found
    return value if value >= 0 else 0.0


def _tcard_action(state, seat, hand, best_now, points, bonus):
    """A [T!] card to play now (R12, R13), or None, so that a card held is worth what it does
    in play: The Joker when ±1 makes a capture worth ``JOKER_GAIN`` more; Change Target, The
    Thief (on the next seat with cards) or The Bomb when the hand has no capture; and every
    card once the deck is empty, since it would lapse (R17) and scores either way (R5)."""
    held = state.tcards_held[seat]
    deck = state.deck
    last_turns = not deck
    if TKind.JOKER in held:
        target = state.target
        for delta in (1, -1):
            found = captures_by_total(state.table, {target + delta - face.value for face in hand})
            if found:
                value = _best_capture(hand, state.table, target + delta, found, points, bonus)[0]
                if value >= best_now + JOKER_GAIN or (last_turns and value > best_now):
                    return PlayJoker(delta)
    if best_now < 0 or last_turns:
        if TKind.CHANGE in held and deck:
            return PlayChange()
        if TKind.THIEF in held or TKind.BOMB in held:
            players = state.players
            victims = [(seat + step) % players for step in range(1, players)
                       if state.hands[(seat + step) % players]]
            if victims:
                if TKind.THIEF in held:
                    return PlayThief(victims[0])
                return PlayBomb()
        if last_turns and TKind.JOKER in held:
            return PlayJoker(1)  # it lapses otherwise (R17); its 2 points stay (R5)
    return None


def policy_action(state, points: dict, look: bool = False):
    """The playout's action for ``state.to_act``: a [T!] card if ``_tcard_action`` plays one;
    else a hand card (R14): with ``look``, the play worth most after subtracting the best
    capture the next seat can then make (``_reply_value``; inside a world both are known);
    without, the capture worth most, else the cheapest card placed.  A capture is worth its
    points (R5), plus ``TWEAK_WORTH`` when it clears the table and the pile has a card (R15).
    Bombed (R13): the cheapest card."""
    if state.phase is Phase.BOMB:
        hand = state.hands[state.bomb_queue[0]]
        return Place(min(hand, key=lambda face: (points[face], face.value)))
    seat = state.turn
    hand = state.hands[seat]
    target = state.target
    table = state.table
    bonus = TWEAK_WORTH if state.tcard_pile else 0.0
    found = captures_by_total(table, {target - face.value for face in hand})
    best_now, best = _best_capture(hand, table, target, found, points, bonus) if found else (-1.0, None)
    if state.tcards_held[seat] and not state.tcard_played:
        tcard = _tcard_action(state, seat, hand, best_now, points, bonus)
        if tcard is not None:
            return tcard
    if not look:
        if best is not None:
            return Capture(best[0], best[1])
        return Place(min(hand, key=lambda face: (points[face], face.value)))
    # One move ahead: what each play wins now − what the next seat can then take.
    choice, choice_value = None, None
    size = len(table)
    for face in dict.fromkeys(hand):  # distinct, in hand order (reproducible, unlike a set)
        rest = list(hand)
        rest.remove(face)
        for taken in found.get(target - face.value, ()):
            value = points[face]
            for card in taken:
                value += points[card]
            tweak = len(taken) == size
            if tweak:
                value += bonus
                left = ()
            else:
                left = list(table)
                for card in taken:
                    left.remove(card)
            value -= _reply_value(state, seat, rest, tuple(left), tweak, points, bonus)
            if choice_value is None or value > choice_value:
                choice, choice_value = Capture(face, taken), value
        value = -0.5 * points[face] - _reply_value(state, seat, rest, table + (face,), False,
                                                   points, bonus)
        if choice_value is None or value > choice_value:
            choice, choice_value = Place(face), value
    return choice


def round_points(state, round_number, points=None) -> list:
    """Each seat's points in round ``round_number`` so far (R5, R18); ``points`` is
    ``points_table(state.rules)`` if the caller has it (a look-up is cheaper)."""
    if state.results and state.results[-1].round == round_number:  # the round has been scored
        return [row.points for row in state.results[-1].rows]
    look_up = points.__getitem__ if points is not None else state.rules.points
    worth = state.rules.tcard_points
    return [sum(map(look_up, won)) + worth * (len(held) + len(used))
            for won, held, used in zip(state.won, state.tcards_held, state.tcards_used)]


def _last_card(state) -> bool:
    """Whether the active seat holds the last card in any hand (the deck being empty): its
    play ends the round (R17)."""
    turn = state.turn
    if len(state.hands[turn]) != 1:
        return False
    for seat, hand in enumerate(state.hands):
        if hand and seat != turn:
            return False
    return True


def _final_scores(state, round_number, action, points) -> list:
    """Each seat's round points once ``action``, the round's last hand card, is played: what
    ``apply`` would score (R17, R18), without dealing the next round, which a playout never
    looks at (and which costs).  A last capture that clears the table wins the [T!] pile's top
    card (R15), worth its points (R5)."""
    scores = round_points(state, round_number, points)
    if isinstance(action, Capture):
        gained = points[action.card]
        for face in action.taken:
            gained += points[face]
        if len(action.taken) == len(state.table) and state.tcard_pile:
            gained += state.rules.tcard_points
        scores[state.turn] += gained
    return scores


def playout(world, action, points: dict, look_plies: int = 0, max_steps: int = MAX_STEPS,
            seat=None, turns=None, hand_share: float = 0.0, tcard_option: float = 0.0):
    """Apply ``action`` in ``world`` and play on to the round's end, every seat playing
    ``policy_action`` (with ``look`` for the first ``look_plies`` actions, and at most
    ``max_steps`` steps); returns (each seat's round points as a list, steps applied).

    With ``turns`` (an int), the playout stops earlier, once ``seat`` has finished ``turns``
    more turns after the current one and it is its turn again; a seat's points then also count
    ``hand_share`` × the points in its hand and ``tcard_option`` per [T!] card it holds."""
    round_number = world.round
    state = apply(world, action)
    steps = 1
    ends = 0
    mine = world.phase is Phase.PLAY and world.turn == seat
    if mine and isinstance(action, (Capture, Place)):
        ends = 1
    needed = None if turns is None else turns + (1 if mine else 0)
    while state.round == round_number and not state.is_over and steps < max_steps:
        if needed is not None and ends >= needed and state.phase is Phase.PLAY and state.turn == seat:
            break
        chosen = policy_action(state, points, steps <= look_plies)
        if state.phase is Phase.PLAY and isinstance(chosen, (Capture, Place)):
            if state.turn == seat:
                ends += 1
            if not state.deck and _last_card(state):
                return _final_scores(state, round_number, chosen, points), steps + 1
        state = apply(state, chosen)
        steps += 1
    scores = round_points(state, round_number, points)
    if state.round == round_number and not state.is_over:
        scores = [score + hand_share * sum(map(points.__getitem__, hand)) + tcard_option * len(held)
                  for score, hand, held in zip(scores, state.hands, state.tcards_held)]
    return scores, steps
