"""Stacked decks for rule-scenario tests: write a round as hands, table and deck, get a State.

A scenario is described the way a person would set up the cards on a real table:

* ``hands`` — one list of cards per seat, in seat order (seat 0 first), ``hand_size`` each;
* ``table`` — the faces dealt face up to the table;
* ``deck`` — the Central Deck, top first (its top card's back is the first target, R11).

Each card is written either as a deck card ``"R3/7"`` (a red 3 whose back shows 7: the back
matters, e.g. it sets a target) or as a bare face ``"R3"`` (any free copy of the red 3 will
do).  Exact cards are reserved first; each bare face then takes the first copy of that face,
in printed order (R4, R6), that no other card of the scenario uses.  Asking for a card the
edition does not have, or for more copies than it has, raises ``ValueError`` with a sentence.

``stacked_deck`` turns that into the ``deck=`` list of ``tweak.new_game`` (the order of R9:
one card at a time starting with the first player, then the table, then the deck);
``deal`` goes one step further and returns the new game's ``State``.  By default the dealer is
the last seat, so seat 0 plays first, and the [T!] pile is empty unless ``tcards`` stacks it.

``position(hands, table, deck, turn=..., held=..., pile=...)`` writes any moment of round 1
directly (hands, table and deck as given, every other card of the edition in the captured
piles): a deck-empty endgame, or a [T!] card already held.

``play(state, *moves)`` applies moves written in the notation of ``tweak.actions``;
``faces("R1 O3")`` is the sorted tuple of those faces, to compare hands and tables (their
order is not a rule, their contents are).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from tweak import CLASSIC, Card, Face, TKind, apply, new_game, parse_action

__all__ = ["stacked_deck", "deal", "play", "faces", "backs_of", "position"]


def _spec(text: str):
    """A scenario card: a ``Card`` when the back is given, else a ``Face``."""
    return Card.parse(text) if "/" in text else Face.parse(text)


def _allocate(specs, players: int, rules) -> list:
    """The deck card for each spec: exact cards as written, bare faces as the first free copy."""
    edition = rules.number_cards(players)
    free = Counter(edition)
    chosen = [None] * len(specs)
    for index, spec in enumerate(specs):
        if isinstance(spec, Card):
            if free[spec] <= 0:
                raise ValueError(f"the scenario asks for {spec}, which this edition for "
                                 f"{players} players does not have (or not that many times)")
            free[spec] -= 1
            chosen[index] = spec
    for index, spec in enumerate(specs):
        if isinstance(spec, Face):
            copy = next((card for card in edition if card.face is spec and free[card] > 0), None)
            if copy is None:
                raise ValueError(f"the scenario asks for more {spec} cards than this edition "
                                 f"for {players} players has")
            free[copy] -= 1
            chosen[index] = copy
    return chosen


def stacked_deck(hands, table=(), deck=(), *, dealer=None, rules=CLASSIC) -> list:
    """The ``deck=`` argument of ``new_game`` (cards as text, top first) for this scenario."""
    players = len(hands)
    dealer = players - 1 if dealer is None else dealer
    first = (dealer + 1) % players
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            raise ValueError(f"seat {seat} must be dealt {rules.hand_size} cards, not {len(hand)}")
    if len(table) != rules.table_refill:
        raise ValueError(f"the table must be dealt {rules.table_refill} cards, not {len(table)}")
    # R9: one card at a time, starting with the first player (the seat after the dealer).
    order = [hands[(first + turn) % players][round_]
             for round_ in range(rules.hand_size) for turn in range(players)]
    specs = [_spec(text) for text in list(order) + list(table) + list(deck)]
    return [str(card) for card in _allocate(specs, players, rules)]


def deal(hands, table=(), deck=(), *, dealer=None, tcards=(), seed=0, rules=CLASSIC):
    """Round 1 of a new game dealt exactly as described (see the module docstring)."""
    players = len(hands)
    dealer = players - 1 if dealer is None else dealer
    cards = stacked_deck(hands, table, deck, dealer=dealer, rules=rules)
    return new_game(players, seed, rules, deck=cards, tcards=list(tcards), dealer=dealer)


def play(state, *moves):
    """The state after applying each move (notation text, or an action object) in turn."""
    for move in moves:
        state = apply(state, parse_action(move) if isinstance(move, str) else move)
    return state


def faces(text: str) -> tuple:
    """``faces("O3 R1")`` → ``(Face(R1), Face(O3))``: sorted, to compare with ``sorted(...)``."""
    return tuple(sorted(Face.parse(part) for part in text.split()))


def backs_of(state) -> tuple:
    """The backs showing down the deck, top first (what the targets will be, R11)."""
    return tuple(card.back for card in state.deck)


def position(hands, table, deck, *, turn=0, held=None, pile=("joker", "joker", "bomb"),
             rules=CLASSIC):
    """A state of round 1 with these hands (faces), table (faces) and deck (cards with their
    backs, top first); every other card of the edition is in the captured piles, dealt round
    the seats; ``held`` = {seat: [T!] kinds held}; seat ``turn`` is to play."""
    players = len(hands)
    base = new_game(players, 1, rules)
    deck_cards = tuple(Card.parse(text) for text in deck)
    used = Counter(Face.parse(text) for hand in hands for text in hand)
    used.update(Face.parse(text) for text in table)
    used.update(card.face for card in deck_cards)
    rest = Counter(card.face for card in rules.number_cards(players))
    rest.subtract(used)
    assert all(count >= 0 for count in rest.values()), "a card is used twice"
    won = [[] for _ in range(players)]
    for number, face in enumerate(sorted(rest.elements())):
        won[number % players].append(face)
    held = held or {}
    return replace(
        base, deck=deck_cards, table=tuple(Face.parse(text) for text in table),
        hands=tuple(tuple(Face.parse(text) for text in hand) for hand in hands),
        won=tuple(map(tuple, won)), turn=turn, dealer=(turn - 1) % players,
        tcards_held=tuple(tuple(TKind.parse(kind) for kind in held.get(seat, ()))
                          for seat in range(players)),
        tcard_pile=tuple(TKind.parse(kind) for kind in pile), events=())
