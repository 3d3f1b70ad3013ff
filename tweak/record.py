"""Game records: a game *is* its rule set, its seed and its actions (DESIGN habit 7).

A ``Record`` holds what it takes to replay a game from the start:
  players, seed, rules      as given to ``new_game``
  actions                   the actions applied so far, in notation (``tweak.actions``)
  deck, tcards, dealer      round 1's stacked deck / [T!] pile / dealer, if the game stacked them
  names                     seat names shown to players (metadata; replay ignores them)
  seats                     seat kinds such as "human" or "bot:medium" (metadata)
  practice                  True when a move was taken back: the game is practice and counts
                            in no statistics (metadata; JSON "practice": true, written only
                            when true, so older records read unchanged)
  daily                     "YYYY-MM-DD" when the game is that UTC day's daily deal (ui/worker/daily.py:
                            its seed and seats come from the date); metadata, written only when
                            set (JSON "daily": "2026-12-01")

Text forms:
  ``dumps(record)`` / ``loads(text)``          JSON, versioned by its "format" field
  ``to_fragment(record)`` / ``from_fragment``  "1." + base64url(zlib(JSON)), short enough for a
                                               URL fragment (#g=...)
``replay(record)`` returns the final state.  Every malformed input raises ``RecordError`` (a
``ValueError``) whose message says what is wrong, e.g. "action 12 (R3xO2) is not legal: ...".

Limits, checked before anything is replayed, so that no text (a save, a link) can freeze or
crash the page that opens it:
  MAX_TEXT      1,000,000 characters of JSON (and of a link's body and its unpacked JSON)
  MAX_NESTING   16 levels of JSON arrays and objects.  A record nests 2 deep; a deeper text is
                refused before the JSON parser sees it, because the parser recurses per level
                and in the browser (wasm32) the stack overflows long before Python's recursion
                limit would stop it ("[" * 5000 crashed Pyodide).  ``parse_json`` does this
                check for any caller (the start screen reads saves with it too).
  MAX_ACTIONS   10,000 actions.  A game cannot grow past it in real play: every number card
                passes through a hand at most once a round, so a round has at most 54 hand
                cards played plus the [T!] cards won, and the longest games the rules allow
                (goal 1000, red cards x1, [T!] cards worth 0, the fewest colours; random legal
                play, which captures less than people or bots) measured at most 2,185 actions
                (6 players; 878 for 2) in tests/bench/bench_limits.py, so the limit is 4.6
                times the longest; a default game is about 150.  Longer records, such as a
                link of 143,141 "place" actions that froze a tab for 18 s, are refused; a
                maximal record opens (parse + replay) in 0.3 s in Pyodide, 0.2 s in CPython
                (tests/bench/results/limits.txt).
  deck          at most 54 cards (the 54 number cards, R1); tcards at most 80 (4 kinds x 20)
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from array import array
from itertools import accumulate
from dataclasses import dataclass, replace

from .actions import format_action, parse_action
from .cards import NotationError
from .engine import apply, new_game
from .rules import CLASSIC, Rules, RulesError
from .state import State
from .words import N_, TweakError

__all__ = ["Record", "RecordError", "dumps", "loads", "replay", "to_fragment", "from_fragment",
           "parse_json", "FORMAT", "MAX_TEXT", "MAX_NESTING", "MAX_ACTIONS", "MAX_DECK",
           "MAX_TCARDS"]

FORMAT = "tweak-record/1"
_FRAGMENT_VERSION = "1."
MAX_TEXT = 1_000_000  # refuse absurdly large inputs before parsing them
MAX_NESTING = 16  # a record nests 2 deep (module docstring)
MAX_ACTIONS = 10_000  # 4.6x the longest game the rules allow, measured (module docstring)
MAX_DECK = 54  # R1: the 54 number cards
MAX_TCARDS = 80  # 4 kinds of [T!] card, at most 20 each (tweak.rules)


# A daily deal's date as records hold it (its calendar check is ui/worker/daily.py's).
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class RecordError(TweakError):
    """A record that cannot be read or replayed; the message says why."""


@dataclass(frozen=True)
class Record:
    players: int
    seed: int
    rules: Rules = CLASSIC
    actions: tuple = ()
    deck: object = None
    tcards: object = None
    dealer: object = None
    names: tuple = ()
    seats: tuple = ()
    practice: bool = False
    daily: str = ""

    def start(self) -> State:
        """The state before any action."""
        try:
            return new_game(self.players, self.seed, self.rules, deck=self.deck,
                            tcards=self.tcards, dealer=self.dealer)
        except (ValueError, TypeError) as error:
            raise RecordError(N_("the record's game cannot be set up: {error}"),
                              error=error) from None

    def states(self):
        """Yield the state before any action, then after each action."""
        state = self.start()
        yield state
        for number, text in enumerate(self.actions, 1):
            try:
                state = apply(state, parse_action(text))
            except ValueError as error:
                raise RecordError(N_("action {number} ({text}) cannot be replayed: {error}"),
                                  number=number, text=text, error=error) from None
            yield state

    def then(self, action) -> "Record":
        """This record with one more action."""
        return replace(self, actions=self.actions + (format_action(action),))


def replay(record: Record) -> State:
    """The state at the end of the record."""
    state = None
    for state in record.states():
        pass
    return state


def to_dict(record: Record) -> dict:
    data = {
        "format": FORMAT,
        "players": record.players,
        "seed": record.seed,
        "rules": record.rules.to_dict(),
        "actions": list(record.actions),
    }
    if record.deck is not None:
        data["deck"] = [str(card) for card in record.deck]
    if record.tcards is not None:
        data["tcards"] = [str(kind) for kind in record.tcards]
    if record.dealer is not None:
        data["dealer"] = record.dealer
    if record.names:
        data["names"] = list(record.names)
    if record.seats:
        data["seats"] = list(record.seats)
    if record.practice:
        data["practice"] = True
    if record.daily:
        data["daily"] = record.daily
    return data


def from_dict(data) -> Record:
    if not isinstance(data, dict):
        raise RecordError(N_("a game record must be a JSON object"))
    if data.get("format") != FORMAT:
        raise RecordError(N_("this is not a TWEAK! game record of format {expected} (format: "
                             "{format!r})"), expected=FORMAT, format=data.get("format"))
    known = {"format", "players", "seed", "rules", "actions", "deck", "tcards", "dealer",
             "names", "seats", "practice", "daily"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RecordError(N_("unknown field(s) in the record: {names}"), names=", ".join(unknown))
    try:
        rules = Rules.from_dict(data.get("rules", CLASSIC.to_dict()))
    except (RulesError, TypeError) as error:
        raise RecordError(N_("the record's rules are not valid: {error}"), error=error) from None
    players, seed = data.get("players"), data.get("seed")
    for name, value in (("players", players), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(N_("the record's {name} must be a whole number, not {value!r}"),
                              name=name, value=value)
    lists = {}
    for name in ("actions", "deck", "tcards", "names", "seats"):
        value = data.get(name)
        if value is None:
            continue
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise RecordError(N_("the record's {name} must be a list of texts"), name=name)
        if name in ("names", "seats") and len(value) != players:
            raise RecordError(N_("the record has {count} {name} for {players} players"),
                              count=len(value), name=name, players=players)
        lists[name] = tuple(value)
    longest = {"actions": MAX_ACTIONS, "deck": MAX_DECK, "tcards": MAX_TCARDS}
    for name, limit in longest.items():
        if len(lists.get(name, ())) > limit:
            if name == "actions":
                message = N_("the record's {name} hold {count:,} moves, more than any real game "
                             "({limit:,}); it is refused rather than replayed")
            else:
                message = N_("the record's {name} hold {count:,} cards, more than any real game "
                             "({limit:,}); it is refused rather than replayed")
            raise RecordError(message, name=name, count=len(lists[name]), limit=limit)
    for text in lists.get("actions", ()):
        try:
            parse_action(text)
        except NotationError as error:
            raise RecordError(error.sentence.message, **error.sentence.fields) from None
    dealer = data.get("dealer")
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
        raise RecordError(N_("the record's dealer must be a seat number, not {dealer!r}"),
                          dealer=dealer)
    practice = data.get("practice", False)
    if not isinstance(practice, bool):
        raise RecordError(N_("the record's practice mark must be true or false, not "
                             "{practice!r}"), practice=practice)
    daily = data.get("daily", "")
    if not isinstance(daily, str) or (daily and not _DAY.fullmatch(daily)):
        raise RecordError(N_("the record's daily deal must be a date (YYYY-MM-DD), not {daily!r}"),
                          daily=str(daily)[:40])
    record = Record(players=players, seed=seed, rules=rules, actions=lists.get("actions", ()),
                    deck=lists.get("deck"), tcards=lists.get("tcards"), dealer=dealer,
                    names=lists.get("names", ()), seats=lists.get("seats", ()),
                    practice=practice, daily=daily)
    record.start()  # a record whose game cannot even be set up is refused here
    return record


# ---- reading JSON safely ------------------------------------------------------------------

_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
# One signed byte per bracket: +1 opens a level, -1 (0xff) closes one.
_BRACKET_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


def _nesting(text: str) -> int:
    """How deep the arrays and objects of a JSON text nest (brackets inside strings do not
    count).  Linear, and in C but for a few calls: a megabyte takes milliseconds."""
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return MAX_NESTING  # at most that many opening brackets: no deeper than the limit
    # Inside a JSON string a backslash always starts a two-character escape, so dropping every
    # "\\" and then every '\"' leaves only the quotes that open and close strings; the
    # even-numbered pieces between quotes are then the text outside strings.  (In a text that
    # is not JSON this can miscount only past the first error, where the parser never goes.)
    plain = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(plain.split('"')[::2])
    brackets = _NOT_BRACKETS.sub("", outside).encode("ascii").translate(_BRACKET_STEPS)
    return max(accumulate(array("b", brackets)), default=0)


def parse_json(text) -> object:
    """The data of a JSON text that could be a game record: refuses (``RecordError``, with a
    sentence) a text that is not text, longer than ``MAX_TEXT`` characters, nested deeper than
    ``MAX_NESTING`` (checked before parsing: see the module docstring) or not JSON."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if not isinstance(text, str):
        raise RecordError(N_("a game record must be text"))
    if len(text) > MAX_TEXT:
        raise RecordError(N_("this is too large to be a game record"))
    if _nesting(text) > MAX_NESTING:
        raise RecordError(N_("this is not a game record (its data nest more than {levels} levels "
                             "deep)"), levels=MAX_NESTING)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        # ValueError: not JSON, or a number past Python's digit limit.  RecursionError cannot
        # happen below the nesting limit; it is named here only so it could never escape.
        if isinstance(error, json.JSONDecodeError):
            raise RecordError(N_("this is not a game record (it is not valid JSON: line {line}, "
                                 "column {column})"), line=error.lineno,
                              column=error.colno) from None
        raise RecordError(N_("this is not a game record (it is not valid JSON)")) from None


def dumps(record: Record) -> str:
    return json.dumps(to_dict(record), separators=(",", ":"), ensure_ascii=False)


def loads(text) -> Record:
    """The record of a JSON text (``dumps``); ``RecordError`` with a sentence if it is not one."""
    return from_dict(parse_json(text))


def to_fragment(record: Record) -> str:
    packed = zlib.compress(dumps(record).encode("utf-8"), 9)
    return _FRAGMENT_VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def from_fragment(text) -> Record:
    if not isinstance(text, str) or not text.startswith(_FRAGMENT_VERSION):
        raise RecordError(N_("this link does not hold a TWEAK! game"))
    body = text[len(_FRAGMENT_VERSION):].strip()
    if len(body) > MAX_TEXT:
        raise RecordError(N_("this link is too long to hold a TWEAK! game"))
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        decompressor = zlib.decompressobj()
        raw = decompressor.decompress(packed, MAX_TEXT)
    except (binascii.Error, ValueError, zlib.error):
        raise RecordError(N_("this link is damaged: its game cannot be read")) from None
    if decompressor.unconsumed_tail:
        raise RecordError(N_("this link's game is too large"))
    return loads(raw.decode("utf-8", "replace"))
