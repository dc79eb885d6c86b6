"""Amounts: fixed numbers, numbers scaled by the player count, and counts read from play.

>>> Scaled(base=8, per_player=-1).value(players=3)
5
"""

from collections.abc import Callable
from functools import cached_property
from typing import Annotated, Any, Literal, Self

from pydantic import Discriminator, Field, Tag, model_validator

from grail.lang import _

from .base import Attribute, Model, Placed, made


class Scaled(Model):
    """A value that depends on the number of players in the game, e.g. "8, -1 per player".

    Scaling always counts the players in the game, never the team [ACT-MENHIR-2]; Story mode
    counts one player fewer [MODE-STORY-1].
    """

    base: int = Field(description="The value before scaling.")
    per_player: int = Field(description="Added once per player in the game (negative subtracts).")

    def value(self, players: int) -> int:
        return self.base + self.per_player * players


CountKind = Literal[
    "attribute",
    "joined_keys",
    "connected_magic_keys",
    "cards_in_hand",
    "charges",
    "items",
    "secrets",
    "revealed_locations",
]


class Count(Model):
    """A number read from the game when the effect resolves, times a factor, plus a constant.

    What is counted: ``attribute`` - the active character's level; ``joined_keys`` -
    Attribute Keys of that Attribute physically joined in the Sequence; ``connected_magic_keys``
    - paid Magic Keys in the Sequence; ``cards_in_hand``, ``items``, ``secrets`` - the active
    character's; ``charges`` - Charges on the card resolving; ``revealed_locations`` - in the
    game. A result below 0 counts as 0 where an amount cannot be negative.

    ``{count: connected_magic_keys}`` is the number of paid Magic Keys in the Sequence
    [EX-COMBAT-9]; ``{count: joined_keys, attribute: courage}`` is the number of Courage
    Attribute Keys physically joined anywhere in the Sequence, connected or not [ANAT-8];
    ``{count: attribute, attribute: logic}`` is the active character's Logic.
    """

    count: CountKind = Field(description="What to count.")
    attribute: Attribute | None = Field(
        default=None,
        description="The Attribute counted; required by 'attribute' and 'joined_keys'.",
    )
    times: int = Field(default=1, description="Multiplies the count.")
    plus: int = Field(default=0, description="Added after multiplying.")

    @model_validator(mode="after")
    def _attribute_when_needed(self) -> Self:
        needs = self.count in ("attribute", "joined_keys")
        if needs and self.attribute is None:
            raise Placed(("count",), _("count '{count}' needs an 'attribute'").format(
                count=self.count))
        if not needs and self.attribute is not None:
            raise Placed(("attribute",), _("count '{count}' takes no 'attribute'").format(
                count=self.count))
        return self


def _amount_tag(value: Any) -> str | None:
    if isinstance(value, int):
        return "fixed"
    if isinstance(value, dict):
        return "count" if "count" in value else "scaled"
    if isinstance(value, Scaled):
        return "scaled"
    if isinstance(value, Count):
        return "count"
    return None


_AMOUNT_KIND = Discriminator(
    _amount_tag,
    custom_error_type="amount_type",
    custom_error_message="expected a whole number, {base: N, per_player: N} or {count: ...}",
)

Amount = Annotated[
    Annotated[int, Tag("fixed")] | Annotated[Scaled, Tag("scaled")] | Annotated[Count, Tag("count")],
    _AMOUNT_KIND,
]
"""A whole number, a player-scaled value, or a count."""

NonNegativeAmount = Annotated[
    Annotated[Annotated[int, Field(ge=0)], Tag("fixed")]
    | Annotated[Scaled, Tag("scaled")]
    | Annotated[Count, Tag("count")],
    _AMOUNT_KIND,
]
"""An amount whose written number cannot be negative."""


def _described(what: str) -> Callable[[str], Any]:
    def field(name: str) -> Any:
        return Field(default=None, description=f"{name.capitalize()} {what}.")

    return field


_res = _described("(a whole number, player-scaled value or count)")


class Amounts(Model):
    """Resources and meters, each optional: ``{food: 1, magic: {base: 0, per_player: 1}}``.

    A scaled or counted value that works out below 0 counts as 0.
    """

    food: NonNegativeAmount | None = _res("food")
    wealth: NonNegativeAmount | None = _res("wealth")
    rep: NonNegativeAmount | None = _res("rep")
    magic: NonNegativeAmount | None = _res("magic")
    exp: NonNegativeAmount | None = _res("exp")
    energy: NonNegativeAmount | None = _res("energy")
    health: NonNegativeAmount | None = _res("health")
    terror: NonNegativeAmount | None = _res("terror")

    @model_validator(mode="after")
    def _not_empty(self) -> Self:
        if not self.items():
            raise ValueError(_("name at least one resource or meter with an amount"))
        return self

    @classmethod
    def worked_out(cls, **amounts: int) -> "Amounts":
        """Amounts the engine worked out in play (each 0 or more, one at least), made
        without validating them again: a team's payment and an attack's damage make them at
        every step of a simulation, where validating was most of their cost."""
        values: dict[str, Any] = dict.fromkeys(cls.__pydantic_fields__)
        values.update(amounts)
        return made(cls, values, set(amounts))

    def items(self) -> tuple[tuple[str, Any], ...]:
        """The named resources and meters in a fixed order (worked out once: content never
        changes, and costs are read on every step)."""
        return self._named

    @cached_property
    def _named(self) -> tuple[tuple[str, Any], ...]:
        """Worked out once: content never changes, and costs are read on every step."""
        return tuple((name, getattr(self, name)) for name in type(self).__pydantic_fields__
                     if getattr(self, name) is not None)


class Range(Model):
    """Bounds on a number, inclusive; at least one of them."""

    at_least: int | None = Field(default=None, description="The lowest value that satisfies.")
    at_most: int | None = Field(default=None, description="The highest value that satisfies.")

    @model_validator(mode="after")
    def _bounded(self) -> Self:
        if self.at_least is None and self.at_most is None:
            raise ValueError(_("give 'at_least', 'at_most' or both"))
        if (self.at_least is not None and self.at_most is not None
                and self.at_least > self.at_most):
            raise ValueError(_("'at_least' {least} is above 'at_most' {most}").format(
                least=self.at_least, most=self.at_most))
        return self
