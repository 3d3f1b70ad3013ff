"""Rendering (ui/worker/screens/: the game's screens, the cards, the rules page) under CPython:
the HTML of a view shows only what that seat may see (R20, R21), every clickable move is one of
``view.legal``, the Capture button is live exactly for a legal selection, and the sheets show
the engine's numbers."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from html import unescape
from html.parser import HTMLParser
from itertools import combinations
from random import Random

import pytest

from tweak import (
    CLASSIC, COMPACT, EDITIONS, Capture, Face, Place, PlayJoker, PlayThief, Record, apply, bots,
    new_game, parse_action, view,
)
from tweak.bots import RandomBot
from tweak.cards import Colour, TKind
from tweak.rules import MAX_PLAYERS, MIN_PLAYERS
from ui.worker.screens.game import render_flash, render_screen
from ui.worker.screens.parts import TABLE_KEYS
from ui.worker.screens.rules import render_rules
from ui.worker.screens.scores import _next_round
from ui.worker.screens.start import level_options, save_summary
from ui.worker.screens.table import render_table
from ui.worker.hooks import Hooks
from ui.worker.screen_data import Selection
from ui.worker.seats import Seat, parse_setup
from ui.worker.session import Session
from ui.worker.story import Flash

from scenarios import tweak_opening

COLOUR_NAMES = ("red", "orange", "yellow", "green", "blue", "purple")
# A face card reads "3 red, 6 points" from its own words, visible and visually hidden.
CARD_LABEL = re.compile(r'<span class="value">(\d)</span><span class="visually-hidden"> '
                        r'(red|orange|yellow|green|blue|purple), ')
ACTION = re.compile(r'data-action="([^"]*)"')


def faces_drawn(html: str) -> Counter:
    """Every number card drawn face up in the HTML, as faces."""
    return Counter(Face(Colour(COLOUR_NAMES.index(colour)), int(value))
                   for value, colour in CARD_LABEL.findall(html))


def seats_for(players, humans=1):
    return tuple(Seat(f"P{i}", "human") if i < humans else Seat(f"P{i}", "bot", bots.DEFAULT_LEVEL)
                 for i in range(players))


def screen_for(state, seat, selection=Selection(), *, hide_hand=False, humans=1):
    session = Session(Record(players=state.players, seed=state.seed), seats_for(state.players,
                                                                              humans), state)
    screen = session.screen()
    return replace(screen, view=view(state, seat), selection=selection, hide_hand=hide_hand,
                   kind="table")


def random_states(games=6, steps=60, players_range=(2, 3, 4, 6)):
    """States along random games, for every player count listed."""
    for game in range(games):
        players = players_range[game % len(players_range)]
        state = new_game(players, seed=1000 + game, rules=COMPACT if game % 2 else CLASSIC)
        bot = RandomBot(game)
        for _ in range(steps):
            if state.is_over:
                break
            yield state
            state = apply(state, bot.choose(view(state, state.to_act)))


# ---- hidden information -----------------------------------------------------------------------


def test_a_seat_sees_only_its_own_hand_and_the_table():
    checked = 0
    for state in random_states():
        for seat in range(state.players):
            html = render_table(screen_for(state, seat))
            me = view(state, seat)
            # Every face drawn is the seat's own hand or the public table, nothing else (R21).
            assert faces_drawn(html) == Counter(me.hand) + Counter(me.table)
            checked += 1
    assert checked > 100


def test_hidden_hands_between_people_show_backs_only():
    for state in random_states(games=2):
        seat = 0
        html = render_table(screen_for(state, seat, hide_hand=True, humans=2))
        assert faces_drawn(html) == Counter(state.table)
        assert 'aria-label="Hidden hand"' in html
        assert "data-action" not in html


def test_a_pass_screen_draws_no_card_at_all():
    session = Session.new(parse_setup({"players": "2", "kind-0": "human", "kind-1": "human"}),
                          Hooks(seed=3))
    html = render_screen(session.screen())
    assert 'data-screen="pass"' in html and not faces_drawn(html)
    assert 'data-ui="reveal"' in html


# ---- clickable moves are legal moves --------------------------------------------------------


def selections(me, rng):
    yield Selection()
    for face in me.hand:
        yield Selection(hand=face)
        picks = list(range(len(me.table)))
        rng.shuffle(picks)
        yield Selection(hand=face, table=tuple(sorted(picks[: rng.randint(1, max(1, len(picks)))])))
    yield Selection(flow="thief")
    yield Selection(flow="joker")


def test_every_data_action_parses_and_is_legal():
    rng = Random(5)
    seen = Counter()
    for state in random_states(games=6, steps=60):
        seat = state.to_act
        me = view(state, seat)
        for selection in selections(me, rng):
            html = render_table(screen_for(state, seat, selection))
            for text in ACTION.findall(html):
                action = parse_action(unescape(text))
                assert action in me.legal, f"{text} offered but not legal"
                seen[type(action).__name__] += 1
    assert seen["Capture"] and seen["Place"]


def capture_button(html):
    match = re.search(r'<button[^>]*id="capture"[^>]*>', html)
    return match.group(0) if match else None


def test_capture_is_enabled_exactly_for_a_legal_selection():
    checked = legal_seen = 0
    for state in random_states(games=6, steps=40):
        me = view(state, state.to_act)
        if me.phase != "play" or len(me.table) > 6:
            continue
        base = screen_for(state, state.to_act)
        for face in set(me.hand):
            for size in range(1, len(me.table) + 1):
                for picked in combinations(range(len(me.table)), size):
                    selection = Selection(hand=face, table=picked)
                    button = capture_button(render_table(
                        replace(base, selection=selection)))
                    legal = Capture.of(face, [me.table[i] for i in picked]) in me.legal
                    assert ("disabled" not in button) == legal
                    assert ("data-action" in button) == legal
                    checked += 1
                    legal_seen += legal
    assert checked > 200 and legal_seen > 5


def test_the_running_sum_is_shown_against_the_target():
    state = new_game(2, seed=1)
    me = view(state, state.to_act)
    selection = Selection(hand=me.hand[0], table=(0, 1))
    html = render_table(screen_for(state, state.to_act, selection))
    values = [me.hand[0].value, me.table[0].value, me.table[1].value]
    expected = f'{" + ".join(map(str, values))} = <b>{sum(values)}</b>'
    assert expected in html and sum(values) == me.target
    assert "— the target — Capture 8!" in html  # this deal's pick is a legal capture


def after_opening(kind):
    """A 3-player state where seat 0 holds a [T!] card of ``kind`` on its second turn."""
    opening = tweak_opening(3, (kind,))
    state = new_game(3, opening.seed, tcards=opening.tcards, dealer=opening.dealer)
    state = apply(state, opening.tweak)
    while state.to_act != 0:
        state = apply(state, view(state, state.to_act).legal[-1])
    return state


def test_tcard_buttons_and_flows_offer_only_legal_choices():
    state = after_opening("thief")
    me = view(state, 0)
    html = render_table(screen_for(state, 0))
    assert 'data-ui="flow:thief"' in html
    html = render_table(screen_for(state, 0, Selection(flow="thief")))
    offered = {parse_action(text) for text in ACTION.findall(html)}
    thieves = {a for a in me.legal if isinstance(a, PlayThief)}
    assert thieves and thieves <= offered

    state = after_opening("joker")
    html = render_table(screen_for(state, 0, Selection(flow="joker")))
    target = view(state, 0).target
    assert {PlayJoker(+1), PlayJoker(-1)} <= {parse_action(t) for t in ACTION.findall(html)}
    assert f"target {target + 1}" in html and f"target {target - 1}" in html

    for kind in ("change", "bomb"):
        html = render_table(screen_for(after_opening(kind), 0))
        assert f'data-action="{kind}"' in html


def test_a_held_tcard_is_disabled_out_of_turn():
    state = after_opening("bomb")
    state = apply(state, view(state, 0).legal[-1])  # seat 0 places; now another seat acts
    html = render_table(screen_for(state, 0))
    assert 'data-action="bomb"' not in html
    assert re.search(r'<button class="card tcard t-bomb[^"]*"[^>]*disabled', html)


def test_a_bombed_seat_gives_up_a_selected_card():
    state = after_opening("bomb")
    state = apply(state, parse_action("bomb"))
    victim = state.to_act
    me = view(state, victim)
    html = render_table(screen_for(state, victim, Selection(hand=me.hand[0])))
    assert f'data-action="{me.hand[0]}"' in html and "Give up" in html
    assert 'id="capture"' not in html  # no capture while giving a card to the Bomb (R13)


# ---- cards -------------------------------------------------------------------------------


def test_red_cards_show_double_points_in_the_corner():
    from ui.worker.screens.cards import face_card
    red, blue = Face.parse("R3"), Face.parse("B3")
    assert 'class="points" title="6 points">6<' in face_card(red, CLASSIC)  # R5
    assert 'class="points" title="3 points">3<' in face_card(blue, CLASSIC)
    # Named as shown, the big value first: "3 red, 6 points" (visible text begins the name).
    assert re.sub("<[^>]+>", "", face_card(red, CLASSIC)) == "3 red, 6 points"
    assert 'aria-label="3 blue, 3 points"' in face_card(blue, CLASSIC)  # an image: labelled


def test_target_card_shows_the_back_or_the_blue_seven():
    state = new_game(2, seed=1)
    from ui.worker.screens.cards import target_card
    me = view(state, 0)
    assert f'<span class="value">{me.deck_top}</span>' in target_card(me)
    empty = replace(me, deck_top=None, deck_size=0, target=CLASSIC.final_target)
    assert "blue7" in target_card(empty)  # R7


def test_names_are_escaped():
    setup = parse_setup({"players": "2", "kind-0": "human", "name-0": "<b>x</b>",
                         "kind-1": "bot"})
    session = Session.new(setup, Hooks(seed=1))
    html = render_screen(session.screen())
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


# ---- sheets, start screen, rules ----------------------------------------------------------------


def finished_round_session(goal):
    session = Session.new(parse_setup({"players": "3", "kind-0": "human"}),
                          Hooks(seed=9, goal=goal))
    while session.kind() not in ("scores", "over"):
        session.step_bots()
        if session.kind() == "table":
            me = session.screen().view
            session.act(str(Place(me.hand[0])))
    return session


def test_round_sheet_shows_every_column_of_the_engine():
    session = finished_round_session(goal=1_000)
    screen = session.screen()
    html = render_screen(screen)
    result = screen.view.results[-1]
    for row in result.rows:
        for key in ("cards", "card_points", "red_bonus", "tcard_points", "tweaks", "points",
                    "total"):
            assert f'<td class="{key}">{getattr(row, key)}</td>' in html
    assert 'data-ui="next-round"' in html
    assert f"{session.names[screen.view.dealer]}</b> deals" in html


def test_game_over_names_the_winners():
    session = finished_round_session(goal=1)
    screen = session.screen()
    html = render_screen(screen)
    assert screen.kind == "over" and 'data-screen="over"' in html
    winners = [session.names[s] for s in screen.view.winners]
    assert all(name in html for name in winners)
    assert 'data-ui="new-game"' in html
    tied = replace(screen, view=replace(screen.view, winners=(0, 1)))
    assert "share the win" in render_screen(tied)  # R19: ties share


def test_level_options_come_from_the_bots_choices():
    html = level_options(bots.CHOICES, bots.DEFAULT_LEVEL, "bot")
    for level, label in bots.CHOICES:
        assert f'value="bot:{level}"' in html and label in html
    assert f'value="bot:{bots.DEFAULT_LEVEL}" selected' in html
    assert 'value="human" selected' in level_options(bots.CHOICES, bots.DEFAULT_LEVEL,
                                                            "human")


def test_the_rules_page_reads_goals_from_the_rule_sets():
    html = render_rules(EDITIONS)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        row = re.search(rf"<th scope=row>{players} players</th>(.*?)</tr>", html).group(1)
        assert row == "".join(f"<td>{rules.goal(players)}</td>" for rules in EDITIONS.values())
    house = CLASSIC.with_changes(goals=(11, 12, 13, 14, 15))
    html = render_rules(EDITIONS, house)
    assert "This game" in html and "<td>15</td>" in html
    assert "where the printed sheet is silent" in html
    # Every ruling the sheet needs is told, in words: its number only in data-ruling.
    told = set(re.findall(r"data-ruling=([\w-]+)", html))
    assert {"R1", "R2", "R5", "R6", "R8", "R10", "R12", "R13", "R15", "R16", "R17", "R19",
            "R20-R21"} <= told
    text = re.sub(r"<[^>]*>", " ", html)
    assert not re.search(r"\bR\d", text), re.search(r".{30}\bR\d.{30}", text).group(0)


def test_a_tweak_is_celebrated_with_the_card_won():
    flash = Flash(seat=1, callout="1 plus 3 is 4, plus 5 is 9", total=9, tweak=True,
                  won=TKind.JOKER, serial=1)
    html = render_flash(flash, ("A", "B"))
    assert "TWEAK!" in html and "1 plus 3 is 4, plus 5 is 9" in html and "t-joker" in html
    small = render_flash(flash, ("A", "B"), big=False)
    assert "tweak-burst" not in small and "TWEAK!" in small


def test_a_save_is_summarised_cheaply_and_junk_is_refused():
    session = Session.new(parse_setup({"players": "3", "kind-0": "human", "name-0": "Zoe"}),
                          Hooks(seed=2))
    session.step_bots()
    text = session.save_text()
    moves = len(session.record.actions)
    assert save_summary(text) == (f"3 players: Zoe, Ada, Blaise · {moves} move"
                                  f"{'s' if moves != 1 else ''} played")
    for junk in ("{damaged", "[1, 2]", '{"actions": 5}'):
        with pytest.raises(ValueError):
            save_summary(junk)


def test_one_of_two_identical_hand_cards_lights_up_when_chosen():
    # Seat 0 plays first (dealer 1) and is dealt cards 1, 3, 5: both orange 2s (R4) and a 3.
    deck = ["O2/10", "B1/7", "O2/7", "B1/8", "G3/10", "Y5/8", "P6/8", "R6/7", "G6/10"]
    state = new_game(2, 1, deck=deck, dealer=1)
    orange_2 = Face(Colour.ORANGE, 2)
    assert view(state, 0).hand.count(orange_2) == 2
    html = render_table(screen_for(state, 0, Selection(hand=orange_2)))
    hand = html.split('aria-label="Your hand"', 1)[1]
    assert hand.count('class="card face c-orange') == 2
    assert hand.count('aria-pressed="true"') == 1


# ---- keys ------------------------------------------------------------------------------------


class _Controls(HTMLParser):
    """Every element of a page's HTML that names a key: its attributes, in order."""

    def __init__(self, html):
        super().__init__()
        self.keyed = []
        self.feed(html)

    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        if "data-key" in attributes:
            self.keyed.append(attributes)


def keyed_controls(html) -> dict:
    """data-key → the attributes of the one element carrying it (a key names one control)."""
    controls = _Controls(html).keyed
    keys = [control["data-key"] for control in controls]
    assert len(keys) == len(set(keys)), f"a key names two controls: {keys}"
    return {control["data-key"]: control for control in controls}


def press(session, key) -> None:
    """What ui/main_thread/page.py does with a key: click the control whose data-key is ``key``."""
    control = keyed_controls(render_screen(session.screen()))[key]
    if control.get("data-action"):
        session.act(control["data-action"])
    else:
        session.command(control["data-ui"])


def test_every_key_names_one_live_control_and_says_so():
    rng = Random(8)
    seen = Counter()
    for state in random_states(games=4, steps=30):
        me = view(state, state.to_act)
        for selection in selections(me, rng):
            html = render_table(screen_for(state, state.to_act, selection))
            for key, control in keyed_controls(html).items():
                # Clickable now: a legal move or a UI command, never a disabled button.
                assert control.get("data-action") or control.get("data-ui"), control
                assert "disabled" not in control
                if control.get("data-action"):
                    assert parse_action(unescape(control["data-action"])) in me.legal
                assert control["aria-keyshortcuts"] == key
                assert key in ("Enter", "Escape") or (len(key) == 1 and key == key.lower())
                seen[key] += 1
        # Nobody else's screen has keys for the table: a key is only on a control of one's move.
        other = (state.to_act + 1) % state.players
        assert not keyed_controls(render_table(screen_for(state, other)))
    assert {"1", "a", "p", "Enter", "Escape"} <= set(seen), seen


def test_a_capture_takes_at_most_five_key_presses():
    """Every legal capture of a seat's turn, made by keys alone from a fresh selection: its
    hand card's digit, its table cards' letters, Enter."""
    made = 0
    for seed in range(40):
        session = Session.new(parse_setup({"players": "2", "kind-0": "human"}),
                              Hooks(seed=seed, dealer=1))
        me = session.screen().view
        captures = [a for a in me.legal if isinstance(a, Capture)]
        for capture in captures[:3]:
            trial = Session.new(parse_setup({"players": "2", "kind-0": "human"}),
                                Hooks(seed=seed, dealer=1))
            keys = [str(me.hand.index(capture.card) + 1)]
            used = set()
            for face in capture.taken:
                index = next(i for i, f in enumerate(me.table) if f == face and i not in used)
                used.add(index)
                keys.append(TABLE_KEYS[index])
            keys.append("Enter")
            for key in keys:
                press(trial, key)
            assert parse_action(trial.record.actions[0]) == capture, (seed, keys)
            assert len(keys) <= 5 or len(capture.taken) > 3
            made += 1
    assert made > 10


def test_keys_place_clear_and_answer_the_choosers():
    session = Session.new(parse_setup({"players": "2", "kind-0": "human"}), Hooks(seed=3,
                                                                                  dealer=1))
    me = session.screen().view
    press(session, "1")
    press(session, "a")
    assert session.selection.hand == me.hand[0] and session.selection.table == (0,)
    press(session, "Escape")  # Clear
    assert session.selection == Selection()
    press(session, "2")
    press(session, "p")  # Place card
    assert parse_action(session.record.actions[0]) == Place(me.hand[1])

    state = after_opening("thief")
    me = view(state, 0)
    html = render_table(screen_for(state, 0))
    assert keyed_controls(html)["t"]["data-ui"] == "flow:thief"
    chooser = render_table(screen_for(state, 0, Selection(flow="thief")))
    keys = keyed_controls(chooser)
    # In a chooser only its own keys work: the victims by number, Esc cancels.
    assert set(keys) == {"1", "2", "Escape"}
    assert keys["1"]["data-action"] == "thief@1" and keys["Escape"]["data-ui"] == "flow:thief"
    state = after_opening("joker")
    keys = keyed_controls(render_table(screen_for(state, 0, Selection(flow="joker"))))
    assert keys["+"]["data-action"] == "joker+1" and keys["-"]["data-action"] == "joker-1"


def test_the_keys_help_names_the_keys_drawn():
    state = new_game(3, seed=4)
    me = view(state, state.to_act)
    html = render_table(screen_for(state, state.to_act))
    help_line = re.search(r'<p class="keys-help">(.*?)</p>', html).group(1)
    last = TABLE_KEYS[len(me.table) - 1]
    assert help_line == (f"Keys: 1–{len(me.hand)} hand · a–{last} table · Enter capture · "
                         f"P place · Esc clear")
    keys = keyed_controls(html)
    assert {str(n) for n in range(1, len(me.hand) + 1)} | set(TABLE_KEYS[:len(me.table)]) \
        <= set(keys)
    # Not one's move: the line is there, empty (it keeps the layout's size).
    html = render_table(screen_for(state, (state.to_act + 1) % 3))
    assert '<p class="keys-help"></p>' in html


# ---- say why ---------------------------------------------------------------------------------


def why(html) -> str:
    match = re.search(r'<span class="why">— (.*?)</span></div>', html)
    return re.sub("<[^>]+>", "", match.group(1)) if match else ""


def test_the_sum_line_says_why_a_pick_is_not_a_capture():
    state = new_game(2, seed=1)
    seat = state.to_act
    me = view(state, seat)
    target = me.target

    def said(selection):
        return why(render_table(screen_for(state, seat, selection)))

    assert said(Selection(table=(0,))) == "now pick a card from your hand"
    assert said(Selection(hand=me.hand[0])) == ("a capture needs table cards too — or place "
                                               "this card")
    checked = set()
    for face in me.hand:
        for size in (1, 2):
            for picked in combinations(range(len(me.table)), size):
                total = face.value + sum(me.table[i].value for i in picked)
                text = said(Selection(hand=face, table=picked))
                if Capture.of(face, [me.table[i] for i in picked]) in me.legal:
                    assert text == f"the target — Capture {total}!"
                    checked.add("capture")
                elif total < target:
                    assert text == f"you need {target}"
                    checked.add("under")
                elif total > target:
                    assert text == f"that is more than {target}"
                    checked.add("over")
    assert checked >= {"capture", "under"}, checked


def test_a_held_tcard_says_why_it_cannot_be_played():
    state = after_opening("bomb")
    me = view(state, 0)
    html = render_table(screen_for(state, 0))
    assert '<span class="twhy" aria-hidden="true"></span>' in html  # playable: no reason
    # Seat 0 places instead: on another seat's turn the card waits for its owner's turn.
    waiting = apply(state, me.legal[-1])
    html = render_table(screen_for(waiting, 0))
    assert '<span class="twhy" aria-hidden="true">on your turn</span>' in html
    bomb = re.search(r'<button class="card tcard t-bomb.*?</button>', html).group(0)
    # Its name: what it shows, then the reason (visually hidden words).
    assert re.sub("<[^>]+>", "", bomb.split('<span class="tname">')[1]) == (
        "Bomb [T!] card, not playable now: on your turn")
    # One [T!] card a turn (R12): after playing the Joker, a second held card says so.
    state = after_opening("joker")
    played = apply(state, PlayJoker(+1))
    fake = replace(view(played, 0), tcards_held=tuple(
        held + (TKind.CHANGE,) if seat == 0 else held
        for seat, held in enumerate(view(played, 0).tcards_held)))
    screen = replace(screen_for(played, 0), view=fake)
    assert "one [T!] card a turn" in render_table(screen)


def test_score_headers_are_words_for_every_reader():
    session = finished_round_session(goal=1_000)
    html = render_screen(session.screen())
    head = re.search(r"<thead>(.*?)</thead>", html).group(1)
    cells = re.findall(r"<th scope=col[^>]*>(.*?)</th>", head)
    for cell in cells:
        heard = re.sub(r'<span class="short" aria-hidden="true">.*?</span>', "", cell)
        heard = re.sub("<[^>]+>", "", heard)
        assert heard and heard[0].isupper() or heard.startswith("["), cell
        assert heard not in ("TWK", "Rnd", "Pts", "RND"), heard
    assert "Round" in head and "TWEAK!" in head


def test_you_deal_and_you_play_in_the_second_person():
    session = Session.new(parse_setup({"players": "2", "kind-0": "human"}),
                          Hooks(seed=9, goal=1_000, dealer=1))
    while session.kind() != "scores":
        session.step_bots()
        if session.kind() == "table":
            session.act(str(Place(session.screen().view.hand[0])))
    html = render_screen(session.screen())
    # Round 2: seat 0 (You) deals and Ada plays first (R8).
    assert "<b>You</b> deal, <b>Ada</b> plays first." in html
    assert _next_round(3, "Ada", "You") == \
        "Round 3: <b>Ada</b> deals, <b>You</b> play first."


def test_a_log_line_keeps_its_id_from_one_move_to_the_next():
    """The page keeps a log line by its id (ui/main_thread/motion.js): an id names one entry,
    once per screen, with the same text on every screen that shows it."""
    session = Session.new(parse_setup({"players": "3", "kind-0": "human"}),
                          Hooks(seed=4, goal=1_000, dealer=2))
    line = re.compile(r'<li class="log-[a-z]+" id="(move-\d+)">(.*?)</li>')
    texts = {}
    screens = 0
    while session.kind() == "table" and screens < 12:
        session.step_bots()
        if session.kind() != "table":
            break
        lines = line.findall(render_screen(session.screen()))
        ids = [key for key, _ in lines]
        assert lines and len(ids) == len(set(ids))
        for key, text in lines:
            assert texts.setdefault(key, text) == text
        screens += 1
        session.act(str(Place(session.screen().view.hand[0])))
    assert screens >= 3 and len(texts) > len(lines)  # lines came and went, each kept its id
