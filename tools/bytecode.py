"""The worker's modules as bytecode, compiled by the browser's own CPython, for python.zip
(tools/worker_archive.py), so that the worker does not compile them as it imports them.

Bytecode is specific to a CPython version, and the worker's is Pyodide's, not the Python
running the build.  So ``compiled(sources)`` hands the sources to Pyodide itself, run by Node
(the runtime ``npm ci`` installed: the one the page loads), which compiles them with
``py_compile`` into "unchecked hash" ``.pyc`` files (PEP 552): the importer uses them without
comparing dates, and a source always ships with the bytecode compiled from exactly it.

* ``sources``: ``{relative path (POSIX, "tweak/engine.py"): source bytes}``;
* the result: ``(tag, {relative path: .pyc bytes})``, ``tag`` being the runtime's
  ``sys.implementation.cache_tag`` (``"cpython-314"``), or None when bytecode cannot be made
  (no Node, no runtime, a compile error): the game then ships sources only, the same game;
* the cache, ``.cache/bytecode/<pyodide version>/``, keeps each ``.pyc`` under the SHA-256 of
  its path and source, and ``tag``: only sources not compiled yet start Node.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
from pathlib import Path

from tools import ROOT

RUNTIME = ROOT / "node_modules" / "pyodide"
CACHE = ROOT / ".cache" / "bytecode"
TIMEOUT = 120  # seconds for Node to start Pyodide and compile; a busy CI machine is slow

# Run by Node: start Pyodide, compile what stdin lists, print {"tag", "pycs"} as JSON.  Python's
# own output goes to stderr so that stdout holds the answer only.
NODE_PROGRAM = """
import { loadPyodide } from %(runtime)s;
let request = "";  // (readFileSync(0) fails with EAGAIN on a large pipe)
for await (const chunk of process.stdin) request += chunk;
const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
pyodide.setStdout({ batched: (line) => process.stderr.write(line + "\\n") });
pyodide.globals.set("request", request);
try {
  process.stdout.write(pyodide.runPython(%(python)s));
} catch (error) {  // Python's exception: its last line is what went wrong
  process.stderr.write("\\n" + String(error.message).trim().split("\\n").pop() + "\\n");
  process.exit(1);
}
"""

PYTHON_PROGRAM = """
import base64, json, os, py_compile, sys
answer = {}
for relative, source in json.loads(request).items():
    path = "/compile/" + relative
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        file.write(base64.b64decode(source))
    # dfile: tracebacks name the module by its path in the worker's directory.
    py_compile.compile(path, cfile="/compile/out.pyc", dfile=relative, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open("/compile/out.pyc", "rb") as file:
        answer[relative] = base64.b64encode(file.read()).decode()
json.dumps({"tag": sys.implementation.cache_tag, "pycs": answer})
"""


def runtime_version(runtime: Path = RUNTIME):
    """The installed Pyodide's version, or None when it is not installed."""
    try:
        return json.loads((runtime / "package.json").read_text("utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return None


def _key(relative: str, source: bytes) -> str:
    return hashlib.sha256(relative.encode() + b"\0" + source).hexdigest()


def compile_with_runtime(sources: dict, runtime: Path = RUNTIME) -> tuple:
    """``(tag, {relative: pyc bytes})`` compiled by the Pyodide in ``runtime`` under Node;
    raises ``RuntimeError`` with the reason when it cannot."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node was not found")
    program = NODE_PROGRAM % {"runtime": json.dumps((runtime / "pyodide.mjs").as_uri()),
                              "python": json.dumps(PYTHON_PROGRAM)}
    request = json.dumps({relative: base64.b64encode(source).decode()
                          for relative, source in sources.items()})
    try:
        done = subprocess.run([node, "--input-type=module", "-e", program], input=request,
                              capture_output=True, text=True, timeout=TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise RuntimeError(f"node failed: {error}") from None
    if done.returncode != 0:
        said = (done.stderr.strip().splitlines() or ["no message"])[-1].strip()
        raise RuntimeError(f"node exited with code {done.returncode}: {said[:300]}")
    answer = json.loads(done.stdout)
    return answer["tag"], {relative: base64.b64decode(pyc)
                           for relative, pyc in answer["pycs"].items()}


def compiled(sources: dict, cache: Path = CACHE, runtime: Path = RUNTIME, log=print):
    """``(tag, {relative: pyc bytes})`` for ``sources``, from the cache where it has them;
    None (after one line to ``log`` saying why) when bytecode cannot be made."""
    version = runtime_version(runtime)
    if version is None:
        log("bytecode: Pyodide is not installed; the worker gets sources only")
        return None
    folder = cache / version
    tag_file = folder / "tag"
    tag = tag_file.read_text("utf-8").strip() if tag_file.is_file() else None
    pycs, missing = {}, {}
    for relative, source in sources.items():
        cached = folder / f"{_key(relative, source)}.pyc"
        if tag and cached.is_file():
            pycs[relative] = cached.read_bytes()
        else:
            missing[relative] = source
    if missing:
        try:
            tag, made = compile_with_runtime(missing, runtime)
        except (RuntimeError, ValueError, KeyError) as error:
            log(f"bytecode: not compiled ({error}); the worker gets sources only")
            return None
        folder.mkdir(parents=True, exist_ok=True)
        for relative, pyc in made.items():
            (folder / f"{_key(relative, missing[relative])}.pyc").write_bytes(pyc)
        tag_file.write_text(tag, "utf-8")
        pycs.update(made)
    return tag, pycs


def archived_name(relative: str) -> str:
    """Where Python's zipimport looks for a module's bytecode in an archive on ``sys.path``:
    beside its source, with the same stem (``tweak/engine.pyc`` for ``tweak/engine.py``).
    zipimport knows no ``__pycache__`` and no cache tag; the runtime that compiled the file is
    the one that reads it (the module docstring)."""
    return relative[:-len(".py")] + ".pyc"
