"""The in-app "How to play" page: the rules as this game implements them (docs/rules.md).

``SHEET`` is the printed rule sheet told briefly, section by section; ``RULINGS`` the rulings
where the sheet is silent, each with its number (R1–R21), which is kept in the item's
``data-ruling`` attribute for the code and the tests, never in the words a player reads.  Each
paragraph or list item is one marked message, its markup (``<b>``) and named placeholders kept
by the translators; the placeholders are filled in from the rule sets (``_values``: card counts,
points, the target backs), never written here, and the goals per number of players (R19) are
a table read from every edition's ``Rules``.

``render_rules(editions, current=None)`` returns the page's HTML in the current language
(``ui.worker.i18n``); ``editions`` maps an edition name to its ``Rules`` (``tweak.EDITIONS``),
``current`` is the rule set of the game in play (its goals get their own column when they
differ, e.g. a house rule, R3).
"""

from __future__ import annotations

from tweak.cards import Face, TKind
from tweak.rules import MAX_PLAYERS, MIN_PLAYERS

from ..i18n import N_, _, ngettext
from ..markup import escape
from .cards import face_card, tcard

__all__ = ["render_rules"]

# Words the engine writes in English, marked for the catalogue and translated where shown:
# the editions' names (tweak.EDITIONS) and the [T!] cards' titles (TKind.title).
EDITION_NAMES = {"classic": N_("Classic"), "compact": N_("Compact")}
TCARD_TITLES = (N_("The Thief"), N_("The Joker (±1)"), N_("Change Target"), N_("The Bomb"))

# The printed sheet's sections, each a tuple of blocks: (kind, content).  Kinds: "h2" and "p"
# (content: a message; "p.CLASS" gives the paragraph a class), "ul" and "ol" (content: items,
# each a message or (message, items of a nested list)), "tcards" (content: each [T!] card's
# action), "goals" (the goals table) and "rulings" (``RULINGS``).
SHEET = (
    (("p.lede", N_("Make the <b>Target Sum</b> with one card from your hand and cards on the "
                   "table. Win the cards you add up; clear the whole table to make a "
                   "<b>TWEAK!</b> and win an action card. 2–6 players, about 20 minutes.")),),
    (("h2", N_("The cards")),
     ("ul", (N_("<b>Number cards</b> in six colours — red, orange, yellow, green, blue, purple "
                "— each colour 1, 1, 2, 2, 3, 3, 4, 5, 6. The big number is used for sums."),
             N_("Each number card has a <b>black back showing {low}–{high}</b>: the back of "
                "the deck's top card is the Target Sum."),
             N_("<b>[T!] cards</b> {icons} are shuffled into their own face-down pile "
                "(Classic: {classic_tcards})."),
             N_("A <b>blue {final}</b> lies under the deck: when the deck runs out, the target "
                "is {final}.")))),
    (("h2", N_("Set-up")),
     ("p", N_("The dealer changes every round (the next seat in play order). Each player gets "
              "{hand} cards, {refill} cards go face up to the table, the rest form the deck on "
              "top of the blue card."))),
    (("h2", N_("Your turn")),
     ("ol", (N_("<b>Optionally, one [T!] card</b> you won earlier in the round, before your "
                "hand card."),
             (N_("<b>Play one hand card</b> — you must:"),
              (N_("<b>Capture</b>: your card plus one or more table cards adding up exactly to "
                  "the target. Call out the sum (“{example}”) — the game shows it. You win "
                  "those cards."),
               N_("or <b>Place</b> it face up on the table. A sum you leave is lost: nobody "
                  "else may claim it."))),
             N_("<b>TWEAK!</b> If your capture takes every card on the table, you win the top "
                "[T!] card, face up, to play on a later turn."),
             N_("<b>Refill</b>: draw up to {hand} cards; if the table is empty, {refill} cards "
                "go to it. The hand is served first, then the table, as far as the deck "
                "goes.")))),
    (("h2", N_("[T!] cards")),
     ("tcards", ((TKind.THIEF, N_("Pick an opponent: a random card of their hand goes face up "
                                  "to the table.")),
                 (TKind.JOKER, N_("The target changes by +1 or −1 for this turn.")),
                 (TKind.CHANGE, N_("The deck's top card goes to the table as a playable card; "
                                   "the next card's back is the new target.")),
                 (TKind.BOMB, N_("Every other player with cards chooses one card of their hand "
                                 "and puts it on the table."))))),
    (("h2", N_("End of a round and of the game")),
     ("p", N_("The round ends when the deck is empty and every hand has been played out. Cards "
              "left on the table score nothing. Each player scores the points of the cards "
              "they won (the corner number) and of their [T!] cards. The game ends after a "
              "round in which someone's total reaches the goal for the number of players; the "
              "highest total wins.")),
     ("goals", None)),
    (("h2", N_("Table rules where the printed sheet is silent")),
     ("p.muted", N_("The printed sheet leaves these open; this game plays them so.")),
     ("rulings", None)),
)

# The rulings the page tells (docs/rules.md): (ruling, message).
RULINGS = (
    ("R1", N_("<b>Classic edition</b> (default): 54 number cards, {classic_tcards}, the blue 7. "
              "All colours are used for any number of players.")),
    ("R2", N_("<b>Compact edition.</b> The later printing: {tcards} [T!] cards, and fewer "
              "colours for fewer players ({counts}). Red is always in; the colours dropped are "
              "the last of red, orange, yellow, green, blue, purple.")),
    ("R5", N_("<b>Points.</b> A number card scores its face value; a <b>red</b> card scores "
              "<b>{red}×</b> its value (the corner shows it). Each [T!] card won in a round "
              "scores <b>{tpoints}</b>, used or not.")),
    ("R6", N_("<b>Target backs</b> are printed on the cards ({low} to {high}), not random: a "
              "back never tells you the face.")),
    ("R8", N_("<b>Seats.</b> Play passes to the next seat; the first dealer is drawn at random, "
              "then the deal passes on; the seat after the dealer plays first.")),
    ("R10", N_("<b>Empty hand.</b> A player robbed of every card loses the turn: they refill "
               "to {hand} and play passes.")),
    ("R12", N_("<b>One [T!] card per turn</b>, before the hand card, and only with a card in "
               "hand. A card won this turn is playable from the next turn on.")),
    ("R13", N_("<b>The Thief</b> steals uniformly at random. <b>The Bomb</b>: victims choose "
               "their card in seat order, each in private. The Thief and The Bomb need an "
               "opponent with cards; Change Target needs a card in the deck.")),
    ("R15", N_("<b>An empty [T!] pile.</b> A TWEAK! with an empty [T!] pile still counts as a "
               "TWEAK!, but wins no card.")),
    ("R16", N_("<b>Refilling.</b> Only the player whose turn it was refills; a robbed player "
               "refills at the end of their own next turn.")),
    ("R17", N_("<b>[T!] cards go back.</b> At the end of a round every [T!] card goes back to "
               "its pile: unused ones are not carried over.")),
    ("R19", N_("<b>Goals</b> (table above) were set by simulation so that a game lasts about "
               "three rounds; tied leaders share the win.")),
    ("R20-R21", N_("<b>Who sees what.</b> Everyone sees the table, the target, the deck size, "
                   "every hand's size, the cards each player has captured and the face-up [T!] "
                   "cards; only you see your hand.")),
)
# The rulings that tell of one edition, told when that edition is on the page (the others are
# the classic rule set's).
EDITION_RULINGS = {"R2": "compact"}


def render_rules(editions, current=None) -> str:
    """The page's HTML: ``SHEET``'s sections, blank-line separated, between the heading with
    the language select and the foot, each with a Back button (``close-rules``)."""
    page = {"values": _values(editions), "editions": editions, "current": current}
    sections = "\n\n".join("\n".join(_block(block, page) for block in section)
                            for section in SHEET)
    title, back = _("How to play TWEAK!"), escape(_("Back"))
    return (
        '\n<div class="screen rules-screen" data-screen="rules">\n<article class="rules">\n'
        f'<header class="rules-head"><h1>{title}</h1>\n'
        '<button type="button" class="btn primary" data-ui="close-rules" id="close-rules">'
        f'{back}</button>\n</header>\n{_language_switch()}\n\n{sections}\n'
        '<p class="rules-foot"><button type="button" class="btn primary" data-ui="close-rules">'
        f'{back}</button></p>\n</article>\n</div>'
    )


def _values(editions) -> dict:
    """What the messages' placeholders are filled in with: numbers of the classic rule set,
    the compact edition's counts (when it is on the page), the [T!] cards' icons, and the rule
    sheet's example of a called-out sum (R14)."""
    from ..story import callout

    classic = editions["classic"]
    values = dict(red=classic.red_multiplier, tpoints=classic.tcard_points,
                  hand=classic.hand_size, refill=classic.table_refill,
                  low=classic.target_cycle[0], high=classic.target_cycle[-1],
                  final=classic.final_target, classic_tcards=_tcard_counts(classic),
                  icons="".join(tcard(kind, classes=("mini",)) for kind in TKind),
                  example=escape(callout([1, 3, 5])))
    compact = editions.get("compact")
    if compact is not None:
        colours = dict(zip(range(MIN_PLAYERS, MAX_PLAYERS + 1), compact.colours_by_players))
        values.update(tcards=_tcard_counts(compact), counts=", ".join(
            ngettext("{players} players: {n} colour", "{players} players: {n} colours",
                     n).format(players=players, n=n) for players, n in colours.items()))
    return values


def _tcard_counts(rules) -> str:
    """"5 The Thief, 5 The Joker (±1), ...": how many of each [T!] card a rule set has."""
    each = _("{count} {title}")
    return ", ".join(each.format(count=count, title=_(kind.title))
                     for kind, count in zip(TKind, rules.tcard_counts))


def _block(block, page: dict) -> str:
    """One block of ``SHEET`` (``kind``, ``content``), drawn by its kind's function."""
    kind, content = block
    tag, _dot, css = kind.partition(".")
    return BLOCKS[tag](content, css, page)


def _text(message: str, page: dict) -> str:
    """A message of the page in the current language, its placeholders filled in."""
    return _(message).format(**page["values"])


def _paragraph(message: str, css: str, page: dict) -> str:
    """A paragraph of one message, with the class ``css`` if it is not empty."""
    opening = f'<p class="{css}">' if css else "<p>"
    return f"{opening}{_text(message, page)}</p>"


def _list(tag: str, items, page: dict, indent: str = "") -> str:
    """A list of ``items``, each a message or (message, the items of a nested list)."""
    lines = []
    for item in items:
        message, nested = (item, ()) if isinstance(item, str) else item
        inner = "\n" + _list("ul", nested, page, indent + " ") if nested else ""
        lines.append(f"{indent}<li>{_text(message, page)}{inner}</li>")
    return f"{indent}<{tag}>\n" + "\n".join(lines) + f"\n{indent}</{tag}>"


def _tcard_rules(actions, css: str, page: dict) -> str:
    """Each [T!] card, its icon and title, and what it does (R13)."""
    rows = "\n".join(f'<dt>{tcard(kind, classes=("mini",))} {_(kind.title)}</dt>'
                     f'<dd>{_text(message, page)}</dd>' for kind, message in actions)
    return f'<dl class="tcard-rules">\n{rows}\n</dl>'


def _goals_table(_content, css: str, page: dict) -> str:
    """The goal for each number of players (R19) in each edition, and in the game in play
    when its goals differ from every edition's."""
    columns = [(_edition(name), rules) for name, rules in page["editions"].items()]
    current = page["current"]
    if current is not None and all(current.goals != rules.goals for _name, rules in columns):
        columns.append((_("This game"), current))
    head = "".join(f"<th scope=col>{escape(title)}</th>" for title, _rules in columns)
    rows = "".join(
        "<tr><th scope=row>"
        + escape(ngettext("{n} player", "{n} players", players).format(n=players)) + "</th>"
        + "".join(f"<td>{rules.goal(players)}</td>" for _rules, rules in columns)
        + "</tr>"
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    )
    goal = escape(_("Goal"))
    return (f'<div class="table-wrap"><table class="scores goals" id="goals-table"><thead><tr>'
            f'<th scope=col>{goal}</th>{head}</tr></thead><tbody>{rows}</tbody>'
            f'</table></div>')


def _rulings(_content, css: str, page: dict) -> str:
    """``RULINGS`` told on this page, each item naming its ruling in ``data-ruling`` only."""
    items = []
    for ruling, message in RULINGS:
        if EDITION_RULINGS.get(ruling, "classic") not in page["editions"]:
            continue
        example = EXAMPLES.get(ruling)
        more = "\n" + example(page["editions"]["classic"]) if example else ""
        items.append(f"<li data-ruling={ruling}>{_text(message, page)}{more}</li>")
    items = "\n".join(items)
    return f'<ul class="rulings">\n{items}\n</ul>'


def _points_example(rules) -> str:
    """Two cards of ``rules`` showing their points (R5)."""
    cards = face_card(Face.parse("R3"), rules) + face_card(Face.parse("B3"), rules)
    said = _("A red 3 and a blue 3: both count 3 in a sum; the corner shows the points they "
             "score.")
    return f'<span class="example">{cards}<small>{said}</small></span>'


def _edition(name: str) -> str:
    """An edition's name in the current language."""
    return _(EDITION_NAMES.get(name, name.title()))


def _language_switch() -> str:
    """The language select (ui/main_thread/lang.js fills its options: one per catalogue)."""
    label = escape(_("Language"))
    return (f'<p class="language"><label for="rules-language">{label}</label>'
            f'<select id="rules-language" data-languages></select></p>')


# What follows a ruling's words in its item: an example drawn from the classic rule set.
EXAMPLES = {"R5": _points_example}

# SHEET's block kinds -> the function drawing a block: (content, css class, page) -> HTML.
BLOCKS = {
    "h2": lambda message, css, page: f"<h2>{_text(message, page)}</h2>",
    "p": _paragraph,
    "ul": lambda items, css, page: _list("ul", items, page),
    "ol": lambda items, css, page: _list("ol", items, page),
    "tcards": _tcard_rules,
    "goals": _goals_table,
    "rulings": _rulings,
}
