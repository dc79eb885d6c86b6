"""What the game waits on, in words: one wording a kind of decision (:data:`PENDING`, every
kind of ``grail.engine.pending.Kind``, tests/test_words.py), read from the state as the
engine's ``Game.pending()`` names it; and how a campaign ended.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> pending_words(Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7))
'a Day action, or Pass'
"""

from __future__ import annotations

from collections.abc import Callable

from grail.engine.game import Game
from grail.engine.journal import pending_choice
from grail.lang import _

from .names import (
    capitalized,
    chance_point,
    encounter_name,
    full_name,
    hero_name,
    keyword_words,
    secret_name,
    team_action_noun,
)


def _name(game: Game) -> str:
    """The name of the Encounter under way."""
    encounter = game.state.encounter
    return encounter_name(game.campaign, encounter.id) if encounter is not None else ""


def _team(game: Game) -> str:
    team = game.state.team
    action = capitalized(team_action_noun(team.action)) if team is not None else ""
    return (_("{action}: who pays what") if team is not None and team.paying
            else _("{action}: who joins, before it begins")).format(action=action)


def _fell(game: Game) -> str:
    state = game.state
    return _(", when {hero} died").format(hero=full_name(game.campaign, state.fallen.id)) \
        if state.fallen is not None else ""


def _lost(game: Game) -> str:
    return _("the game is lost on Day {day}{fell}: ask for Mother's Mercy, or end the "
             "campaign").format(day=game.state.day, fell=_fell(game))


def ending(game: Game) -> str | None:
    """How the campaign ended, once it has: won, or lost, when and by whose death [DEATH-6];
    None while it goes on."""
    state = game.state
    if not game.is_terminal():
        return None
    if state.outcome == "won":
        return _("The campaign is over: won on Day {day}.").format(day=state.day)
    return _("The campaign is over: lost on Day {day}{fell}.").format(day=state.day,
                                                                     fell=_fell(game))


PENDING: dict[str, Callable[[Game], str]] = {
    "none": lambda g: (ending(g) or "").rstrip("."),
    "chance": lambda g: chance_point(g.campaign, g.state.chance.point.point)
    if g.state.chance is not None else "",
    "mercy": _lost,
    "skill": lambda g: _("which Skill side to keep"),
    "destination": lambda g: _("where to move"),
    "item_cap": lambda g: _("which Item to give up for a new one, or none"),
    "discard": lambda g: _("which card to discard"),
    "encounter_items": lambda g: _("{name}: confirm the Items used, set some aside, or avoid")
    .format(name=_name(g)),
    "mulligan": lambda g: _("{name}: keep the hands or draw again, one card fewer").format(
        name=_name(g)),
    "approach": lambda g: _("{name}: choose an approach").format(name=_name(g)),
    "activation": lambda g: _("{name}: who is active next").format(name=_name(g)),
    "play": lambda g: _("{name}: play a card, or stop").format(name=_name(g)),
    "encounter": lambda g: _("the Encounter {name}").format(name=_name(g)),
    "face_up": lambda g: _("which {keyword} card is in use").format(
        keyword=keyword_words(g.state.face_up_queue[0].split(":")[1])),
    "guardian_order": lambda g: _("which Guardian to face first"),
    "team_forming": _team,
    "team_paying": _team,
    "give_secret": lambda g: _("who takes {secret}").format(
        secret=secret_name(g.campaign, g.state.hand_over[0])),
    "replacement": lambda g: _("which hero replaces {hero}").format(
        hero=hero_name(g.campaign, g.state.replacing or "")),
    "journal": lambda g: _("choose an option") if pending_choice(g.campaign, g.state) is not None
    else _("take a part of what the team splits"),
    "rest": lambda g: _("eat 1 Food, or go hungry"),
    "upgrade": lambda g: _("spend Exp, move cards in or out of a deck, or finish"),
    "keep_card": lambda g: _("which card to keep"),
    "day_action": lambda g: _("a Day action, or Pass"),
}
"""Each kind of decision in words, by its kind."""


def pending_words(game: Game) -> str:
    """What the game waits on, in words."""
    return PENDING[game.pending().kind](game)
