"""The trimmed standard library (tools/stdlib.py) and the finder that fetches the rest
(ui/worker/stdlib_rest.py)."""

from __future__ import annotations

import io
import sys
import zipfile

import pytest

from tools import ROOT, stdlib
from ui.worker import stdlib_rest

WHOLE = ROOT / "node_modules" / "pyodide" / stdlib.FULL_STDLIB


def test_the_closure_follows_imports_run_at_import_but_not_those_in_functions():
    sources = {
        "a": b"import b\nfrom c import d\ndef f():\n    import lazy\n",
        "b": b"try:\n    import e\nexcept ImportError:\n    pass\n",
        "c": b"", "c.d": b"from . import sibling\n", "c.sibling": b"",
        "e": b"if __name__ == '__main__':\n    import only_as_script\n",
        "lazy": b"", "only_as_script": b"", "unrelated": b"",
    }
    reached = stdlib.closure(sources, {"c"}, ["a"])
    assert reached == {"a", "b", "c", "c.d", "c.sibling", "e"}


def test_a_source_the_build_cannot_parse_gives_its_imports_at_import_by_indentation():
    source = b"import os\nmatch = t'x'  # newer syntax\ndef f():\n    import lazy\n" \
             b"try:\n    import json\nexcept ImportError:\n    pass\n"
    assert stdlib._imported("m", False, source, top_level=True) >= {"os", "json"}
    assert "lazy" not in stdlib._imported("m", False, source, top_level=True)
    assert "lazy" in stdlib._imported("m", False, source)


@pytest.mark.skipif(not WHOLE.is_file(), reason="Pyodide is not installed")
def test_the_trimmed_library_holds_what_the_worker_imports_and_is_far_smaller():
    trimmed = stdlib.stdlib_archive(ROOT)
    assert trimmed == stdlib.stdlib_archive(ROOT)  # the same bytes every build
    names = set(zipfile.ZipFile(io.BytesIO(trimmed)).namelist())
    for needed in ("asyncio/__init__.py", "json/decoder.py", "random.py", "dataclasses.py",
                   "_pyodide/__init__.py", "pyodide/ffi/__init__.py", "encodings/utf_8.py",
                   "zipfile/__init__.py", "traceback.py", "hashlib.py", "datetime.py",
                   "encodings/cp437.py"):
        assert needed in names, needed
    for unneeded in ("unittest/__init__.py", "pydoc.py",
                     "xml/__init__.py", "encodings/cp1252.py"):
        assert unneeded not in names, unneeded
    assert len(trimmed) < WHOLE.stat().st_size / 2
    left_out = set(zipfile.ZipFile(io.BytesIO(trimmed)).read(stdlib.LEFT_OUT).decode().split())
    assert {"unittest", "unittest.mock", "encodings.cp1252"} <= left_out
    assert not left_out & {"json", "json.decoder", "_hashlib", "encodings.utf_8"}
    assert stdlib.LEFT_OUT == stdlib_rest.LEFT_OUT


def library(files: dict) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return out.getvalue()


@pytest.fixture
def finder(tmp_path, monkeypatch):
    """A RestOfTheLibrary over a trimmed archive on sys.path, whose 'whole library' holds a
    module and a package's submodule the trimmed one lacks; the modules it made are forgotten
    afterwards."""
    trimmed = tmp_path / "trimmed.zip"
    trimmed.write_bytes(library({"tweakpkg/__init__.py": "", "tweakpkg/kept.py": "X = 1\n"}))
    whole = library({"tweakpkg/__init__.py": "", "tweakpkg/kept.py": "X = 1\n",
                     "tweakpkg/extra.py": "Y = 2\n", "tweakmod.py": "Z = 3\n"})
    fetched = []

    def fetch(url):
        fetched.append(url)
        return whole

    monkeypatch.syspath_prepend(str(trimmed))
    rest = stdlib_rest.RestOfTheLibrary("https://example/whole.zip", str(trimmed),
                                        str(tmp_path / "whole.zip"),
                                        ["tweakpkg.extra", "tweakmod"], fetch)
    rest.fetched = fetched
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, rest])
    yield rest
    for name in ("tweakpkg", "tweakpkg.kept", "tweakpkg.extra", "tweakmod"):
        sys.modules.pop(name, None)
    sys.path_importer_cache.clear()


def test_a_module_the_trimmed_library_lacks_is_found_in_the_whole_one_fetched_once(
        finder, capsys):
    import tweakpkg.kept  # noqa: F401 — from the trimmed archive: nothing fetched
    assert finder.fetched == []
    import tweakmod
    import tweakpkg.extra
    assert (tweakmod.Z, tweakpkg.extra.Y) == (3, 2)
    assert finder.fetched == ["https://example/whole.zip"]
    assert "the standard library lacked tweakmod" in capsys.readouterr().out


def test_a_module_the_whole_library_lacks_too_is_not_the_finders(finder):
    with pytest.raises(ImportError):
        import tweak_no_such_module  # noqa: F401 — as hashlib's try of _hashlib
    with pytest.raises(ImportError):
        import tweakpkg.nothing  # noqa: F401
    assert finder.fetched == []


def test_when_the_whole_library_cannot_be_had_the_import_fails_as_before(finder, capsys):
    def offline(url):
        raise OSError("offline")

    finder.fetch = offline
    with pytest.raises(ImportError):
        import tweakmod  # noqa: F401
    with pytest.raises(ImportError):
        import tweakpkg.extra  # noqa: F401 — tried once, not again
    assert capsys.readouterr().out.count("could not be had") == 1
