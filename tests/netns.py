"""A private network namespace for tests whose browsers talk peer to peer (WebRTC).

WebRTC gathers no candidate with nothing but the loopback interface, and test traffic has no
place on the machine's real interface.  So such a test runs its command inside a network
namespace of its own (``unshare -n``) with one veth pair made there: ``v0`` holds
``ADDRESS``/24 and the default route, so the browsers gather a candidate for it; ``lo`` is up,
for the dev server on 127.0.0.1.  Nothing leaves the namespace (the pair's other end, ``v1``, is
in it too).

    python3 tests/netns.py COMMAND [ARGS...]     run COMMAND inside such a namespace

``in_namespace(argv)`` is that command line for ``subprocess``; ``namespace_problem()`` says why
it cannot work here (not root, unshare refused, no ``ip``), or None.  ``INSIDE`` is set to "1"
in the command's environment.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

ADDRESS = "10.203.0.1"
INSIDE = "TWEAK_NETNS"
SETUP = (
    ("ip", "link", "set", "lo", "up"),
    ("ip", "link", "add", "v0", "type", "veth", "peer", "name", "v1"),
    ("ip", "addr", "add", f"{ADDRESS}/24", "dev", "v0"),
    ("ip", "link", "set", "v0", "up"),
    ("ip", "link", "set", "v1", "up"),
    ("ip", "route", "add", "default", "dev", "v0"),
)


# The private first argument of this script in the new namespace: set it up, then run the rest.
FRESH = "--in-fresh-namespace"


def in_namespace(argv) -> list:
    """The command line that runs ``argv`` inside a fresh private network namespace."""
    return [shutil.which("unshare") or "unshare", "-n", "--", sys.executable,
            os.path.abspath(__file__), FRESH, *map(str, argv)]


def namespace_problem():
    """Why a private network namespace with a veth pair cannot be made here, or None."""
    for tool in ("unshare", "ip"):
        if shutil.which(tool) is None:
            return f"`{tool}` is not installed (Debian: util-linux, iproute2)"
    probe = subprocess.run(in_namespace([sys.executable, "-c", "pass"]), capture_output=True,
                           text=True)
    if probe.returncode != 0:
        return ("a private network namespace cannot be made here (unshare -n needs root or "
                "user namespaces): " + (probe.stderr.strip().splitlines() or ["refused"])[-1])
    return None


def main(argv) -> int:
    if not argv or argv == [FRESH]:
        print(__doc__, file=sys.stderr)
        return 2
    if argv[0] != FRESH:
        os.execvp(in_namespace(argv)[0], in_namespace(argv))
    argv = argv[1:]
    # Never touch a namespace that has more than loopback: that is not one unshare just made.
    links = subprocess.run(("ip", "-o", "link"), capture_output=True, text=True).stdout
    if [line for line in links.splitlines() if ": lo:" not in line]:
        print("tests/netns.py: this namespace has interfaces besides lo; refusing to change it",
              file=sys.stderr)
        return 3
    for step in SETUP:
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            print(f"tests/netns.py: {' '.join(step)} failed: {done.stderr.strip()}",
                  file=sys.stderr)
            return 3
    os.environ[INSIDE] = "1"
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
