"""Determinization: a full ``State`` that a seat's view cannot tell apart from the real one.

``determinize(view, rng)`` fills in what the view hides (R21) consistently with everything it
shows and returns an ordinary engine ``State``, on which the engine's own ``legal_actions`` and
``apply`` run.  The hand of the seat that made the view's last play is weighed by what that
play says of it (``place_weight``, rejection sampling).  Every draw comes from
``rng.random()``, so a bot seeded the same way samples the same worlds under CPython and
Pyodide (docs/architecture.md, "Runtime facts").
"""

from __future__ import annotations

from ..engine import shuffled
from ..state import Phase, State
from .knowledge import Knowledge

__all__ = ["determinize", "pick_weighted", "place_weight", "PLACE_SLIP", "PLACE_TRIES"]

# The chance a player plays against the evidence (places although it could capture, captures
# less than it could): rare for people, never for Medium (docs/bots.md, "Hard").
PLACE_SLIP = 0.1
PLACE_TRIES = 30  # hidden cards drawn at most, for a hand that fits; then the last one stands


def pick_weighted(choices, rng):
    """One item of ``((item, weight), ...)`` with probability proportional to its weight."""
    total = sum(weight for _, weight in choices)
    point = rng.random() * total
    for item, weight in choices:
        point -= weight
        if point < 0:
            return item
    return choices[-1][0]


def _pick_some(items, count, rng) -> list:
    """``count`` items chosen uniformly at random without replacement (partial Fisher–Yates)."""
    items = list(items)
    if count >= len(items):
        return items
    for i in range(count):
        j = i + int(rng.random() * (len(items) - i))
        items[i], items[j] = items[j], items[i]
    return items[:count]


def _could_do_better(cards, evidence, target, points) -> bool:
    """Whether one of ``cards`` (physical) could have captured at ``target`` on the table the
    seat faced: anything, after a place; more points than it took, after a capture."""
    best = evidence.best
    bar = evidence.gained
    for card in cards:
        face = card.face
        rest = target - face.value
        if 0 < rest < len(best) and best[rest] >= 0 and best[rest] + points(face) > bar:
            return True
    return False


def place_weight(hand, evidence, rules, slip=PLACE_SLIP) -> float:
    """How likely a seat holding ``hand`` (physical cards) now was to play as ``evidence``
    (``Knowledge.placed``) says: the mean over which cards were drawn after the play of the
    product of ``slip`` for each sign against it: the kept cards could have done better (a
    place: the card placed too; at a place's target, the first drawn card's back, R11, or
    the blue 7 with none drawn, R7), and a capture's sum is not the first drawn card's back."""
    points = rules.points
    final_target = rules.final_target
    drawn = min(evidence.drawn, len(hand))
    placed = evidence.card
    if not drawn:
        target = evidence.target if evidence.capture else final_target
        odds = 1.0
        if not evidence.capture and _could_do_better((_Shown(placed),), evidence, target, points):
            odds = slip
        return odds * slip if _could_do_better(hand, evidence, target, points) else odds
    total = count = 0.0
    size = len(hand)
    for first in range(size):
        others = [index for index in range(size) if index != first]
        back = hand[first].back
        if evidence.capture:
            target = evidence.target
            odds = 1.0 if back == target or (evidence.joker and abs(back - target) == 1) \
                else slip
        else:
            target = back
            odds = slip if _could_do_better((_Shown(placed),), evidence, target, points) else 1.0
        # The other drawn cards: every choice of drawn - 1 of the others (hands hold <= 3).
        for extra in _choose(others, drawn - 1):
            kept = [hand[index] for index in others if index not in extra]
            total += odds * slip if _could_do_better(kept, evidence, target, points) else odds
            count += 1
    return total / count


class _Shown:
    """A face standing in for a physical card (only its face is read)."""

    __slots__ = ("face",)

    def __init__(self, face):
        self.face = face


def _choose(items, count):
    if count <= 0:
        yield ()
        return
    for place, item in enumerate(items):
        for rest in _choose(items[place + 1:], count - 1):
            yield (item,) + rest


def determinize(view, rng, knowledge: Knowledge = None, place_slip=PLACE_SLIP) -> State:
    """A random ``State`` consistent with ``view``: the other hands drawn from the unseen
    faces; the deck's physical cards, its top one printed with the visible back (a face with
    k of its n copies unseen may be any k of them, ``Knowledge.top_choices``, R6, R11); the
    [T!] pile the unseen kinds, shuffled; a fresh seed from ``rng`` (the game's would reveal
    the hidden cards, so the world's later chance points are its own); everything else copied
    from the view.  Each draw is kept with the ``place_weight`` of the last play's seat's hand
    (1 when it fits the evidence; at most ``PLACE_TRIES`` draws, then the last one stands);
    ``place_slip`` 1 (or None) ignores the evidence.  ``ValueError`` once the game is over."""
    if view.phase == "over":
        raise ValueError("the game is over: there is nothing left to sample")
    known = knowledge if knowledge is not None else Knowledge(view)
    evidence = known.placed if place_slip is not None and place_slip < 1 else None
    for _ in range(PLACE_TRIES):
        deck, hands, placer_hand = _deal_hidden(view, rng, known, evidence)
        if evidence is None or rng.random() < place_weight(placer_hand, evidence, view.rules,
                                                           place_slip):
            break
    return _world(view, rng, known, deck, hands)


def _deal_hidden(view, rng, known, evidence):
    """(deck, hands, the physical cards of ``evidence``'s seat or None): one draw of the hidden
    cards (see ``determinize``)."""
    top = pick_weighted(known.top_choices, rng) if view.deck_size else None

    pool = []  # the unseen physical cards, other than the top one
    for face, count in known.unseen_count.items():
        cards = known.copies[face]
        if top is not None and top.face is face:
            cards = list(cards)
            cards.remove(top)
            count -= 1
        pool.extend(_pick_some(cards, count, rng))
    pool = shuffled(pool, rng)  # any surplus (a short stacked deck) is left out of play

    deck_rest = view.deck_size - 1 if top is not None else 0
    deck = ((top,) + tuple(pool[:deck_rest])) if top is not None else ()
    held = pool[deck_rest:]
    hands = []
    placer_hand = None
    start = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(tuple(view.hand))
        else:
            cards = held[start:start + size]
            if evidence is not None and seat == evidence.seat:
                placer_hand = cards
            hands.append(tuple(card.face for card in cards))
            start += size
    return deck, hands, placer_hand


def _world(view, rng, known, deck, hands) -> State:
    return State(
        rules=view.rules, players=view.players, seed=int(rng.random() * 2**53), round=view.round,
        dealer=view.dealer, turn=view.turn, phase=Phase(view.phase), deck=deck,
        table=tuple(view.table), hands=tuple(hands), won=tuple(view.captured),
        tcard_pile=tuple(shuffled(known.tcards_unseen, rng)[:view.tcard_pile_size]),
        tcards_held=tuple(view.tcards_held), tcards_used=tuple(view.tcards_used),
        tweaks=tuple(view.tweaks), joker=view.joker, tcard_played=view.tcard_played,
        bomb_queue=tuple(view.bomb_queue), step=0, totals=tuple(view.totals),
        results=tuple(view.results), winners=tuple(view.winners), events=(),
    )
