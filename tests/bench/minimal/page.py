"""The worker baseline's main thread (MicroPython): call the worker once, then say ready, the
way the game's page does."""

from pyscript import document, workers


async def main():
    worker = await workers["baseline"]
    await worker.hello()
    document.documentElement.dataset.python = "ready"


await main()
