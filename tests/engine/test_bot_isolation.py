"""Bots cannot reach past their view (R21), checked on the source like test_architecture.py.

A bot gets only its seat's ``PlayerView``.  Python would let a module climb out of that: walk
the caller's frames to the engine's ``State`` (``sys._getframe``, ``f_back``), list every live
object (``gc.get_objects``), read another module's globals (``__globals__``), or load code at
run time.  So no module in ``tweak/bots/`` may

* import an introspection or process module (``gc``, ``inspect``, ``sys``, ``ctypes``,
  ``traceback``, ``importlib`` and the others in ``FORBIDDEN_MODULES``), nor import anything
  at run time (``__import__``, ``exec``, ``eval``, ``compile``, ``globals``, ``locals``,
  ``vars``: ``FORBIDDEN_NAMES``);
* touch frames, code objects or other modules' namespaces by attribute (``_getframe``,
  ``f_back``, ``__globals__``, ``__dict__``, ``modules`` …: ``FORBIDDEN_ATTRIBUTES``),
  whether written as ``obj.attr`` or as a string given to ``getattr``.

The tournament seeds bots independently of the deal (tweak/tournament.py), so a bot's own seed
tells it nothing either; that is tested at the end.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tweak import CLASSIC
from tweak.tournament import bot_seed_of, play_deal

ROOT = Path(__file__).resolve().parents[2]
BOTS = sorted((ROOT / "tweak" / "bots").glob("*.py"))

FORBIDDEN_MODULES = {
    "gc", "inspect", "sys", "ctypes", "traceback", "importlib", "builtins", "types", "dis",
    "code", "codeop", "pdb", "bdb", "faulthandler", "tracemalloc", "marshal", "pickle",
    "copyreg", "os", "posix", "io", "pathlib", "runpy", "pkgutil", "zipimport", "site",
    "threading", "_thread", "multiprocessing", "subprocess", "signal", "weakref", "atexit",
    "__main__", "js", "pyodide", "pyscript", "ui", "tweak.tournament", "tweak.record",
}
FORBIDDEN_NAMES = {"__import__", "exec", "eval", "compile", "globals", "locals", "vars",
                   "breakpoint", "open", "input", "__builtins__", "__loader__", "__spec__"}
FORBIDDEN_ATTRIBUTES = {
    "_getframe", "_current_frames", "settrace", "setprofile", "modules", "get_objects",
    "get_referrers", "get_referents", "f_back", "f_locals", "f_globals", "f_code", "f_builtins",
    "gi_frame", "cr_frame", "ag_frame", "tb_frame", "tb_next", "__traceback__", "__globals__",
    "__closure__", "__code__", "__builtins__", "__subclasses__", "__dict__", "__self__",
    "__func__", "__module__", "__import__", "__loader__", "__spec__", "sys", "_os", "getstate",
}


def problems(source: str, package: str = "tweak.bots") -> list:
    """Every forbidden import, name or attribute in ``source`` (a bot module's text)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        modules = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            modules = [module] + [f"{module}.{alias.name}" for alias in node.names]
        for module in modules:
            parts = module.split(".")
            for depth in range(1, len(parts) + 1):
                if ".".join(parts[:depth]) in FORBIDDEN_MODULES:
                    found.append(f"line {node.lineno}: imports {module}")
                    break
        if isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            found.append(f"line {node.lineno}: uses {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            found.append(f"line {node.lineno}: touches .{node.attr}")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and node.value in FORBIDDEN_ATTRIBUTES | FORBIDDEN_NAMES):
            found.append(f"line {node.lineno}: names {node.value!r} (getattr?)")
    return found


def test_there_are_bot_modules_to_check():
    assert len(BOTS) >= 5 and any(path.name == "hard.py" for path in BOTS)


@pytest.mark.parametrize("path", BOTS, ids=lambda path: path.name)
def test_no_bot_module_can_introspect_its_way_to_hidden_cards(path):
    found = problems(path.read_text(encoding="utf-8"))
    assert not found, f"tweak/bots/{path.name}: " + "; ".join(found)


@pytest.mark.parametrize("source", [
    "import gc", "import sys", "from inspect import currentframe", "import ctypes.util",
    "from importlib import import_module", "import traceback as tb", "from .. import record",
    "from ..tournament import play_deal", "from os import environ",
    "frame = view.f_back", "x = f.__globals__['state']", "sys._getframe(1)",
    "getattr(thing, 'f_back')", "__import__('gc')", "eval('1')", "g = globals()",
    "rng.getstate()",
])
def test_the_checker_sees_each_kind_of_escape(source):
    assert problems(source)


@pytest.mark.parametrize("source", [
    "from random import Random", "from ..engine import apply", "from .knowledge import Knowledge",
    "self.rng = Random(seed)", "import platform", "view.legal[0]",
])
def test_the_checker_lets_ordinary_bot_code_through(source):
    assert not problems(source)


def test_tournament_bots_are_seeded_apart_from_the_deal():
    # The same deal, rotation and seat give different bot seeds under different run seeds, and
    # a bot's seed is no simple function of the deal (the old (deal * 6 + rotation) * 6 + seat
    # could be inverted).
    seeds = {bot_seed_of(run, 7, 0, 0) for run in range(20)}
    assert len(seeds) == 20
    assert bot_seed_of(1, 7, 0, 0) != (7 * 6 + 0) * 6 + 0
    # The bot seed, not the deal alone, decides the bots' play: with random bots, two bot
    # seeds give different games of the same deal (and the same bot seed the same games).
    first = play_deal(("random", "random"), 3, CLASSIC, bot_seed=1)
    again = play_deal(("random", "random"), 3, CLASSIC, bot_seed=1)
    other = [play_deal(("random", "random"), 3, CLASSIC, bot_seed=seed) for seed in (2, 3, 4)]
    assert (first.points, first.game_rounds) == (again.points, again.game_rounds)
    assert any((game.points, game.game_rounds) != (first.points, first.game_rounds)
               for game in other)
