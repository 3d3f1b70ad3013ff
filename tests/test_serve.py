"""serve.py without a browser: content types and caching headers, the runtime check, and what
``--build`` writes.  Each test builds a small fake repository in a temporary directory, so none
depends on the real page or on node_modules."""

import json
import urllib.request

import pytest

import serve

PYSCRIPT_FILES = ("core.js", "core.css", "core-C9KDLldu.js", "toml-V4Savzlc.js")


def make_repo(root, *, pyodide_version="314.0.7", config=None):
    """A repository with a page, an engine, a UI and an installed runtime (empty files)."""
    lock = {"packages": {"node_modules/pyodide": {"version": "314.0.7"},
                         "node_modules/@pyscript/core": {"version": "0.7.31"}}}
    files = {
        "package-lock.json": json.dumps(lock),
        "index.html": '<link rel="icon" href="data:,"><link rel="stylesheet" href="./ui/style.css">'
                      '<script type="module" src="./node_modules/@pyscript/core/dist/core.js">'
                      '</script><a href="https://example.org/rules">rules</a>',
        "pyscript.toml": config or 'interpreter = "./node_modules/pyodide/pyodide.mjs"\n'
                                   '[files]\n"./tweak/__init__.py" = "./tweak/__init__.py"\n',
        "tweak/__init__.py": "",
        "tweak/bots/__init__.py": "",
        "tweak/__pycache__/__init__.cpython-311.pyc": "",
        "ui/main.py": "",
        "ui/style.css": "body {}",
        "ui/.notes.swp": "",
        "tests/test_x.py": "",
        "node_modules/pyodide/package.json": json.dumps({"version": pyodide_version}),
        "node_modules/pyodide/pyodide.js": "",
        "node_modules/pyodide/pyodide.mjs.map": "",
        "node_modules/@pyscript/core/package.json": json.dumps({"version": "0.7.31"}),
        "node_modules/@pyscript/core/dist/core.js.map": "",
    }
    files.update({f"node_modules/pyodide/{name}": "" for name in serve.RUNTIME_FILES["pyodide"][1]})
    files.update({f"node_modules/@pyscript/core/dist/{name}": "" for name in PYSCRIPT_FILES})
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_runtime_is_ready_when_installed_at_the_pinned_versions(tmp_path):
    assert serve.runtime_problems(make_repo(tmp_path)) == []


def test_runtime_at_another_version_is_reported(tmp_path):
    problems = serve.runtime_problems(make_repo(tmp_path, pyodide_version="0.27.0"))
    assert problems == ["pyodide is 0.27.0, package-lock.json pins 314.0.7"]


def test_runtime_lacking_a_file_is_reported(tmp_path):
    repo = make_repo(tmp_path)
    (repo / "node_modules/pyodide/pyodide.asm.wasm").unlink()
    assert serve.runtime_problems(repo) == [
        "pyodide lacks node_modules/pyodide/pyodide.asm.wasm"]


def test_missing_runtime_without_npm_is_a_one_line_error(tmp_path, monkeypatch):
    repo = make_repo(tmp_path)
    (repo / "node_modules/@pyscript/core/package.json").unlink()
    monkeypatch.setattr(serve.shutil, "which", lambda name: None)
    with pytest.raises(serve.RuntimeMissing, match="^npm was not found: install Node.js"):
        serve.ensure_runtime(repo, log=lambda text: None)


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers.get("Content-Type"), response.headers.get("Cache-Control")


@pytest.fixture
def served_repo(tmp_path):
    repo = make_repo(tmp_path)
    server, url = serve.start_server(repo, port=0)
    yield url
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("path, content_type, cache_control", [
    ("node_modules/pyodide/pyodide.asm.wasm", "application/wasm", None),
    ("node_modules/pyodide/pyodide.mjs", "text/javascript; charset=utf-8", None),
    ("node_modules/pyodide/python_stdlib.zip", "application/zip", None),
    ("node_modules/pyodide/pyodide-lock.json", "application/json", None),
    ("node_modules/@pyscript/core/dist/core.css", "text/css; charset=utf-8", None),
    ("tweak/__init__.py", "text/plain; charset=utf-8", "no-cache"),
    ("pyscript.toml", "text/plain; charset=utf-8", "no-cache"),
    ("index.html", "text/html; charset=utf-8", "no-cache"),
    ("", "text/html; charset=utf-8", "no-cache"),
])
def test_files_are_served_with_their_types(served_repo, path, content_type, cache_control):
    assert served_repo.startswith("http://127.0.0.1:")
    assert fetch(served_repo + path) == (content_type, cache_control)


def test_build_writes_the_page_and_only_the_runtime_it_needs(tmp_path):
    repo = make_repo(tmp_path / "repo")
    site = tmp_path / "site"
    written = serve.build_site(site, repo)
    assert sorted(written) == sorted(path.relative_to(site).as_posix()
                                     for path in site.rglob("*") if path.is_file())
    assert set(written) == {
        "index.html", "pyscript.toml", ".nojekyll", "tweak/__init__.py", "tweak/bots/__init__.py",
        "ui/main.py", "ui/style.css",
        *(f"node_modules/pyodide/{name}" for name in serve.RUNTIME_FILES["pyodide"][1]),
        *(f"node_modules/@pyscript/core/dist/{name}" for name in PYSCRIPT_FILES),
    }


def test_build_replaces_an_earlier_build_but_not_other_directories(tmp_path):
    repo = make_repo(tmp_path / "repo")
    site = tmp_path / "site"
    serve.build_site(site, repo)
    (site / "stale.txt").write_text("from an earlier build")
    serve.build_site(site, repo)
    assert not (site / "stale.txt").exists()

    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("")
    with pytest.raises(FileExistsError, match="not an earlier build"):
        serve.build_site(precious, repo)
    assert (precious / "thesis.tex").exists()
    with pytest.raises(FileExistsError, match="holds the repository"):
        serve.build_site(repo, repo)


def test_build_refuses_a_page_that_refers_to_a_missing_file(tmp_path):
    config = ('interpreter = "./node_modules/pyodide/pyodide.mjs"\n[files]\n'
              '"./tweak/missing.py" = "./tweak/missing.py"\n')
    repo = make_repo(tmp_path / "repo", config=config)
    with pytest.raises(FileNotFoundError, match=r"lacks files the page refers to: \./tweak/missing"):
        serve.build_site(tmp_path / "site", repo)
