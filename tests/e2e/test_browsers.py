"""The game in the other browser engines (issue 7, "every browser"): Firefox ESR (Gecko) and
WebKitGTK (WebKit, Safari's engine).  Chromium is covered by the other tests in this directory.

Each test loads the page, waits for ``<html data-python="ready">``, chooses two players (a
person and a computer) on the start screen, clicks Deal and plays a few turns by clicking a hand
card and Place card, with the computer moving in between: the flow of
``tests/browsers/smoke.js``, run by ``tests/browsers/drivers.py`` (puppeteer-core for Firefox,
WebKitWebDriver + selenium for WebKitGTK).  A test fails when the flow does not reach its end,
or when the page reported any error: console.error, an uncaught exception or rejection, a
resource or worker that failed, a PyScript error box.  To show that those listeners really hear
this browser, smoke.js then raises one error of each kind on purpose, and the test requires all
of them to have been heard.

Each test is skipped, with the reason, when its browser is not installed (Debian packages
``firefox-esr``; ``webkit2gtk-driver`` and ``xvfb``; ``.ci/run`` installs them).  Timings are
for tests/bench/bench_browsers.py, never asserted here.
"""

from __future__ import annotations

import pytest

from tests.browsers import drivers

# Generous: WebKitGTK needs ~15 s to start Python on an idle 2-core machine here, and a loaded
# CI machine can be several times slower.  A run that ends is ~5 s (Firefox) / ~20 s (WebKit).
FLOW_TIMEOUT_S = 180
SELF_CHECK_KINDS = ("console.error", "uncaught", "rejection")


def check_run(result: dict, channels: tuple) -> None:
    """Fail unless the flow ran to its end with no error of the page's own, and every channel
    named in ``channels`` ("page", "console", "pageerror") heard the self-check's errors."""
    assert result.get("failure") is None, f"{result.get('browser')}: {result.get('failure')}"
    page = result["page"]
    assert page["scriptsBefore"] == 0, "smoke.js started after the page's own scripts"
    own, self_check = drivers.page_errors(result)
    assert not own, f"{result['version']} reported errors:\n" + "\n".join(own)
    for channel in channels:
        heard = [text for text in self_check if text.startswith(channel + ":")]
        assert heard, f"the {channel} listener heard none of the self-check's errors"
    page_heard = " ".join(text for text in self_check if text.startswith("page:"))
    for kind in SELF_CHECK_KINDS:
        assert f"{drivers.SELF_CHECK}: {kind}" in page_heard, f"smoke.js did not hear a {kind}"

    marks = page["marks"]
    assert marks["ready"] <= marks["dealClick"] <= marks["table"], marks
    assert page["outcome"] == "turns played", page
    assert len(page["turns"]) >= drivers.SMOKE_TURNS, page


def test_firefox_esr_deals_and_plays_a_few_turns_cleanly(site_url):
    problem = drivers.firefox_problem()
    if problem:
        pytest.skip(problem)
    result = drivers.run_puppeteer("firefox", drivers.FIREFOX, site_url + drivers.SMOKE_QUERY,
                                   timeout_s=FLOW_TIMEOUT_S)
    check_run(result, channels=("page", "console", "pageerror"))
    assert "firefox" in result["version"].lower(), result["version"]


def test_webkitgtk_deals_and_plays_a_few_turns_cleanly():
    problem = drivers.webkit_problem()
    if problem:
        pytest.skip(problem)
    with drivers.recording_site() as url:
        result = drivers.run_webkit(url + drivers.SMOKE_QUERY, timeout_s=FLOW_TIMEOUT_S)
    # WebKitWebDriver has no console API: only smoke.js inside the page listens.
    check_run(result, channels=("page",))
    assert "AppleWebKit" in result["page"]["userAgent"], result["page"]["userAgent"]


def test_webkitgtk_opens_an_invitation_and_says_it_cannot_connect(site_url):
    """Debian's WebKitGTK is built without WebRTC (no RTCPeerConnection): a guest there cannot
    join another device's table, and its join screen says so in words, with no error."""
    import time

    from tests.ui.test_signal import fixture, value

    problem = drivers.webkit_problem()
    if problem:
        pytest.skip(problem)
    offer = {"type": "offer", "sdp": fixture("chromium")["offer"]}
    invite = value("inviteLink", site_url, {"table": "k3P9xQ", "seat": 1, "host": "Ann",
                                             "offer": offer})
    with drivers.webkit_driver() as driver:
        driver.get(invite)
        if driver.execute_script("return typeof RTCPeerConnection") == "function":
            pytest.skip("this WebKitGTK has WebRTC: tests/e2e/devices_in_netns.py's guests apply")
        deadline = time.monotonic() + FLOW_TIMEOUT_S
        status = ""
        while "cannot connect" not in status and time.monotonic() < deadline:
            time.sleep(0.2)
            status = driver.execute_script(
                "const s = document.getElementById('join-status'); return s ? s.textContent : ''")
        assert "Open the invitation in Chrome, Edge, Firefox or Safari" in status, status
        assert driver.execute_script("return document.getElementById('join-title').textContent"
                                     ) == "You are invited to Ann's table, seat 2"
        assert driver.execute_script("return document.getElementById('join-body').hidden")
        start = driver.find_element("id", "join-start")
        assert start.is_displayed() and start.text == "Go to the game's start screen"
