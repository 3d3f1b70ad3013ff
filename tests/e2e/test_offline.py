"""The built site as an offline, installable app, in real Chromium: after one visit the whole game
runs with the network off and the server stopped; a new deploy is offered by a banner ("A new
version is ready", Reload) and never forced on a game in progress; the web app manifest and its
icons are what installing needs; and on the dev server the service worker stays out of the way.

The ``deploy`` fixture builds a copy of the repository's page (``build.build_site``) into a
temporary directory and serves it, so a test can change a file and deploy again: the change is a
custom property, ``--deploy``, appended to ui/assets/style.css, which the page reports through
``getComputedStyle`` whatever its markup.

Address hooks (ui/worker/session.py): ``seed`` makes the deal reproducible, ``goal`` shortens the game,
``pace=instant`` removes the pacing of computer moves.
"""

from __future__ import annotations

import json
import shutil
import struct
import time
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tools import ROOT, build, devserver, runtime, worker_archive

TURN_TIMEOUT_MS = 30_000
# Installing the worker copies the whole site (~14 MB) into Cache Storage and hashes every file.
INSTALL_TIMEOUT_MS = 120_000
NEW_VERSION = "A new version is ready"


class Deploy:
    """A copy of the repo's page (its own ``source`` directory, the runtime linked from the repo's
    node_modules), built into ``site`` and served there on 127.0.0.1 at ``url``."""

    def __init__(self, base: Path):
        self.source = base / "source"
        self.site = base / "site"
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
        for name in build.PAGE_FILES:
            self.source.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, self.source / name)
        folders = (*build.PAGE_DIRS, *worker_archive.WORKER_PACKAGES)
        for name in sorted({name.split("/")[0] for name in folders}):
            shutil.copytree(ROOT / name, self.source / name, ignore=ignore)
        (self.source / "node_modules").symlink_to(ROOT / "node_modules")
        build.build_site(self.site, self.source)
        self.server, self.url = devserver.start_server(self.site, port=0)

    def redeploy(self, mark: str) -> None:
        """Change a file of the page (``--deploy: <mark>`` in ui/assets/style.css) and build again into
        the directory being served."""
        with (self.source / "ui/assets/style.css").open("a", encoding="utf-8") as css:
            css.write(f"\n:root {{ --deploy: {mark}; }}\n")
        build.build_site(self.site, self.source)

    def stop(self) -> None:
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def deploy(tmp_path):
    if runtime.runtime_problems(ROOT):
        pytest.fail("the runtime is not installed (run python3 tests/run.py, or npm ci): "
                    + "; ".join(runtime.runtime_problems(ROOT)))
    site = Deploy(tmp_path)
    yield site
    site.stop()


@pytest.fixture
def clean(page_log):
    """Fails the test afterwards if the page logged an error, failed a request or left
    127.0.0.1."""
    yield page_log
    problems = page_log.problems()
    assert not problems, "the page misbehaved:\n" + "\n".join(problems)


def deployed_mark(page) -> str:
    return page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--deploy').trim()")


def wait_until_available_offline(page) -> None:
    """Wait until the service worker has cached the site and controls the page."""
    page.wait_for_function("navigator.serviceWorker.controller?.state === 'activated'",
                           timeout=INSTALL_TIMEOUT_MS)


def open_ready(page, url, wait_for_python):
    response = page.goto(url)
    wait_for_python(page)
    return response


def click_and_wait(page, selector: str) -> bool:
    """Click ``selector`` once it is enabled, and wait until the page has answered (the game
    runs in a worker, so the old button stays until the new screen replaces it).  False when
    the page moved on without it."""
    try:
        button = page.locator(f"{selector}:enabled").element_handle(timeout=10_000)
        button.click(timeout=10_000)
    except PlaywrightError:
        return False
    button.wait_for_element_state("hidden", timeout=TURN_TIMEOUT_MS)  # detached counts
    return True


def play_to_the_end(page) -> int:
    """Play seat 0's turns by clicking (a hand card, then Place or Give up) until the game is
    over; return the number of turns played."""
    turns = 0
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if page.locator("[data-screen=over]").count():
            return turns
        if page.locator("#next-round").count():
            click_and_wait(page, "#next-round")
        elif page.locator("#give-up, #place").count():
            page.locator(".hand [data-ui^='hand:']").first.click()
            turns += click_and_wait(page, "#give-up, #place")
        else:
            page.wait_for_timeout(25)
    raise AssertionError(f"the game was not over after 10 minutes ({turns} turns played)")


def test_after_one_visit_the_whole_game_works_offline(deploy, page, context, clean,
                                                      wait_for_python):
    url = deploy.url + "?seed=31&goal=40&pace=instant"
    open_ready(page, url, wait_for_python)
    wait_until_available_offline(page)

    deploy.stop()  # no server, and no network either
    context.set_offline(True)
    response = page.reload()
    assert response.from_service_worker, "the page did not come from the service worker"
    wait_for_python(page)
    expect(page.locator("#start-screen")).to_be_visible()
    # Multi-device play's QR encoder and decoder (ui/main_thread/handoff.js imports them when an
    # invite is made or a reply scanned) are cached too.
    assert page.evaluate("""Promise.all([import("./node_modules/qr/index.js"),
                                         import("./node_modules/qr/decode.js")])
                            .then((modules) => modules.map((m) => typeof m.default))""") == [
        "function", "function"]

    page.locator("input[name=players][value='2'] + span").click()
    page.locator("#deal").click()
    expect(page.locator("#place")).to_be_visible(timeout=TURN_TIMEOUT_MS)
    turns = play_to_the_end(page)
    over = page.locator("[data-screen=over]")
    expect(over).to_be_visible()
    assert turns >= 3, turns
    page.locator("#new-game").click()

    page.locator("#how-to-play").click()
    expect(page.locator("[data-screen=rules]")).to_be_visible()
    expect(page.locator(".py-error")).to_have_count(0)


def test_a_new_deploy_is_offered_and_the_reload_button_brings_it(deploy, page, clean,
                                                                  wait_for_python):
    open_ready(page, deploy.url, wait_for_python)
    wait_until_available_offline(page)
    assert deployed_mark(page) == ""

    deploy.redeploy("second")
    page.reload()
    wait_for_python(page)
    banner = page.get_by_text(NEW_VERSION)
    expect(banner).to_be_visible(timeout=INSTALL_TIMEOUT_MS)
    assert deployed_mark(page) == "", "the new version was used before the player chose it"

    with page.expect_navigation(timeout=INSTALL_TIMEOUT_MS):
        page.get_by_role("button", name="Reload").click()
    wait_for_python(page)
    assert deployed_mark(page) == "second"
    expect(page.get_by_text(NEW_VERSION)).to_have_count(0)
    # The old version's cache is gone; only the new one is left.
    caches = page.evaluate("caches.keys()")
    assert len(caches) == 1 and caches[0].startswith("tweak-"), caches


def test_in_the_middle_of_a_game_a_new_deploy_is_offered_not_forced(deploy, page, clean,
                                                                   wait_for_python):
    open_ready(page, deploy.url + "?seed=12&pace=instant", wait_for_python)
    wait_until_available_offline(page)
    page.locator("#deal").click()
    expect(page.locator("#place")).to_be_visible(timeout=TURN_TIMEOUT_MS)
    page.evaluate("window.__sameDocument = true")

    deploy.redeploy("second")
    # What the page does when it comes back into view, and the browser on a navigation.
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    banner = page.locator(".update-banner")
    expect(banner).to_contain_text(NEW_VERSION, timeout=INSTALL_TIMEOUT_MS)
    expect(banner).to_have_attribute("role", "status")  # announced to screen readers
    page.wait_for_timeout(1500)  # time for a forced switch, were there one

    assert page.evaluate("window.__sameDocument") is True, "the page was reloaded"
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => "
                         "r.waiting?.state)") == "installed", "the new version did not wait"
    expect(page.locator("#place")).to_be_visible()
    page.get_by_role("button", name="Later").click()
    expect(banner).to_have_count(0)
    page.locator(".hand [data-ui^='hand:']").first.click()
    page.locator("#place").click()  # the game goes on
    assert deployed_mark(page) == ""


def png_size(data: bytes):
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_and_icons_make_the_game_installable(built_site_url, page, clean):
    page.goto(built_site_url)
    manifest_url = urljoin(page.url, page.locator("link[rel=manifest]").get_attribute("href"))
    response = page.request.get(manifest_url)
    assert response.ok and response.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(response.text())

    for key in ("name", "short_name", "start_url", "display", "theme_color",
                "background_color", "icons"):
        assert manifest.get(key), f"the manifest lacks {key}"
    assert len(manifest["short_name"]) <= 12  # what a home screen shows in full
    assert urljoin(manifest_url, manifest["start_url"]) == built_site_url
    assert built_site_url.startswith(urljoin(manifest_url, manifest.get("scope", "./")))
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    page_theme = page.locator("meta[name=theme-color]").get_attribute("content")
    assert manifest["theme_color"].lower() == page_theme.lower() == "#0f3d30"

    icons = [(urljoin(manifest_url, icon["src"]), icon["type"], icon["sizes"],
              icon.get("purpose", "any")) for icon in manifest["icons"]]
    apple = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    icons.append((urljoin(page.url, apple), "image/png", "180x180", "any"))
    for url, kind, sizes, _ in icons:
        response = page.request.get(url)
        assert response.ok, f"{url}: HTTP {response.status}"
        assert response.headers["content-type"] == kind, url
        if kind == "image/png":
            width, height = png_size(response.body())
            assert f"{width}x{height}" == sizes, url
        # The browser decodes it, at that size.
        natural = page.evaluate("""(url) => new Promise((resolve, reject) => {
            const image = new Image();
            image.onload = () => resolve(`${image.naturalWidth}x${image.naturalHeight}`);
            image.onerror = () => reject(new Error("cannot decode " + url));
            image.src = url;
        })""", url)
        assert sizes == "any" or natural == sizes, (url, natural)

    pngs = {(sizes, purpose) for _, kind, sizes, purpose in icons if kind == "image/png"}
    # Chrome on Android and desktop wants 192 and 512 PNGs, Android a maskable one, iOS 180.
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable"),
            ("180x180", "any")} <= pngs


def test_chrome_finds_the_built_site_installable(built_site_url, browser_type,
                                               browser_type_launch_args, tmp_path,
                                               wait_for_python):
    # Chrome's own verdict (what its Install button asks).  Not in an ephemeral context: Chrome
    # never offers to install from one ("in-incognito"), so this one has a profile directory.
    context = browser_type.launch_persistent_context(tmp_path / "profile",
                                                     **browser_type_launch_args)
    try:
        page = context.new_page()
        page.goto(built_site_url)
        wait_for_python(page)
        devtools = context.new_cdp_session(page)
        assert devtools.send("Page.getAppManifest")["errors"] == []
        assert devtools.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


def test_on_the_dev_server_the_worker_caches_and_serves_nothing(site_url, page, clean,
                                                               wait_for_python):
    open_ready(page, site_url + "?pace=instant", wait_for_python)
    page.wait_for_function("navigator.serviceWorker.getRegistration()"
                           ".then((r) => r?.active?.state === 'activated')")
    response = page.reload()
    wait_for_python(page)
    assert not response.from_service_worker
    assert page.evaluate("caches.keys()") == []
    expect(page.get_by_text(NEW_VERSION)).to_have_count(0)


def test_the_dev_server_takes_its_origin_back_from_a_built_sites_worker(deploy, page, clean,
                                                                       wait_for_python):
    open_ready(page, deploy.url, wait_for_python)
    wait_until_available_offline(page)
    port = int(deploy.url.rsplit(":", 1)[1].strip("/"))
    deploy.stop()
    # The developer now serves the repository on the port a build was served on: the next
    # look for a new sw.js (on a navigation, or as here when the page comes back into view)
    # finds the unstamped one, which clears the build's cache and reloads the page.
    server, _ = devserver.start_server(ROOT, port=port)
    try:
        with page.expect_navigation(timeout=INSTALL_TIMEOUT_MS):
            page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update()), 0")
        wait_for_python(page)
        assert page.evaluate("caches.keys()") == []
        response = page.reload()
        wait_for_python(page)
        assert not response.from_service_worker
    finally:
        server.shutdown()
        server.server_close()
