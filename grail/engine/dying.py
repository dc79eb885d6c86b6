""""You Are Dying": the card a character takes at 0 Health, what it forbids, and when it
kills [SURV-4], [DEATH-1].

The rulebook: the card "gives your character time to recover but, if you do not heal, you
will die". Each campaign writes its two cards (``dying`` for a game of two or more
characters, ``dying_solo``) with the effects resolved on taking it, the moments it kills
(``dies_when``) and what it forbids (``may_not``). A character holds the card until its
Health rises above 0, and only then gives it back [SURV-4]; falling to 0 again takes it
again. A death the card calls for is due at once and carried out before the next decision
(``death.check``), so no effect list is cut in half.
"""

from __future__ import annotations

from grail.content import Campaign
from grail.content.campaign import DyingCard, DyingLimit, DyingTrigger

from .events import DyingChanged, Event
from .frames import push
from .state import GameState, HeroState


def card(campaign: Campaign, state: GameState) -> DyingCard:
    """The card a game takes: the solo one with a single character [DEATH-2]."""
    manifest = campaign.manifest
    return manifest.dying_solo if len(state.heroes) == 1 else manifest.dying


def barred(campaign: Campaign, state: GameState, hero: HeroState) -> list[DyingLimit]:
    """What the character's card forbids it: nothing unless it holds one."""
    return card(campaign, state).may_not if hero.dying else []


def forbids(campaign: Campaign, state: GameState, hero: HeroState, what: DyingLimit) -> bool:
    """The character holds the card and the card forbids ``what``."""
    return what in barred(campaign, state, hero)


TEAM_ACTIONS: dict[str, DyingLimit] = {
    "travel": "travel", "explore": "explore", "location_action": "location_action",
    "activate_menhir": "activate_menhir"}
"""What a card must forbid, besides joining, to keep its holder out of a team's action of
each kind. Not a character action: the one a card forbids is the holder's own, and who
joins another's only helps pay it, its effects the owner's alone [ACT-CHAR-1]."""


def kept_out(campaign: Campaign, state: GameState, hero: HeroState,
             action: str) -> DyingLimit | None:
    """What of the character's card keeps it out of a team's ``action``: joining at all, or
    the action itself, since the members "forman un equipo y hacen la acción juntos" and a
    team action counts as the action of each member: joining a Travel is travelling
    [DEATH-1], [TEAM-1], [DAY-7]."""
    for limit in ("join_team", TEAM_ACTIONS.get(action)):
        if limit is not None and forbids(campaign, state, hero, limit):
            return limit
    return None




def take(campaign: Campaign, state: GameState, hero: HeroState) -> list[Event]:
    """At 0 Health the character takes the card and follows it [SURV-4], [DEATH-1]."""
    hero.dying = True
    push(state, "dying_solo" if len(state.heroes) == 1 else "dying", 0, [hero.id])
    return [DyingChanged(hero=hero.id, change="taken")]


def heal(hero: HeroState) -> list[Event]:
    """Health above 0 again: the card goes back, and with it any death it called for."""
    hero.dying, hero.death_due = False, None
    return [DyingChanged(hero=hero.id, change="healed")]


def hurt(campaign: Campaign, state: GameState, hero: HeroState) -> None:
    """A dying character loses Health: it dies where its card says so."""
    _due(campaign, state, hero, "losing_health")


def rested(campaign: Campaign, state: GameState, hero: HeroState, was_dying: bool) -> None:
    """After a rest that began with the character dying: still at 0 Health, it dies where
    its card says so [END-DAY-1]."""
    if was_dying and hero.health == 0:
        _due(campaign, state, hero, "end_of_day")


def day_begins(campaign: Campaign, state: GameState) -> None:
    """A new Day starts: each character still dying dies where its card says so [DAY-1]."""
    for hero in state.heroes:
        _due(campaign, state, hero, "start_of_day")


def _due(campaign: Campaign, state: GameState, hero: HeroState, trigger: DyingTrigger) -> None:
    if hero.dying and hero.health == 0 and hero.death_due is None \
            and trigger in card(campaign, state).dies_when:
        hero.death_due = trigger
