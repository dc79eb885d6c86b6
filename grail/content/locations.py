"""Location cards [COMP-5] and their menhir activation [MENHIR-5]."""

from functools import cached_property
from typing import Literal, Self

from pydantic import Field, model_validator

from grail.lang import N_, _

from .amounts import Amount, Amounts
from .base import EntryRef, LocationRef, Model, Placed, Positive, Text, duplicates
from .conditions import Condition
from .effects import Effect

Seal = Literal["menhir", "dreams", "enemy_settlement", "friendly_settlement"]
"""Location seals [MAP-2]."""

Edge = Literal["up", "down", "left", "right"]
EDGES: tuple[Edge, ...] = ("up", "right", "down", "left")
STEP: dict[str, tuple[int, int]] = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
FACING: dict[str, Edge] = {"up": "down", "down": "up", "left": "right", "right": "left"}


class DirectionKeys(Model):
    """The Direction Keys printed on each edge; a missing edge has none (blocked) [MAP-4]."""

    up: LocationRef | None = Field(default=None, description="The Location above.")
    right: LocationRef | None = Field(default=None, description="The Location to the right.")
    down: LocationRef | None = Field(default=None, description="The Location below.")
    left: LocationRef | None = Field(default=None, description="The Location to the left.")

    def edges(self) -> tuple[tuple[Edge, int], ...]:
        """The keyed edges in a fixed order (up, right, down, left): worked out once, since
        content never changes and the map's connections read them at every listing of the
        legal actions."""
        return self._edges

    @cached_property
    def _edges(self) -> tuple[tuple[Edge, int], ...]:
        return tuple((edge, number) for edge in EDGES
                     if (number := getattr(self, edge)) is not None)


class LocationAction(Model):
    """The action printed on the card [ACT-LOC-1]."""

    name: Text = Field(description="The action's name.")
    cost: Amounts | None = Field(default=None, description="Its cost, e.g. {energy: 2}.")
    once_per_day: bool = Field(
        default=False, description="Usable once per Day, marked with a Time token [ACT-LOC-2]."
    )
    text: Text | None = Field(default=None, description="The action as printed.")
    effects: list[Effect] = Field(description="What it does.")


class MenhirActivation(Model):
    """The Menhir action on the card's back [MENHIR-5]."""

    text: Text | None = Field(default=None, description="The activation text.")
    requires: Condition | None = Field(
        default=None, description="What must hold to activate [ACT-MENHIR-1]."
    )
    cost: Amounts | None = Field(
        default=None,
        description="Its cost; scaled values count players in the game, not the team "
        "[ACT-MENHIR-2].",
    )
    dial: Amount = Field(
        description="Days on the dial, e.g. {base: 8, per_player: -1} [MENHIR-8]."
    )
    effects: list[Effect] = Field(default_factory=list, description="Other effects of activating.")


class Location(Model):
    """A Location card [COMP-5]; its number is also its journal section [JOURNAL-1]."""

    number: Positive = Field(description="The Location number (= its journal section).")
    name: Text = Field(description="The Location's name.")
    old_number: Positive | None = Field(
        default=None,
        description="The number of the Location this changed version replaces [MAP-3]; keys "
        "naming the old number lead here once it is in play [MAP-8].",
    )
    seals: list[Seal] = Field(default_factory=list, max_length=3, description="Up to 3 seals.")
    keys: DirectionKeys = Field(
        default_factory=DirectionKeys, description="Direction Keys per edge [MAP-1]."
    )
    description: Text | None = Field(default=None, description="The card's description.")
    action: LocationAction | None = Field(default=None, description="The location action.")
    immediate: list[Effect] = Field(
        default_factory=list,
        description="Lightning rules, resolved on entering, after reveal and Guardians [MAP-6].",
    )
    explore: EntryRef = Field(description="The journal entry read when Exploring [ACT-EXPLORE-1].")
    menhir: MenhirActivation | None = Field(
        default=None, description="Menhir activation; only with the 'menhir' seal."
    )
    dream: EntryRef | None = Field(
        default=None, description="The Dream entry; only with the 'dreams' seal [END-DAY-6]."
    )
    nightmare: EntryRef | None = Field(
        default=None, description="The Nightmare read instead when Going Mad [MAD-1]."
    )

    @model_validator(mode="after")
    def _seals(self) -> Self:
        duplicates(list(self.seals), "seals", N_("seal '{value}' is listed twice"))
        if self.menhir is not None and "menhir" not in self.seals:
            raise Placed(("menhir",), _("a 'menhir' section needs the 'menhir' seal"))
        if self.menhir is None and "menhir" in self.seals:
            raise Placed(("seals", self.seals.index("menhir")),
                         _("the 'menhir' seal needs a 'menhir' section [MENHIR-5]"))
        if self.dream is not None and "dreams" not in self.seals:
            raise Placed(("dream",), _("a 'dream' entry needs the 'dreams' seal"))
        if self.dream is None and "dreams" in self.seals:
            raise Placed(("seals", self.seals.index("dreams")),
                         _("the 'dreams' seal needs a 'dream' entry [END-DAY-6]"))
        if self.nightmare is not None and self.dream is None:
            raise Placed(("nightmare",), _("a 'nightmare' needs a 'dream' on the same location"))
        if self.old_number == self.number:
            raise Placed(("old_number",), _("'old_number' must differ from 'number'"))
        return self
