"""The page's configuration: the worker ships exactly the modules it imports and loads nothing
from a CDN (the runtime traps of docs/architecture.md), the main thread is MicroPython importing nothing of the game,
and index.html keeps the contract the browser tests rely on."""

from __future__ import annotations

import ast
import io
import json
import re
import tomllib
import zipfile
from pathlib import Path

from tools import catalogues, worker_archive
from ui.worker import i18n

ROOT = Path(__file__).resolve().parents[2]
WORKER_CONFIG = ROOT / "pyscript.toml"
MAIN_THREAD = ROOT / "ui" / "main_thread"
PAGE_CONFIGS = MAIN_THREAD / "pyscript_config.js"
INDEX = ROOT / "index.html"
BROWSER_MODULES = ("js", "pyscript", "pyodide", "pyodide_js")


def config(path=WORKER_CONFIG):
    return tomllib.loads(path.read_text(encoding="utf-8"))


def imports_of(path: Path) -> set:
    """Absolute names of the modules ``path`` imports (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def module_file(name: str):
    """The repo file of module ``name`` (a package's __init__.py), or None if not ours."""
    path = ROOT.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def worker_modules() -> set:
    """Every repo file the worker imports, transitively, from ui/worker/__main__.py (packages'
    __init__.py included: importing ``tweak.bots`` runs ``tweak/__init__.py`` first)."""
    seen, todo = set(), [ROOT / "ui" / "worker" / "__main__.py"]
    while todo:
        path = todo.pop()
        for name in imports_of(path):
            parts = name.split(".")
            for depth in range(1, len(parts) + 1):
                found = module_file(".".join(parts[:depth]))
                if found and found not in seen:
                    seen.add(found)
                    todo.append(found)
    return seen


def test_the_worker_ships_exactly_the_modules_it_imports():
    # Two archives in the worker's file system, written as they are (nothing unpacked) by
    # ui/worker/interpreter.mjs, not PyScript: the compiled catalogues (ui/worker/i18n.py reads
    # them from it), and the modules (tools/worker_archive.py's WORKER_ARCHIVE;
    # ui/worker/__main__.py imports from it) unless a restored snapshot holds them already.
    assert "files" not in config()
    interpreter = (ROOT / "ui" / "worker" / "interpreter.mjs").read_text(encoding="utf-8")
    for path in (worker_archive.WORKER_ARCHIVE, i18n.CATALOGUES):
        assert f'new URL("../../{path}", import.meta.url)' in interpreter, path
    assert i18n.CATALOGUES == catalogues.ARCHIVE and i18n.INDEX == catalogues.INDEX
    wanted = sorted(path.relative_to(ROOT).as_posix() for path in worker_modules())
    archived = worker_archive.worker_modules(ROOT)
    missing = sorted(set(wanted) - set(archived))
    assert not missing, ("the worker imports modules its archive lacks "
                         "(worker_archive.NOT_IN_WORKER?): " + ", ".join(missing))
    extra = sorted(set(archived) - set(wanted))
    assert not extra, ("the worker's archive holds modules it never imports; add them to "
                       "worker_archive.NOT_IN_WORKER: " + ", ".join(extra))


def test_the_worker_archive_holds_the_modules_at_their_paths_and_is_reproducible():
    # Each module, then its bytecode where zipimport looks for it (beside it: tools/bytecode.py).
    archive = worker_archive.python_archive(ROOT)
    with zipfile.ZipFile(io.BytesIO(archive)) as zipped:
        assert zipped.namelist() == [name for module in worker_archive.worker_modules(ROOT)
                                     for name in (module, module[:-3] + ".pyc")]
        assert zipped.read("tweak/engine.py") == (ROOT / "tweak/engine.py").read_bytes()
    # The same sources, the same bytes (the precache list's hash).
    assert worker_archive.python_archive(ROOT) == archive


def page_configs() -> dict:
    """ui/main_thread/pyscript_config.js's CONFIGS (JSON text in the module), by script type."""
    text = PAGE_CONFIGS.read_text(encoding="utf-8")
    return json.loads(re.search(r"export const CONFIGS = (\{.*?\n\});", text, re.S).group(1))


def test_the_runtimes_are_local_and_no_packages_are_asked_for():
    worker = config()
    assert worker["interpreter"] == "./ui/worker/interpreter.mjs"
    assert not re.search(r"=\s*\{", WORKER_CONFIG.read_text(encoding="utf-8")), \
        "PyScript's TOML parser rejects inline tables"
    page = page_configs()
    # The main thread's default for Pyodide scripts names the worker's runtime: PyScript then
    # creates the worker without first fetching pyscript.toml (ui/main_thread/pyscript_config.js).
    assert page["py"] == {"interpreter": worker["interpreter"]}
    # Given inline, a relative URL resolves against the page's own address
    # (docs/architecture.md, "PyScript configuration traps").
    assert page["mpy"]["interpreter"] == ("./node_modules/@micropython/micropython-webassembly-"
                                          "pyscript/micropython.mjs")
    for data in (worker, *page.values()):
        # Even an empty "packages" makes PyScript fetch micropip, which the runtime lacks.
        assert "packages" not in data
        assert (ROOT / data["interpreter"]).resolve().relative_to(ROOT)
    assert page["mpy"]["files"] == {"./ui/main_thread/page.py": "",
                                    "./ui/main_thread/storage.py": ""}, \
        "the main thread imports nothing of the game"


def test_the_page_turns_off_only_plugins_of_pyscript_it_does_not_use():
    text = PAGE_CONFIGS.read_text(encoding="utf-8")
    unused = json.loads(re.search(r"export const UNUSED_PLUGINS = (\[.*?\]);", text,
                                  re.S).group(1))
    plugins = (ROOT / "node_modules/@pyscript/core/src/plugins.js").read_text(encoding="utf-8")
    known = set(re.findall(r'"\./plugins/([\w-]+)\.js"', plugins))
    assert set(unused) < known, "a name PyScript does not know turns nothing off"
    # The error banner stays: ui/main_thread/boot.js turns it into a message with a Retry.
    assert "error" not in unused
    start = (MAIN_THREAD / "pyscript_start.js").read_text(encoding="utf-8")
    # Imported before core.js: PyScript reads its configs as it loads.
    assert start.index('import "./pyscript_config.js";') < start.index(
        'from "../../node_modules/@pyscript/core/dist/core.js";')


def test_index_loads_only_its_own_files_and_runs_no_inline_script():
    html = INDEX.read_text(encoding="utf-8")
    for url in re.findall(r'(?:src|href|config)="([^"]*)"', html):
        assert url.startswith("./") or url == "data:,", f"{url} is not a file of this site"
        assert "//" not in url
    assert '<link rel="icon"' in html  # or the browser asks for /favicon.ico
    # PyScript's core.js is loaded by ui/main_thread/pyscript_start.js (its MicroPython start in steps).
    assert '<script type="module" async src="./ui/main_thread/pyscript_start.js"></script>' in html
    start = (MAIN_THREAD / "pyscript_start.js").read_text(encoding="utf-8")
    assert 'from "../../node_modules/@pyscript/core/dist/core.js";' in start
    assert './node_modules/@pyscript/core/dist/core.css' in html
    assert re.search(r'<script type="py" worker name="tweak" src="\./ui/worker/__main__\.py" '
                     r'config="\./pyscript\.toml"></script>', html)
    # Its config is given by ui/main_thread/pyscript_config.js: a config attribute here would conflict.
    assert '<script type="mpy" src="./ui/main_thread/main.py"></script>' in html
    # Every script is a file: a strict Content-Security-Policy allows no inline script.
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, f"inline script: {tag}"
    assert not re.search(r"\son[a-z]+=", html), "inline event handler attributes"


def test_index_keeps_the_page_contract():
    html = INDEX.read_text(encoding="utf-8")
    for marker in ('<section id="start-screen"', 'id="deal"', 'id="loading"', 'id="game"',
                   'id="how-to-play"', 'id="saves"', 'id="overlay"'):
        assert marker in html
    # The start form offers 2-6 seats, Human or Computer, and both editions (R1, R2).
    assert re.findall(r'name="players" value="(\d)"', html) == ["2", "3", "4", "5", "6"]
    assert len(re.findall(r'<select class="kind" name="kind-\d"', html)) == 6
    assert 'value="classic"' in html and 'value="compact"' in html


def test_only_the_main_thread_touches_the_browser():
    """The worker's modules (ui/worker/host.py, render, session...) stay testable under CPython; only
    the MicroPython main thread's (ui/main_thread/page.py, storage.py) import the browser's."""
    for path in sorted((ROOT / "ui").rglob("*.py")):
        if MAIN_THREAD in path.parents:
            continue
        browser = {name for name in imports_of(path) if name.split(".")[0] in BROWSER_MODULES}
        # The worker's script may read its own runtime's heap size (memory(), for the soak
        # benchmark); nothing else of the browser, and no module of the game at all.
        allowed = {"pyodide_js"} if path.name == "__main__.py" else set()
        assert browser <= allowed, f"{path.name} imports {sorted(browser - allowed)}"


def test_the_main_thread_imports_nothing_of_the_game():
    """MicroPython on the main thread: no engine, no game module (they live in the worker)."""
    names = {name.split(".")[0] for name in imports_of(MAIN_THREAD / "page.py")}
    assert names <= {"asyncio", "json", "js", "pyscript", "storage"}, names
    names = {name.split(".")[0] for name in imports_of(MAIN_THREAD / "storage.py")}
    assert names <= {"json", "js", "pyscript"}, names
    # index.html's script: a pause, then ui/main_thread/page.py (ui/main_thread/pyscript_config.js
    # maps it and storage.py, and only them, in).
    assert set(imports_of(MAIN_THREAD / "main.py")) == {"asyncio", "page"}


def test_the_first_answer_without_a_save_or_link_needs_no_engine():
    # The worker's hello for a first visit (no save, no link) imports no engine module beyond
    # the cards, rules and words: tweak imports lazily (issue 7, tests/bench/bench_startup.py).
    # With a save, the engine comes in to read it.
    import subprocess
    import sys

    program = """if True:
        import json, sys
        from ui.worker.host import Host
        saves = json.loads(sys.argv[1])
        Host().hello("", "", saves, "normal", "", "", ["en-US"])
        print(" ".join(sorted(name for name in sys.modules if name.startswith("tweak"))))
    """
    def loaded(saves: dict) -> set:
        done = subprocess.run([sys.executable, "-c", program, json.dumps(saves)], cwd=ROOT,
                              capture_output=True, text=True, check=True)
        return set(done.stdout.split())

    assert loaded({}) == {"tweak", "tweak.cards", "tweak.levels", "tweak.rules", "tweak.words"}
    from tweak import Record, dumps

    saved = dumps(Record(players=2, seed=1, names=("You", "Ada"), seats=("human", "medium")))
    assert {"tweak.engine", "tweak.record"} <= loaded({"tweak.save": saved})
