"""Shared pytest set-up for every test directory (engine, ui, e2e), under CPython and under
Pyodide in Node alike, so it imports nothing beyond the standard library and pytest.

The repository root goes first on ``sys.path`` so that ``import tweak``, ``import ui`` and
``import tools`` work however pytest is started (``python3 tests/run.py``, a bare ``pytest``,
or ``tests/pyodide/run.mjs``).  Browser fixtures live in ``tests/e2e/conftest.py``.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
