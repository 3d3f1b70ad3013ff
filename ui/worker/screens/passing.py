"""The pass screen between people at one device: a ``ui.worker.screen_data.Screen`` of kind "pass"
→ HTML.  It names the seat the device goes to (``pass_to``) and why (its turn, or a Bomb's card
to give up in private), shows the last moves and "show my cards" (``reveal``); no hand is on
it at all (R20).
"""

from __future__ import annotations

from ..i18n import _
from ..markup import attrs
from ..screen_data import Screen
from .parts import KEYS, esc, keyed, menu_button, shown

__all__ = ["render_pass"]


def render_pass(screen: Screen) -> str:
    """The pass screen of ``screen`` (kind "pass")."""
    name = esc(shown(screen.names[screen.pass_to]))
    if screen.pass_reason == "bomb":
        why = _("The Bomb: choose a card to give up, in private.")
    else:
        why = _("It is your turn.")
    recent = "".join(f'<li class="log-{line.kind}">{esc(line.text)}</li>'
                     for line in list(screen.log)[-5:][::-1])
    heading = _('Pass the device to <span class="who">{name}</span>').format(name=name)
    reveal = _("I am {name} — show my cards").format(name=name)
    return (
        f'<div class="screen pass-screen" data-screen="pass" data-pass-to="{screen.pass_to}">'
        '<div class="pass-card">'
        '<span class="brand">TWEAK<span class="bang">!</span></span>'
        f'<h1>{heading}</h1>'
        f'<p class="why">{esc(why)}</p>'
        f'<button type="button" class="btn primary big" data-ui="reveal"'
        f'{attrs(keyed(KEYS["reveal"]))} autofocus>{reveal}</button>'
        f'<ol class="recent">{recent}</ol>'
        f'{menu_button()}'
        '</div></div>'
    )
