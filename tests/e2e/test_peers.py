"""Multi-device play in real browsers (tests/e2e/peers_in_netns.py, devices_in_netns.py), run
inside a private network namespace (tests/netns.py): a veth pair gives the browsers an
interface to gather a candidate on, and nothing they send leaves the namespace.  Skipped, saying why, where such a
namespace cannot be made (not root, unshare refused)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests import netns
from tools import ROOT, runtime

# The connections alone (peers.js driven directly), then whole games with Python running.
INNER = ("tests/e2e/peers_in_netns.py", "tests/e2e/devices_in_netns.py")
TIMEOUT_S = 900


def test_two_devices_connect_and_play_over_a_data_channel():
    problem = netns.namespace_problem()
    if problem:
        pytest.skip(problem)
    if runtime.runtime_problems(ROOT):
        pytest.fail("the runtime is not installed: " + "; ".join(runtime.runtime_problems(ROOT)))
    done = subprocess.run(netns.in_namespace([sys.executable, "-m", "pytest", *INNER, "-q",
                                              "-p", "no:cacheprovider", "--durations=5"]),
                          cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S)
    report = (done.stdout + done.stderr)[-12000:]
    assert done.returncode == 0, report
    assert " passed" in done.stdout and "skipped" not in done.stdout.splitlines()[-1], report
