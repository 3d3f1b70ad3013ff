// PyScript's two main-thread configs, given to it as <py-config> and <mpy-config> elements
// before it loads: pyscript_start.js imports this module first, and PyScript reads its configs
// once, as it loads (docs/architecture.md, "Start-up").
//
// CONFIGS, per script type, is the config PyScript would otherwise fetch and parse from a file
// (JSON text, so that tests/ui/test_config.py reads it too):
//   py   the default config of Pyodide scripts.  Only its interpreter matters: the game's
//        worker has its own config (pyscript.toml, which the worker reads itself).  Without
//        it PyScript's main thread fetches and parses pyscript.toml only to learn the
//        interpreter's address, before it creates the worker (polyscript's custom.js);
//   mpy  the main thread's MicroPython: index.html's script (ui/main_thread/main.py) imports
//        page.py, which imports storage.py: the two files mapped in, and nothing of the game.
// Both turn off PyScript's plugins this page does not use (UNUSED_PLUGINS).  PyScript loads
// every plugin of a type before it runs a script of that type.  Its error banner stays:
// boot.js turns it into a message with a Retry.
// Why not files: each would be one more request, and the TOML parser another, in a row on the
// main thread before the worker is created.

export const CONFIGS = {
  "py": {
    "interpreter": "./ui/worker/interpreter.mjs"
  },
  "mpy": {
    "interpreter": "./node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs",
    "files": {"./ui/main_thread/page.py": "", "./ui/main_thread/storage.py": ""}
  }
};

export const UNUSED_PLUGINS = ["codemirror", "deprecations-manager", "donkey", "py-editor",
  "py-game", "py-terminal"];

const plugins = UNUSED_PLUGINS.map((name) => `!${name}`);  // "!name": PyScript's "not this one"
for (const [type, config] of Object.entries(CONFIGS)) {
  const element = document.createElement(`${type}-config`);
  element.textContent = JSON.stringify({ ...config, plugins });
  document.head.append(element);
}
