"""The exact endgame (tweak/bots/endgame.py): 2 players, an empty deck, both hands known.

* The solver's world is built from the view alone (R21): the other hand is exactly the cards
  the view does not show, and re-viewing the world gives the view back; a state differing in
  what the seat cannot see (the [T!] pile's order, the seed) gives the same answer.
* Positions whose values are worked out by hand: keeping The Thief, a place that keeps a
  capture for later against a capture that leaves a sure TWEAK! (R15), The Thief's random card
  (R13) and a TWEAK!'s unknown [T!] card (R15, R21) averaged.
* Alpha-beta and the memo change no value: over real positions the solver agrees with a plain
  expectiminimax written here.
* The Hard bot plays the solver's choice, and searches as before when the solver gives up.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from stacking import deal, position
from tweak import CLASSIC, COMPACT, Face, TKind, apply, new_game, parse_action, view
from tweak.bots import HardBot, MediumBot
from tweak.bots.endgame import (Solver, _outcomes, endgame_world, finish, sampled_steps, solve,
                                 solve_steps)
from tweak.bots.knowledge import Knowledge
from tweak.bots.playout import _final_scores, _last_card
from tweak.engine import legal_actions
from tweak.actions import Capture, Place
from tweak.state import Phase



def full_pile(held=(), rules=CLASSIC):
    """The [T!] pile of a round where ``held`` are the only [T!] cards won: every other card
    of the edition (R1), so the view accounts for every [T!] card."""
    pile = list(rules.tcards())
    for kind in held:
        pile.remove(TKind.parse(kind))
    return tuple(kind.value for kind in pile)


def deck_empty_states(games, players=2, rules=CLASSIC, first_seed=1):
    """States with an empty deck met in games between Mediums, with a choice to make."""
    for seed in range(first_seed, first_seed + games):
        state = new_game(players, seed, rules)
        bots = [MediumBot(seed * 3 + seat) for seat in range(players)]
        while not state.is_over:
            seat = state.to_act
            seen = view(state, seat)
            if not state.deck and len(seen.legal) > 1:
                yield state
            state = apply(state, bots[seat].choose(seen))


def exact(state, seat, text):
    """The exact value of one action (a full window: no bound)."""
    return Solver(seat, state.rules).action_value(state, parse_action(text))


def test_the_world_is_the_view_with_the_other_hand_known():
    checked = 0
    for state in deck_empty_states(8):
        for seat in (0, 1):
            seen = view(state, seat)
            world = endgame_world(seen)
            assert world is not None
            assert replace(view(world, seat), events=()) == replace(seen, events=())
            other = 1 - seat
            # R21: the other hand is what the seat does not see; with an empty deck that is all.
            assert sorted(world.hands[other]) == list(Knowledge(seen).unseen)
            assert sorted(world.hands[other]) == sorted(state.hands[other])
            checked += 1
    assert checked > 50


def test_no_exact_endgame_with_cards_in_the_deck_three_players_or_cards_out_of_play():
    with_deck = new_game(2, 5)
    assert endgame_world(view(with_deck, with_deck.to_act)) is None
    three = next(deck_empty_states(3, players=3))
    assert endgame_world(view(three, three.to_act)) is None
    # A deal from a short stacked deck: the unseen cards were never dealt, so the other hand
    # is not known (one of many possible hands), and the solver says so.
    short = deal([["R1", "R2", "R3"], ["O1", "O2", "O3"]], ["Y1", "Y2"], [],
                 tcards=full_pile())
    assert not short.deck
    assert endgame_world(view(short, 0)) is None and solve(view(short, 0)) is None


def test_capturing_and_keeping_the_thief_beats_playing_it():
    # Target 7 (R7).  G5xP2 clears the table: a TWEAK! and a [T!] card (R15), 7 + 2 points;
    # seat 1 then places its O1 and the round ends (R17).  Playing The Thief first puts O1 on
    # the table (R13), so G5xP2 is no TWEAK!: 7 points.  The Thief scores 2 either way (R5).
    state = position([["G5"], ["O1"]], ["P2"], [], held={0: ["thief"]},
                     pile=full_pile(["thief"]))
    seen = view(state, 0)
    assert seen.target == 7 and parse_action("thief@1") in seen.legal
    solved = solve(seen)
    assert str(solved.best()) == "G5xP2"
    assert solved.values[solved.actions.index(parse_action("G5xP2"))] == 9
    assert exact(state, 0, "thief@1") == 7
    assert exact(state, 0, "G5") == 0


def test_a_place_that_keeps_a_capture_beats_a_capture_that_leaves_a_sure_tweak():
    # Target 7.  G4xO3 takes 7 but leaves B2 to seat 1's P5: a TWEAK! (7 + a [T!] card, 2)
    # and Y1 is then placed: -2.  Placing Y1 leaves nothing for P5 but P5xB2 (7), and G4xO3
    # (7) follows: 0.  Placing G4 gives seat 1 P5xB2 and leaves Y1 nothing: -7.
    state = position([["G4", "Y1"], ["P5"]], ["O3", "B2"], [], pile=full_pile())
    seen = view(state, 0)
    assert str(solve(seen).best()) == "Y1"
    assert exact(state, 0, "G4xO3") == -2
    assert exact(state, 0, "Y1") == 0
    assert exact(state, 0, "G4") == -7


def test_the_thiefs_random_card_is_averaged():
    # R13: The Thief takes B1 or R3 from seat 1, one chance in two each.  B1: G6xB1 (7) and
    # R3 is placed: +7.  R3: G6 takes nothing and is placed, B1xG6 (7): -7.  On average 0,
    # against -7 for placing G6 at once (B1xG6 again).
    state = position([["G6"], ["B1", "R3"]], ["P5"], [], held={0: ["thief"]},
                     pile=full_pile(["thief"]))
    assert exact(state, 0, "thief@1") == 0
    assert exact(state, 0, "G6") == -7
    # Whatever the world's seed (which fixes the engine's stolen index), the same average.
    for seed in (1, 2, 3, 99):
        assert exact(replace(state, seed=seed), 0, "thief@1") == 0


def test_a_tweaks_unknown_tcard_is_averaged():
    # G5xY2 clears the table: 7 points and a [T!] card (2), a Joker or a Change Target with
    # even odds (R15, R21).  Seat 1 must place O3 (R14).  With the Joker, -1 makes P3xO3 (6) a
    # second TWEAK! that wins the other card (2); Change Target cannot be played with an empty
    # deck (R13), so P3 is placed.  9 + (8 + 0) / 2 = 13.
    state = position([["G5", "P3"], ["O3"]], ["Y2"], [], pile=("joker", "change"))
    assert exact(state, 0, "G5xY2") == 13
    assert exact(replace(state, tcard_pile=state.tcard_pile[::-1]), 0, "G5xY2") == 13


def plain_value(state, seat, points):
    """Expectiminimax with no memo and no pruning: the reference for the solver."""
    solver = Solver(seat, state.rules)
    best = None
    for action in legal_actions(state):
        worth = plain_action(state, seat, action, solver)
        if best is None or (worth > best if state.to_act == seat else worth < best):
            best = worth
    return best


def plain_action(state, seat, action, solver):
    if (state.phase is Phase.PLAY and isinstance(action, (Capture, Place))
            and not state.deck and _last_card(state)):
        return solver.margin(_final_scores(state, state.round, action, solver.points)) - \
            solver.now(state)
    total = 0.0
    for weight, after in _outcomes(state, action):
        total += weight * (solver.now(after) - solver.now(state)
                           + plain_value(after, seat, solver.points))
    return total


def test_alpha_beta_and_the_memo_change_no_value():
    checked = 0
    for state in deck_empty_states(6, first_seed=40):
        seat = state.to_act
        world = endgame_world(view(state, seat))
        if sum(map(len, world.hands)) > 4:  # the plain search is slow on bigger trees
            continue
        solved = solve(view(state, seat), limit=10**6)
        reference = Solver(seat, state.rules)
        values = [plain_action(world, seat, action, reference) for action in solved.actions]
        assert max(solved.values) == pytest.approx(max(values))
        best = solved.actions.index(solved.best())
        assert values[best] == pytest.approx(max(values))
        for mine, plain in zip(solved.values, values):
            assert mine >= plain - 1e-9  # a bound from above, or exact
        checked += 1
    assert checked > 20


def test_the_solution_depends_only_on_the_view():
    # With an empty deck, what seat 0 cannot see is the [T!] pile's order and the seed.
    rng = Random(4)
    checked = 0
    for number, state in enumerate(deck_empty_states(6, first_seed=70)):
        if number % 3:
            continue
        seat = state.to_act
        pile = list(state.tcard_pile)
        rng.shuffle(pile)
        other = replace(state, tcard_pile=tuple(pile), seed=rng.randrange(2**62))
        first, second = view(state, seat), view(other, seat)
        assert first == second
        assert solve(first) == solve(second)
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("rules", [CLASSIC, COMPACT], ids=["classic", "compact"])
def test_hard_plays_the_solvers_choice_and_searches_when_it_gives_up(rules):
    options = {"steps": 200, "time_limit": None, "cap": None, "min_worlds": 4, "width": 3}
    solved_count = 0
    for number, state in enumerate(deck_empty_states(3, rules=rules, first_seed=90)):
        if number % 2:
            continue
        seen = view(state, state.to_act)
        bot = HardBot(3, **options)
        action = bot.choose(seen)
        assert bot.last_solved is not None and bot.last_worlds == 0
        assert action == bot.last_solved.best() and action in seen.legal
        solved_count += 1
        # Too small a limit: the sampling search decides, as it did before the solver.
        small = HardBot(3, endgame_positions=1, **options)
        assert small.choose(seen) in seen.legal
        assert small.last_solved is None and small.last_worlds > 0
        off = HardBot(3, exact_endgame=False, **options)
        assert off.choose(seen) in seen.legal and off.last_solved is None
    assert solved_count > 5


def test_a_bombed_seat_gives_the_card_that_costs_least():
    # Seat 1 plays The Bomb (R13) and seat 0 must give R5 or B5 to the table, where R3 lies.
    # Given R5, seat 1's O2 takes it: 2 + 10 (R5: red, double, R5) = 12, and B5 then finds no
    # 7 on R3: -12.  Given B5: O2xB5, 7, and R5 finds no 7 on R3 either: -7.
    state = position([["R5", "B5"], ["O2"]], ["R3"], [], turn=1, held={1: ["bomb"]},
                     pile=full_pile(["bomb"]))
    state = apply(state, parse_action("bomb"))
    assert state.phase is Phase.BOMB and state.to_act == 0
    seen = view(state, 0)
    solved = solve(seen)
    assert {str(action) for action in solved.actions} == {"R5", "B5"}
    assert str(solved.best()) == "B5"
    assert exact(state, 0, "B5") == -7 and exact(state, 0, "R5") == -12


def test_the_solver_yields_while_it_works_and_gives_the_same_answer():
    state = max(deck_empty_states(4, first_seed=120),
                key=lambda state: sum(map(len, state.hands)) + len(state.table))
    seen = view(state, state.to_act)
    steps = solve_steps(seen, slice_seconds=0.0)
    yields = 0
    while True:
        try:
            next(steps)
            yields += 1
        except StopIteration as done:
            answer = done.value
            break
    assert answer == solve(seen) and answer.positions >= 64
    assert yields >= answer.positions // 64 - 1  # once per 64 positions at most, here each time
    # A deadline already past: the solver gives up (the Hard bot then searches).
    assert solve(seen, deadline=0.0) is None


def test_with_one_deck_card_whose_back_pins_it_the_sampled_solve_is_exact():
    # One card left, showing 10 (R6, R11): of the unseen O5 Y2 P3 G6 only the G6 printed 10
    # can be it, so the other hand is O5 Y2 P3 and every sampled world is the true state.
    state = position([["G4", "B1"], ["Y2", "P3", "O5"]], ["O3"], ["G6/10"],
                     pile=full_pile())
    seen = view(state, 0)
    assert seen.target == 10
    assert {card.face for card, _ in Knowledge(seen).top_choices} == {Face.parse("G6")}
    solved = finish(sampled_steps(seen, Random(2)))
    for action, value in zip(solved.actions, solved.values):
        assert value == pytest.approx(exact(state, 0, str(action)))
    assert str(solved.best()) == "G4" and solved.values[solved.actions.index(solved.best())] == -7
    # The Hard bot uses it at normal pace (``exact_deck`` 1), not at instant pace nor with
    # ``exact_deck=0``: those search.
    options = {"steps": 200, "time_limit": None, "cap": None, "min_worlds": 4, "width": 3}
    bot = HardBot(1, **options)
    assert bot.choose(seen) == solved.best() and bot.last_solved is not None
    for searching in (HardBot(1, exact_deck=0, **options),
                      HardBot(1, pace="instant", **options)):
        searching.choose(seen)
        assert searching.last_solved is None and searching.last_worlds > 0


def test_under_a_clock_the_solver_gives_up_and_the_search_decides():
    state = max(deck_empty_states(4, first_seed=120),
                key=lambda state: sum(map(len, state.hands)) + len(state.table))
    seen = view(state, state.to_act)
    assert solve(seen).positions >= 64  # big enough for the clock to be read
    bot = HardBot(1, steps=200, time_limit=1e-6, cap=None, min_worlds=4, width=3)
    assert bot.choose(seen) in seen.legal
    assert bot.last_solved is None and bot.last_worlds >= 4
