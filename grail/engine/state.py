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
    upgraded: bool = Field(default=False, description="Done upgrading this End of Day.")
    skills: list[int] = Field(default_factory=list, description="Skill sides kept [ATTR-5].")
    dying: bool = Field(default=False, description="Holds 'You Are Dying' [DEATH-1].")
    face_up: list[str] = Field(
        default_factory=list, description="Cards in use, one per keyword [ITEM-1]."
    )


class Placed(State):
    """A revealed Location card at its grid spot (x right, y down) [MAP-1], [SAVE-4]."""

    number: int = Field(description="The Location number.")
    x: int = Field(description="Column.")
    y: int = Field(description="Row.")


class Menhir(State):
    """A Menhir miniature; active while it holds a dial [MENHIR-2]."""

    location: int = Field(description="Where it stands.")
    dial: int | None = Field(description="Days left; None once the dial is removed [DAY-START-3].")


class Portion(State):
    """One member's part of something a team splits: a cost [TEAM-6] or a shared gain or
    loss [ACT-EXPLORE-2]."""

    hero: str = Field(description="The member.")
    what: str = Field(description="A resource or meter, or 'secret', 'item', 'meters'.")
    amount: int = Field(description="How much of it.")


FrameSource = Literal["entry", "immediate", "location_action", "character_action", "menhir",
                      "event", "quest", "dying", "dying_solo", "encounter_text",
                      "chapter_setup"]


class Frame(State):
    """An effect list being resolved: where it comes from, and how far it has got.

    ``path`` leads from the source's effects into nested lists: an ``if``'s branch is
    ``[i, "then"]``, a choice's option ``[i, "choose", k]``. Frames replace a call stack,
    so a half-read journal entry can be saved and resumed.
    """

    source: FrameSource = Field(description="What holds the effects.")
    key: str = Field(description="Its address: an entry id or a Location number.")
    path: list[int | str] = Field(default_factory=list, description="Into nested effect lists.")
    index: int = Field(default=0, description="The next effect to resolve.")
    heroes: list[str] = Field(description="The acting character or team, active first.")
    portions: list[Portion] = Field(
        default_factory=list,
        description="The split of the effect at ``index`` decided so far, when a team shares it.",
    )


class TeamAction(State):
    """A Day action proposed and not yet started: who joins, then who pays what
    [TEAM-1]..[TEAM-3], [TEAM-6]."""

    action: Literal["explore", "travel", "location_action"] = Field(description="The action.")
    to: int | None = Field(default=None, description="Where a Travel goes.")
    members: list[str] = Field(description="The team: who proposed it first, then by number.")
    paying: bool = Field(default=False, description="Formed: the cost is being split.")
    paid: list[Portion] = Field(default_factory=list, description="Parts of the cost pledged.")


class EncounterState(State):
    """An Encounter begun and waiting to be fought: Step 3 resolves it card by card; until
    then its outcome is a decision [ENC-2], [ENC-3]."""

    id: str = Field(description="The Encounter card.")
    heroes: list[str] = Field(description="Who fights it: the acting character or team.")
    origin: Frame | None = Field(
        default=None, description="The effect that began it, whose won/lost effects follow."
    )
    location: int = Field(description="Where it began (an undefeated Guardian stays there).")


class Guardian(State):
    """An undefeated Guardian on the map [GUARD-1]."""

    id: str = Field(description="Its Encounter card.")
    location: int = Field(description="Where it stands.")


class StatusMarks(State):
    """A Status marked on the Game Sheet, and which of its numbered parts [STATUS-1]."""

    id: str = Field(description="The Status id.")
    whole: bool = Field(default=False, description="The Status itself is marked.")
    parts: list[int] = Field(default_factory=list, description="Marked parts, ascending.")


class Task(State):
    """A line of the task log [TASK-1]."""

    id: str = Field(description="The task id.")
    text: str = Field(description="What it asks.")
    location: int | None = Field(default=None, description="It closes when this card changes.")


class Dial(State):
    """A named Time or Quest dial in play [DIAL-1]."""

    id: str = Field(description="Its name.")
    value: int = Field(description="Its value.")
    token: Literal["time", "quest"] = Field(description="Time or Quest dial.")
    location: int | None = Field(default=None, description="Where it sits, if anywhere.")


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
    chapter: int = Field(default=1, description="The current chapter.")
    statuses: list[StatusMarks] = Field(default_factory=list, description="The Game Sheet.")
    tasks: list[Task] = Field(default_factory=list, description="Open tasks [TASK-1].")
    quests: list[str] = Field(default_factory=list, description="The Quest display [EVENT-3].")
    dials: list[Dial] = Field(default_factory=list, description="Named dials in play.")
    quest_tokens: list[int] = Field(default_factory=list, description="Locations with a Quest token.")
    entry_visits: dict[str, int] = Field(default_factory=dict, description="Readings per entry.")
    location_visits: dict[str, int] = Field(
        default_factory=dict, description="Entries per Location number."
    )
    frames: list[Frame] = Field(default_factory=list, description="Effects being resolved.")
    event_deck: list[str] = Field(default_factory=list, description="Event deck, top first.")
    random_events: list[str] = Field(
        default_factory=list, description="Random Event deck, top first [SETUP-W9]."
    )
    event: str | None = Field(default=None, description="The Event of the Day [DAY-START-5].")
    offer: list[str] = Field(
        default_factory=list, description="Cards drawn for a deck upgrade, to keep one [UPG-2]."
    )
    offer_deck: Literal["combat", "diplomacy"] | None = Field(
        default=None, description="Which deck the offer is for."
    )
    dreamt: bool = Field(default=False, description="Dreams read this End of Day [END-DAY-7].")
    outcome: Literal["won", "lost"] | None = Field(default=None, description="How it ended.")
    dead: list[str] = Field(default_factory=list, description="Characters who died.")
    left_items: dict[str, list[int]] = Field(
        default_factory=dict, description="Items left on Locations by the dead [DEATH-4]."
    )
    hand_over: list[int] = Field(
        default_factory=list, description="A dead character's Secrets still to give [DEATH-5]."
    )
    replacing: str | None = Field(
        default=None, description="The dead character whose replacement is being chosen."
    )
    encounter_decks: dict[str, list[str]] = Field(
        default_factory=dict, description="The four Encounter decks, top first [ENC-1]."
    )
    encounter: EncounterState | None = Field(default=None, description="The Encounter begun.")
    team: TeamAction | None = Field(
        default=None, description="A Day action being proposed, joined and paid [TEAM-1]."
    )
    guardians: list[Guardian] = Field(default_factory=list, description="Guardians on the map.")
    face_up_queue: list[str] = Field(
        default_factory=list, description="'hero:keyword' choices of the card to use [ITEM-2]."
    )
    undo_floor: int = Field(
        default=0, description="Actions in the log before this revealed something: no undo."
    )
    event_discards: list[str] = Field(
        default_factory=list, description="The Event discard pile: it measures time [EVENT-2]."
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
