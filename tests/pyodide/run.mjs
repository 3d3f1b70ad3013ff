// Runs Python under Pyodide in Node, offline: the same interpreter the browser runs (wasm32,
// CPython 3.14), loaded from node_modules/pyodide (installed by `npm ci`).
//
//   node tests/pyodide/run.mjs pytest [pytest args]      pytest.main(args), e.g. tests/engine
//   node tests/pyodide/run.mjs script FILE [args]        run FILE as __main__ with sys.argv
//
// The repository is mounted (NODEFS) at /repo, which is Python's working directory and the first
// entry of sys.path, so `import tweak` works and relative paths mean what they mean on the host.
// The pytest mode installs the pure wheels that tests/run.py downloads into
// .cache/pyodide-wheels/ (pytest and its dependencies; the npm package has no wheels at all).
// The process exits with pytest's exit code, or the script's.

import { readdirSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const MOUNT = "/repo";
const WHEELS = process.env.TWEAK_PYODIDE_WHEELS || join(REPO, ".cache", "pyodide-wheels");
const USAGE = "usage: node tests/pyodide/run.mjs pytest [args] | script FILE [args]";

function fail(message) {
  process.stderr.write(`tests/pyodide/run.mjs: ${message}\n`);
  process.exit(2);
}

// Python's output goes straight to ours, byte for byte (pytest's progress dots included).
function writer(stream) {
  return {
    isatty: Boolean(stream.isTTY),
    write(buffer) {
      stream.write(buffer);
      return buffer.length;
    },
  };
}

function projectSettings() {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith("TWEAK_")));
}

async function startPython() {
  const pyodide = await loadPyodide({
    // .pyc files written through the mount would land in the working tree; the engine is
    // small, so compiling on each run costs little.
    // The project's own TWEAK_* settings (e.g. TWEAK_INVARIANT_GAMES) pass through.
    env: { ...projectSettings(), PYTHONDONTWRITEBYTECODE: "1" },
  });
  pyodide.setStdout(writer(process.stdout));
  pyodide.setStderr(writer(process.stderr));
  pyodide.mountNodeFS(MOUNT, REPO);
  pyodide.runPython(`
import os, sys
sys.dont_write_bytecode = True
os.chdir(${JSON.stringify(MOUNT)})
sys.path.insert(0, ${JSON.stringify(MOUNT)})
`);
  return pyodide;
}

async function installWheels(pyodide) {
  const wheels = existsSync(WHEELS)
    ? readdirSync(WHEELS).filter((name) => name.endsWith(".whl")).map((name) => join(WHEELS, name))
    : [];
  if (!wheels.some((path) => /\/pytest-[^/]*\.whl$/.test(path))) {
    fail(`no pytest wheel in ${WHEELS}: run python3 tests/run.py, which downloads it`);
  }
  await pyodide.loadPackage(wheels, {
    messageCallback: () => {}, // "Loading pytest, ..." would clutter the test output
    errorCallback: (message) => process.stderr.write(`${message}\n`),
  });
}

async function main([mode, ...args]) {
  if (mode !== "pytest" && mode !== "script") fail(USAGE);
  if (mode === "script" && args.length === 0) fail(USAGE);
  const pyodide = await startPython();
  pyodide.globals.set("ARGS", pyodide.toPy(args));
  if (mode === "pytest") {
    await installWheels(pyodide);
    // The cache plugin would write .pytest_cache through the mount; nothing needs it here.
    return pyodide.runPython(`
import pytest
int(pytest.main(["-p", "no:cacheprovider", *ARGS]))
`);
  }
  return pyodide.runPython(`
import runpy, sys
sys.argv = list(ARGS)
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    code = 0
except SystemExit as exit:
    code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
    if not isinstance(exit.code, (int, type(None))):
        print(exit.code, file=sys.stderr)
code
`);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    // A Python exception's message is its traceback; a JavaScript error's stack says more.
    const text = error.constructor?.name === "PythonError" ? error.message : error.stack;
    process.stderr.write(`${text || error}\n`);
    process.exitCode = 1;
  },
);
