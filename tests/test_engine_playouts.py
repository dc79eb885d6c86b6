"""Random playouts: any sequence of legal actions keeps the rules' invariants, and the
game it reaches saves, loads and replays to itself (tests/playout.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grail.engine.game import Game

from .playout import campaign as pick
from .playout import check_replay, check_round_trip, random_playout


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["minimal", "bundled"]), st.integers(0, 2**32), st.booleans(), st.data())
def test_random_legal_actions_keep_the_invariants(pack: str, seed: int, companion: bool,
                                                  data: st.DataObject) -> None:
    """In a companion game the random player also answers the chance points."""
    campaign = pick(pack)
    heroes = sorted(campaign.hero)[: data.draw(st.integers(1, len(campaign.hero)))]
    game = Game.new(campaign, heroes, seed=seed, companion=companion)
    steps = data.draw(st.integers(10, 120))
    random_playout(game, steps, lambda n: data.draw(st.integers(0, n - 1)), every=steps)
    check_round_trip(game)  # save -> load -> continue, and the log rebuilds the state
    check_replay(game)
