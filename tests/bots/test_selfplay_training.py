"""The self-play command, training from history records, and the shipped Smart model."""

from __future__ import annotations

import gzip
import json
import os

import pytest

from engine.mtaani.bots import model as mdl
from engine.mtaani.bots import selfplay
from engine.mtaani.bots.__main__ import main, seats_for, wilson


def test_wilson_interval_matches_the_textbook_figures():
    # 50 of 100: p = 0.5, z = 1.96 -> centre 0.5, half-width 1.96 x sqrt(0.0025 + 0.000096) / 1.0384
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 3) == 0.278


def test_seats_rotate_one_place_per_game():
    assert [seats_for(["smart", "advanced"], g) for g in range(3)] == [
        ["smart", "advanced"], ["advanced", "smart"], ["smart", "advanced"]]
    assert seats_for(["a", "b", "c"], 4) == ["b", "c", "a"]


def test_simulate_prints_rates_lengths_and_endings_and_writes_replayable_histories(tmp_path, capsys):
    path = tmp_path / "games.jsonl.gz"
    main(["simulate", "--bots", "base,advanced", "--games", "3", "--seed", "7", "--jobs", "1",
          "--max-turns", "40", "--histories", str(path), "--explore"])
    out = capsys.readouterr().out
    assert "3 games, seats base,advanced" in out
    assert "95% CI" in out and "revolutions:" in out and "ended by: turn_cap" in out
    with gzip.open(path, "rt") as fh:
        records = [json.loads(line) for line in fh]
    assert sorted(r["seed"] for r in records) == [7, 8, 9]
    for record in records:
        advanced_seat = record["players"].index(next(p for p in record["players"] if ":advanced:" in p))
        assert record["explore"] == [advanced_seat]
        *_, (final, action) = selfplay.replay(record)
        assert action is None and final.winner == record["winner"]


def test_training_makes_a_model_the_bots_can_load(tmp_path):
    from training import mtaani as train

    records = [selfplay.play(["advanced", "advanced"], seed, max_turns=120, record=True,
                             seat_bots=[__import__("engine.mtaani.bots.advanced", fromlist=["x"]).AdvancedBot(seed * 2 + i, explore=True)
                                        for i in range(2)]).history
               for seed in (1, 2)]
    games = [train.samples(r, every=2) for r in records]
    assert all(g["value"][0] and len(g["value"][0][0]) == len(mdl.FEATURES) for g in games)
    buys = [row for g in games for row in g["buy"][0]]
    assert buys and len(buys[0]) == len(mdl.FEATURES) + len(mdl.BUY_FEATURES)
    data = train.fit([(g["value"][0], g["value"][1]) for g in games], hidden=4, epochs=20)
    rows = [r for g in games for r in g["buy"][0]]
    labels = [v for g in games for v in g["buy"][1]]
    took = [v for g in games for v in g["buy"][2]]
    data["decisions"] = {"buy": train.fit_uplift(rows, labels, took, [*mdl.FEATURES, *mdl.BUY_FEATURES],
                                                 epochs=20)}
    path = tmp_path / "model.json"
    path.write_text(json.dumps(data))
    loaded = mdl.Model(json.loads(path.read_text()))
    assert 0.0 <= loaded.value(games[0]["value"][0][0]) <= 1.0
    assert isinstance(loaded.decisions["buy"].uplift(rows[0]), float)
    bad = dict(data, features=list(mdl.FEATURES)[:-1])
    with pytest.raises(ValueError, match="other features"):
        mdl.Model(bad)


def test_the_shipped_model_is_small_trained_on_many_games_and_has_both_decision_models():
    size = os.path.getsize(mdl.MODEL_PATH)
    assert size < 100_000  # tens of KB at most: the Lambda layer loads it on a cold start
    model = mdl.load()
    assert set(model.decisions) == {"buy", "build"}
    assert model.training["games"] >= 1_000
    assert model.training["holdout_log_loss"] < model.training["holdout_base_log_loss"]


def test_the_training_commands_write_models_the_bots_load(tmp_path, capsys):
    """``python -m training.mtaani`` and ``training.mulodi`` (moved out of the engine layer:
    numpy is a dev dependency) still turn games into a model file the run-time reads."""
    from engine.mulodi.bots import value
    from training import mtaani as mtaani_training
    from training import mulodi as mulodi_training

    histories = tmp_path / "games.jsonl.gz"
    main(["simulate", "--bots", "advanced,advanced", "--games", "2", "--seed", "3", "--jobs", "1",
          "--max-turns", "60", "--histories", str(histories), "--explore"])
    out = tmp_path / "mtaani.json"
    mtaani_training.main([str(histories), "--out", str(out), "--hidden", "2", "--epochs", "3",
                          "--every", "4", "--jobs", "1"])
    model = mdl.Model(json.loads(out.read_text()))
    assert model.training["sources"] == ["games.jsonl.gz"]
    out = tmp_path / "mulodi.json"
    mulodi_training.main(["--games", "6", "--seed", "5", "--out", str(out)])
    mean, scale, weights, bias = value.model(str(out))  # refuses a file of other features
    assert len(mean) == len(scale) == len(weights) and isinstance(bias, float)
    assert json.loads(out.read_text())["training"]["games"] == 6
    capsys.readouterr()
