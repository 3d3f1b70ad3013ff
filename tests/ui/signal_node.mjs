// Runs calls of ui/main_thread/signal.js (window.tweakSignal) in Node for tests/ui/test_signal.py.
//
//   node tests/ui/signal_node.mjs < calls.json
//
// calls.json: [[name, arg, ...], ...]; prints a JSON list with, for each call, {value} or
// {error: message, kind: the error's constructor name}.
import { readFileSync } from "node:fs";

globalThis.window = globalThis;
await import("../../ui/main_thread/signal.js");
const calls = JSON.parse(readFileSync(0, "utf8"));
const results = calls.map(([name, ...args]) => {
  try {
    return { value: window.tweakSignal[name](...args) };
  } catch (error) {
    return { error: error.message, kind: error.constructor.name };
  }
});
process.stdout.write(JSON.stringify(results));
