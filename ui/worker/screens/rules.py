"""The in-app "How to play" page: the rules as this game implements them.

It has two parts: the printed rule sheet's rules (seed/tweak-rules-en.txt), told briefly, and
the rulings the project made where the sheet is silent (RULES.md R1–R21), shown as "table rules
where the printed sheet is silent" in plain words: a ruling's number is for the code and the
tests, so it is kept in each item's ``data-ruling`` attribute, never in the text a player reads.  Numbers that a rule set configures — card counts, points,
the goals per number of players (R19) — are read from the ``Rules`` objects, never written
here, because the goals are calibrated by simulation and may change.

``render_rules(editions, current=None)`` returns the page's HTML; ``editions`` maps an edition
name to its ``Rules`` (``tweak.EDITIONS``), ``current`` is the rule set of the game in play (its
goals get their own column when they differ, e.g. a house rule, R3).

The page is in the current language (``ui.worker.i18n``): each paragraph or list item is one message,
its markup (``<b>``) and named placeholders (``{hand}``) kept by the translators, so a
translation can order its words freely.  The Spanish catalogue is a translation of the printed
rule sheet as told here, in the words of Spanish card games (mano, mesa, mazo, robar).
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


def _edition(name: str) -> str:
    return _(EDITION_NAMES.get(name, name.title()))


def _language_switch() -> str:
    """The language select (ui/main_thread/lang.js fills its options: one per catalogue)."""
    label = escape(_("Language"))
    return (f'<p class="language"><label for="rules-language">{label}</label>'
            f'<select id="rules-language" data-languages></select></p>')


def _goals_table(editions, current) -> str:
    columns = [(_edition(name), rules) for name, rules in editions.items()]
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


def _tcard_counts(rules) -> str:
    """"5 The Thief, 5 The Joker (±1), ...": how many of each [T!] card a rule set has."""
    each = _("{count} {title}")
    return ", ".join(each.format(count=count, title=_(kind.title))
                     for kind, count in zip(TKind, rules.tcard_counts))


def render_rules(editions, current=None) -> str:
    classic = editions["classic"]
    compact = editions.get("compact")
    numbers = dict(red=classic.red_multiplier, tpoints=classic.tcard_points,
                   hand=classic.hand_size, refill=classic.table_refill,
                   low=classic.target_cycle[0], high=classic.target_cycle[-1],
                   final=classic.final_target, classic_tcards=_tcard_counts(classic))

    def filled(message: str, **values) -> str:
        """A message of the page in the current language, its numbers filled in."""
        return _(message).format(**{**numbers, **values})

    compact_line = ""
    if compact is not None:
        counts = ", ".join(
            ngettext("{players} players: {n} colour", "{players} players: {n} colours",
                     compact.colours_by_players[players - MIN_PLAYERS]).format(
                players=players, n=compact.colours_by_players[players - MIN_PLAYERS])
            for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        )
        compact_line = "<li data-ruling=R2>" + filled(
            "<b>Compact edition.</b> The later printing: {tcards} [T!] cards, and fewer colours "
            "for fewer players ({counts}). Red is always in; the colours dropped are the last of "
            "red, orange, yellow, green, blue, purple.",
            tcards=_tcard_counts(compact), counts=counts) + "</li>"
    icons = "".join(tcard(kind, classes=("mini",)) for kind in TKind)
    mini = {kind: tcard(kind, classes=("mini",)) for kind in TKind}
    example = (face_card(Face.parse("R3"), classic) + face_card(Face.parse("B3"), classic)
               + "<small>" + filled("A red 3 and a blue 3: both count 3 in a sum; the corner "
                                 "shows the points they score.") + "</small>")
    back = escape(_("Back"))
    return "".join([
        '\n<div class="screen rules-screen" data-screen="rules">\n<article class="rules">\n'
        '<header class="rules-head"><h1>',
        filled("How to play TWEAK!"),
        '</h1>\n<button type="button" class="btn primary" data-ui="close-rules" id="close-rules">',
        back,
        '</button>\n</header>\n',
        _language_switch(),
        '\n\n<p class="lede">',
        filled("Make the <b>Target Sum</b> with one card from your hand and cards on the table. Win "
            "the cards you add up; clear the whole table to make a <b>TWEAK!</b> and win an "
            "action card. 2–6 players, about 20 minutes."),
        '</p>\n\n<h2>',
        filled("The cards"),
        '</h2>\n<ul>\n<li>',
        filled("<b>Number cards</b> in six colours — red, orange, yellow, green, blue, purple — each"
            " colour 1, 1, 2, 2, 3, 3, 4, 5, 6. The big number is used for sums."),
        '</li>\n<li>',
        filled("Each number card has a <b>black back showing {low}–{high}</b>: the back of the "
            "deck's top card is the Target Sum."),
        '</li>\n<li>',
        filled("<b>[T!] cards</b> {icons} are shuffled into their own face-down pile (Classic: "
            "{classic_tcards}).", icons=icons),
        '</li>\n<li>',
        filled("A <b>blue {final}</b> lies under the deck: when the deck runs out, the target is "
            "{final}."),
        '</li>\n</ul>\n\n<h2>',
        filled("Set-up"),
        '</h2>\n<p>',
        filled("The dealer changes every round (the next seat in play order). Each player gets "
            "{hand} cards, {refill} cards go face up to the table, the rest form the deck on top "
            "of the blue card."),
        '</p>\n\n<h2>',
        filled("Your turn"),
        '</h2>\n<ol>\n<li>',
        filled("<b>Optionally, one [T!] card</b> you won earlier in the round, before your hand "
            "card."),
        '</li>\n<li>',
        filled("<b>Play one hand card</b> — you must:"),
        '\n <ul>\n <li>',
        filled("<b>Capture</b>: your card plus one or more table cards adding up exactly to the "
            "target. Call out the sum (“{example}”) — the game shows it. You win those cards.",
            example=escape(callout_example())),
        '</li>\n <li>',
        filled("or <b>Place</b> it face up on the table. A sum you leave is lost: nobody else may "
            "claim it."),
        '</li>\n </ul></li>\n<li>',
        filled("<b>TWEAK!</b> If your capture takes every card on the table, you win the top [T!] "
            "card, face up, to play on a later turn."),
        '</li>\n<li>',
        filled("<b>Refill</b>: draw up to {hand} cards; if the table is empty, {refill} cards go to "
            "it. The hand is served first, then the table, as far as the deck goes."),
        '</li>\n</ol>\n\n<h2>',
        filled("[T!] cards"),
        '</h2>\n<dl class="tcard-rules">\n<dt>',
        mini[TKind.THIEF],
        ' ',
        filled("The Thief"),
        '</dt><dd>',
        filled("Pick an opponent: a random card of their hand goes face up to the table."),
        '</dd>\n<dt>',
        mini[TKind.JOKER],
        ' ',
        filled("The Joker (±1)"),
        '</dt><dd>',
        filled("The target changes by +1 or −1 for this turn."),
        '</dd>\n<dt>',
        mini[TKind.CHANGE],
        ' ',
        filled("Change Target"),
        '</dt><dd>',
        filled("The deck's top card goes to the table as a playable card; the next card's back is "
            "the new target."),
        '</dd>\n<dt>',
        mini[TKind.BOMB],
        ' ',
        filled("The Bomb"),
        '</dt><dd>',
        filled("Every other player with cards chooses one card of their hand and puts it on the "
            "table."),
        '</dd>\n</dl>\n\n<h2>',
        filled("End of a round and of the game"),
        '</h2>\n<p>',
        filled("The round ends when the deck is empty and every hand has been played out. Cards left"
            " on the table score nothing. Each player scores the points of the cards they won "
            "(the corner number) and of their [T!] cards. The game ends after a round in which "
            "someone's total reaches the goal for the number of players; the highest total wins."),
        '</p>\n',
        _goals_table(editions, current),
        '\n\n<h2>',
        filled("Table rules where the printed sheet is silent"),
        '</h2>\n<p class="muted">',
        filled("The printed sheet leaves these open; this game plays them so."),
        '</p>\n<ul class="rulings">\n<li data-ruling=R1>',
        filled("<b>Classic edition</b> (default): 54 number cards, {classic_tcards}, the blue 7. All"
            " colours are used for any number of players."),
        '</li>\n',
        compact_line,
        '\n<li data-ruling=R5>',
        filled("<b>Points.</b> A number card scores its face value; a <b>red</b> card scores "
            "<b>{red}×</b> its value (the corner shows it). Each [T!] card won in a round scores "
            "<b>{tpoints}</b>, used or not."),
        '\n<span class="example">',
        example,
        '</span></li>\n<li data-ruling=R6>',
        filled("<b>Target backs</b> are printed on the cards ({low} to {high}), not random: a back "
            "never tells you the face."),
        '</li>\n<li data-ruling=R8>',
        filled("<b>Seats.</b> Play passes to the next seat; the first dealer is drawn at random, "
            "then the deal passes on; the seat after the dealer plays first."),
        '</li>\n<li data-ruling=R10>',
        filled("<b>Empty hand.</b> A player robbed of every card loses the turn: they refill to "
            "{hand} and play passes."),
        '</li>\n<li data-ruling=R12>',
        filled("<b>One [T!] card per turn</b>, before the hand card, and only with a card in hand. A"
            " card won this turn is playable from the next turn on."),
        '</li>\n<li data-ruling=R13>',
        filled("<b>The Thief</b> steals uniformly at random. <b>The Bomb</b>: victims choose their "
            "card in seat order, each in private. The Thief and The Bomb need an opponent with "
            "cards; Change Target needs a card in the deck."),
        '</li>\n<li data-ruling=R15>',
        filled("<b>An empty [T!] pile.</b> A TWEAK! with an empty [T!] pile still counts as a "
            "TWEAK!, but wins no card."),
        '</li>\n<li data-ruling=R16>',
        filled("<b>Refilling.</b> Only the player whose turn it was refills; a robbed player refills"
            " at the end of their own next turn."),
        '</li>\n<li data-ruling=R17>',
        filled("<b>[T!] cards go back.</b> At the end of a round every [T!] card goes back to its "
            "pile: unused ones are not carried over."),
        '</li>\n<li data-ruling=R19>',
        filled("<b>Goals</b> (table above) were set by simulation so that a game lasts about three "
            "rounds; tied leaders share the win."),
        '</li>\n<li data-ruling=R20-R21>',
        filled("<b>Who sees what.</b> Everyone sees the table, the target, the deck size, every "
            "hand's size, the cards each player has captured and the face-up [T!] cards; only you"
            " see your hand."),
        '</li>\n</ul>\n<p class="rules-foot">'
        '<button type="button" class="btn primary" data-ui="close-rules">',
        back,
        '</button></p>\n</article>\n</div>',
    ])


def callout_example() -> str:
    """The rule sheet's example of a called-out sum, in the current language (R14)."""
    from ..story import callout

    return callout([1, 3, 5])
