"""Exact play of a 2-player round once the deck is empty: a game of perfect information but for
the [T!] pile's order.

Every number card this seat cannot see is then in the other hand (R20, R21), so ``solve(view)``
plays the rest of the round out over the engine's own ``legal_actions`` and ``apply``:
expectiminimax on this seat's round points − the other's (R18), chance (The Thief's card, a
TWEAK!'s [T!] card) averaged rather than sampled, fail-soft alpha-beta over a memo, giving up
past ``limit`` positions.  ``sampled_steps`` does the same over the few worlds of a deck with
one card left.  How and why: docs/bots.md, "The exact endgame".
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from random import Random
from time import perf_counter

from ..actions import Capture, Place, PlayThief
from ..cards import RANK, TKind
from ..engine import apply, legal_actions
from ..state import Phase
from .evaluator import finish
from .knowledge import Knowledge
from .playout import _final_scores, _last_card, points_table, round_points
from .sampling import determinize

__all__ = ["solve", "solve_steps", "sampled_steps", "Solved", "Solver", "TooBig",
           "endgame_world", "finish", "LIMIT"]

# Positions a decision may visit before the solver gives up (the Hard bot then falls back to
# its sampling search).  Tree sizes over real positions: tests/bench/bench_endgame.py.
LIMIT = 4000

_LOW, _HIGH = float("-inf"), float("inf")
_EXACT, _LOWER, _UPPER = "exact", "lower", "upper"  # what a memoised value is
_KINDS = tuple(TKind)
_KIND_ORDER = {kind: index for index, kind in enumerate(TKind)}
_rank = RANK.__getitem__
_kind_rank = _KIND_ORDER.__getitem__


class TooBig(Exception):
    """The solver visited more positions than its limit."""


@dataclass(frozen=True)
class Solved:
    """``values[i]``: the expected value (this seat's points − the other's, from now to the
    round's end) of ``actions[i]``, in the order tried: exact for the first action and for
    each that beat all before it, so for the best; for the others an upper bound no higher
    than the best (alpha-beta only shows they are no better); from ``sampled_steps``, every
    value is its exact mean over the sampled worlds.  ``positions`` visited."""

    actions: tuple
    values: tuple
    positions: int

    def best(self, order=None):
        """The best action; ties go to the first in ``order`` (default: ``actions``)."""
        order = self.actions if order is None else order
        value = dict(zip(self.actions, self.values))
        top = max(self.values)
        for action in order:
            if value[action] >= top - 1e-9:
                return action
        return None


def endgame_world(view, known=None):
    """The one world of a 2-player, deck-empty view: the other hand is the unseen cards, the
    [T!] pile the unseen kinds (its order does not matter: the solver averages over it).  None
    for any other view, or when a short stacked deck or pile left cards out of play."""
    if view.players != 2 or view.deck_size or view.phase not in ("play", "bomb"):
        return None
    known = known if known is not None else Knowledge(view)
    other = 1 - view.seat
    # A short stacked deck or pile leaves cards out of play: then the unseen cards are more
    # than the other hand (or the pile), and the other hand is not known.
    if len(known.unseen) != view.hand_sizes[other]:
        return None
    if len(known.tcards_unseen) != view.tcard_pile_size:
        return None
    # With an empty deck the sampler has one choice for the other hand; the seed and pile
    # order it draws do not matter (the solver averages over both chance points).
    world = determinize(view, Random(0), known, place_slip=None)
    return replace(world, tcard_pile=tuple(sorted(world.tcard_pile, key=_kind_rank)))


class Solver:
    """Expectiminimax over one world for ``seat``: this seat maximises, the other minimises
    (a bombed seat chooses its own card too, R13).  ``memo`` keeps each position's value by
    its key (``_key``); past ``limit`` positions or ``deadline`` it raises ``TooBig``."""

    def __init__(self, seat, rules, limit=LIMIT, deadline=None, slice_seconds=None):
        self.seat = seat
        self.points = points_table(rules)
        self.tcard_points = rules.tcard_points
        self.limit = limit
        self.deadline = deadline  # a perf_counter() time, or None (no clock)
        self.slice_seconds = slice_seconds  # yield after this much work (None: never)
        self.last_yield = perf_counter()
        self.memo = {}
        self.positions = 0

    def margin(self, scores) -> float:
        return scores[self.seat] - scores[1 - self.seat]

    def now(self, state) -> float:
        """This seat's round points − the other's so far (R18)."""
        return self.margin(round_points(state, state.round, self.points))

    def gained(self, before, after) -> float:
        """``now(after) - now(before)`` within a turn or across one (not the round's end): the
        engine only appends to the captured piles, and a [T!] card won or played stays this
        round's (R5, R18), so only the new cards count."""
        points = self.points
        worth = 0.0
        for seat, sign in ((self.seat, 1.0), (1 - self.seat, -1.0)):
            old, new = before.won[seat], after.won[seat]
            if len(new) != len(old):
                gain = 0
                for face in new[len(old):]:
                    gain += points[face]
                worth += sign * gain
            tcards = (len(after.tcards_held[seat]) + len(after.tcards_used[seat])
                      - len(before.tcards_held[seat]) - len(before.tcards_used[seat]))
            if tcards:
                worth += sign * tcards * self.tcard_points
        return worth

    def value(self, state, alpha=_LOW, beta=_HIGH) -> float:
        """The rest of the round's worth to ``seat`` from ``state``, both seats at their best:
        exact if it lies inside (alpha, beta), else a bound on the side it fell (fail-soft
        alpha-beta; ``memo`` keeps each position's value with the kind of bound it is)."""
        return finish(self.value_steps(state, alpha, beta))

    def action_value(self, state, action, alpha=_LOW, beta=_HIGH) -> float:
        """The expected worth of ``action`` in ``state`` (chance averaged): exact inside
        (alpha, beta), else a bound, as ``value``."""
        return finish(self.action_steps(state, action, alpha, beta))

    def value_steps(self, state, alpha, beta):
        """``value`` as a generator that yields every ``slice_seconds`` of work."""
        key = _key(state)
        found = self.memo.get(key)
        if found is not None:
            stored, kind = found
            if kind is _EXACT or (kind is _LOWER and stored >= beta) or (
                    kind is _UPPER and stored <= alpha):
                return stored
        self.positions += 1
        if self.positions > self.limit:
            raise TooBig(self.positions)
        if not self.positions % 64:  # the clock, now and then (it costs more than a step)
            now = perf_counter()
            if self.deadline is not None and now > self.deadline:
                raise TooBig(self.positions)
            if self.slice_seconds is not None and now - self.last_yield >= self.slice_seconds:
                yield
                self.last_yield = perf_counter()
        mine = state.to_act == self.seat
        low, high = alpha, beta
        best = _LOW if mine else _HIGH
        for action in _ordered(legal_actions(state), self.points):
            worth = yield from self.action_steps(state, action, low, high)
            if mine:
                if worth > best:
                    best = worth
                    if best > low:
                        low = best
            elif worth < best:
                best = worth
                if best < high:
                    high = best
            if low >= high:
                break
        kind = _UPPER if best <= alpha else _LOWER if best >= beta else _EXACT
        self.memo[key] = (best, kind)
        return best

    def action_steps(self, state, action, alpha, beta):
        """``action_value`` as a generator (see ``value_steps``)."""
        if (state.phase is Phase.PLAY and isinstance(action, (Capture, Place))
                and not state.deck and _last_card(state)):
            # R17: the round's last hand card; scored without dealing the next round.
            final = _final_scores(state, state.round, action, self.points)
            return self.margin(final) - self.now(state)
        outcomes = _outcomes(state, action)
        if len(outcomes) == 1:
            after = outcomes[0][1]
            gained = self.gained(state, after)
            return gained + (yield from self.value_steps(after, alpha - gained, beta - gained))
        total = 0.0
        for weight, after in outcomes:  # chance: every outcome exactly (a full window)
            total += weight * (self.gained(state, after)
                               + (yield from self.value_steps(after, _LOW, _HIGH)))
        return total


def _ordered(actions, points):
    """Captures first, most points first, then [T!] cards, then places (cheapest first): good
    moves early make alpha-beta cut more."""
    def order(action):
        if isinstance(action, Capture):
            worth = points[action.card]
            for face in action.taken:
                worth += points[face]
            return -100 - worth
        if isinstance(action, Place):
            return points[action.card]
        return -50
    return sorted(actions, key=order)


def _outcomes(state, action):
    """``[(probability, state after), ...]`` of ``action`` in ``state`` (chance averaged)."""
    if isinstance(action, PlayThief):
        # R13: a uniformly random card of the victim's hand.  The engine's index comes from the
        # world's seed and step, the same for every order of the hand: rotating the hand puts
        # each card under that index once.
        hand = state.hands[action.victim]
        size = len(hand)
        outcomes = []
        for shift in range(size):
            hands = list(state.hands)
            hands[action.victim] = hand[shift:] + hand[:shift]
            outcomes.append((1.0 / size, apply(replace(state, hands=tuple(hands)), action)))
        return outcomes
    pile = state.tcard_pile
    if isinstance(action, Capture) and pile and len(action.taken) == len(state.table):
        # R15: a TWEAK! wins the pile's top card, whose kind is unknown (R21): each kind with
        # its share of the pile.  The rest stays in canonical order (its order is unknown too).
        outcomes = []
        for kind in dict.fromkeys(pile):
            rest = list(pile)
            rest.remove(kind)
            stacked = replace(state, tcard_pile=(kind,) + tuple(rest))
            outcomes.append((pile.count(kind) / len(pile), apply(stacked, action)))
        return outcomes
    return [(1.0, apply(state, action))]


def _key(state):
    """What the rest of the round depends on (points already won do not change it).  [T!]
    kinds are counted, not hashed: an Enum member's hash is Python code, and keys are many."""
    return (state.turn, state.phase is Phase.BOMB, state.bomb_queue, state.joker,
            state.tcard_played, state.deck, tuple(sorted(state.table, key=_rank)),
            tuple(tuple(sorted(hand, key=_rank)) for hand in state.hands),
            tuple(held.count(kind) for held in state.tcards_held for kind in _KINDS),
            tuple(state.tcard_pile.count(kind) for kind in _KINDS))


def solve(view, limit=LIMIT, known=None, order=None, deadline=None):
    """``Solved`` for a 2-player deck-empty view; None when the view is no such endgame (more
    than two players, cards in the deck, a game dealt from a short stacked deck or [T!] pile)
    or the solver gave up (more than ``limit`` positions, or past ``deadline``, a
    ``perf_counter()`` time; None: no clock).  ``order``: the legal actions in the order to try
    them (ties go to the first; default ``view.legal``'s order)."""
    return finish(solve_steps(view, limit, known, order, deadline))


def solve_steps(view, limit=LIMIT, known=None, order=None, deadline=None, slice_seconds=None):
    """``solve`` as a generator that yields every ``slice_seconds`` of work (so a page stays
    responsive) and returns what ``solve`` returns."""
    if not view.legal:
        return None
    world = endgame_world(view, known)
    if world is None:
        return None
    solver = Solver(view.seat, view.rules, limit, deadline, slice_seconds)
    order = tuple(view.legal) if order is None else tuple(order)
    values = {}
    best = _LOW
    try:
        for action in order:
            # Exact for the first action and any better one; a worse one only needs to be
            # shown no better (its value is then an upper bound).
            worth = yield from solver.action_steps(world, action, best, _HIGH)
            values[action] = worth
            if worth > best:
                best = worth
    except TooBig:
        return None
    return Solved(order, tuple(values[action] for action in order), solver.positions)


def sampled_steps(view, rng, samples=16, limit=LIMIT, known=None, order=None, deadline=None,
                  slice_seconds=None, width=None):
    """A 2-player round with 1 or 2 cards left in the deck: the other hand is not known, but
    the worlds are few (which unseen cards lie in the deck, under the visible back, R6).
    ``samples`` worlds are drawn from the view (``sampling.determinize``, the last play's
    evidence included), equal ones merged, and each is solved exactly as above (each seat
    then seeing the other's hand: perfect-information sampling); every action's value is its
    mean over the worlds.  With one card left this is nearly exact: once this seat has played
    a hand card it draws that card (R16), and then both seats know every card but the [T!]
    pile's order.  ``width``: only the first ``width`` actions of ``order`` are valued (every
    action needs an exact value in every world, so each one costs).  A generator like
    ``solve_steps``; None when the view is not such a position or the worlds together need
    more than ``limit`` positions."""
    if (view.players != 2 or not view.deck_size or view.phase not in ("play", "bomb")
            or not view.legal):
        return None
    known = known if known is not None else Knowledge(view)
    other = 1 - view.seat
    if (len(known.unseen) != view.hand_sizes[other] + view.deck_size
            or len(known.tcards_unseen) != view.tcard_pile_size):
        return None  # cards out of play (a short stacked deck or pile)
    worlds, counts = {}, {}
    for _ in range(samples):
        world = determinize(view, rng, known)
        key = (world.deck, tuple(sorted(world.hands[other], key=_rank)))
        if key not in worlds:
            worlds[key] = replace(world, tcard_pile=tuple(sorted(world.tcard_pile,
                                                                 key=_kind_rank)))
        counts[key] = counts.get(key, 0) + 1
    order = tuple(view.legal) if order is None else tuple(order)
    if width is not None:
        order = order[:width]
    totals = [0.0] * len(order)
    positions = 0
    try:
        for key, world in worlds.items():
            solver = Solver(view.seat, view.rules, limit - positions, deadline, slice_seconds)
            for index, action in enumerate(order):
                worth = yield from solver.action_steps(world, action, _LOW, _HIGH)
                totals[index] += counts[key] * worth
            positions += solver.positions
    except TooBig:
        return None
    return Solved(order, tuple(total / samples for total in totals), positions)
