"""python.snapshot (``SNAPSHOT``): the worker's Python already started, as a memory snapshot of
the pinned Pyodide, gzipped; generated, never committed.  The dev server makes it on request,
the build writes it into the site, and ui/worker/interpreter.mjs starts the worker from it.

A snapshot is Pyodide's wasm memory after start-up (``loadPyodide({_makeSnapshot: true})``,
then ``makeMemorySnapshot()``: a private API of the pinned build).  Ours is taken later than
Pyodide's own start: with python.zip on ``sys.path`` and every module in it imported, and the
standard library's modules that the worker's start imports (``stdlib.WORKER_START``).
Restoring it skips the interpreter's initialisation and all those imports, which is most of a
phone's wait.
The memory's static data is XOR'd with the wasm's data segments (ui/worker/static_data.mjs,
which the worker uses to undo it): nearly all zeros, it gzips to almost nothing.
``TWEAK_SNAPSHOT`` in the snapshot's environment is the SHA-256 of the python.zip it imported:
ui/worker/__main__.py compares it with the archive it is given, and imports afresh when they
differ.  Pyodide refuses a snapshot of another build by itself, and gzip's checksum catches a
damaged file: both start the worker the normal way instead.

* ``python_snapshot(archive)``: the gzipped snapshot of the worker with ``archive`` (python.zip's
  bytes), made by Pyodide under Node; None (after one line to ``log`` saying why) when it cannot
  be made: the site then has none, and the worker starts the normal way, the same game;
* the cache, ``.cache/snapshot/<pyodide version>/<SHA-256 of the archive and the programs>.gz``:
  Node runs once per archive.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from tools import ROOT, bytecode, stdlib, worker_archive

SNAPSHOT = "python.snapshot"
CACHE = ROOT / ".cache" / "snapshot"
TIMEOUT = 180  # seconds for Node to start Pyodide, import the game and write 30 MB
# The module that folds the wasm's static data out of the snapshot, and the worker's back in.
FOLDING = ROOT / "ui" / "worker" / "static_data.mjs"


# Run by Node: argv = [runtime's pyodide.mjs URL, static_data.mjs URL, stdlib.zip path, python.zip
# path, output path, Python program].
NODE_PROGRAM = """
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
const [runtime, folding, library, archive, output, program] = process.argv.slice(1);
const { loadPyodide } = await import(runtime);
const { foldStaticData } = await import(folding);
const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: library });
pyodide.setStdout({ batched: (line) => process.stderr.write(line + "\\n") });
pyodide.FS.writeFile("/home/pyodide/python.zip", readFileSync(archive));
try {
  pyodide.runPython(program);
} catch (error) {  // Python's exception: its last line is what went wrong
  process.stderr.write("\\n" + String(error.message).trim().split("\\n").pop() + "\\n");
  process.exit(1);
}
zeroFreeMemory(pyodide._module);
const wasm = readFileSync(new URL("pyodide.asm.wasm", runtime));
writeFileSync(output, gzipSync(foldStaticData(pyodide.makeMemorySnapshot(), wasm), { level: 9 }));

// The C heap's free chunks still hold what was freed in them (the import's garbage): zeroed, the
// snapshot gzips a sixth smaller.  Every free chunk is allocated (the footprint limit keeps
// malloc from growing the memory: it returns 0 instead), zeroed and freed again; free() then
// writes only the allocator's own few words into each.
function zeroFreeMemory(module) {
  const limit = module._malloc_footprint_limit();
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const taken = [];
  for (let size = 1 << 24; size >= 16; size >>= 1) {
    for (let at = module._malloc(size); at; at = module._malloc(size)) {
      module.HEAPU8.fill(0, at, at + size);
      taken.push(at);
    }
  }
  taken.forEach((at) => module._free(at));
  module._malloc_set_footprint_limit(limit);
}
"""

# Run by Pyodide under Node before the snapshot: what the worker would import, from the archive
# at the very path the worker's file system has it (its zipimport directory stays valid).
PYTHON_PROGRAM = """
import gc, importlib, os, sys
ARCHIVE = os.path.abspath("python.zip")
sys.path.insert(0, ARCHIVE)
for name in %(modules)r:
    importlib.import_module(name)
os.environ["TWEAK_SNAPSHOT"] = %(digest)r
del ARCHIVE, name
gc.collect()
"""


def module_names(root: Path = ROOT) -> list:
    """The dotted names of the archive's modules (``worker_archive.worker_modules``), packages
    before their modules."""
    names = []
    for relative in worker_archive.worker_modules(root):
        parts = relative[:-len(".py")].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return sorted(names, key=lambda name: (name.count("."), name))


def make_with_runtime(archive: bytes, modules: list, runtime: Path, library: bytes) -> bytes:
    """The gzipped snapshot made by the Pyodide in ``runtime`` under Node, started with the
    standard library ``library`` (stdlib.zip's bytes: the worker's must be the very same, its
    table of contents is in the snapshot); raises ``RuntimeError`` with the reason when it
    cannot be made."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node was not found")
    # The worker's start's standard modules, imported here: the worker finds them loaded.  Only
    # modules that hold no JavaScript object: a snapshot can hold none.
    program = PYTHON_PROGRAM % {"modules": [*stdlib.WORKER_START, *modules],
                                "digest": hashlib.sha256(archive).hexdigest()}
    with tempfile.TemporaryDirectory() as scratch:
        archive_path, output = Path(scratch) / "python.zip", Path(scratch) / SNAPSHOT
        library_path = Path(scratch) / stdlib.STDLIB_ARCHIVE
        archive_path.write_bytes(archive)
        library_path.write_bytes(library)
        try:
            done = subprocess.run(
                [node, "--input-type=module", "-e", NODE_PROGRAM, "--",
                 (runtime / "pyodide.mjs").as_uri(), FOLDING.as_uri(), str(library_path),
                 str(archive_path), str(output), program],
                capture_output=True, text=True, timeout=TIMEOUT)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise RuntimeError(f"node failed: {error}") from None
        if done.returncode != 0 or not output.is_file():
            said = (done.stderr.strip().splitlines() or ["no message"])[-1].strip()
            raise RuntimeError(f"node exited with code {done.returncode}: {said[:300]}")
        return output.read_bytes()


def python_snapshot(archive: bytes, root: Path = ROOT, cache: Path = CACHE, log=print):
    """The gzipped snapshot of the worker whose python.zip is ``archive``, from the cache when
    it has it; None (after one line to ``log`` saying why) when it cannot be made."""
    runtime = root / "node_modules" / "pyodide"
    version = bytecode.runtime_version(runtime)
    if version is None:
        log("snapshot: Pyodide is not installed; the worker starts without one")
        return None
    library = stdlib.stdlib_archive_cached(root)
    # Keyed by what makes it: the archives, and the programs that take them.
    made_by = hashlib.sha256(archive + library + FOLDING.read_bytes()
                             + (NODE_PROGRAM + PYTHON_PROGRAM).encode()).hexdigest()
    cached = cache / version / f"{made_by}.gz"
    if cached.is_file():
        return cached.read_bytes()
    try:
        data = make_with_runtime(archive, module_names(root), runtime, library)
    except RuntimeError as error:
        log(f"snapshot: not made ({error}); the worker starts without one")
        return None
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(data)
    return data


_made = {}
_making = threading.Lock()


def python_snapshot_cached(archive: bytes, root: Path = ROOT):
    """``python_snapshot(archive, root)``, tried once per archive (for the dev server, whose
    requests come on several threads: one Node at a time, and none again after a failure)."""
    key = (str(root), hashlib.sha256(archive).hexdigest())
    with _making:
        if key not in _made:
            _made.clear()
            _made[key] = python_snapshot(archive, root)
        return _made[key]
