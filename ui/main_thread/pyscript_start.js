// PyScript, with its MicroPython start on the main thread cut into short tasks.
//
// Before the page's MicroPython (main.py) runs a line, PyScript runs a prelude of its own in
// one runPythonAsync call: it writes its `pyscript` package into MicroPython's file system (a
// `_path.write_text("...")` statement per file) and then imports it, which compiles about ten
// modules from source, all in one main-thread task, longer than a task may take before a tap
// feels late; the import is most of it (docs/architecture.md, "Start-up").
//
// This module loads PyScript and, through its hook `hooks.main.onReady` (PyScript's API for
// plugins: it is given the MicroPython interpreter before any code runs), runs that prelude
// the same way, but in steps, giving the browser a turn whenever a slice of SLICE_MS has gone:
//   1. the prelude's statements up to its `import pyscript`: the file writes;
//   2. the package's submodules, one import each, in the order its __init__.py imports them,
//      with that __init__.py emptied meanwhile (otherwise importing `pyscript.display` would
//      first run the whole package, all in one step);
//   3. the real __init__.py back, and the rest of the prelude, whose `import pyscript` now
//      finds every submodule loaded: the very modules, in the very state, of the prelude run
//      in one go.
// It relies on the prelude's shape in @pyscript/core 0.7.31 (pinned in package.json).  When
// that shape is not found the prelude runs as PyScript wrote it, and when a step fails the
// steps are undone and it runs so too: a different PyScript can make the start slower, never
// break it.  tests/e2e/test_worker.py checks that the steps ran and no task was long.
//
// index.html loads it async, before the page has been parsed (the worker starts earlier so);
// the same hook first waits for the body, which PyScript needs before it runs the script.

import "./pyscript_config.js";  // first: PyScript reads its configs as it loads
import { hooks } from "../../node_modules/@pyscript/core/dist/core.js";

const PRELUDE_START = "import os as _os\nfrom pathlib import Path as _Path\n";
const PACKAGE_IMPORT = "import pyscript as _pyscript";
const INIT = "./pyscript/__init__.py";
const SLICE_MS = 12;

// Top-level statements: a line that does not start with white space starts one (the prelude's
// file contents are JSON strings on one line each; only an `if` block spans lines).
const statements = (code) => {
  const found = [];
  for (const line of code.split("\n")) {
    if (found.length && (line === "" || /^\s/.test(line))) found[found.length - 1] += "\n" + line;
    else found.push(line);
  }
  return found;
};

// A turn for the browser: scheduler.yield() where there is one, else a message (a timeout
// would wait 4 ms once nested).
const yieldToBrowser = () => globalThis.scheduler?.yield
  ? globalThis.scheduler.yield()
  : new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });

// Step 2's Python: empty __init__.py, keeping its text, and name the submodules it imports.
const EMPTY_THE_PACKAGE = `
with open("${INIT}") as _tweak_file:
    _tweak_init = _tweak_file.read()
with open("${INIT}", "w") as _tweak_file:
    _tweak_file.write("")
del _tweak_file
_tweak_modules = " ".join(line.split()[1] for line in _tweak_init.replace(":", "\\n").split("\\n")
                          if line.startswith("from pyscript."))
`;

// Step 3's Python: __init__.py back, and the empty package forgotten, so that the prelude's
// import runs the real one.  After a failure, the submodules are forgotten too: the prelude
// then imports everything afresh, as it would have without this module.
const restoreThePackage = (failed) => `
import sys as _tweak_sys
if "_tweak_init" in globals():
    with open("${INIT}", "w") as _tweak_file:
        _tweak_file.write(_tweak_init)
    del _tweak_file, _tweak_init
for _tweak_name in list(_tweak_sys.modules):
    if _tweak_name == "pyscript" or (${failed ? "True" : "False"} and _tweak_name.startswith("pyscript.")):
        del _tweak_sys.modules[_tweak_name]
if "_tweak_modules" in globals():
    del _tweak_modules
del _tweak_sys, _tweak_name
`;

// ``all``: the prelude's statements; ``at``: where its `import pyscript` is.
async function runInSteps(interpreter, run, all, at) {
  let sliceStart = performance.now();
  const step = async (text) => {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToBrowser();
      sliceStart = performance.now();
    }
    return run(text);
  };
  for (const statement of all.slice(0, at)) await step(statement);
  try {
    await step(EMPTY_THE_PACKAGE);
    const modules = String(interpreter.globals.get("_tweak_modules"));
    for (const name of modules.split(" ").filter(Boolean)) await step(`import ${name}`);
    await step(restoreThePackage(false));
    window.tweakPreludeSteps = "done";
  } catch (error) {
    console.debug("[tweak] PyScript's prelude runs in one go:", error);
    await run(restoreThePackage(true));
    window.tweakPreludeSteps = "undone";
  }
  return step(all.slice(at).join("\n"));
}

// index.html names PyScript's scripts in its <head> and loads this module async, so that the
// worker starts early; MicroPython may then be ready before the body has been parsed.  PyScript
// awaits this hook before it runs anything (and before it appends the script's output element
// to the body, which a script in <head> needs): wait for the document here.
const parsed = () => document.readyState !== "loading" ? Promise.resolve()
  : new Promise((resolve) => {
    document.addEventListener("DOMContentLoaded", resolve, { once: true });
  });

hooks.main.onReady.add(async (wrap) => {
  await parsed();
  const interpreter = wrap.interpreter;
  const runPythonAsync = interpreter.runPythonAsync;
  const run = (text, ...rest) => runPythonAsync.call(interpreter, text, ...rest);
  interpreter.runPythonAsync = (code, ...rest) => {
    const all = typeof code === "string" && code.startsWith(PRELUDE_START) ? statements(code) : [];
    const at = all.indexOf(PACKAGE_IMPORT);
    if (at < 0) return run(code, ...rest);
    interpreter.runPythonAsync = runPythonAsync;  // the prelude runs once
    return runInSteps(interpreter, run, all, at);
  };
});
