"""Invariants over thousands of random games (DESIGN habit 10).

For every player count 2–6 and both editions, ``GAMES`` random games are played (a seeded
random legal action each step) and at every step:

* every card is in exactly one place (hands, table, won piles, deck; the [T!] cards in the pile,
  held or used) — R1, R2, R17;
* no hand holds more than ``hand_size`` cards (R16);
* there is a legal action until the game ends, and none after;
* ``illegal_reason`` agrees with ``legal_actions``, and ``apply`` refuses a sample of illegal
  actions with an ``IllegalAction`` that names the action (DESIGN habit 3);
* the notation round-trips for every legal action (habit 4);
* a view depends only on what its seat may know: scrambling every hidden card (other hands,
  deck faces below the visible back, the [T!] pile order, the seed) leaves it unchanged, and
  other seats' drawn cards are hidden in its events (R20, R21).

At the end of each game: same seed + same actions → the same state, and the record's JSON and
URL-fragment round trips replay to that state (habit 7).

``TWEAK_INVARIANT_GAMES`` sets the number of games per configuration (default 1000).  To keep
the suite quick, nine games in ten are played under a house-rule goal of 1 point (R3, R19), so
they end with their first round; every tenth game plays to the edition's own goals, so round
changes (dealer rotation, re-dealing, running totals) are exercised too.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace
from random import Random

import pytest

from tweak import (
    CLASSIC, COMPACT, Capture, Face, IllegalAction, Place, PlayBomb, PlayChange, PlayJoker,
    PlayThief, Record, apply, dumps, format_action, from_fragment, legal_actions, loads,
    new_game, parse_action, replay, to_fragment, view,
)
from tweak.cards import Card, TKind
from tweak.engine import illegal_reason
from tweak.events import Dealt, Drew
from tweak.state import Phase

GAMES = int(os.environ.get("TWEAK_INVARIANT_GAMES", "1000"))
ALL_FACES = [Face.parse(c + str(v)) for c in "ROYGBP" for v in range(1, 7)]


def one_round(rules):
    return rules.with_changes(edition=rules.edition, goals=(1,) * 5)




def check_conservation(state, expected, expected_tcards):
    """Every number card and [T!] card of the round is in exactly one place."""
    players = state.players
    found = Counter(state.table)
    for seat in range(players):
        found.update(state.hands[seat])
        found.update(state.won[seat])
    found.update(card.face for card in state.deck)
    if state.phase is Phase.OVER:
        found.update(state.results[-1].discarded)  # R17: the last table was discarded
    assert found == expected
    tcards = Counter(state.tcard_pile)
    for seat in range(players):
        tcards.update(state.tcards_held[seat])
        tcards.update(state.tcards_used[seat])
    assert tcards == expected_tcards


def illegal_candidates(state, legal, rng):
    """Two actions near the legal ones, most often illegal."""
    table, hand = list(state.table), list(state.hands[state.to_act])
    face = rng.choice(ALL_FACES)
    candidates = [
        Place(face),
        Capture.of(face, [rng.choice(ALL_FACES)]),
        PlayThief(rng.randrange(state.players)),
        PlayJoker(rng.choice((1, -1, 2))),
        PlayChange(),
        PlayBomb(),
    ]
    if hand and table:
        taken = rng.sample(table, rng.randint(1, len(table)))
        candidates.append(Capture.of(rng.choice(hand), taken))
    return rng.sample(candidates, 2)


def scrambled(state, rng):
    """``state`` with everything hidden from ``seat`` reshuffled: the view must not change."""
    def for_seat(seat):
        others = [s for s in range(state.players) if s != seat]
        pool = [face for s in others for face in state.hands[s]]
        pool += [card.face for card in state.deck]
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in others:
            hands[s], pool = tuple(pool[:len(hands[s])]), pool[len(hands[s]):]
        # The deck's backs stay where they are (the top one is visible, R11); faces move.
        deck = tuple(Card(face, card.back) for face, card in zip(pool, state.deck))
        pile = list(state.tcard_pile)
        rng.shuffle(pile)
        return replace(state, hands=tuple(hands), deck=deck, tcard_pile=tuple(pile),
                       seed=rng.randrange(2**62))
    return for_seat


def check_step(state, rng):
    legal = legal_actions(state)
    if state.is_over:
        assert legal == () and state.to_act is None and state.winners
        return legal
    assert legal, "a game that is not over always has a legal action"
    assert len(set(legal)) == len(legal)
    assert all(len(hand) <= state.rules.hand_size for hand in state.hands)
    for action in legal:
        text = format_action(action)
        assert parse_action(text) == action, text
    for action in rng.sample(legal, min(3, len(legal))):
        assert illegal_reason(state, action) == ""
    legal_set = set(legal)
    for action in illegal_candidates(state, legal, rng):
        if action in legal_set:
            continue
        assert illegal_reason(state, action)
        try:
            apply(state, action)
        except IllegalAction as error:
            assert str(error).startswith(f"{action} is not legal: ")
        else:
            raise AssertionError(f"apply accepted the illegal action {action}")
    seat = rng.randrange(state.players)
    seen = view(state, seat)
    assert seen.hand == state.hands[seat]
    assert view(scrambled(state, rng)(seat), seat) == seen
    for event in seen.events:
        if isinstance(event, (Drew, Dealt)) and event.seat != seat:
            assert event.cards == ()
    return legal


@pytest.mark.parametrize("edition", [CLASSIC, COMPACT], ids=["classic", "compact"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant(players, edition):
    short, long = one_round(edition), edition
    rounds = 0
    for game in range(GAMES):
        seed = 1000 * players + game
        rules = long if game % 10 == 0 else short
        rng = Random(seed)
        state = new_game(players, seed, rules)
        record = Record(players, seed, rules)
        cards = Counter(card.face for card in rules.number_cards(players))
        tcards = Counter(rules.tcards())
        while True:
            check_conservation(state, cards, tcards)
            legal = check_step(state, rng)
            if not legal:
                break
            action = legal[int(rng.random() * len(legal))]
            state = apply(state, action)
            record = record.then(action)
        rounds += len(state.results)
        assert replay(record) == state
        if game % 10 == 0:
            assert replay(loads(dumps(record))) == state
            assert replay(from_fragment(to_fragment(record))) == state
    assert rounds > GAMES  # the longer games lasted more than one round
