"""What one seat can work out from its own view about the cards it cannot see (R20, R21).

``Knowledge(view)`` is computed from a ``PlayerView`` only, never a ``State``: the unseen cards,
the physical cards that may lie on top of the deck under its visible back (R6), the unseen
[T!] kinds, the target's distribution after some draws (``target_after``), and what the last
play in the view says of the hand of the seat that made it (``PlayEvidence``).  Only bots use
it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import TKind
from ..events import Captured, Drew, Placed, RoundEnded, RoundStarted

__all__ = ["Knowledge", "PlayEvidence", "edition_copies", "play_evidence"]

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


BEST_LIMIT = 16  # sums kept in ``PlayEvidence.best``: above any target with a Joker (R13)


@dataclass(frozen=True)
class PlayEvidence:
    """What another seat's last play this round (the view's events, R20) tells about the cards
    it kept (``Knowledge.placed``).  A player who places although a card could capture, or
    captures less than another card could, gives up points for nothing, so its kept cards most
    likely could not do better at its target on the table it faced; and the first card it drew
    was the deck's top card, whose back was that target (R6, R11).  ``sampling.determinize``
    weighs that seat's sampled hands by it."""

    seat: int
    card: object  # the Face played
    capture: bool
    # A capture's sum (R14); None for a place, whose target was the back of the first card
    # drawn, or the blue 7 with none drawn (R7).
    target: object
    # best[s]: the most points (R5) of one or more cards of the table it faced adding up to s,
    # -1 if none.  That table is the table now less the card placed, or plus the cards taken,
    # or only those after a TWEAK! (R15, R16).
    best: tuple
    gained: int  # a capture's points (R5); 0 for a place
    drawn: int  # cards drawn after the play (R16, public R20)
    joker: bool  # a Joker of that seat was used this round: maybe this turn (R13), target ±1


def play_evidence(view):
    """``PlayEvidence`` from ``view.events`` (the last action, public R20), or None."""
    played = None
    drawn = 0
    for event in view.events:
        if isinstance(event, (RoundEnded, RoundStarted)):
            return None  # a new round: the hands are new
        if isinstance(event, (Placed, Captured)) and event.seat != view.seat:
            played = event
        elif played is not None and isinstance(event, Drew) and event.seat == played.seat:
            drawn = event.count
    if played is None or not view.hand_sizes[played.seat]:
        return None
    points = view.rules.points
    if isinstance(played, Placed):
        faced = list(view.table)
        if played.card not in faced:
            return None  # not the table it faced (cannot happen after a place; be safe)
        faced.remove(played.card)
        target, gained = None, 0
    else:
        faced = list(played.taken) + ([] if played.tweak else list(view.table))
        target = played.card.value + sum(face.value for face in played.taken)
        gained = points(played.card) + sum(map(points, played.taken))
    best = [-1] * (BEST_LIMIT + 1)  # a 0/1 knapsack over the table it faced
    best[0] = 0
    for face in faced:
        value, worth = face.value, points(face)
        for reach in range(BEST_LIMIT, value - 1, -1):
            below = best[reach - value]
            if below >= 0 and below + worth > best[reach]:
                best[reach] = below + worth
    best[0] = -1  # a capture takes one or more table cards (R14)
    return PlayEvidence(played.seat, played.card, isinstance(played, Captured), target,
                        tuple(best), gained, drawn,
                        TKind.JOKER in view.tcards_used[played.seat])


class Knowledge:
    """The hidden-card facts a seat can derive from ``view``, for that moment:

    unseen         the faces of the number cards the view does not show, sorted (a multiset):
                   the edition's cards − own hand − table − every captured pile (R20).  Each
                   is in the deck or another hand (or out of play, after a short stacked deck).
    unseen_count   {face: how many of its copies are unseen}, in canonical face order
    copies         {face: the physical cards (face and printed back, R6) of that face}
    top_choices    ((card, weight), ...): the unseen copies printed with the visible back
                   (R6) that may be the deck's top card.  Which copy of a face was seen is
                   unknown, so a face with k of its n copies unseen weighs each copy k/n.
    back_weight    {back: expected number of unseen cards printed with it}, by the same rule
    value_share    {value: share of the unseen cards with that face value}
    value_points   {value: mean points (R5) of the unseen cards with that value}
    tcards_unseen  the [T!] kinds in the face-down pile, sorted (its order is unknown, R21)
    opponents      the other seats, in play order after this seat (R8)
    placed         the last play's ``PlayEvidence``, or None

    Raises ``ValueError`` for a view that cannot be (more cards shown than the edition has)."""

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
        self.placed = play_evidence(view)
        self._unknown_backs = None

    def target_after(self, draws: int) -> dict:
        """``{target: probability}`` once ``draws`` cards have left the deck's top (R11, R16):
        the visible back for 0, the blue 7 beyond the deck (R7), otherwise the backs of the
        unseen cards less the top card."""
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
