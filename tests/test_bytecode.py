"""tools/bytecode.py: the worker's modules compiled by the browser's own Python (Pyodide under
Node), cached, and used by Pyodide's importer in place of the sources."""

import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tools import bytecode, worker_archive

ROOT = Path(__file__).resolve().parents[1]
HAS_RUNTIME = bytecode.runtime_version() is not None and shutil.which("node") is not None
needs_runtime = pytest.mark.skipif(not HAS_RUNTIME, reason="node or node_modules/pyodide missing")

# Run by Node: write the game's archive into Pyodide's file system and put it on sys.path, as
# ui/worker/__main__.py does (zipimport: nothing unpacked), then run some Python; stdout is its value.
IN_PYODIDE = """
import { loadPyodide } from %(runtime)s;
let archive = [];
for await (const chunk of process.stdin) archive.push(chunk);
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/home/pyodide/python.zip", new Uint8Array(Buffer.concat(archive)));
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/python.zip')");
process.stdout.write(pyodide.runPython(%(python)s));
"""

# Import the engine from the archive and play a move.
IMPORT_CHECK = """
import json, sys
import tweak
state = tweak.new_game(players=2, seed=7)
state = tweak.apply(state, tweak.legal_actions(state)[0])
json.dumps({"file": tweak.engine.__file__, "loader": type(tweak.engine.__loader__).__name__,
            "to_act": state.to_act,
            "modules": sorted(name for name in sys.modules if name.startswith("tweak"))})
"""

# An error inside the archive's bytecode, as the console shows it.
TRACEBACK_CHECK = """
import traceback
import tweak
try:
    tweak.apply(None, None)
except tweak.IllegalAction:
    told = traceback.format_exc()
told
"""


def in_pyodide(archive: bytes, python: str) -> str:
    program = IN_PYODIDE % {"runtime": json.dumps((bytecode.RUNTIME / "pyodide.mjs").as_uri()),
                            "python": json.dumps(python)}
    done = subprocess.run(["node", "--input-type=module", "-e", program], input=archive,
                          capture_output=True, timeout=bytecode.TIMEOUT)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return done.stdout.decode()


def spoiled(archive: bytes) -> bytes:
    """The archive with every source of tweak/ replaced by one that cannot be imported."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(out, "w") as target:
        for name in source.namelist():
            data = source.read(name)
            if name.startswith("tweak/") and name.endswith(".py"):
                data = b"raise ImportError('the source was compiled, not the bytecode')\n"
            target.writestr(name, data)
    return out.getvalue()


def pyc_flags(pyc: bytes) -> int:
    return int.from_bytes(pyc[4:8], "little")


@needs_runtime
def test_pyodide_imports_the_archives_bytecode_without_reading_the_sources():
    # Every source of tweak/ spoiled: the bytecode must be what is imported.
    answer = json.loads(in_pyodide(spoiled(worker_archive.python_archive(ROOT)), IMPORT_CHECK))
    assert answer["file"] == "/home/pyodide/python.zip/tweak/engine.pyc"
    assert answer["loader"] == "zipimporter"
    assert answer["to_act"] in (0, 1)
    assert {"tweak.engine", "tweak.rules", "tweak.state"} <= set(answer["modules"])


@needs_runtime
def test_a_traceback_from_the_archive_shows_the_source_lines():
    told = in_pyodide(worker_archive.python_archive(ROOT), TRACEBACK_CHECK)
    assert 'File "tweak/engine.py", line' in told, told
    assert "raise IllegalAction(" in told, told  # the line itself, read from the archive


@needs_runtime
def test_the_bytecode_is_unchecked_hash_based_and_cached(tmp_path):
    sources = {"pkg/mod.py": b"VALUE = 41 + 1\n", "top.py": b"import pkg.mod\n"}
    tag, pycs = bytecode.compiled(sources, cache=tmp_path, log=pytest.fail)
    assert tag == "cpython-314"  # Pyodide 314's CPython, not the one running this test
    assert set(pycs) == set(sources)
    for pyc in pycs.values():
        assert pyc_flags(pyc) == 0b01  # PEP 552: hash-based, source not checked
    # The second time comes from the cache: Node is not started again.
    def no_node(*args, **kwargs):
        raise AssertionError("compiled again")
    original = bytecode.compile_with_runtime
    bytecode.compile_with_runtime = no_node
    try:
        assert bytecode.compiled(sources, cache=tmp_path, log=pytest.fail) == (tag, pycs)
    finally:
        bytecode.compile_with_runtime = original
    # A changed source is compiled again (the cache is keyed by path and source).
    changed = {**sources, "top.py": b"import pkg.mod as m\n"}
    assert bytecode.compiled(changed, cache=tmp_path, log=pytest.fail)[1]["top.py"] != \
        pycs["top.py"]


def test_without_a_runtime_the_worker_gets_sources_only(tmp_path):
    said = []
    assert bytecode.compiled({"a.py": b"x = 1\n"}, cache=tmp_path, runtime=tmp_path / "none",
                             log=said.append) is None
    assert said == ["bytecode: Pyodide is not installed; the worker gets sources only"]


@needs_runtime
def test_a_syntax_error_leaves_the_sources_alone(tmp_path):
    said = []
    assert bytecode.compiled({"bad.py": b"def (:\n"}, cache=tmp_path, log=said.append) is None
    assert len(said) == 1 and said[0].startswith("bytecode: not compiled (node exited")
    assert "SyntaxError" in said[0]


def test_the_bytecode_sits_beside_its_source_as_zipimport_wants():
    assert bytecode.archived_name("tweak/bots/hard.py") == "tweak/bots/hard.pyc"
    assert bytecode.archived_name("top.py") == "top.pyc"


def test_the_archive_has_sources_only_when_bytecode_cannot_be_made(tmp_path):
    (tmp_path / "tweak").mkdir()
    (tmp_path / "ui").mkdir()
    (tmp_path / "tweak" / "__init__.py").write_text("")
    said = []
    archive = worker_archive.python_archive(tmp_path, log=said.append)  # no node_modules here
    with zipfile.ZipFile(io.BytesIO(archive)) as zipped:
        assert zipped.namelist() == ["tweak/__init__.py"]
    assert said and "sources only" in said[0]
