"""Uses: what an Item, Secret or Skill lets its holder do, and when [DAY-6], [ITEM-6]."""

from typing import Literal, Self

from pydantic import Field, model_validator

from grail.lang import _

from .amounts import Amounts
from .base import Model, Placed, Text
from .conditions import Condition
from .effects import Effect

Timing = Literal[
    "action", "encounter_start", "combat", "diplomacy", "encounter", "end_of_day", "any",
    "passive",
]


class Use(Model):
    """One use of a card: an action during the Day, a trick in an encounter, or passive."""

    name: Text = Field(description="The use's name, shown on its button.")
    when: Timing = Field(
        description="action: a Day action [DAY-6]; encounter_start: at an Encounter's start "
        "[ITEM-3]; combat / diplomacy / encounter: during such an Encounter; end_of_day; "
        "any: at any time outside encounters; passive: always, while the card is face up."
    )
    cost: Amounts | None = Field(default=None, description="Its cost.")
    requires: Condition | None = Field(default=None, description="Usable only when this holds.")
    once: Literal["day", "encounter"] | None = Field(
        default=None, description="At most once per Day or per Encounter."
    )
    flip: bool = Field(
        default=False,
        description="The card is turned to show it was used; it turns back at the "
        "Encounter's end [ITEM-6].",
    )
    discard: bool = Field(
        default=False,
        description="The card is discarded when used: an Item to the bottom of the Item deck "
        "[DISC-1], a Secret as its text says [SECRET-2]. Never on a Skill.",
    )
    text: Text | None = Field(default=None, description="The use as printed.")
    effects: list[Effect] = Field(default_factory=list, description="What it does.")

    @model_validator(mode="after")
    def _passive_is_free(self) -> Self:
        if self.when == "passive":
            for name in ("cost", "once", "requires"):
                if getattr(self, name) is not None:
                    raise Placed((name,), _("a passive use has no '{field}': it always "
                                             "applies").format(field=name))
            if self.flip:
                raise Placed(("flip",), _("a passive use is never flipped"))
            if self.discard:
                raise Placed(("discard",), _("a passive use is never discarded: it always "
                                             "applies"))
        return self
