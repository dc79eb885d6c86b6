"""The engine's two tables: what a state waits on (``ORDER``), and what each action does
(``DOES``)."""

from __future__ import annotations

from typing import get_args

import pytest

from grail.content import Campaign
from grail.engine.actions import Actions, ChanceOutcome, Pass, Travel
from grail.engine.decisions import DOES, ORDER, waiting
from grail.engine.game import Game, IllegalAction


def test_every_action_type_has_a_handler_and_no_other() -> None:
    """No silent fallback: each action type is looked up; a chance outcome answers the
    action it belongs to (``Game.apply``) and has none of its own."""
    assert set(DOES) == set(get_args(Actions)) - {ChanceOutcome}


def test_the_order_ends_with_the_days_actions_which_always_wait(minimal: Campaign) -> None:
    """The Day's actions come last and wait in any state: what waits before them in the
    rulebook's order comes first [DAY-1]."""
    names = [decision.name for decision in ORDER]
    assert names[0] == "over" and names[-1] == "day" and len(set(names)) == len(names)
    game = Game.new(minimal, ["wren", "yew"], seed=1)
    game.apply(Travel(hero="wren", to=102))
    assert ORDER[-1].waits(game.state) and waiting(game.state) is not ORDER[-1]


def test_one_decision_answers_legal_pending_and_refusal(minimal: Campaign) -> None:
    """The waiting decision's three answers agree: a team forming names its members, lists
    their steps, and refuses a Day action with the team's rule [TEAM-1]."""
    game = Game.new(minimal, ["wren", "yew"], seed=1)
    assert waiting(game.state).name == "day"
    game.apply(Travel(hero="wren", to=102))
    assert waiting(game.state).name == "team"
    assert (game.pending().kind, game.pending().heroes) == ("team_forming", ["wren"])
    assert {action.type for action in game.legal_actions()} == {"join", "begin", "cancel"}
    refused = game.refusal(Pass(hero="yew"))
    assert (refused.rule, refused.code, refused.fields) == (
        "TEAM-1", "team_forming", {"proposer": "wren", "action": "travel"})
    with pytest.raises(IllegalAction, match=r"\[TEAM-1\]"):
        game.apply(Pass(hero="yew"))


@pytest.mark.parametrize("pack", ["minimal", "ennor"])
def test_after_every_action_the_next_decision_is_asked_at_once(
        pack: str, minimal: Campaign, ennor: Campaign) -> None:  # [DAY-1]
    """``ORDER`` says what comes next: after an action the game has done by itself all its
    decisions' ``goes_on`` would do, so the decision it waits on has nothing left to do
    first (its ``goes_on`` changes nothing and asks it); and the decisions that do nothing by
    themselves are the ones named."""
    import random

    from grail.engine.decisions import goes_on

    campaign = minimal if pack == "minimal" else ennor
    for seed in range(4):
        game = Game.new(campaign, sorted(campaign.hero)[:1 + seed % 2], seed=seed)
        chooser = random.Random(seed)
        while not game.is_terminal() and len(game.log) < 400:
            resting = game.state.model_copy(deep=True)
            assert goes_on(campaign, resting) in (None, ([], True)), waiting(game.state).name
            assert resting.model_dump_json() == game.state.model_dump_json()
            legal = game.legal_actions()
            game.apply(legal[chooser.randrange(len(legal))])
    assert {decision.name for decision in ORDER if decision.goes_on is None} == {
        "over", "chance", "mercy", "asked", "after_a_death", "team"}
