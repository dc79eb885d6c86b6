"""What happened, in words, for plain-text play (``grail text``): one sentence an event,
with the names of heroes, Locations and cards, readable by a screen reader (an Encounter's
events are told in words/encounter.py).

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.events import HeroMoved
>>> event_text(load_pack(bundled_pack()), HeroMoved(hero="tamsin", origin=101, to=102))
'Tamsin Vell, the Herbwife goes from 101 Tallow Cross to 102 The Crown of Nine.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from grail.content import Campaign
from grail.engine import dying
from grail.engine.state import GameState

from .encounter import ENCOUNTER_EVENTS, encounter_event_text
from .names import (
    capitalized,
    full_name,
    hero_name,
    item_name,
    menhir_left,
    outcome_name,
    place_name,
    said,
    secret_name,
    status_name,
    task_name,
)

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


TOLD_BY_OTHERS = frozenset({"chance_drawn"})
"""Events a player need not read: what a chance point drew is named by the events it
caused (the cards drawn, the die's face, the Event or Encounter revealed, the Item gained)
or is hidden (where an Event goes in its deck); the JSON output keeps them."""


def story(campaign: Campaign, events: Sequence[Any]) -> list[str]:
    """What an action did, as the player reads it: a sentence an event, none twice."""
    return [event_text(campaign, event) for event in events
            if event.type not in TOLD_BY_OTHERS]


def entry_words(campaign: Campaign, entry_id: str, text: str) -> str:
    """A journal entry's text after its number, as the journal prints it, and its heading:
    "[101] The Reeve's Longhouse: ..."."""
    entry = campaign.entry.get(entry_id)
    title = f"{entry.title}: " if entry is not None and entry.title else ""
    return f"[{entry_id}] {title}{text}"


def event_text(campaign: Campaign, event: Any) -> str:
    """One event as a sentence."""
    def hero(hero_id: str) -> str:
        return full_name(campaign, hero_id)

    def place(number: int) -> str:
        location = campaign.location.get(number)
        return f"{number} {location.name}" if location is not None else str(number)

    kind = event.type
    if kind == "entry_read":
        return entry_words(campaign, event.entry, event.text)
    if kind == "world_changed":
        what = said(campaign, event.what)
        return f"{capitalized(what)}."
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
        return f"The Menhir at {place(event.location)}: {menhir_left(event.dial)}."
    if kind == "menhir_removed":
        return f"The Menhir at {place(event.location)} goes dark."
    if kind == "hero_passed":
        return f"{hero(event.hero)} passes for the Day."
    if kind == "meters_changed":
        return (f"{hero(event.hero)}: Energy {event.energy}, Health {event.health}, Terror "
                f"{event.terror}, Food {event.food} ({said(campaign, event.reason)}).")
    if kind == "day_began":
        return f"Day {event.day} begins."
    if kind == "resources_changed":
        changes = ", ".join(f"{amount:+d} {name.capitalize()}"
                            for name, amount in event.changes.items() if amount)
        return f"{hero(event.hero)}: {changes or 'nothing changes'}."
    if kind == "status_marked":
        part = f", part {event.part}" if event.part is not None else ""
        return f"Game Sheet: {status_name(campaign, event.status)}{part} " \
            f"{'marked' if event.marked else 'cleared'}."
    if kind == "card_gained":
        thing = item_name(campaign, event.number) if event.kind == "item" else \
            secret_name(campaign, event.number) if event.kind == "secret" else \
            f"{event.kind.capitalize()} {event.number}"
        return f"{hero(event.hero)} {'gains' if event.gained else 'loses'} {thing}."
    if kind == "task_logged":
        return f"Task {'opened' if event.open else 'closed'}: {task_name(campaign, event.task)}."
    if kind == "quest_changed":
        quest = campaign.quest.get(event.quest)
        return f"Quest {quest.name if quest is not None else event.quest}: {event.change}."
    if kind == "exploration_ended":
        return "The exploration ends."
    if kind == "chance_drawn":
        return f"Chance: {said(campaign, event.point)}: " \
            f"{outcome_name(campaign, event.point, event.outcome)}."
    if kind == "chance_asked":
        options = ", ".join(outcome_name(campaign, event.point, option)
                            for option in event.options)
        return f"The table says: {said(campaign, event.point)}? ({options})"
    if kind in ENCOUNTER_EVENTS:
        return encounter_event_text(campaign, event)
    if kind == "effect_deferred":
        return f"Not played yet (a later step): {said(campaign, event.effect)}."
    fields = ", ".join(f"{key}: {value}" for key, value in event.model_dump().items()
                       if key != "type")
    return said(campaign, f"{kind.replace('_', ' ')}: {fields}")


# --- short lines with a tone, for the window's "what changed" ---------------------------

Tone = Literal["good", "bad", "plain"]

WORSE_WHEN_GAINED = frozenset({"terror"})
"""Meters a character would rather not gain."""

@dataclass(frozen=True)
class Change:
    """One line of what changed."""

    text: str
    tone: Tone = "plain"


def _signed(hero: str, name: str, amount: int) -> Change:
    worse = (amount > 0) == (name in WORSE_WHEN_GAINED)
    sign = "+" if amount > 0 else "\u2212"
    return Change(f"{hero}: {sign}{abs(amount)} {name.capitalize()}", "bad" if worse else "good")


def change_of(campaign: Campaign, event: Any) -> list[Change]:
    """The lines one event makes; none for events told elsewhere (an entry's text, the
    details of a fight)."""
    kind = event.type
    if kind == "resources_changed":
        who = hero_name(campaign, event.hero)
        return [_signed(who, name, amount) for name, amount in event.changes.items() if amount]
    if kind == "energy_spent":
        return [_signed(hero_name(campaign, event.hero), "energy", -event.amount)]
    if kind == "meters_changed":
        return [Change(f"{hero_name(campaign, event.hero)}: Energy {event.energy}, Health "
                       f"{event.health}, Terror {event.terror}, Food {event.food} "
                       f"({event.reason})")]
    if kind == "status_marked":
        part = f", part {event.part}" if event.part is not None else ""
        return [Change(f"Game Sheet: {status_name(campaign, event.status)}{part} "
                       f"{'marked' if event.marked else 'cleared'}")]
    if kind == "card_gained":
        name = secret_name(campaign, event.number) if event.kind == "secret" \
            else item_name(campaign, event.number)
        verb = "gains" if event.gained else "loses"
        return [Change(f"{hero_name(campaign, event.hero)} {verb} {event.kind.capitalize()} "
                       f"{event.number}: {name}", "good" if event.gained else "bad")]
    if kind == "quest_changed":
        quest = campaign.quest.get(event.quest)
        return [Change(f"Quest {event.change}: {quest.name if quest else event.quest}",
                       "good" if event.change == "completed" else "plain")]
    if kind == "task_logged":
        return [Change(f"Task {'opened' if event.open else 'closed'}: "
                       f"{task_name(campaign, event.task)}")]
    if kind == "hero_moved":
        return [Change(f"{hero_name(campaign, event.hero)} goes to "
                       f"{place_name(campaign, event.to)}")]
    if kind == "location_revealed":
        return [Change(f"Revealed: {place_name(campaign, event.number)}")]
    if kind == "location_discarded":
        return [Change(f"Gone from the map: {place_name(campaign, event.number)}", "bad")]
    if kind == "encounter_ended":
        card = campaign.encounter.get(event.encounter)
        name = card.name if card is not None else event.encounter
        return [Change(f"{name}: {event.result}", "good" if event.won else "bad")]
    if kind in ("dying_changed", "going_mad_changed", "hero_died"):
        better = getattr(event, "change", "") in ("healed", "given_back")
        return [Change(event_text(campaign, event).rstrip("."), "good" if better else "bad")]
    if kind == "world_changed":
        what = said(campaign, event.what)
        return [Change(capitalized(what))]
    if kind == "day_began":
        return [Change(f"Day {event.day} begins")]
    if kind == "exploration_ended":
        return [Change("The exploration ends")]
    return []


def changes(campaign: Campaign, events: Sequence[Any]) -> list[Change]:
    """The lines of what changed, in the order it happened."""
    return [change for event in events if event.type not in TOLD_BY_OTHERS
            for change in change_of(campaign, event)]
