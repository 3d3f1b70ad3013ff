"""Game records: a game *is* its rule set, its seed and its actions (docs/architecture.md,
"Records and saves": the formats and the limits).

A ``Record`` replays a game from the start (``replay``, ``Record.states``) and carries metadata
that replay ignores.  Its text forms are JSON (``dumps`` / ``loads``, format ``tweak-record/1``)
and a link fragment (``to_fragment`` / ``from_fragment``, for ``#g=``).  Every text read is
untrusted: a malformed one, or one past the limits below (checked before anything is replayed,
so no save or link can freeze or crash a page), raises ``RecordError`` (a ``ValueError``) with
a sentence, e.g. "action 12 (R3xO2) cannot be replayed: …".
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
MAX_TEXT = 1_000_000  # characters of JSON (and of a link's body and its unpacked JSON)
# Levels of JSON arrays and objects; a record nests 2 deep.  Counted before the JSON parser
# sees the text: the parser recurses per level, and on wasm32 the stack overflows long before
# Python's recursion limit (docs/architecture.md, "Runtime facts").
MAX_NESTING = 16
# A round plays each number card from a hand at most once, plus the [T!] cards won: the
# longest games the rules allow measured 2,185 actions (tests/bench/bench_limits.py;
# docs/architecture.md, "Records and saves"), a default game about 150.
MAX_ACTIONS = 10_000
MAX_DECK = 54  # R1: the 54 number cards
MAX_TCARDS = 80  # 4 kinds of [T!] card, at most 20 each (tweak.rules)


# A daily deal's date as records hold it (its calendar check is ui/worker/daily.py's).
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class RecordError(TweakError):
    """A record that cannot be read or replayed; the message says why."""


@dataclass(frozen=True)
class Record:
    """What it takes to replay a game from the start, and metadata that replay ignores."""

    players: int  # as given to new_game
    seed: int
    rules: Rules = CLASSIC
    actions: tuple = ()  # the actions applied so far, in notation (tweak.actions)
    deck: object = None  # round 1's stacked deck, [T!] pile and dealer, if the game stacked them
    tcards: object = None
    dealer: object = None
    # Metadata, each written to JSON only when set, so older records read unchanged:
    names: tuple = ()  # seat names shown to players
    seats: tuple = ()  # seat kinds such as "human" or "bot:medium"
    practice: bool = False  # a move was taken back: the game counts in no statistics
    daily: str = ""  # "YYYY-MM-DD": that UTC day's daily deal (ui/worker/daily.py)

    def start(self) -> State:
        """The state before any action; ``RecordError`` if the game cannot be set up."""
        try:
            return new_game(self.players, self.seed, self.rules, deck=self.deck,
                            tcards=self.tcards, dealer=self.dealer)
        except (ValueError, TypeError) as error:
            raise RecordError(N_("the record's game cannot be set up: {error}"),
                              error=error) from None

    def states(self):
        """Yield the state before any action, then after each action; ``RecordError`` naming
        the first action that cannot be replayed."""
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
    """The state at the end of the record; ``RecordError`` (a ``ValueError``) with a sentence if
    its game cannot be set up or an action cannot be replayed."""
    state = None
    for state in record.states():
        pass
    return state


def to_dict(record: Record) -> dict:
    """The record as JSON data (format ``FORMAT``); metadata only when set."""
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
    """The record of ``to_dict``'s data, checked field by field (and against the limits) and
    set up once; ``RecordError`` with a sentence for anything else."""
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
    ``MAX_NESTING`` (checked before parsing: see there) or not JSON."""
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
    """The record as compact JSON text (``loads`` reads it back)."""
    return json.dumps(to_dict(record), separators=(",", ":"), ensure_ascii=False)


def loads(text) -> Record:
    """The record of a JSON text (``dumps``); ``RecordError`` with a sentence if it is not one."""
    return from_dict(parse_json(text))


def to_fragment(record: Record) -> str:
    """The record as a link fragment: "1." + base64url(zlib(JSON)), unpadded (for ``#g=``)."""
    packed = zlib.compress(dumps(record).encode("utf-8"), 9)
    return _FRAGMENT_VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def from_fragment(text) -> Record:
    """The record of a ``to_fragment`` text; ``RecordError`` with a sentence if it is not one,
    is damaged or unpacks past ``MAX_TEXT``."""
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
