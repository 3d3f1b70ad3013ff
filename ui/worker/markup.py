"""HTML text helpers, free of imports so the start screen can use them before the engine
loads: ``escape`` (``html.escape`` without importing ``html``, whose entity tables cost
start-up time in the browser) and ``attrs`` (a dict → escaped HTML attributes).
"""

from __future__ import annotations

__all__ = ["escape", "attrs"]

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """``html.escape`` without importing ``html``, whose entity tables cost start-up time in
    the browser."""
    return text.translate(_ESCAPES)


def attrs(values) -> str:
    """``{"data-ui": "hand:R3", "disabled": True}`` → ` data-ui="hand:R3" disabled` (escaped;
    False/None values are left out)."""
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        parts.append(f" {key}" if value is True else f' {key}="{escape(str(value))}"')
    return "".join(parts)
