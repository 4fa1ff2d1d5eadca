"""The package's API: the catalogue, models read from files and texts, analyses with their parameters
checked by the engine, results as DataFrames, checked against values computed here by hand."""

import itertools
import math

import pytest

import motive


def test_catalogue_lists_the_kinds_their_analyses_and_the_formats():
    c = motive.catalogue()
    assert c.kinds() == ["scim", "gridworld", "mdp", "game", "adventure"]
    assert "settings" in c.analyses("scim") and "sica" in c.analyses("game")
    assert {f["name"] for f in motive.import_formats()} >= {"bif", "xmlbif", "choicescript"}
    params = c.params("scim", "settings")
    assert {"policy", "limit"} <= set(params["name"])
    with pytest.raises(KeyError):
        c.analyses("chess")


def test_a_model_reads_the_same_from_its_path_and_its_text(root):
    path = root / "examples/intention/spy.jsonc"
    from_path = motive.load(path)
    from_text = motive.load(path.read_text())
    assert from_path.kind == from_text.kind == "scim"
    assert from_path.title == from_text.title != ""
    assert from_path.path == str(path) and from_text.path is None
    a = from_path.analyze("expected_utility", policy="truthful")
    b = from_text.analyze("expected_utility", {"policy": "truthful"})
    assert a == b
    assert a.analysis == "expected_utility" and a.kind == "scim"


def test_a_path_that_names_no_file_is_not_a_model(tmp_path):
    with pytest.raises(FileNotFoundError):
        motive.load(tmp_path / "missing.jsonc")


# The dog problem's P(hear-bark = true), summed here over the joint outcomes of the file's numbers
# (tests/formats/dog-problem.bif), against the settings table of the imported model as a DataFrame.
def test_settings_as_a_dataframe_give_the_networks_marginal(root):
    p_family = {True: 0.15, False: 0.85}
    p_bowel = {True: 0.01, False: 0.99}
    p_dog = {(True, True): 0.99, (True, False): 0.97, (False, True): 0.9, (False, False): 0.3}
    p_bark = {True: 0.7, False: 0.01}
    expected = 0.0
    for f, b, d in itertools.product([True, False], repeat=3):
        pd_ = p_dog[(b, f)] if d else 1 - p_dog[(b, f)]
        expected += p_family[f] * p_bowel[b] * pd_ * p_bark[d]
    model = motive.load(root / "tests/formats/dog-problem.bif")
    assert model.kind == "scim" and model.source_format == "bif"
    frame = model.analyze("settings", limit=10000).frame()
    assert {"probability", "hear_bark", "dog_out"} <= set(frame.columns)
    assert frame["probability"].sum() == pytest.approx(1.0, abs=1e-12)
    assert frame.loc[frame["hear_bark"] == "true", "probability"].sum() == pytest.approx(expected, abs=1e-12)


# The umbrella influence diagram: the best of the 2^3 rules (one action per forecast), by brute force.
def test_an_imported_influence_diagram_has_the_optimal_rule_computed_by_hand(root):
    weather = [0.7, 0.3]
    forecast = [[0.8, 0.15, 0.05], [0.1, 0.3, 0.6]]
    utility = [[20, 100], [70, 0]]  # [weather][take, leave]
    best = max(
        (sum(weather[w] * forecast[w][f] * utility[w][rule[f]] for w in range(2) for f in range(3)), rule)
        for rule in itertools.product([0, 1], repeat=3)
    )
    model = motive.import_file(root / "tests/formats/umbrella.xmlbif")
    result = model.analyze("optimal_policies")
    assert result["expected_utility"] == pytest.approx(best[0], abs=1e-9)
    names = ["sunny", "cloudy", "rainy"]
    for rule in result["decisions"][0]["rules"]:
        f = names.index(rule["observation"]["Forecast"])
        assert rule["optimal"] == [["take", "leave"][best[1][f]]]


# The Lighthouse Keeper (tests/formats/lighthouse/): the random agent earns 11/24 of the points and a
# reward maximiser 2/3, by the hand count in tests/engine/formats_choicescript_test.cc.
def test_an_imported_choicescript_game_scores_as_counted_by_hand(root):
    model = motive.import_file(root / "tests/formats/lighthouse")
    assert model.kind == "adventure" and model.title == "The Lighthouse Keeper"
    assert any('"name"' in note for note in model.notes)
    scores = model.analyze("scores").frame()
    assert scores.loc["random", "reward"] == pytest.approx(100 * 11 / 24, abs=1e-9)
    assert scores.loc["reward", "reward"] == pytest.approx(100 * 2 / 3, abs=1e-9)
    assert scores.loc["random", "counts.violations.stealing"] == pytest.approx(1 / 8, abs=1e-12)


def test_import_files_takes_texts_and_the_result_saves_as_a_model(tmp_path):
    bif = (
        "network coin {}\n"
        "variable Toss { type discrete [ 2 ] { heads, tails }; }\n"
        "probability ( Toss ) { table 0.25, 0.75; }\n"
    )
    model = motive.import_files({"coin.bif": bif})
    frame = model.analyze("settings").frame().set_index("Toss")
    assert frame.loc["heads", "probability"] == pytest.approx(0.25)
    assert frame.loc["tails", "probability"] == pytest.approx(0.75)
    model.save(tmp_path / "coin.jsonc")
    again = motive.load(tmp_path / "coin.jsonc")
    assert again.analyze("settings") == model.analyze("settings")


# SICA's correlation matrix (Orner et al.): symmetric, ones on the diagonal, labelled by the players.
def test_a_sica_matrix_is_a_labelled_dataframe(root):
    game = motive.load(root / "examples/games/stag-hunt-opportunist.jsonc")
    result = game.analyze("sica", rollouts=200, seed=3)
    frame = result.frame("correlation")
    players = result["players"]
    assert list(frame.index) == players == list(frame.columns)
    for a in players:
        assert frame.loc[a, a] == pytest.approx(1.0)
        for b in players:
            assert frame.loc[a, b] == pytest.approx(frame.loc[b, a])
            assert -1 - 1e-12 <= frame.loc[a, b] <= 1 + 1e-12
    with pytest.raises(KeyError, match="correlation"):
        result.frame("nonsense")


def test_every_table_of_a_result_is_a_dataframe(root):
    world = motive.load(root / "examples/meg/cliffworld.jsonc")
    result = world.analyze("trajectories", count=3, seed=1)
    frames = result.frames()
    assert "trajectories" in frames
    steps = frames["trajectories"]
    assert set(steps["trajectory"]) == {0, 1, 2}
    assert len(steps) == sum(len(t) for t in result["trajectories"])


def test_infinities_cross_as_the_engine_spells_them():
    from motive._api import _to_json_value

    assert _to_json_value({"beta": math.inf, "x": [-math.inf, 1.5]}, "p") == {"beta": "inf", "x": ["-inf", 1.5]}
    with pytest.raises(ValueError, match="NaN"):
        _to_json_value(math.nan, "p")


# Gambit's prisoner's dilemma (tests/formats/prisoners-dilemma.nfg): without policies both players
# choose uniformly, so the exact expected payoffs are the averages of the file's four profiles.
def test_an_imported_normal_form_game_pays_the_average_of_its_profiles(root):
    game = motive.load(root / "tests/formats/prisoners-dilemma.nfg")
    assert game.kind == "game" and game.source_format == "nfg"
    profiles = [(3, 3), (5, 0), (0, 5), (1, 1)]
    exact = game.analyze("sica", rollouts=100)["exact"]
    assert exact["mean"] == pytest.approx([sum(p[i] for p in profiles) / 4 for i in range(2)], abs=1e-12)


# A Gambit tree (tests/formats/pennies-in-turn.efg) is zero-sum: the exact correlation of the players'
# returns is −1; and the play (single, T, T) pays player 1 the 1 the file's outcome 3 gives.
def test_an_imported_extensive_form_game_keeps_the_trees_payoffs(root):
    game = motive.import_file(root / "tests/formats/pennies-in-turn.efg")
    assert game.kind == "game" and game.source_format == "efg"
    exact = game.analyze("sica", rollouts=100)["exact"]
    assert exact["correlation"][0][1] == pytest.approx(-1, abs=1e-12)
    import json

    table = json.loads(game.text.split("\n", 1)[1])["payoff_table"]
    row = next(r for r in table if r["given"] == {"chance_1": "single", "move_2_Player_1": "T", "move_3_Player_2": "T"})
    assert row["payoffs"] == {"Player_1": 1, "Player_2": -1}


# Kuhn poker (tests/formats/kuhn-poker.efg) imports with its information sets: 6 of player 1 and 6 of
# player 2, each holding the 2 deals that give the player its card; under uniform play player 1
# expects 1/8 (per deal, each of the five plays listed by hand: check-check, check-bet-fold,
# check-bet-call, bet-fold, bet-call with probabilities 1/4, 1/8, 1/8, 1/4, 1/4).
def test_kuhn_poker_imports_with_its_information_sets_efg(root):
    game = motive.import_file(root / "tests/formats/kuhn-poker.efg")
    assert game.kind == "game" and game.source_format == "efg"
    expected = 0.0
    for a in range(3):
        for b in range(3):
            if a != b:
                s = 1 if a > b else -1
                plays = [(1 / 4, s), (1 / 8, -1), (1 / 8, 2 * s), (1 / 4, 1), (1 / 4, 2 * s)]
                expected += sum(p * pay for p, pay in plays) / 6
    exact = game.analyze("sica", rollouts=100)["exact"]
    assert exact["mean"] == pytest.approx([expected, -expected], abs=1e-12)
    tree = game.analyze("game_tree")
    sizes = sorted((s["player"], len(s["nodes"])) for s in tree["information_sets"])
    assert sizes == [("Player_1", 2)] * 6 + [("Player_2", 2)] * 6
