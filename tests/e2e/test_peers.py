"""Multi-device play in real browsers (tests/e2e/peers_in_netns.py, devices_in_netns.py,
slow_links_in_netns.py), run inside a private network namespace (tests/netns.py): a veth
pair gives the browsers an interface to gather a candidate on, and nothing they send leaves
the namespace.  Skipped, saying why, where such a namespace cannot be made (not root, unshare
refused)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from tests import netns
from tools import ROOT, runtime

# The connections alone (peers.js driven directly), then whole games with Python running.
INNER = ("tests/e2e/peers_in_netns.py", "tests/e2e/devices_in_netns.py")
# People slow to scan (Chromium's own timers: about 5 minutes of waiting) and a bad network.
SLOW = ("tests/e2e/slow_links_in_netns.py",)
TIMEOUT_S = 900


def run_in_namespace(paths) -> None:
    """Run the pytest files ``paths`` inside a fresh private network namespace: every test in
    them must pass (a skip there fails here: it would prove nothing)."""
    problem = netns.namespace_problem()
    if problem:
        pytest.skip(problem)
    if runtime.runtime_problems(ROOT):
        pytest.fail("the runtime is not installed: " + "; ".join(runtime.runtime_problems(ROOT)))
    done = subprocess.run(netns.in_namespace([sys.executable, "-m", "pytest", *paths, "-q",
                                              "-p", "no:cacheprovider", "--durations=5"]),
                          cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S)
    report = (done.stdout + done.stderr)[-12000:]
    assert done.returncode == 0, report
    assert " passed" in done.stdout and "skipped" not in done.stdout.splitlines()[-1], report


def test_two_devices_connect_and_play_over_a_data_channel():
    run_in_namespace(INNER)


def test_slow_scans_and_a_bad_network():
    """Replies taken minutes late, an invite opened late, replies that expire, an outage,
    and a game over a slow, lossy link (tests/e2e/slow_links_in_netns.py), in a namespace of
    their own: the bad network (tests/impair.py: netfilter's queue, since the kernel has no
    netem) needs ``iptables``, which .ci/run installs."""
    if shutil.which("iptables") is None:
        pytest.skip("`iptables` is not installed (Debian: iptables; .ci/run installs it): "
                    "tests/impair.py cannot make a bad network")
    run_in_namespace(SLOW)
