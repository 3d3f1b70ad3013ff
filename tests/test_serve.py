"""serve.py and its tools without a browser: the dev server's content types and caching headers
(tools/devserver.py), the runtime check (tools/runtime.py), and what the build (tools/build.py)
writes, including the precache list and the stamped service worker.  Each test builds a small
fake repository in a temporary directory, so none depends on the real page or on node_modules
(but one checks that the real sw.js can be stamped, and one runs the command line's catalogue
check)."""

import base64
import contextlib
import gzip
import hashlib
import json
import os
import urllib.error
import urllib.request

import pytest

import serve
from tools import ROOT, build, devserver, runtime

SPANISH = ('msgid ""\nmsgstr ""\n"Language: es\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
           '"Content-Type: text/plain; charset=utf-8\\n"\n\n'
           '#: index.html:1\nmsgid "Deal"\nmsgstr "Repartir"\n\n'
           '#: ui/worker/screens/start.py:1\nmsgid "Resume earlier game"\nmsgstr "Continuar la partida anterior"\n')
PYSCRIPT_FILES = ("core.js", "core.css", "core-C9KDLldu.js", "toml-V4Savzlc.js")
MICROPYTHON = "@micropython/micropython-webassembly-pyscript"


def make_repo(root, *, pyodide_version="314.0.7", config=None):
    """A repository with a page, an engine, a UI and an installed runtime (empty files)."""
    lock = {"packages": {"node_modules/pyodide": {"version": "314.0.7"},
                         "node_modules/@pyscript/core": {"version": "0.7.31"},
                         f"node_modules/{MICROPYTHON}": {"version": "1.27.0"},
                         "node_modules/qr": {"version": "0.7.0"},
                         "node_modules/fzstd": {"version": "0.1.1"}}}
    files = {
        "package-lock.json": json.dumps(lock),
        "index.html": '<link rel="icon" href="data:,"><link rel="stylesheet" href="./ui/assets/style.css">'
                      '<script type="module" src="./node_modules/@pyscript/core/dist/core.js">'
                      '</script><a href="https://example.org/rules">rules</a>',
        "pyscript.toml": config or 'interpreter = "./node_modules/pyodide/pyodide.mjs"\n'
                                   '[files]\n"./python.zip" = "./python.zip"\n',
        "tweak/__init__.py": "",
        "tweak/bots/__init__.py": "",
        "tweak/__pycache__/__init__.cpython-311.pyc": "",
        "sw.js": f"// a service worker\n{build.VERSION_LINE}\nconst CACHE = VERSION;\n",
        "ui/worker/game.py": "",
        "ui/assets/style.css": "body {}",
        "ui/assets/manifest.webmanifest": "{}",
        "ui/assets/icons/icon-192.png": "not really a PNG",
        "ui/.notes.swp": "",
        # A message catalogue: shipped compiled (locale/catalogues.zip, locale/start.js).
        "locale/tweak.pot": "",
        "locale/es/LC_MESSAGES/tweak.po": SPANISH,
        "tests/test_x.py": "",
        "node_modules/pyodide/package.json": json.dumps({"version": pyodide_version}),
        "node_modules/pyodide/pyodide.js": "",
        "node_modules/pyodide/pyodide.mjs.map": "",
        "node_modules/@pyscript/core/package.json": json.dumps({"version": "0.7.31"}),
        "node_modules/@pyscript/core/dist/core.js.map": "",
        f"node_modules/{MICROPYTHON}/package.json": json.dumps({"version": "1.27.0"}),
        "node_modules/qr/package.json": json.dumps({"version": "0.7.0"}),
        "node_modules/qr/dom.js": "",
        "node_modules/fzstd/package.json": json.dumps({"version": "0.1.1"}),
        "node_modules/fzstd/lib/index.js": "",
    }
    files.update({f"node_modules/{MICROPYTHON}/{name}": ""
                  for name in runtime.RUNTIME_FILES[MICROPYTHON][1]})
    files.update({f"node_modules/pyodide/{name}": ""
                  for name in runtime.RUNTIME_FILES["pyodide"][1]})
    files.update({f"node_modules/qr/{name}": "" for name in runtime.RUNTIME_FILES["qr"][1]})
    files.update({f"node_modules/fzstd/esm/{name}": ""
                  for name in runtime.RUNTIME_FILES["fzstd"][1]})
    files.update({f"node_modules/@pyscript/core/dist/{name}": "" for name in PYSCRIPT_FILES})
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_runtime_is_ready_when_installed_at_the_pinned_versions(tmp_path):
    assert runtime.runtime_problems(make_repo(tmp_path)) == []


def test_runtime_at_another_version_is_reported(tmp_path):
    problems = runtime.runtime_problems(make_repo(tmp_path, pyodide_version="0.27.0"))
    assert problems == ["pyodide is 0.27.0, package-lock.json pins 314.0.7"]


def test_runtime_lacking_a_file_is_reported(tmp_path):
    repo = make_repo(tmp_path)
    (repo / "node_modules/pyodide/pyodide.asm.wasm").unlink()
    assert runtime.runtime_problems(repo) == [
        "pyodide lacks node_modules/pyodide/pyodide.asm.wasm"]


def test_missing_runtime_without_npm_is_a_one_line_error(tmp_path, monkeypatch):
    repo = make_repo(tmp_path)
    (repo / "node_modules/@pyscript/core/package.json").unlink()
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    with pytest.raises(runtime.RuntimeMissing, match="^npm was not found: install Node.js"):
        runtime.ensure_runtime(repo, log=lambda text: None)


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers.get("Content-Type"), response.headers.get("Cache-Control")


@contextlib.contextmanager
def serving(root):
    """The URL of ``root`` served on a free port, for the ``with`` block."""
    server, url = devserver.start_server(root, port=0)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def read(url) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


@pytest.fixture
def served_repo(tmp_path):
    with serving(make_repo(tmp_path)) as url:
        yield url


@pytest.fixture
def served_build(tmp_path):
    site = tmp_path / "site"
    build.build_site(site, make_repo(tmp_path / "repo"))
    with serving(site) as url:
        yield url


HTML = "text/html; charset=utf-8"
JS = "text/javascript; charset=utf-8"


@pytest.mark.parametrize("path, content_type, cache_control", [
    # The pinned runtime keeps normal caching; everything else is revalidated every time.
    ("node_modules/pyodide/pyodide.asm.wasm", "application/wasm", None),
    ("node_modules/pyodide/pyodide.mjs", JS, None),
    ("node_modules/pyodide/python_stdlib.zip", "application/zip", None),
    ("node_modules/pyodide/pyodide-lock.json", "application/json", None),
    ("node_modules/@pyscript/core/dist/core.css", "text/css; charset=utf-8", None),
    ("tweak/__init__.py", "text/plain; charset=utf-8", "no-cache"),
    ("pyscript.toml", "text/plain; charset=utf-8", "no-cache"),
    ("index.html", HTML, "no-cache"),
    ("", HTML, "no-cache"),
    # The page shell with the address hooks: a query string must not make it cacheable.
    ("?seed=3&pace=instant", HTML, "no-cache"),
    ("index.html?seed=3", HTML, "no-cache"),
    ("sw.js", JS, "no-cache"),
    ("ui/assets/style.css", "text/css; charset=utf-8", "no-cache"),
    ("ui/assets/manifest.webmanifest", "application/manifest+json", "no-cache"),
    ("ui/assets/icons/icon-192.png", "image/png", "no-cache"),
])
def test_files_are_served_with_their_types(served_repo, path, content_type, cache_control):
    assert served_repo.startswith("http://127.0.0.1:")
    assert fetch(served_repo + path) == (content_type, cache_control)


@pytest.mark.parametrize("path, content_type", [
    ("precache.json", "application/json"),
    ("sw.js", JS),
    ("?seed=3", HTML),
])
def test_a_built_sites_worker_and_list_are_never_cached(served_build, path, content_type):
    assert fetch(served_build + path) == (content_type, "no-cache")


def test_build_writes_the_page_and_only_the_runtime_it_needs(tmp_path):
    repo = make_repo(tmp_path / "repo")
    site = tmp_path / "site"
    written = build.build_site(site, repo)
    assert sorted(written) == sorted(path.relative_to(site).as_posix()
                                     for path in site.rglob("*") if path.is_file())
    assert set(written) == {
        "index.html", "pyscript.toml", "sw.js", "precache.json", ".nojekyll",
        "python.zip",  # tweak/__init__.py, tweak/bots/__init__.py, ui/worker/game.py
        "python.zip.sha256",  # its digest
        "stdlib.zip",  # the runtime's python_stdlib.zip: this fake one is no archive to trim
        "ui/assets/style.css", "ui/assets/manifest.webmanifest", "ui/assets/icons/icon-192.png",
        "locale/catalogues.zip", "locale/start.js",
        *(f"node_modules/pyodide/{name}" for name in runtime.RUNTIME_FILES["pyodide"][1]),
        *(f"node_modules/@pyscript/core/dist/{name}" for name in PYSCRIPT_FILES),
        *(f"node_modules/{MICROPYTHON}/{name}" for name in runtime.RUNTIME_FILES[MICROPYTHON][1]),
        # The QR codes' encoder and decoder, not the rest of the package (dom.js).
        "node_modules/qr/index.js", "node_modules/qr/decode.js",
        "node_modules/fzstd/esm/index.mjs",  # python.snapshot's decoder, not its other builds
    }


def test_the_catalogues_are_served_compiled_and_built_into_the_site(tmp_path):
    """The dev server makes the archive of .mo files and the start script from the .po files as
    they are on disk (nothing generated in the repository); the build writes the same bytes."""
    import gettext
    import io
    import zipfile

    repo = make_repo(tmp_path / "repo")
    with serving(repo) as url:
        assert fetch(url + "locale/catalogues.zip") == ("application/zip", "no-cache")
        served = read(url + "locale/catalogues.zip")
        script = read(url + "locale/start.js").decode("utf-8")
    with zipfile.ZipFile(io.BytesIO(served)) as archive:
        assert archive.namelist() == ["es/LC_MESSAGES/tweak.mo", "languages.txt"]
        assert archive.read("languages.txt") == b"es\n"  # the index ui/worker/i18n.py reads
        archive_mo = archive.read("es/LC_MESSAGES/tweak.mo")
        mo = gettext.GNUTranslations(io.BytesIO(archive_mo))
    assert mo.gettext("Resume earlier game") == "Continuar la partida anterior"
    assert '"Deal": "Repartir"' in script and "Continuar" not in script  # index.html's only
    assert not list(repo.rglob("*.mo")) and not (repo / "locale/catalogues.zip").exists()

    # A catalogue without a POT-Creation-Date is not dated to the minute it is built in: the
    # build, a minute later or not, writes the same bytes.
    assert b"POT-Creation-Date: 2024-01-01 00:00+0000" in archive_mo
    site = tmp_path / "site"
    build.build_site(site, repo)
    assert (site / "locale/catalogues.zip").read_bytes() == served
    listing = json.loads((site / "precache.json").read_text())
    assert {"locale/catalogues.zip", "locale/start.js"} <= set(listing["files"])
    assert not list(site.rglob("*.po")) and not list(site.rglob("*.pot"))
    # A built site is served as it was built (its list's hashes must match what is served).
    with serving(site) as url:
        assert read(url + "locale/start.js") == (site / "locale/start.js").read_bytes()


def test_the_workers_modules_are_served_and_built_as_one_archive(tmp_path):
    """The dev server makes python.zip from the modules as they are on disk (edited, it is
    made again), and its digest; the build writes the same bytes and ships those modules only
    inside it."""
    import io
    import zipfile

    repo = make_repo(tmp_path / "repo")
    (repo / "tweak/__main__.py").write_text("# the terminal's: not in the worker")
    with serving(repo) as url:
        assert fetch(url + "python.zip") == ("application/zip", "no-cache")
        served = read(url + "python.zip")
        (repo / "ui/worker/game.py").write_text("EDITED = True\n")
        os.utime(repo / "ui/worker/game.py", ns=(1, 10**18))  # a newer file, whatever the clock says
        edited = read(url + "python.zip")
        digest = read(url + "python.zip.sha256")
    assert digest == hashlib.sha256(edited).hexdigest().encode() + b"\n"
    with zipfile.ZipFile(io.BytesIO(served)) as archive:
        assert archive.namelist() == ["tweak/__init__.py", "tweak/bots/__init__.py",
                                      "ui/worker/game.py"]
    with zipfile.ZipFile(io.BytesIO(edited)) as archive:
        assert archive.read("ui/worker/game.py") == b"EDITED = True\n"
    assert not (repo / "python.zip").exists()  # nothing generated in the repository

    site = tmp_path / "site"
    build.build_site(site, repo)
    assert (site / "python.zip").read_bytes() == edited
    assert (site / "python.zip.sha256").read_bytes() == digest
    assert not (site / "tweak").exists() and not (site / "ui/worker/game.py").exists()
    assert "python.zip" in json.loads((site / "precache.json").read_text())["files"]


def test_a_generated_file_is_revalidated_like_a_file_on_disk(tmp_path):
    # A reload sends the ETag it was given: unchanged, "304 Not Modified" and no body; edited,
    # the new file.
    repo = make_repo(tmp_path / "repo")
    with serving(repo) as url:
        with urllib.request.urlopen(url + "python.zip", timeout=10) as response:
            etag = response.headers["ETag"]
        assert etag.startswith('"') and etag.endswith('"')
        again = urllib.request.Request(url + "python.zip", headers={"If-None-Match": etag})
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(again, timeout=10)
        assert answer.value.code == 304 and answer.value.read() == b""
        (repo / "ui/worker/game.py").write_text("EDITED = True\n")
        os.utime(repo / "ui/worker/game.py", ns=(1, 10**18))
        with urllib.request.urlopen(again, timeout=10) as response:
            assert response.status == 200 and response.headers["ETag"] != etag


def test_build_replaces_an_earlier_build_but_not_other_directories(tmp_path):
    repo = make_repo(tmp_path / "repo")
    site = tmp_path / "site"
    build.build_site(site, repo)
    (site / "stale.txt").write_text("from an earlier build")
    build.build_site(site, repo)
    assert not (site / "stale.txt").exists()

    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("")
    with pytest.raises(FileExistsError, match="not an earlier build"):
        build.build_site(precious, repo)
    assert (precious / "thesis.tex").exists()
    with pytest.raises(FileExistsError, match="holds the repository"):
        build.build_site(repo, repo)


def test_build_refuses_a_page_that_refers_to_a_missing_file(tmp_path):
    config = ('interpreter = "./node_modules/pyodide/pyodide.mjs"\n[files]\n'
              '"./tweak/missing.py" = "./tweak/missing.py"\n')
    repo = make_repo(tmp_path / "repo", config=config)
    with pytest.raises(FileNotFoundError, match=r"lacks files the page refers to: \./tweak/missing"):
        build.build_site(tmp_path / "site", repo)


# ---- the precache list and the service worker's version ----------------------------------------


def sha256_sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def built(tmp_path, repo=None):
    """Build the fake repository; return the site and its parsed precache list."""
    repo = repo or make_repo(tmp_path / "repo")
    site = tmp_path / "site"
    build.build_site(site, repo)
    return site, json.loads((site / "precache.json").read_text())


def stamped_version(site):
    line = next(line for line in (site / "sw.js").read_text().splitlines()
                if line.startswith("const VERSION ="))
    return json.loads(line.removeprefix("const VERSION =").strip().rstrip(";"))


def test_the_precache_list_names_every_file_of_the_site_with_its_hash(tmp_path):
    site, listing = built(tmp_path)
    assert listing["format"] == "tweak-precache/1"
    on_disk = {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()}
    # Everything but the worker itself, the list and GitHub Pages' marker (fetched by no page).
    assert set(listing["files"]) == on_disk - {"sw.js", "precache.json", ".nojekyll"}
    for name, integrity in listing["files"].items():
        assert integrity == sha256_sri((site / name).read_bytes()), name


def test_the_built_worker_carries_the_lists_version(tmp_path):
    site, listing = built(tmp_path)
    assert len(listing["version"]) == 20 and int(listing["version"], 16) >= 0
    assert stamped_version(site) == listing["version"]
    assert build.VERSION_LINE not in (site / "sw.js").read_text()
    assert "const CACHE = VERSION;" in (site / "sw.js").read_text()  # the rest is untouched


def test_the_list_and_version_change_when_a_file_changes(tmp_path):
    repo = make_repo(tmp_path / "repo")
    _, before = built(tmp_path, repo)
    _, again = built(tmp_path, repo)
    assert again == before  # the same files: the same list, so no new worker for the browser

    (repo / "ui/assets/style.css").write_text("body { color: red }")
    site, after = built(tmp_path, repo)
    assert after["version"] != before["version"]
    assert stamped_version(site) == after["version"]
    changed = {name for name in after["files"] if after["files"][name] != before["files"][name]}
    assert changed == {"ui/assets/style.css"}


def test_the_version_changes_when_only_the_worker_changes(tmp_path):
    repo = make_repo(tmp_path / "repo")
    _, before = built(tmp_path, repo)
    (repo / "sw.js").write_text(f"{build.VERSION_LINE}\nconst CACHE = 'v2-' + VERSION;\n")
    _, after = built(tmp_path, repo)
    assert after["files"] == before["files"] and after["version"] != before["version"]


def test_a_worker_without_its_version_line_is_refused(tmp_path):
    repo = make_repo(tmp_path / "repo")
    (repo / "sw.js").write_text('const VERSION = "1";\n')
    with pytest.raises(ValueError, match=r"sw\.js must contain the line 'const VERSION = null;' "
                                         r"exactly once .* found it 0 times"):
        build.build_site(tmp_path / "site", repo)


def test_the_real_worker_can_be_stamped():
    assert (ROOT / "sw.js").read_text().count(build.VERSION_LINE) == 1


def get_status(url, **headers):
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers.get("Last-Modified")
    except urllib.error.HTTPError as error:
        return error.code, None


def test_not_modified_only_for_the_very_date_the_browser_has(served_repo):
    status, modified = get_status(served_repo + "ui/assets/style.css")
    assert status == 200 and modified
    assert get_status(served_repo + "ui/assets/style.css", **{"If-Modified-Since": modified})[0] == 304
    # A browser that has a newer copy (this file was replaced by an older one: the dev server
    # after a build was served on the same port) gets the file, not "304: keep yours".
    later = "Fri, 01 Jan 2100 00:00:00 GMT"
    assert get_status(served_repo + "ui/assets/style.css", **{"If-Modified-Since": later})[0] == 200
    assert get_status(served_repo, **{"If-Modified-Since": later})[0] == 200


@pytest.mark.parametrize("path, compressed", [
    ("node_modules/pyodide/pyodide.asm.wasm", True),
    ("node_modules/pyodide/pyodide.mjs", True),
    ("node_modules/pyodide/pyodide-lock.json", True),
    ("ui/assets/style.css", True),
    ("index.html?seed=3", True),
    ("ui/assets/icons/icon.svg", True),
    ("node_modules/pyodide/python_stdlib.zip", False),  # compressed already
    ("ui/assets/icons/icon-192.png", False),
])
def test_text_and_wasm_go_gzipped_to_a_browser_that_accepts_it(path, compressed):
    with serving(ROOT) as url:  # the real files: the runtime's wasm and the page as they are
        plain = read(url + path)
        request = urllib.request.Request(url + path, headers={"Accept-Encoding": "gzip, br"})
        with urllib.request.urlopen(request, timeout=10) as response:
            encoding, body = response.headers.get("Content-Encoding"), response.read()
            vary = response.headers.get("Vary")
    assert plain == (ROOT / path.split("?")[0]).read_bytes()
    if compressed:
        assert (encoding, vary) == ("gzip", "Accept-Encoding")
        assert len(body) < len(plain) and gzip.decompress(body) == plain
    else:
        assert (encoding, vary, body) == (None, None, plain)


def test_a_gzipped_file_is_not_modified_for_the_very_date_the_browser_has(served_repo):
    url, accepts = served_repo + "ui/assets/style.css", {"Accept-Encoding": "gzip"}
    status, modified = get_status(url, **accepts)
    assert status == 200 and modified
    assert get_status(url, **accepts, **{"If-Modified-Since": modified})[0] == 304
    later = "Fri, 01 Jan 2100 00:00:00 GMT"
    assert get_status(url, **accepts, **{"If-Modified-Since": later})[0] == 200


def test_the_command_line_checks_the_catalogues(capsys):
    assert serve.main(["catalogues", "check"]) == 0
    assert capsys.readouterr().out.endswith("catalogue(s): complete\n")


def test_the_command_line_refuses_a_language_that_is_no_code(capsys):
    with pytest.raises(SystemExit) as exited:
        serve.main(["catalogues", "init", "../es"])
    assert exited.value.code == 2 and "not a language code" in capsys.readouterr().err
