"""Events, Random Events and Quests [COMP-10], [EVENT-1]..[EVENT-4]."""

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag

from .base import Model, Positive, Slug, Text
from .conditions import Condition
from .effects import Effect


class Quest(Model):
    """A Quest on an Event or a Secret [EVENT-3]."""

    id: Slug = Field(description="Unique quest id, used by start_quest / complete_quest.")
    name: Text = Field(description="The quest's name.")
    text: Text = Field(description="The quest text.")
    lock: bool = Field(
        default=True,
        description="The red lock: the card goes to the Quest display when revealed [DAY-START-5].",
    )
    goal: Condition | None = Field(
        default=None,
        description="Met when this holds (checked after every action); without it, only a "
        "complete_quest effect completes the quest.",
    )
    success: list[Effect] = Field(default_factory=list, description="The Success section.")


class StoryEvent(Model):
    """A story Event card [COMP-10]."""

    kind: Literal["story"] = Field(description="Always 'story'.")
    id: Slug = Field(description="Unique event id.")
    title: Text = Field(description="The event's title.")
    chapter: Positive = Field(description="The chapter it belongs to.")
    part: Positive = Field(description="Its part within the chapter.")
    text: Text = Field(description="The story.")
    effects: list[Effect] = Field(default_factory=list, description="Resolved when revealed.")
    quest: Quest | None = Field(default=None, description="Its Quest, if any.")
    hint: Text | None = Field(default=None, description="The hint.")


class RandomEvent(Model):
    """A Random Event [COMP-10], placed on the Event deck by cards [EVENT-1]."""

    kind: Literal["random"] = Field(description="Always 'random'.")
    id: Slug = Field(description="Unique event id.")
    title: Text = Field(description="The event's title.")
    text: Text = Field(description="What happens.")
    effects: list[Effect] = Field(default_factory=list, description="Resolved when revealed.")


def _kind_tag(value: Any) -> str | None:
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    return kind if kind in ("story", "random") else None


Event = Annotated[
    Annotated[StoryEvent, Tag("story")] | Annotated[RandomEvent, Tag("random")],
    Discriminator(
        _kind_tag,
        custom_error_type="event_kind",
        custom_error_message="an event needs 'kind': story or random",
    ),
]
