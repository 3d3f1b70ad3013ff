"""The lengths both threads cut or check agree, and so does the rule for a typed name.

ui/worker/protocol.py defines the lengths for Python (``NAME_LENGTH``, ``TABLE_ID_LENGTH``...);
ui/main_thread/signal.js holds the main thread's copy (``LIMITS``) and its rule for a typed name
(``cleanName``), which join.js and peers.js use.  These tests read ``LIMITS`` out of signal.js's
text, check that no other script or page repeats a limit as a literal, and run ``cleanName`` in
Node (tests/ui/signal_node.mjs) against the worker's ``clean_name`` on names of emoji,
combining marks and every kind of whitespace: both count code points, never UTF-16 units.
"""

from __future__ import annotations

import re
import shutil

import pytest

from tests.ui.test_signal import BASE, ROOT, fixture, run
from tweak.rules import MAX_PLAYERS
from ui.worker import protocol
from ui.worker.seats import clean_name

MAIN_THREAD = ROOT / "ui" / "main_thread"
SIGNAL = MAIN_THREAD / "signal.js"
LINK = MAIN_THREAD / "link.js"
PAGE = ROOT / "index.html"
# protocol.py's lengths: every constant whose name ends so.
LENGTHS = {name: value for name, value in vars(protocol).items() if name.endswith("_LENGTH")}
LIMITS_BLOCK = re.compile(r"const LIMITS = Object\.freeze\(\{(.*?)\}\);", re.S)
LIMIT_ENTRY = re.compile(r"^\s*([A-Z_]+):\s*(\d+),", re.M)
# A literal length in a script: a cut from the start, a comparison of a length, a maxlength.
LITERAL_LENGTH = re.compile(
    r"(?:slice|substring|substr)\(\s*0\s*,\s*(\d+)\s*\)"
    r"|\.length\s*(?:[<>]=?|[!=]==?)\s*(\d+)\b"
    r"|max[lL]ength\W{1,3}(\d+)")
INPUT = re.compile(r"<input\b[^>]*>")
NAMES = ("😀" * 20, "Zoë" + "🎲" * 15, "a\u0301" * 10, "Zoe\u0308 " + "e\u0301" * 8,
         "👨‍👩‍👧‍👦" * 3, "🇫🇷" * 9, "𝒜" * 17, "李" * 20, "  Ann \t\n  Lee  ",
         "x" * 15 + " yz",  # the cut leaves a space at the end, as Python's does
         "Ann\u2003B\u3000C\x1cD\x85E\ufeffF\u00a0G\u2028H",
         "\ud83d" + "lone" * 5)  # half a surrogate pair, as a pasted text may hold

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def js_limits() -> dict:
    """{name: value} of signal.js's ``LIMITS``; AssertionError if it is not found."""
    block = LIMITS_BLOCK.search(SIGNAL.read_text(encoding="utf-8"))
    assert block, "signal.js defines no `const LIMITS = Object.freeze({...});`"
    return {name: int(value) for name, value in LIMIT_ENTRY.findall(block.group(1))}


def js_const(path, name: str) -> int:
    """The value of ``const NAME = <digits>;`` in the script at ``path``."""
    found = re.search(rf"\bconst {name} = (\d+);", path.read_text(encoding="utf-8"))
    assert found, f"{path.name} defines no {name}"
    return int(found.group(1))


def clean_in_js(*names) -> list:
    """signal.js's cleanName of each name, run in one Node process."""
    results = run(*[["cleanName", name] for name in names])
    assert all("error" not in result for result in results), results
    return [result["value"] for result in results]


def test_the_main_threads_limits_are_the_protocols():
    limits = js_limits()
    assert {"NAME_LENGTH", "TABLE_ID_LENGTH"} <= set(limits)  # the ones signal.js uses
    assert limits == {name: LENGTHS.get(name) for name in limits}


def test_link_js_keeps_the_protocols_message_sizes():
    """link.js drops a message longer than the worker would read, by the same numbers."""
    assert js_const(LINK, "MAX_TO_HOST") == protocol.MAX_TO_HOST
    assert js_const(LINK, "MAX_TO_GUEST") == protocol.MAX_TO_GUEST


def test_no_script_or_page_repeats_a_limit_as_a_literal():
    """A cut or a check of a name's or a table's length uses signal.js's LIMITS: a literal
    elsewhere would drift from it.  index.html's maxlength attributes are the exception (the
    next test)."""
    values = {str(value) for value in LENGTHS.values()}
    paths = [path for path in sorted((ROOT / "ui").rglob("*"))
             if path.suffix in (".js", ".mjs", ".html")]
    assert SIGNAL in paths and len(paths) > 5
    found = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        if path == SIGNAL:
            text = LIMITS_BLOCK.sub("", text)
        for match in LITERAL_LENGTH.finditer(text):
            if set(match.groups()) & values:
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {match.group(0)}")
    page = INPUT.sub("", PAGE.read_text(encoding="utf-8"))  # the inputs: the next test
    found += [f"index.html: {match.group(0)}" for match in LITERAL_LENGTH.finditer(page)
              if set(match.groups()) & values]
    assert not found, found


def test_every_name_field_stops_typing_at_the_name_length():
    """The start screen's seats and the join screen's name: ``maxlength`` is static HTML, in
    UTF-16 units, so it never lets more be typed than a name keeps (only fewer emoji)."""
    fields = {}
    for tag in INPUT.findall(PAGE.read_text(encoding="utf-8")):
        field = re.search(r'\b(?:name="(name-\d+)"|id="(join-name)")', tag)
        if field:
            length = re.search(r'\bmaxlength="(\d+)"', tag)
            fields[field.group(1) or field.group(2)] = int(length.group(1)) if length else None
    wanted = {f"name-{seat}" for seat in range(MAX_PLAYERS)} | {"join-name"}
    assert fields == dict.fromkeys(wanted, protocol.NAME_LENGTH)


@needs_node
def test_a_name_is_cleaned_and_cut_by_code_points_as_the_worker_does():
    cleaned = clean_in_js(*NAMES)
    assert cleaned == [clean_name(name, 1) for name in NAMES]
    assert cleaned[0] == "😀" * protocol.NAME_LENGTH  # not 8 emoji, nor 8½
    for name, got in zip(NAMES[:-1], cleaned):
        got.encode("utf-8")  # no half of a surrogate pair: UnicodeEncodeError
        assert len(got) == min(protocol.NAME_LENGTH, len(" ".join(name.split())))


@needs_node
def test_every_kind_of_whitespace_is_collapsed_as_the_worker_collapses_it():
    """Each character of the Basic Multilingual Plane (every whitespace character is there)
    between two letters."""
    names = [f"a{chr(code)}b" for code in range(0x10000) if not 0xD800 <= code < 0xE000]
    assert clean_in_js(*names) == [clean_name(name, 1) for name in names]


@needs_node
def test_a_blank_name_is_no_name():
    """The worker then gives the seat its own name (hosting's hello, clean_name)."""
    results = run(["cleanName", ""], ["cleanName", " \t\u3000 "], ["cleanName", None],
                  ["cleanName"])
    assert [result.get("value") for result in results] == ["", "", "", ""]


@needs_node
def test_links_hold_names_and_table_ids_up_to_their_lengths_in_code_points():
    offer = {"type": "offer", "sdp": fixture("chromium")["offer"]}
    longest = {"table": "🎲" * protocol.TABLE_ID_LENGTH, "seat": 1,
               "host": "😀" * protocol.NAME_LENGTH, "offer": offer}
    (invite,) = run(["inviteLink", BASE, longest])
    (opened,) = run(["parseInvite", invite["value"]])
    assert (opened["value"]["table"], opened["value"]["host"]) == (longest["table"],
                                                                    longest["host"])
    too_long = run(["inviteLink", BASE, longest | {"host": longest["host"] + "a"}],
                   ["inviteLink", BASE, longest | {"table": longest["table"] + "a"}])
    assert [result.get("kind") for result in too_long] == ["RangeError", "RangeError"]
