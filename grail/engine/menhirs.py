"""Menhirs: activating and re-activating them, and what they reveal [MENHIR-*]."""

from __future__ import annotations

from grail.content import Campaign

from .amounts import amount_of
from .conditions import holds
from .day import acted
from .events import Event, LocationRevealed, MenhirDialTurned, MenhirUnlit
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
    events = light(campaign, state, hero.location,
                   amount_of(campaign, section.dial, state, hero))  # [ACT-MENHIR-2]
    if section.effects:
        push(state, "menhir", hero.location, heroes)
    return events


def light(campaign: Campaign, state: GameState, where: int, days: int) -> list[Event]:
    """A Menhir lit on ``where`` for ``days`` Days, by its action or by the card or journal
    entry that holds it (a Day less under that Challenge rule [MODE-CHALLENGE-6]); lit again,
    the Days left on its dial are lost [MENHIR-7]. Then whatever the Direction Keys of the
    Locations holding characters name and is now within radius is revealed [MENHIR-6]. A
    Menhir stands on its Location's card: with the card not on the map, none is lit."""
    if state.spot_of(where) is None:
        return [MenhirUnlit(location=where)]
    dial = menhir_dial(state, days)
    state.menhirs = [m for m in state.menhirs if m.location != where]
    state.menhirs.append(Menhir(location=where, dial=dial))
    events: list[Event] = [MenhirDialTurned(location=where, dial=dial)]
    for number in sorted({hero.location for hero in state.heroes}):
        for revealed in reveal_around(campaign, state, number):
            x, y = state.spot_of(revealed) or (0, 0)
            events.append(LocationRevealed(number=revealed, x=x, y=y))
    return events
