"""A legal action in words, as every front end shows it: the terminal's numbered lines and
the window's buttons (with names for ids), a journal option's own text, a card use's name,
what a card played would give."""

from __future__ import annotations

from typing import Any

from grail.engine.actions import Choose, PlayCard, UseCard
from grail.engine.game import Game
from grail.engine.items import card_name, uses_of
from grail.engine.journal import closed_options, pending_choice
from grail.engine.telling import tell

from .encounter import gain
from .names import named


def action_lines(game: Game) -> list[str]:
    """The legal actions as numbered lines of plain text."""
    lines = [f"{number}. {action_text(game, action)}"
             for number, action in enumerate(game.legal_actions(), start=1)]
    for _, text, why in closed_options(game.campaign, game.state):
        lines.append(f"-. (not open: {why}) {text}")
    return lines


def action_text(game: Game, action: Any) -> str:
    """A legal action in words, as the terminal and the window show it: with its origin and
    cost, a journal option's own text, a card use's name, what a card played would give."""
    text = tell(game.campaign, game.state, action)
    if isinstance(action, Choose):
        choice = pending_choice(game.campaign, game.state)
        if choice is not None:
            text = f"{action.hero} chooses: {choice.choose[action.option].text}"
    elif isinstance(action, UseCard):
        use = uses_of(game.campaign, action.card)[action.use]
        text = f"Use: {action.hero} uses {card_name(game.campaign, action.card)}: {use.name}"
    elif isinstance(action, PlayCard):
        card = game.campaign.card[action.card]
        text += f": {gain(game, action.hero, card, sorted(at for at, _ in action.magic))}"
    return text


def action_label(game: Game, action: Any) -> str:
    """A legal action in words, as the terminal says it, with names for ids: a button's text."""
    return named(game.campaign, action_text(game, action))
