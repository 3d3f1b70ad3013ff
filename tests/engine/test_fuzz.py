"""Fuzzing the doors through which text enters the game, with Hypothesis.

Random text, random bytes, mutated valid records (as text and as JSON), deep nesting, huge
and non-ASCII numbers go to:

  tweak.loads / tweak.from_fragment      only ``RecordError``
  tweak.parse_action                     only ``NotationError``
  ui.worker.hooks.parse_hooks (the address)     only ``SessionError``
  ui.worker.screens.start.save_summary (saved games)    only ``RecordError`` (a ``ValueError``)
  ui.worker.session.Session.from_save           only ``SessionError``

Each error must carry a sentence, and each call must be quick: every call is timed, the worst
time per door is printed at the end of the module, and a call over ``SLOW`` seconds fails.
``ui.worker.screens.start`` and ``ui.worker.session`` are pure Python importing only ``tweak``, so they run here under
Pyodide as well as CPython (the browser's interpreter is where a stack overflow would hide).

Deterministic (``derandomize=True``), with no example database (``database=None``), and
Hypothesis's other caches go to a temporary directory removed afterwards, so no ``.hypothesis/``
is left in the tree.  ``TWEAK_FUZZ_EXAMPLES`` sets the examples per test (default 150).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import string
import tempfile
import time
import zlib
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

from tweak import (
    COMPACT, NotationError, Record, RecordError, apply, dumps, from_fragment, legal_actions,
    loads, new_game, parse_action, to_fragment,
)
from tweak.record import _nesting
from ui.worker.session import Session
from ui.worker.errors import SessionError
from ui.worker.hooks import parse_hooks
from ui.worker.screens.start import save_summary

EXAMPLES = int(os.environ.get("TWEAK_FUZZ_EXAMPLES", "150"))
SLOW = 1.0  # seconds: more than this for one call fails the test
FUZZ = settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
WORST = {}  # door -> (seconds, input shown short)
HOME = tempfile.mkdtemp(prefix="tweak-hypothesis-")  # instead of ./.hypothesis/
set_hypothesis_home_dir(HOME)


def played(players, seed, actions, rules=None, **extra):
    """A valid record: ``actions`` random legal actions of a real game."""
    state = new_game(players, seed, rules) if rules else new_game(players, seed)
    record = Record(players, seed, rules, **extra) if rules else Record(players, seed, **extra)
    rng = Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        action = legal_actions(state)[int(rng.random() * len(legal_actions(state)))]
        state = apply(state, action)
        record = record.then(action)
    return record


RECORDS = [
    played(2, 1, 40),
    played(4, 7, 120, names=("Zoë", "Ada", "李", "Blaise"),
           seats=("human", "bot:easy", "bot:hard", "bot:medium")),
    played(3, 11, 60, COMPACT.with_changes(goals=(60,) * 5, red_multiplier=3)),
]
TEXTS = [dumps(record) for record in RECORDS]
ACTION_TEXTS = sorted({text for record in RECORDS for text in record.actions})


def call(door, function, value, allowed):
    """Call ``function(value)``; it may return or raise ``allowed`` with a sentence.  Record
    the time; fail on any other exception, an empty message or a slow call."""
    started = time.perf_counter()
    try:
        function(value)
    except allowed as error:
        message = str(error)
        assert len(message) >= 10 and "Traceback" not in message, (door, value, message)
    finally:
        took = time.perf_counter() - started
        if took > WORST.get(door, (0.0, ""))[0]:
            WORST[door] = (took, repr(value)[:60])
    assert took < SLOW, f"{door} took {took:.2f} s on {value!r:.200}"


@pytest.fixture(scope="module", autouse=True)
def report_worst_times(request):
    yield
    shutil.rmtree(HOME, ignore_errors=True)
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if not WORST or capture is None:
        return
    with capture.global_and_fixture_disabled():  # shown even when the tests pass
        print(f"\nfuzz: worst time per door ({EXAMPLES} examples per test):")
        for door, (took, shown) in sorted(WORST.items()):
            print(f"  {door:30} {took * 1000:8.1f} ms  on {shown}")


# ---- strategies ---------------------------------------------------------------------------

DIGITS = "0123456789²³¹٣١٠۷߇०১੧௫໒༣၄៦᠗０９"  # ASCII and other Unicode digits (isdigit() is True)
huge_numbers = st.one_of(
    st.integers(), st.integers(min_value=2**63 - 5, max_value=2**70),
    st.integers(min_value=-(10**50), max_value=10**50),
    st.text(alphabet="0123456789", min_size=300, max_size=5000),
)
number_texts = st.one_of(
    st.text(alphabet=DIGITS, min_size=1, max_size=8),
    st.text(alphabet="0123456789", min_size=1, max_size=6000),
    st.integers(min_value=-5, max_value=2**60).map(str),
    st.text(max_size=10),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=False) | st.integers()
    | st.integers(min_value=10**20, max_value=10**40) | st.text(max_size=20)
    | st.sampled_from(ACTION_TEXTS),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=20,
)
deep = st.builds(
    lambda depth, opener, closed, inner: opener * depth + inner
    + ("".join({"[": "]", '{"a":': "}"}[opener] for _ in range(depth)) if closed else ""),
    st.integers(min_value=1, max_value=20_000), st.sampled_from(["[", '{"a":']), st.booleans(),
    st.sampled_from(["", "1", '"x"', "[]"]),
)
FIELDS = ["format", "players", "seed", "rules", "actions", "deck", "tcards", "dealer", "names",
          "seats", "extra"]
RULE_KEYS = ["edition", "colours_by_players", "tcard_counts", "red_multiplier", "tcard_points",
             "goals", "hand_size", "table_refill", "target_cycle", "final_target"]


@st.composite
def mutated_json(draw):
    """A valid record with one to three fields (or rule settings, or actions) replaced."""
    data = json.loads(draw(st.sampled_from(TEXTS)))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        where = draw(st.sampled_from(["field", "rule", "action", "actions"]))
        value = draw(st.one_of(json_values, huge_numbers, deep.map(lambda t: t)))
        if where == "field":
            data[draw(st.sampled_from(FIELDS))] = value
        elif where == "rule" and isinstance(data.get("rules"), dict):
            data["rules"][draw(st.sampled_from(RULE_KEYS))] = value
        elif where == "action" and isinstance(data.get("actions"), list) and data["actions"]:
            index = draw(st.integers(min_value=0, max_value=len(data["actions"]) - 1))
            data["actions"][index] = draw(st.one_of(
                st.sampled_from(ACTION_TEXTS), action_texts, st.just(value)))
        else:
            data["actions"] = draw(st.lists(st.sampled_from(ACTION_TEXTS), max_size=200))
    text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    return text


@st.composite
def mutated_text(draw):
    """A valid record's text with characters deleted, inserted, replaced or repeated."""
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        at = draw(st.integers(min_value=0, max_value=len(text)))
        size = draw(st.integers(min_value=0, max_value=30))
        how = draw(st.sampled_from(["delete", "insert", "replace", "repeat", "digits"]))
        if how == "delete":
            text = text[:at] + text[at + size:]
        elif how == "insert":
            text = text[:at] + draw(st.text(max_size=30)) + text[at:]
        elif how == "replace":
            text = text[:at] + draw(st.text(min_size=1, max_size=3)) + text[at + 1:]
        elif how == "repeat":
            text = text[:at] + text[at:at + size] * draw(st.integers(1, 500)) + text[at:]
        else:
            text = text[:at] + draw(number_texts) + text[at:]
    return text


action_texts = st.one_of(
    st.text(max_size=20),
    st.sampled_from(ACTION_TEXTS),
    st.builds(lambda a, b: a + b, st.sampled_from(["R", "o", "thief@", "joker", "P6x", "R3xO"]),
              st.text(alphabet=DIGITS + "+-x@/ROYGBP", max_size=12)),
    st.builds(lambda t, i, c: t[:i] + c + t[i + 1:], st.sampled_from(ACTION_TEXTS),
              st.integers(0, 8), st.text(min_size=1, max_size=2)),
)
record_texts = st.one_of(st.text(), mutated_text(), mutated_json(), deep,
                         st.sampled_from(TEXTS))


def fragment(text: str) -> str:
    packed = zlib.compress(text.encode("utf-8", "replace"), 9)
    return "1." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


fragments = st.one_of(
    record_texts.map(fragment),
    st.text(alphabet=string.ascii_letters + string.digits + "-_.=", max_size=200).map(
        lambda body: "1." + body),
    st.binary(max_size=300).map(
        lambda raw: "1." + base64.urlsafe_b64encode(raw).decode("ascii")),
    st.text(max_size=50),
    st.sampled_from([to_fragment(record) for record in RECORDS]).flatmap(
        lambda good: st.integers(2, len(good) - 1).map(lambda cut: good[:cut])),
)


# ---- the doors ------------------------------------------------------------------------------


@FUZZ
@given(record_texts)
def test_loads_refuses_anything_but_a_record_with_a_record_error(text):
    call("tweak.loads", loads, text, RecordError)


@FUZZ
@given(st.binary(max_size=500) | record_texts.map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_loads_takes_bytes_too(raw):
    call("tweak.loads (bytes)", loads, raw, RecordError)


@FUZZ
@given(fragments)
def test_from_fragment_refuses_any_bad_link_with_a_record_error(text):
    call("tweak.from_fragment", from_fragment, text, RecordError)


@FUZZ
@given(action_texts)
def test_parse_action_refuses_bad_notation_with_a_notation_error(text):
    call("tweak.parse_action", parse_action, text, NotationError)


@FUZZ
@given(st.dictionaries(
    st.sampled_from(["seed", "goal", "dealer", "tcards", "pace", "other"]),
    st.one_of(number_texts, st.text(max_size=40),
              st.lists(st.sampled_from(["thief", "joker", "change", "bomb", "", " x", "²"]),
                       max_size=100).map(",".join)),
))
def test_parse_hooks_refuses_a_bad_address_with_a_session_error(params):
    call("ui.worker.hooks.parse_hooks", parse_hooks, params, SessionError)


@FUZZ
@given(record_texts)
def test_save_summary_refuses_a_bad_save_with_a_value_error(text):
    call("ui.worker.screens.start.save_summary", save_summary, text, ValueError)


@settings(FUZZ, max_examples=max(10, EXAMPLES // 3))
@given(record_texts)
def test_session_from_save_refuses_a_bad_save_with_a_session_error(text):
    call("ui.worker.session.Session.from_save", Session.from_save, text, SessionError)


def nested(value, depth, kinds):
    """``value`` wrapped in ``depth`` lists or objects (``kinds`` picks which, cycling)."""
    for level in range(depth):
        value = [value] if kinds[level % len(kinds)] else {"k": value, "s": "[{"}
    return value


@FUZZ
@given(json_values | st.builds(nested, json_values, st.integers(0, 200),
                               st.lists(st.booleans(), min_size=1, max_size=4)))
def test_the_nesting_scan_agrees_with_the_real_depth(value):
    def depth(item):
        if isinstance(item, list):
            return 1 + max(map(depth, item), default=0)
        if isinstance(item, dict):
            return 1 + max(map(depth, item.values()), default=0)
        return 0

    text = json.dumps(value)
    real = depth(value)
    # At most MAX_NESTING (16) brackets in all: the scan answers 16 without looking further.
    assert _nesting(text) == real or (real <= 16 and _nesting(text) == 16)


def test_the_fuzzers_start_from_records_that_load():
    for text, record in zip(TEXTS, RECORDS):
        assert loads(text) == record and from_fragment(to_fragment(record)) == record
        assert save_summary(text).startswith(f"{record.players} players")
