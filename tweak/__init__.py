"""TWEAK!'s rules engine: pure Python (standard library only), the same under CPython and Pyodide.

    >>> import tweak
    >>> state = tweak.new_game(players=3, seed=42)    # R8, R9: round 1 dealt
    >>> me = tweak.view(state, state.to_act)          # what the seat to act may know (R21)
    >>> state = tweak.apply(state, me.legal[-1])      # one of tweak.legal_actions(state)

* ``new_game``, ``legal_actions``, ``apply``: the rules (``tweak.engine``), over a frozen
  ``State`` whose ``results``, ``totals``, ``is_over`` and ``winners`` keep the score.
* ``view(state, seat)``: a ``PlayerView``, the only door to hidden cards (R20, R21).
* The notation: ``format_action`` / ``parse_action``, ``Face.parse``, ``Card.parse``
  (``tweak.actions``).  Records: ``Record``, ``dumps`` / ``loads``, ``to_fragment`` /
  ``from_fragment``, ``replay`` (``tweak.record``).  Rule sets: ``CLASSIC``, ``COMPACT``,
  ``Rules.with_changes`` (R1–R3, ``tweak.rules``).
* Errors are ``ValueError``s with a sentence: ``IllegalAction``, ``NotationError``,
  ``RecordError``, ``RulesError``.  Computer opponents: ``tweak.bots`` (``make_bot``).
"""

import sys
from types import ModuleType

# Every name is imported from its module when first used (PEP 562), not here: the page's worker
# answers its first call (the start screen) without building the engine's dataclasses
# (docs/architecture.md, "Start-up").  ``import tweak`` and ``from tweak import apply`` work.
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
    submodule once it has loaded: keep the function."""

    def __setattr__(self, name, value):
        if name == "view" and isinstance(value, ModuleType):
            value = value.view
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
