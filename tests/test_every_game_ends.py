"""Every game of the bundled campaign ends, won or lost, whoever plays it [DEATH-1]..[DEATH-6],
[MERCY-1], [MODE-CHALLENGE-11].

Random, greedy and search play, alone and with four characters, in Story, Normal and
Challenge mode: no game may reach a state where nothing can change again (no legal action
and no end), nor go on past a bound of Days without an outcome. Ennor's chapters each have a
clock (the long-fog dial, the Last Ebb's), and "You Are Dying" kills those who do not heal,
so a game that is neither won nor lost within the bound is a bug of the engine or the
content. A lost game offering Mother's Mercy is taken back once, and must end again.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grail.content import Campaign, bundled_pack, load_pack
from grail.engine.actions import AcceptMercy, ChooseReplacement, EndCampaign
from grail.engine.events import HeroDied
from grail.engine.game import Game
from grail.engine.state import Mode
from grail.sim.days import DayPolicy
from grail.sim.policies import GreedyPolicy, Policy, RandomPolicy, SearchPolicy

BOUND = 100
"""Days a game may last from its start or from a Mercy without an outcome: Ennor's chapter 1
clock is 30 Days, chapter 2's tide dial at most 10 and the Last Ebb's 5."""

ACTIONS_PER_DAY = 5_000
"""Actions within one Day before it counts as going nowhere (free trades back and forth
are legal; a random player still moves on)."""

POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy, "search": SearchPolicy,
            "day": DayPolicy}
"""Every chooser grail has: at random, greedy and searching fights (the Day's decisions at
random), and the balance report's careful day player."""

_ENNOR: list[Campaign] = []


def ennor() -> Campaign:
    if not _ENNOR:
        _ENNOR.append(load_pack(bundled_pack()))
    return _ENNOR[0]


def play_to_the_end(game: Game, policy: Policy) -> list[str]:
    """Play until the campaign is over, taking one Mother's Mercy where offered; the
    outcome of each game played, in order. Fails on a stuck game or one without end."""
    outcomes: list[str] = []
    began, today, actions = game.state.day, game.state.day, 0
    while not game.is_terminal():
        state = game.state
        if state.stage == "mercy":  # lost: saved once, then the campaign ends [MERCY-1]
            outcomes.append("lost")
            game.apply(AcceptMercy() if len(outcomes) == 1 else EndCampaign())
            began = today = game.state.day
            continue
        legal = game.legal_actions()
        assert legal, f"Day {state.day}, {state.stage}: nothing can be done and the game " \
            "has not ended"
        assert state.day - began <= BOUND, f"no outcome after {BOUND} Days"
        if state.day != today:
            today, actions = state.day, 0
        actions += 1
        assert actions <= ACTIONS_PER_DAY, f"Day {state.day} does not end"
        game.apply(_decide(game, policy, legal))
    if len(outcomes) < 2:  # won, or lost where no Mercy was offered
        outcomes.append(game.state.outcome or "")
    return outcomes


def _decide(game: Game, policy: Policy, legal: list[Any]) -> Any:
    """The policy's choice, except that the players stay at the table [PLAYERS-1]."""
    kept = [action for action in legal
            if action.type not in ("join_game", "leave_game", "leave_story_mode")]
    choice = policy.choose(game)
    return choice if choice in kept or not kept else kept[0]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), party=st.sampled_from([1, 4]),
       mode=st.sampled_from(["story", "normal", "challenge"]))
def test_random_play_always_ends_won_or_lost(seed: int, party: int, mode: Mode) -> None:
    heroes = _party(seed, party)
    game = Game.new(ennor(), heroes, seed=seed, mode=mode)
    outcomes = play_to_the_end(game, RandomPolicy(seed))
    assert outcomes and all(outcome in ("won", "lost") for outcome in outcomes)
    if mode == "challenge":  # no Mercy: the first loss ends the campaign [MODE-CHALLENGE-11]
        assert len(outcomes) == 1


@pytest.mark.parametrize("name", ["greedy", "search", "day"])
@pytest.mark.parametrize("party", [1, 4])
@pytest.mark.parametrize("mode", ["story", "normal", "challenge"])
def test_every_policy_plays_to_an_end_won_or_lost(name: str, party: int, mode: Mode) -> None:
    for seed in (1, 2, 3):
        game = Game.new(ennor(), _party(seed, party), seed=seed, mode=mode)
        outcomes = play_to_the_end(game, POLICIES[name](seed))
        assert outcomes and all(outcome in ("won", "lost") for outcome in outcomes)


def test_a_lost_game_taken_back_by_mercy_ends_again() -> None:  # [MERCY-1]
    for seed in range(1, 20):
        game = Game.new(ennor(), ["tamsin"], seed=seed)
        outcomes = play_to_the_end(game, RandomPolicy(seed))
        if outcomes[0] == "lost" and len(outcomes) == 2:
            assert game.state.mercies == 1 and game.is_terminal()
            return
    pytest.fail("no random game was lost, saved by Mercy and ended again")


def _party(seed: int, size: int) -> list[str]:
    heroes = sorted(ennor().hero, key=lambda hero: ennor().hero[hero].number)
    return heroes[:size] if size > 1 else [heroes[seed % len(heroes)]]


def test_in_real_play_the_dead_are_replaced_and_leave_their_items() -> None:
    """Random two-character games of Ennor: characters die of their "You Are Dying" card,
    others take their place on the lowest revealed Location, what the dead held lies where
    they fell, and the game is lost when no one is left to come [DEATH-1]..[DEATH-6]."""
    seen: dict[str, int] = {"died": 0, "replaced": 0, "left items": 0, "lost": 0}
    for seed in range(1, 9):
        game = Game.new(ennor(), ["tamsin", "jago"], seed=seed)
        policy = RandomPolicy(seed)
        while game.state.stage not in ("mercy", "over"):
            action = _decide(game, policy, game.legal_actions())
            events = game.apply(action)
            died = [event.hero for event in events if isinstance(event, HeroDied)]
            seen["died"] += len(died)
            if isinstance(action, ChooseReplacement):
                seen["replaced"] += 1
                joined = game.state.hero(action.hero)
                assert joined.location == min(p.number for p in game.state.placed)  # [DEATH-3]
            seen["left items"] += bool(died and game.state.left_items)  # [DEATH-4]
        seen["lost"] += game.state.outcome == "lost"
    assert all(seen.values()), seen
