"""The Event deck, Random Events and the Quest display [EVENT-1]..[EVENT-4], [DAY-START-5]."""

from __future__ import annotations

from typing import Literal

from grail.content import Campaign
from grail.content.events import RandomEvent, StoryEvent

from . import chance
from .conditions import holds
from .encounter_decks import set_up_decks
from .events import (
    CampaignEnded,
    ChapterBegan,
    Event,
    EventAdded,
    EventRevealed,
    QuestChanged,
    RandomEventsPlaced,
)
from .frames import push
from .modes import challenge
from .state import UNSEEN, GameState


def set_up_chapter(campaign: Campaign, state: GameState) -> None:
    """Build the Event deck and shuffle the Random Events for the chapter [SETUP-W9], [EVENT-4]."""
    setup = campaign.manifest.chapters[state.chapter - 1].setup
    state.event_deck = list(setup.events)
    state.random_events = sorted(setup.random_events)
    state.random_bottom = []


def end_chapter(campaign: Campaign, state: GameState) -> list[Event]:
    """The next Chapter Setup: a new Event deck, harder Encounters, its setup steps
    [EVENT-4]; after the last chapter, the campaign is won."""
    if state.chapter >= len(campaign.manifest.chapters):
        state.outcome, state.stage = "won", "over"
        state.frames.clear()
        return [CampaignEnded(outcome="won", how="last_chapter")]
    state.chapter += 1
    set_up_chapter(campaign, state)
    set_up_decks(campaign, state, frozenset(guardian.id for guardian in state.guardians),
                 first_on_top=False)
    start_chapter(campaign, state)
    return [ChapterBegan(chapter=state.chapter)]


def start_chapter(campaign: Campaign, state: GameState) -> None:
    """Resolve the Chapter Setup card's other steps [SETUP-W9]."""
    if campaign.manifest.chapters[state.chapter - 1].setup.effects:
        push(state, "chapter_setup", state.chapter, [hero.id for hero in state.heroes])


def reveal_event(campaign: Campaign, state: GameState) -> list[Event]:
    """Discard yesterday's Event, reveal and read the top one; a locked Quest goes to the
    display [DAY-START-5], [EVENT-2], [EVENT-3]."""
    if state.event is not None:
        discard_event(campaign, state, state.event)
        state.event = None
    if not state.event_deck:
        return []
    state.event = state.event_deck.pop(0)
    if state.event == UNSEEN:  # a Random Event put there unseen [EVENT-1]
        state.event = chance.draw_from(state, chance.point("random_event"), state.random_events) \
            if state.random_events else state.random_bottom.pop(0)
    event = campaign.event[state.event]
    events: list[Event] = [EventRevealed(event=event.id)]
    quest = event.quest if isinstance(event, StoryEvent) else None
    if quest is not None and quest.lock and quest.id not in state.quests:
        state.quests.append(quest.id)
        events.append(QuestChanged(quest=quest.id, change="started"))
    if event.effects:
        push(state, "event", event.id, [hero.id for hero in state.heroes])
    return events


def discard_event(campaign: Campaign, state: GameState, event_id: str) -> None:
    """A story Event goes to the Event discard pile, which measures time [EVENT-2]; one
    holding a Quest with the red lock does not: "los que contengan una Misión se quedan en la
    mesa hasta que la carta lo indique", in the Quest display, and leave the table with their
    Quest, never counted as a Day gone [EVENT-3]. A Random Event goes to the bottom of the
    Random Event deck, as every discarded card but an Event ("Evento Aleatorio ... déjala al
    final del mazo de robo") [DISC-1]; one the chapter's new Random Event deck already holds
    stays there."""
    event = campaign.event.get(event_id)
    if isinstance(event, StoryEvent) and event.quest is not None and event.quest.lock:
        return
    if not isinstance(event, RandomEvent):
        state.event_discards.append(event_id)
    elif event_id not in state.random_events and event_id not in state.random_bottom:
        state.random_bottom.append(event_id)


def put_random_events(campaign: Campaign, state: GameState, count: int) -> list[Event]:
    """Put Random Events on top of the Event deck [EVENT-1]; one fewer in Challenge
    [MODE-CHALLENGE-7]."""
    if challenge(state, "fewer_random_events"):
        count -= 1
    left = len(state.random_events) + len(state.random_bottom) - state.event_deck.count(UNSEEN)
    moved = min(max(0, count), left)
    state.event_deck = [UNSEEN] * moved + state.event_deck
    return [RandomEventsPlaced(count=moved)] if moved else []


def add_event(state: GameState, event_id: str,
              where: Literal["top", "bottom", "shuffle"]) -> list[Event]:
    """Put a story Event into the Event deck."""
    state.event_deck = [e for e in state.event_deck if e != event_id]
    if where == "top":
        state.event_deck.insert(0, event_id)
    elif where == "bottom":
        state.event_deck.append(event_id)
    else:  # shuffled in: which place it took is a chance point
        places = [str(place) for place in range(1, len(state.event_deck) + 2)]
        place = chance.pick(state, chance.point("event_place", event=event_id), places)
        state.event_deck.insert(int(place) - 1, event_id)
    return [EventAdded(event=event_id, where=where)]


def met_quests(campaign: Campaign, state: GameState) -> list[Event]:
    """Quests whose goal holds follow their Success section [EVENT-3]."""
    events: list[Event] = []
    heroes = state.heroes
    for quest_id in list(state.quests):
        goal = campaign.quest[quest_id].goal
        if goal is not None and holds(campaign, state, goal, heroes):
            state.quests.remove(quest_id)
            events.append(QuestChanged(quest=quest_id, change="completed"))
            push(state, "quest", quest_id, [hero.id for hero in heroes])
    return events
