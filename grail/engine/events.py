"""Events: small typed records of what an action caused, for the log, the UI and tests."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ChanceDrawn(_Event):
    """A chance point's outcome: a card drawn, a die rolled, a dial flipped."""

    type: Literal["chance_drawn"] = "chance_drawn"
    point: str
    outcome: str


class ChanceAsked(_Event):
    """A companion game waits for the table to say how a chance point came out."""

    type: Literal["chance_asked"] = "chance_asked"
    point: str
    options: list[str]


class EncounterEnded(_Event):
    """An Encounter is over: won, or not (lost, escaped, fled, failed) [ENC-4]."""

    type: Literal["encounter_ended"] = "encounter_ended"
    encounter: str
    won: bool


class EnergySpent(_Event):
    type: Literal["energy_spent"] = "energy_spent"
    hero: str
    amount: int


class HeroMoved(_Event):
    type: Literal["hero_moved"] = "hero_moved"
    hero: str
    origin: int
    to: int


class LocationRevealed(_Event):
    type: Literal["location_revealed"] = "location_revealed"
    number: int
    x: int
    y: int


class LocationDiscarded(_Event):
    type: Literal["location_discarded"] = "location_discarded"
    number: int


class MenhirDialTurned(_Event):
    type: Literal["menhir_dial_turned"] = "menhir_dial_turned"
    location: int
    dial: int | None


class MenhirRemoved(_Event):
    type: Literal["menhir_removed"] = "menhir_removed"
    location: int


class HeroPassed(_Event):
    type: Literal["hero_passed"] = "hero_passed"
    hero: str


class MetersChanged(_Event):
    type: Literal["meters_changed"] = "meters_changed"
    hero: str
    energy: int
    health: int
    terror: int
    food: int
    reason: str


class DayBegan(_Event):
    type: Literal["day_began"] = "day_began"
    day: int




class EntryRead(_Event):
    type: Literal["entry_read"] = "entry_read"
    entry: str
    text: str


class ResourcesChanged(_Event):
    type: Literal["resources_changed"] = "resources_changed"
    hero: str
    changes: dict[str, int]


class StatusMarked(_Event):
    type: Literal["status_marked"] = "status_marked"
    status: str
    part: int | None
    marked: bool


class CardGained(_Event):
    type: Literal["card_gained"] = "card_gained"
    hero: str
    kind: Literal["secret", "item"]
    number: int
    gained: bool


class TaskLogged(_Event):
    type: Literal["task_logged"] = "task_logged"
    task: str
    open: bool


class QuestChanged(_Event):
    type: Literal["quest_changed"] = "quest_changed"
    quest: str
    change: Literal["started", "completed", "removed"]


class ExplorationEnded(_Event):
    type: Literal["exploration_ended"] = "exploration_ended"


class EffectDeferred(_Event):
    """An effect whose rule a later step implements (skill choices, passive bonuses, card
    effects inside a fight): logged, not lost."""

    type: Literal["effect_deferred"] = "effect_deferred"
    effect: str


class WorldChanged(_Event):
    """Tokens, dials, Menhirs and replaced Locations."""

    type: Literal["world_changed"] = "world_changed"
    what: str


Event = (EnergySpent | HeroMoved | LocationRevealed | LocationDiscarded | MenhirDialTurned
         | MenhirRemoved | HeroPassed | MetersChanged | DayBegan | EntryRead | ResourcesChanged
         | StatusMarked | CardGained | TaskLogged | QuestChanged | ExplorationEnded
         | EffectDeferred | WorldChanged | ChanceDrawn | ChanceAsked | EncounterEnded)
