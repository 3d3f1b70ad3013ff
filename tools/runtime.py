"""The page's runtime from npm: Pyodide, PyScript and MicroPython at the versions pinned in
``package-lock.json``, installed under ``node_modules/`` by ``npm ci`` and never committed.

``RUNTIME_FILES`` maps each npm package to the files of it a page needs at run time: the dev
server serves them from ``node_modules/``, the build copies exactly those into the site.
``ensure_runtime`` installs the runtime when it is missing or at another version.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from tools import ROOT

# Per package: (its folder of run-time files, the files).  ``None`` means every file of the
# folder except source maps: PyScript's chunk names are hashed and change with every release.
RUNTIME_FILES = {
    "pyodide": ("", ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                     "pyodide-lock.json")),
    "@pyscript/core": ("dist", None),
    "@micropython/micropython-webassembly-pyscript": ("", ("micropython.mjs", "micropython.wasm")),
    # The invite and reply QR codes, and reading one from the camera where the browser has no
    # BarcodeDetector (ui/main_thread/handoff.js imports them when needed).
    "qr": ("", ("index.js", "decode.js")),
    # The decoder of python.snapshot (ui/worker/snapshot_file.mjs).
    "fzstd": ("esm", ("index.mjs",)),
}


class RuntimeMissing(RuntimeError):
    """The runtime is not installed and cannot be (no npm, or npm failed)."""


def pinned_versions(root: Path = ROOT) -> dict:
    """{package: version} of each runtime package pinned in ``root/package-lock.json``; raises
    ``RuntimeMissing`` when the lock cannot be read or pins no version of one."""
    lock_path = root / "package-lock.json"
    try:
        lock = json.loads(lock_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise RuntimeMissing(f"cannot read {lock_path}: {error}") from None
    packages = lock.get("packages", {})
    versions = {}
    for name in RUNTIME_FILES:
        entry = packages.get(f"node_modules/{name}")
        if not entry or "version" not in entry:
            raise RuntimeMissing(f"{lock_path.name} does not pin {name}")
        versions[name] = entry["version"]
    return versions


def installed_version(name: str, root: Path = ROOT):
    """The version of ``node_modules/<name>`` as installed, or None when it is not there."""
    try:
        manifest = json.loads((root / "node_modules" / name / "package.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return manifest.get("version")


def runtime_paths(name: str, root: Path = ROOT) -> list:
    """The files of one runtime package that a page needs, as paths under ``root``."""
    subdir, files = RUNTIME_FILES[name]
    base = root / "node_modules" / name / subdir
    if files is not None:
        return [base / file for file in files]
    return sorted(path for path in base.iterdir() if path.is_file() and path.suffix != ".map")


def runtime_problems(root: Path = ROOT) -> list:
    """Sentences saying what is wrong with the installed runtime; empty when it is ready."""
    problems = []
    for name, pinned in pinned_versions(root).items():
        found = installed_version(name, root)
        if found is None:
            problems.append(f"{name} is not installed")
        elif found != pinned:
            problems.append(f"{name} is {found}, package-lock.json pins {pinned}")
        else:
            problems.extend(f"{name} lacks {path.relative_to(root)}"
                            for path in runtime_paths(name, root) if not path.is_file())
    return problems


def ensure_runtime(root: Path = ROOT, log=print) -> None:
    """Run ``npm ci`` in ``root`` unless the pinned runtime is already installed (saying why to
    ``log``); raise ``RuntimeMissing`` with a one-line reason when it cannot be installed."""
    problems = runtime_problems(root)
    if not problems:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeMissing("npm was not found: install Node.js 20 or later (it brings npm), "
                             "then run this again")
    log(f"Installing the runtime with npm ci ({'; '.join(problems)})")
    result = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root)
    if result.returncode != 0:
        raise RuntimeMissing(f"npm ci failed with exit code {result.returncode}")
    problems = runtime_problems(root)
    if problems:
        raise RuntimeMissing("after npm ci: " + "; ".join(problems))
