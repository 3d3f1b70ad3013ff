"""Statistics (ui/worker/stats.py): a finished game against computers is counted once per table
(players, level) with its best round, TWEAK!s and biggest capture; practice games and games
between people are not; a damaged or foreign text is refused with a sentence."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tweak import CLASSIC, Record, apply
from tweak.bots import make_bot
from tweak.view import view
from ui.worker.stats import Stats, StatsError, biggest_capture, count_game, dumps, parse, rows


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


def test_the_biggest_captures_cards_are_read_back_from_its_words():
    """The screen names the biggest capture's cards in the player's language: its stored
    English words (written by count_game) give back their cards; other words give None."""
    from tweak import Face

    record, _ = finished(seed=7)
    stats = count_game(Stats(), record)
    faces = biggest_capture(stats)
    assert faces and all(isinstance(face, Face) for face in faces)
    assert sum(record.rules.points(face) for face in faces) == stats.biggest
    made = Stats(biggest=13, biggest_words="red 5 took green 2, yellow 1: 13 points")
    assert biggest_capture(made) == tuple(map(Face.parse, ("R5", "G2", "Y1")))
    for words in ("", "P9 takes P2 + G3", "red 7 took green 2: 9 points",
                  "red 5 took green 2, yellow 1: 13 points and more"):
        assert biggest_capture(replace(made, biggest_words=words)) is None


def test_the_screen_speaks_the_current_language(catalogue_archive):
    """The statistics screen in Spanish: its terms, the rows' labels, the counts, the biggest
    capture's cards by name (ui/worker/i18n.py; the catalogue compiled as the worker has it)."""
    from ui.worker import i18n
    from ui.worker.screens.stats import render_stats

    stats = Stats(games={"2 medium": (5, 3), "3 mixed": (1, 1)}, best_round=1, biggest=13,
                  biggest_words="red 5 took green 2, yellow 1: 13 points")
    try:
        i18n.use("es", catalogue_archive)
        page = render_stats(stats)
        assert rows(stats)[0][0] == "2 jugadores · Medio"
        for words in ("<dt>Partidas</dt><dd>6", "<dt>Mejor ronda</dt><dd>1 punto<",
                      '13 puntos<small class="stats-detail">el 5 rojo se llevó el 2 verde, el 1 amarillo<',
                      "3 jugadores · Mixto", "3 ganadas de 5 (60%)", ">Poner a cero<"):
            assert words in page, words
        with pytest.raises(StatsError, match="no es un archivo de estadísticas"):
            parse('{"format": "x"}')
    finally:
        i18n.use(i18n.SOURCE)
    assert ">13 points<small class=\"stats-detail\">red 5 took green 2, yellow 1</small>" in \
        render_stats(stats)
