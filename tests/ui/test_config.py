"""The page's configuration: pyscript.toml ships every Python file and loads nothing from a
CDN (STACK.md's traps), and index.html keeps the contract the browser tests rely on."""

from __future__ import annotations

import ast
import json
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "pyscript.toml"
INDEX = ROOT / "index.html"


def config():
    return tomllib.loads(CONFIG.read_text(encoding="utf-8"))


def test_every_python_file_of_tweak_and_ui_is_shipped():
    files = config()["files"]
    wanted = sorted(f"./{path.relative_to(ROOT).as_posix()}"
                    for package in ("tweak", "ui") for path in (ROOT / package).rglob("*.py")
                    if "__pycache__" not in path.parts)
    missing = [path for path in wanted if files.get(path) != path]
    assert not missing, ("pyscript.toml [files] must map these into the browser; add\n"
                         + "\n".join(f'"{path}" = "{path}"' for path in missing)
                         + "\nthere, and to the python-files list of index.html.")
    stale = [path for path in files if not (ROOT / path).exists()]
    assert not stale, "pyscript.toml lists files that do not exist: " + ", ".join(stale)


def test_index_preloads_exactly_the_shipped_files():
    """PyScript fetches [files] only after Pyodide boots; index.html preloads them meanwhile."""
    html = INDEX.read_text(encoding="utf-8")
    listed = re.search(r'<script type="application/json" id="python-files">(.*?)</script>',
                       html, re.S)
    assert listed, "index.html has no python-files list"
    assert sorted(json.loads(listed.group(1))) == sorted(config()["files"])


def test_the_runtime_is_local_and_no_packages_are_asked_for():
    data = config()
    assert data["interpreter"] == "./node_modules/pyodide/pyodide.mjs"
    # Even an empty "packages" makes PyScript fetch micropip, which the local runtime lacks.
    assert "packages" not in data
    text = CONFIG.read_text(encoding="utf-8")
    assert not re.search(r"=\s*\{", text), "PyScript's TOML parser rejects inline tables"


def test_index_loads_only_its_own_files():
    html = INDEX.read_text(encoding="utf-8")
    for url in re.findall(r'(?:src|href)="([^"]*)"', html):
        assert url.startswith("./") or url == "data:,", f"{url} is not a file of this site"
    assert "//" not in "".join(re.findall(r'(?:src|href)="([^"]*)"', html))
    assert '<link rel="icon" href="data:,">' in html  # or the browser asks for /favicon.ico
    assert './node_modules/@pyscript/core/dist/core.js' in html
    assert './node_modules/@pyscript/core/dist/core.css' in html
    assert re.search(r'<script type="py" src="\./ui/main\.py" config="\./pyscript\.toml">', html)


def test_index_keeps_the_page_contract():
    html = INDEX.read_text(encoding="utf-8")
    for marker in ('<section id="start-screen"', 'id="deal"', 'id="loading"', 'id="game"',
                   'id="how-to-play"'):
        assert marker in html
    # The start form offers 2-6 seats, Human or Computer, and both editions (R1, R2).
    assert re.findall(r'name="players" value="(\d)"', html) == ["2", "3", "4", "5", "6"]
    assert len(re.findall(r'<select class="kind" name="kind-\d"', html)) == 6
    assert 'value="classic"' in html and 'value="compact"' in html


def test_only_main_touches_the_browser():
    """ui/render.py, ui/session.py and the rest stay testable under CPython."""
    for path in (ROOT / "ui").glob("*.py"):
        if path.name == "main.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert name.split(".")[0] not in ("js", "pyscript", "pyodide"), \
                    f"{path.name} imports {name}"
