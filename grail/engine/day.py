"""The Day: Start of Day, actions During the Day, and the turn to a new Day [DAY-*]."""

from __future__ import annotations

from grail.content import Campaign

from . import dials, guardians, items
from .actions import Pass
from .encounter_decks import move_guardians
from .events import (
    DayBegan,
    Event,
    GuardianMoved,
    HeroMoved,
    HeroPassed,
    LocationDiscarded,
    LocationRevealed,
    MenhirDialTurned,
    MenhirRemoved,
)
from .events_deck import discard_event, reveal_event
from .frames import push, read_entry
from .map import nearest, outside_radius, reveal_around, spent_menhirs
from .state import GameState, HeroState
from .survival import wyrdness


def can_act(hero: HeroState) -> bool:
    """Not passed and with Energy left [DAY-4]."""
    return not hero.passed and hero.energy > 0


def actors(state: GameState) -> list[HeroState]:
    """Characters who may act now, lowest character number first: those who have not
    acted this round, else all who still may [DAY-2], [DAY-3]."""
    if state.stage != "day" or state.frames:
        return []
    able = [hero for hero in state.heroes if can_act(hero)]
    return [hero for hero in able if not hero.acted] or able


def acted(state: GameState, heroes: list[HeroState]) -> None:
    """Mark an action of each character: a team action counts as the action of every member
    [DAY-7]; when every able character has acted, a new round begins [DAY-3]."""
    for hero in heroes:
        hero.acted = True
    state.acted_today = True
    able = [other for other in state.heroes if can_act(other)]
    if all(other.acted for other in able):
        for other in state.heroes:
            other.acted = False


def travel(campaign: Campaign, state: GameState, heroes: list[str], to: int) -> list[Event]:
    """Move the character or team, then enter the Location together: its Guardians and
    lightning rules are resolved by the whole team [ACT-TRAVEL-1], [ACT-TRAVEL-3], [MAP-6].
    The cost is paid before (``teams``)."""
    events: list[Event] = []
    for hero_id in heroes:
        hero = state.hero(hero_id)
        events.append(HeroMoved(hero=hero.id, origin=hero.location, to=to))
        hero.location = to
    events += enter(campaign, state, to, heroes)
    acted(state, [state.hero(hero_id) for hero_id in heroes])
    return events


def enter(campaign: Campaign, state: GameState, number: int, heroes: list[str]) -> list[Event]:
    """Entering: (1) reveal [MAP-7], (2) any Guardians attack, in the order the players
    choose [GUARD-6], (3) its lightning rules, at once [MAP-6]: pushed to resolve before
    anything else, the Guardians first."""
    revealed = reveal_around(campaign, state, number)
    events: list[Event] = [_revealed(state, n) for n in revealed]
    guardians.meet(state, number, heroes, [g.id for g in state.guardians if g.location == number])
    key = str(number)
    state.location_visits[key] = state.location_visits.get(key, 0) + 1
    if campaign.location[number].immediate:
        push(state, "immediate", number, heroes)
    return events


def _revealed(state: GameState, number: int) -> LocationRevealed:
    x, y = state.spot_of(number) or (0, 0)
    return LocationRevealed(number=number, x=x, y=y)


def explore(campaign: Campaign, state: GameState, heroes: list[str]) -> list[Event]:
    """Read the Location's entry until "Exploration ends", the team as the readers
    [ACT-EXPLORE-1], [ACT-EXPLORE-2]. The cost is paid before (``teams``)."""
    members = [state.hero(hero_id) for hero_id in heroes]
    acted(state, members)
    entry = campaign.location[members[0].location].explore
    return read_entry(campaign, state, entry, heroes)


def location_action_open(campaign: Campaign, state: GameState, number: int) -> bool:
    """The Location has an action, not yet used today if it is once per Day [ACT-LOC-1],
    [ACT-LOC-2]; whether its cost can be paid is the team's matter (``teams``)."""
    action = campaign.location[number].action
    return action is not None and not (action.once_per_day and number in state.location_tokens)


def location_action(campaign: Campaign, state: GameState, heroes: list[str]) -> list[Event]:
    """The action's result, once, for the character or team [ACT-LOC-3]; paid before."""
    members = [state.hero(hero_id) for hero_id in heroes]
    where = members[0].location
    action = campaign.location[where].action
    assert action is not None
    if action.once_per_day:
        state.location_tokens.append(where)  # a Time token marks it [ACT-LOC-2]
    acted(state, members)
    push(state, "location_action", where, heroes)
    return []


def character_action(state: GameState, heroes: list[str]) -> list[Event]:
    """The owner's action, its effects the owner's alone; teammates who helped pay it have
    acted too [ACT-CHAR-1], [DAY-7]. Paid before (``teams``)."""
    acted(state, [state.hero(hero_id) for hero_id in heroes])
    push(state, "character_action", heroes[0], heroes[:1])
    return []


def pass_day(campaign: Campaign, state: GameState, action: Pass) -> list[Event]:
    """No more actions this Day [ACT-PASS-1]."""
    hero = state.hero(action.hero)
    hero.passed = True
    acted(state, [hero])
    return [HeroPassed(hero=hero.id)]


def start_of_day(campaign: Campaign, state: GameState) -> list[Event]:
    """Steps 1 and 2 of the Start of Day [DAY-START-1], [DAY-START-2]; the dials turn once
    what step 2's moves met is resolved (:func:`dials_turn`), the Event is revealed once
    what the Time dials ask is (:func:`event_revealed`), and the Guardians move once what
    it asks is (:func:`guardians_move`)."""
    events: list[Event] = [DayBegan(day=state.day)]
    if state.day == 1 and not campaign.manifest.rules.start_of_day_on_day_one:
        state.stage = "day"
        return events + reveal_event(campaign, state)  # the first Event still comes [NOTE-15]
    gone = spent_menhirs(state)
    for menhir in gone:  # [DAY-START-1]
        state.menhirs.remove(menhir)
        events.append(MenhirRemoved(location=menhir.location))
    if state.menhirs:
        events += _discard_outside_radius(campaign, state)  # [DAY-START-2]
    elif not gone or campaign.manifest.rules.last_menhir_penalty_same_day:
        events += [wyrdness(campaign, state, hero, "no_menhir")
                   for hero in state.heroes]
    state.stage = "dials"
    return events


def dials_turn(campaign: Campaign, state: GameState) -> list[Event]:
    """Steps 3 and 4 of the Start of Day, once what step 2's moves met is resolved (a Guardian, a lightning
    rule): the Menhirs' dials and the Time dials turn, Time tokens go [DAY-START-3],
    [DAY-START-4]."""
    events: list[Event] = []
    for menhir in state.menhirs:  # [DAY-START-3]
        menhir.dial = None if menhir.dial is None or menhir.dial <= 1 else menhir.dial - 1
        events.append(MenhirDialTurned(location=menhir.location, dial=menhir.dial))
    _remove_time_tokens(campaign, state)  # [DAY-START-4]
    state.uses_spent.clear()  # once-per-Day uses are ready again, as Locations' are
    dialled, expired = dials.turn_time_dials(state)  # [DAY-START-4]
    state.frames += expired  # resolved whole before the Event is revealed: step 4, then 5
    state.stage = "event"
    return events + dialled


def event_revealed(campaign: Campaign, state: GameState) -> list[Event]:
    """Once the Time dials that ran out have done what they say (an Event put on top of the
    deck among it), the day's Event is revealed and read [DAY-START-5]."""
    state.stage = "guardians"
    return reveal_event(campaign, state)


def guardians_move(campaign: Campaign, state: GameState) -> list[Event]:
    """After the Event is read and done with, the Guardians move [DAY-START-6] ("Revela y
    lee una nueva carta de Evento", then "Mueve los Guardianes"); those they meet are
    fought before the Day goes on [GUARD-4] (:func:`face_up`)."""
    events = move_guardians(campaign, state)
    state.stage = "face_up"
    return events


def face_up(campaign: Campaign, state: GameState) -> list[Event]:
    """The Start of Day's last step, after any Guardian met is fought: each character keeps
    one face-up card per keyword [DAY-START-8]; then the Day's actions."""
    items.start_of_day(campaign, state)
    state.stage = "day"
    return []


def _remove_time_tokens(campaign: Campaign, state: GameState) -> None:
    """Every once-per-Day Location action is ready again [ACT-LOC-2]; of the Time tokens
    cards put on Locations, all go, or one per Location as the rulebook's summary says
    [DAY-START-4], [NOTE-10]."""
    state.location_tokens.clear()
    if campaign.manifest.rules.discard_all_time_tokens:
        state.time_tokens.clear()
    else:
        for where in dict.fromkeys(state.time_tokens):
            state.time_tokens.remove(where)


def _discard_outside_radius(campaign: Campaign, state: GameState) -> list[Event]:
    """Locations outside every active Menhir's radius leave the map [DAY-START-2]."""
    events: list[Event] = []
    outside = outside_radius(state)
    for place in outside:
        state.placed.remove(place)
        state.discarded.append(place.number)  # [MENHIR-4]
        state.left_items.pop(str(place.number), None)  # the dead's Items go with it [DEATH-4]
        state.time_tokens = [t for t in state.time_tokens if t != place.number]  # and its tokens
        events.append(LocationDiscarded(number=place.number))
        for guardian in [g for g in state.guardians if g.location == place.number]:
            state.guardians.remove(guardian)  # and the Guardian card lying on it [DISC-1]
            card = campaign.encounter[guardian.id]
            state.encounter_decks[card.deck].append(guardian.id)
            events.append(GuardianMoved(encounter=guardian.id, face="wyrdness", location=None))
    moved: dict[int, list[str]] = {}
    for place in outside:
        for hero in state.heroes:
            if hero.location == place.number:  # [MENHIR-3]
                events.append(wyrdness(campaign, state, hero, "wyrdness"))
                to = nearest(campaign, state, (place.x, place.y))
                events.append(HeroMoved(hero=hero.id, origin=hero.location, to=to))
                hero.location = to
                moved.setdefault(to, []).append(hero.id)
    for to, heroes in moved.items():  # not a Travel, but entering all the same: what it
        events += enter(campaign, state, to, heroes)  # reveals, its Guardians, its lightning
    return events


def day_ends(campaign: Campaign, state: GameState) -> None:
    """The End of Day done: the Day's Event is discarded now where the campaign says so,
    else when the next is revealed [EVENT-2], [NOTE-26]; a new Day begins."""
    if campaign.manifest.rules.event_discard == "end_of_day" and state.event is not None:
        discard_event(campaign, state, state.event)
        state.event = None
    new_day(state)


def new_day(state: GameState) -> None:
    """A new Day begins with its Start of Day [DAY-1]."""
    state.day += 1
    state.stage = "start_of_day"
    state.dreamt = state.acted_today = False
    for hero in state.heroes:
        hero.passed = hero.acted = hero.rested = hero.upgraded = False

