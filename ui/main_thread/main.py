"""The main thread's first Python: index.html's ``<script type="mpy">``.

PyScript starts MicroPython in one main-thread task of its own (its bootstrap writes and imports
the ``pyscript`` package); compiling and running page.py in that same task would make it longer
still, and a long task makes a tap on the start screen feel late.  So this script first lets the
browser take its turn (a timer, not a microtask: input and frames run in between), then imports
page.py and starts it (docs/architecture.md, "Start-up").
"""

import asyncio

await asyncio.sleep(0.001)  # noqa: F704 — PyScript runs this script with top-level await

import page  # noqa: E402 — after the pause, by design

await page.main()  # noqa: F704
