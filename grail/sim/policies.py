"""Auto-players: policies that take any pending decision of a game.

A policy sees only what a player sees through the engine's contract (the state, the legal
actions) and returns one legal action. Its own randomness is its own ``random.Random``,
seeded, so that a simulation is repeatable; the game's chance points stay with the game.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> RandomPolicy(seed=1).choose(game) in game.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from grail.engine.game import Game
from grail.engine.state import GameState


class Policy(Protocol):
    """Takes a decision: one of ``game.legal_actions()``."""

    def choose(self, game: Game) -> Any: ...


class RandomPolicy:
    """A legal action, uniformly at random."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def choose(self, game: Game) -> Any:
        legal = game.legal_actions()
        return legal[self.random.randrange(len(legal))]


Score = Callable[[GameState], float]


def standing(state: GameState) -> float:
    """How well the characters stand: an Encounter won beats everything, then Health and
    Energy kept, then Terror avoided. Policies compare states by it."""
    heroes = state.heroes
    return (sum(4 * hero.health + hero.energy - 2 * hero.terror for hero in heroes)
            - 100 * len(state.dead))


class GreedyPolicy:
    """The action whose immediate result scores best (ties broken at random): it tries
    each legal action on a copy of the game, without the chance points' outcomes known
    to it (each copy runs the game's own generator as it stands)."""

    def __init__(self, seed: int, score: Score = standing) -> None:
        self.random = random.Random(seed)
        self.score = score

    def choose(self, game: Game) -> Any:
        best: list[Any] = []
        top = float("-inf")
        for action in game.legal_actions():
            trial = Game(game.campaign, game.state.model_copy(deep=True), dict(game.setup))
            trial.apply(action)
            value = self.score(trial.state)
            if value > top:
                best, top = [action], value
            elif value == top:
                best.append(action)
        return best[self.random.randrange(len(best))]


POLICIES: dict[str, Callable[[int], Policy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
}
"""Policies by name, each made from a seed."""
