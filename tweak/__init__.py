"""TWEAK! — the rules engine.  Pure Python (stdlib only): it runs the same under CPython (tests,
bot tournaments, the terminal) and under Pyodide in the browser.

A game in five lines::

    >>> import tweak
    >>> state = tweak.new_game(players=3, seed=42)           # R8, R9: deal round 1
    >>> seat = state.to_act                                   # who must act now
    >>> me = tweak.view(state, seat)                          # what that seat may know (R21)
    >>> state = tweak.apply(state, me.legal[-1])              # one of tweak.legal_actions(state)

The pieces:

* ``new_game(players, seed, rules=CLASSIC, *, deck=None, tcards=None, dealer=None)`` — a new
  ``State``; ``deck=`` stacks round 1 for tests (cards like ``"R3/7"``, top first).
* ``legal_actions(state)`` — every legal action of ``state.to_act`` (the active player, or a
  bombed player choosing a card).  ``apply(state, action)`` returns the next ``State`` and raises
  ``IllegalAction`` (a ``ValueError``) with a sentence for anything not listed.
* ``view(state, seat)`` — a ``PlayerView``: public information (R20) and the seat's own (R21),
  with ``legal`` filled in when that seat must act.  ``view(...).events`` are the last step's
  events as that seat may see them (``tweak.events.describe`` turns them into sentences).
* Rounds and the game: ``state.results`` (a ``RoundResult`` per finished round: a ``ScoreRow``
  per seat with cards, card points, red bonus, [T!] points, TWEAK!s, points, total),
  ``state.totals``, ``state.is_over``, ``state.winners``.
* Notation: ``format_action(action)`` / ``parse_action(text)``, ``str(face)`` /
  ``Face.parse("R3")``, ``str(card)`` / ``Card.parse("R3/7")``.  Grammar in ``tweak.actions``.
* Records: ``Record``, ``dumps`` / ``loads`` (JSON), ``to_fragment`` / ``from_fragment`` (a URL
  fragment), ``replay(record) -> State``.  Errors are ``RecordError`` (a ``ValueError``).
* Rule sets: ``CLASSIC`` (R1), ``COMPACT`` (R2), ``Rules.with_changes(...)`` for house rules (R3).
* Bots: ``tweak.bots.make_bot(level, seed)`` gives an object with ``choose(view) -> action``.
"""

import sys
from types import ModuleType

# Every name is imported from its module when first used (PEP 562), not here: the page's worker
# answers its first call (the start screen) without the engine, whose ~35 dataclasses take tens
# of milliseconds to build in the browser (issue 7).  ``import tweak`` and ``from tweak import
# apply`` work as ever.
_MODULE_OF = {
    "actions": ("Capture", "IllegalAction", "Place", "PlayBomb", "PlayChange", "PlayJoker",
                "PlayThief", "format_action", "parse_action"),
    "cards": ("Card", "Colour", "Face", "NotationError", "TKind"),
    "engine": ("apply", "legal_actions", "new_game"),
    "record": ("Record", "RecordError", "dumps", "from_fragment", "loads", "replay",
               "to_fragment"),
    "rules": ("CLASSIC", "COMPACT", "EDITIONS", "Rules", "RulesError"),
    "state": ("Phase", "RoundResult", "ScoreRow", "State"),
    "view": ("PlayerView", "view"),
}
_WHERE = {name: module for module, names in _MODULE_OF.items() for name in names}

__all__ = [
    "new_game", "legal_actions", "apply", "view", "State", "PlayerView", "Phase", "RoundResult",
    "ScoreRow", "Face", "Card", "Colour", "TKind", "Place", "Capture", "PlayThief", "PlayJoker",
    "PlayChange", "PlayBomb", "format_action", "parse_action", "IllegalAction", "NotationError",
    "Rules", "RulesError", "CLASSIC", "COMPACT", "EDITIONS", "Record", "RecordError", "dumps",
    "loads", "replay", "to_fragment", "from_fragment",
]


def __getattr__(name):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'tweak' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__():
    return sorted({*globals(), *__all__})


class _Package(ModuleType):
    """This package's module object.  ``tweak.view`` is the function, but the engine's own
    ``import tweak.view`` makes the import system set the package's ``view`` to that
    submodule once it has loaded: keep the function (as the eager imports once did)."""

    def __setattr__(self, name, value):
        if name == "view" and isinstance(value, ModuleType):
            value = value.view
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
