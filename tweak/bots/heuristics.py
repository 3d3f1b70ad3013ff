"""The Medium bot's arithmetic: a seat's options scored in points from its own view.

An ``Appraiser`` (one ``PlayerView`` and its ``Knowledge``) scores a hand card as *gain −
weight × exposure*: the points captured now (R5, and a TWEAK!'s [T!] card, R15; a place costs
``PLACE_COST_SHARE`` of the card's points, a card placed is a card not scored) less the points
the next player can expect to capture from the table left, at the target they will face (a
distribution: R11, R16).  The weight is ``EXPOSURE_WEIGHT``: 0.5 with two players,
``EXPOSURE_WEIGHT_MANY`` (0.3) with more.  A [T!] card is scored by sampling its outcomes,
against the worth of keeping it (R12, R13).  The numbers and why: docs/bots.md, "Medium".
"""

from __future__ import annotations

from ..actions import Capture, Place, PlayBomb, PlayChange, PlayJoker, PlayThief
from ..engine import captures_by_total
from .sampling import pick_weighted

__all__ = ["Appraiser", "TCARD_POWER", "PLACE_COST_SHARE", "DENIAL"]

# In points.  The [T!] worths are at the start of a round and shrink with the deck, since
# unused cards lapse (R17).
TCARD_POWER = 3.0  # a [T!] card's effect beyond its R5 points, for the card a TWEAK! wins
KEEP_TCARD = 5.0  # keeping a held [T!] card for a later turn: it is played only to gain more
PLACE_COST_SHARE = 0.4  # the share of a placed card's points counted as lost
DENIAL = 1.5  # taking a card from an opponent's hand (The Thief, The Bomb)
# How much the next player's expected capture counts against this seat, by player count.
EXPOSURE_WEIGHT = {2: 0.5}
EXPOSURE_WEIGHT_MANY = 0.3
TCARD_SAMPLES = 4  # sampled outcomes of a Change Target, Thief or Bomb


class Appraiser:
    """Scores the actions of ``view.seat`` in points (see the module docstring), drawing its
    samples from ``rng``; ``knowledge`` is ``Knowledge(view)``."""

    def __init__(self, view, knowledge, rng):
        self.view = view
        self.known = knowledge
        self.rng = rng
        rules = view.rules
        self.points = rules.points
        self.hand_size = rules.hand_size
        players = view.players
        first_deck = len(rules.number_cards(players)) - players * rules.hand_size - rules.table_refill
        self.round_left = min(1.0, view.deck_size / first_deck) if first_deck > 0 else 0.0
        # R15: a TWEAK! wins the pile's top card, worth its points and (while the round lasts)
        # its effect.
        self.tcard_worth = rules.tcard_points + TCARD_POWER * self.round_left
        self.option = KEEP_TCARD * self.round_left  # a held [T!] card's effect, kept for later
        self.weight = EXPOSURE_WEIGHT.get(players, EXPOSURE_WEIGHT_MANY)
        self.max_target = max(rules.target_cycle + (rules.final_target,)) + 1  # a Joker's +1
        self._fresh_table = {}
        self._exposures = {}
        shares = knowledge.value_share
        self.values = tuple(shares)

    # ---- the next player -----------------------------------------------------------

    def _next_hand(self, seat_after):
        """Cards in hand of the first seat after ``seat_after`` that will play (R10)."""
        view = self.view
        for step in range(1, view.players):
            seat = (seat_after + step) % view.players
            if seat != self.view.seat and view.hand_sizes[seat]:
                return view.hand_sizes[seat]
        return 0

    def exposure(self, items, targets, cards_in_hand, tweak_pays=True) -> float:
        """Expected points a player holding ``cards_in_hand`` unknown cards captures from a
        table of ``items`` ((value, points), ...) at a target drawn from ``targets``."""
        if not items or not cards_in_hand:
            return 0.0
        # Many plays leave the same cards behind (and a Bomb's samples repeat tables): the
        # answer depends only on the arguments within one decision, so remember it.
        key = (tuple(sorted(items)), tuple(targets.items()), cards_in_hand, tweak_pays)
        known = self._exposures.get(key)
        if known is None:
            known = self._exposures[key] = self._exposure(items, targets, cards_in_hand,
                                                          tweak_pays)
        return known

    def _exposure(self, items, targets, cards_in_hand, tweak_pays) -> float:
        limit = self.max_target
        best = [-1.0] * (limit + 1)
        best[0] = 0.0
        total = 0
        for value, points in items:
            total += value
            for reach in range(limit, value - 1, -1):
                below = best[reach - value]
                if below >= 0 and below + points > best[reach]:
                    best[reach] = below + points
        shares = self.known.value_share
        value_points = self.known.value_points
        tweak = self.tcard_worth if tweak_pays and self.view.tcard_pile_size else 0.0
        expected = 0.0
        for target, chance in targets.items():
            options = []
            for value in self.values:
                rest = target - value
                if 1 <= rest <= limit and best[rest] >= 0:
                    gain = best[rest] + value_points[value] + (tweak if rest == total else 0.0)
                    held = 1.0 - (1.0 - shares[value]) ** cards_in_hand
                    options.append((gain, held))
            options.sort(reverse=True)
            missing = 1.0  # chance that no better option was in hand
            for gain, held in options:
                expected += chance * missing * held * gain
                missing *= 1.0 - held
        return expected

    def _fresh_table_exposure(self, targets, cards_in_hand) -> float:
        """Exposure of a table refilled with two unseen cards after a TWEAK! (R16)."""
        key = (tuple(targets.items()), cards_in_hand)
        found = self._fresh_table.get(key)
        if found is None:
            shares = self.known.value_share
            value_points = self.known.value_points
            found = 0.0
            values = self.values
            for i, first in enumerate(values):
                for second in values[i:]:
                    chance = shares[first] * shares[second] * (1 if first == second else 2)
                    items = ((first, value_points[first]), (second, value_points[second]))
                    found += chance * self.exposure(items, targets, cards_in_hand)
            self._fresh_table[key] = found
        return found

    # ---- my hand card --------------------------------------------------------------

    def hand_play_score(self, action, table, deck_used=0) -> float:
        """Score of playing a hand card (capture or place) on ``table`` after ``deck_used``
        deck cards went elsewhere this turn (Change Target)."""
        view = self.view
        points = self.points
        hand_after = len(view.hand) - 1
        deck_left = view.deck_size - deck_used
        draws = min(self.hand_size - hand_after, deck_left) if deck_left > 0 else 0
        opponent_cards = self._next_hand(view.seat)
        gain = self.gain(action, table)
        if isinstance(action, Capture):
            if len(action.taken) == len(table):  # R15: TWEAK!, then a fresh table (R16)
                if deck_left - draws <= 0:
                    return gain
                targets = self.known.target_after(deck_used + draws + self.view.rules.table_refill)
                return gain - self.weight * self._fresh_table_exposure(targets, opponent_cards)
            left = list(table)
            for face in action.taken:
                left.remove(face)
        else:
            left = list(table) + [action.card]
        targets = self.known.target_after(deck_used + draws)
        items = [(face.value, points(face)) for face in left]
        return gain - self.weight * self.exposure(items, targets, opponent_cards)

    def hand_plays(self, table, target):
        """Every capture and place of this seat's hand at ``target`` (R14), as actions."""
        hand = sorted(set(self.view.hand))
        found = captures_by_total(table, {target - face.value for face in hand})
        actions = [Capture(face, taken) for face in hand
                   for taken in found.get(target - face.value, ())]
        actions.extend(Place(face) for face in hand)
        return actions

    def gain(self, action, table) -> float:
        """The first part of ``hand_play_score``: what the play wins now, before exposure."""
        points = self.points
        if isinstance(action, Capture):
            gain = points(action.card) + sum(points(face) for face in action.taken)
            if len(action.taken) == len(table) and self.view.tcard_pile_size:
                gain += self.tcard_worth
            return gain
        return -PLACE_COST_SHARE * points(action.card)

    def best_hand_play(self, table, target, deck_used=0) -> float:
        """The best ``hand_play_score`` over every play at ``target``.  Exposure is never
        negative, so a play's gain bounds its score: plays are scored in order of gain and the
        search stops when no gain left can beat the best score."""
        plays = sorted(((self.gain(action, table), index, action)
                        for index, action in enumerate(self.hand_plays(table, target))),
                       key=lambda item: (-item[0], item[1]))
        best = None
        for gain, _, action in plays:
            if best is not None and gain <= best:
                break
            score = self.hand_play_score(action, table, deck_used)
            if best is None or score > best:
                best = score
        return best

    # ---- a bombed seat's card ------------------------------------------------------

    def give_up_score(self, face) -> float:
        """R13: the card I give to a Bomb goes to the bomber's table at the bomber's target."""
        view = self.view
        table = [(card.value, self.points(card)) for card in view.table]
        table.append((face.value, self.points(face)))
        bomber_cards = view.hand_sizes[view.turn]
        return (-PLACE_COST_SHARE * self.points(face)
                - self.exposure(table, {view.target: 1.0}, bomber_cards))

    # ---- [T!] cards ------------------------------------------------------------------

    def _sample_unseen_face(self):
        unseen = self.known.unseen
        return unseen[int(self.rng.random() * len(unseen))]

    def tcard_score(self, action) -> float:
        """Expected score of playing this [T!] card and then the best hand card, minus the
        worth of keeping it for later (R12, R13)."""
        view = self.view
        table = list(view.table)
        if isinstance(action, PlayJoker):
            return self.best_hand_play(table, view.target + action.delta) - self.option
        if isinstance(action, PlayChange):
            # The top card's face is hidden: it is one of the unseen copies with that back (R6).
            total = 0.0
            choices = self.known.top_choices
            for _ in range(TCARD_SAMPLES):
                card = pick_weighted(choices, self.rng)
                target_dist = self.known.target_after(1)
                target = pick_weighted(tuple(target_dist.items()), self.rng)
                total += self.best_hand_play(table + [card.face], target, deck_used=1)
            return total / TCARD_SAMPLES - self.option
        if isinstance(action, PlayThief):
            total = 0.0
            for _ in range(TCARD_SAMPLES):
                total += self.best_hand_play(table + [self._sample_unseen_face()], view.target)
            return total / TCARD_SAMPLES + DENIAL - self.option
        if isinstance(action, PlayBomb):
            victims = [seat for seat in self.known.opponents if view.hand_sizes[seat]]
            total = 0.0
            for _ in range(TCARD_SAMPLES):
                given = []
                for _victim in victims:  # each gives one of its cards, likely a cheap one
                    first, second = self._sample_unseen_face(), self._sample_unseen_face()
                    given.append(min(first, second, key=self.points))
                total += self.best_hand_play(table + given, view.target)
            return total / TCARD_SAMPLES + DENIAL * len(victims) - self.option
        raise ValueError(f"{action} is not a [T!] card play")

    def thief_victim_order(self, victims):
        """Opponents to rob, best first: the highest score (totals plus this round's captures),
        then the next to play (R8 order)."""
        view = self.view
        order = {seat: index for index, seat in enumerate(self.known.opponents)}

        def standing(seat):
            return view.totals[seat] + sum(self.points(face) for face in view.captured[seat])

        return sorted(victims, key=lambda seat: (-standing(seat), order[seat]))
