"""Menhirs: activating and re-activating them, and what they reveal [MENHIR-*]."""

from __future__ import annotations

from grail.content import Campaign

from .amounts import amount_of
from .conditions import holds
from .costs import can_pay, pay
from .events import Event, LocationRevealed, MenhirDialTurned
from .frames import push
from .map import reveal_around
from .modes import menhir_dial
from .state import GameState, HeroState, Menhir


def can_activate(campaign: Campaign, state: GameState, hero: HeroState) -> bool:
    """Only on a Menhir-seal Location, when its requirements hold and its cost can be paid
    [ACT-MENHIR-1], [MENHIR-5]."""
    menhir = campaign.location[hero.location].menhir
    if menhir is None:
        return False
    if menhir.requires is not None and not holds(campaign, state, menhir.requires, [hero]):
        return False
    return menhir.cost is None or can_pay(campaign, state, hero, menhir.cost)


def activate(campaign: Campaign, state: GameState, hero_id: str) -> list[Event]:
    """Pay, set the dial (re-activating replaces the days left) [MENHIR-7], then reveal what
    is now in radius around every Location holding characters [MENHIR-6]."""
    hero = state.hero(hero_id)
    section = campaign.location[hero.location].menhir
    assert section is not None
    events: list[Event] = pay(campaign, state, hero, section.cost) if section.cost else []
    dial = menhir_dial(state, amount_of(campaign, section.dial, state, hero))  # [ACT-MENHIR-2]
    state.menhirs = [m for m in state.menhirs if m.location != hero.location]
    state.menhirs.append(Menhir(location=hero.location, dial=dial))
    events.append(MenhirDialTurned(location=hero.location, dial=dial))
    for number in sorted({other.location for other in state.heroes}):
        for revealed in reveal_around(campaign, state, number):
            x, y = state.spot_of(revealed) or (0, 0)
            events.append(LocationRevealed(number=revealed, x=x, y=y))
    if section.effects:
        push(state, "menhir", hero.location, [hero.id])
    return events
