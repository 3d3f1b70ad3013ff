"""Nothing a save, a link, an address or a second tab can hold breaks the game.

Each reproduced breakage, as a test: every bad input gets the one documented error of its
door — ``RecordError`` (records, links, saves), ``NotationError`` (notation), ``IllegalAction``
(``apply``), ``RulesError`` (house rules), ``SessionError`` (the page's address) — with a
sentence, never a ``RecursionError``, ``TypeError`` or bare ``ValueError`` from deep inside.
Random inputs of the same kinds are in test_fuzz.py.
"""

from __future__ import annotations

import base64
import json
import time
import zlib

import pytest

from tweak import (
    CLASSIC, Capture, Face, IllegalAction, NotationError, Place, PlayJoker, PlayThief, Record,
    RecordError, RulesError, apply, dumps, from_fragment, legal_actions, loads, new_game,
    parse_action, replay, to_fragment,
)
from tweak.cards import Card, TKind
from tweak.record import MAX_ACTIONS, MAX_NESTING, _nesting, parse_json
from tweak.rules import MAX_GOAL, MAX_TARGET, MIN_TARGET
from ui.worker.errors import SessionError
from ui.worker.hooks import parse_hooks
from ui.worker.screens.start import save_summary


def fragment_of(text: str) -> str:
    packed = zlib.compress(text.encode("utf-8"), 9)
    return "1." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def placing_record(actions: int, players: int = 2) -> Record:
    """A legal record in which every seat only ever places a card: nobody scores, so the game
    never ends and the record can be as long as wanted (like the 143,141-action link of
    docs/architecture.md, "Records and saves")."""
    state = new_game(players, 1)
    played = []
    for _ in range(actions):
        action = legal_actions(state)[-1]  # places come last
        assert isinstance(action, Place)
        state = apply(state, action)
        played.append(str(action))
    return Record(players, 1, actions=tuple(played))


# ---- 2. deep nesting -----------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "[" * 5000 + "]" * 5000, "[" * 8000, '{"a":' * 5000, "[" * 17 + "]" * 17,
    '{"format": "tweak-record/1", "names": ' + "[" * 3000 + "]" * 3000 + "}",
])
def test_deeply_nested_json_is_refused_before_parsing(text):
    for read in (loads, parse_json):
        with pytest.raises(RecordError, match="nest more than 16 levels"):
            read(text)
    with pytest.raises(RecordError, match="nest more than 16 levels"):
        from_fragment(fragment_of(text))


def test_nesting_is_measured_outside_strings_only():
    assert _nesting('["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]') == 1
    assert _nesting('["\\\\", ' + "[" * 20 + "]" * 20 + "]") == 21  # an escaped backslash
    assert _nesting('["\\"' + "[" * 20 + '"]') == 1  # an escaped quote stays in the string
    assert _nesting("[" * 20 + "]" * 20) == 20
    text = json.dumps({"a": [[1, {"b": [2]}]], "s": "[{" * 30})
    assert _nesting(text) == 5
    assert loads(dumps(placing_record(10))).actions  # real records pass: they nest 2 deep
    assert MAX_NESTING >= 2


def test_a_deep_save_gets_a_clean_error_on_the_start_screen():
    with pytest.raises(RecordError, match="nest more than 16 levels"):
        save_summary("[" * 8000)


# ---- 3. non-ASCII and huge numbers -----------------------------------------------------------


@pytest.mark.parametrize("text", ["R²", "R٣", "thief@²", "thief@٣", "thief@1²", "R3xO²",
                                  "R3x٣", "joker+١"])
def test_non_ascii_digits_are_not_notation(text):
    with pytest.raises(NotationError) as error:
        parse_action(text)
    assert repr(text) in str(error.value)


@pytest.mark.parametrize("text", ["R3/²", "R3/٧", "R3/" + "7" * 5000])
def test_deck_cards_with_odd_backs_are_not_notation(text):
    with pytest.raises(NotationError, match="is not a deck card"):
        Card.parse(text)


@pytest.mark.parametrize("action", ["R²", "thief@²", "R3/7"])
def test_a_record_or_link_with_an_unreadable_action_is_refused(action):
    text = json.dumps({"format": "tweak-record/1", "players": 2, "seed": 1,
                       "actions": [action]})
    with pytest.raises(RecordError, match="is not an action|The Thief needs a seat number"):
        loads(text)
    with pytest.raises(RecordError):
        from_fragment(fragment_of(text))


def test_huge_numbers_in_a_record_are_refused():
    for field in ("seed", "players", "dealer"):
        text = ('{"format": "tweak-record/1", "players": 2, "seed": 1, "%s": %s}'
                % (field, "9" * 5000))
        with pytest.raises(RecordError):
            loads(text)
    big = '{"format": "tweak-record/1", "players": 2, "seed": %s}' % ("9" * 4000)
    with pytest.raises(RecordError, match="cannot be set up: the seed"):
        loads(big)


@pytest.mark.parametrize("params", [
    {"seed": "²"}, {"seed": "٣"}, {"seed": "9" * 5000}, {"dealer": "²"}, {"goal": "١٠"},
    {"goal": str(MAX_GOAL + 1)}, {"seed": str(2**53 + 1)}, {"seed": "-1"}, {"seed": "1e3"},
    {"tcards": "thief," * 81}, {"tcards": "joker²"}, {"pace": "x" * 100_000},
])
def test_bad_page_addresses_get_a_sentence(params):
    with pytest.raises(SessionError, match=r"^The page address sets .+\.$") as error:
        parse_hooks(params)
    assert len(str(error.value)) < 300  # a megabyte of address is not repeated back


def test_good_page_addresses_still_parse():
    hooks = parse_hooks({"seed": " 12 ", "goal": str(MAX_GOAL), "dealer": "1",
                         "tcards": "thief,bomb", "pace": "instant"})
    assert (hooks.seed, hooks.goal, hooks.dealer, hooks.tcards, hooks.pace) == (
        12, MAX_GOAL, 1, (TKind.THIEF, TKind.BOMB), "instant")


# ---- 5. house rules bounded to what the game can use -------------------------------------------


@pytest.mark.parametrize("changes, message", [
    ({"final_target": 30}, "a target must be a whole number from 7 to 10"),
    ({"final_target": 6}, "a target must be a whole number from 7 to 10"),
    ({"target_cycle": (7, 8, 9, 11)}, "a target must be a whole number from 7 to 10"),
    ({"target_cycle": (7,) * 15}, "target_cycle must hold 1 to 14 targets"),
    ({"goals": (MAX_GOAL + 1,) * 5}, "the goal for 2 players must be a whole number from 1 to"),
    ({"edition": "x" * 41}, "edition must be a non-empty name of at most 40 characters"),
])
def test_house_rules_are_bounded(changes, message):
    with pytest.raises(RulesError, match=message):
        CLASSIC.with_changes(**changes)


def test_the_bounds_admit_every_printed_target():
    rules = CLASSIC.with_changes(target_cycle=tuple(range(MIN_TARGET, MAX_TARGET + 1)) * 3,
                                 final_target=MAX_TARGET, goals=(MAX_GOAL,) * 5)
    assert {card.back for card in rules.number_cards(6)} == {7, 8, 9, 10}


def test_a_record_with_a_target_of_30_is_refused():
    record = json.loads(dumps(Record(2, 1)))
    record["rules"]["final_target"] = 30
    with pytest.raises(RecordError, match="rules are not valid: a target must be"):
        loads(json.dumps(record))


# ---- 6. records no longer than a real game -----------------------------------------------------


def test_a_record_longer_than_any_real_game_is_refused_before_replaying():
    record = json.loads(dumps(Record(2, 1)))
    record["actions"] = ["R3"] * (MAX_ACTIONS + 1)
    text = json.dumps(record)
    started = time.perf_counter()
    with pytest.raises(RecordError, match=r"actions hold 10,001 moves, more than any real game"):
        loads(text)
    with pytest.raises(RecordError, match="more than any real game"):
        from_fragment(fragment_of(text))
    assert time.perf_counter() - started < 1  # refused before replaying (which takes seconds)


def test_a_long_legal_record_within_the_limit_still_opens():
    record = placing_record(600)
    assert replay(loads(dumps(record))) == replay(record)
    assert replay(from_fragment(to_fragment(record))).step == 600


@pytest.mark.parametrize("field, count", [("deck", 55), ("tcards", 81)])
def test_stacked_piles_longer_than_the_cards_are_refused(field, count):
    data = json.loads(dumps(Record(2, 1)))
    data[field] = ["R3/7" if field == "deck" else "thief"] * count
    with pytest.raises(RecordError, match=f"the record's {field} hold {count} cards"):
        loads(json.dumps(data))


# ---- 9. odd objects handed to apply ------------------------------------------------------------


def odd_actions(state):
    face = state.hands[state.to_act][0]
    loose = PlayThief(1)
    object.__setattr__(loose, "kind", TKind.BOMB)  # an instance attribute over the class's
    empty = object.__new__(Place)  # no fields at all

    class Sub(Place):
        pass

    return [
        Capture(face, None), Capture(face, [face]), Capture(face, (1,)), Capture("R3", ()),
        PlayThief(1.0), PlayThief(True), PlayThief("1"), PlayJoker(1.0), PlayJoker(True),
        Place("R3"), Place(None), Place(face.value), "R3", None, 3, object(), loose, empty,
        Sub(face),
    ]


def test_actions_of_the_wrong_shape_are_illegal_with_a_sentence():
    state = new_game(3, 4)
    for action in odd_actions(state):
        with pytest.raises(IllegalAction, match=r" is not legal: .+") as error:
            apply(state, action)
        assert "Traceback" not in str(error.value)


def test_a_thief_on_a_float_seat_is_refused_although_it_compares_equal():
    # A state where seat 0 holds The Thief and may play it on seat 1.
    state = new_game(2, 1)
    held = tuple((TKind.THIEF,) if seat == state.turn else () for seat in range(2))
    state = state.__class__(**{**state.__dict__, "tcards_held": held})
    victim = 1 - state.turn
    assert PlayThief(victim) in legal_actions(state) and PlayThief(float(victim)) == PlayThief(victim)
    with pytest.raises(IllegalAction, match="victim must be a seat number"):
        apply(state, PlayThief(float(victim)))
    assert apply(state, PlayThief(victim)).step == 1
