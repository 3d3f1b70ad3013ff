"""Game records, notation and rule sets: round trips and clear refusals of bad input.

A malformed saved game or shared link must give a ``RecordError`` (a ``ValueError``) with a
sentence a player can read — never another exception type (docs/architecture.md, "Design
habits": a game is its record, and untrusted input is refused with a sentence).
"""

from __future__ import annotations

import base64
import json
import zlib
from random import Random

import pytest

from tweak import (
    CLASSIC, COMPACT, Capture, Card, Face, NotationError, Place, PlayBomb, PlayChange, PlayJoker,
    PlayThief, Record, RecordError, Rules, RulesError, apply, dumps, format_action,
    from_fragment, legal_actions, loads, new_game, parse_action, replay, to_fragment,
)
from tweak.cards import Colour, TKind


def played_record(players=3, seed=5, actions=60, **extra):
    state = new_game(players, seed)
    record = Record(players, seed, **extra)
    rng = Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        action = rng.choice(legal_actions(state))
        state = apply(state, action)
        record = record.then(action)
    return record, state


# ---- notation ----------------------------------------------------------------------------


@pytest.mark.parametrize("text, action", [
    ("R3", Place(Face(Colour.RED, 3))),
    ("R3xO2+R1", Capture.of(Face(Colour.RED, 3), [Face(Colour.ORANGE, 2), Face(Colour.RED, 1)])),
    ("P6xB1+B1", Capture.of(Face(Colour.PURPLE, 6), [Face(Colour.BLUE, 1)] * 2)),
    ("thief@2", PlayThief(2)),
    ("joker+1", PlayJoker(1)),
    ("joker-1", PlayJoker(-1)),
    ("change", PlayChange()),
    ("bomb", PlayBomb()),
])
def test_notation_parses_and_formats(text, action):
    assert parse_action(text) == action
    assert parse_action(format_action(action)) == action


def test_capture_notation_is_canonical_whatever_the_order_given():
    assert format_action(parse_action("R3xR1+O2")) == "R3xR1+O2"
    assert parse_action("R3xO2+R1") == parse_action("R3xR1+O2")


@pytest.mark.parametrize("text", ["", "R", "R7", "R0", "X3", "R3x", "R3x+", "R3xO9", "thief@",
                                  "thief@x", "joker+2", "joker", "bombs", "R3xO2+", 42, None])
def test_bad_notation_is_refused_with_a_clear_message(text):
    with pytest.raises(NotationError) as error:
        parse_action(text)
    assert repr(text) in str(error.value) or "must be text" in str(error.value)


def test_cards_and_faces_have_text_forms():
    assert str(Face.parse("G5")) == "G5"
    assert Face.parse("g5") is Face(Colour.GREEN, 5)
    assert str(Card.parse("R3/7")) == "R3/7"
    for text in ("R3", "R3/", "R3/x", "Q3/7"):
        with pytest.raises(NotationError):
            Card.parse(text)


# ---- records ----------------------------------------------------------------------------


def test_a_record_replays_to_the_same_state_and_round_trips_as_json_and_fragment():
    record, state = played_record(names=("Ann", "Bob", "Cy"), seats=("human", "bot:greedy",
                                                                      "bot:greedy"))
    assert replay(record) == state
    assert loads(dumps(record)) == record
    assert from_fragment(to_fragment(record)) == record
    assert replay(from_fragment(to_fragment(record))) == state


def test_a_whole_game_fits_in_a_link():
    record, state = played_record(players=4, actions=10_000)
    assert state.is_over and len(record.actions) > 100
    fragment = to_fragment(record)
    assert len(fragment) < 2000
    assert all(c.isalnum() or c in "-_." for c in fragment)  # URL-safe as is


def test_stacked_games_record_their_stacking():
    deck = [card for card in CLASSIC.number_cards(2)][:20]
    state = new_game(2, 1, deck=deck, tcards=["bomb", "thief"], dealer=1)
    record = Record(2, 1, deck=tuple(deck), tcards=(TKind.BOMB, TKind.THIEF), dealer=1)
    assert replay(loads(dumps(record))) == state


def test_the_record_stores_the_full_rule_set_r3():
    rules = COMPACT.with_changes(red_multiplier=3, goals=(50, 50, 50, 50, 50))
    record = Record(4, 9, rules)
    data = json.loads(dumps(record))
    assert data["rules"]["red_multiplier"] == 3 and data["rules"]["edition"] == "house"
    assert loads(dumps(record)).rules == rules


def mangled(record_text, **changes):
    data = json.loads(record_text)
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("bad, message", [
    ("", "not valid JSON"),
    ("{", "not valid JSON"),
    ("[]", "must be a JSON object"),
    ('{"format": "chess"}', "not a TWEAK! game record"),
])
def test_malformed_records_are_refused_clearly(bad, message):
    with pytest.raises(RecordError, match=message):
        loads(bad)


@pytest.mark.parametrize("changes, message", [
    ({"players": 9}, "cannot be set up: a game needs 2 to 6 players"),
    ({"players": "3"}, "players must be a whole number"),
    ({"seed": 1.5}, "seed must be a whole number"),
    ({"actions": "R3"}, "actions must be a list of texts"),
    ({"actions": ["R3", 4]}, "actions must be a list of texts"),
    ({"actions": ["R9"]}, "is not an action"),
    ({"rules": {"red_multiplier": -1}}, "rules are not valid: red_multiplier"),
    ({"rules": {"colours": 3}}, "unknown rule setting"),
    ({"rules": "classic"}, "rules are not valid"),
    ({"names": ["a"]}, "1 names for 3 players"),
    ({"deck": ["R3/7", "R3/7"] * 10}, "cannot be set up"),
    ({"dealer": 7}, "cannot be set up: the dealer must be a seat"),
    ({"extra": 1}, "unknown field"),
])
def test_records_with_bad_fields_are_refused_clearly(changes, message):
    record, _ = played_record()
    with pytest.raises(RecordError, match=message):
        loads(mangled(dumps(record), **changes))


def test_a_record_with_an_illegal_action_names_it_on_replay():
    record, _ = played_record(actions=10)
    bad = Record(record.players, record.seed, actions=record.actions[:4] + ("bomb",))
    with pytest.raises(RecordError, match=r"action 5 \(bomb\) cannot be replayed: bomb is not legal"):
        replay(loads(dumps(bad)))


@pytest.mark.parametrize("fragment", [
    "", "2.abc", "1.", "1.!!!!", "1." + base64.urlsafe_b64encode(b"not zlib").decode(),
    "1." + base64.urlsafe_b64encode(zlib.compress(b"[1,2]")).decode(),
    "1." + base64.urlsafe_b64encode(zlib.compress(b"\xff\xfe")).decode(),
    None,
])
def test_bad_links_are_refused_clearly(fragment):
    with pytest.raises(RecordError):
        from_fragment(fragment)


def test_a_link_that_inflates_to_a_huge_text_is_refused():
    bomb = "1." + base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000)).decode()
    with pytest.raises(RecordError, match="too large"):
        from_fragment(bomb)


# ---- rule sets (R1, R2, R3) -------------------------------------------------------------


def test_rule_sets_round_trip_and_validate():
    assert Rules.from_dict(CLASSIC.to_dict()) == CLASSIC
    assert Rules.from_dict(COMPACT.to_dict()) == COMPACT
    house = CLASSIC.with_changes(colours_by_players=(3, 3, 4, 5, 6))
    assert house.edition == "house" and len(house.number_cards(2)) == 27


@pytest.mark.parametrize("changes, message", [
    ({"red_multiplier": 0}, "red_multiplier must be a whole number from 1"),
    ({"hand_size": True}, "hand_size must be a whole number"),
    ({"goals": (100, 100)}, "goals must be 5 numbers"),
    ({"goals": (100, 100, 0, 100, 100)}, "the goal for 4 players"),
    ({"colours_by_players": (1, 1, 1, 1, 1)}, "too few to deal to 3 players"),
    ({"colours_by_players": (6, 6, 6, 6, 7)}, "number of colours for 6 players"),
    ({"tcard_counts": (1, 2, 3)}, "tcard_counts must be 4 numbers"),
    ({"target_cycle": ()}, "target_cycle must be"),
    ({"final_target": 1}, "a target must be"),
    ({"edition": ""}, "edition must be a non-empty name"),
])
def test_nonsensical_house_rules_are_refused_with_a_clear_message_r3(changes, message):
    with pytest.raises(RulesError, match=message):
        CLASSIC.with_changes(**changes)


def test_a_practice_mark_round_trips_and_old_records_read_unchanged():
    """A game with a move taken back is practice: the JSON says ``"practice": true``
    only then, so records without the field (every older one) load as before."""
    from dataclasses import replace

    record, state = played_record(actions=10)
    assert "practice" not in json.loads(dumps(record))
    assert loads(dumps(record)).practice is False
    marked = replace(record, practice=True)
    assert json.loads(dumps(marked))["practice"] is True
    assert loads(dumps(marked)) == marked
    assert from_fragment(to_fragment(marked)) == marked
    assert marked.then(legal_actions(state)[0]).practice is True
    with pytest.raises(RecordError, match="practice"):
        loads(dumps(record)[:-1] + ',"practice":"yes"}')
