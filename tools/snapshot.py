"""python.snapshot (``SNAPSHOT``): the worker's Python already started, as a memory snapshot of
the pinned Pyodide, compressed (ui/worker/snapshot_file.mjs says how); generated, never
committed.  The dev server makes it on request, the build writes it into the site, and
ui/worker/interpreter.mjs starts the worker from it.

A snapshot is Pyodide's wasm memory after start-up (``loadPyodide({_makeSnapshot: true})``,
then ``makeMemorySnapshot()``: a private API of the pinned build).  Ours is taken later than
Pyodide's own start: with python.zip on ``sys.path`` and every module in it imported, and the
standard library's modules that the worker's start imports (``stdlib.WORKER_START``).
Restoring it skips the interpreter's initialisation and all those imports, which is most of a
phone's wait.
The memory's static data is XOR'd with the wasm's data segments (ui/worker/static_data.mjs,
which the worker uses to undo it): nearly all zeros, it compresses to almost nothing.
``TWEAK_SNAPSHOT`` in the snapshot's environment is the SHA-256 of the python.zip it imported:
ui/worker/__main__.py compares it with the archive it is given, and imports afresh when they
differ.  Pyodide refuses a snapshot of another build by itself, and the file's SHA-256 catches
a damaged file: both start the worker the normal way instead.

A restored worker starts with its own standard library, snapshot-stdlib.zip
(``SNAPSHOT_LIBRARY``): stdlib.zip without the modules the snapshot holds imported already, a
third of its bytes.  The snapshot keeps no archive's table of contents (zipimport reads the
library's afresh), so any library may follow it.

* ``python_snapshot(archive)``: a ``Snapshot`` of the worker with ``archive`` (python.zip's
  bytes): the compressed memory and the library it starts with, made by Pyodide under Node; None
  (after one line to ``log`` saying why) when it cannot be made: the site then has neither, and
  the worker starts the normal way, the same game;
* the cache, ``.cache/snapshot/<pyodide version>/<SHA-256 of the archives and the programs>``
  ``.zst`` and ``.zip``: Node runs once per archive.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import NamedTuple

from tools import ROOT, bytecode, stdlib, worker_archive

SNAPSHOT = "python.snapshot"
SNAPSHOT_LIBRARY = "snapshot-stdlib.zip"
CACHE = ROOT / ".cache" / "snapshot"
TIMEOUT = 300  # seconds for Node to start Pyodide, import the game, compress 30 MB
# The module that folds the wasm's static data out of the snapshot, and the worker's back in;
# the one that writes python.snapshot's file, and the worker's reads it.
FOLDING = ROOT / "ui" / "worker" / "static_data.mjs"
PACKING = ROOT / "ui" / "worker" / "snapshot_file.mjs"


# Run by Node: argv = [runtime's pyodide.mjs URL, static_data.mjs URL, snapshot_file.mjs URL,
# stdlib.zip path, python.zip path, output path, its library's output path, Python program].
# Once the memory is taken, the same Pyodide compresses it (CPython's compression.zstd).
NODE_PROGRAM = """
import { readFileSync, writeFileSync } from "node:fs";
const [runtime, folding, packing, library, archive, output, libraryOutput, program] =
  process.argv.slice(1);
const { loadPyodide } = await import(runtime);
const { foldStaticData } = await import(folding);
const { packSnapshot } = await import(packing);
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
writeFileSync(libraryOutput, pyodide.FS.readFile("/tmp/snapshot-stdlib.zip"));
pyodide.FS.unlink("/tmp/snapshot-stdlib.zip");
const wasm = readFileSync(new URL("pyodide.asm.wasm", runtime));
pyodide.FS.writeFile("/tmp/memory", foldStaticData(pyodide.makeMemorySnapshot(), wasm));
pyodide.runPython(`
from compression import zstd
with open("/tmp/memory", "rb") as memory, open("/tmp/memory.zst", "wb") as compressed:
    compressed.write(zstd.compress(memory.read(), options={
        zstd.CompressionParameter.compression_level: 19,
        zstd.CompressionParameter.checksum_flag: 1}))
`);
writeFileSync(output, await packSnapshot(pyodide.FS.readFile("/tmp/memory.zst")));

// The C heap's free chunks still hold what was freed in them (the import's garbage): zeroed, the
// snapshot compresses a sixth smaller.  Every free chunk is allocated (the footprint limit keeps
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
# at the very path the worker's file system has it (its zipimport directory stays valid); then
# the library a restored worker needs, the standard library's modules not imported here (and
# its other files), whose table of contents zipimport must read afresh: not kept.
PYTHON_PROGRAM = """
import gc, importlib, os, sys, zipfile, zipimport
ARCHIVE = os.path.abspath("python.zip")
sys.path.insert(0, ARCHIVE)
for name in %(modules)r:
    importlib.import_module(name)
os.environ["TWEAK_SNAPSHOT"] = %(digest)r
LIBRARY = next(path for path in sys.path if path.startswith("/lib/") and path.endswith(".zip"))
HELD = {module.__spec__.origin[len(LIBRARY) + 1:] for module in list(sys.modules.values())
        if (getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(
            LIBRARY + "/")}
with zipfile.ZipFile(LIBRARY) as whole, \\
        zipfile.ZipFile("/tmp/snapshot-stdlib.zip", "w", zipfile.ZIP_DEFLATED) as rest:
    for entry in whole.infolist():
        if entry.filename not in HELD:
            rest.writestr(entry, whole.read(entry), compresslevel=9)
zipimport._zip_directory_cache.pop(LIBRARY, None)
del ARCHIVE, LIBRARY, HELD, whole, rest, entry, name
gc.collect()
"""


class Snapshot(NamedTuple):
    """What a worker restores: ``memory``, python.snapshot's bytes (compressed), and ``library``,
    snapshot-stdlib.zip's, the standard library it starts with."""
    memory: bytes
    library: bytes


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


def make_with_runtime(archive: bytes, modules: list, runtime: Path, library: bytes) -> Snapshot:
    """The ``Snapshot`` made by the Pyodide in ``runtime`` under Node, started with the standard
    library ``library`` (stdlib.zip's bytes); raises ``RuntimeError`` with the reason when it
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
        library_output = Path(scratch) / SNAPSHOT_LIBRARY
        library_path = Path(scratch) / stdlib.STDLIB_ARCHIVE
        archive_path.write_bytes(archive)
        library_path.write_bytes(library)
        try:
            done = subprocess.run(
                [node, "--input-type=module", "-e", NODE_PROGRAM, "--",
                 (runtime / "pyodide.mjs").as_uri(), FOLDING.as_uri(), PACKING.as_uri(),
                 str(library_path),
                 str(archive_path), str(output), str(library_output), program],
                capture_output=True, text=True, timeout=TIMEOUT)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise RuntimeError(f"node failed: {error}") from None
        if done.returncode != 0 or not output.is_file() or not library_output.is_file():
            said = (done.stderr.strip().splitlines() or ["no message"])[-1].strip()
            raise RuntimeError(f"node exited with code {done.returncode}: {said[:300]}")
        return Snapshot(output.read_bytes(), library_output.read_bytes())


def python_snapshot(archive: bytes, root: Path = ROOT, cache: Path = CACHE, log=print):
    """The ``Snapshot`` of the worker whose python.zip is ``archive``, from the cache when it
    has it; None (after one line to ``log`` saying why) when it cannot be made."""
    runtime = root / "node_modules" / "pyodide"
    version = bytecode.runtime_version(runtime)
    if version is None:
        log("snapshot: Pyodide is not installed; the worker starts without one")
        return None
    library = stdlib.stdlib_archive_cached(root)
    # Keyed by what makes it: the archives, and the programs that take them.
    made_by = hashlib.sha256(archive + library + FOLDING.read_bytes() + PACKING.read_bytes() + (
        NODE_PROGRAM + PYTHON_PROGRAM + repr(stdlib.WORKER_START)).encode()).hexdigest()
    cached_memory = cache / version / f"{made_by}.zst"
    cached_library = cached_memory.with_suffix(".zip")
    if cached_memory.is_file() and cached_library.is_file():
        return Snapshot(cached_memory.read_bytes(), cached_library.read_bytes())
    try:
        made = make_with_runtime(archive, module_names(root), runtime, library)
    except RuntimeError as error:
        log(f"snapshot: not made ({error}); the worker starts without one")
        return None
    cached_memory.parent.mkdir(parents=True, exist_ok=True)
    cached_library.write_bytes(made.library)
    cached_memory.write_bytes(made.memory)
    return made


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
