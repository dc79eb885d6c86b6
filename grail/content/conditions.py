"""The condition language: what choices, ``if`` effects, menhirs and quests test.

A condition is a one-key mapping, e.g. ``{status: ashes-sifted}`` or
``{attribute: {spirituality: 2}}``; ``not``, ``all`` and ``any`` combine them. A condition
about characters holds when any member of the acting team satisfies it; Attribute and Rep
requirements use the best member's value, never a sum [DIPLO-15].
"""

from typing import TYPE_CHECKING, Literal, Self, TypeAlias

from pydantic import Field, model_validator

from grail.lang import _

from .amounts import Amounts, Range
from .base import (
    DialRef,
    EntryRef,
    HeroRef,
    ItemKeyword,
    ItemRef,
    LocationRef,
    Model,
    NonNegative,
    QuestRef,
    SecretRef,
    StatusRef,
    TaskRef,
)
from .keyed import Keyed, keyed_union


class ItemPick(Model):
    """Which item: by number, by keyword, or any craftable one [ITEM-4]."""

    number: ItemRef | None = Field(default=None, description="A specific item number.")
    keyword: ItemKeyword | None = Field(default=None, description="Any item with this keyword.")
    craftable: bool | None = Field(
        default=None, description="true: only items marked 'F' (craftable) [ITEM-4]."
    )

    @model_validator(mode="after")
    def _something(self) -> Self:
        if self.number is None and self.keyword is None and self.craftable is None:
            raise ValueError(_("give 'number', 'keyword' or 'craftable'"))
        if self.number is not None and (self.keyword or self.craftable is not None):
            raise ValueError(_("a 'number' names one item: drop 'keyword' and 'craftable'"))
        return self


class AttributeLevels(Model):
    """Levels per Attribute; a missing Attribute is not tested (or is 0 on a hero)."""

    aggression: NonNegative | None = Field(default=None, description="Aggression level.")
    empathy: NonNegative | None = Field(default=None, description="Empathy level.")
    courage: NonNegative | None = Field(default=None, description="Courage level.")
    caution: NonNegative | None = Field(default=None, description="Caution level.")
    logic: NonNegative | None = Field(default=None, description="Logic level.")
    spirituality: NonNegative | None = Field(default=None, description="Spirituality level.")


class MeterBounds(Model):
    """Bounds on meters, e.g. ``{health: {at_most: 3}}``."""

    energy: Range | None = Field(default=None, description="Bounds on Energy.")
    health: Range | None = Field(default=None, description="Bounds on Health.")
    terror: Range | None = Field(default=None, description="Bounds on Terror.")


class Visits(Range):
    """How often a journal entry was read or a location entered ("if you have been here").

    The reading or entering in progress counts: ``at_most: 1`` means "the first time".
    """

    entry: EntryRef | None = Field(default=None, description="Count readings of this entry.")
    location: LocationRef | None = Field(default=None, description="Count entries to this location.")

    @model_validator(mode="after")
    def _one_target(self) -> Self:
        if (self.entry is None) == (self.location is None):
            raise ValueError(_("give exactly one of 'entry' and 'location'"))
        return self


class DialBounds(Range):
    """Bounds on a named dial's value."""

    id: DialRef = Field(description="The dial, as named where it was placed.")


class StatusMark(Model):
    """A Status, or one numbered part of it [STATUS-1]."""

    status: StatusRef = Field(description="The Status id from the campaign's Game Sheet.")
    part: int | None = Field(default=None, ge=1, description="A numbered part of the Status.")


class StatusIs(StatusMark, Keyed):
    """A Status is marked on the Game Sheet (optionally one of its numbered parts) [STATUS-1]."""

    KEY = "status"


class HasSecret(Keyed):
    """A team member holds this Secret."""

    KEY = "secret"
    secret: SecretRef = Field(description="The Secret's number.")


class HasItem(Keyed):
    """A team member holds such an Item (face up or down)."""

    KEY = "item"
    item: ItemPick = Field(description="Which item.")


class Has(Keyed):
    """A team member has at least these: each amount is tested on the best member, never on
    a sum [DIPLO-15]."""

    KEY = "has"
    has: Amounts = Field(description="The least amounts needed, per member.")


class MeterIs(Keyed):
    """The active character's meters are within bounds."""

    KEY = "meter"
    meter: MeterBounds = Field(description="Bounds per meter.")


class AttributeAtLeast(Keyed):
    """The best team member has at least these Attribute levels [DIPLO-15]."""

    KEY = "attribute"
    attribute: AttributeLevels = Field(description="The least level per Attribute.")


class Visited(Keyed):
    """Visit counts of an entry or a location."""

    KEY = "visits"
    visits: Visits = Field(description="What is counted and the bounds.")


class PlayersAre(Keyed):
    """The number of players in the game."""

    KEY = "players"
    players: Range = Field(description="Bounds on the player count.")


class HeroIs(Keyed):
    """This hero is among the acting characters."""

    KEY = "hero"
    hero: HeroRef = Field(description="The hero id.")


class DayIs(Keyed):
    """The day number, counted from 1."""

    KEY = "day"
    day: Range = Field(description="Bounds on the day.")


class ChapterIs(Keyed):
    """The current chapter number."""

    KEY = "chapter"
    chapter: Range = Field(description="Bounds on the chapter.")


class QuestActive(Keyed):
    """The Quest is in the Quest display [EVENT-3]."""

    KEY = "quest"
    quest: QuestRef = Field(description="The quest id.")


class TaskOpen(Keyed):
    """The task is open in the task log [TASK-1]."""

    KEY = "task"
    task: TaskRef = Field(description="The task id.")


class DialIs(Keyed):
    """A named dial's value is within bounds."""

    KEY = "dial"
    dial: DialBounds = Field(description="The dial and the bounds.")


class ModeIs(Keyed):
    """The game mode [MODE-*]."""

    KEY = "mode"
    mode: Literal["story", "normal", "challenge"] = Field(description="The mode.")


class HeroState(Keyed):
    """The active character is in this state [SURV-3], [SURV-5], [SURV-6]."""

    KEY = "state"
    state: Literal["exhausted", "going_mad", "panic", "dying"] = Field(description="The state.")


class AffinityOn(Keyed):
    """In Diplomacy, the Affinity marker is on a space of this colour [DIPLO-12]."""

    KEY = "affinity"
    affinity: Literal["green", "grey", "red"] = Field(description="The space colour.")


class PoolIs(Keyed):
    """In Combat, the number of markers in the Combat pool."""

    KEY = "pool"
    pool: Range = Field(description="Bounds on the pool.")


class Not(Keyed):
    """The condition does not hold."""

    KEY = "not"
    not_: "Condition" = Field(alias="not", description="The negated condition.")


class All(Keyed):
    """Every condition holds."""

    KEY = "all"
    all: "list[Condition]" = Field(min_length=1, description="The conditions.")


class Any_(Keyed):
    """At least one condition holds."""

    KEY = "any"
    any: "list[Condition]" = Field(min_length=1, description="The conditions.")


CONDITIONS: list[type[Keyed]] = [
    StatusIs, HasSecret, HasItem, Has, MeterIs, AttributeAtLeast, Visited, PlayersAre, HeroIs,
    DayIs, ChapterIs, QuestActive, TaskOpen, DialIs, ModeIs, HeroState, AffinityOn, PoolIs,
    Not, All, Any_,
]
if TYPE_CHECKING:  # a runtime-built union: type checkers see its common base
    Condition: TypeAlias = Keyed
else:
    Condition = keyed_union("a condition", CONDITIONS)

