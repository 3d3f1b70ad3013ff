"""THE test command:  python3 tests/run.py [pytest args]

On a fresh clone it installs what the tests need, then runs them twice over:

1. ``.venv/`` with the pinned ``tests/requirements.txt`` (re-installed when that file changes);
2. the browser runtime in ``node_modules/`` (``npm ci``, via ``tools.runtime.ensure_runtime``),
   and ``npm ci`` again when a test tool pinned in package.json's devDependencies is missing;
   Babel in ``.cache/`` (``tools.catalogues.ensure_babel``), which serve.py needs to serve the
   game, also in the multi-device tests' network namespace, where pip reaches no registry;
3. pure wheels of pytest and its dependencies, at the same pinned versions, for Pyodide in
   ``.cache/pyodide-wheels/`` (the npm ``pyodide`` package ships none);
4. a browser: Debian's ``/usr/bin/chromium`` when present, else Playwright's own chromium
   (``python -m playwright install chromium``).  ``TWEAK_BROWSER=playwright`` forces Playwright's,
   ``TWEAK_BROWSER=/path/to/chrome`` names another; tests/e2e/conftest.py follows the choice;
5. pytest under CPython on ``tests/`` (engine, ui, e2e), with the given pytest args;
6. the engine tests (``tests/engine/``) under Pyodide in Node (``tests/pyodide/run.mjs``): the
   interpreter the browser runs, wasm32 and a newer Python (docs/architecture.md, "Runtime
   facts").  It gets the same pytest options (``-k bomb``, ``-x``) but only test paths under
   tests/engine/; when the given paths name no engine test (``tests/e2e``), it is skipped.

With no test path given (the whole suite), step 6 runs beside the part of step 5 that needs no
browser, a core each, and the browser tests (tests/e2e/) follow on their own: they need both
cores, but for the multi-device tests (``BESIDE``), which run beside the other browser tests
from their start: they mostly wait (on Chromium's own timers, minutes of them, and on
connections in their own network namespace).  ``--skip-pyodide`` /
``--skip-cpython`` leave out step 6 / step 5 (and what only it needs).
The closing line sums both runs as ``total: N passed, N failed``; the exit code is non-zero when
any step or any test failed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
REQUIREMENTS = ROOT / "tests" / "requirements.txt"
PYODIDE_WHEELS = ROOT / ".cache" / "pyodide-wheels"
PYODIDE_RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
# The multi-device tests, in their own network namespace: two devices that connect and play
# (about 3 minutes), then slow scans and a bad network (about 7, 5 of them spent waiting for
# Chromium to give a handshake up, with little to do meanwhile).
BESIDE = "tests/e2e/test_peers.py"
# pytest's exit code when the given options (``-k``) select no test: nothing failed.
NO_TESTS_COLLECTED = 5

# pytest's closing line, e.g. "3 failed, 160 passed, 2 skipped in 12.34s".
PYTEST_CLOSING = re.compile(r"^=*\s*((?:\d+ [a-z]+(?:, )?)+) in [\d.]+s")
PYTEST_COUNT = re.compile(r"(\d+) ([a-z]+)")


class SetupFailed(Exception):
    """A step before the tests could not be done; the message says which and why."""


def say(text: str) -> None:
    print(f"\n==> {text}", flush=True)


def run(command, **kwargs) -> None:
    """Run a set-up command; raise SetupFailed when it fails."""
    result = subprocess.run([str(part) for part in command], cwd=ROOT, **kwargs)
    if result.returncode != 0:
        raise SetupFailed(f"`{' '.join(map(str, command))}` failed (exit {result.returncode})")


def requirements_digest() -> str:
    return hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()


def stamped(directory: Path) -> bool:
    """Whether ``directory`` was filled from the current requirements file."""
    stamp = directory / ".requirements.sha256"
    return stamp.is_file() and stamp.read_text().strip() == requirements_digest()


def stamp(directory: Path) -> None:
    (directory / ".requirements.sha256").write_text(requirements_digest() + "\n")


# ---- set-up steps --------------------------------------------------------------------


def ensure_venv() -> None:
    if not VENV_PYTHON.exists():
        say(f"Creating {VENV.name}/")
        run([sys.executable, "-m", "venv", VENV])
    if not stamped(VENV):
        say(f"Installing {REQUIREMENTS.relative_to(ROOT)} into {VENV.name}/")
        run([VENV_PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "-r", REQUIREMENTS])
        stamp(VENV)


def ensure_runtime() -> None:
    sys.path.insert(0, str(ROOT))
    from tools import catalogues, runtime

    try:
        runtime.ensure_runtime(ROOT, log=say)
    except runtime.RuntimeMissing as error:
        raise SetupFailed(str(error)) from None
    # What serve.py needs to serve the game, installed before any test starts: the multi-device
    # tests serve it inside a network namespace, where pip cannot reach a registry.
    try:
        catalogues.ensure_babel(ROOT, log=say)
    except catalogues.CatalogueError as error:
        raise SetupFailed(str(error)) from None
    # runtime.ensure_runtime checks only the page's runtime; the test tools pinned as npm
    # devDependencies (puppeteer-core, for Firefox) need the same `npm ci` when the lock changed.
    tools = json.loads((ROOT / "package.json").read_text("utf-8")).get("devDependencies", {})
    missing = [f"{name} {pin}" for name, pin in tools.items()
               if runtime.installed_version(name, ROOT) != pin]
    if missing and shutil.which("npm"):
        say(f"Installing the npm test tools with npm ci ({', '.join(missing)})")
        run([shutil.which("npm"), "ci", "--no-audit", "--no-fund"])


def ensure_pyodide_wheels() -> None:
    """Pure wheels of pytest, hypothesis and their dependencies, pinned by
    tests/requirements.txt (used as constraints, so Pyodide tests with the same versions as
    CPython)."""
    if stamped(PYODIDE_WHEELS):
        return
    say(f"Downloading pytest and hypothesis wheels for Pyodide into "
        f"{PYODIDE_WHEELS.relative_to(ROOT)}/")
    partial = PYODIDE_WHEELS.with_name(PYODIDE_WHEELS.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    run([VENV_PYTHON, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
         "--only-binary=:all:", "--python-version", "3.14", "--implementation", "py",
         "--abi", "none", "--platform", "any", "-c", REQUIREMENTS, "-d", partial,
         "pytest", "hypothesis"])
    shutil.rmtree(PYODIDE_WHEELS, ignore_errors=True)
    partial.rename(PYODIDE_WHEELS)
    stamp(PYODIDE_WHEELS)


def choose_browser() -> str:
    """The browser for tests/e2e: "system", "playwright" or a path (TWEAK_BROWSER's values)."""
    choice = os.environ.get("TWEAK_BROWSER", "auto")
    if choice == "auto":
        choice = "system" if SYSTEM_CHROMIUM.exists() else "playwright"
    if choice == "playwright":
        say("Installing Playwright's chromium")
        # On GitHub's runners the browser's system libraries may be missing; --with-deps
        # installs them with apt (the runner has password-less sudo).
        with_deps = ["--with-deps"] if os.environ.get("GITHUB_ACTIONS") == "true" else []
        run([VENV_PYTHON, "-m", "playwright", "install", *with_deps, "chromium"])
    elif choice != "system" and not Path(choice).exists():
        raise SetupFailed(f"TWEAK_BROWSER={choice}: no such browser executable")
    return choice


# ---- the test runs -------------------------------------------------------------------


def pyodide_args(pytest_args: list):
    """The pytest args for the Pyodide run, or None when they select no engine test.  Options
    pass through as given (``-k bomb``, ``-x``); of the test paths, only what lies in
    tests/engine/ is kept (``tests`` becomes ``tests/engine``; e2e and ui tests need CPython
    packages); with no path given, tests/engine/ is the path."""
    engine = ROOT / "tests" / "engine"

    def path_of(arg):
        if arg.startswith("-") or not (ROOT / arg.split("::")[0]).exists():
            return None
        return (ROOT / arg.split("::")[0]).resolve()

    kept, given_paths, kept_paths = [], 0, 0
    for arg in pytest_args:
        path = path_of(arg)
        if path is None:
            kept.append(arg)
            continue
        given_paths += 1
        if path == engine or engine in path.parents:
            kept.append(arg)
            kept_paths += 1
        elif path in engine.parents:
            kept.append("tests/engine")
            kept_paths += 1
    if given_paths == 0:
        return [*kept, "tests/engine"]
    return kept if kept_paths else None


def given_paths(pytest_args: list) -> bool:
    """Whether the pytest args name test paths (else the whole of tests/ is meant)."""
    return any(not arg.startswith("-") and (ROOT / arg.split("::")[0]).exists()
               for arg in pytest_args)


def run_tests(title: str, command, env, echo=None) -> tuple:
    """Run a pytest command, its output to ``echo`` (a list of lines, or None: printed as it
    comes); return (exit code, {outcome: count}, seconds)."""
    if echo is None:
        say(title)
    else:
        echo.append(f"\n==> {title}\n")
    began = time.monotonic()
    counts = {}
    with subprocess.Popen([str(part) for part in command], cwd=ROOT, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=1,
                          errors="replace") as process:
        for line in process.stdout:
            if echo is None:
                sys.stdout.write(line)
                sys.stdout.flush()
            else:
                echo.append(line)
            closing = PYTEST_CLOSING.match(line.strip())
            if closing:
                counts = {word: int(n) for n, word in PYTEST_COUNT.findall(closing.group(1))}
    return process.returncode, counts, time.monotonic() - began


def outcome(code: int, counts: dict) -> str:
    tally = ", ".join(f"{n} {word}" for word, n in counts.items()) or "no tests ran"
    verdict = "ok" if code == 0 else f"FAILED (exit {code})"
    return f"{verdict}: {tally}"


def main(argv) -> int:
    skip_pyodide = "--skip-pyodide" in argv
    skip_cpython = "--skip-cpython" in argv
    pytest_args = [arg for arg in argv if arg not in ("--skip-pyodide", "--skip-cpython")]
    started = time.monotonic()
    results = []  # (title, exit code, counts, seconds)

    try:
        ensure_venv()
        ensure_runtime()
        if not skip_pyodide:
            ensure_pyodide_wheels()
        browser = "system" if skip_cpython else choose_browser()
    except SetupFailed as error:
        print(f"\ntests/run.py: set-up failed: {error}", file=sys.stderr)
        return 1

    color = ["--color=yes"] if sys.stdout.isatty() else []
    cpython_env = {**os.environ, "TWEAK_BROWSER": browser, "PYTHONDONTWRITEBYTECODE": "1"}
    pytest = [VENV_PYTHON, "-m", "pytest", *color]
    pyodide = None  # (title, command) of the Pyodide run
    engine_args = pyodide_args(pytest_args)
    if not skip_pyodide and engine_args is None:
        print("\n(no engine test selected: the Pyodide run is skipped)")
    elif not skip_pyodide:
        node = shutil.which("node")
        title = f"engine tests under Pyodide in Node ({' '.join(engine_args)})"
        if node is None:
            results.append((title + ": node was not found", 1, {}, 0.0))
        else:
            # The same tests as under CPython, the full 1,000 random games per configuration
            # included: wasm32 is where engine surprises would hide.
            pyodide = (title, [node, PYODIDE_RUNNER, "pytest", *color, "-q", *engine_args])

    if not skip_cpython and pyodide and not given_paths(pytest_args):
        # The whole suite: the Pyodide run takes one core while CPython runs the tests that
        # need no browser on the other (its output is shown when it ends); the browser tests
        # then have both cores, as they need.
        with ThreadPoolExecutor(max_workers=1) as pool:
            echo = []
            beside = pool.submit(run_tests, *pyodide, dict(os.environ), echo)
            title = ("pytest under CPython, all but the browser "
                     f"({' '.join(pytest_args) or 'tests/'})")
            results.append((title, *run_tests(title, [*pytest, *pytest_args, "--ignore",
                                                      "tests/e2e", "tests"], cpython_env)))
            outcome_beside = beside.result()
            sys.stdout.write("".join(echo))
            results.append((pyodide[0], *outcome_beside))
        with ThreadPoolExecutor(max_workers=1) as pool:
            echo = []
            beside_title = f"pytest under CPython, in the browser, beside the rest ({BESIDE})"
            beside = pool.submit(run_tests, beside_title, [*pytest, *pytest_args, BESIDE],
                                 cpython_env, echo)
            title = (f"pytest under CPython, in the browser "
                     f"({' '.join(pytest_args) or 'tests/e2e'}, but the tests beside)")
            results.append((title, *run_tests(title, [*pytest, *pytest_args, "tests/e2e",
                                                      "--ignore", BESIDE], cpython_env)))
            code, counts, seconds = beside.result()
            sys.stdout.write("".join(echo))
            if code == NO_TESTS_COLLECTED and not counts.get("failed"):
                code = 0  # the options given left them out
            results.append((beside_title, code, counts, seconds))
    else:
        if not skip_cpython:
            title = f"pytest under CPython ({' '.join(pytest_args) or 'tests/'})"
            results.append((title, *run_tests(title, [*pytest, *pytest_args], cpython_env)))
        if pyodide:
            results.append((pyodide[0], *run_tests(*pyodide, dict(os.environ))))

    say(f"Summary ({time.monotonic() - started:.0f} s)")
    for title, code, counts, seconds in results:
        print(f"  {title}: {outcome(code, counts)} [{seconds:.0f} s]")
    total = {"passed": 0, "failed": 0, "skipped": 0}
    for _, _, counts, _ in results:
        for word, n in counts.items():
            key = "failed" if word in ("failed", "error", "errors") else word
            if key in total:
                total[key] += n
    failed = any(code != 0 for _, code, _, _ in results)
    # The closing line in the plain form CI reads: 'N passed, N failed, N skipped'.
    print(f"total: {total['passed']} passed, {total['failed']} failed, {total['skipped']} skipped",
          flush=True)
    return 1 if failed or not results else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
