"""Menhirs: activating and re-activating them, and what they reveal [MENHIR-*]."""

from __future__ import annotations

from grail.content import Campaign

from .amounts import amount_of
from .conditions import holds
from .day import acted
from .events import Event, LocationRevealed, MenhirDialTurned
from .frames import push
from .map import reveal_around
from .modes import menhir_dial
from .state import GameState, HeroState, Menhir


def requirements_met(campaign: Campaign, state: GameState, heroes: list[HeroState]) -> bool:
    """A Menhir-seal Location whose activation requirements the character, or the team
    between them, meet [ACT-MENHIR-1], [MENHIR-5]; its cost is the team's matter (``teams``)."""
    menhir = campaign.location[heroes[0].location].menhir
    return menhir is not None and (menhir.requires is None
                                   or holds(campaign, state, menhir.requires, heroes))


def activate(campaign: Campaign, state: GameState, heroes: list[str]) -> list[Event]:
    """The character or team, having paid (``teams``), sets the dial (re-activating replaces
    the days left) [MENHIR-7] and reveals what is now in radius around every Location
    holding characters [MENHIR-6]; the activation is each member's action [DAY-6], [DAY-7],
    and its effects the team's."""
    members = [state.hero(hero_id) for hero_id in heroes]
    hero = members[0]
    section = campaign.location[hero.location].menhir
    assert section is not None
    acted(state, members)
    events: list[Event] = []
    dial = menhir_dial(state, amount_of(campaign, section.dial, state, hero))  # [ACT-MENHIR-2]
    state.menhirs = [m for m in state.menhirs if m.location != hero.location]
    state.menhirs.append(Menhir(location=hero.location, dial=dial))
    events.append(MenhirDialTurned(location=hero.location, dial=dial))
    for number in sorted({other.location for other in state.heroes}):
        for revealed in reveal_around(campaign, state, number):
            x, y = state.spot_of(revealed) or (0, 0)
            events.append(LocationRevealed(number=revealed, x=x, y=y))
    if section.effects:
        push(state, "menhir", hero.location, heroes)
    return events
