// python.snapshot's file format: Pyodide's memory snapshot (its static data folded out:
// static_data.mjs) compressed with Zstandard at level 19, a quarter smaller than gzip's best
// (its bytes are most of a phone's first visit), after a Zstandard skippable frame that holds
// the SHA-256 of the compressed frame: the decoder (fzstd) checks no checksum, and a damaged
// file must never restore into a broken interpreter.  Standard .zst all the same: `zstd -d`
// reads it.
//
// * `packSnapshot(frame)`: the file's bytes (a Uint8Array) for the Zstandard frame `frame`;
// * `unpackSnapshot(file)`: the snapshot's bytes (a Uint8Array) from the file's; throws an
//   Error saying what is wrong when it is no such file, or a damaged one.  The digest is
//   checked where the browser offers SubtleCrypto (every secure context: https, localhost).
// Both return promises.

import { decompress } from "../../node_modules/fzstd/esm/index.mjs";

// The skippable frame: its magic number and the length of what it holds, then the digest.
const SKIPPABLE = 0x184d2a50;
const HEADER = 8;
const DIGEST = 32;

export async function packSnapshot(frame) {
  const file = new Uint8Array(HEADER + DIGEST + frame.length);
  const view = new DataView(file.buffer);
  view.setUint32(0, SKIPPABLE, true);
  view.setUint32(4, DIGEST, true);
  file.set(new Uint8Array(await crypto.subtle.digest("SHA-256", frame)), HEADER);
  file.set(frame, HEADER + DIGEST);
  return file;
}

export async function unpackSnapshot(file) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (file.length < HEADER + DIGEST || view.getUint32(0, true) !== SKIPPABLE ||
      view.getUint32(4, true) !== DIGEST) {
    throw new Error("not a snapshot file");
  }
  const frame = file.subarray(HEADER + DIGEST);
  if (globalThis.crypto && crypto.subtle) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", frame));
    if (digest.some((byte, at) => byte !== file[HEADER + at])) {
      throw new Error("the file is damaged: its SHA-256 differs");
    }
  }
  return decompress(frame);
}
