"""python.snapshot (tools/snapshot.py) restored by Pyodide in Node, as the worker restores it
(its static data folded back in, the same standard library), then the worker's own script (ui/worker/__main__.py) run over it:

* the snapshot holds every module of python.zip imported, and the digest of that archive;
* its library (snapshot-stdlib.zip) holds the standard library's modules it has not imported,
  and only those, and the restored worker imports them from it;
* every restore starts from the same memory, ``random``'s state included, and the worker's
  script gives each its own;
* a snapshot of other modules than the python.zip given: the worker imports the given ones;
* no Node, or a failing one: no snapshot, with the reason said, and the dev server answers 404
  (the worker then starts the normal way).
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import struct
import subprocess
import urllib.error
import urllib.request
import zipfile

import pytest
import zstandard

from tools import ROOT, devserver, snapshot, stdlib, worker_archive

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

# Restores the snapshot (its file, with its library) once per python.zip given after it ("-":
# none), runs the worker's script in each, and prints one JSON line per restore: what Python saw
# before and after it.
NODE_PROGRAM = """
import { readFileSync } from "node:fs";
const [runtime, folding, packing, library, memory, script, ...archives] = process.argv.slice(1);
const { loadPyodide } = await import(runtime);
const { foldStaticData } = await import(folding);
const { unpackSnapshot } = await import(packing);
const wasm = readFileSync(new URL("pyodide.asm.wasm", runtime));
for (const archive of archives) {
  const folded = await unpackSnapshot(new Uint8Array(readFileSync(memory)));
  const pyodide = await loadPyodide({
    _loadSnapshot: foldStaticData(folded, wasm), stdLibURL: library });
  pyodide.setStdout({ batched: (line) => process.stderr.write(line + "\\n") });
  if (archive !== "-") pyodide.FS.writeFile("/home/pyodide/python.zip", readFileSync(archive));
  pyodide.globals.set("script", readFileSync(script, "utf8"));
  process.stdout.write(pyodide.runPython(`
import json, os, random, sys
before = {"digest": os.environ.get("TWEAK_SNAPSHOT"), "random": random.getstate()[1][:8],
          "loaded": sorted(name for name in sys.modules if name.split(".")[0] in ("tweak", "ui")),
          "host": id(sys.modules["ui.worker.host"])}
worker = {"__name__": "__main__"}
exec(compile(script, "ui/worker/__main__.py", "exec"), worker)
json.dumps({"before": before, "random": random.getstate()[1][:8],
            "host": type(worker["host"]).__module__, "broken": worker["broken"],
            "snapshot_host": id(sys.modules["ui.worker.host"]) == before["host"],
            "later": __import__("difflib").SequenceMatcher(None, "ab", "abc").ratio()})
`) + "\\n");
}
"""


def unpacked(file: bytes) -> bytes:
    """The memory (its static data folded) in python.snapshot's file ``file``
    (ui/worker/snapshot_file.mjs): a skippable frame holding the SHA-256 of the Zstandard frame
    that follows it."""
    magic, length = struct.unpack_from("<II", file)
    assert (magic, length) == (0x184D2A50, 32)
    assert hashlib.sha256(file[40:]).digest() == file[8:40]
    return zstandard.ZstdDecompressor().decompress(file[40:])


def packed(memory: bytes) -> bytes:
    """python.snapshot's file of ``memory``, as ``unpacked`` reads it."""
    frame = zstandard.ZstdCompressor(level=3, write_checksum=True).compress(memory)
    return struct.pack("<II", 0x184D2A50, 32) + hashlib.sha256(frame).digest() + frame


def restore(made: snapshot.Snapshot, archives: list, tmp_path) -> tuple:
    """Restore ``made`` once per archive in ``archives`` (None: none given, as
    ui/worker/interpreter.mjs gives none when the snapshot's modules are the site's) and run the
    worker's script: what each run saw (a list), and what the runs printed."""
    (tmp_path / "memory.zst").write_bytes(made.memory)
    library = tmp_path / snapshot.SNAPSHOT_LIBRARY
    library.write_bytes(made.library)
    paths = []
    for index, archive in enumerate(archives):
        if archive is None:
            paths.append("-")
            continue
        paths.append(tmp_path / f"python-{index}.zip")
        paths[-1].write_bytes(archive)
    done = subprocess.run(
        ["node", "--input-type=module", "-e", NODE_PROGRAM, "--",
         (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").as_uri(), snapshot.FOLDING.as_uri(),
         snapshot.PACKING.as_uri(), str(library), str(tmp_path / "memory.zst"),
         str(ROOT / "ui" / "worker" / "__main__.py"), *map(str, paths)],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()], done.stderr


@pytest.fixture(scope="module")
def archive():
    return worker_archive.python_archive(ROOT)


@pytest.fixture(scope="module")
def made(archive):
    made = snapshot.python_snapshot(archive, ROOT)
    assert made is not None, "no snapshot could be made (its reason is printed above)"
    return made


def test_every_module_of_the_archive_is_imported_packages_first():
    names = snapshot.module_names(ROOT)
    assert len(names) == len(worker_archive.worker_modules(ROOT))
    assert {"tweak", "tweak.engine", "ui", "ui.worker", "ui.worker.host",
            "ui.worker.screens.table"} <= set(names)
    assert names.index("ui.worker") < names.index("ui.worker.host")
    assert "ui.worker.__main__" not in names  # the worker's script runs after a restore


def test_restores_share_one_memory_and_the_worker_gives_each_its_own_random_state(
        archive, made, tmp_path):
    (first, second, given_none), said = restore(made, [archive, archive, None], tmp_path)
    assert "imported afresh" not in said
    for run in (first, second, given_none):
        assert run["later"] == 0.8  # difflib, imported from the snapshot's library
        assert run["before"]["digest"] == hashlib.sha256(archive).hexdigest()
        assert set(snapshot.module_names(ROOT)) <= set(run["before"]["loaded"])
        assert run["broken"] == "" and run["host"] == "ui.worker.host"
        assert run["snapshot_host"]  # the very module the snapshot holds
    assert first["before"]["random"] == second["before"]["random"]  # the snapshot's
    assert first["random"] != second["random"]  # reseeded by the worker's script


def test_a_snapshot_of_other_modules_is_set_aside_for_the_archive_given(archive, made,
                                                                       tmp_path):
    out = io.BytesIO()  # the same modules in another archive: its comment differs
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(out, "w") as target:
        for entry in source.infolist():
            target.writestr(entry, source.read(entry))
        target.comment = b"another build of the game"
    (run,), said = restore(made, [out.getvalue()], tmp_path)
    assert "imported afresh" in said
    assert run["broken"] == "" and run["host"] == "ui.worker.host"
    assert not run["snapshot_host"]  # imported again, from the archive given


def test_without_node_there_is_no_snapshot_and_the_reason_is_said(archive, tmp_path,
                                                                  monkeypatch):
    monkeypatch.setattr(snapshot.shutil, "which", lambda name: None)
    said = []
    assert snapshot.python_snapshot(archive, ROOT, cache=tmp_path, log=said.append) is None
    assert said == ["snapshot: not made (node was not found); the worker starts without one"]


def test_the_file_is_zstandard_after_the_digest_of_its_frame(made):
    memory = unpacked(made.memory)  # (asserts the digest)
    assert len(memory) > 20_000_000  # the whole wasm memory, 31 MB today
    assert len(made.memory) < 0.2 * len(memory)
    assert unpacked(packed(memory)) == memory


def test_the_snapshots_library_is_the_standard_library_it_has_not_imported(made):
    with zipfile.ZipFile(io.BytesIO(stdlib.stdlib_archive_cached(ROOT))) as whole, \
            zipfile.ZipFile(io.BytesIO(made.library)) as rest:
        names, kept = set(whole.namelist()), set(rest.namelist())
        assert rest.read("difflib.py") == whole.read("difflib.py")  # no worker's start imports it
    assert kept < names and stdlib.LEFT_OUT in kept
    assert not {"json/__init__.py", "zipfile/__init__.py", "random.py", "asyncio/events.py"} & kept
    assert len(made.library) < 0.5 * len(stdlib.stdlib_archive_cached(ROOT))


def test_the_dev_server_serves_the_snapshot_or_404(made, monkeypatch):
    server, url = devserver.start_server(ROOT)
    try:
        for name, part in ((snapshot.SNAPSHOT, made.memory),
                           (snapshot.SNAPSHOT_LIBRARY, made.library)):
            with urllib.request.urlopen(url + name) as response:
                assert response.read() == part
        with urllib.request.urlopen(url + snapshot.SNAPSHOT) as response:
            assert response.headers["Content-Type"] == "application/octet-stream"
        monkeypatch.setattr(snapshot, "python_snapshot_cached", lambda archive, root: None)
        for name in (snapshot.SNAPSHOT, snapshot.SNAPSHOT_LIBRARY):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(url + name)
            assert refused.value.code == 404
    finally:
        server.shutdown()
        server.server_close()
