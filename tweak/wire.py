"""A ``PlayerView`` as plain JSON data, for another device: ``to_wire(view)`` and
``from_wire(data)``.

The host's engine sends each guest device its own seat's view, the same ``tweak.view`` the
bots get, and nothing else (no other hand, no deck order, no markup).  The form is a JSON
object: ``{"v": WIRE_VERSION, "view": {field: value}}``, cards and actions in the notation
(``R3``, ``R3xO2+R1``), events as ``[name, {field: value}]``, the rule set as
``Rules.to_dict``.  ``from_wire`` checks every field's type and range, so a malformed or
hostile message raises ``WireError`` with a sentence and never builds a half-made view.
The seat's legal actions are not sent (a crowded table has thousands): ``from_wire`` asks the
engine for them, ``legal_actions`` of a world the view could be (``tweak.bots.determinize``),
which a seat's own choices do not depend on the hidden cards of.
"""

from __future__ import annotations

from dataclasses import fields, replace

from . import events as ev
from .cards import Face, NotationError, TKind
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules, RulesError
from .state import RoundResult, ScoreRow
from .view import PlayerView
from .words import N_, TweakError, callout

__all__ = ["WIRE_VERSION", "WireError", "to_wire", "from_wire"]

WIRE_VERSION = 1
MAX_CARDS = 120  # more than a whole deck: no honest list of cards is longer
MAX_NUMBER = 10 ** 6  # scores, counts and targets are far below it
MAX_EVENTS = 200
MAX_TEXT = 200


class WireError(TweakError):
    """A view received from another device is malformed; the message says where."""


# ---- the value kinds: each an (encode, decode) pair ----------------------------------------


def _fail(where, what, value):
    raise WireError(N_("{where} must be {what}, not {value}"), where=where, what=what,
                    value=repr(value)[:60])


def _number(low=-MAX_NUMBER, high=MAX_NUMBER):
    def decode(value, where):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            _fail(where, f"a whole number from {low} to {high}", value)
        return value
    return (lambda value: value), decode


def _flag():
    def decode(value, where):
        if not isinstance(value, bool):
            _fail(where, "true or false", value)
        return value
    return (lambda value: value), decode


def _text(limit=MAX_TEXT):
    def decode(value, where):
        if not isinstance(value, str) or len(value) > limit:
            _fail(where, f"a text of at most {limit} characters", value)
        return value
    return (lambda value: value), decode


def _choice(options):
    def decode(value, where):
        if value not in options:
            _fail(where, " or ".join(options), value)
        return value
    return (lambda value: value), decode


def _parsed(parse, what):
    """A value in its notation (``str(value)``), read back with ``parse``."""
    def decode(value, where):
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            _fail(where, what, value)
        try:
            return parse(value)
        except NotationError:
            _fail(where, what, value)
    return str, decode


def _optional(kind):
    encode, decode = kind
    return ((lambda value: None if value is None else encode(value)),
            (lambda value, where: None if value is None else decode(value, where)))


def _many(kind, limit=MAX_CARDS):
    encode, decode = kind

    def decoded(value, where):
        if not isinstance(value, list) or len(value) > limit:
            _fail(where, f"a list of at most {limit} items", value)
        return tuple(decode(item, f"{where}[{index}]") for index, item in enumerate(value))
    return (lambda value: [encode(item) for item in value]), decoded


def _record(cls, kinds, rebuild=None):
    """A frozen dataclass as an object of its fields, each of the kind ``kinds`` names;
    ``rebuild(values)`` may recompute fields from others rather than trust them."""
    names = [field.name for field in fields(cls)]

    def encode(value):
        return {name: kinds[name][0](getattr(value, name)) for name in names}

    def decode(value, where):
        if not isinstance(value, dict) or set(value) != set(names):
            _fail(where, f"an object of {', '.join(names)}", value)
        values = {name: kinds[name][1](value[name], f"{where}.{name}") for name in names}
        return cls(**(rebuild(values) if rebuild else values))
    return encode, decode


def _rules():
    def decode(value, where):
        try:
            return Rules.from_dict(value)
        except (RulesError, TypeError):
            _fail(where, "a rule set", value)
    return (lambda rules: rules.to_dict()), decode


SEAT = _number(0, MAX_PLAYERS - 1)
COUNT = _number(0, MAX_CARDS)
NUMBER = _number()
FACE = _parsed(Face.parse, "a card in the notation, e.g. R3")
FACES = _many(FACE)
SEATS = _many(SEAT, MAX_PLAYERS)
PER_SEAT = _many(NUMBER, MAX_PLAYERS)
TKIND = _parsed(TKind.parse, "a [T!] card: thief, joker, change or bomb")

ROW = _record(ScoreRow, {name: SEAT if name == "seat" else NUMBER
                         for name in (field.name for field in fields(ScoreRow))})
RESULT = _record(RoundResult, {"round": NUMBER, "dealer": SEAT, "rows": _many(ROW, MAX_PLAYERS),
                               "discarded": FACES})


def _captured(values):
    # The called-out sum follows from the cards (R14): said again here, never taken as sent.
    values["callout"] = callout([values["card"].value] + [face.value for face in values["taken"]])
    return values


EVENTS = {cls.__name__: (cls, _record(cls, kinds, rebuild)) for cls, kinds, rebuild in (
    (ev.RoundStarted, {"round": NUMBER, "dealer": SEAT, "first": SEAT}, None),
    (ev.Dealt, {"seat": SEAT, "count": COUNT, "cards": FACES}, None),
    (ev.TableDealt, {"cards": FACES}, None),
    (ev.TurnStarted, {"seat": SEAT, "target": NUMBER}, None),
    (ev.TurnLost, {"seat": SEAT}, None),
    (ev.ThiefPlayed, {"seat": SEAT, "victim": SEAT, "card": FACE}, None),
    (ev.JokerPlayed, {"seat": SEAT, "delta": _number(-1, 1), "target": NUMBER}, None),
    (ev.ChangePlayed, {"seat": SEAT, "card": FACE, "target": NUMBER}, None),
    (ev.BombPlayed, {"seat": SEAT, "victims": SEATS}, None),
    (ev.GaveUp, {"seat": SEAT, "card": FACE}, None),
    (ev.Placed, {"seat": SEAT, "card": FACE}, None),
    (ev.Captured, {"seat": SEAT, "card": FACE, "taken": FACES, "callout": _text(),
                   "tweak": _flag()}, _captured),
    (ev.TCardWon, {"seat": SEAT, "kind": _optional(TKIND)}, None),
    (ev.Drew, {"seat": SEAT, "count": COUNT, "cards": FACES}, None),
    (ev.RoundEnded, {"result": RESULT}, None),
    (ev.GameEnded, {"winners": SEATS, "totals": PER_SEAT}, None),
)}


def _event():
    def encode(event):
        name = type(event).__name__
        return [name, EVENTS[name][1][0](event)]

    def decode(value, where):
        if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str)
                and value[0] in EVENTS):
            _fail(where, "an event: [name, fields]", value)
        return EVENTS[value[0]][1][1](value[1], f"{where}[1]")
    return encode, decode


VIEW_KINDS = {
    "seat": SEAT, "players": _number(MIN_PLAYERS, MAX_PLAYERS), "rules": _rules(),
    "round": NUMBER, "dealer": SEAT, "turn": SEAT, "to_act": _optional(SEAT),
    "phase": _choice(("play", "bomb", "over")),
    "target": NUMBER, "joker": _number(-1, 1), "deck_top": _optional(NUMBER),
    "deck_size": COUNT, "tcard_pile_size": COUNT, "table": FACES, "hand": FACES,
    "hand_sizes": _many(COUNT, MAX_PLAYERS), "captured": _many(FACES, MAX_PLAYERS),
    "tcards_held": _many(_many(TKIND, 40), MAX_PLAYERS),
    "tcards_used": _many(_many(TKIND, 40), MAX_PLAYERS), "tweaks": PER_SEAT,
    "tcard_played": _flag(), "bomb_queue": SEATS, "totals": PER_SEAT,
    "results": _many(RESULT, 500), "winners": SEATS,
    "events": _many(_event(), MAX_EVENTS),
}
SENT = tuple(VIEW_KINDS)  # every field of a PlayerView but ``legal``
# What is per seat must have one entry per player, and seats must be seats of this game.
PER_PLAYER = ("hand_sizes", "captured", "tcards_held", "tcards_used", "tweaks", "totals")


def to_wire(view: PlayerView) -> dict:
    """``view`` as JSON-ready data: ``{"v": WIRE_VERSION, "view": {...}}``."""
    return {"v": WIRE_VERSION,
            "view": {name: VIEW_KINDS[name][0](getattr(view, name)) for name in SENT}}


def from_wire(data) -> PlayerView:
    """The ``PlayerView`` that ``to_wire`` made ``data`` of (parsed JSON).  Raises
    ``WireError`` with a sentence when ``data`` is of another version, has a field missing,
    extra, of the wrong type or out of range, or names a seat the game does not have."""
    if not isinstance(data, dict) or set(data) != {"v", "view"}:
        raise WireError(N_("a view must be an object of v and view"))
    if data["v"] != WIRE_VERSION:
        raise WireError(N_("this view is of version {version}, not {expected}"),
                        version=repr(data["v"])[:20], expected=WIRE_VERSION)
    fields_ = data["view"]
    if not isinstance(fields_, dict) or set(fields_) != set(SENT):
        raise WireError(N_("a view must be an object of its fields: {names}"),
                        names=", ".join(SENT))
    view = PlayerView(legal=(), **{name: VIEW_KINDS[name][1](fields_[name], f"view.{name}")
                                   for name in SENT})
    players = view.players
    for name in PER_PLAYER:
        if len(getattr(view, name)) != players:
            raise WireError(N_("view.{name} must have one entry per player"), name=name)
    seats = (view.seat, view.dealer, view.turn, *view.bomb_queue, *view.winners)
    if any(seat >= players for seat in seats) or (
            view.to_act is not None and view.to_act >= players):
        raise WireError(N_("the view names a seat this {players}-player game does not have"),
                        players=players)
    if len(view.hand) != view.hand_sizes[view.seat]:
        raise WireError(N_("the view's hand does not match its hand size"))
    if view.to_act != view.seat or view.phase == "over":
        return view
    from random import Random

    from .bots.sampling import determinize
    from .engine import legal_actions

    try:
        legal = legal_actions(determinize(view, Random(0), place_slip=None))
    except Exception:  # noqa: BLE001 — a view no game could show breaks the sampler somewhere
        raise WireError(N_("the view is of no game that can be played")) from None
    return replace(view, legal=legal)
