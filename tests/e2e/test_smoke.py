"""Smoke tests of the page in a real browser: it loads from 127.0.0.1 alone, shows its start
screen before Python is ready, starts Python, and logs no errors.  Run against the repository as
served in development and against the static site ``serve.py --build`` writes (what deploys).
"""

import pytest
from playwright.sync_api import expect

# Recorded in the page itself at its "load" event (HTML, CSS and scripts loaded, Python still
# booting), so there is no race between the page and the test's round trips.
RECORD_START_SCREEN_AT_LOAD = """
window.addEventListener("load", () => {
  const screen = document.getElementById("start-screen");
  const box = screen ? screen.getBoundingClientRect() : null;
  const style = screen ? getComputedStyle(screen) : null;
  window.__startScreenAtLoad = {
    exists: Boolean(screen),
    visible: Boolean(screen) && box.width > 0 && box.height > 0
             && style.display !== "none" && style.visibility !== "hidden",
    pythonReady: document.documentElement.dataset.python === "ready",
  };
});
"""


# The one console warning the page may show: PyScript's, from the game's worker, which by
# design never touches the DOM (docs/architecture.md, "Runtime facts").  Anything else is a warning of ours to fix.
EXPECTED_WARNING = "Unable to use `window` or `document` in worker"


@pytest.mark.parametrize("site", ["site_url", "built_site_url"])
def test_page_starts_offline_and_cleanly(page, page_log, wait_for_python, site, request):
    url = request.getfixturevalue(site)
    page.add_init_script(RECORD_START_SCREEN_AT_LOAD)
    warnings = []
    page.on("console", lambda message: warnings.append(message.text)
            if message.type == "warning" and EXPECTED_WARNING not in message.text else None)

    page.goto(url, wait_until="load")
    at_load = page.evaluate("window.__startScreenAtLoad")
    assert at_load["exists"], "no #start-screen in the page"
    assert not at_load["pythonReady"], "Python was ready before the page loaded: cannot tell " \
                                       "whether the start screen shows without it"
    assert at_load["visible"], "#start-screen is not visible before Python is ready"
    expect(page.locator("#deal")).to_be_visible()

    wait_for_python(page)
    expect(page.locator("#start-screen")).to_be_visible()
    # PyScript shows Python errors it catches in the page rather than throwing them.
    expect(page.locator(".py-error")).to_have_count(0)

    assert page_log.requests, "no request was recorded: the recorder is not attached"
    assert any(url.endswith("pyodide.asm.wasm") for url in page_log.requests)
    page.locator("#deal").click()  # and a game: the table drawn, the computers' moves
    expect(page.locator("[data-screen=table]")).to_be_visible(timeout=30_000)
    expect(page.locator("#app")).not_to_have_attribute("aria-busy", "true", timeout=30_000)
    assert page_log.problems() == []
    assert warnings == [], "console warnings from the page: " + "; ".join(warnings)
