"""The Day: Start of Day, actions During the Day, and the turn to a new Day [DAY-*]."""

from __future__ import annotations

from grail.content import Campaign

from .events import (
    DayBegan,
    EnergySpent,
    Event,
    HeroMoved,
    HeroPassed,
    LocationDiscarded,
    LocationRevealed,
    MenhirDialTurned,
    MenhirRemoved,
)
from .map import in_radius, nearest, reveal_around
from .state import GameState, HeroState
from .survival import wyrdness


def can_act(hero: HeroState) -> bool:
    """Not passed and with Energy left [DAY-4]."""
    return not hero.passed and hero.energy > 0


def acted(state: GameState, hero: HeroState) -> None:
    """Mark an action; when every able character has acted, a new round begins [DAY-3]."""
    hero.acted = True
    able = [other for other in state.heroes if can_act(other)]
    if all(other.acted for other in able):
        for other in state.heroes:
            other.acted = False


def travel(campaign: Campaign, state: GameState, hero_id: str, to: int) -> list[Event]:
    """Pay 1 Energy, move, then enter the Location [ACT-TRAVEL-1], [MAP-6]."""
    hero = state.hero(hero_id)
    hero.energy -= 1
    events: list[Event] = [EnergySpent(hero=hero.id, amount=1)]
    events.append(HeroMoved(hero=hero.id, origin=hero.location, to=to))
    hero.location = to
    events += enter(campaign, state, to)
    acted(state, hero)
    return events


def enter(campaign: Campaign, state: GameState, number: int) -> list[Event]:
    """Entering: (1) reveal [MAP-7]; guardians and lightning rules follow in later steps."""
    revealed = reveal_around(campaign, state, number)
    return [_revealed(state, n) for n in revealed]


def _revealed(state: GameState, number: int) -> LocationRevealed:
    x, y = state.spot_of(number) or (0, 0)
    return LocationRevealed(number=number, x=x, y=y)


def explore(campaign: Campaign, state: GameState, hero_id: str) -> list[Event]:
    """Pay 1 Energy and read the Location's entry until "Exploration ends" [ACT-EXPLORE-1]."""
    from .journal import read_entry, resolve

    hero = state.hero(hero_id)
    hero.energy -= 1
    acted(state, hero)
    entry = campaign.location[hero.location].explore
    events: list[Event] = [EnergySpent(hero=hero.id, amount=1)]
    events += read_entry(campaign, state, entry, [hero.id])
    return events + resolve(campaign, state)


def pass_day(state: GameState, hero_id: str) -> list[Event]:
    """No more actions this Day [ACT-PASS-1]."""
    hero = state.hero(hero_id)
    hero.passed = True
    acted(state, hero)
    return [HeroPassed(hero=hero.id)]


def start_of_day(campaign: Campaign, state: GameState) -> list[Event]:
    """Steps 1-4 of the Start of Day [DAY-START-1]..[DAY-START-4]."""
    events: list[Event] = [DayBegan(day=state.day)]
    if state.day == 1 and not campaign.manifest.rules.start_of_day_on_day_one:
        return events  # [NOTE-15]
    gone = [m for m in state.menhirs if m.dial is None]
    for menhir in gone:  # [DAY-START-1]
        state.menhirs.remove(menhir)
        events.append(MenhirRemoved(location=menhir.location))
    if state.menhirs:
        events += _discard_outside_radius(campaign, state)  # [DAY-START-2]
    elif not gone or campaign.manifest.rules.last_menhir_penalty_same_day:
        events += [wyrdness(campaign, hero, "no Menhir is left [MENHIR-9]")
                   for hero in state.heroes]
    for menhir in state.menhirs:  # [DAY-START-3]
        menhir.dial = None if menhir.dial is None or menhir.dial <= 1 else menhir.dial - 1
        events.append(MenhirDialTurned(location=menhir.location, dial=menhir.dial))
    state.location_tokens.clear()  # [DAY-START-4], [NOTE-10]
    return events


def _discard_outside_radius(campaign: Campaign, state: GameState) -> list[Event]:
    """Locations outside every active Menhir's radius leave the map [DAY-START-2]."""
    events: list[Event] = []
    outside = [p for p in state.placed if not in_radius(state, (p.x, p.y))]
    for place in outside:
        state.placed.remove(place)
        state.discarded.append(place.number)  # [MENHIR-4]
        events.append(LocationDiscarded(number=place.number))
    for place in outside:
        for hero in state.heroes:
            if hero.location == place.number:  # [MENHIR-3]
                events.append(wyrdness(campaign, hero, "the Wyrdness took the Location"))
                to = nearest(campaign, state, (place.x, place.y))
                events.append(HeroMoved(hero=hero.id, origin=hero.location, to=to))
                hero.location = to
    return events


def next_to_rest(state: GameState) -> HeroState | None:
    """The next character to rest at the End of Day, by character number [END-DAY-1]."""
    return next((hero for hero in state.heroes if not hero.rested), None)


def new_day(state: GameState) -> None:
    """A new Day begins with its Start of Day [DAY-1]."""
    state.day += 1
    state.stage = "start_of_day"
    for hero in state.heroes:
        hero.passed = hero.acted = hero.rested = False

