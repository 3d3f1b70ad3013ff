"""Invariants over thousands of random games.

For every player count 2–6 and both editions, ``GAMES`` random games are played (a seeded
random legal action each step).  At every step:

* every card is in exactly one place (hands, table, won piles, deck; the [T!] cards in the pile,
  held or used) — R1, R2, R17;
* no hand holds more than ``hand_size`` cards (R16);
* there is a legal action until the game ends, and none after.

At one step in ``DEEP_EVERY`` (chosen at random; tens of thousands of steps per run):

* the notation round-trips for every legal action (one notation);
* ``illegal_reason`` agrees with ``legal_actions``, and ``apply`` refuses a sample of illegal
  actions with an ``IllegalAction`` that names the action (rules as functions);
* a view depends only on what its seat may know: scrambling every hidden card (other hands,
  deck faces below the visible back, the [T!] pile order, the seed) leaves it unchanged, and
  other seats' drawn cards are hidden in its events (R20, R21).

At the end of every tenth game: same seed + same actions → the same state, and the record's
JSON and URL-fragment round trips replay to that state (a game is its record).

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
DEEP_EVERY = 4
ALL_FACES = [Face.parse(c + str(v)) for c in "ROYGBP" for v in range(1, 7)]


def one_round(rules):
    return rules.with_changes(edition=rules.edition, goals=(1,) * 5)




def same_multiset(found, expected_by_id):
    """Faces and [T!] kinds are singletons, so sorting by identity compares multisets fast;
    on a mismatch, Counters show exactly what is missing or extra."""
    if sorted(found, key=id) != expected_by_id:
        assert Counter(found) == Counter(expected_by_id)


def check_conservation(state, expected_faces, expected_tcards):
    """Every number card and [T!] card of the round is in exactly one place."""
    faces = list(state.table)
    for seat in range(state.players):
        faces += state.hands[seat]
        faces += state.won[seat]
    faces += [card.face for card in state.deck]
    if state.phase is Phase.OVER:
        faces += state.results[-1].discarded  # R17: the last table was discarded
    same_multiset(faces, expected_faces)
    tcards = list(state.tcard_pile)
    for seat in range(state.players):
        tcards += state.tcards_held[seat]
        tcards += state.tcards_used[seat]
    same_multiset(tcards, expected_tcards)


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
    assert all(len(hand) <= state.rules.hand_size for hand in state.hands)
    if rng.randrange(DEEP_EVERY) == 0:
        check_deeply(state, legal, rng)
    return legal


def check_deeply(state, legal, rng):
    assert len(set(legal)) == len(legal)
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
        actions = []
        cards = sorted((card.face for card in rules.number_cards(players)), key=id)
        tcards = sorted(rules.tcards(), key=id)
        while True:
            check_conservation(state, cards, tcards)
            legal = check_step(state, rng)
            if not legal:
                break
            action = legal[int(rng.random() * len(legal))]
            state = apply(state, action)
            actions.append(format_action(action))
        rounds += len(state.results)
        for result in state.results:  # R18: the score sheet adds up
            for row in result.rows:
                assert row.points == row.card_points + row.red_bonus + row.tcard_points
        if game % 10 == 0:
            record = Record(players, seed, rules, actions=tuple(actions))
            assert replay(record) == state
            assert replay(loads(dumps(record))) == state
            assert replay(from_fragment(to_fragment(record))) == state
    assert rounds > GAMES  # the longer games lasted more than one round
