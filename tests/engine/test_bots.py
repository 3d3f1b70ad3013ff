"""Bots: legal, fair by construction, reproducible, and sensible (docs/bots.md, "Fairness").

* Every level answers every kind of decision with one of ``view.legal``: captures, places, each
  [T!] card (R13: Thief's victim, Joker's sign, Change Target, Bomb) and a bombed seat's card —
  over whole games, with [T!] piles stacked so each kind comes up often.
* Fairness (R21): a bot gets only ``view(state, seat)``.  Two states that differ in everything
  the seat cannot see (other hands, deck faces under the visible back, [T!] pile order, seed)
  give equal views, and the same bot seed then gives the same choice, at every level.
* The Hard bot's sampled worlds are consistent with the view: re-viewing a sampled world gives
  back the view (hand sizes, deck size, the top card's back per R6, [T!] pile size, ...), and its
  hidden cards are exactly the cards the view does not show.
* ``think`` yields while searching and returns the same action as ``choose``.
* A few positions where the right move is clear.

``TWEAK_BOT_GAMES`` sets the number of games per level in the legality test (default 6).
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace
from random import Random

import pytest

from stacking import deal
from tweak import CLASSIC, COMPACT, Capture, Face, Place, PlayJoker, TKind, apply, new_game, view
from tweak.actions import PlayBomb, PlayChange, PlayThief
from tweak.bots import CHOICES, DEFAULT_LEVEL, LEVELS, PACES, HardBot, make_bot, think
from tweak.bots.knowledge import Knowledge, edition_copies
from tweak.bots.sampling import determinize
from tweak.state import Phase

GAMES = int(os.environ.get("TWEAK_BOT_GAMES", "6"))
# A small search budget keeps the suite quick (the logic is the same), and no clock (neither the
# pace's time limit nor its cap) keeps Hard reproducible under Pyodide too.
FAST_HARD = {"steps": 120, "time_limit": None, "cap": None, "min_worlds": 4, "width": 3}


def bot(level, seed):
    return make_bot(level, seed, **(FAST_HARD if level == "hard" else {}))


# [T!] piles made of one kind each, so every [T!] decision comes up again and again; a goal of
# one point ends each game with its first round, which keeps the suite quick (R3, R19).
ONE_KIND = {
    kind: CLASSIC.with_changes(tcard_counts=counts, goals=(1,) * 5)
    for kind, counts in (("thief", (12, 0, 0, 0)), ("joker", (0, 12, 0, 0)),
                         ("change", (0, 0, 12, 0)), ("bomb", (0, 0, 0, 12)))
}


def scrambled(state, seat, rng):
    """A state ``seat`` cannot tell from ``state``: the other hands and the deck below its top
    card are re-dealt from the same physical cards (the R6 pairing of face and back kept), the
    top card is swapped for a hidden card printed with the same back, the [T!] pile is
    reshuffled and the seed changed."""
    copies = edition_copies(state.rules, state.players)
    deck = list(state.deck)
    in_deck = Counter(deck)
    others = [s for s in range(state.players) if s != seat]
    pool = list(deck[1:])
    # The hidden hand cards are physical cards too: any copy of the face not in the deck.
    free = {face: [card for card in cards for _ in range(1 - in_deck[card])]
            for face, cards in copies.items()}
    for s in others:
        for face in state.hands[s]:
            pool.append(free[face].pop())
    rng.shuffle(pool)
    if deck:
        same_back = [i for i, card in enumerate(pool) if card.back == deck[0].back]
        if same_back and rng.random() < 0.7:
            i = rng.choice(same_back)
            deck[0], pool[i] = pool[i], deck[0]
        deck = [deck[0]] + pool[:len(deck) - 1]
        pool = pool[len(deck) - 1:]
    hands = list(state.hands)
    for s in others:
        hands[s] = tuple(card.face for card in pool[:len(hands[s])])
        pool = pool[len(hands[s]):]
    assert not pool
    pile = list(state.tcard_pile)
    rng.shuffle(pile)
    return replace(state, hands=tuple(hands), deck=tuple(deck), tcard_pile=tuple(pile),
                   seed=rng.randrange(2**62))


def positions(players, seed, rules=CLASSIC, levels=("medium",), limit=400):
    """States met in a game between bots of ``levels`` (cycled over the seats)."""
    state = new_game(players, seed, rules)
    bots = [bot(levels[s % len(levels)], seed * 7 + s) for s in range(players)]
    for _ in range(limit):
        if state.is_over:
            return
        yield state
        seat = state.to_act
        state = apply(state, bots[seat].choose(view(state, seat)))


def test_the_start_screen_offers_easy_medium_hard():
    assert [level for level, _ in CHOICES] == ["easy", "medium", "hard"]
    assert [label for _, label in CHOICES] == ["Easy", "Medium", "Hard"]
    assert DEFAULT_LEVEL == "medium"
    assert {"easy", "medium", "hard", "random", "greedy"} <= set(LEVELS)
    for level in LEVELS:
        assert make_bot(level, 1).level == level


def test_an_unknown_level_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        make_bot("expert", 1)


def test_make_bot_takes_the_pace_the_player_chose():
    # ui/main_thread/page.py's paces; Hard thinks less the faster the pace, the others answer at once.
    assert set(PACES) == {"normal", "fast", "instant"}
    for level in LEVELS:
        for pace in PACES:
            assert make_bot(level, 1, pace=pace).level == level
    steps = [make_bot("hard", 1, pace=pace).steps for pace in ("normal", "fast", "instant")]
    assert steps == sorted(steps, reverse=True) and steps[-1] < steps[0]
    assert make_bot("hard", 1).pace == "normal"
    for pace in PACES:  # in the browser the clock applies: a time limit, and a hard cap above it
        assert 0 < PACES[pace].time_limit < PACES[pace].cap
    assert PACES["instant"].cap <= 0.05 and PACES["normal"].cap <= 1.0
    with pytest.raises(ValueError, match="unknown pace 'slow'"):
        make_bot("hard", 1, pace="slow")


@pytest.mark.parametrize("kind", sorted(ONE_KIND))
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "greedy", "random"])
def test_every_choice_is_legal_over_whole_games(level, kind):
    rules = ONE_KIND[kind]
    decisions = Counter()
    for game in range(GAMES):
        players = 2 + game % 5
        seed = 100 * game + len(kind)
        state = new_game(players, seed, rules)
        # The level under test plays seat 0; Medium bots elsewhere play [T!] cards on it.
        bots = [bot(level, seed)] + [bot("medium", seed + s) for s in range(1, players)]
        while not state.is_over:
            seat = state.to_act
            seen = view(state, seat)
            action = bots[seat].choose(seen)
            assert action in seen.legal, f"{level} chose {action}, not legal in {seen.legal}"
            if seat == 0:
                decisions["bomb" if seen.phase == "bomb" else type(action).__name__] += 1
            state = apply(state, action)
    assert decisions["Place"] > 0
    if level != "random":
        assert decisions["Capture"] > 0
    if kind == "bomb":
        assert decisions["bomb"] > 0, "seat 0 was never bombed: the test lost its purpose"


def test_medium_and_hard_use_each_kind_of_tcard():
    """Medium and Hard do play every kind of [T!] card when they hold one (R13)."""
    kinds = {"thief": PlayThief, "joker": PlayJoker, "change": PlayChange, "bomb": PlayBomb}
    for kind, action_type in kinds.items():
        chances = []  # views in which that kind may be played
        for game in range(6):
            for state in positions(3, 50 + game, ONE_KIND[kind]):
                seen = view(state, state.to_act)
                if any(isinstance(action, action_type) for action in seen.legal):
                    chances.append(seen)
        assert len(chances) >= 10, f"too few chances to play {kind}"
        for level in ("medium", "hard"):
            played = sum(isinstance(bot(level, n).choose(seen), action_type)
                         for n, seen in enumerate(chances[:30]))
            assert played > 0, f"{level} never played {kind}"


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "greedy", "random"])
def test_a_choice_depends_only_on_the_view(level):
    rng = Random(level)
    checked = changed = 0
    for game in range(3):
        players = (2, 3, 5)[game]
        rules = (CLASSIC, COMPACT, ONE_KIND["bomb"])[game]
        for number, state in enumerate(positions(players, 900 + game, rules, limit=160)):
            if number % 4:
                continue
            seat = state.to_act
            other = scrambled(state, seat, rng)
            first, second = view(state, seat), view(other, seat)
            assert first == second
            changed += (other.hands, other.deck) != (state.hands, state.deck)
            assert bot(level, 5).choose(first) == bot(level, 5).choose(second)
            checked += 1
    assert checked > 50 and changed > checked * 0.8


def test_the_scramble_keeps_every_card_and_the_printed_backs():
    rng = Random(3)
    for state in positions(4, 77, limit=60):
        seat = state.to_act
        other = scrambled(state, seat, rng)
        edition = Counter(state.rules.number_cards(state.players))
        assert Counter(other.deck) <= edition  # R6: only real face/back pairs
        everything = Counter(card.face for card in other.deck)
        for s in range(state.players):
            everything.update(other.hands[s])
            everything.update(other.won[s])
        everything.update(other.table)
        assert everything == Counter(card.face for card in edition.elements())


@pytest.mark.parametrize("rules", [CLASSIC, COMPACT], ids=["classic", "compact"])
def test_sampled_worlds_agree_with_the_view(rules):
    rng = Random(8)
    for players in (2, 4, 6):
        for number, state in enumerate(positions(players, 31 * players, rules, limit=300)):
            if number % 7:
                continue
            for seat in range(players):
                seen = view(state, seat)
                known = Knowledge(seen)
                world = determinize(seen, rng, known)
                again = view(world, seat)
                assert replace(again, events=()) == replace(seen, events=())
                if world.deck:
                    assert world.deck[0].back == seen.deck_top  # R6, R11
                hidden = Counter(card.face for card in world.deck)
                for s in range(players):
                    if s != seat:
                        hidden.update(world.hands[s])
                assert sorted(hidden.elements()) == list(known.unseen)
                assert Counter(world.deck) <= Counter(rules.number_cards(players))
                assert sorted(world.tcard_pile, key=str) == sorted(known.tcards_unseen, key=str)


def test_the_top_card_is_sampled_among_the_copies_with_its_back():
    # R6: in Classic, the red 1s have backs 7 and 8, the orange 1s 8 and 9.  Seat 0 sees a
    # deck whose top shows 8; the red 1 with back 8 and the orange 1 with back 8 are both
    # unseen, so both must come up as the top card.
    state = deal([["Y4", "Y5", "Y6"], ["G4", "G5", "G6"]], table=["P4", "P5"],
                 deck=["R1/8", "O1/8", "B1", "B2"])
    seen = view(state, 0)
    assert seen.deck_top == 8
    rng = Random(1)
    tops = Counter(str(determinize(seen, rng).deck[0]) for _ in range(400))
    assert all(card.endswith("/8") for card in tops)
    assert tops["R1/8"] > 0 and tops["O1/8"] > 0


def test_think_yields_and_returns_what_choose_returns():
    positions_seen = 0
    for state in positions(3, 5, limit=80):
        seat = state.to_act
        seen = view(state, seat)
        if len(seen.legal) < 2:
            continue
        thinking = HardBot(4, slice_seconds=0.0, steps=200, time_limit=None, cap=None).think(seen)
        yields = 0
        while True:
            try:
                next(thinking)
                yields += 1
            except StopIteration as done:
                action = done.value
                break
        assert yields > 0
        assert action == HardBot(4, steps=200, time_limit=None, cap=None).choose(seen)
        positions_seen += 1
        if positions_seen == 5:
            break
    assert positions_seen == 5


def test_the_think_helper_returns_at_once_for_bots_that_do_not_search():
    state = new_game(2, 3)
    seen = view(state, state.to_act)
    thinking = think(make_bot("medium", 1), seen)
    with pytest.raises(StopIteration) as done:
        next(thinking)
    assert done.value.value == make_bot("medium", 1).choose(seen)


def test_a_time_limit_stops_the_search_after_the_minimum_worlds():
    from tweak.bots.hard import MIN_WORLDS
    for state in positions(2, 12, limit=50):
        seen = view(state, state.to_act)
        if len(seen.legal) > 2:
            break
    hard = HardBot(1, steps=10**9, time_limit=0.0, cap=None, min_steps=0)
    assert hard.choose(seen) in seen.legal
    assert hard.last_worlds == MIN_WORLDS


def test_a_time_limit_stops_the_search_only_after_the_minimum_steps():
    # A slow device still searches the pace's minimum steps (×3 once playouts run to the
    # round's end), unless the cap stops it.
    from tweak.bots.hard import MIN_WORLDS
    for state in positions(2, 12, limit=50):
        seen = view(state, state.to_act)
        if len(seen.legal) > 2:
            break
    hard = HardBot(1, steps=10**9, time_limit=0.0, cap=None, min_steps=500)
    assert hard.choose(seen) in seen.legal
    assert hard.budget(seen).min_steps >= 500
    assert hard.last_result.steps >= hard.budget(seen).min_steps
    assert hard.last_worlds > MIN_WORLDS


def test_the_hard_cap_stops_the_search_even_before_the_minimum_worlds():
    # The cap is a hard stop (a slow device still gets an answer): with no time at all the
    # search stops inside its first world, and Medium's first choice is played.
    from tweak.bots.medium import rank
    for state in positions(2, 12, limit=50):
        seen = view(state, state.to_act)
        if len(seen.legal) > 2:
            break
    hard = HardBot(1, steps=10**9, time_limit=None, cap=0.0)
    assert hard.choose(seen) == rank(seen, Random(1))[0][1]
    assert hard.last_worlds == 0


def test_bots_capture_the_whole_table_for_a_tweak():
    # Target 9 (R11: the red 4's back, R6): R6 takes O1+Y2, every table card (a TWEAK!, R15),
    # worth 12+1+2 points and a [T!] card; G3+... and P1+... capture nothing.
    state = deal([["R6", "G3", "P1"], ["B4", "B5", "B6"]], table=["O1", "Y2"],
                 deck=["R4/9", "G6", "P6", "Y6"], tcards=["joker", "joker"])
    seen = view(state, 0)
    assert seen.target == 9
    best = Capture.of(Face.parse("R6"), [Face.parse("O1"), Face.parse("Y2")])
    assert best in seen.legal
    for level in ("medium", "hard", "greedy"):
        assert make_bot(level, 2).choose(seen) == best, level


def test_bombed_bots_give_up_a_cheap_card():
    # Seat 1 holds The Bomb (as if won by a TWEAK!, R15) and plays it on seat 0, who holds a red
    # 6 and a red 5 (12 and 10 points, R5) and a green 1.  At target 7 (the blue 6's back, R6)
    # the red 5 would hand the bomber O2+R5; Medium and Hard give up the green 1.
    state = deal([["R6", "R5", "G1"], ["B4", "Y3", "O2"]], table=["P4", "P5"],
                 deck=["B6/7", "G6", "P6", "Y6", "O6", "Y5"], dealer=0)
    assert state.turn == 1 and state.target == 7
    state = replace(state, tcards_held=((), (TKind.BOMB,)))
    state = apply(state, PlayBomb())
    assert state.phase is Phase.BOMB and state.to_act == 0
    seen = view(state, 0)
    for level in ("medium", "hard"):
        choice = make_bot(level, 3).choose(seen)
        assert choice == Place(Face.parse("G1")), level
