""""You Are Going Mad": the card a character takes when its Terror reaches the red spaces
at the top of the meter, and gives back when Terror leaves them [SURV-5], [MAD-1].

While held, the character reads Nightmares instead of Dreams [END-DAY-6]; what else the
card does (harder Explore and Travel, in the rulebook's words) is the campaign's
``going_mad`` effects, resolved when it is taken.
"""

from __future__ import annotations

from grail.content import Campaign

from .events import Event, GoingMadChanged
from .frames import push
from .state import GameState, HeroState


def in_the_red(campaign: Campaign, hero: HeroState) -> bool:
    """Terror on one of the red spaces at the top of its meter [SURV-5]."""
    terror = campaign.hero[hero.id].meters.terror
    return hero.terror > terror.max - terror.red


def check(campaign: Campaign, state: GameState) -> list[Event]:
    """Between decisions: a character whose Terror reached the red takes the card and
    follows it; one whose Terror left the red gives it back [MAD-1]."""
    events: list[Event] = []
    for hero in state.heroes:
        red = in_the_red(campaign, hero)
        if red and not hero.going_mad:
            hero.going_mad = True
            if campaign.manifest.going_mad:
                push(state, "going_mad", 0, [hero.id])
            events.append(GoingMadChanged(hero=hero.id, change="taken"))
        elif hero.going_mad and not red:
            hero.going_mad = False
            events.append(GoingMadChanged(hero=hero.id, change="given_back"))
    return events
