"""Python ready on a phone-class device, first visit and later visit, with and without the
worker's snapshot (tools/snapshot.py), against the minimal PyScript worker page.

    nice -n 10 python3 tests/bench/bench_phone.py [--runs 3] [--cpu cdp,device] [--out FILE]

Each run loads, one after the other: the minimal worker page (tests/bench/minimal/worker.html:
a named Pyodide worker answering one call, MicroPython on the main thread; served from the
repository, HTTP cache only), the game's built site without python.snapshot, and the same site
with it (``build.build_site`` into temporary directories, served by ``devserver``).  Each page
gets a fresh persistent profile: a **first visit** (nothing cached; then, for the game, until
its service worker controls the page, as after a player's first game), then a **later visit**
(a new page in the same profile: caches and service worker warm).  Figures are Python ready,
``<html data-python="ready">``, in seconds from navigation, at 390x844, over the emulated
network of a phone on 4G (Chromium's ``Network.emulateNetworkConditions``: 150 ms round trip,
1.6 MB/s down, 0.75 MB/s up).  The CPU of a mid-range phone, two ways (``--cpu``):

* ``cdp``: Chromium's own phone emulation, ``Emulation.setCPUThrottlingRate {rate: 4}``.
  Chromium applies it to the page's main thread only: it refuses it for a worker ("only
  supported for pages"), so the game's Python runs at this machine's speed there;
* ``device``: the whole browser in a Linux cgroup with a quarter of one core
  (``cpu.cfs_quota_us`` / ``cpu.cfs_period_us``), so the worker is four times slower too, and
  the main thread shares that quarter with it (needs root and the cgroup v1 cpu controller;
  skipped, saying why, elsewhere).

Goals (issue text): a later visit within 3 s and a first within 8 s at phone class, both
sooner than the minimal page.  Figures, not a test: the machine is shared (the load average
is printed).  Results: tests/bench/results/phone.txt.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import build, devserver  # noqa: E402

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 390, "height": 844}
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6,
           "uploadThroughput": 0.75e6}
CPU_RATE = 4
CGROUP = Path("/sys/fs/cgroup/cpu/tweak-bench-phone")
CGROUP_PERIOD_US = 20_000  # short periods: the quota's stalls stay short
TIMEOUT_MS = 180_000
POLL_MS = 100
PAGES = ("minimal", "game without snapshot", "game with snapshot")

# Installed before the page's scripts: when Python says it is ready, and the worker's console
# line about its start (ui/worker/interpreter.mjs) as seen by the page.
RECORDER = """
(() => {
  window.__ready = undefined;
  new MutationObserver(() => {
    const root = document.documentElement;
    if (window.__ready === undefined && root && root.dataset.python === "ready") {
      window.__ready = performance.now();
    }
  }).observe(document, { attributes: true, childList: true, subtree: true });
})();
"""


class DeviceCpu:
    """The browser's processes in a cgroup holding them to ``share`` of one core."""

    def __init__(self, share: float):
        self.share = share

    def available(self) -> str:
        """"" when the cgroup can be made, else why not."""
        if os.geteuid() != 0:
            return "not root"
        if not CGROUP.parent.is_dir():
            return f"no cgroup v1 cpu controller at {CGROUP.parent}"
        return ""

    def __enter__(self):
        CGROUP.mkdir(exist_ok=True)
        (CGROUP / "cpu.cfs_period_us").write_text(str(CGROUP_PERIOD_US))
        (CGROUP / "cpu.cfs_quota_us").write_text(str(int(CGROUP_PERIOD_US * self.share)))
        return self

    def hold(self, ancestor: int) -> int:
        """Move every process descended from ``ancestor`` whose name is Chromium's into the
        cgroup (its later renderers are forked by those, so they follow); return how many."""
        children = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    children.setdefault(int(fields[1]), []).append(int(entry.name))
                except (OSError, IndexError, ValueError):
                    continue
        moved, stack = 0, list(children.get(ancestor, []))
        while stack:
            pid = stack.pop()
            stack.extend(children.get(pid, []))
            try:
                name = Path(f"/proc/{pid}/comm").read_text().strip()
                if "chrom" in name:
                    (CGROUP / "cgroup.procs").write_text(str(pid))
                    moved += 1
            except OSError:
                continue
        return moved

    def __exit__(self, *exc):
        root = CGROUP.parent / "cgroup.procs"
        for pid in (CGROUP / "cgroup.procs").read_text().split():
            try:
                root.write_text(pid)
            except OSError:
                pass
        try:
            CGROUP.rmdir()
        except OSError:
            pass


def launch_options() -> dict:
    launch = {"args": FLAGS, "viewport": VIEWPORT, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 3}
    if SYSTEM_CHROMIUM.exists():
        launch["executable_path"] = str(SYSTEM_CHROMIUM)
    return launch


def open_ready(context, url: str, cpu: str) -> tuple:
    """Open ``url`` in a new page of ``context`` as a phone: ``(page, seconds until Python is
    ready, whether the worker said it was restored from its snapshot)``."""
    page = context.new_page()
    said = []
    page.on("console", lambda message: said.append(message.text))
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", NETWORK)
    if cpu == "cdp":
        session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_RATE})
    page.add_init_script(RECORDER)
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__ready !== undefined", timeout=TIMEOUT_MS, polling=POLL_MS)
    ready = page.evaluate("window.__ready") / 1000
    return page, ready, any("restored from python.snapshot" in text for text in said)


def visits(playwright, url: str, cpu: str, game: bool, device) -> dict:
    """A first and a later visit of ``url`` in a fresh persistent profile."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, **launch_options())
        if device is not None:
            device.hold(os.getpid())
        try:
            page, first, _ = open_ready(context, url, cpu)
            if game:  # the service worker takes the site in, as during a first game
                page.wait_for_function("navigator.serviceWorker.controller?.state === "
                                       "'activated'", timeout=TIMEOUT_MS, polling=POLL_MS)
            page.close()
            page, later, restored = open_ready(context, url, cpu)
            page.close()
        finally:
            context.close()
    return {"first": first, "later": later, "restored": restored}


def measure(runs: int, cpus: list) -> dict:
    from playwright.sync_api import sync_playwright

    results = {}
    with tempfile.TemporaryDirectory() as scratch:
        sites = {}
        for name, with_snapshot in (("game without snapshot", False),
                                    ("game with snapshot", True)):
            site = Path(scratch) / name.replace(" ", "-")
            build.build_site(site, ROOT, with_snapshot=with_snapshot)
            sites[name] = site
        servers = {"minimal": devserver.start_server(ROOT)}
        for name, site in sites.items():
            servers[name] = devserver.start_server(site)
        urls = {"minimal": servers["minimal"][1] + "tests/bench/minimal/worker.html",
                **{name: servers[name][1] for name in sites}}
        try:
            with sync_playwright() as playwright:
                for cpu in cpus:
                    device = DeviceCpu(1 / CPU_RATE) if cpu == "device" else None
                    if device is not None and device.available():
                        results[cpu] = device.available()
                        continue
                    figures = {name: [] for name in PAGES}
                    if device is not None:
                        device.__enter__()
                    try:
                        for run in range(runs):
                            for name in PAGES:
                                figure = visits(playwright, urls[name], cpu,
                                                name != "minimal", device)
                                figures[name].append(figure)
                                print(f"  {cpu:6} run {run + 1} {name:22} first "
                                      f"{figure['first']:5.1f} s  later {figure['later']:5.1f} s"
                                      f"{'  (restored)' if figure['restored'] else ''}",
                                      flush=True)
                    finally:
                        if device is not None:
                            device.__exit__(None, None, None)
                    results[cpu] = figures
        finally:
            for server, _ in servers.values():
                server.shutdown()
                server.server_close()
    return results


def report(results: dict, runs: int, load: tuple) -> str:
    lines = [f"bench_phone: {runs} run(s); 390x844; network 150 ms RTT, 1.6 MB/s down, "
             "0.75 MB/s up; Python ready in seconds from navigation (median, min-max)",
             f"machine: {os.cpu_count()} cores, load average {load[0]:.1f} at the start, "
             f"{os.getloadavg()[0]:.1f} at the end", ""]
    for cpu, figures in results.items():
        title = {"cdp": "Chromium's CPU throttle x4 (main thread only)",
                 "device": "the whole browser on a quarter of one core"}[cpu]
        if isinstance(figures, str):
            lines.append(f"{title}: skipped ({figures})")
            continue
        lines.append(f"{title}:")
        lines.append(f"  {'page':24} {'first visit':>20} {'later visit':>20}")
        for name in PAGES:
            cells = []
            for visit in ("first", "later"):
                values = [figure[visit] for figure in figures[name]]
                cells.append(f"{statistics.median(values):5.1f} ({min(values):.1f}-"
                             f"{max(values):.1f})")
            lines.append(f"  {name:24} {cells[0]:>20} {cells[1]:>20}")
        lines.append("")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="visits of each page per CPU mode")
    parser.add_argument("--cpu", default="cdp,device",
                        help="comma-separated CPU emulations: cdp, device")
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    args = parser.parse_args(argv)
    load = os.getloadavg()
    started = time.time()
    results = measure(args.runs, [cpu for cpu in args.cpu.split(",") if cpu])
    text = report(results, args.runs, load) + f"\n({time.time() - started:.0f} s in all)\n"
    print("\n" + text)
    if args.out:
        args.out.write_text(f"$ python3 tests/bench/bench_phone.py {' '.join(argv or sys.argv[1:])}"
                            f"\n{text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
