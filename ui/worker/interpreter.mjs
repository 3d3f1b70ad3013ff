// The worker's Pyodide, started from python.snapshot when it can be (tools/snapshot.py): the
// interpreter already initialised, with the game's modules imported.  pyscript.toml's
// `interpreter` names this module; PyScript imports it in its worker and calls `loadPyodide`,
// as it would Pyodide's own module, so the worker stays PyScript's.
//
// Restoring skips Python's initialisation and the game's imports: most of a phone's wait
// (docs/architecture.md, "Start-up").  Pyodide refuses a snapshot of another build, and the
// gzip stream's checksum a damaged file; then, or when there is no snapshot (a site built
// without Node), Pyodide starts the normal way: slower, the same game.  A snapshot of other
// game modules than python.zip's is caught by ui/worker/__main__.py, which imports afresh.

import { loadPyodide as startPyodide, version } from "../../node_modules/pyodide/pyodide.mjs";

export { version };

// PyScript tells Pyodide to find its files beside the module it was given (this one): they
// are beside Pyodide's own module.
const RUNTIME = new URL("../../node_modules/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("../../python.snapshot", import.meta.url).href;

// The snapshot's memory, or null when there is none or it cannot be read.  Asked for as soon
// as PyScript imports this module, while PyScript still prepares the worker.
const memory = (async () => {
  try {
    const response = await fetch(SNAPSHOT);
    if (!response.ok) return null;
    const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unzipped).arrayBuffer());
  } catch (error) {
    console.warn("[tweak] python.snapshot could not be read; Python starts the normal way:",
      error);
    return null;
  }
})();

// PyScript's call: Pyodide started, from the snapshot when it restores.
export async function loadPyodide(options) {
  const settings = { ...options, indexURL: RUNTIME };
  const snapshot = await memory;
  if (snapshot) {
    try {
      const pyodide = await startPyodide({ ...settings, _loadSnapshot: snapshot });
      // A restored interpreter that cannot run a line is no interpreter.
      pyodide.runPython("import os; os.environ['TWEAK_SNAPSHOT']");
      console.debug("[tweak] Python restored from python.snapshot");
      return pyodide;
    } catch (error) {
      console.warn("[tweak] python.snapshot did not restore; Python starts the normal way:",
        error);
    }
  }
  return startPyodide(settings);
}
