"""The worker's start from python.snapshot (tools/snapshot.py, ui/worker/interpreter.mjs) in
real Chromium, on built sites: restored, it reaches a playable table; a damaged snapshot, one of
another Pyodide build, and one of other game modules than python.zip's each still start the game
(the normal way, or the modules imported afresh); and a seeded game and the daily deal play out
the same, move for move, with and without a snapshot.
"""

from __future__ import annotations

import io
import re
import shutil
import zipfile

import pytest
from playwright.sync_api import expect

from tests.e2e.test_game import play_to_the_end, set_players, settle
from tests.ui.scenarios import query
from tests.ui.test_snapshot import packed, unpacked
from tools import ROOT, build, devserver, snapshot, stdlib, worker_archive

RESTORED = "[tweak] Python restored from python.snapshot"
NOT_READ = "[tweak] python.snapshot could not be read"
NOT_RESTORED = "[tweak] python.snapshot did not restore"
AFRESH = "[tweak] python.snapshot holds other modules than python.zip: imported afresh"
WHOLE_LIBRARY = "[tweak] the standard library lacked"
# Where a Pyodide snapshot keeps the build it was made by: 32 bytes after a 16-byte header.
BUILD_ID = slice(16, 48)


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """``make(name, change, library=None)``: a copy of a freshly built site whose
    python.snapshot ``change`` (bytes -> bytes, or None to leave it out) has replaced, and its
    stdlib.zip ``library`` (bytes -> bytes) when given, served; its URL."""
    base = tmp_path_factory.mktemp("snapshot-sites")
    original = base / "original"
    build.build_site(original, ROOT)
    assert (original / snapshot.SNAPSHOT).is_file(), "the build made no snapshot"
    servers = []

    def make(name, change, library=None):
        site = base / name
        shutil.copytree(original, site, symlinks=True)
        if library is not None:
            trimmed = site / stdlib.STDLIB_ARCHIVE
            trimmed.write_bytes(library(trimmed.read_bytes()))
        memory = change((site / snapshot.SNAPSHOT).read_bytes()) if change else None
        if memory is None:
            (site / snapshot.SNAPSHOT).unlink()
        else:
            (site / snapshot.SNAPSHOT).write_bytes(memory)
        server, url = devserver.start_server(site)
        servers.append(server)
        return url

    yield make
    for server in servers:
        server.shutdown()
        server.server_close()


def start(page, url: str, search: str = "") -> list:
    """Open the game at ``url`` and wait for Python; the console's lines so far."""
    said = []
    page.on("console", lambda message: said.append(message.text))
    page.goto(url + search)
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=120_000)
    return said


def deal_and_place_a_card(page):
    """Deal for two (a person and a computer) and place a hand card: the engine answered."""
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    expect(page.locator("#place")).to_be_visible(timeout=30_000)
    mine = page.locator(".log li", has_text=re.compile(r"^You "))  # newest first, any order
    told = mine.count()
    page.locator(".hand [data-ui^='hand:']").first.click()
    page.locator("#place").click()
    settle(page)
    expect(mine).to_have_count(told + 1)  # the move, told
    expect(page.locator(".py-error")).to_have_count(0)


def damaged(memory: bytes) -> bytes:
    """The snapshot with bytes in the middle of its compressed frame changed: its digest
    fails."""
    middle = len(memory) // 2
    return memory[:middle] + bytes(b ^ 0x5A for b in memory[middle:middle + 64]) + \
        memory[middle + 64:]


def of_another_build(memory: bytes) -> bytes:
    """The same snapshot, marked as made by another Pyodide build."""
    raw = bytearray(unpacked(memory))
    raw[BUILD_ID] = bytes(len(raw[BUILD_ID]))
    return packed(bytes(raw))


def of_other_modules(memory: bytes) -> bytes:
    """A snapshot made from another python.zip, in which the game cannot start at all: the
    worker must import the modules it is given instead."""
    archive = worker_archive.python_archive(ROOT)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(out, "w") as target:
        for entry in source.infolist():
            data = source.read(entry)
            if entry.filename == "ui/worker/host.py":
                data += b"\n\nclass Host:\n    def __init__(self, *args, **kwargs):\n" \
                        b"        raise RuntimeError('the snapshot\\'s own modules ran')\n"
            if entry.filename == "ui/worker/host.pyc":
                continue  # the source above is what zipimport must use
            target.writestr(entry, data)
    return snapshot.make_with_runtime(out.getvalue(), snapshot.module_names(ROOT),
                                      ROOT / "node_modules" / "pyodide",
                                      stdlib.stdlib_archive_cached(ROOT)).memory


def test_restored_from_its_snapshot_the_game_plays(page, sites):
    asked, workers = [], []
    page.on("request", lambda request: asked.append(request.url.rsplit("/", 1)[-1]))
    page.on("worker", lambda worker: workers.append(worker.url.rsplit("/", 1)[-1]))
    said = start(page, sites("whole", lambda memory: memory))
    assert RESTORED in said, said
    # A first visit: the largest files were asked for at the first paint, by a worker of
    # ui/main_thread/prefetch.js (not the page's main thread), and downloaded once.
    assert "prefetch.js" in workers, workers
    deal_and_place_a_card(page)
    # The snapshot holds the game's modules: their archive is not downloaded, only its digest;
    # and of the standard library only the part it has not imported.
    assert worker_archive.ARCHIVE_DIGEST in asked and worker_archive.WORKER_ARCHIVE not in asked
    assert snapshot.SNAPSHOT_LIBRARY in asked and stdlib.STDLIB_ARCHIVE not in asked
    assert not [line for line in said
                if line.startswith((NOT_READ, NOT_RESTORED, AFRESH, WHOLE_LIBRARY))
                or "ModuleNotFoundError" in line], said


def without(module_file: str):
    """A change of stdlib.zip: the archive without ``module_file``, named among the modules it
    left out (as the build names those)."""
    def change(library: bytes) -> bytes:
        out = io.BytesIO()
        with zipfile.ZipFile(io.BytesIO(library)) as source, \
                zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
            assert module_file in source.namelist()
            for entry in source.infolist():
                data = source.read(entry)
                if entry.filename == stdlib.LEFT_OUT:
                    data += module_file.removesuffix(".py").replace("/", ".").encode() + b"\n"
                if entry.filename != module_file:
                    target.writestr(entry, data)
        return out.getvalue()
    return change


def test_a_module_the_trimmed_standard_library_lacks_is_fetched_with_the_whole_one(page, sites):
    """The game's start imports ``secrets`` (its peers' secrets); left out of stdlib.zip, the
    worker fetches the whole library and the game plays."""
    said = start(page, sites("lacking-secrets", None, without("secrets.py")))
    assert any(line.startswith(WHOLE_LIBRARY + " secrets") for line in said), said
    deal_and_place_a_card(page)


@pytest.mark.parametrize("name, change, said_instead", [
    ("damaged", damaged, NOT_READ),
    ("another-build", of_another_build, NOT_RESTORED),
    ("other-modules", of_other_modules, AFRESH),
    ("missing", None, None),
])
def test_without_a_usable_snapshot_the_game_still_starts(page, sites, name, change,
                                                         said_instead):
    asked = []
    page.on("request", lambda request: asked.append(request.url.rsplit("/", 1)[-1]))
    said = start(page, sites(name, change))
    assert worker_archive.WORKER_ARCHIVE in asked  # the modules, which the snapshot lacks
    # Started the normal way, with the trimmed standard library; restored, with its own.
    assert (stdlib.STDLIB_ARCHIVE in asked) == (name != "other-modules"), asked
    if said_instead is not None:
        assert any(line.startswith(said_instead) for line in said), said
    assert (RESTORED in said) == (name == "other-modules"), said
    deal_and_place_a_card(page)


def game_played_out(page, url: str, search: str, daily: bool) -> str:
    """What the address's seed or day decides, as the page shows it.  The daily deal, played
    to its end at instant pace, the person placing their first hand card every turn (its
    computers are seeded from the date too): the game-over screen's text, every round's scores
    and the winner.  A seeded deal for the person and two computers: its first table, the
    person to play first (the computers' seeds are the system's randomness, never the deal's,
    R21, so the rest of that game may differ from one load to the next)."""
    said = start(page, url, search)
    if daily:
        page.get_by_role("button", name="Play today's game", exact=True).click()
        play_to_the_end(page)
        # A whole game needs no module beyond the trimmed standard library.
        assert not [line for line in said if line.startswith(WHOLE_LIBRARY)], said
        return page.locator("[data-screen=over]").inner_text()
    set_players(page, ["human", "bot", "bot"])
    page.locator("#deal").click()
    hand = page.locator(".hand [data-ui^='hand:']")
    expect(hand.first).to_be_enabled()
    return page.locator("#game").inner_text()


@pytest.mark.parametrize("daily, search", [
    (False, query(seed=4242, goal=60, pace="instant", dealer=2)),  # seat 1 plays first
    (True, query(today="2026-12-01", pace="instant")),
])
def test_a_seeded_game_and_the_daily_deal_are_the_same_with_and_without_the_snapshot(
        page, sites, daily, search):
    restored = game_played_out(page, sites(f"with-{daily}", lambda memory: memory), search,
                               daily)
    started = game_played_out(page, sites(f"without-{daily}", None), search, daily)
    assert restored == started
    if not daily:  # the deal itself: the hand and the target the seed makes
        assert re.search(r"target\s*\d+", started, re.I) and "Your turn" in started, started
