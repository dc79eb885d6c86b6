"""Auto-players: policies that take any pending decision of a game.

A policy sees only what a player sees through the engine's contract: the state as the
table shows it and the legal actions. It never copies the game, never reads the game's
generator and never looks at the order of a deck; its own randomness is its own
``random.Random``, seeded, so that a simulation is repeatable.

- ``random``: any legal action, uniformly.
- ``greedy``: in an activation, the card (or Charges) that yields most at once, until
  none yields anything (:func:`.planner.greedy`).
- ``search``: in an activation, the first step of the best plan for the whole
  activation (:func:`.planner.search`); it Escapes a Combat it would not survive.

Outside an activation ``greedy`` and ``search`` decide as :func:`settled` says.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> all(POLICIES[name](1).choose(game) in game.legal_actions() for name in POLICIES)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from grail.content.encounters import CombatEncounter
from grail.engine.actions import (
    Activate,
    ChanceOutcome,
    ChooseApproach,
    DiscardCard,
    EndCampaign,
    EndPlay,
    Escape,
    JoinGame,
    KeepHands,
    LeaveGame,
    LeaveStoryMode,
    PlayCard,
    Ready,
)
from grail.engine.game import Game

from .board import Board, Context, read
from .planner import Plan, Step, greedy, search
from .steps import resolve


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


AVOIDED = (JoinGame, LeaveGame, EndCampaign, LeaveStoryMode)
"""Actions a settled player leaves alone while anything else may be done."""


def settled(game: Game, legal: list[Any], chooser: random.Random) -> Any:
    """A decision outside an activation's cards, the plain way: Items kept and hands kept
    [ITEM-3], [COMBAT-4], the first approach [DIPLO-2], the lowest-numbered character
    activated [COMBAT-5], the card worth least discarded [COMBAT-15]; a chance point (in a
    companion game) or anything else at random, never leaving the game."""
    for kind in (Ready, KeepHands, ChooseApproach):
        plain = [action for action in legal if isinstance(action, kind)]
        if plain:
            return plain[0]
    heroes = game.campaign.hero
    activations = [action for action in legal if isinstance(action, Activate)]
    if activations:
        return min(activations, key=lambda action: heroes[action.hero].number)
    discards = [action for action in legal if isinstance(action, DiscardCard)]
    if discards:
        return min(discards, key=lambda action: worth(game, action.card))
    chances = [action for action in legal if isinstance(action, ChanceOutcome)]
    kept = chances or [action for action in legal if not isinstance(action, AVOIDED)] or legal
    return kept[chooser.randrange(len(kept))]


def worth(game: Game, card_id: str) -> int:
    """A rough worth of a card in hand: the icons on its keys and its Abilities."""
    card = game.campaign.card[card_id]
    return len(card.free) + sum(len(key.bonus) for key in card.left) + len(card.abilities)


def _play(legal: list[Any], step: Step | None) -> Any:
    """The step if the engine allows it, else no more cards, else (in Panic, where the
    top card must be played [COMBAT-22]) the first card the engine allows."""
    if step is not None and step in legal:
        return step
    return next((action for action in legal if isinstance(action, EndPlay)), None) or \
        next(action for action in legal if isinstance(action, PlayCard))


class GreedyPolicy:
    """In an activation, the card (or Charges) whose placing yields most at once — markers
    or Affinity moved, cards drawn, less Magic paid — until nothing yields anything
    [COMBAT-8]..[COMBAT-10]; other decisions as :func:`settled`."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def choose(self, game: Game) -> Any:
        legal = game.legal_actions()
        seen = read(game)
        if seen is None:
            return settled(game, legal, self.random)
        return _play(legal, greedy(*seen))


class SearchPolicy:
    """In an activation, the first step of the best plan found for it (:func:`.planner.search`):
    the orderings of the hand, the ways to pay Magic Keys, Charges and continues; it
    follows the plan while the table stays as foreseen (a card drawn makes it plan
    again). A Combat it would not survive, it Escapes if the Opportunity attack leaves it
    standing [COMBAT-17]. Other decisions as :func:`settled`."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.foreseen: dict[Any, Step | None] = {}

    def choose(self, game: Game) -> Any:
        legal = game.legal_actions()
        seen = read(game)
        if seen is None:
            return settled(game, legal, self.random)
        ctx, board = seen
        key = (ctx.hero, ctx.health, board.seen())
        if key not in self.foreseen:
            plan = search(ctx, board)
            if plan.outcome.fell and _escapes(ctx, board, legal):
                return next(action for action in legal if isinstance(action, Escape))
            self.foreseen = _foreseen(ctx, plan)
        return _play(legal, self.foreseen[key])


def _foreseen(ctx: Context, plan: Plan) -> dict[Any, Step | None]:
    """Each board the plan passes through, and the step it takes there."""
    return {(ctx.hero, ctx.health, board.seen()): step
            for board, step in zip(plan.boards, [*plan.steps, None], strict=True)}


def _escapes(ctx: Context, board: Board, legal: list[Any]) -> bool:
    """Escape a Combat, when it may, if its Opportunity attack leaves the character
    standing [COMBAT-17]."""
    if not isinstance(ctx.card, CombatEncounter) or not any(isinstance(a, Escape) for a in legal):
        return False
    return resolve(ctx, board, ctx.card.opportunity, None).damage < ctx.health


POLICIES: dict[str, Callable[[int], Policy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "search": SearchPolicy,
}
"""Policies by name, each made from a seed."""
