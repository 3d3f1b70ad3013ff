"""The page's Content-Security-Policy (the meta tag at the top of index.html), in real Chromium.

* Statically: the policy is the first thing in ``<head>`` after the charset, allows no inline
  script and nothing but the page's own origin for scripts, styles, connections and workers
  (plus the ``blob:`` worker PyScript creates), and shuts ``object-src`` and ``base-uri``; the
  page's markup (index.html and the HTML that ui/*.py renders) has nothing the policy refuses.
* A whole game (``?pace=instant&goal=40``, the default seats: you and two computers) is played
  by clicking to its end, on the dev server and on the built site, with no violation: none
  reported to the document (``securitypolicyviolation`` events, recorded from before the page's
  first script) and none in the console, which also carries the worker's (a ``blob:`` worker
  inherits the page's policy).
* What an attacker would inject is refused, each with a violation report: a created inline
  ``<script>``, a ``javascript:`` link, an ``onclick`` attribute, a script from another origin
  and an inline ``<style>``.  The same injections run when the policy is stripped from the
  served page, which shows each check can fail.

Why each directive is there, and what was measured for it, is the comment beside the meta tag.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.test_game import TURN_TIMEOUT_MS, play_to_the_end

ROOT = Path(__file__).resolve().parents[2]
INDEX = ROOT / "index.html"
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')

# Installed before any script of the page: every CSP violation the document hears of.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push({directive: event.effectiveDirective, blocked: event.blockedURI,
                            source: event.sourceFile, line: event.lineNumber,
                            disposition: event.disposition});
});
"""

GAME_SECONDS = 300


def policy_text(page_html: str) -> str:
    found = META.findall(page_html)
    assert len(found) == 1, f"expected one CSP meta tag, found {len(found)}"
    return html.unescape(found[0])


def directives(policy: str) -> dict:
    """{directive: [source, ...]} of a policy's text."""
    parsed = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            assert words[0] not in parsed, f"{words[0]} given twice (the second is ignored)"
            parsed[words[0]] = words[1:]
    return parsed


def csp_console_errors(page_log) -> list:
    return [text for text in page_log.console_errors if "Content Security Policy" in text]


# ---- the policy, read from the file --------------------------------------------------------------


def test_the_policy_is_strict():
    page_html = INDEX.read_text(encoding="utf-8")
    policy = directives(policy_text(page_html))
    assert policy["default-src"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    # Only our own files run: no inline script (so no 'unsafe-inline', hash or nonce), no other
    # host.  'unsafe-eval' is what PyScript needs (its worker hooks are built with Function()).
    assert set(policy["script-src"]) <= {"'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"}
    assert "'self'" in policy["script-src"]
    assert policy["style-src"] == ["'self'"]
    assert policy["connect-src"] == ["'self'"]
    assert set(policy["worker-src"]) <= {"'self'", "blob:"}
    for sources in policy.values():
        for source in sources:
            assert source in {"'self'", "'none'", "'unsafe-eval'", "'wasm-unsafe-eval'",
                              "blob:", "data:"}, f"unexpected source {source}"
    # A meta policy covers only what comes after it: nothing but the charset may precede it.
    head = page_html[page_html.index("<head>"):page_html.index("</head>")]
    before = re.sub(r"<!--.*?-->", "", head[:head.index('<meta http-equiv="Content-Security')],
                    flags=re.S)
    assert re.fullmatch(r'<head>\s*<meta charset="utf-8">\s*', before), before


def test_the_page_markup_has_nothing_the_policy_refuses():
    """Inline script, event-handler attributes, javascript: URLs and style="" would be refused
    (the last silently: the element just loses its look), in index.html and in the HTML the
    worker renders (ui/*.py)."""
    page_html = re.sub(r"<!--.*?-->", "", INDEX.read_text(encoding="utf-8"), flags=re.S)
    for tag in re.findall(r"<script\b[^>]*>", page_html):
        assert "src=" in tag, f"inline script: {tag}"
    sources = {"index.html": page_html}
    sources.update({path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
                    for path in sorted((ROOT / "ui").rglob("*.py"))})
    for name, text in sources.items():
        for pattern, what in ((r"""\son[a-z]+\s*=\s*["'\\]""", "an event-handler attribute"),
                              (r"javascript:", "a javascript: URL"),
                              (r"""\sstyle\s*=\s*["'\\{]""", "a style attribute")):
            found = re.search(pattern, text)
            assert not found, f"{name}: {what} the policy refuses: {found.group(0)!r}"


# ---- a whole game under the policy -------------------------------------------------------------


@pytest.mark.parametrize("where", ["site_url", "built_site_url"])
def test_a_whole_game_is_played_under_the_policy_without_a_violation(request, page, page_log,
                                                                      wait_for_python, where):
    url = request.getfixturevalue(where)
    page.add_init_script(RECORD_VIOLATIONS)
    response = page.goto(url + "?pace=instant&goal=40")
    policy_text(response.text())  # the served page (a built one too) carries the policy
    wait_for_python(page)
    page.locator("#deal").click()
    turns, _ = play_to_the_end(page, GAME_SECONDS)
    expect(page.locator("[data-screen=over] .winner")).to_contain_text("win")
    assert turns > 0
    # The service worker (sw.js) registers once Python is ready: worker-src 'self' lets it.
    page.wait_for_function("navigator.serviceWorker.getRegistration().then((r) => !!r)",
                           timeout=TURN_TIMEOUT_MS)
    assert page.evaluate("window.__violations") == []
    assert page_log.problems() == []
    expect(page.locator(".py-error")).to_have_count(0)


# ---- what an attacker would inject ---------------------------------------------------------------

# Each injection sets window.__pwned to its own name if it runs.  Run in the page through
# Playwright (DevTools evaluation is outside the page's policy, as an extension's would be);
# what it adds to the page is subject to the policy like anything else.
INJECTIONS = {
    "inline script": """() => {
        const script = document.createElement("script");
        script.textContent = "window.__pwned.push('inline script')";
        document.body.append(script);
    }""",
    "javascript: URL": """() => {
        const link = document.createElement("a");
        link.href = "javascript:window.__pwned.push('javascript: URL')";
        link.textContent = "x";
        document.body.append(link);
        link.click();
    }""",
    "onclick attribute": """() => {
        document.body.insertAdjacentHTML("beforeend",
            `<button id="pwn" onclick="window.__pwned.push('onclick attribute')">x</button>`);
        document.getElementById("pwn").click();
    }""",
    "foreign script": """() => new Promise((resolve) => {
        const script = document.createElement("script");
        script.src = "http://localhost:9/pwn.js";  // another origin; nothing listens there
        script.onerror = script.onload = resolve;
        document.body.append(script);
    })""",
    "inline style": """() => {
        document.head.insertAdjacentHTML("beforeend", "<style>:root { --pwned: yes; }</style>");
        if (getComputedStyle(document.documentElement).getPropertyValue("--pwned").trim())
            window.__pwned.push("inline style");
    }""",
}
# The directive each injection violates (Chromium's effectiveDirective).
REFUSED_BY = {"inline script": "script-src-elem", "javascript: URL": "script-src-elem",
              "onclick attribute": "script-src-attr", "foreign script": "script-src-elem",
              "inline style": "style-src-elem"}


def strip_policy(route):
    response = route.fetch()
    route.fulfill(response=response, body=META.sub("", response.text()))


@pytest.mark.parametrize("policy", ["served", "stripped"])
def test_injected_script_and_style_are_refused(page, page_log, site_url, wait_for_python,
                                               policy):
    page.add_init_script(RECORD_VIOLATIONS)
    if policy == "stripped":  # the control: the same page without its policy
        page.route(lambda url: url.split("?")[0] == site_url, strip_policy)
    page.goto(site_url)
    wait_for_python(page)
    page.evaluate("window.__pwned = []")
    for name, injection in INJECTIONS.items():
        if name == "foreign script" and policy == "stripped":
            continue  # without the policy it would only fail to connect: nothing to show
        page.evaluate(injection)
    page.wait_for_timeout(300)  # a javascript: navigation and violation events are async
    ran = page.evaluate("window.__pwned")
    violations = page.evaluate("window.__violations")
    if policy == "stripped":
        assert sorted(ran) == sorted(set(INJECTIONS) - {"foreign script"})
        assert violations == []
        return
    assert ran == []
    refused = sorted((v["directive"], v["blocked"]) for v in violations)
    expected = sorted([(REFUSED_BY[name], "inline") for name in INJECTIONS
                       if name != "foreign script"]
                      + [("script-src-elem", "http://localhost:9/pwn.js")])
    assert refused == expected
    # The refusals are the console's only errors; the foreign script never left the browser.
    assert page_log.console_errors == csp_console_errors(page_log)
    assert len(csp_console_errors(page_log)) == len(INJECTIONS)
    assert page_log.failures == ["csp http://localhost:9/pwn.js"]  # Chromium: blocked by CSP
