// The wasm's static data, folded out of a Pyodide memory snapshot and back in.
//
// A snapshot (tools/snapshot.py) is a header and then the whole wasm memory.  A tenth of that
// memory is the C program's static data, which pyodide.asm.wasm holds too, in its data
// segments, and which start-up barely changes: XOR'd with those segments it is nearly all
// zeros, and the compressed snapshot is a quarter smaller (python.snapshot's bytes are most of
// a first visit's wait).  XOR is its own inverse: `foldStaticData` folds at build time (under
// Node) and unfolds before the restore (in the worker), with the very same wasm.
//
// * `foldStaticData(snapshot, wasm)`: XORs, in place, the memory in `snapshot` (a Uint8Array:
//   Pyodide's header, whose second 32-bit word is where the memory starts, then the memory)
//   with the active data segments of `wasm` (the bytes of pyodide.asm.wasm); returns
//   `snapshot`.  Throws an Error when `wasm` is no WebAssembly module this code can read, or a
//   segment falls outside the memory.

// WebAssembly's binary format: the magic and version, the data section's id, and the forms of
// a data segment (active with memory 0, passive, active with a memory index).
const MAGIC = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
const DATA_SECTION = 11;
const ACTIVE = 0, PASSIVE = 1, ACTIVE_IN_MEMORY = 2;
const I32_CONST = 0x41, END = 0x0b;

export function foldStaticData(snapshot, wasm) {
  const bytes = wasm instanceof Uint8Array ? wasm : new Uint8Array(wasm);
  const memoryStart = new DataView(snapshot.buffer, snapshot.byteOffset, 8).getUint32(4, true);
  const memory = snapshot.subarray(memoryStart);
  for (const [offset, data] of dataSegments(bytes)) {
    if (offset + data.length > memory.length) throw new Error("a data segment lies outside the memory");
    for (let at = 0; at < data.length; at++) memory[offset + at] ^= data[at];
  }
  return snapshot;
}

// The active data segments of the module `bytes`, as [memory offset, bytes] pairs.
function dataSegments(bytes) {
  if (bytes.length < MAGIC.length || MAGIC.some((byte, at) => bytes[at] !== byte)) {
    throw new Error("not a WebAssembly module");
  }
  let at = MAGIC.length;
  // An unsigned (or, for i32.const, signed 32-bit) LEB128 number at `at`, which it passes.
  const number = (signed = false) => {
    let value = 0, shift = 0, byte;
    do {
      if (at >= bytes.length) throw new Error("the WebAssembly module is cut short");
      byte = bytes[at++];
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    if (signed && shift < 32 && byte & 0x40) value |= -1 << shift;
    return signed ? value : value >>> 0;
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = number();
    if (id !== DATA_SECTION) {
      at += size;
      continue;
    }
    const segments = [];
    for (let count = number(); count > 0; count--) {
      const form = number();
      if (form === PASSIVE) {
        const length = number();  // read before `at` moves past it
        at += length;
        continue;
      }
      if (form === ACTIVE_IN_MEMORY && number() !== 0) throw new Error("a segment of another memory");
      if (form !== ACTIVE && form !== ACTIVE_IN_MEMORY) throw new Error(`a data segment of form ${form}`);
      if (bytes[at++] !== I32_CONST) throw new Error("a data segment at a computed offset");
      const offset = number(true);
      if (bytes[at++] !== END) throw new Error("a data segment at a computed offset");
      const length = number();
      if (at + length > bytes.length) throw new Error("the WebAssembly module is cut short");
      segments.push([offset, bytes.subarray(at, at + length)]);
      at += length;
    }
    return segments;
  }
  return [];
}
