"""The evaluator (tweak/bots/evaluator.py): every legal action judged from a seat's view.

* Its data: one ``Judgement`` per legal action, best first, the best at value 0 and the others
  below it, each with reasons a person can read — and nothing in it depends on what the seat
  cannot see.
* Stacked positions where the best move is known by construction:
  - a capture that leaves the next player a sure TWEAK! (R15) ranks below a smaller capture
    that leaves them nothing;
  - late in a round (3 cards left) capturing and keeping The Thief ranks above playing it
    (a worked example);
  - a capture of red cards ranks above a place.
* The sampler never produces a card the seat has seen elsewhere (its hand, the table, the
  captured piles), and the top card always carries the visible back (R6).
* The sampler reads the last play in the view (R20): a seat that placed a card is not given
  a kept card that could have captured at its target; a seat that captured is given a hand
  whose first card drawn shows the capture's sum on its back (R6, R11).
* The playouts' shortcuts (the next seat's best reply by a knapsack; the round's last card
  scored without dealing the next round) give what the engine's lists and scoring give.

Positions late in a round are built directly: hands, table and deck as given, every other card
of the edition in the captured piles (public, R20), so the unseen cards are exactly the other
hands and the deck.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from random import Random

from stacking import deal, position
from tweak import CLASSIC, COMPACT, Card, Face, apply, new_game, parse_action, view
from tweak.bots import Budget, Judgement, evaluate, make_bot
from tweak.bots.evaluator import describe
from tweak.bots.knowledge import Knowledge
from tweak.bots.sampling import determinize

BUDGET = Budget(steps=4000, min_worlds=16)


def test_judgements_cover_every_legal_action_best_first():
    state = new_game(3, 21)
    for _ in range(12):  # a few turns in, so the table and the captured piles are not bare
        seen = view(state, state.to_act)
        state = apply(state, make_bot("medium", 1).choose(seen))
    seen = view(state, state.to_act)
    found = evaluate(seen, Budget(steps=1500, min_worlds=8))
    assert all(isinstance(item, Judgement) for item in found)
    assert sorted(map(str, (item.action for item in found))) == sorted(map(str, seen.legal))
    assert found[0].value == 0 and all(item.value <= 0 for item in found)
    assert [item.value for item in found] == sorted((item.value for item in found), reverse=True)
    for item in found:
        assert item.reasons and all(isinstance(reason, str) and reason for reason in item.reasons)
        assert item.worlds >= 1


def test_a_sure_tweak_for_the_next_player_ranks_below_a_smaller_safe_capture():
    # Deck empty: the target is 7 (R7).  Seat 0 holds R4 and G5; seat 1's one card is the only
    # unseen card, B5, so the seat knows it.  R4xR3 takes 14 points but leaves O2, which B5
    # takes for a TWEAK! and a [T!] card (R15); G5xO2 takes 7 and leaves R3, which B5 cannot
    # touch, and R4 takes R3 next turn.
    state = position([["R4", "G5"], ["B5"]], ["R3", "O2"], [])
    seen = view(state, 0)
    assert seen.target == 7 and Knowledge(seen).unseen == (Face.parse("B5"),)
    found = evaluate(seen, BUDGET)
    order = [str(item.action) for item in found]
    assert order.index("G5xO2") < order.index("R4xR3")
    safe = next(item for item in found if str(item.action) == "G5xO2")
    risky = next(item for item in found if str(item.action) == "R4xR3")
    assert safe.value - risky.value > 5
    assert any("TWEAK!" in reason and "100%" in reason for reason in risky.reasons)
    assert any("takes R4+R3: 14 points (2 red cards" in reason for reason in risky.reasons)


def test_capturing_and_keeping_the_thief_beats_playing_it_late_in_the_round():
    # A worked example: 4 players, 3 cards left in the deck, target 9 (the top card's back,
    # R6, R11), table O2 P6 P2 G3, hand P5 G5 O3, The Thief held.  P5xO2+P2 takes 9 points and
    # keeps the Thief for a later turn, where it still acts (R13) and scores 2 either way (R5).
    state = position([["P5", "G5", "O3"], ["Y4", "B6", "O1"], ["G1", "Y6", "B3"],
                      ["R6", "O5", "Y1"]],
                     ["O2", "P6", "P2", "G3"], ["Y3/9", "B2/9", "G4/8"], held={0: ["thief"]})
    seen = view(state, 0)
    assert seen.target == 9 and seen.deck_size == 3
    capture = parse_action("P5xO2+P2")
    assert capture in seen.legal
    found = evaluate(seen, BUDGET)
    ranks = {str(item.action): number for number, item in enumerate(found)}
    thief_best = min(number for text, number in ranks.items() if text.startswith("thief"))
    assert ranks["P5xO2+P2"] < thief_best
    assert any("keeps The Thief" in reason for reason in found[ranks["P5xO2+P2"]].reasons)


def test_red_points_rank_a_capture_above_a_place():
    state = deal([["R6", "G3", "P1"], ["B4", "B5", "B6"]], table=["R1", "Y2"],
                 deck=["R4/9", "G6", "P6", "Y6"], tcards=["joker"])
    seen = view(state, 0)
    found = evaluate(seen, Budget(steps=2000, min_worlds=8))
    assert isinstance(found[0].action, type(parse_action("R6xR1+Y2")))
    assert str(found[0].action) == "R6xR1+Y2"
    assert any("TWEAK!" in reason for reason in found[0].reasons)


def test_the_evaluation_depends_only_on_the_view():
    # The same view from two states that differ in the hidden cards gives the same judgements.
    first = position([["R4", "G5"], ["B5", "Y1"]], ["R3", "O2"], ["P3/8", "O4/9"])
    second = replace(first, hands=(first.hands[0], (Face.parse("P3"), Face.parse("O4"))),
                     deck=(Card.parse("B5/8"), Card.parse("Y1/8")))
    assert view(first, 0) == view(second, 0)
    budget = Budget(steps=800, min_worlds=8)
    assert evaluate(view(first, 0), budget, seed=3) == evaluate(view(second, 0), budget, seed=3)


def test_reasons_speak_of_tcards_kept_and_the_next_player():
    state = position([["P5", "G5", "O3"], ["Y4", "B6", "O1"]], ["O2", "P6"],
                     ["R1/7", "B2/9", "G4/8"], held={0: ["joker"]})
    seen = view(state, 0)
    text = describe(seen, parse_action("G5"))
    assert text[0] == "places G5: gives up its 5 points"
    assert any("keeps The Joker" in reason for reason in text)
    assert any(reason.startswith("leaves O2+P6+G5") for reason in text)


def test_sampled_worlds_never_hold_a_card_the_seat_has_seen():
    # Many views from real games (2-6 players, both editions): no sampled hidden card is one the
    # seat sees in its hand, on the table or in a captured pile, beyond the copies the edition
    # has; the top card shows the visible back (R6); hidden cards are physical cards.
    rng = Random(5)
    checked = 0
    for players, rules in ((2, CLASSIC), (3, COMPACT), (4, CLASSIC), (5, COMPACT), (6, CLASSIC)):
        state = new_game(players, 40 + players, rules)
        bots = [make_bot("medium", seat) for seat in range(players)]
        step = 0
        while not state.is_over and step < 150:
            seen_by_actor = view(state, state.to_act)
            if step % 5 == 0:
                for seat in range(players):
                    seen = view(state, seat)
                    edition = Counter(card.face for card in rules.number_cards(players))
                    shown = Counter(seen.hand) + Counter(seen.table)
                    for pile in seen.captured:
                        shown.update(pile)
                    for _ in range(3):
                        world = determinize(seen, rng)
                        hidden = Counter(card.face for card in world.deck)
                        for other in range(players):
                            if other != seat:
                                hidden.update(world.hands[other])
                        for face, count in hidden.items():
                            assert count + shown[face] <= edition[face], (
                                f"{face} sampled {count} times but seen {shown[face]} times")
                        assert world.hands[seat] == seen.hand
                        if world.deck:
                            assert world.deck[0].back == seen.deck_top
                        assert not Counter(world.deck) - Counter(rules.number_cards(players))
                        checked += 1
            state = apply(state, bots[state.to_act].choose(seen_by_actor))
            step += 1
    assert checked > 500


def test_a_place_tells_the_sampler_which_cards_the_placer_did_not_keep():
    # Deck empty (target 7, R7).  Seat 1 held G1 B2 P6 facing R3: no card of it adds to 7
    # with R3 (R14), so it placed G1.  Four more cards are left out of the captured piles, so
    # the unseen cards are B2 P6 Y4 O4 Y5 O5 and seat 1 holds two of them.  A 4 would have
    # captured R3 (4 + 3 = 7): a seat that places rather than capture gives up points, so
    # with no slip no sampled world gives seat 1 a 4; without the inference some do.
    from tweak.actions import Place
    from tweak.bots.knowledge import Knowledge

    state = position([["R6", "G5"], ["G1", "B2", "P6"]], ["R3"], [], turn=1)
    spare = Counter(Face.parse(text) for text in ("Y4", "O4", "Y5", "O5"))
    won = []
    for pile in state.won:
        kept = []
        for face in pile:
            if spare[face]:
                spare[face] -= 1
            else:
                kept.append(face)
        won.append(tuple(kept))
    state = apply(replace(state, won=tuple(won)), Place(Face.parse("G1")))
    seen = view(state, 0)
    known = Knowledge(seen)
    assert known.placed is not None and known.placed.seat == 1 and not known.placed.capture
    assert sorted(map(str, known.unseen)) == ["B2", "O4", "O5", "P6", "Y4", "Y5"]
    rng = Random(3)
    fours = [sum(face.value == 4 for face in determinize(seen, rng, known, slip).hands[1])
             for slip in (0.0, 1.0) for _ in range(300)]
    assert sum(fours[:300]) == 0
    assert sum(fours[300:]) > 50  # without it, 2 of the 6 unseen cards are 4s


def test_a_capture_tells_the_sampler_the_back_of_the_first_card_drawn():
    # place_weight on hands given directly: seat 1 captured at 9 and drew one card, so one of
    # its cards (the first drawn) was the deck's top card with the back 9 (R6, R11).
    from tweak.bots.knowledge import PlayEvidence
    from tweak.bots.sampling import place_weight

    best = (-1,) * 17  # the table it faced offers no other capture
    evidence = PlayEvidence(1, Face.parse("G4"), True, 9, best, 9, 1, False)
    with_nine = [Card.parse("B2/7"), Card.parse("O3/8"), Card.parse("Y6/9")]
    without = [Card.parse("B2/7"), Card.parse("O3/8"), Card.parse("Y6/10")]
    assert place_weight(with_nine, evidence, CLASSIC, 0.0) == 1 / 3
    assert place_weight(without, evidence, CLASSIC, 0.0) == 0.0
    # Having used a Joker this round (R13), the target may have been the back ±1: O3/8 and
    # Y6/10 may each have been the card drawn.
    assert place_weight(without, replace(evidence, joker=True), CLASSIC, 0.0) == 2 / 3


def test_the_playouts_shortcuts_agree_with_the_engine():
    # The playouts find the next seat's best reply with a knapsack over the table's sums, and
    # score the round's last card without apply (which would deal the next round).  Both must
    # give what the engine's own lists and scoring give, in positions from real games.
    from tweak.bots import playout as play
    from tweak.engine import captures_by_total
    from tweak.state import Phase

    def listed_reply(state, seat, hand_after, table_after, tweak, points, bonus):
        # The reply as every capture listed by the engine gives it (the former way).
        deck = state.deck
        draws = min(state.rules.hand_size - len(hand_after), len(deck))
        if tweak:
            table_after = tuple(card.face for card in deck[draws:draws + state.rules.table_refill])
            draws += state.rules.table_refill
        other = play._next_seat(state, seat, state.hands)
        if not table_after or other is None:
            return 0.0
        target = deck[draws].back if draws < len(deck) else state.rules.final_target
        hand = state.hands[other]
        found = captures_by_total(table_after, {target - face.value for face in hand})
        if not found:
            return 0.0
        pays = bonus if len(state.tcard_pile) > tweak else 0
        return play._best_capture(hand, table_after, target, found, points, pays)[0]

    rng = Random(11)
    replies = finals = 0
    for players in (2, 3, 4, 6):
        for seed in range(6):
            state = new_game(players, 500 + seed)
            points = play.points_table(state.rules)
            round_number = state.round
            while state.round == round_number:
                if state.phase is Phase.PLAY:
                    seat = state.turn
                    hand = list(state.hands[seat])
                    rest = hand[1:]
                    tables = [state.table + (hand[0],), tuple(state.table[1:])]
                    for table_after in tables:
                        for tweak in (False, True):
                            args = (state, seat, tuple(rest), table_after, tweak, points, 3.0)
                            assert play._reply_value(*args) == listed_reply(*args)
                            replies += 1
                action = play.policy_action(state, points, look=rng.random() < 0.5)
                if (state.phase is Phase.PLAY and not state.deck and play._last_card(state)
                        and type(action).__name__ in ("Capture", "Place")):
                    after = apply(state, action)
                    assert after.round != round_number or after.is_over
                    assert play._final_scores(state, round_number, action, points) == \
                        play.round_points(after, round_number)
                    finals += 1
                state = apply(state, action)
    assert replies > 500 and finals == 24


def test_a_short_playout_plays_one_more_turn_of_the_seat_and_the_replies_to_it():
    # Early in a round (more than ENDGAME_DECK cards left) a playout stops when the seat is to
    # play again after SHORT_TURNS (1) more turns of its own: what the other seat leaves it and
    # what it then takes count.  Here seat 0 plays R4xR3 at target 7 (R11: the top back) and
    # leaves O2; seat 1 (B6 P6 O6) has no sum to its target 9 and places a 6; seat 0, target 7,
    # takes G5xO2 (7 points), which leaves the 6 that seat 1 cannot take at its target 8.
    from tweak.bots import evaluator
    from tweak.bots.playout import playout, points_table

    deck = ["P1/7", "B1/9", "G2/7", "Y2/8"] + [f"{colour}{value}/{back}" for colour, value, back
                                            in (("Y", 3, 8), ("G", 3, 9), ("B", 2, 10),
                                                ("P", 2, 9), ("O", 3, 10), ("B", 3, 7),
                                                ("G", 1, 8), ("O", 1, 9), ("Y", 1, 7),
                                                ("P", 3, 8))]
    state = position([["R4", "G5", "Y1"], ["B6", "P6", "O6"]], ["R3", "O2"], deck)
    assert state.target == 7 and len(state.deck) > evaluator.ENDGAME_DECK
    assert evaluator.SHORT_TURNS == 1
    points = points_table(CLASSIC)
    capture = parse_action("R4xR3")
    now, steps_now = playout(state, capture, points, 4, seat=0, turns=0)
    later, steps_later = playout(state, capture, points, 4, seat=0, turns=1)
    assert (steps_now, steps_later) == (2, 4)  # seat 0, seat 1; then seat 0 and seat 1 again
    assert later[0] - now[0] == 7  # G5xO2 on seat 0's next turn (R5: no red card)
    assert later[1] == now[1]  # seat 1 took nothing
