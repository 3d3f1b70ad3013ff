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
"""

from __future__ import annotations


from tweak.cards import Face, TKind
from tweak.rules import MAX_PLAYERS, MIN_PLAYERS

from .cards import face_card, tcard
from .markup import escape

__all__ = ["render_rules"]


def _goals_table(editions, current) -> str:
    columns = [(name.title(), rules) for name, rules in editions.items()]
    if current is not None and all(current.goals != rules.goals for _, rules in columns):
        columns.append(("This game", current))
    head = "".join(f"<th scope=col>{escape(title)}</th>" for title, _ in columns)
    rows = "".join(
        f"<tr><th scope=row>{players} players</th>"
        + "".join(f"<td>{rules.goal(players)}</td>" for _, rules in columns)
        + "</tr>"
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    )
    return (f'<div class="table-wrap"><table class="scores goals" id="goals-table"><thead><tr>'
            f'<th scope=col>Goal</th>{head}</tr></thead><tbody>{rows}</tbody></table></div>')


def _tcard_counts(rules) -> str:
    return ", ".join(f"{count} {kind.title}" for kind, count in zip(TKind, rules.tcard_counts))


def render_rules(editions, current=None) -> str:
    classic = editions["classic"]
    compact = editions.get("compact")
    red = classic.red_multiplier
    tpoints = classic.tcard_points
    hand = classic.hand_size
    refill = classic.table_refill
    targets = classic.target_cycle
    final = classic.final_target
    compact_line = ""
    if compact is not None:
        counts = ", ".join(
            f"{players} players: {compact.colours_by_players[players - MIN_PLAYERS]} colours"
            for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        )
        compact_line = (
            f"<li data-ruling=R2><b>Compact edition.</b> The later printing: {_tcard_counts(compact)} "
            f"[T!] cards, and fewer colours for fewer players ({counts}). Red is always in; "
            f"the colours dropped are the last of red, orange, yellow, green, blue, purple.</li>"
        )
    icons = "".join(tcard(kind, classes=("mini",)) for kind in TKind)
    return f"""
<div class="screen rules-screen" data-screen="rules">
<article class="rules">
<header class="rules-head"><h1>How to play TWEAK!</h1>
<button type="button" class="btn primary" data-ui="close-rules" id="close-rules">Back</button>
</header>

<p class="lede">Make the <b>Target Sum</b> with one card from your hand and cards on the table.
Win the cards you add up; clear the whole table to make a <b>TWEAK!</b> and win an action card.
2–6 players, about 20 minutes.</p>

<h2>The cards</h2>
<ul>
<li><b>Number cards</b> in six colours — red, orange, yellow, green, blue, purple — each colour
1, 1, 2, 2, 3, 3, 4, 5, 6. The big number is used for sums.</li>
<li>Each number card has a <b>black back showing {targets[0]}–{targets[-1]}</b>: the back of the
deck's top card is the Target Sum.</li>
<li><b>[T!] cards</b> {icons} are shuffled into their own face-down pile
(Classic: {_tcard_counts(classic)}).</li>
<li>A <b>blue {final}</b> lies under the deck: when the deck runs out, the target is {final}.</li>
</ul>

<h2>Set-up</h2>
<p>The dealer changes every round (the next seat in play order). Each player gets {hand} cards,
{refill} cards go face up to the table, the rest form the deck on top of the blue card.</p>

<h2>Your turn</h2>
<ol>
<li><b>Optionally, one [T!] card</b> you won earlier in the round, before your hand card.</li>
<li><b>Play one hand card</b> — you must:
 <ul>
 <li><b>Capture</b>: your card plus one or more table cards adding up exactly to the target.
 Call out the sum (“1 plus 3 is 4, plus 5 is 9”) — the game shows it. You win those cards.</li>
 <li>or <b>Place</b> it face up on the table. A sum you leave is lost: nobody else may claim
 it.</li>
 </ul></li>
<li><b>TWEAK!</b> If your capture takes every card on the table, you win the top [T!] card,
face up, to play on a later turn.</li>
<li><b>Refill</b>: draw up to {hand} cards; if the table is empty, {refill} cards go to it. The hand
is served first, then the table, as far as the deck goes.</li>
</ol>

<h2>[T!] cards</h2>
<dl class="tcard-rules">
<dt>{tcard(TKind.THIEF, classes=("mini",))} The Thief</dt><dd>Pick an opponent: a random card
of their hand goes face up to the table.</dd>
<dt>{tcard(TKind.JOKER, classes=("mini",))} The Joker (±1)</dt><dd>The target changes by +1 or
−1 for this turn.</dd>
<dt>{tcard(TKind.CHANGE, classes=("mini",))} Change Target</dt><dd>The deck's top card goes to
the table as a playable card; the next card's back is the new target.</dd>
<dt>{tcard(TKind.BOMB, classes=("mini",))} The Bomb</dt><dd>Every other player with cards
chooses one card of their hand and puts it on the table.</dd>
</dl>

<h2>End of a round and of the game</h2>
<p>The round ends when the deck is empty and every hand has been played out. Cards left on the
table score nothing. Each player scores the points of the cards they won (the corner number) and
of their [T!] cards. The game ends after a round in which someone's total reaches the goal for
the number of players; the highest total wins.</p>
{_goals_table(editions, current)}

<h2>Table rules where the printed sheet is silent</h2>
<p class="muted">The printed sheet leaves these open; this game plays them so.</p>
<ul class="rulings">
<li data-ruling=R1><b>Classic edition</b> (default): 54 number cards, {_tcard_counts(classic)}, the blue 7.
All colours are used for any number of players.</li>
{compact_line}
<li data-ruling=R5><b>Points.</b> A number card scores its face value; a <b>red</b> card scores
<b>{red}×</b> its value (the corner shows it). Each [T!] card won in a round scores
<b>{tpoints}</b>, used or not.
<span class="example">{face_card(Face.parse("R3"), classic)}{face_card(Face.parse("B3"), classic)}
<small>A red 3 and a blue 3: both count 3 in a sum; the corner shows the points they
score.</small></span></li>
<li data-ruling=R6><b>Target backs</b> are printed on the cards ({targets[0]} to {targets[-1]}), not random: a
back never tells you the face.</li>
<li data-ruling=R8><b>Seats.</b> Play passes to the next seat; the first dealer is drawn at random, then the
deal passes on; the seat after the dealer plays first.</li>
<li data-ruling=R10><b>Empty hand.</b> A player robbed of every card loses the turn: they refill to {hand} and
play passes.</li>
<li data-ruling=R12><b>One [T!] card per turn</b>, before the hand card, and only with a card in hand. A card
won this turn is playable from the next turn on.</li>
<li data-ruling=R13><b>The Thief</b> steals uniformly at random. <b>The Bomb</b>: victims choose their card
in seat order, each in private. The Thief and The Bomb need an opponent with cards; Change
Target needs a card in the deck.</li>
<li data-ruling=R15><b>An empty [T!] pile.</b> A TWEAK! with an empty [T!] pile still counts as a TWEAK!, but wins no card.</li>
<li data-ruling=R16><b>Refilling.</b> Only the player whose turn it was refills; a robbed player refills at the end of
their own next turn.</li>
<li data-ruling=R17><b>[T!] cards go back.</b> At the end of a round every [T!] card goes back to its pile: unused ones are not
carried over.</li>
<li data-ruling=R19><b>Goals</b> (table above) were set by simulation so that a game lasts about three
rounds; tied leaders share the win.</li>
<li data-ruling=R20-R21><b>Who sees what.</b> Everyone sees the table, the target, the deck size, every hand's size, the
cards each player has captured and the face-up [T!] cards; only you see your hand.</li>
</ul>
<p class="rules-foot"><button type="button" class="btn primary" data-ui="close-rules">Back
</button></p>
</article>
</div>"""
