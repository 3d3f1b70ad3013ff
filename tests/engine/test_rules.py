"""Rule scenarios on stacked decks: one or more tests for every ruling R2–R21 of docs/rules.md.

Each test sets up a round card by card (``stacking.deal``: hands per seat, table, deck top
first; the dealer is the last seat so seat 0 plays first), plays it move by move in the
notation of ``tweak.actions``, and asserts exact hands, table, target, events and scores.
The expected values are worked out from the rulings by hand (comments show the sums), never
read back from the engine.  Test names cite the ruling ids; sections follow docs/rules.md.

Scenarios used by several tests are functions returning the states after each move:
``bomb_duel`` (2 players, empty deck, two TWEAK!s, a Bomb, a whole round), ``tweak_on_a_deck``
(a TWEAK! with the deck still full), ``tied_round`` (a short round both players score in).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from types import SimpleNamespace

import pytest

from stacking import deal, faces, play, stacked_deck
from tweak import (
    CLASSIC, COMPACT, Capture, Card, Colour, Face, IllegalAction, NotationError, Phase, Place,
    PlayBomb, PlayChange, PlayJoker, PlayThief, PlayerView, Record, RoundResult, Rules,
    RulesError, ScoreRow, TKind, apply, dumps, format_action, legal_actions, loads, new_game,
    parse_action, view,
)
from tweak.events import (
    BombPlayed, Captured, ChangePlayed, Dealt, Drew, GameEnded, GaveUp, JokerPlayed, Placed,
    RoundEnded, RoundStarted, TableDealt, TCardWon, ThiefPlayed, TurnLost, TurnStarted,
    describe,
)

THIEF, JOKER, CHANGE, BOMB = TKind.THIEF, TKind.JOKER, TKind.CHANGE, TKind.BOMB


def F(text: str) -> Face:
    return Face.parse(text)


def hand(state, seat) -> tuple:
    return tuple(sorted(state.hands[seat]))


def table(state) -> tuple:
    return tuple(sorted(state.table))


def actions(*texts) -> set:
    return {parse_action(text) for text in texts}


def trail(state, *moves) -> list:
    """The state before the moves, then after each of them."""
    states = [state]
    for move in moves:
        states.append(play(states[-1], move))
    return states


def of_type(state, kind) -> list:
    return [event for event in state.events if isinstance(event, kind)]


def goals(goal_for_two: int) -> Rules:
    """House rules (R3) whose 2-player goal (R19) is ``goal_for_two``, for short games."""
    return CLASSIC.with_changes(goals=(goal_for_two,) + CLASSIC.goals[1:])


# ---- shared scenarios -------------------------------------------------------------------


def bomb_duel(second="thief", rules=CLASSIC, seed=0):
    """Two players, empty deck (target 7 throughout, R7); [T!] pile: bomb, then ``second``.

    T1 seat 0 R5 + R1 + O1 = 7 clears the table: TWEAK!, wins the Bomb.  T2 seat 1 places G1.
    T3 seat 0 plays the Bomb, seat 1 gives up P4; seat 0 O2 + G1 + P4 = 7: TWEAK!, wins
    ``second``.  T4 seat 1 places its last card B3.  T5 seat 0 (holding ``second``, seat 1
    empty-handed) places Y6: deck and hands are empty, the round ends.
    """
    s = SimpleNamespace()
    s.start = deal([["R5", "Y6", "O2"], ["G1", "B3", "P4"]], table=["R1", "O1"],
                   tcards=["bomb", second], rules=rules, seed=seed)
    s.t1 = play(s.start, "R5xR1+O1")
    s.t2 = play(s.t1, "G1")
    s.bombed = play(s.t2, "bomb")
    s.gave = play(s.bombed, "P4")
    s.t3 = play(s.gave, "O2xG1+P4")
    s.t4 = play(s.t3, "B3")
    s.end = play(s.t4, "Y6")
    return s


def tweak_on_a_deck(deck, tcards=("joker", "bomb"), seed=0):
    """Two players; seat 0 takes R1 + O1 with R5 at target 7 (the back of Y2/7): TWEAK!."""
    start = deal([["R5", "O6", "Y3"], ["G4", "B5", "P6"]], table=["R1", "O1"],
                 deck=deck, tcards=tcards, seed=seed)
    return start, play(start, "R5xR1+O1")


def tied_round(seat1_six="B6", goal=7):
    """Two players, empty deck, empty [T!] pile; each captures once, then all places.

    T1 seat 0 Y6 + O1 = 7 (G1 stays: no TWEAK!).  T2 seat 1 six + G1 = 7 clears the table: a
    TWEAK! with an empty pile.  Then R2, B2, O3, P5 are placed (captures ignored, R14).
    Seat 0 scores 7; seat 1 scores 7 with B6, or 12 + 1 = 13 with R6 (R5).
    """
    start = deal([["Y6", "R2", "O3"], [seat1_six, "B2", "P5"]], table=["O1", "G1"],
                 rules=goals(goal))
    return play(start, "Y6xO1", f"{seat1_six}xG1", "R2", "B2", "O3", "P5")


# ---- R4–R7: the cards -------------------------------------------------------------------


def test_r4_each_colour_holds_1_1_2_2_3_3_4_5_6_and_a_deal_uses_all_54():
    cards = CLASSIC.number_cards(6)
    assert len(cards) == 54
    values = {}
    for card in cards:
        values.setdefault(card.face.colour, []).append(card.face.value)
    assert set(values) == set(Colour)
    assert all(sorted(v) == [1, 1, 2, 2, 3, 3, 4, 5, 6] for v in values.values())
    for players in range(2, 7):  # R1: every number card is used whatever the player count
        state = new_game(players, seed=players)
        dealt = [face for cards_ in state.hands for face in cards_] + list(state.table)
        dealt += [card.face for card in state.deck]
        assert Counter(dealt) == Counter(card.face for card in cards)


def test_r5_number_card_points_red_double_and_configurable():
    assert CLASSIC.points(F("O4")) == 4
    assert CLASSIC.points(F("R4")) == 8
    assert CLASSIC.points(F("R1")) == 2
    assert CLASSIC.with_changes(red_multiplier=3).points(F("R4")) == 12
    assert CLASSIC.with_changes(red_multiplier=3).points(F("P6")) == 6


def test_r5_red_double_and_tcards_score_used_or_unused():
    """Seat 0 captures R5 R1 O1 O2 G1 P4 and won two [T!] cards: the Bomb used, one unused."""
    row = bomb_duel().end.results[0].rows[0]
    assert row.card_points == 5 + 1 + 1 + 2 + 1 + 4
    assert row.red_bonus == 5 + 1  # R5 and R1 count double
    assert (row.tcards, row.tcard_points) == (2, 4)  # 2 points each, used (Bomb) or not
    assert row.points == 14 + 6 + 4


def test_r5_house_multipliers_change_the_score():
    rules = CLASSIC.with_changes(red_multiplier=3, tcard_points=5)
    row = bomb_duel(rules=rules).end.results[0].rows[0]
    assert (row.card_points, row.red_bonus, row.tcard_points) == (14, 2 * 6, 10)
    assert row.points == 14 + 12 + 10


def test_r6_backs_follow_the_printed_pairing():
    values = (1, 1, 2, 2, 3, 3, 4, 5, 6)
    expected = [Card(Face.of(colour, value), 7 + (k + colour) % 4)
                for colour in Colour for k, value in enumerate(values)]
    assert Counter(CLASSIC.number_cards(6)) == Counter(expected)
    # The two red 1s show 7 and 8; the green 6 shows 10; the orange 2s show 10 and 7.
    deck = Counter(str(card) for card in CLASSIC.number_cards(6))
    for text in ("R1/7", "R1/8", "G6/10", "O2/10", "O2/7", "P6/8"):
        assert deck[text] == 1
    assert deck["R1/9"] == 0


def test_r6_backs_are_14_14_13_13_and_never_determine_a_face():
    cards = CLASSIC.number_cards(6)
    assert Counter(card.back for card in cards) == {7: 14, 8: 14, 9: 13, 10: 13}
    for back in (7, 8, 9, 10):
        under = [card.face for card in cards if card.back == back]
        # Seeing a back tells neither the value nor the colour of the face under it.
        assert {face.value for face in under} == {1, 2, 3, 4, 5, 6}
        assert {face.colour for face in under} == set(Colour)


def test_r6_a_stacked_deck_refuses_a_card_the_edition_does_not_print():
    with pytest.raises(ValueError, match="R1/9"):
        new_game(2, 0, deck=["R1/9"] + [str(c) for c in CLASSIC.number_cards(2)[1:9]])
    with pytest.raises(ValueError, match="R4/9"):  # one red 4 only
        new_game(2, 0, deck=["R4/9", "R4/9"] + [str(c) for c in CLASSIC.number_cards(2)[9:17]])


def test_r7_target_is_7_on_an_empty_deck_and_the_blue_card_is_never_drawn():
    s = bomb_duel()
    assert s.start.deck == () and s.start.target == 7
    me = view(s.start, 0)
    assert (me.deck_top, me.deck_size, me.target) == (None, 0, 7)
    assert of_type(s.start, TurnStarted) == [TurnStarted(0, 7)]
    # Seat 0 played a card with the deck empty: nothing is drawn, the blue card stays put.
    assert len(s.t1.hands[0]) == 2 and of_type(s.t1, Drew) == []
    assert of_type(s.t1, TurnStarted) == [TurnStarted(1, 7)]
    # Every card in play is one of the 8 stacked number cards: no blue 7 anywhere.
    in_play = [f for cards in s.t4.hands + s.t4.won for f in cards] + list(s.t4.table)
    assert Counter(in_play) == Counter(faces("R5 Y6 O2 G1 B3 P4 R1 O1"))


def test_r7_the_blue_cards_number_is_a_setting():
    start = deal([["R5", "Y6", "O2"], ["G1", "B3", "P4"]], table=["R1", "O1"],
                 rules=CLASSIC.with_changes(final_target=8))
    assert start.target == 8


# ---- R8–R9: seats and the deal ----------------------------------------------------------


def test_r8_first_dealer_is_drawn_from_the_seed():
    dealers = [new_game(4, seed).dealer for seed in range(40)]
    assert dealers == [new_game(4, seed).dealer for seed in range(40)]  # reproducible
    assert set(dealers) == {0, 1, 2, 3}  # and it varies with the seed
    stacked = stacked_deck([["R1", "R2", "R3"], ["O1", "O2", "O3"],
                            ["Y1", "Y2", "Y3"], ["G1", "G2", "G3"]], table=["B1", "B2"])
    for seed in range(10):  # stacking the deck does not change the seeded dealer
        assert new_game(4, seed, deck=stacked).dealer == dealers[seed]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_r8_the_seat_after_the_dealer_plays_first(players):
    for dealer in range(players):
        state = new_game(players, 7, dealer=dealer)
        first = (dealer + 1) % players
        assert (state.dealer, state.turn, state.to_act) == (dealer, first, first)
        assert of_type(state, RoundStarted) == [RoundStarted(1, dealer, first)]
        assert of_type(state, TurnStarted)[0].seat == first


def test_r8_next_rounds_dealer_is_the_next_seat():
    end = bomb_duel().end  # two players, dealer 1: the next dealer wraps round to seat 0
    assert (end.round, end.dealer, end.turn) == (2, 0, 1)
    assert of_type(end, RoundStarted) == [RoundStarted(2, 0, 1)]
    end3 = empty_deck_robbery().end  # three players, dealer 2
    assert (end3.round, end3.dealer, end3.turn) == (2, 0, 1)


def test_r9_deal_is_one_card_at_a_time_from_the_first_player():
    deck = ["R1/7", "O1/8", "Y1/9", "G1/10", "B1/7", "P1/8", "R2/9", "O2/10", "Y2/7",
            "G2/8", "B2/9", "P2/10"]
    state = new_game(3, 0, deck=deck, dealer=0)  # first player: seat 1
    # card i goes to seat (1 + i) mod 3
    assert state.hands == (
        (F("Y1"), F("P1"), F("Y2")), (F("R1"), F("G1"), F("R2")), (F("O1"), F("B1"), F("O2")),
    )
    assert state.table == (F("G2"), F("B2"))
    assert state.deck == (Card.parse("P2/10"),) and state.target == 10
    assert of_type(state, Dealt) == [Dealt(0, 3, state.hands[0]), Dealt(1, 3, state.hands[1]),
                                     Dealt(2, 3, state.hands[2])]
    assert of_type(state, TableDealt) == [TableDealt((F("G2"), F("B2")))]
    # The helper writes the same deck from hands per seat.
    assert stacked_deck([["Y1", "P1", "Y2"], ["R1", "G1", "R2"], ["O1", "B1", "O2"]],
                        table=["G2", "B2"], deck=["P2/10"], dealer=0) == [
        "R1/7", "O1/8", "Y1/9", "G1/10", "B1/7", "P1/8", "R2/9", "O2/10", "Y2/7", "G2/8",
        "B2/9", "P2/10"]


def test_r9_tcards_form_their_own_pile():
    state = new_game(3, 5)
    assert Counter(state.tcard_pile) == {THIEF: 5, JOKER: 5, CHANGE: 5, BOMB: 2}
    assert all(isinstance(card, Card) for card in state.deck)
    assert all(isinstance(face, Face) for cards in state.hands for face in cards)
    assert len(state.deck) == 54 - 3 * 3 - 2
    assert (len(state.table), [len(h) for h in state.hands]) == (2, [3, 3, 3])
    stacked = deal([["R1", "R2", "R3"], ["O1", "O2", "O3"]], table=["Y1", "Y2"],
                   tcards=["bomb", "joker"])
    assert stacked.tcard_pile == (BOMB, JOKER)


# ---- R10: an empty hand loses the turn ---------------------------------------------------


def robbed_of_everything():
    """Four players.  T2–T4 seats 1, 2, 3 each make a TWEAK! and win a Thief:
    T2 B4 + B2 + G3 + O1 = 10 (back of R2/10), T3 Y4 + P1 + P2 = 7 (Y2/7),
    T4 B3 + R2 + O3 = 8 (Y2/8).  T5 seat 0 places G6 and holds R6 Y5 G1.
    T6–T8 each of seats 1–3 steals one card from seat 0, then places."""
    start = deal([["O1", "R6", "Y5"], ["B4", "O5", "P5"], ["Y4", "G2", "R3"], ["B3", "O6", "P6"]],
                 table=["B2", "G3"],
                 deck=["G6", "R2/10", "P1", "P2", "Y2/7", "R2", "O3", "Y2/8", "R1", "O2", "G1",
                       "B1", "Y1", "G4", "B5", "P4", "Y6", "G5/9"],
                 tcards=["thief"] * 3)
    s = SimpleNamespace(start=start)
    s.lap1 = play(start, "O1", "B4xB2+G3+O1", "Y4xP1+P2", "B3xR2+O3")
    s.before_thefts = play(s.lap1, "G6")
    s.thefts = trail(s.before_thefts, "thief@0", "O5", "thief@0", "G2", "thief@0")
    s.robbed = s.thefts[-1]
    s.after = play(s.robbed, "O6")
    return s


def test_r10_robbed_of_every_card_refills_to_three_and_passes():
    s = robbed_of_everything()
    assert s.lap1.tcards_held == ((), (THIEF,), (THIEF,), (THIEF,))
    assert hand(s.before_thefts, 0) == faces("R6 Y5 G1")
    thefts = [event for state in s.thefts for event in of_type(state, ThiefPlayed)]
    assert [(event.seat, event.victim) for event in thefts] == [(1, 0), (2, 0), (3, 0)]
    assert Counter(event.card for event in thefts) == Counter(faces("R6 Y5 G1"))
    assert s.robbed.hands[0] == () and len(s.robbed.deck) == 5  # G4 B5 P4 Y6 G5/9
    assert s.after.events == (
        Placed(3, F("O6")), Drew(3, 1, (F("G4"),)),
        TurnLost(0), Drew(0, 3, (F("B5"), F("P4"), F("Y6"))),  # R10: refill (R16), pass
        TurnStarted(1, 9),  # G5/9 is now on top
    )
    assert (s.after.turn, s.after.to_act) == (1, 1)
    assert hand(s.after, 0) == faces("B5 P4 Y6")
    assert table(s.after) == faces("R1 O2 G6 R6 Y5 G1 O5 G2 O6")
    assert s.after.deck == (Card.parse("G5/9"),)


def empty_deck_robbery(seed=0):
    """Three players, empty deck.  T1 seat 0 TWEAK! (R5 + R1 + O1 = 7) wins a Thief; everyone
    places until seat 0 steals seat 1's last card (T7) and places Y6; seat 1 has no card."""
    start = deal([["R5", "O2", "Y6"], ["G1", "B3", "P4"], ["Y1", "R2", "O4"]],
                 table=["R1", "O1"], tcards=["thief"], seed=seed)
    s = SimpleNamespace(start=start)
    s.t6 = play(start, "R5xR1+O1", "G1", "Y1", "O2", "B3", "R2")
    s.stole = play(s.t6, "thief@1")
    s.t7 = play(s.stole, "Y6")
    s.end = play(s.t7, "O4")
    return s


def test_r10_with_an_empty_deck_too_the_player_just_passes():
    s = empty_deck_robbery()
    assert s.stole.hands[1] == ()
    assert s.t7.events == (Placed(0, F("Y6")), TurnLost(1), TurnStarted(2, 7))  # no Drew
    assert (s.t7.turn, s.t7.round, s.t7.results) == (2, 1, ())
    assert s.t7.hands == ((), (), (F("O4"),))


# ---- R11: the target ---------------------------------------------------------------------


def test_r11_target_is_the_top_back_and_changes_every_turn():
    start = deal([["R1", "R2", "R3"], ["O3", "O4", "O5"]], table=["Y5", "Y6"],
                 deck=["O1/8", "O2/10", "Y2/7", "Y1/9", "G6/10"])
    assert start.target == 8 and view(start, 1).deck_top == 8
    targets = [of_type(start, TurnStarted)[0].target]
    state = start
    for move in ("R1", "O3", "R2", "O4"):  # places only: each turn draws the top card
        state = play(state, move)
        targets.append(of_type(state, TurnStarted)[0].target)
        assert view(state, 0).target == state.target == targets[-1]
    assert targets == [8, 10, 7, 9, 10]


# ---- R12: one [T!] card, before the hand card --------------------------------------------


def one_tcard_per_turn():
    """Two players, empty deck, pile joker then thief.  T1 seat 0 R5 + R1 + O1 = 7 wins the
    Joker; T2 seat 1 places G3; T3 seat 0 Y4 + G3 = 7 wins the Thief; T4 seat 1 places P5."""
    start = deal([["R5", "Y4", "O3"], ["G3", "B2", "P5"]], table=["R1", "O1"],
                 tcards=["joker", "thief"])
    s = SimpleNamespace(start=start)
    s.t1 = play(start, "R5xR1+O1")
    s.t2 = play(s.t1, "G3")
    s.t3 = play(s.t2, "Y4xG3")
    s.t4 = play(s.t3, "P5")
    return s


def test_r12_a_tcard_won_this_turn_is_playable_from_the_next_turn():
    s = one_tcard_per_turn()
    assert s.t1.tcards_held[0] == (JOKER,)
    assert not any(isinstance(a, PlayJoker) for a in legal_actions(s.t1))  # seat 1's turn
    assert {PlayJoker(1), PlayJoker(-1)} <= set(legal_actions(s.t2))  # seat 0's next turn


def test_r12_at_most_one_tcard_per_turn():
    s = one_tcard_per_turn()
    assert s.t4.tcards_held[0] == (JOKER, THIEF)
    assert {PlayThief(1), PlayJoker(1), PlayJoker(-1)} <= set(legal_actions(s.t4))
    joked = play(s.t4, "joker+1")  # target 7 + 1 = 8: O3 + P5
    assert joked.tcard_played and joked.to_act == 0
    assert set(legal_actions(joked)) == actions("O3xP5", "O3")  # no second [T!] card
    with pytest.raises(IllegalAction, match=r"^thief@1 is not legal: only one \[T!\] card"):
        apply(joked, PlayThief(1))


def test_r12_tcards_come_before_the_hand_card():
    s = one_tcard_per_turn()
    placed = play(s.t4, "O3")  # the hand card ends seat 0's turn: the Thief is still held
    assert (placed.to_act, placed.tcards_held[0], placed.tcards_used[0]) == (1, (JOKER, THIEF), ())
    assert not any(isinstance(a, (PlayThief, PlayJoker)) for a in legal_actions(placed))
    with pytest.raises(IllegalAction, match="seat 1 holds no “The Thief” card"):
        apply(placed, PlayThief(0))


# ---- R13: the [T!] effects ----------------------------------------------------------------


def thief_duel(seed=0):
    """Two players.  T1 seat 0's TWEAK! wins a Thief (B1, P2 refill the table); T2 seat 1
    places G4 and draws R4, holding B5 P6 R4; T3 seat 0 plays the Thief on seat 1."""
    _, t1 = tweak_on_a_deck(["Y2/7", "B1", "P2", "R4", "G2/8", "B6/7"], tcards=["thief"],
                            seed=seed)
    t2 = play(t1, "G4")
    return t2, play(t2, "thief@1")


def test_r13_thief_puts_a_random_card_of_the_victim_on_the_table():
    before, after = thief_duel()
    assert hand(before, 1) == faces("B5 P6 R4")
    [event] = of_type(after, ThiefPlayed)
    assert (event.seat, event.victim) == (0, 1) and event.card in before.hands[1]
    assert hand(after, 1) == tuple(sorted(set(before.hands[1]) - {event.card}))
    assert table(after) == tuple(sorted(before.table + (event.card,)))
    assert (after.tcards_held[0], after.tcards_used[0]) == ((), (THIEF,))  # R13: set aside
    assert (after.to_act, after.target) == (0, 8)  # the thief goes on to play a hand card


def test_r13_thief_is_seeded_same_seed_same_card():
    stolen = {}
    for seed in range(300):
        card = of_type(thief_duel(seed)[1], ThiefPlayed)[0].card
        assert of_type(thief_duel(seed)[1], ThiefPlayed)[0].card is card  # reproducible
        stolen[card] = stolen.get(card, 0) + 1
    # Uniform over the victim's three cards: each near 100 of 300 (here, loosely, 60–140).
    assert set(stolen) == set(faces("B5 P6 R4"))
    assert all(60 <= count <= 140 for count in stolen.values()), stolen


def test_r13_thief_on_a_one_card_hand_takes_that_card():
    for seed in range(8):
        s = empty_deck_robbery(seed)
        assert s.t6.hands[1] == (F("P4"),)
        assert set(legal_actions(s.t6)) >= {PlayThief(1), PlayThief(2)}
        assert of_type(s.stole, ThiefPlayed) == [ThiefPlayed(0, 1, F("P4"))]
        assert table(s.stole) == faces("G1 Y1 O2 B3 R2 P4")


def test_r13_thief_and_bomb_not_offered_when_no_opponent_has_cards():
    for second, kind in (("thief", THIEF), ("bomb", BOMB)):
        t4 = bomb_duel(second).t4
        assert t4.hands == ((F("Y6"),), ())
        assert t4.tcards_held[0] == (kind,) and t4.to_act == 0
        assert legal_actions(t4) == (Place(F("Y6")),)  # Y6 + B3 = 9, not 7: place only
        with pytest.raises(IllegalAction, match="thief@1 is not legal"):
            apply(t4, PlayThief(1))
        with pytest.raises(IllegalAction, match="bomb is not legal"):
            apply(t4, PlayBomb())


def joker_turn(delta, target_card="G2/8"):
    """Two players; seat 0 won a Joker at T1; T3: hand O6 Y3 Y2, table B1 P2 G4, target the
    back of ``target_card`` (8), and B6/7 under it."""
    _, t1 = tweak_on_a_deck(["Y2/7", "B1", "P2", "R4", target_card, "B6/7"], tcards=["joker"])
    t2 = play(t1, "G4")
    return t2, play(t2, PlayJoker(delta))


@pytest.mark.parametrize("delta, target, captures", [
    (+1, 9, ("O6xB1+P2", "Y3xP2+G4", "Y2xB1+P2+G4")),
    (-1, 7, ("O6xB1", "Y3xG4", "Y2xB1+G4")),
])
def test_r13_joker_changes_this_turns_target_by_one(delta, target, captures):
    before, joked = joker_turn(delta)
    assert before.target == 8 and hand(before, 0) == faces("O6 Y3 Y2")
    assert joked.events == (JokerPlayed(0, delta, target),)
    assert joked.target == view(joked, 1).target == target
    assert set(legal_actions(joked)) == actions(*captures, "O6", "Y3", "Y2")
    with pytest.raises(IllegalAction, match=f"not the target {target}"):
        apply(joked, Capture.of(F("O6"), [F("P2")]))  # 8, the printed target
    after = play(joked, captures[0])
    assert of_type(after, TurnStarted) == [TurnStarted(1, 7)]  # B6/7: the Joker is over


def change_target(deck):
    """Two players; seat 0 won Change Target at T1; at T3 it holds O6 Y3 Y2 with B1 P2 G4 on
    the table and deck[4:] left in the deck."""
    _, t1 = tweak_on_a_deck(deck, tcards=["change"])
    return play(t1, "G4")


def test_r13_change_target_puts_the_top_card_on_the_table():
    t2 = change_target(["Y2/7", "B1", "P2", "R4", "G1/10", "R3/8", "B6/7"])
    assert t2.target == 10 and PlayChange() in legal_actions(t2)
    changed = play(t2, "change")
    assert changed.events == (ChangePlayed(0, F("G1"), 8),)  # R3/8 is the new target card
    assert table(changed) == faces("B1 P2 G4 G1")
    assert changed.deck == (Card.parse("R3/8"), Card.parse("B6/7")) and changed.target == 8
    # The card from the deck is a playable table card: O6 + B1 + G1 = 8.
    after = play(changed, "O6xB1+G1")
    assert table(after) == faces("P2 G4") and hand(after, 0) == faces("Y3 Y2 R3")
    assert of_type(after, TurnStarted) == [TurnStarted(1, 7)]


def test_r13_change_target_taking_the_last_deck_card_makes_the_target_7():
    t2 = change_target(["Y2/7", "B1", "P2", "R4", "G1/10"])
    changed = play(t2, "change")
    assert changed.events == (ChangePlayed(0, F("G1"), 7),)
    assert changed.deck == () and changed.target == 7 and view(changed, 1).deck_top is None
    assert set(legal_actions(changed)) >= actions("Y3xG4", "Y2xG4+G1")


def test_r13_change_target_not_offered_on_an_empty_deck():
    t2 = change_target(["Y2/7", "B1", "P2", "R4"])
    assert t2.deck == () and t2.tcards_held[0] == (CHANGE,)
    assert not any(isinstance(a, PlayChange) for a in legal_actions(t2))
    with pytest.raises(IllegalAction, match="^change is not legal: the deck is empty"):
        apply(t2, PlayChange())


def bomb_in_three():
    """Three players.  T3 seat 2 takes R1 G1 O1 B1 with Y6 (10, back of O2/10): TWEAK!, wins
    the Bomb.  T4, T5 seats 0 and 1 place G5 and P3; T6 seat 2 plays the Bomb."""
    start = deal([["O1", "R4", "G5"], ["B1", "P3", "Y3"], ["Y6", "R5", "B2"]],
                 table=["R1", "G1/7"],
                 deck=["O4", "P4", "O2/10", "Y1", "B4", "G2", "P2", "Y5/8", "B3/7", "R3",
                       "B5/10"],
                 tcards=["bomb"])
    s = SimpleNamespace(start=start)
    s.t3 = play(start, "O1", "B1", "Y6xR1+O1+G1+B1")
    s.t5 = play(s.t3, "G5", "P3")
    s.bombed = play(s.t5, "bomb")
    return s


def test_r13_bomb_asks_each_victim_in_seat_order_then_the_player_continues():
    s = bomb_in_three()
    assert s.t3.tcards_held[2] == (BOMB,)
    assert hand(s.t5, 0) == faces("R4 O4 G2") and hand(s.t5, 1) == faces("Y3 P4 P2")
    assert s.bombed.events == (BombPlayed(2, (0, 1)),)  # after seat 2 come 0, then 1
    assert (s.bombed.phase, s.bombed.to_act, s.bombed.turn) == (Phase.BOMB, 0, 2)
    # Seat 0 chooses for itself; nobody else may act now.
    assert set(legal_actions(s.bombed)) == actions("R4", "O4", "G2")
    assert set(view(s.bombed, 0).legal) == actions("R4", "O4", "G2")
    assert view(s.bombed, 1).legal == () and view(s.bombed, 2).legal == ()
    with pytest.raises(IllegalAction, match="must first give a card to the Bomb"):
        apply(s.bombed, parse_action("R5xP3"))
    gave0 = play(s.bombed, "O4")
    assert gave0.events == (GaveUp(0, F("O4")),) and gave0.to_act == 1
    assert set(legal_actions(gave0)) == actions("Y3", "P4", "P2")
    with pytest.raises(IllegalAction, match="seat 1 has no R4 in hand"):
        apply(gave0, Place(F("R4")))
    gave1 = play(gave0, "P4")
    assert gave1.events == (GaveUp(1, F("P4")),)
    assert (gave1.phase, gave1.to_act, gave1.tcard_played) == (Phase.PLAY, 2, True)
    assert table(gave1) == faces("Y1 B4 G5 P3 O4 P4")
    # Seat 2 continues its turn with a hand card: R5 + P3 = 8 (Y5/8).
    assert Capture.of(F("R5"), [F("P3")]) in legal_actions(gave1)
    assert not any(isinstance(a, PlayBomb) for a in legal_actions(gave1))
    after = play(gave1, "R5xP3")
    assert after.events == (
        Captured(2, F("R5"), (F("P3"),), "5 plus 3 is 8", False),
        Drew(2, 1, (F("Y5"),)), TurnStarted(0, 7),
    )
    # R16: the victims refill only at the end of their own turn.
    assert [len(h) for h in after.hands] == [2, 2, 3]
    refilled = play(after, "G2")
    assert of_type(refilled, Drew) == [Drew(0, 2, (F("B3"), F("R3")))]
    assert hand(refilled, 0) == faces("R4 B3 R3")


def test_r13_bomb_skips_players_with_empty_hands():
    """Four players, empty deck.  T2 seat 1 takes R1 G2 O1 with Y3 (7): TWEAK!, Bomb.  Everyone
    places until seat 0 is out of cards; T10 seat 1 bombs: only seats 2 and 3 give a card."""
    start = deal([["O1", "R4", "B5"], ["Y3", "P6", "G6"], ["O3", "Y5", "P2"],
                  ["G4", "B6", "R5"]], table=["R1", "G2"], tcards=["bomb"])
    lap = play(start, "O1", "Y3xR1+O1+G2", "O3", "G4", "R4", "P6", "Y5", "B6", "B5")
    assert lap.hands == ((), (F("G6"),), (F("P2"),), (F("R5"),)) and lap.to_act == 1
    bombed = play(lap, "bomb")
    assert bombed.events == (BombPlayed(1, (2, 3)),)  # seat 0 is skipped
    assert legal_actions(bombed) == (Place(F("P2")),)
    gave = play(bombed, "P2", "R5")
    assert gave.to_act == 1 and gave.hands == ((), (F("G6"),), (), ())
    assert legal_actions(gave) == (Place(F("G6")),)  # no 1 on the table: G6 cannot make 7
    end = play(gave, "G6")
    assert end.round == 2
    assert tuple(sorted(end.results[0].discarded)) == faces("O3 G4 R4 P6 Y5 B6 B5 P2 R5 G6")


def test_r13_bomb_not_offered_when_no_other_player_has_a_card():
    t4 = bomb_duel("bomb").t4
    assert t4.tcards_held[0] == (BOMB,) and t4.hands[1] == ()
    assert not any(isinstance(a, PlayBomb) for a in legal_actions(t4))
    with pytest.raises(IllegalAction, match="^bomb is not legal: no other player"):
        apply(t4, PlayBomb())


def test_r13_played_tcards_are_set_aside_and_still_score():
    s = bomb_duel()
    assert (s.bombed.tcards_held[0], s.bombed.tcards_used[0]) == ((), (BOMB,))
    assert view(s.bombed, 1).tcards_used[0] == (BOMB,)  # face up: public (R20)
    assert (s.t4.tcards_held[0], s.t4.tcards_used[0]) == ((THIEF,), (BOMB,))
    assert s.end.results[0].rows[0].tcards == 2


# ---- R14: capture or place ----------------------------------------------------------------


def callout_turn():
    """Two players.  T1 seat 0 places G3, T2 seat 1 places P6; T3 target 9 (Y1/9), seat 0
    holds R1 B5 O4, the table O3 Y2 G3 P6."""
    start = deal([["R1", "G3", "B5"], ["P6", "B4", "O5"]], table=["O3", "Y2"],
                 deck=["O4", "B2", "Y1/9", "P1"])
    return play(start, "G3", "P6")


def test_r14_capture_calls_out_the_sum():
    t3 = callout_turn()
    assert t3.target == 9 and hand(t3, 0) == faces("R1 B5 O4") and table(t3) == faces("O3 Y2 G3 P6")
    after = play(t3, "R1xO3+Y2+G3")  # 1 + 3 + 2 + 3 = 9; P6 stays: no TWEAK!
    captured = Captured(0, F("R1"), (F("O3"), F("Y2"), F("G3")),
                        "1 plus 3 is 4, plus 2 is 6, plus 3 is 9", False)
    assert after.events[0] == captured
    assert "1 plus 3 is 4, plus 2 is 6, plus 3 is 9" in describe(captured, ["Ann", "Bo"])
    assert Counter(after.won[0]) == Counter(faces("R1 O3 Y2 G3"))
    assert table(after) == faces("P6") and after.tweaks == (0, 0)


def test_r14_place_is_allowed_even_when_a_capture_exists():
    t3 = callout_turn()
    legal = set(legal_actions(t3))
    assert Capture.of(F("R1"), faces("O3 Y2 G3")) in legal
    assert actions("R1", "B5", "O4") <= legal
    placed = play(t3, "R1")
    assert placed.events[0] == Placed(0, F("R1"))
    assert table(placed) == faces("O3 Y2 G3 P6 R1") and placed.won == ((), ())


def test_r14_table_cards_in_any_order_make_the_same_capture():
    """A capture's table cards are a set (R14): given in click order (Y2, G3, O3) they must make
    the state their notation replays to, with the same call-out (a game is its record)."""
    t3 = callout_turn()
    clicked = Capture(F("R1"), (F("Y2"), F("G3"), F("O3")))
    live = apply(t3, clicked)
    replayed = apply(t3, parse_action(format_action(clicked)))
    assert live == replayed
    assert live.events[0].taken == (F("O3"), F("Y2"), F("G3"))
    assert live.events[0].callout == "1 plus 3 is 4, plus 2 is 6, plus 3 is 9"


@pytest.mark.parametrize("move, reason", [
    ("R1xO3+Y2", "the cards add up to 6, not the target 9"),
    ("R1xO3+Y2+G3+P6", "the cards add up to 15, not the target 9"),
    ("R1xB6", "B6 not on the table"),
    ("B4xO3+Y2", "seat 0 has no B4 in hand"),
])
def test_r14_a_capture_must_hit_the_target_exactly_with_cards_in_play(move, reason):
    t3 = callout_turn()
    with pytest.raises(IllegalAction) as error:
        apply(t3, parse_action(move))
    assert str(error.value) == f"{format_action(parse_action(move))} is not legal: {reason}"


def test_r14_a_capture_takes_at_least_one_table_card():
    t3 = callout_turn()
    with pytest.raises(IllegalAction, match="at least one table card"):
        apply(t3, Capture(F("R1"), ()))
    # The Joker can make the target equal one hand card; that card alone is still no capture.
    _, joked = joker_turn(-1, target_card="R3/7")  # 7 - 1 = 6, and seat 0 holds O6
    assert joked.target == 6 and F("O6") in joked.hands[0]
    assert {a for a in legal_actions(joked) if isinstance(a, Capture)} == actions(
        "Y3xB1+P2", "Y2xG4")
    with pytest.raises(IllegalAction, match="^O6x is not legal: a capture must take at least"):
        apply(joked, Capture(F("O6"), ()))


# ---- R15: TWEAK! ----------------------------------------------------------------------------


def test_r15_a_capture_clearing_the_table_wins_the_top_tcard():
    start, t1 = tweak_on_a_deck(["Y2/7", "B1", "P2", "R4"])
    assert start.tcard_pile == (JOKER, BOMB)
    assert t1.events[:2] == (Captured(0, F("R5"), (F("R1"), F("O1")), "5 plus 1 is 6, plus 1 is 7",
                                      True),
                             TCardWon(0, JOKER))
    assert t1.tcard_pile == (BOMB,) and t1.tcards_held == ((JOKER,), ())
    assert t1.tweaks == (1, 0) and view(t1, 1).tcards_held[0] == (JOKER,)  # face up (R20)


def test_r15_tweak_with_an_empty_pile_counts_but_wins_nothing():
    start, t1 = tweak_on_a_deck(["Y2/7", "B1", "P2", "R4"], tcards=())
    assert of_type(t1, TCardWon) == [TCardWon(0, None)]
    assert t1.tweaks == (1, 0) and t1.tcards_held == ((), ())
    row = tied_round().results[0].rows[1]  # seat 1's TWEAK! with an empty pile
    assert (row.tweaks, row.tcards, row.tcard_points) == (1, 0, 0)


# ---- R16: end of turn ----------------------------------------------------------------------


def test_r16_refill_the_hand_first_then_two_cards_to_an_empty_table():
    _, t1 = tweak_on_a_deck(["Y2/7", "B1", "P2", "R4"])
    assert t1.events[2:] == (Drew(0, 1, (F("Y2"),)), TableDealt((F("B1"), F("P2"))),
                             TurnStarted(1, 9))  # R4/9 on top
    assert hand(t1, 0) == faces("O6 Y3 Y2") and t1.table == (F("B1"), F("P2"))


def test_r16_deck_running_out_after_the_hand_leaves_the_table_short():
    _, t1 = tweak_on_a_deck(["Y2/7", "B1"])
    assert t1.events[2:] == (Drew(0, 1, (F("Y2"),)), TableDealt((F("B1"),)), TurnStarted(1, 7))
    assert (t1.deck, t1.table) == ((), (F("B1"),))


def test_r16_deck_running_out_in_the_middle_of_a_hand_refill():
    """T1 seat 0 TWEAK! wins a Bomb; T3 it bombs seat 1 (gives P6) and places O2; T4 seat 1,
    down to B5 Y1, places B5 and needs two cards: the deck has one."""
    start = deal([["R5", "O2", "Y6"], ["G4", "B5", "P6"]], table=["R1", "O1"],
                 deck=["Y2/7", "B3", "P1", "Y1", "R2", "O4"], tcards=["bomb"])
    t3 = play(start, "R5xR1+O1", "G4", "bomb", "P6", "O2")
    assert [len(h) for h in t3.hands] == [3, 2]  # R16: only the active player refilled
    t4 = play(t3, "B5")
    assert t4.events == (Placed(1, F("B5")), Drew(1, 1, (F("O4"),)), TurnStarted(0, 7))
    assert hand(t4, 1) == faces("Y1 O4") and t4.deck == ()


# ---- R17–R19: round and game end -------------------------------------------------------------


def test_r17_round_ends_when_deck_and_every_hand_are_empty():
    s = bomb_duel()
    assert s.t4.hands[1] == () and (s.t4.round, s.t4.results) == (1, ())  # seat 0 still holds Y6
    [ended] = of_type(s.end, RoundEnded)
    assert ended.result.round == 1 and ended.result.dealer == 1
    assert s.end.results == (ended.result,)


def test_r17_cards_left_on_the_table_are_discarded_and_score_nothing():
    s = bomb_duel()
    result = s.end.results[0]
    assert tuple(sorted(result.discarded)) == faces("B3 Y6")
    assert result.rows[1].points == 0 and result.rows[1].cards == 0
    assert sum(row.cards for row in result.rows) == 6  # the 8 cards, less the 2 discarded


def test_r17_all_tcards_go_back_to_the_pile_for_the_next_round():
    end = bomb_duel().end  # seat 0 ended round 1 with a Thief unused and a Bomb used
    assert end.round == 2 and end.phase is Phase.PLAY
    assert Counter(end.tcard_pile) == {THIEF: 5, JOKER: 5, CHANGE: 5, BOMB: 2}
    assert end.tcards_held == ((), ()) and end.tcards_used == ((), ())
    assert end.won == ((), ()) and end.tweaks == (0, 0)
    # Round 2 is a fresh deal of the whole edition.
    assert [len(h) for h in end.hands] == [3, 3] and len(end.table) == 2
    assert len(end.deck) == 54 - 8


def test_r18_score_sheet_rows():
    result = bomb_duel().end.results[0]
    assert result == RoundResult(
        round=1, dealer=1,
        rows=(ScoreRow(seat=0, cards=6, card_points=14, red_bonus=6, tcards=2, tcard_points=4,
                       tweaks=2, points=24, total=24),
              ScoreRow(seat=1, cards=0, card_points=0, red_bonus=0, tcards=0, tcard_points=0,
                       tweaks=0, points=0, total=0)),
        discarded=result.discarded,
    )
    assert bomb_duel().end.totals == (24, 0)


def test_r18_totals_run_across_rounds():
    state = new_game(3, 11)  # Classic goal for 3 players: several rounds
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    assert len(state.results) >= 2
    running = [0, 0, 0]
    for number, result in enumerate(state.results, 1):
        assert result.round == number and result.dealer == (state.results[0].dealer + number - 1) % 3
        for row in result.rows:
            assert row.points == row.card_points + row.red_bonus + row.tcard_points
            assert row.tcard_points == 2 * row.tcards
            running[row.seat] += row.points
            assert row.total == running[row.seat]
    assert state.totals == tuple(running)


def test_r19_game_ends_when_a_total_reaches_the_goal():
    over = bomb_duel(rules=goals(24)).end  # seat 0 scores exactly 24
    assert over.is_over and over.phase is Phase.OVER and over.winners == (0,)
    assert of_type(over, GameEnded) == [GameEnded((0,), (24, 0))]
    assert over.to_act is None and legal_actions(over) == ()
    with pytest.raises(IllegalAction, match="the game is over"):
        apply(over, Place(F("R1")))
    going_on = bomb_duel(rules=goals(25)).end
    assert not going_on.is_over and going_on.round == 2 and going_on.winners == ()


def test_r19_highest_total_wins_and_a_tie_shares_the_win():
    tie = tied_round("B6", goal=7)
    assert tie.totals == (7, 7) and tie.winners == (0, 1)
    assert of_type(tie, GameEnded) == [GameEnded((0, 1), (7, 7))]
    clear = tied_round("R6", goal=7)  # both reach 7; seat 1 has 13
    assert clear.totals == (7, 13) and clear.winners == (1,)
    below = tied_round("B6", goal=8)
    assert not below.is_over and below.round == 2


# ---- R2–R3: editions and house rules ---------------------------------------------------------


@pytest.mark.parametrize("players, colours", [
    (2, "ROYG"), (3, "ROYG"), (4, "ROYGB"), (5, "ROYGBP"), (6, "ROYGBP"),
])
def test_r2_compact_colours_by_player_count(players, colours):
    state = new_game(players, 3, COMPACT)
    in_play = [f for h in state.hands for f in h] + list(state.table)
    in_play += [card.face for card in state.deck]
    assert len(in_play) == 9 * len(colours)
    assert {face.colour.letter for face in in_play} == set(colours)
    assert Counter(state.tcard_pile) == {THIEF: 4, JOKER: 3, CHANGE: 2, BOMB: 1}


def test_r2_compact_stacked_deck_refuses_a_dropped_colour():
    with pytest.raises(ValueError, match="B1/7"):
        new_game(3, 0, COMPACT, deck=["B1/7"] + [str(c) for c in COMPACT.number_cards(3)[:10]])


@pytest.mark.parametrize("changes, message", [
    ({"red_multiplier": 0}, "red_multiplier must be a whole number from 1 to 10, not 0"),
    ({"red_multiplier": "2"}, "red_multiplier must be a whole number"),
    ({"tcard_points": -1}, "tcard_points must be a whole number from 0 to 50, not -1"),
    ({"goals": (100,)}, "goals must be 5 numbers"),
    ({"goals": (0, 170, 130, 100, 85)}, "the goal for 2 players must be a whole number"),
    ({"colours_by_players": (7, 6, 6, 6, 6)},
     "the number of colours for 2 players must be a whole number from 1 to 6, not 7"),
    ({"colours_by_players": (1, 1, 1, 1, 1)},
     "1 colour(s) make 9 cards, too few to deal to 3 players (12 needed)"),
    ({"tcard_counts": (5, 5, 5)}, "tcard_counts must be 4 numbers"),
    ({"cards": 3}, "unknown rule setting(s): cards"),
    ({"edition": " "}, "edition must be a non-empty name"),
])
def test_r3_house_rules_refuse_nonsense_with_a_clear_message(changes, message):
    with pytest.raises(RulesError) as error:
        CLASSIC.with_changes(**changes)
    assert message in str(error.value)


def test_r3_house_rules_are_played_and_recorded_in_full():
    rules = CLASSIC.with_changes(colours_by_players=(3, 4, 6, 6, 6), red_multiplier=3,
                                 goals=(40, 170, 130, 100, 85))
    assert rules.edition == "house"
    state = new_game(2, 9, rules)
    colours = {f.colour for h in state.hands for f in h} | {c.face.colour for c in state.deck}
    assert colours <= {Colour.RED, Colour.ORANGE, Colour.YELLOW}
    assert len(state.deck) == 27 - 2 * 3 - 2
    record = loads(dumps(Record(players=2, seed=9, rules=rules)))
    assert record.rules == rules


# ---- R20–R21: who sees what ----------------------------------------------------------------


def two_tables(seat1, deck, seed, tcards):
    """Seat 0's cards and every public fact are the same; seat 1's hand, the deck faces (not
    their backs), the [T!] pile order and the seed are whatever is given."""
    return deal([["R1", "O2", "Y3"], seat1], table=["G4", "B5"], deck=deck, seed=seed,
                tcards=tcards)


def test_r21_a_view_depends_only_on_what_its_seat_may_know():
    # Seat 0 draws the top card (the same Y5 in both); the cards below differ, backs do not.
    a = two_tables(["P6", "R6", "O6"], ["Y5/8", "O1/9", "Y1/10", "G1/7"], 1, ["thief", "joker"])
    b = two_tables(["P6", "G6", "B6"], ["Y5/8", "O3/9", "Y3/10", "G3/7"], 2, ["joker", "thief"])
    assert a.hands[1] != b.hands[1] and a.deck != b.deck and a.seed != b.seed
    for moves in ((), ("R1",), ("R1", "P6")):  # seat 1 places the card both hands share
        va, vb = view(play(a, *moves), 0), view(play(b, *moves), 0)
        assert va == vb
    assert view(a, 1) != view(b, 1)  # seat 1 does see its own hand


def test_r21_a_view_holds_no_hidden_field():
    names = {field.name for field in fields(PlayerView)}
    assert not names & {"hands", "deck", "seed", "tcard_pile", "state"}
    me = view(bomb_in_three().bombed, 1)
    assert me.hand == bomb_in_three().bombed.hands[1]
    assert not hasattr(me, "seed") and not hasattr(me, "deck")


def test_r20_a_view_shows_every_public_fact():
    state = bomb_in_three().bombed
    for seat in range(3):
        me = view(state, seat)
        assert (me.seat, me.players, me.round, me.dealer, me.turn, me.to_act, me.phase) == (
            seat, 3, 1, 2, 2, 0, "bomb")
        assert me.table == state.table and me.target == state.target
        assert me.deck_top == state.deck[0].back and me.deck_size == len(state.deck)
        assert me.tcard_pile_size == 0 and me.hand_sizes == (3, 3, 3)
        assert me.captured == state.won  # every capture is shown to all (R14, R20)
        assert Counter(me.captured[2]) == Counter(faces("Y6 R1 O1 G1 B1"))
        assert me.tcards_held == ((), (), ()) and me.tcards_used == ((), (), (BOMB,))
        assert me.tweaks == (0, 0, 1) and me.bomb_queue == (0, 1)
        assert me.events == (BombPlayed(2, (0, 1)),)
        assert (me.totals, me.results, me.winners) == ((0, 0, 0), (), ())
    scored = view(bomb_duel().end, 1)
    assert scored.results == bomb_duel().end.results and scored.totals == (24, 0)


def test_r21_other_seats_drawn_and_dealt_cards_are_hidden_in_events():
    t2 = callout_turn()  # T2: seat 1 placed P6 and drew B2
    t1 = play(deal([["R1", "G3", "B5"], ["P6", "B4", "O5"]], table=["O3", "Y2"],
                   deck=["O4", "B2", "Y1/9", "P1"]), "G3")
    assert of_type(t1, Drew) == [Drew(0, 1, (F("O4"),))]
    assert [e for e in view(t1, 0).events if isinstance(e, Drew)] == [Drew(0, 1, (F("O4"),))]
    assert [e for e in view(t1, 1).events if isinstance(e, Drew)] == [Drew(0, 1, ())]
    assert [e for e in view(t2, 0).events if isinstance(e, Drew)] == [Drew(1, 1, ())]
    assert [e for e in view(t2, 1).events if isinstance(e, Drew)] == [Drew(1, 1, (F("B2"),))]
    dealt = new_game(3, 4)
    for seat in range(3):
        shown = [e for e in view(dealt, seat).events if isinstance(e, Dealt)]
        assert [e.cards for e in shown] == [
            dealt.hands[s] if s == seat else () for s in range(3)]


# ---- actions: refusals and notation (rules as functions; one notation) ----------------------


def test_apply_refuses_illegal_actions_naming_the_action():
    t3 = callout_turn()
    for action in (Place(F("P5")), PlayThief(1), PlayJoker(1), PlayChange(), PlayBomb(),
                   Capture.of(F("R1"), [F("O3")])):
        with pytest.raises(IllegalAction) as error:
            apply(t3, action)
        assert isinstance(error.value, ValueError)
        assert str(error.value).startswith(f"{format_action(action)} is not legal: ")
    assert t3.hands[0] == callout_turn().hands[0]  # a refused action changes nothing


def test_notation_round_trips_for_every_action():
    seen = set()
    for state in (bomb_in_three().bombed, bomb_in_three().t5, one_tcard_per_turn().t4,
                  change_target(["Y2/7", "B1", "P2", "R4", "G1/10", "R3/8"]),
                  joker_turn(1)[1], callout_turn(), empty_deck_robbery().t6):
        seen.update(legal_actions(state))
    assert {type(a) for a in seen} == {Place, Capture, PlayThief, PlayJoker, PlayChange, PlayBomb}
    for action in seen:
        assert parse_action(format_action(action)) == action
    assert format_action(parse_action("R3xO2+R1")) == "R3xR1+O2"  # table cards stored sorted
    for text in ("thief@2", "joker+1", "joker-1", "change", "bomb", "P6"):
        assert format_action(parse_action(text)) == text


@pytest.mark.parametrize("text", ["X3", "R7", "R3x", "thief@", "joker+2", "R3xO9", ""])
def test_notation_errors_name_the_text(text):
    with pytest.raises(NotationError) as error:
        parse_action(text)
    assert repr(text) in str(error.value)
