"""Determinization: a full ``State`` that a seat's view cannot tell apart from the real one.

A search bot cannot see other hands, the deck's faces or the [T!] pile order (R21).
``determinize(view, rng)`` fills those in at random, consistently with everything the view
shows, and returns an ordinary engine ``State`` on which the engine's own ``legal_actions`` and
``apply`` run (no second copy of the rules).  The sampled world holds:

  hands of other seats  ``view.hand_sizes[seat]`` faces each, drawn from the unseen faces
  deck                  ``view.deck_size`` physical cards; its top card is printed with the
                        visible back ``view.deck_top`` (R6, R11).  A face with k of its n copies
                        unseen may be any k of them (this seat does not know which copy was
                        seen), so the top card is drawn with weight k/n per candidate copy and
                        the remaining copies are chosen at random (see ``Knowledge``)
  [T!] pile             the unseen [T!] kinds (``Knowledge.tcards_unseen``), shuffled
  seed                  a fresh number from ``rng``: the game's seed would reveal the hidden
                        cards, so a sampled world's future chance points (The Thief's steal,
                        later deals) are its own
  everything else       copied from the view (table, own hand, captured piles, [T!] cards held
                        and used, TWEAK!s, Joker, bomb queue, totals, results)

Every draw comes from ``rng.random()`` (stable across Python versions and platforms), so a bot
seeded the same way samples the same worlds under CPython and Pyodide.
"""

from __future__ import annotations

from ..engine import shuffled
from ..state import Phase, State
from .knowledge import Knowledge

__all__ = ["determinize", "pick_weighted"]


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


def determinize(view, rng, knowledge: Knowledge = None) -> State:
    """A random ``State`` consistent with ``view`` (see the module docstring)."""
    if view.phase == "over":
        raise ValueError("the game is over: there is nothing left to sample")
    known = knowledge if knowledge is not None else Knowledge(view)
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
    faces = [card.face for card in pool[deck_rest:]]
    hands = []
    start = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(tuple(view.hand))
        else:
            hands.append(tuple(faces[start:start + size]))
            start += size

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
