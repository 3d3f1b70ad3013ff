"""The baseline's Python: say it is ready, the way the game's page does."""

from pyscript import document

document.documentElement.dataset.python = "ready"
