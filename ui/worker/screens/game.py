"""The game's screens by kind, and the celebration of a capture.

``render_screen(screen)`` draws a ``ui.worker.screen_data.Screen`` (a ``PlayerView`` of the screen's
seat, with names, seats and the local selection) as HTML, by its kind: the table
(ui/worker/screens/table.py), the pass screen between people (passing.py), a round's score
sheet and the game's results (scores.py).  ``render_flash`` draws the last capture's call-out.

What is drawn comes from the view of the screen's seat only (R20, R21).  The page has no rules
of its own: a clickable element carries either one of ``view.legal`` in ``data-action``
(``tweak.format_action``) or a command in ``data-ui`` (ui/worker/protocol.py:
``PAGE_COMMANDS``, ``WORKER_COMMANDS``); a move that is not legal now is a disabled button with
no action.  Keys: ``data-key`` (ui/worker/screens/parts.py).  Every word is English marked for
the catalogue (``ui.worker.i18n``), each sentence one message with named placeholders; the
engine's words come translated through ``ui.worker.story.WORDS``, and the seat named "You" is
spoken to ("Your turn").
"""

from __future__ import annotations

from ..i18n import _
from ..screen_data import Screen
from ..story import YOU
from .cards import tcard
from .parts import esc, shown
from .devices import render_lobby
from .passing import render_pass
from .scores import render_over, render_scores
from .table import render_table

__all__ = ["render_screen", "render_flash"]

# Screen.kind -> the function drawing that screen.
RENDERERS = {"table": render_table, "pass": render_pass, "scores": render_scores,
             "over": render_over, "lobby": render_lobby}


def render_screen(screen: Screen) -> str:
    """The HTML of ``screen``; ``KeyError`` for a kind with no renderer."""
    return RENDERERS[screen.kind](screen)


def render_flash(flash, names, big: bool = True) -> str:
    """The celebration of a capture: the called-out sum (R14), and for a TWEAK! a burst with
    the [T!] card won (R15).  ``big=False`` keeps it to a toast (over a score sheet)."""
    if flash is None:
        return ""
    who = esc(shown(names[flash.seat]))
    callout = f'<div class="callout"><b>{who}</b>: {esc(flash.callout)}</div>'
    if not flash.tweak or not big:
        tweak = ' <b class="tweak-word">TWEAK!</b>' if flash.tweak else ""
        return (f'<div class="toast" data-serial="{flash.serial}" role="status">{callout[:-6]}'
                f'{tweak}</div></div>')
    if flash.won is not None:
        wins = _("win {card}") if names[flash.seat] == YOU else _("wins {card}")
        won = f'<div class="won">{wins.format(card=tcard(flash.won))}</div>'
    else:
        won = '<div class="won">' + esc(_("The [T!] pile is empty.")) + '</div>'
    return (f'<div class="tweak-burst" data-serial="{flash.serial}" role="status">'
            f'<div class="burst-word">TWEAK!</div>{callout}{won}</div>')
