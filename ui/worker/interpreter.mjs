// The worker's Pyodide, started from python.snapshot when it can be (tools/snapshot.py): the
// interpreter already initialised, with the game's modules imported.  pyscript.toml's
// `interpreter` names this module; PyScript imports it in its worker and calls `loadPyodide`,
// as it would Pyodide's own module, so the worker stays PyScript's.
//
// Restoring skips Python's initialisation and the game's imports: most of a phone's wait
// (docs/architecture.md, "Start-up").  Pyodide refuses a snapshot of another build, and the
// file's SHA-256 a damaged one (snapshot_file.mjs); then, or when there is no snapshot (a site
// built without Node), Pyodide starts the normal way: slower, the same game.
//
// The game's modules come in python.zip, which a restored worker holds imported already: it
// is downloaded only when Python started the normal way, or the snapshot's modules are not the
// site's (the snapshot's TWEAK_SNAPSHOT differs from python.zip.sha256), and written into the
// worker's file system before PyScript runs ui/worker/__main__.py, which then imports afresh.
// The compiled catalogues (locale/catalogues.zip, which ui/worker/i18n.py reads) are written
// there too, from the one download asked for as this module loads.  Without either file there
// is no game: loadPyodide fails, which PyScript reports (the page offers Retry).
// Python's standard library is stdlib.zip, the part the worker imports (tools/stdlib.py), or,
// restored, snapshot-stdlib.zip: the modules of it the snapshot does not hold imported already.

import { loadPyodide as startPyodide, version } from "../../node_modules/pyodide/pyodide.mjs";
import { foldStaticData } from "./static_data.mjs";
import { unpackSnapshot } from "./snapshot_file.mjs";

export { version };

// PyScript tells Pyodide to find its files beside the module it was given (this one): they
// are beside Pyodide's own module.
const RUNTIME = new URL("../../node_modules/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("../../python.snapshot", import.meta.url).href;
// The standard library Python starts with: the modules the worker imports (tools/stdlib.py),
// under half of the whole, which ui/worker/stdlib_rest.py fetches only if a module is missing.
const STDLIB = new URL("../../stdlib.zip", import.meta.url).href;
const SNAPSHOT_STDLIB = new URL("../../snapshot-stdlib.zip", import.meta.url).href;
const WHOLE_STDLIB = RUNTIME + "python_stdlib.zip";
const WASM = RUNTIME + "pyodide.asm.wasm";
const ARCHIVE = new URL("../../python.zip", import.meta.url).href;
const ARCHIVE_DIGEST = ARCHIVE + ".sha256";
const CATALOGUES = new URL("../../locale/catalogues.zip", import.meta.url).href;

// The snapshot's response, or null when there is none (a site built without Node: 404) or the
// network failed.  Asked for as soon as PyScript imports this module, while PyScript still
// prepares the worker.
const snapshot = fetch(SNAPSHOT).then((response) => (response.ok ? response : null), (error) => {
  console.warn("[tweak] python.snapshot could not be read; Python starts the normal way:", error);
  return null;
});

// The SHA-256 of the site's python.zip (hex), or "" when it cannot be read.
const archiveDigest = fetch(ARCHIVE_DIGEST)
  .then((response) => (response.ok ? response.text() : ""))
  .then((text) => text.trim(), () => "");

// python.zip's bytes, asked for once, by the first who needs them; rejects when they cannot be
// had.  Without a snapshot, asked for at once: they arrive while Pyodide starts.
let archiveBytes = null;
function archive() {
  archiveBytes ??= bytesOf(ARCHIVE);
  return archiveBytes;
}
snapshot.then((found) => found || archive().catch(() => {}));

// The catalogues' bytes, asked for now: they arrive while Pyodide starts.
const catalogues = bytesOf(CATALOGUES);
catalogues.catch(() => {});  // told when they are needed

// PyScript's call: Pyodide started, from the snapshot when it restores, with the worker's
// archives in its file system, and given the means to fetch the whole standard library.
export async function loadPyodide(options) {
  const { pyodide, held } = await start({ ...options, indexURL: RUNTIME, stdLibURL: STDLIB });
  const files = [["locale/catalogues.zip", catalogues]];
  if (!held || held !== (await archiveDigest)) files.push(["python.zip", archive()]);
  const { FS } = pyodide;
  for (const [path, bytes] of files) {
    const data = await bytes.catch((error) => {
      throw new Error(`${path} could not be read (${error.message})`);
    });
    const into = `${FS.cwd()}/${path}`;
    FS.mkdirTree(into.slice(0, into.lastIndexOf("/")));
    FS.writeFile(into, data);
  }
  // For ui/worker/__main__.py (`import tweak_interpreter`), made after any restore: a
  // snapshot holds no JavaScript object.
  pyodide.registerJsModule("tweak_interpreter", { wholeStdlib: WHOLE_STDLIB, fetchBytes });
  return pyodide;
}

// The bytes at `url` (a Uint8Array); rejects when they cannot be had.
async function bytesOf(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The bytes at `url`, fetched synchronously (a worker may: it has no page to freeze; Python's
// import cannot wait for a promise); throws when the answer is not a success.
function fetchBytes(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${url}: HTTP ${request.status}`);
  return new Uint8Array(request.response);
}

// Pyodide started with `settings`, restored from the snapshot when it can be, and `held`: the
// SHA-256 of the python.zip whose modules the restored snapshot holds ("" when not restored).
async function start(settings) {
  const found = await snapshot;  // one round trip: whether there is a snapshot at all
  if (found) {
    // The memory as a promise: Pyodide asks for its runtime (wasm, standard library) first and
    // awaits the snapshot only when it instantiates, so all of them download side by side.
    // The static data was folded out with the wasm's data segments: folded back in with the
    // same wasm, whose bytes Pyodide's own request for it finds in the HTTP cache or joins.
    const memory = Promise.all([
      found.arrayBuffer().then((file) => unpackSnapshot(new Uint8Array(file))),
      fetch(WASM).then((response) => response.arrayBuffer()),
    ]).then(([folded, wasm]) => foldStaticData(folded, wasm));
    memory.catch(() => {});  // a damaged file is told below, once Pyodide has let it go
    try {
      const pyodide = await startPyodide({ ...settings, stdLibURL: SNAPSHOT_STDLIB,
                                           _loadSnapshot: memory });
      // A restored interpreter that cannot run a line is no interpreter.
      const held = pyodide.runPython("import os; os.environ['TWEAK_SNAPSHOT']");
      console.debug("[tweak] Python restored from python.snapshot");
      return { pyodide, held };
    } catch (error) {
      const why = (await memory.then(() => null, (failure) => failure)) ? "could not be read"
        : "did not restore";
      console.warn(`[tweak] python.snapshot ${why}; Python starts the normal way:`, error);
    }
  }
  return { pyodide: await startPyodide(settings), held: "" };
}
