"""Statistics (ui/worker/stats.py): a finished game against computers is counted once per table
(players, level) with its best round, TWEAK!s and biggest capture; practice games and games
between people are not; a damaged or foreign text is refused with a sentence."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tweak import CLASSIC, Capture, Face, Record, apply, parse_action
from tweak.bots import make_bot
from tweak.view import view
from ui.worker.stats import Stats, StatsError, biggest_action, count_game, dumps, parse, rows


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
    capture = parse_action(stats.biggest_capture)
    assert isinstance(capture, Capture)
    assert stats.biggest == sum(map(record.rules.points, (capture.card, *capture.taken)))
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
    ('{"format": "tweak-stats/1", "biggest_capture": 7}', "not a short text"),
    ('{"format": "tweak-stats/1", "biggest_capture": "R9xG2"}', "'R9' is not a card"),
    ('{"format": "tweak-stats/1", "biggest_capture": "red 5 took green 2"}', "not an action"),
    ('{"format": "tweak-stats/1", "biggest_capture": "R5x"}', "at least one table card"),
    ('{"format": "tweak-stats/1", "biggest_capture": "R5"}', "at least one table card"),
    ('{"format": "tweak-stats/1", "biggest_capture": "bomb"}', "at least one table card"),
    ('{"format": "tweak-stats/1", "biggest_words": ["red 5"]}', "not a short text"),
    ("[" * 5000, "not a TWEAK! statistics file"),
])
def test_a_damaged_text_is_refused_with_a_sentence(text, words):
    with pytest.raises(StatsError, match=words):
        parse(text)


def test_nothing_stored_is_empty_statistics():
    assert parse("") == parse(None) == Stats()
    assert json.loads(dumps(Stats()))["format"] == "tweak-stats/1"


def test_the_biggest_capture_is_kept_in_notation():
    """count_game keeps the biggest capture as the capture's notation (tweak.actions), which
    parse and dumps carry as it is and biggest_action reads back."""
    record, _ = finished(seed=7)
    stats = count_game(Stats(), record)
    capture = biggest_action(stats)
    assert isinstance(capture, Capture) and str(capture) == stats.biggest_capture
    assert sum(map(record.rules.points, (capture.card, *capture.taken))) == stats.biggest
    stored = json.loads(dumps(stats))
    assert stored["biggest_capture"] == stats.biggest_capture and "biggest_words" not in stored
    assert parse(dumps(stats)) == stats
    made = parse('{"format": "tweak-stats/1", "biggest": 13, "biggest_capture": " R5xG2+Y1 "}')
    assert made.biggest_capture == "R5xY1+G2"  # the notation's own form: table cards sorted
    assert biggest_action(made) == Capture.of(Face.parse("R5"), map(Face.parse, ("G2", "Y1")))
    assert biggest_action(Stats(biggest=13)) is None


OLD = {"format": "tweak-stats/1", "games": {"2 easy": [3, 1]}, "best_round": 9, "tweaks": 2,
       "biggest": 13, "biggest_words": "red 5 took yellow 1, green 2: 13 points"}


@pytest.mark.parametrize("words, notation", [
    ("red 5 took yellow 1, green 2: 13 points", "R5xY1+G2"),
    ("red 5 took green 2, yellow 1: 13 points", "R5xY1+G2"),  # same cards, any order (R14)
    ("purple 6 took blue 3: 9 points", "P6xB3"),
    ("", ""),
    ("P9 takes P2 + G3", ""),                     # words edited by hand: the points alone
    ("red 7 took green 2: 9 points", ""),
    ("red 5 took green 2", ""),
    ("red 5 took green 2, yellow 1: 13 points and more", ""),
    ("red 5 took: 13 points", ""),
    ("red 5 took green 2+G3: 13 points", ""),
    ("Red 5 took green 2: 13 points", ""),
])
def test_an_earlier_file_in_english_words_keeps_its_biggest_capture(words, notation):
    """A file written before the notation, its biggest capture in English words, still loads:
    its cards when the words name them as the game wrote them, its points in any case; dumps
    then writes the notation only."""
    stats = parse(json.dumps({**OLD, "biggest_words": words}))
    assert stats.biggest_capture == notation and stats.biggest == 13
    assert (stats.games, stats.best_round, stats.tweaks) == ({"2 easy": (3, 1)}, 9, 2)
    stored = json.loads(dumps(stats))
    assert stored["biggest_capture"] == notation and "biggest_words" not in stored
    assert parse(dumps(stats)) == stats


def test_an_earlier_files_biggest_capture_is_shown_by_its_cards_in_any_language(
        catalogue_archive):
    """The earlier file's capture is drawn as the same cards as a file in notation, named in
    English and in French; an unreadable earlier one shows its points alone."""
    from ui.worker import i18n
    from ui.worker.screens.stats import render_stats

    old = parse(json.dumps(OLD))
    new = Stats(games={"2 easy": (3, 1)}, best_round=9, tweaks=2, biggest=13,
                biggest_capture="R5xY1+G2")
    assert old == new
    english = '13 points<small class="stats-detail">red 5 took yellow 1, green 2</small>'
    assert english in render_stats(old)
    try:
        i18n.use("fr", catalogue_archive)
        assert ('<small class="stats-detail">le 5 rouge a pris le 1 jaune, le 2 vert</small>'
                in render_stats(old))
    finally:
        i18n.use(i18n.SOURCE)
    lost = render_stats(parse(json.dumps({**OLD, "biggest_words": "P9 takes P2 + G3"})))
    assert ">13 points</dd>" in lost and "stats-detail" not in lost and "P9" not in lost


def test_the_screen_speaks_the_current_language(catalogue_archive):
    """The statistics screen in Spanish: its terms, the rows' labels, the counts, the biggest
    capture's cards by name (ui/worker/i18n.py; the catalogue compiled as the worker has it)."""
    from ui.worker import i18n
    from ui.worker.screens.stats import render_stats

    stats = Stats(games={"2 medium": (5, 3), "3 mixed": (1, 1)}, best_round=1, biggest=13,
                  biggest_capture="R5xY1+G2")
    try:
        i18n.use("es", catalogue_archive)
        page = render_stats(stats)
        assert rows(stats)[0][0] == "2 jugadores · Medio"
        for words in ("<dt>Partidas</dt><dd>6", "<dt>Mejor ronda</dt><dd>1 punto<",
                      '13 puntos<small class="stats-detail">el 5 rojo se llevó el 1 amarillo, el 2 verde<',
                      "3 jugadores · Mixto", "3 ganadas de 5 (60%)", ">Poner a cero<"):
            assert words in page, words
        with pytest.raises(StatsError, match="no es un archivo de estadísticas"):
            parse('{"format": "x"}')
        with pytest.raises(StatsError, match="no es un archivo de estadísticas"):
            parse('{"format": "tweak-stats/1", "biggest_capture": "R9xG2"}')
    finally:
        i18n.use(i18n.SOURCE)
    assert ">13 points<small class=\"stats-detail\">red 5 took yellow 1, green 2</small>" in \
        render_stats(stats)
