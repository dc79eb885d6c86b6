"""Heroes: character board, tile and intro letter as one file [COMP-2]..[COMP-4]."""

from typing import Self

from pydantic import Field, model_validator

from grail.lang import _

from .amounts import Amounts
from .base import CardRef, HeroColour, Model, NonNegative, Placed, Positive, Slug, Text
from .conditions import AttributeLevels
from .effects import Effect


class MeterSpec(Model):
    """A meter's length, starting space and red spaces [COMP-2]."""

    max: Positive = Field(description="The printed top space.")
    start: NonNegative = Field(description="The starting space (red arrow) [SETUP-C2].")
    red: NonNegative = Field(
        default=0,
        description="Red spaces: the lowest Energy spaces (Exhausted [SURV-3]) or the highest "
        "Terror spaces (Going Mad [SURV-5]).",
    )

    @model_validator(mode="after")
    def _fits(self) -> Self:
        if self.start > self.max:
            raise Placed(("start",), _("'start' {start} is above 'max' {max}").format(
                start=self.start, max=self.max))
        if self.red > self.max:
            raise Placed(("red",), _("'red' {red} is more than the {max} spaces").format(
                red=self.red, max=self.max))
        return self


class Resources(Model):
    """Starting resources [SETUP-C5]; a missing one starts at 0."""

    food: NonNegative = Field(default=0, description="Food.")
    wealth: NonNegative = Field(default=0, description="Wealth.")
    rep: NonNegative = Field(default=0, description="Rep.")
    magic: NonNegative = Field(default=0, description="Magic.")
    exp: NonNegative = Field(default=0, description="Exp.")


class Meters(Model):
    """The three survival meters."""

    energy: MeterSpec = Field(description="Energy; red = Exhausted spaces.")
    health: MeterSpec = Field(description="Health; caps Energy [SURV-2].")
    terror: MeterSpec = Field(description="Terror; red = Going Mad spaces.")


class CharacterAction(Model):
    """The character action on the tile's front [ACT-CHAR-1]."""

    name: Text = Field(description="Its name.")
    cost: Amounts | None = Field(
        default=None, description="Its cost; the owner pays at least 1 Energy [ACT-CHAR-2]."
    )
    text: Text | None = Field(default=None, description="As printed.")
    effects: list[Effect] = Field(description="What it does.")


class Weakness(Model):
    """A negative trait on the tile's front [COMP-3]."""

    name: Text = Field(description="Its name.")
    text: Text = Field(description="What it means.")


class DeckLists(Model):
    """A starting deck and an advanced pool [SETUP-C7], [SETUP-C8]."""

    start: list[CardRef] = Field(description="The starting deck.")
    advanced: list[CardRef] = Field(description="The Advanced pool.")


class Decks(Model):
    """Combat and Diplomacy decks."""

    combat: DeckLists = Field(description="Combat cards.")
    diplomacy: DeckLists = Field(description="Diplomacy cards.")


class Hero(Model):
    """A playable character."""

    id: Slug = Field(description="Unique id.")
    number: Positive = Field(description="Character number from the intro letter [COMP-4].")
    name: Text = Field(description="The character's name.")
    colour: HeroColour = Field(description="Board and card colour [COMP-1].")
    intro: Text = Field(description="The intro letter [SETUP-C10].")
    meters: Meters = Field(description="Energy, Health and Terror.")
    attributes: AttributeLevels = Field(description="Starting Attributes [SETUP-C4].")
    resources: Resources = Field(
        default_factory=Resources, description="Starting resources [SETUP-C5]."
    )
    action: CharacterAction = Field(description="The character action.")
    weaknesses: list[Weakness] = Field(
        min_length=1, description="The negative traits on the tile's front [COMP-3]."
    )
    decks: Decks = Field(description="Starting decks and Advanced pools.")

    @property
    def short_name(self) -> str:
        """The name without its epithet: "Tamsin Vell" of "Tamsin Vell, the Herbwife"."""
        return self.name.split(",")[0]

    @model_validator(mode="after")
    def _energy_within_health(self) -> Self:
        energy, health = self.meters.energy.start, self.meters.health.start
        if energy > health:
            raise Placed(("meters", "energy", "start"), _(
                "Energy starts at {energy}, above Health's {health}: Energy never exceeds "
                "Health [SURV-2]").format(energy=energy, health=health))
        return self
