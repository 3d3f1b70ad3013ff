"""What one seat can work out from its own view about the cards it cannot see (R20, R21).

``Knowledge(view)`` is computed from a ``PlayerView`` only.  Its data, for that moment:

  unseen         the faces of the number cards the view does not show, sorted (a multiset):
                 the edition's cards for this many players − own hand − table − every seat's
                 captured cards (public, R20).  Each lies in the deck or in another hand
                 (or, in a game dealt from a short stacked deck, out of play).
  unseen_count   {face: how many of its copies are unseen}, in canonical face order
  copies         {face: the physical cards (``Card``, face + printed back, R6) of that face}
  top_choices    ((card, weight), ...): the physical cards that may be the deck's top card,
                 i.e. unseen copies printed with the visible back ``view.deck_top`` (R6).
                 Which copy of a face was seen is unknown to this seat, so a face with k of its
                 n copies unseen gives each of its copies weight k/n.
  back_weight    {back: expected number of unseen cards printed with that back}, same rule
  value_share    {value: fraction of the unseen cards with that face value}
  value_points   {value: mean points (R5) of the unseen cards with that value}
  tcards_unseen  the [T!] kinds still in the face-down pile, as a sorted tuple (the pile's
                 order is unknown, R21): the edition's [T!] cards − every held or used one
  opponents      the other seats, in play order after this seat (R8)

``target_after(draws)`` is the distribution of the Target Sum once ``draws`` cards have left the
top of the deck (R11, R16): the visible back for 0, the blue 7 beyond the deck (R7), otherwise
the backs of the unseen cards less the top card.  Only bots use this module; it never reads a
``State``.
"""

from __future__ import annotations

from collections import Counter

from ..cards import TKind

__all__ = ["Knowledge", "edition_copies"]

_COPIES_CACHE = {}


def edition_copies(rules, players) -> dict:
    """``{face: (card, ...)}``: every physical number card of a round, grouped by face in
    canonical face order (R2, R4, R6).  Cached per rule set and player count."""
    key = (rules, players)
    found = _COPIES_CACHE.get(key)
    if found is None:
        grouped = {}
        for card in sorted(rules.number_cards(players)):
            grouped.setdefault(card.face, []).append(card)
        found = {face: tuple(cards) for face, cards in grouped.items()}
        if len(_COPIES_CACHE) > 64:  # house rules are few; never let the cache grow unbounded
            _COPIES_CACHE.clear()
        _COPIES_CACHE[key] = found
    return found


class Knowledge:
    """The hidden-card facts a seat can derive from its view (see the module docstring)."""

    def __init__(self, view):
        self.view = view
        rules = view.rules
        self.copies = edition_copies(rules, view.players)
        seen = Counter(view.hand)
        seen.update(view.table)
        for pile in view.captured:
            seen.update(pile)
        unseen_count = {}
        for face, cards in self.copies.items():
            left = len(cards) - seen.get(face, 0)
            if left < 0:
                raise ValueError(f"the view shows {face} more often than the edition holds it")
            if left:
                unseen_count[face] = left
        self.unseen_count = unseen_count
        self.unseen = tuple(face for face, count in unseen_count.items() for _ in range(count))
        hidden_in_hands = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
        # More unseen cards than places to hold them happens only when a game was dealt from a
        # short stacked deck (tests, puzzles): the surplus is out of play, a sample picks which.
        if len(self.unseen) < view.deck_size + hidden_in_hands:
            raise ValueError(
                f"the view is inconsistent: {len(self.unseen)} unseen cards, but the deck holds "
                f"{view.deck_size} and other hands {hidden_in_hands}")

        back_weight = {}
        top_choices = []
        for face, count in unseen_count.items():
            cards = self.copies[face]
            weight = count / len(cards)
            for card in cards:
                back_weight[card.back] = back_weight.get(card.back, 0.0) + weight
                if card.back == view.deck_top:
                    top_choices.append((card, weight))
        if view.deck_size and not top_choices:
            raise ValueError(f"no unseen card can show the deck's back {view.deck_top}")
        self.back_weight = back_weight
        self.top_choices = tuple(top_choices)

        total = len(self.unseen)
        shares, points = {}, {}
        for face, count in unseen_count.items():
            shares[face.value] = shares.get(face.value, 0) + count
            points[face.value] = points.get(face.value, 0) + count * rules.points(face)
        self.value_share = {value: shares[value] / total for value in sorted(shares)}
        self.value_points = {value: points[value] / shares[value] for value in sorted(shares)}

        tcards = Counter(rules.tcards())
        for held, used in zip(view.tcards_held, view.tcards_used):
            tcards.subtract(held)
            tcards.subtract(used)
        self.tcards_unseen = tuple(kind for kind in TKind for _ in range(max(0, tcards[kind])))
        if len(self.tcards_unseen) < view.tcard_pile_size:  # a surplus: a short stacked pile
            raise ValueError(
                f"the view is inconsistent: {len(self.tcards_unseen)} [T!] cards unaccounted "
                f"for, but the pile holds {view.tcard_pile_size}")
        players = view.players
        self.opponents = tuple((view.seat + step) % players for step in range(1, players))
        self._unknown_backs = None

    def target_after(self, draws: int) -> dict:
        """``{target: probability}`` once ``draws`` cards have left the deck's top (R11)."""
        view = self.view
        if draws >= view.deck_size:
            return {view.rules.final_target: 1.0}  # R7: the blue 7
        if draws <= 0:
            return {view.deck_top: 1.0}
        if self._unknown_backs is None:
            # Below the top: any unseen card but the top one, whose back is known (R6).
            weights = dict(self.back_weight)
            weights[view.deck_top] = max(0.0, weights.get(view.deck_top, 0.0) - 1.0)
            total = sum(weights.values())
            self._unknown_backs = {back: weight / total for back, weight in sorted(weights.items())
                                   if weight > 0}
        return self._unknown_backs
