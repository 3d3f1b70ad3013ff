"""HTML of single cards, drawn with CSS (ui/assets/style.css) and small inline SVG icons.

Every function returns an HTML string.  A card is a ``<button>`` when it is clickable (it then
carries ``data-ui`` or ``data-action``, given by the caller) and a ``<span>`` otherwise.

* ``face_card(face, rules)`` — a number card: its colour, the face value large (what sums use)
  and the points corner (R5: a red card shows double).
* ``back_card()`` — the black back of a number card (an opponent's hand).
* ``target_card(view)`` — the deck's top card as players see it: the black back with the
  Target Sum (R6, R11), or the blue 7 once the deck is empty (R7).
* ``tcard(kind)`` — a [T!] action card face up (R13), ``tcard_back()`` the [T!] pile.

A card's accessible name begins with what it shows ("3 red, 6 points": the big value, then the
colour and the corner's points), so a person who reads the screen and one who listens to it
name it alike.  A clickable card given a key (``data-key``, from the screen drawing it:
ui/worker/screens/parts.py) shows that key in a small badge, hidden from assistive technology,
which reads ``aria-keyshortcuts``.  Every word is in the current language
(``ui.worker.i18n``); ``COLOUR_WORDS`` and ``TCARD_SHORT`` hold the English words, translated
where they are shown.
"""

from __future__ import annotations

from tweak.cards import TKind

from ..i18n import COLOUR_WORDS, N_, _, ngettext
from ..markup import attrs, escape

__all__ = ["face_card", "face_label", "back_card", "target_card", "tcard", "tcard_back",
           "key_badge", "ICONS", "COLOUR_CLASSES", "COLOUR_WORDS", "TCARD_SHORT"]

COLOUR_CLASSES = ("c-red", "c-orange", "c-yellow", "c-green", "c-blue", "c-purple")
# Short names that fit on a small card; the full title (TKind.title) goes in the tooltip.
TCARD_SHORT = {
    TKind.THIEF: N_("Thief"),
    TKind.JOKER: N_("Joker ±1"),
    TKind.CHANGE: N_("Change Target"),
    TKind.BOMB: N_("Bomb"),
}

# 24×24 line icons, drawn with currentColor.
ICONS = {
    TKind.THIEF: (
        '<path d="M2.5 9.5c3-2.6 16-2.6 19 0-.4 4.2-3 6.3-5.6 6.3-1.9 0-3-1.3-3.9-2.6-.9 1.3-2 '
        '2.6-3.9 2.6-2.6 0-5.2-2.1-5.6-6.3z" fill="currentColor"/>'
        '<ellipse cx="8.3" cy="11.3" rx="2.1" ry="1.4" fill="var(--tcard-bg)"/>'
        '<ellipse cx="15.7" cy="11.3" rx="2.1" ry="1.4" fill="var(--tcard-bg)"/>'
    ),
    TKind.JOKER: (
        '<path d="M12 3v8M8 7h8M8 17.5h8" stroke="currentColor" stroke-width="2.6" '
        'stroke-linecap="round" fill="none"/>'
    ),
    TKind.CHANGE: (
        '<path d="M5 9a7 7 0 0 1 12.5-3.2M19 15a7 7 0 0 1-12.5 3.2" stroke="currentColor" '
        'stroke-width="2.2" fill="none" stroke-linecap="round"/>'
        '<path d="M18.8 2.5v4.3h-4.3M5.2 21.5v-4.3h4.3" stroke="currentColor" stroke-width="2.2" '
        'fill="none" stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    TKind.BOMB: (
        '<circle cx="10.5" cy="14" r="7" fill="currentColor"/>'
        '<path d="M15 9l2.5-2.5" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>'
        '<path d="M18.5 5.5l1.2-1.2M20.5 7.5h1.5M17 3.5V2" stroke="currentColor" '
        'stroke-width="1.6" stroke-linecap="round"/>'
        '<circle cx="8" cy="11.5" r="1.6" fill="var(--tcard-bg)" opacity=".55"/>'
    ),
}


def key_badge(key) -> str:
    """The key that clicks a control, as a small badge ("Enter" shows as ↵, "Escape" as Esc);
    hidden from assistive technology, which reads the control's ``aria-keyshortcuts``.  Arrows
    show as ← and →."""
    shown = {"Enter": "↵", "Escape": "Esc", "ArrowLeft": "←", "ArrowRight": "→"}.get(key, key)
    return f'<kbd class="key" aria-hidden="true">{escape(shown)}</kbd>'


def _element(inner: str, classes, extra, label: str, *, named_inside: bool = False) -> str:
    """A card element: a button when clickable, else an image.  ``named_inside``: the inner
    HTML already reads as ``label`` (visible and visually hidden words), so a button takes its
    name from it — the name is then exactly what the card shows, in order."""
    extra = dict(extra or {})
    clickable = any(key in extra for key in ("data-ui", "data-action"))
    tag = "button" if clickable or extra.get("disabled") else "span"
    if tag == "button":
        extra.setdefault("type", "button")
    else:
        extra.setdefault("role", "img")
    if tag == "span" or not named_inside:
        extra.setdefault("aria-label", label)
    if extra.get("data-key"):
        extra.setdefault("aria-keyshortcuts", extra["data-key"])
        inner += key_badge(extra["data-key"])
    return f'<{tag} class="{" ".join(classes)}"{attrs(extra)}>{inner}</{tag}>'


def face_card(face, rules, *, extra=None, classes=()) -> str:
    """A number card.  The big number is the face value used in sums; the corner shows the
    points it scores (R5: red doubles)."""
    points = rules.points(face)
    unit = ngettext("point", "points", points)
    colour = _(COLOUR_WORDS[face.colour])
    # Reads "3 red, 6 points" (face_label): the words between the numbers are for the ear.
    inner = (
        f'<span class="value">{face.value}</span>'
        f'<span class="visually-hidden"> {colour}, </span>'
        f'<span class="points" title="{points} {unit}">{points}</span>'
        f'<span class="visually-hidden"> {unit}</span>'
    )
    return _element(inner, ("card", "face", COLOUR_CLASSES[face.colour]) + tuple(classes),
                    extra, face_label(face, points), named_inside=True)


def face_label(face, points: int) -> str:
    """"3 red, 6 points": the value first, as the card shows it big."""
    unit = ngettext("point", "points", points)
    return f"{face.value} {_(COLOUR_WORDS[face.colour])}, {points} {unit}"


def back_card(*, classes=()) -> str:
    return _element('<span class="logo">T!</span>', ("card", "back") + tuple(classes), None,
                    _("a face-down card"))


def target_card(view) -> str:
    """The deck's top card as everyone sees it: its black back with the Target Sum (R6), or,
    with the deck empty, the blue card's 7 (R7).  A Joker's change shows as a badge (R13)."""
    shown = view.target - view.joker  # the number printed on the card
    badge = f'<span class="joker-badge">{view.joker:+d}</span>' if view.joker else ""
    label = escape(_("Target"))
    inner = f'<span class="label">{label}</span><span class="value">{shown}</span>{badge}'
    joker = _(" {joker} from the Joker: target {target}").format(
        joker=f"{view.joker:+d}", target=view.target) if view.joker else ""
    if view.deck_top is None:
        return _element(inner, ("card", "target", "blue7"), None,
                        _("Target {shown}, the blue card").format(shown=shown) + joker)
    return _element(inner, ("card", "target"), None,
                    _("Target {shown}").format(shown=shown) + joker)


def tcard(kind, *, extra=None, classes=(), used=False, why: str = "") -> str:
    """A [T!] card face up: icon and short name; used ones are dimmed by the stylesheet.
    ``why`` says why a held card cannot be played now; it joins the card's name."""
    kind = TKind(kind)
    name = escape(_(TCARD_SHORT[kind]))
    inner = (
        '<span class="tmark" aria-hidden="true">T!</span>'
        f'<svg class="ticon" viewBox="0 0 24 24" aria-hidden="true">{ICONS[kind]}</svg>'
        f'<span class="tname">{name}</span>'
    )
    extra = dict(extra or {})
    extra.setdefault("title", _("{title} (used)").format(title=_(kind.title)) if used
                     else _(kind.title))
    state = ("used",) if used else ()
    # "Thief [T!] card, not playable now: on your turn": the short name it shows, then words
    # for the ear (visually hidden), so a button's name begins with its visible text.
    rest = (_(" [T!] card") + (_(", used") if used else "")
            + (_(", not playable now: {why}").format(why=why) if why else ""))
    inner += f'<span class="visually-hidden">{escape(rest)}</span>'
    return _element(inner, ("card", "tcard", f"t-{kind.value}") + state + tuple(classes), extra,
                    _(TCARD_SHORT[kind]) + rest, named_inside=True)


def tcard_back(*, classes=()) -> str:
    return _element('<span class="tmark big">T!</span>', ("card", "tback") + tuple(classes),
                    None, _("the [T!] pile"))
