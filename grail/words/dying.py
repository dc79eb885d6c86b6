"""What a "You Are Dying" card means, and what it forbids, in words [DEATH-1]..[DEATH-6]."""

from __future__ import annotations

from grail.content import Campaign
from grail.content.campaign import DyingLimit
from grail.engine import dying
from grail.engine.state import GameState
from grail.lang import _

from .names import hero_name, team_action_noun


def death_cause(cause: str) -> str:
    """Why a dying character died, and when its card kills, in words [DEATH-1]."""
    return {"losing_health": _("losing Health while dying"),
            "end_of_day": _("still at 0 Health after resting"),
            "start_of_day": _("still at 0 Health when the Day began"),
            "effect": _("as the story says")}[cause]


def dying_limit(limit: DyingLimit) -> str:
    """What a "You Are Dying" card forbids, as its refusal says it."""
    return {"join_team": _("joining a team"), "travel": _("travel"), "explore": _("exploring"),
            "location_action": _("a Location action"),
            "character_action": _("its character action"),
            "activate_menhir": _("activating a Menhir"), "use_cards": _("using its cards"),
            "trade": _("giving in a trade")}[limit]


def dying_refusal(campaign: Campaign, hero: str, limit: DyingLimit, joining: str = "") -> str:
    """Why the card refuses the character an action, or a place in a team's action of a kind
    it forbids (``joining``: that action's kind) [DEATH-1], [DAY-7]."""
    text = _("{hero} is dying: the 'You Are Dying' card forbids {limit} until Health rises "
             "above 0").format(hero=hero_name(campaign, hero), limit=dying_limit(limit))
    if joining and limit != "join_team":
        text = _("{refusal}, and so joining a team's {action}: a team action counts as the "
                 "action of each member").format(refusal=text,
                                                 action=team_action_noun(joining))
    return text


def dying_text(campaign: Campaign, state: GameState) -> str:
    """What holding "You Are Dying" means in this game, for a dying character's line:
    "dying: heal above 0 Health, or die on losing Health while dying or still at 0 Health
    after resting; may not join a team"."""
    held = dying.card(campaign, state)
    deaths = [death_cause(when) for when in held.dies_when]
    text = _("dying: heal above 0 Health") if not deaths else \
        _("dying: heal above 0 Health, or die on {deaths}").format(
            deaths=_(" or ").join(deaths))
    if held.may_not:
        text = _("{dying}; may not {limits}").format(
            dying=text, limits=", ".join(_may_not(limit) for limit in held.may_not))
    return text


def _may_not(limit: DyingLimit) -> str:
    return {"join_team": _("join a team"), "travel": _("travel"), "explore": _("explore"),
            "location_action": _("take a Location action"),
            "character_action": _("take its character action"),
            "activate_menhir": _("activate a Menhir"), "use_cards": _("use its cards"),
            "trade": _("give in a trade")}[limit]
