"""A bad network for the browsers in tests/netns.py's namespace: delay, random loss and outages
of the UDP packets they send each other, in user space.

Why not ``tc qdisc ... netem``: this machine's kernel (and CI's, the same kind) is built without
it (``CONFIG_NET_SCH_NETEM`` is not set, and it loads no modules), so ``tc`` answers
"Specified qdisc kind is unknown".  It has netfilter's queue (``NFQUEUE``) instead: an
``iptables`` rule hands every such packet to this program, which lets it go (``NF_ACCEPT``)
once it has been held ``delay`` ms, or drops it (``NF_DROP``): with probability ``loss`` %,
or always during an outage.  The packets are the ones from the namespace's address to itself
(``tests.netns.ADDRESS``): browsers in one namespace reach each other over ``lo``, where no
qdisc on ``v0`` would ever see them; the dev server's HTTP on 127.0.0.1 is not touched.  Each
packet is held once, on its way out, so ``delay`` is one way (a round trip is twice it).

    python3 tests/impair.py [--delay MS] [--loss PERCENT] [--seed N]

runs the queue until its standard input closes.  Lines on standard input change it:
``delay MS``, ``loss PERCENT``, ``outage SECONDS`` (everything dropped that long, from now).
On exit it prints one JSON line: ``{"passed": N, "dropped": N, "lost": N}`` (``lost``: the
random losses among ``dropped``).  It needs root in the namespace and ``iptables`` (Debian:
iptables); ``Impairment`` (below) starts it and adds and removes the rule.

The netlink protocol is nfnetlink_queue's (linux/netfilter/nfnetlink_queue.h), spoken with the
standard library's sockets: bind the queue, ask for the packets' metadata only, and answer
each packet's id with a verdict.
"""

from __future__ import annotations

import errno
import heapq
import json
import random
import select
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.netns import ADDRESS  # noqa: E402

QUEUE = 7
NETLINK_NETFILTER = 12
NFNL_SUBSYS_QUEUE = 3
NFQNL_MSG_PACKET, NFQNL_MSG_VERDICT, NFQNL_MSG_CONFIG = 0, 1, 2
NFQA_CFG_CMD, NFQA_CFG_PARAMS, NFQA_CFG_QUEUE_MAXLEN = 1, 2, 3
NFQNL_CFG_CMD_BIND = 1
NFQNL_COPY_META = 1
NFQA_PACKET_HDR, NFQA_VERDICT_HDR = 1, 2
NF_DROP, NF_ACCEPT = 0, 1
NLM_F_REQUEST, NLM_F_ACK = 1, 4
NLMSG_ERROR = 2
# The iptables rule that queues the browsers' packets to each other (--queue-bypass: with no
# program bound to the queue, packets pass rather than vanish).
RULE = ("OUTPUT", "-p", "udp", "-s", ADDRESS, "-d", ADDRESS, "-j", "NFQUEUE",
        "--queue-num", str(QUEUE), "--queue-bypass")


class NetlinkError(OSError):
    """The kernel refused a request of the queue's protocol."""


def _attribute(kind: int, data: bytes) -> bytes:
    size = 4 + len(data)
    return struct.pack("=HH", size, kind) + data + b"\0" * (-size % 4)


def _message(kind: int, flags: int, payload: bytes, sequence: int = 0) -> bytes:
    """One nfnetlink message of the queue subsystem: netlink header, nfgenmsg, attributes."""
    body = struct.pack("=BB", socket.AF_UNSPEC, 0) + struct.pack("!H", QUEUE) + payload
    return struct.pack("=IHHII", 16 + len(body), (NFNL_SUBSYS_QUEUE << 8) | kind, flags,
                       sequence, 0) + body


def _messages(data: bytes):
    """(type, payload after the nfgenmsg) of each netlink message in ``data``."""
    offset = 0
    while offset + 16 <= len(data):
        size, kind = struct.unpack_from("=IH", data, offset)
        if size < 16:
            return
        yield kind, data[offset + 16:offset + size]
        offset += (size + 3) & ~3


def _packet_id(payload: bytes):
    """The packet id in a NFQNL_MSG_PACKET's attributes (after its 4-byte nfgenmsg), or None."""
    offset = 4
    while offset + 4 <= len(payload):
        size, kind = struct.unpack_from("=HH", payload, offset)
        if size < 4:
            return None
        if kind & 0x3FFF == NFQA_PACKET_HDR:
            return struct.unpack_from("!I", payload, offset + 4)[0]
        offset += (size + 3) & ~3
    return None


class Queue:
    """Netfilter queue ``QUEUE``, bound on a netlink socket: ``packets()`` reads the ids of the
    packets handed over, ``verdict(id, accept)`` lets one go or drops it."""

    def __init__(self):
        self.socket = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_NETFILTER)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
        self.socket.bind((0, 0))
        self._request(_attribute(NFQA_CFG_CMD, struct.pack("!BxH", NFQNL_CFG_CMD_BIND,
                                                           socket.AF_INET)), 1)
        self._request(_attribute(NFQA_CFG_PARAMS, struct.pack("!IB", 0, NFQNL_COPY_META)), 2)
        self._request(_attribute(NFQA_CFG_QUEUE_MAXLEN, struct.pack("!I", 8192)), 3)

    def _request(self, attributes: bytes, sequence: int) -> None:
        """Send one configuration request and wait for its acknowledgement."""
        self.socket.send(_message(NFQNL_MSG_CONFIG, NLM_F_REQUEST | NLM_F_ACK, attributes,
                                  sequence))
        for kind, payload in _messages(self.socket.recv(65536)):
            if kind == NLMSG_ERROR:
                # An nlmsgerr: the error number (0: acknowledged) before the request's header;
                # its payload here starts 4 bytes in, past what _messages took for nfgenmsg.
                (error,) = struct.unpack_from("=i", payload)
                if error:
                    raise NetlinkError(-error, f"nfnetlink_queue refused a request: "
                                               f"{errno.errorcode.get(-error, error)}")
                return
        raise NetlinkError("nfnetlink_queue did not acknowledge a request")

    def fileno(self) -> int:
        return self.socket.fileno()

    def packets(self):
        """The ids of the packets waiting now (call when the socket is readable)."""
        data = self.socket.recv(1 << 16)
        for kind, payload in _messages(data):
            if kind == (NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET:
                packet = _packet_id(payload)
                if packet is not None:
                    yield packet

    def verdict(self, packet: int, accept: bool) -> None:
        self.socket.send(_message(NFQNL_MSG_VERDICT, NLM_F_REQUEST, _attribute(
            NFQA_VERDICT_HDR, struct.pack("!II", NF_ACCEPT if accept else NF_DROP, packet))))


def run(delay_ms: float, loss: float, seed: int, commands=sys.stdin) -> dict:
    """Hold, drop or pass every queued packet until ``commands`` closes; the counts."""
    queue = Queue()
    chance = random.Random(seed)
    held = []  # (when it may go, its order, id)
    order = 0
    outage_until = 0.0
    counts = {"passed": 0, "dropped": 0, "lost": 0}
    print("ready", flush=True)
    while True:
        timeout = max(0.0, held[0][0] - time.monotonic()) if held else 1.0
        readable, _, _ = select.select([queue, commands], [], [], timeout)
        now = time.monotonic()
        if commands in readable:
            line = commands.readline()
            if not line:
                break
            word, _sep, value = line.strip().partition(" ")
            if word == "delay":
                delay_ms = float(value)
            elif word == "loss":
                loss = float(value)
            elif word == "outage":
                outage_until = now + float(value)
            print("ok", line.strip(), flush=True)
        if queue in readable:
            for packet in queue.packets():
                if now < outage_until:
                    queue.verdict(packet, False)
                    counts["dropped"] += 1
                elif chance.random() * 100 < loss:
                    queue.verdict(packet, False)
                    counts["dropped"] += 1
                    counts["lost"] += 1
                else:
                    order += 1
                    heapq.heappush(held, (now + delay_ms / 1000, order, packet))
        now = time.monotonic()
        while held and held[0][0] <= now:
            _due, _order, packet = heapq.heappop(held)
            # A packet held into an outage is lost in it, as on a link that went down.
            accept = now >= outage_until
            queue.verdict(packet, accept)
            counts["passed" if accept else "dropped"] += 1
    for _due, _order, packet in held:
        queue.verdict(packet, True)
        counts["passed"] += 1
    return counts


class Impairment:
    """The bad network, started: ``iptables`` queues the browsers' packets to a
    ``tests/impair.py`` process.  ``set(word, value)`` sends it a command; ``stop()`` removes
    the rule, ends the process and returns its counts (again on a later call).
    ``RuntimeError`` when it cannot start (the message says why)."""

    def __init__(self, delay_ms: float = 0, loss: float = 0, seed: int = 1):
        self.counts = None
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--delay", str(delay_ms),
             "--loss", str(loss), "--seed", str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if self.process.stdout.readline().strip() != "ready":
            self.process.kill()
            raise RuntimeError("tests/impair.py did not start: " + self.process.stderr.read())
        added = subprocess.run(["iptables", "-A", *RULE], capture_output=True, text=True)
        if added.returncode != 0:
            self.process.kill()
            raise RuntimeError(f"iptables refused the queue rule: {added.stderr.strip()}")

    def set(self, word: str, value: float) -> None:
        self.process.stdin.write(f"{word} {value}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        if not answer.startswith("ok"):
            raise RuntimeError(f"tests/impair.py did not take {word} {value}: {answer!r}")

    def stop(self) -> dict:
        if self.counts is None:
            subprocess.run(["iptables", "-D", *RULE], capture_output=True)
            self.process.stdin.close()
            out = self.process.stdout.read().strip().splitlines()
            self.process.wait(timeout=10)
            self.counts = json.loads(out[-1]) if out else {}
        return self.counts


def impairment_problem():
    """Why ``Impairment`` cannot work here, or None (call it inside the namespace)."""
    import shutil

    if shutil.which("iptables") is None:
        return "`iptables` is not installed (Debian: iptables)"
    try:
        Queue().socket.close()
    except OSError as error:
        return f"netfilter's queue cannot be bound here: {error}"
    return None


def main(argv) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--delay", type=float, default=0, help="ms each packet is held")
    parser.add_argument("--loss", type=float, default=0, help="percent of packets dropped")
    parser.add_argument("--seed", type=int, default=1, help="of the random losses")
    args = parser.parse_args(argv)
    print(json.dumps(run(args.delay, args.loss, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
