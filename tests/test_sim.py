"""Auto-players and odds (grail/sim, ``grail odds``)."""

from __future__ import annotations

import json

import pytest

from grail.cli import main
from grail.content import Campaign
from grail.engine.game import Game
from grail.sim.odds import odds, playout, wilson
from grail.sim.policies import GreedyPolicy, RandomPolicy

from .conftest import MINIMAL


def test_the_wilson_interval_holds_the_rate_and_narrows_with_n() -> None:
    low, high = wilson(30, 100)
    assert low < 0.3 < high
    narrow = wilson(300, 1000)
    assert high - low > narrow[1] - narrow[0]
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_policies_only_ever_take_legal_actions(minimal: Campaign) -> None:
    for policy in (RandomPolicy(seed=3), GreedyPolicy(seed=3)):
        game = Game.new(minimal, ["wren"], seed=3)
        for _ in range(40):
            if game.is_terminal():
                break
            action = policy.choose(game)
            assert action in game.legal_actions()
            game.apply(action)


def test_a_playout_ends_the_encounter_it_began(minimal: Campaign) -> None:
    result = playout(minimal, "wren", "grey-warden", seed=5, policy="random")
    assert result.decisions >= 1 and result.damage >= 0


def test_odds_are_the_same_for_a_seed_whatever_the_workers() -> None:
    one = odds(MINIMAL, "wren", "grey-warden", n=40, policy="random", seed=9, workers=1)
    two = odds(MINIMAL, "wren", "grey-warden", n=40, policy="random", seed=9, workers=2)
    assert one == two and one.n == 40
    assert one.ci95[0] <= one.win_probability <= one.ci95[1]


def test_grail_odds_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--pack", str(MINIMAL), "--hero", "wren", "--encounter", "grey-warden",
                 "--n", "30", "--policy", "random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"win_probability", "ci95", "n", "mean_turns", "mean_damage"}
    assert data["n"] == 30 and 0 <= data["win_probability"] <= 1


@pytest.mark.parametrize(("args", "message"), [
    (["--hero", "nobody", "--encounter", "grey-warden"], "no hero 'nobody'"),
    (["--hero", "wren", "--encounter", "nothing"], "no Encounter 'nothing'"),
    (["--hero", "wren", "--encounter", "grey-warden", "--n", "0"], "--n is the number"),
])
def test_grail_odds_refuses_what_it_cannot_play(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["odds", "--pack", str(MINIMAL), *args]) == 1
    assert message in capsys.readouterr().err
