"""The compact codec of ui/main_thread/signal.js (window.tweakSignal), run in Node.

* Real descriptions (tests/fixtures/sdp/: Chromium's and Firefox's captured here, Safari's from
  a public issue) survive ``pack`` -> ``unpack`` with every field a data channel's connection
  needs: ICE credentials, fingerprint, setup, mid and the candidates it keeps.
* Invite and reply links carry table, seat, host name and offer tag with the description.
* Anything malformed — every cut of a link, every changed character, the wrong kind of link,
  another version, not a link at all — is an Error with a sentence, never a description.
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "ui" / "signal_node.mjs"
FIXTURES = ROOT / "tests" / "fixtures" / "sdp"
BASE = "https://someone.github.io/tweak/"
CAPTURED = ("chromium", "chromium-ip", "firefox")

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def run(*calls):
    """The results of ``calls`` ([name, arg...]) in one Node process: each {"value"} or
    {"error", "kind"}."""
    done = subprocess.run(["node", str(RUNNER)], input=json.dumps(calls), capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def value(*call):
    (result,) = run(list(call))
    assert "error" not in result, result
    return result["value"]


def fixture(name):
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def transport(fields):
    """What a connection needs of parse()'s fields; priorities and foundations are not."""
    return {key: fields[key] for key in ("ufrag", "pwd", "fingerprint", "setup", "mid")} | {
        "candidates": [{key: c[key] for key in ("type", "protocol", "tcptype", "address", "port")}
                       for c in fields["candidates"]]}


def expected_candidates(candidates):
    udp = [c for c in candidates if c["protocol"] == "udp"]
    return udp or candidates


@pytest.mark.parametrize("name", CAPTURED)
@pytest.mark.parametrize("kind", ["offer", "answer"])
def test_a_captured_description_round_trips(name, kind):
    sdp = fixture(name)[kind]
    original = value("parse", sdp)
    packed = value("pack", {"type": kind, "sdp": sdp})
    (rebuilt, again, *_) = run(["unpack", packed, kind], ["pack", {"type": kind, "sdp": sdp}])
    assert rebuilt["value"]["type"] == kind
    fields = value("parse", rebuilt["value"]["sdp"])
    wanted = transport(original)
    wanted["candidates"] = expected_candidates(wanted["candidates"])
    assert transport(fields) == wanted
    assert wanted["candidates"], "a captured description has a candidate"
    assert again["value"] == packed  # the same description, the same text
    # The point of it: a few dozen bytes instead of ~600.
    assert len(packed) < len(sdp) / 4


def test_the_fields_are_read_as_each_browser_writes_them():
    chromium = value("parse", fixture("chromium")["offer"])
    assert len(chromium["ufrag"]) == 4 and len(chromium["pwd"]) == 24
    assert chromium["candidates"][0]["address"].endswith(".local")
    firefox = value("parse", fixture("firefox")["offer"])
    # Firefox: hex credentials, the fingerprint at session level, a TCP candidate too.
    assert len(firefox["ufrag"]) == 8 and len(firefox["pwd"]) == 32
    assert [c["protocol"] for c in firefox["candidates"]] == ["udp", "tcp"]
    assert firefox["candidates"][1]["tcptype"] == "active"
    assert len(firefox["fingerprint"]) == 32
    ip = value("parse", fixture("chromium-ip")["offer"])
    assert ip["candidates"][0]["address"] == "10.203.0.1"


def test_safaris_transport_is_read_and_round_trips():
    safari = fixture("safari")["offer"]
    fields = value("parse", safari)
    assert fields["ufrag"] == "XSmV" and fields["pwd"] == "Ss5xY4RMFEJASRvK5TIPgLN9"
    assert fields["setup"] == "actpass"
    assert fields["fingerprint"][:2] == [0xF2, 0x68]
    assert [(c["type"], c["address"], c["port"]) for c in fields["candidates"]] == [
        ("host", "192.168.0.87", 61015),
        ("host", "2a01:e0a:151:dc10:a8cb:5e93:9627:557c", 61016),
        ("srflx", "82.64.133.208", 61015)]
    # The quote has no data channel section: pack() says so rather than guess a mid.
    (refused,) = run(["pack", {"type": "offer", "sdp": safari}])
    assert "no data channel section" in refused["error"]
    # Its transport in a data channel's description (its BUNDLE names the data section "data").
    description = value("build", {**fields, "mid": "data"}, "offer")
    rebuilt = value("unpack", value("pack", description), "offer")
    assert transport(value("parse", rebuilt["sdp"])) == transport({**fields, "mid": "data"})


@pytest.mark.parametrize("address", [
    "::1", "fe80::1", "2001:db8::ff00:42:8329", "2001:db8:0:0:1:0:0:1", "::ffff:192.0.2.1",
    "1:2:3:4:5:6:7:8", "0.0.0.0", "255.255.255.255", "host-7.example.org",
    "0e5a2b84-3f0c-4c1d-9e55-7a4b0f6c1d2e.local"])
def test_addresses_round_trip(address):
    fields = value("parse", fixture("chromium")["offer"])
    fields["candidates"] = [{"type": "host", "protocol": "udp", "tcptype": None,
                             "address": address, "port": 9}]
    rebuilt = value("unpack", value("pack", value("build", fields, "offer")), "offer")
    (candidate,) = value("parse", rebuilt["sdp"])["candidates"]
    canonical = {"2001:db8:0:0:1:0:0:1": "2001:db8::1:0:0:1",
                 "::ffff:192.0.2.1": "::ffff:c000:201"}.get(address, address)
    assert candidate["address"] == canonical


def test_every_kind_of_candidate_round_trips_in_order():
    fields = value("parse", fixture("chromium")["offer"])
    fields["candidates"] = [
        {"type": "srflx", "protocol": "udp", "tcptype": None, "address": "203.0.113.7", "port": 61000},
        {"type": "relay", "protocol": "udp", "tcptype": None, "address": "198.51.100.1", "port": 3478},
        {"type": "prflx", "protocol": "udp", "tcptype": None, "address": "10.0.0.2", "port": 1},
        {"type": "host", "protocol": "udp", "tcptype": None, "address": "10.0.0.2", "port": 65535}]
    fields["setup"] = "passive"
    sdp = value("unpack", value("pack", value("build", fields, "answer")), "answer")["sdp"]
    assert transport(value("parse", sdp))["candidates"] == fields["candidates"]
    assert "typ srflx raddr 0.0.0.0 rport 0" in sdp
    # The written priorities keep the order of preference: host above reflexive above relay.
    priorities = {line.split()[7]: int(line.split()[3]) for line in sdp.split("\r\n")
                  if line.startswith("a=candidate:")}
    assert priorities["host"] > priorities["prflx"] > priorities["srflx"] > priorities["relay"]
    tcp_only = {**fields, "setup": "actpass", "candidates": [
        {"type": "host", "protocol": "tcp", "tcptype": t, "address": "10.0.0.3", "port": 9}
        for t in ("active", "passive", "so")]}
    sdp = value("unpack", value("pack", value("build", tcp_only, "offer")), "offer")["sdp"]
    assert transport(value("parse", sdp))["candidates"] == tcp_only["candidates"]


def test_invite_and_reply_links_carry_their_fields():
    chromium, firefox = fixture("chromium"), fixture("firefox")
    offer = {"type": "offer", "sdp": chromium["offer"]}
    invite = value("inviteLink", BASE + "?seed=3#g=x", {"table": "k3P9xQ", "seat": 2,
                                                        "host": "Zoë 李", "offer": offer})
    assert invite.startswith(BASE + "#join=")  # no query, no other fragment
    got = value("parseInvite", invite)
    assert (got["table"], got["seat"], got["host"]) == ("k3P9xQ", 2, "Zoë 李")
    assert got["tag"] == value("offerTag", chromium["offer"])
    assert transport(value("parse", got["offer"]["sdp"])) == transport(
        value("parse", chromium["offer"]))
    reply = value("replyLink", BASE, {"table": "k3P9xQ", "seat": 2, "tag": got["tag"],
                                      "answer": {"type": "answer", "sdp": firefox["answer"]}})
    back = value("parseReply", reply.replace(BASE, ""))  # the fragment alone is enough too
    assert (back["table"], back["seat"], back["tag"]) == ("k3P9xQ", 2, got["tag"])
    assert back["answer"]["type"] == "answer"
    assert value("parse", back["answer"]["sdp"])["setup"] == "active"
    # As a person pastes it: inside a sentence, wrapped over lines.
    pasted = f"Here: {reply[:40]}\n{reply[40:]}."
    assert value("parseReply", pasted)["tag"] == got["tag"]
    # The tags of two offers differ (a reply to an older invite is told apart).
    assert value("offerTag", chromium["offer"]) != value("offerTag", firefox["offer"])


def link_pair():
    chromium = fixture("chromium")
    offer = {"type": "offer", "sdp": chromium["offer"]}
    invite = value("inviteLink", BASE, {"table": "T1", "seat": 1, "host": "Ann", "offer": offer})
    reply = value("replyLink", BASE, {"table": "T1", "seat": 1, "tag": 7,
                                      "answer": {"type": "answer", "sdp": chromium["answer"]}})
    return invite, reply


def assert_sentences(results):
    for result in results:
        assert "value" not in result, f"a malformed link was accepted: {result}"
        assert result["kind"] == "Error"
        message = result["error"]
        assert message[0].isupper() and message.endswith("."), message


def test_every_cut_of_a_link_is_refused_with_a_sentence():
    invite, reply = link_pair()
    calls = []
    for name, link in (("parseInvite", invite), ("parseReply", reply)):
        start = link.index("=") + 1
        calls += [[name, link[:end]] for end in range(start, len(link))]
    results = run(*calls)
    assert_sentences(results)
    assert {r["error"].split(":")[0] for r in results} <= {
        "The link is incomplete", "The link is damaged"}
    assert sum("incomplete" in r["error"] for r in results) > len(results) * 0.9


def test_every_changed_character_of_a_link_is_refused():
    invite, reply = link_pair()
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    calls = []
    for name, link in (("parseInvite", invite), ("parseReply", reply)):
        start = link.index("=") + 1
        for at in range(start, len(link)):
            for other in (alphabet[(alphabet.index(link[at]) + 1) % 64],
                          alphabet[(alphabet.index(link[at]) + 37) % 64]):
                changed = link[:at] + other + link[at + 1:]
                # The last character's low bits may be padding: the same bytes, not a change.
                if changed != link:
                    calls.append([name, changed])
    results = run(*calls)
    padding = [r for r in results if "value" in r]
    assert len(padding) <= 4, padding  # only the last character's padding bits
    assert_sentences([r for r in results if "value" not in r])


def crc8(data: bytes) -> int:
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_wrong_links_and_other_inputs_are_refused_with_a_sentence():
    invite, reply = link_pair()
    payload = base64.urlsafe_b64decode(invite.split("#join=")[1] + "==")
    newer = bytes([2]) + payload[1:-1]
    newer += bytes([crc8(newer)])
    results = run(
        ["parseReply", invite], ["parseInvite", reply], ["parseInvite", BASE + "#g=R3xO2"],
        ["parseInvite", ""], ["parseInvite", None], ["parseReply", 42],
        ["parseInvite", BASE + "#join="], ["parseInvite", BASE + "#join=AQ"],
        ["parseInvite", BASE + "#join=" + b64url(newer)],
        ["parseInvite", BASE + "#join=" + b64url(payload) + "A"],
        ["parseInvite", BASE + "#join=!!!!"],
        ["unpack", "AAAA", "offer"], ["unpack", "", "answer"], ["unpack", "%%", "offer"],
        ["pack", {"type": "offer", "sdp": "hello"}],
        ["pack", {"type": "offer", "sdp": "v=0\r\nm=application 9 UDP/DTLS/SCTP x\r\n"}])
    assert_sentences(results)
    messages = [r["error"] for r in results]
    assert "not a reply" in messages[0] and "not an invite" in messages[1]
    assert messages[2] == "This is not a TWEAK! invite link."
    assert "another version" in messages[8]
    assert "cannot send" in messages[14] and "fingerprint" in messages[15]
    # An answer is not an offer: a reply's description is refused where an invite's is wanted.
    packed_answer = value("pack", {"type": "answer", "sdp": fixture("chromium")["answer"]})
    assert_sentences(run(["unpack", packed_answer, "offer"]))


def test_all_zero_and_foreign_character_payloads_are_damaged_not_another_version():
    """A run of "A" is all-zero bytes, whose CRC-8 is 0 too: it passes the check but is no
    link.  A character no link holds is a changed link, whatever the payload's length."""
    damaged = "The link is damaged: some of its characters were changed. Copy or scan it again."
    _, reply = link_pair()
    reply_payload = reply.split("#reply=")[1]
    calls = [["parseInvite", BASE + "#join=" + "A" * 100_000],
             ["parseReply", BASE + "#reply=" + "A" * 100_000],
             ["parseInvite", BASE + "#join=AAAAAAAA"], ["parseReply", "#reply=AAAAAA"],
             ["parseInvite", BASE + "#join=" + "B" * 100_000],
             ["parseInvite", BASE + "#join=@@@@@"], ["parseInvite", BASE + "#join=%%%%%%"],
             ["parseInvite", BASE + "#join=!!!!"], ["parseInvite", BASE + "#join=AQ$Zr~M1"],
             ["parseReply", BASE + "#reply=" + reply_payload[:20] + "*" + reply_payload[21:]],
             ["parseReply", BASE + "#reply=" + reply_payload[:-3] + "%"]]
    results = run(*calls)
    assert_sentences(results)
    assert [r["error"] for r in results] == [damaged] * len(calls)
    # A link cut short is still incomplete, and one with a sentence's punctuation after it
    # is still read.
    assert run(["parseReply", reply[:-5]])[0]["error"].startswith("The link is incomplete")
    assert value("parseReply", reply + ").")["seat"] == 1


def test_page_address_keeps_origin_and_path_only():
    assert value("pageAddress", "https://someone.github.io/tweak/?seed=3&lang=es#join=x") == BASE
    assert value("pageAddress", "http://127.0.0.1:8000/") == "http://127.0.0.1:8000/"
