"""The rest of the standard library, fetched the first time the worker imports a module that its
trimmed one left out.

The worker's Python starts with stdlib.zip (tools/stdlib.py): the modules the game, PyScript and
Pyodide import, as far as their sources tell.  A module outside it (imported by a name computed
at run time, say) is not an error: ``RestOfTheLibrary``, last on ``sys.meta_path``, has
Pyodide's whole python_stdlib.zip fetched once (by ui/worker/interpreter.mjs, which
ui/worker/__main__.py gives it), writes it beside the trimmed one, and finds the module there;
a package imported from the trimmed archive looks for its submodules in the whole one from
then on.  Offline with the whole library never cached, the import fails as it would have.
"""

from __future__ import annotations

import importlib.machinery
import sys
import zipfile

# In the trimmed archive (tools/stdlib.py LEFT_OUT): the names of the modules it left out.
LEFT_OUT = "tweak-left-out.txt"

TOLD = "[tweak] the standard library lacked {name}: the whole library is fetched"


class RestOfTheLibrary:
    """A meta path finder for the modules ``left_out`` (dotted names) of ``trimmed`` (the
    archive on ``sys.path``): the first one has ``fetch(url)`` (bytes, or an exception) bring
    the whole library, written to ``whole``."""

    def __init__(self, url: str, trimmed: str, whole: str, left_out, fetch):
        self.url, self.trimmed, self.whole, self.fetch = url, trimmed, whole, fetch
        self.left_out = frozenset(left_out)
        self.state = "absent"  # then "here", or "failed" (tried once)

    def find_spec(self, name, path=None, target=None):
        """The spec of ``name`` in the whole library; None for a module it does not hold
        (``_hashlib``, which hashlib only tries), or when it could not be had."""
        if name not in self.left_out or not self._fetched(name):
            return None
        if path is not None:  # a package's __path__: its twin in the whole library too
            for entry in list(path):
                if entry == self.trimmed or entry.startswith(self.trimmed + "/"):
                    twin = self.whole + entry[len(self.trimmed):]
                    if twin not in path:
                        path.append(twin)
        return importlib.machinery.PathFinder.find_spec(name, path)

    def _fetched(self, name: str) -> bool:
        """Whether the whole library is in place, fetching it the first time."""
        if self.state == "absent":
            print(TOLD.format(name=name))
            try:
                data = self.fetch(self.url)
                with open(self.whole, "wb") as file:
                    file.write(data)
            except Exception as error:  # noqa: BLE001 — any failure: the import fails as before
                print(f"[tweak] the whole standard library could not be had: {error}")
                self.state = "failed"
                return False
            sys.path.append(self.whole)  # a new entry: no finder has a cache of it to drop
            self.state = "here"
        return self.state == "here"


def install(url: str, fetch, whole: str = "/lib/python_stdlib_whole.zip"):
    """Put a ``RestOfTheLibrary`` of ``url`` and ``fetch`` last on ``sys.meta_path`` for the
    trimmed archive Pyodide started with (``/lib/pythonXY.zip``), and return it; None when that
    archive names nothing left out (it is the whole library)."""
    trimmed = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    try:
        with zipfile.ZipFile(trimmed) as archive:
            left_out = archive.read(LEFT_OUT).decode().split()
    except Exception as error:  # noqa: BLE001 — no list, no finder: never a failed start
        if not isinstance(error, KeyError):
            print(f"[tweak] {trimmed} names no module left out: {error!r}")
        return None
    finder = RestOfTheLibrary(url, trimmed, whole, left_out, fetch)
    sys.meta_path.append(finder)
    return finder
