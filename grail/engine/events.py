"""Events: small typed records of what an action caused, for the log, the UI and tests."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


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


Event = (EnergySpent | HeroMoved | LocationRevealed | LocationDiscarded | MenhirDialTurned
         | MenhirRemoved | HeroPassed | MetersChanged | DayBegan)
