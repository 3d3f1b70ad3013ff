"""``python -m tweak``: simulate, replay and tournament print what they promise, and a bad
record gets a one-line message and exit code 1, not a traceback."""

from __future__ import annotations

import re

from tweak import Record, apply, dumps, legal_actions, new_game, to_fragment
from tweak.__main__ import main
from tweak.events import Captured, TurnStarted


def test_simulate_prints_the_statistics_of_bot_games(capsys):
    assert main(["simulate", "--games", "3", "--players", "3", "--bots", "greedy,random"]) == 0
    out = capsys.readouterr().out
    assert "3 games, 3 players, classic edition, bots by seat: greedy, random, greedy" in out
    for label in ("rounds per game", "points per round", "TWEAK!s per round",
                  "[T!] played / round", "wins by seat", "games/s"):
        assert label in out
    wins = re.search(r"wins by seat\s+(\d+)%, (\d+)%, (\d+)%", out)
    assert wins and sum(map(int, wins.groups())) in (99, 100, 101)


def test_simulate_refuses_an_unknown_level(capsys):
    assert main(["simulate", "--games", "1", "--bots", "genius"]) == 2
    assert "unknown bot level 'genius'" in capsys.readouterr().err


def a_record(actions=12):
    state = new_game(2, 8)
    record = Record(2, 8, names=("Ann", "Bob"))
    for _ in range(actions):
        action = legal_actions(state)[0]  # a capture whenever there is one
        state = apply(state, action)
        record = record.then(action)
    return record, state


def test_replay_prints_the_game_turn_by_turn_with_the_called_out_sums(tmp_path, capsys):
    record, state = a_record()
    path = tmp_path / "game.json"
    path.write_text(dumps(record))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 players, classic edition, seed 8")
    events = [event for step in record.states() for event in step.events]
    turns = [event for event in events if isinstance(event, TurnStarted)]
    assert out.count("'s turn, target ") == len(turns)
    for text in record.actions:
        assert f"[{text}]" in out
    callouts = [event.callout for event in events if isinstance(event, Captured)]
    assert callouts and all(callout in out for callout in callouts)


def test_replay_reads_a_link_too(tmp_path, capsys):
    record, _ = a_record(4)
    path = tmp_path / "link.txt"
    path.write_text(f"https://example.org/tweak/#g={to_fragment(record)}\n")
    assert main(["replay", str(path)]) == 0
    assert "Ann" in capsys.readouterr().out


def test_replay_of_a_damaged_record_says_why_in_one_line(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "tweak-record/1", "players": 2, "seed": 1, "actions": ["bomb"]}')
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cannot replay: action 1 (bomb) cannot be replayed")
    assert "Traceback" not in err


def test_tournament_plays_duplicate_deals_and_prints_intervals(capsys):
    assert main(["tournament", "--players", "2", "--lineup", "greedy,random", "--deals", "3",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "3 duplicate deals x 2 seatings = 6 games" in out
    assert re.search(r"margin greedy - random: points/round [+-][\d.]+ ± [\d.]+", out)


def test_tournament_passes_hard_options_and_refuses_bad_ones(capsys):
    assert main(["tournament", "--players", "2", "--lineup", "hard,greedy", "--deals", "2",
                 "--hard-steps", "40", "--hard-option", "width=2", "--hard-option",
                 "switch_z=0.0", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "2 candidates" in out and "options switch_z=0.0, width=2" in out
    for bad in ("width", "=3", "width=two", "widht=3"):
        assert main(["tournament", "--lineup", "hard,greedy", "--deals", "2",
                     "--hard-option", bad, "--quiet"]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and ("NAME=NUMBER" in err or "not accepted" in err)
