"""Statistics (ui/stats.py): a finished game against computers is counted once per table
(players, level) with its best round, TWEAK!s and biggest capture; practice games and games
between people are not; a damaged or foreign text is refused with a sentence."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tweak import CLASSIC, Record, apply
from tweak.bots import make_bot
from tweak.view import view
from ui.stats import Stats, StatsError, count_game, dumps, parse, rows


def finished(seats=("human", "bot:easy"), seed=4, goal=20):
    rules = CLASSIC.with_changes(goals=(goal,) * 5)
    record = Record(len(seats), seed, rules, seats=tuple(seats),
                    names=tuple(f"P{i}" for i in range(len(seats))))
    state = record.start()
    players = [make_bot("greedy", seed=i) for i in range(len(seats))]
    while not state.is_over:
        action = players[state.to_act].choose(view(state, state.to_act))
        state = apply(state, action)
        record = record.then(action)
    return record, state


def test_a_finished_game_is_counted_with_its_records():
    record, state = finished()
    stats = count_game(Stats(), record)
    won = 0 in state.winners
    assert stats.games == {"2 easy": (1, int(won))}
    assert stats.best_round == max(result.rows[0].points for result in state.results)
    assert stats.tweaks == sum(result.rows[0].tweaks for result in state.results)
    assert stats.biggest > 0 and stats.biggest_words.endswith(f"{stats.biggest} points")
    again = count_game(stats, record)
    assert again.games["2 easy"][0] == 2
    assert parse(dumps(again)) == again
    assert rows(again) == [("2 players · Easy", 2, 2 * int(won))]


def test_practice_and_hot_seat_games_do_not_count():
    record, _ = finished()
    assert count_game(Stats(), replace(record, practice=True)) == Stats()
    record, _ = finished(seats=("human", "human"))
    assert count_game(Stats(), record) == Stats()
    record, _ = finished(seats=("human", "bot:easy", "bot:hard"))
    assert list(count_game(Stats(), record).games) == ["3 mixed"]


@pytest.mark.parametrize("text, words", [
    ("{", "not a TWEAK! statistics file"),
    ('{"format": "tweak-record/1"}', "not a TWEAK! statistics file"),
    ('{"format": "tweak-stats/1", "games": {"9 easy": [1, 0]}}', "unknown table"),
    ('{"format": "tweak-stats/1", "games": {"2 easy": [1, 3]}}', "3 games won of 1"),
    ('{"format": "tweak-stats/1", "tweaks": -1}', "not a count"),
    ('{"format": "tweak-stats/1", "extra": 1}', "unknown field"),
    ("[" * 5000, "not a TWEAK! statistics file"),
])
def test_a_damaged_text_is_refused_with_a_sentence(text, words):
    with pytest.raises(StatsError, match=words):
        parse(text)


def test_nothing_stored_is_empty_statistics():
    assert parse("") == parse(None) == Stats()
    assert json.loads(dumps(Stats()))["format"] == "tweak-stats/1"
