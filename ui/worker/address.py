"""The page address's query (``?seed=12&pace=instant``, or the ``vs=`` of a daily-deal link)
read into a dict, as the browser's ``URLSearchParams`` reads it.  Pure Python, and on the
worker's first answer: it does what ``urllib.parse.parse_qsl(..., keep_blank_values=True)``
does (tests/ui/test_host.py checks) without importing urllib, which Pyodide would compile
from source before that answer.
"""

from __future__ import annotations

import re

__all__ = ["query_params"]

_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def query_params(query: str) -> dict:
    """``"?seed=12&pace=instant"`` -> ``{"seed": "12", "pace": "instant"}``: names and values
    decoded (``_unquote_plus``), the first of repeated names kept, a leading ``?`` optional."""
    params = {}
    for pair in query.lstrip("?").split("&"):
        if pair:
            key, _equals, value = pair.partition("=")
            params.setdefault(_unquote_plus(key), _unquote_plus(value))
    return params


def _unquote_plus(text: str) -> str:
    """A query's ``+`` and ``%XX`` escapes decoded (runs of escapes as UTF-8, a broken one as
    "�"), as ``urllib.parse.unquote_plus`` does."""
    return _ESCAPES.sub(lambda run: bytes.fromhex(run.group().replace("%", "")).decode(
        "utf-8", "replace"), text.replace("+", " "))
