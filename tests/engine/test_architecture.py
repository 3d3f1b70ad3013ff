"""Architecture rules, checked on the source (docs/architecture.md: a pure engine; two threads).

* The engine (``tweak/``) imports only the standard library and itself: never ``js``,
  ``pyscript`` or ``pyodide``, so it runs the same in pytest, the terminal and the browser.
* In ``ui/``, only the main thread's Python (``ui/main_thread/``) may touch the browser (``js``,
  ``pyscript``, ``pyodide``); rendering and the session logic stay testable without one.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BROWSER_MODULES = {"js", "pyscript", "pyodide"}


def imported_roots(path: Path) -> set:
    """Top-level names of every absolute import in a Python file."""
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def python_files(folder: str) -> list:
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files, f"no Python files under {folder}/"
    return files


def test_the_engine_imports_only_the_standard_library_and_itself():
    stdlib = set(sys.stdlib_module_names)
    for path in python_files("tweak"):
        outside = imported_roots(path) - stdlib - {"tweak", "__future__"}
        assert not outside, f"{path.relative_to(ROOT)} imports {sorted(outside)}"
        assert not imported_roots(path) & BROWSER_MODULES


def test_only_the_main_threads_python_touches_the_browser():
    for path in python_files("ui"):
        if path.parent == ROOT / "ui" / "main_thread":
            continue
        touched = imported_roots(path) & BROWSER_MODULES
        assert not touched, f"{path.relative_to(ROOT)} imports {sorted(touched)}"


def test_the_checker_sees_imports():
    sample = ROOT / "tweak" / "view.py"
    assert "dataclasses" in imported_roots(sample)
