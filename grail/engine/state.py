"""The game state: plain data, JSON round-trip exact, holding the generator's state too.

Everything a rule reads or changes lives here; the campaign (content) stays outside and
never changes. Collections are lists in a fixed order, never sets, so that the same
actions give byte-identical states.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .rng import Rng

Mode = Literal["story", "normal", "challenge"]
Stage = Literal["start_of_day", "day", "end_of_day", "over"]


class State(BaseModel):
    """Base of the state's parts: closed, validated on assignment-free construction."""

    model_config = ConfigDict(extra="forbid")


class HeroState(State):
    """One character: board, resources, cards and where it stands [SAVE-2]."""

    id: str = Field(description="The hero's content id.")
    number: int = Field(description="Character number, for tie-breaks [COMP-4].")
    location: int = Field(description="The Location it stands on.")
    energy: int = Field(description="Energy.")
    health: int = Field(description="Health.")
    terror: int = Field(description="Terror.")
    food: int = Field(default=0, description="Food.")
    wealth: int = Field(default=0, description="Wealth.")
    rep: int = Field(default=0, description="Rep.")
    magic: int = Field(default=0, description="Magic.")
    exp: int = Field(default=0, description="Exp.")
    attributes: dict[str, int] = Field(description="Board markers per Attribute [ATTR-3].")
    combat_deck: list[str] = Field(description="Combat deck card ids, sorted (unseen order).")
    diplomacy_deck: list[str] = Field(description="Diplomacy deck card ids, sorted.")
    combat_pool: list[str] = Field(description="Advanced Combat pool card ids, sorted.")
    diplomacy_pool: list[str] = Field(description="Advanced Diplomacy pool card ids, sorted.")
    items: list[int] = Field(default_factory=list, description="Item numbers held.")
    secrets: list[int] = Field(default_factory=list, description="Secret numbers held.")
    passed: bool = Field(default=False, description="Passed this Day [ACT-PASS-1].")
    acted: bool = Field(default=False, description="Acted in the current round [DAY-3].")
    rested: bool = Field(default=False, description="Rested at this End of Day [END-DAY-1].")


class Placed(State):
    """A revealed Location card at its grid spot (x right, y down) [MAP-1], [SAVE-4]."""

    number: int = Field(description="The Location number.")
    x: int = Field(description="Column.")
    y: int = Field(description="Row.")


class Menhir(State):
    """A Menhir miniature; active while it holds a dial [MENHIR-2]."""

    location: int = Field(description="Where it stands.")
    dial: int | None = Field(description="Days left; None once the dial is removed [DAY-START-3].")


class GameState(State):
    """The whole game."""

    pack: str = Field(description="The campaign's id.")
    mode: Mode = Field(description="Story, normal or Challenge [MODE-*].")
    rng: Rng = Field(description="The seeded generator, answering every chance point.")
    day: int = Field(default=1, description="The Day, counted from 1.")
    stage: Stage = Field(default="start_of_day", description="Where in the Day order [DAY-1].")
    heroes: list[HeroState] = Field(description="The characters in play, by character number.")
    placed: list[Placed] = Field(description="Revealed Locations with their spots.")
    menhirs: list[Menhir] = Field(description="Menhirs on the map.")
    location_tokens: list[int] = Field(
        default_factory=list, description="Locations holding a Time token [ACT-LOC-2]."
    )
    discarded: list[int] = Field(
        default_factory=list, description="Locations discarded, bottom of the deck last [DISC-1]."
    )
    replaced: list[int] = Field(
        default_factory=list, description="Location numbers replaced by a changed version [MAP-3]."
    )

    def hero(self, hero_id: str) -> HeroState:
        for hero in self.heroes:
            if hero.id == hero_id:
                return hero
        raise KeyError(hero_id)

    def spot_of(self, number: int) -> tuple[int, int] | None:
        for place in self.placed:
            if place.number == number:
                return place.x, place.y
        return None

    def at(self, x: int, y: int) -> int | None:
        for place in self.placed:
            if (place.x, place.y) == (x, y):
                return place.number
        return None
