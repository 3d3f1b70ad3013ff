"""ui/worker/static_data.mjs, run by Node: a snapshot's memory XOR'd with the active data segments
of a WebAssembly module (a small one written here, and Pyodide's own), and the modules it
refuses.
"""

from __future__ import annotations

import json
import shutil
import struct
import subprocess

import pytest

from tests.ui.test_snapshot import unpacked
from tools import ROOT, snapshot, worker_archive

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

# argv = [static_data.mjs URL, snapshot path, wasm path]; prints the folded snapshot's bytes as
# a JSON list, or {"error": message}.
NODE_PROGRAM = """
import { readFileSync } from "node:fs";
const [folding, memory, wasm] = process.argv.slice(1);
const { foldStaticData } = await import(folding);
try {
  const folded = foldStaticData(new Uint8Array(readFileSync(memory)), readFileSync(wasm));
  process.stdout.write(JSON.stringify(Array.from(folded)));
} catch (error) {
  process.stdout.write(JSON.stringify({ error: error.message }));
}
"""


def fold(snapshot_bytes: bytes, wasm: bytes, tmp_path):
    """The snapshot folded by static_data.mjs (bytes), or its error message (str)."""
    (tmp_path / "snapshot").write_bytes(snapshot_bytes)
    (tmp_path / "module.wasm").write_bytes(wasm)
    done = subprocess.run(
        ["node", "--input-type=module", "-e", NODE_PROGRAM, "--", snapshot.FOLDING.as_uri(),
         str(tmp_path / "snapshot"), str(tmp_path / "module.wasm")],
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    return answer["error"] if isinstance(answer, dict) else bytes(answer)


def leb(number: int) -> bytes:
    """``number`` (unsigned, or a small signed one) as LEB128."""
    out = bytearray()
    while True:
        byte = number & 0x7F
        number >>= 7
        if (number == 0 and not byte & 0x40) or (number == -1 and byte & 0x40):
            return bytes(out + bytes([byte]))
        out.append(byte | 0x80)


def module(*segments: bytes) -> bytes:
    """A WebAssembly module of a type section (skipped by the reader) and a data section."""
    data = leb(len(segments)) + b"".join(segments)
    return (b"\0asm\1\0\0\0" + bytes([1]) + leb(1) + b"\0"
            + bytes([11]) + leb(len(data)) + data)


def active(offset: int, data: bytes, memory_index=None) -> bytes:
    form = b"\0" if memory_index is None else b"\2" + leb(memory_index)
    return form + b"\x41" + leb(offset) + b"\x0b" + leb(len(data)) + data


def passive(data: bytes) -> bytes:
    return b"\1" + leb(len(data)) + data


# A snapshot as Pyodide lays it out: a header whose second word says where the memory starts.
HEADER = struct.pack("<4I", 0x706E7300, 16, 0, 0)


def test_the_active_segments_are_xored_into_the_memory_and_folding_twice_undoes_it(tmp_path):
    memory = bytes(range(100, 132))
    wasm = module(active(2, b"\x0f\xf0"), passive(b"\xff" * 5),
                  active(29, b"\x01\x02\x03", memory_index=0))
    folded = fold(HEADER + memory, wasm, tmp_path)
    expected = bytearray(memory)
    expected[2] ^= 0x0F
    expected[3] ^= 0xF0
    expected[29:32] = bytes(a ^ b for a, b in zip(memory[29:32], b"\x01\x02\x03"))
    assert folded == HEADER + bytes(expected)  # the header as it was; the passive one ignored
    assert fold(folded, wasm, tmp_path) == HEADER + memory


@pytest.mark.parametrize("wasm, message", [
    (b"not a module", "not a WebAssembly module"),
    (module(active(30, b"\1\2\3")), "a data segment lies outside the memory"),
    (module(active(0, b"\1", memory_index=1)), "a segment of another memory"),
    (module(b"\0\x23\0\x0b\1\1"), "a data segment at a computed offset"),  # global.get
    (module(active(0, b"\1\2\3"))[:-2], "the WebAssembly module is cut short"),
])
def test_a_module_it_cannot_read_is_refused_with_the_reason(wasm, message, tmp_path):
    assert fold(HEADER + bytes(32), wasm, tmp_path) == message


def test_pyodides_static_data_folds_out_of_the_game_snapshot(tmp_path):
    made = snapshot.python_snapshot(worker_archive.python_archive(ROOT), ROOT)
    assert made is not None, "no snapshot could be made (its reason is printed above)"
    folded = unpacked(made.memory)
    wasm = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    restored = fold(folded, wasm, tmp_path)
    # Start-up changes little of the static data (over 3 MB): folded, most of it is zeros.
    assert folded.count(0) - restored.count(0) > 2_000_000
