"""``Game.pending()``: who must decide what, read from the state (docs/architecture.md, the engine's
contract), always in step with the legal actions."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grail.content import Campaign
from grail.engine.actions import Begin, Pass, Rest, Travel
from grail.engine.game import Game

from .playout import campaign as pick
from .playout import check_pending


def test_the_day_the_end_of_day_and_a_team_forming(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren", "yew"], seed=1)
    assert (game.pending().kind, game.pending().heroes) == ("day_action", ["wren", "yew"])
    game.apply(Travel(hero="wren", to=104))  # yew may join [TEAM-1]
    assert (game.pending().kind, game.pending().heroes) == ("team_forming", ["wren"])
    check_pending(game)
    game.apply(Begin(hero="wren"))  # alone
    assert (game.pending().kind, game.pending().heroes) == ("day_action", ["yew"])
    game.apply(Pass(hero="yew"))
    game.apply(Pass(hero="wren"))
    assert (game.pending().kind, game.pending().heroes) == ("rest", ["wren"])
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Rest)))
    assert game.pending().heroes == ["yew"]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["minimal", "bundled"]), st.integers(0, 2**32), st.booleans(), st.data())
def test_pending_agrees_with_the_legal_actions(pack: str, seed: int, companion: bool,
                                               data: st.DataObject) -> None:
    campaign = pick(pack)
    heroes = sorted(campaign.hero)[: data.draw(st.integers(1, len(campaign.hero)))]
    game = Game.new(campaign, heroes, seed=seed, companion=companion)
    for _ in range(data.draw(st.integers(10, 80))):
        check_pending(game)
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
