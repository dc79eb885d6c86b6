"""What happened, in words, for plain-text play (``grail text``): one sentence an event,
with the names of heroes, Locations and cards, readable by a screen reader (an Encounter's
events are told in words/encounter.py).

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.events import HeroMoved
>>> event_text(load_pack(bundled_pack()), HeroMoved(hero="tamsin", origin=101, to=102))
'Tamsin Vell, the Herbwife goes from 101 Tallow Cross to 102 The Crown of Nine.'
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign
from grail.engine import dying
from grail.engine.state import GameState
from grail.words.encounter import ENCOUNTER_EVENTS, encounter_event_text

DEATH_CAUSES = {"losing_health": "losing Health while dying",
                "end_of_day": "still at 0 Health after resting",
                "start_of_day": "still at 0 Health when the Day began",
                "effect": "as the story says"}
"""Why a dying character died, and when its card kills, in words [DEATH-1]."""

DYING_LIMITS = {"join_team": "join a team", "travel": "travel", "explore": "explore",
                "location_action": "take a Location action",
                "character_action": "take its character action",
                "activate_menhir": "activate a Menhir", "use_cards": "use its cards",
                "trade": "give in a trade"}


def dying_text(campaign: Campaign, state: GameState) -> str:
    """What holding "You Are Dying" means in this game, for a dying character's line:
    "dying: heal above 0 Health, or die on losing Health while dying or still at 0 Health
    after resting; may not join a team"."""
    held = dying.card(campaign, state)
    deaths = " or ".join(DEATH_CAUSES[when] for when in held.dies_when)
    text = "dying: heal above 0 Health" + (f", or die on {deaths}" if deaths else "")
    if held.may_not:
        text += "; may not " + ", ".join(DYING_LIMITS[what] for what in held.may_not)
    return text


def event_text(campaign: Campaign, event: Any) -> str:
    """One event as a sentence."""
    def hero(hero_id: str) -> str:
        return campaign.hero[hero_id].name if hero_id in campaign.hero else hero_id

    def place(number: int) -> str:
        location = campaign.location.get(number)
        return f"{number} {location.name}" if location is not None else str(number)

    kind = event.type
    if kind == "entry_read":
        return f"[{event.entry}] {event.text}"
    if kind == "world_changed":
        return f"{event.what[:1].upper()}{event.what[1:]}."
    if kind == "dying_changed":
        return f"{hero(event.hero)} falls to 0 Health and takes 'You Are Dying'." \
            if event.change == "taken" else f"{hero(event.hero)} heals and is no longer dying."
    if kind == "going_mad_changed":
        return f"{hero(event.hero)}'s Terror reaches the red: 'You Are Going Mad'." \
            if event.change == "taken" else f"{hero(event.hero)} is no longer going mad."
    if kind == "hero_died":
        return f"{hero(event.hero)} dies ({DEATH_CAUSES[event.cause]})."
    if kind == "energy_spent":
        return f"{hero(event.hero)} spends {event.amount} Energy."
    if kind == "hero_moved":
        return f"{hero(event.hero)} goes from {place(event.origin)} to {place(event.to)}."
    if kind == "location_revealed":
        return f"{place(event.number)} is revealed."
    if kind == "location_discarded":
        return f"{place(event.number)} vanishes from the map."
    if kind == "menhir_dial_turned":
        left = "its last Day" if event.dial is None else f"{event.dial} Days left"
        return f"The Menhir at {place(event.location)}: {left}."
    if kind == "menhir_removed":
        return f"The Menhir at {place(event.location)} goes dark."
    if kind == "hero_passed":
        return f"{hero(event.hero)} passes for the Day."
    if kind == "meters_changed":
        return (f"{hero(event.hero)}: Energy {event.energy}, Health {event.health}, Terror "
                f"{event.terror}, Food {event.food} ({event.reason}).")
    if kind == "day_began":
        return f"Day {event.day} begins."
    if kind == "resources_changed":
        changes = ", ".join(f"{amount:+d} {name.capitalize()}"
                            for name, amount in event.changes.items())
        return f"{hero(event.hero)}: {changes}."
    if kind == "status_marked":
        part = f", part {event.part}" if event.part is not None else ""
        return f"Game Sheet: {event.status}{part} {'marked' if event.marked else 'cleared'}."
    if kind == "card_gained":
        return f"{hero(event.hero)} {'gains' if event.gained else 'loses'} " \
            f"{event.kind.capitalize()} {event.number}."
    if kind == "task_logged":
        return f"Task {event.task} {'opened' if event.open else 'closed'}."
    if kind == "quest_changed":
        return f"Quest {event.quest} {event.change}."
    if kind == "exploration_ended":
        return "The exploration ends."
    if kind == "chance_drawn":
        return f"Chance: {event.point}: {event.outcome}."
    if kind == "chance_asked":
        return f"The table says: {event.point}? ({', '.join(event.options)})"
    if kind in ENCOUNTER_EVENTS:
        return encounter_event_text(campaign, event)
    if kind == "effect_deferred":
        return f"Not played yet (a later step): {event.effect}."
    fields = ", ".join(f"{key}: {value}" for key, value in event.model_dump().items()
                       if key != "type")
    return f"{kind.replace('_', ' ')}: {fields}"
