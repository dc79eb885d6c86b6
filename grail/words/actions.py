"""A legal action in words, as every front end shows it: the terminal's numbered lines and
the window's buttons (with names for ids), a journal option's own text, a card use's name,
what a card played would give."""

from __future__ import annotations

from typing import Any

from grail.content import effects as fx
from grail.engine.actions import (
    DAY_ACTIONS,
    Choose,
    EndCampaign,
    Join,
    LeaveGame,
    LeaveStoryMode,
    PlayCard,
    Rest,
    Share,
    UseCard,
)
from grail.engine.game import Game
from grail.engine.items import card_name, uses_of
from grail.engine.journal import closed_options, pending_choice, waiting_effect
from grail.engine.teams import kept_out, would_propose
from grail.engine.telling import PROPOSED, tell

from .effects import cost_words, leads_to
from .encounter import gain
from .events import dying_refusal
from .names import hero_name, said, secret_name
from .table import rest_lines

ASKED_FIRST = (EndCampaign, LeaveGame, LeaveStoryMode)
"""Actions every front end asks the player to confirm before taking them: they end the
campaign, a player's part in it, or Story mode [DEATH-6], [PLAYERS-1], [MODE-STORY-3]."""


def action_lines(game: Game) -> list[str]:
    """The legal actions as numbered lines of plain text, then the choices not open, each
    with why not."""
    lines = [f"{number}. {action_text(game, action)}"
             for number, action in enumerate(game.legal_actions(), start=1)]
    for _, text, why in closed_options(game.campaign, game.state):
        lines.append(f"-. (not open: {said(game.campaign, why)}) {text}")
    for _, text, why in closed_joins(game):
        lines.append(f"-. (not open: {why}) {text}")
    return lines


def closed_joins(game: Game) -> list[tuple[Join, str, str]]:
    """The characters a "You Are Dying" card keeps out of the action being proposed, as
    the choices the players see closed: (the Join, its words, why not, in the card's
    refusal) [DEATH-1], [DAY-7]."""
    campaign, team = game.campaign, game.state.team
    action = team.action if team is not None else ""
    return [(join, action_text(game, join), dying_refusal(campaign, join.hero, limit, action))
            for join, limit in kept_out(campaign, game.state)]


def action_text(game: Game, action: Any, where: bool = True) -> str:
    """A legal action in words, as the terminal and the window show it: names for ids,
    with its origin (unless not ``where``) and cost, a journal option's own text, a card
    use's name, what a card played would give."""
    campaign = game.campaign
    if isinstance(action, Choose):
        choice = pending_choice(campaign, game.state)
        if choice is not None:
            option = choice.choose[action.option]
            cost, leads = option_cost(game, option), leads_to(campaign, option.effects)
            notes = "; ".join([f"costs {cost}"] * bool(cost) + [f"leads to {leads}"] * bool(leads))
            return f"{hero_name(campaign, action.hero)} chooses: {option.text}" \
                + (f" ({notes})" if notes else "")
    if isinstance(action, Share) and action.what == "secret" \
            and isinstance(shared := waiting_effect(campaign, game.state), fx.GainSecret):
        return f"Share: {hero_name(campaign, action.hero)} takes " \
            f"{secret_name(campaign, shared.gain_secret)}"  # which Secret, by name [SECRET-1]
    if isinstance(action, UseCard):
        use = uses_of(campaign, action.card)[action.use]
        return f"Use: {hero_name(campaign, action.hero)} uses {card_name(campaign, action.card)}:" \
            f" {use.name}"
    text = said(campaign, tell(campaign, game.state, action, where))
    if isinstance(action, DAY_ACTIONS) and would_propose(campaign, game.state, action):
        text += PROPOSED  # nothing is paid until it begins [TEAM-1]
    if isinstance(action, Rest):  # what it will do [END-DAY-1]..[END-DAY-3]
        changed = [line for line in rest_lines(game, action.hero, action.eat)
                   if "stays" not in line]
        text += f" ({', '.join(changed)})" if changed else ""
    if isinstance(action, PlayCard):
        card = campaign.card[action.card]
        text += f": {gain(game, action.hero, card, sorted(at for at, _ in action.magic))}"
    return text


def option_cost(game: Game, option: fx.Choice) -> str:
    """What a journal option costs whoever decides, in words ('2 Wealth, 1 Energy'), unless
    its own text says it already ("... (1 Food).")."""
    state = game.state
    cost = cost_words(game.campaign, state, option.cost, state.hero(state.frames[-1].heroes[0]))
    return "" if all(part in option.text for part in cost.split(", ")) else cost


def action_label(game: Game, action: Any) -> str:
    """A legal action as a button says it, beside the board that shows the rest: a journal
    option's text alone (its tile shows its cost and where it leads), and no "from" or "at"
    the Location where the character already stands."""
    campaign = game.campaign
    if isinstance(action, Choose) and (choice := pending_choice(campaign, game.state)):
        return f"{hero_name(campaign, action.hero)} chooses: {choice.choose[action.option].text}"
    if isinstance(action, Rest):  # its tile shows the meters; the button, a death only
        dies = next((line for line in rest_lines(game, action.hero, action.eat)
                     if line.startswith("Dies")), None)
        told = said(campaign, tell(campaign, game.state, action, False))
        lost = dies is not None and dies.endswith("the game is lost")
        return told + (" (dies: the game is lost)" if lost else " (dies)" if dies else "")
    text = action_text(game, action, where=False)
    return text.removesuffix(PROPOSED)  # the banner asks who joins, once proposed
