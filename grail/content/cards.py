"""Combat and Diplomacy cards: key geometry, bonus icons and Abilities (the rulebook's card anatomy).

A card's **right** edge holds Attribute Keys (and right Magic halves) that the *next* card
meets; its **left** edge holds Bonus Keys (and left Magic halves, which carry the bonus)
that meet the *previous* card's right edge [ANAT-12], [ANAT-14]. Positions are numbered from
the top; two keys connect only at the same position and of the same type [ANAT-13]. The
free bottom key always connects [ANAT-5]; ``free`` lists its bonus icons.

>>> card = PlayerCard.model_validate({
...     "id": "combat-7v", "number": "7V", "kind": "combat", "name": "Feint",
...     "left": [{"at": 1, "attribute": "aggression", "bonus": ["marker"]}],
...     "right": [{"at": 1, "attribute": "courage", "level": 1}],
...     "free": ["marker"]})
>>> card.colour
'green'
"""

from typing import Annotated, Any, Literal, Self

from pydantic import Discriminator, Field, Tag, model_validator

from grail.lang import N_, _

from .amounts import NonNegativeAmount
from .base import (
    COLOUR_LETTER,
    Attribute,
    CardNumber,
    HeroRef,
    Model,
    NonNegative,
    Placed,
    Positive,
    Slug,
    Text,
)
from .effects import Effect
from .inside import check_inside

BonusIcon = Literal[
    "marker", "marker2", "marker3", "up", "down", "attribute",
    "draw", "continue", "discard_last", "x2", "cancel",
]
"""Bonus icons. Combat: marker, marker2, marker3 (add 1/2/3 markers) [KEY-5]; Diplomacy:
up, down, attribute (what the current Stage says) [DIPLO-10]; both: draw, continue,
discard_last, x2 (doubles the next icon, never continue [KEY-6]), cancel (voids the next)."""

COMBAT_ONLY = frozenset({"marker", "marker2", "marker3"})
DIPLOMACY_ONLY = frozenset({"up", "down", "attribute"})
WRONG_ICON = {"combat": N_("a combat card cannot use the bonus icon '{icon}'"),
              "diplomacy": N_("a diplomacy card cannot use the bonus icon '{icon}'")}
WRONG_TRIGGER = {"combat": N_("a combat card has no 'response' trigger"),
                 "diplomacy": N_("a diplomacy card has no 'enemy_attack' trigger")}
"""What a card of each kind is told of the other kind's bonus icon or trigger."""


class AttributeKey(Model):
    """An Attribute Key on a right edge: connects if the active character has ``level`` [KEY-2]."""

    at: Positive = Field(description="Position on the edge, counted from the top.")
    attribute: Attribute = Field(description="The Attribute the key shows.")
    level: NonNegative = Field(description="The least level needed to connect [ANAT-2].")


class MagicHalf(Model):
    """The right half of a Magic Key; the next card's left half carries the bonus [ANAT-14]."""

    at: Positive = Field(description="Position on the edge, counted from the top.")
    magic: Literal[True] = Field(description="Always true.")


def _key_tag(value: Any) -> str | None:
    if isinstance(value, dict):
        return "magic" if "magic" in value else "attribute"
    if isinstance(value, MagicHalf | MagicBonus):
        return "magic"
    return "attribute"


RightKey = Annotated[
    Annotated[AttributeKey, Tag("attribute")] | Annotated[MagicHalf, Tag("magic")],
    Discriminator(_key_tag),
]


class BonusKey(Model):
    """A Bonus Key on a left edge: meets the previous card's Attribute Key [ANAT-3]."""

    at: Positive = Field(description="Position on the edge, counted from the top.")
    attribute: Attribute = Field(description="The Attribute Key it meets.")
    bonus: list[BonusIcon] = Field(min_length=1, description="Icons gained on connection, in order.")


class MagicBonus(Model):
    """The left half of a Magic Key: connects when 1 Magic is paid [ANAT-4], [KEY-3]."""

    at: Positive = Field(description="Position on the edge, counted from the top.")
    magic: Literal[True] = Field(description="Always true.")
    bonus: list[BonusIcon] = Field(min_length=1, description="Icons gained on connection, in order.")


LeftKey = Annotated[
    Annotated[BonusKey, Tag("attribute")] | Annotated[MagicBonus, Tag("magic")],
    Discriminator(_key_tag),
]

Trigger = Literal["on_place", "delayed", "enemy_attack", "response", "passive", "spend_charges"]


class Ability(Model):
    """An Ability and its trigger [ANAT-7], [ANAT-10]; only uncovered Abilities act [ANAT-6]."""

    trigger: Trigger = Field(
        description="on_place: after the card is placed; delayed: when its last Time token "
        "is removed; enemy_attack / response: in step 3 of the activation; passive: all the "
        "Encounter (passive cards only); spend_charges: at any time, paying 'charges'."
    )
    tokens: Positive | None = Field(
        default=None,
        description="delayed only: Time tokens put on the card (default: the campaign's "
        "delayed_tokens setting) [ANAT-15].",
    )
    charges: NonNegativeAmount | None = Field(
        default=None, description="spend_charges only: the Charges paid [ANAT-10]."
    )
    text: Text | None = Field(default=None, description="The Ability as printed, its "
                              "trigger's words included (\"Delayed (2 Time tokens): ...\"): "
                              "shown exactly as written.")
    effects: list[Effect] = Field(default_factory=list, description="What it does.")

    @model_validator(mode="after")
    def _trigger_fields(self) -> Self:
        if self.tokens is not None and self.trigger != "delayed":
            raise Placed(("tokens",), _("'tokens' belongs to a delayed ability only"))
        if self.charges is not None and self.trigger != "spend_charges":
            raise Placed(("charges",), _("'charges' belongs to a spend_charges ability only"))
        if self.charges is None and self.trigger == "spend_charges":
            raise Placed(("trigger",), _("a spend_charges ability needs 'charges'"))
        if self.charges == 0:
            raise Placed(("charges",), _("a spend_charges ability pays at least 1 Charge: "
                                         "one that costs nothing could be used forever "
                                         "[ANAT-10]"))
        return self


EDGE_TWICE = {"left": N_("two keys at position {at} of the left edge"),
              "right": N_("two keys at position {at} of the right edge")}
"""A key at a position of an edge another key holds, by edge [ANAT-13]."""


def check_edges(left: list[Any], right: list[Any]) -> None:
    """No two keys share a position on one edge [ANAT-13]."""
    for edge, keys in (("left", left), ("right", right)):
        seen: set[int] = set()
        for index, key in enumerate(keys):
            if key.at in seen:
                raise Placed((edge, index, "at"), _(EDGE_TWICE[edge]).format(at=key.at))
            seen.add(key.at)


class PlayerCard(Model):
    """A Combat or Diplomacy card of a character colour [COMP-9]."""

    id: Slug = Field(description="Unique id used by hero decks (e.g. combat-7v, beor-combat-3v).")
    number: CardNumber = Field(
        description="The printed number with its colour letter: A blue, V green, M brown, "
        "G grey [COMP-9]."
    )
    kind: Literal["combat", "diplomacy"] = Field(description="Which deck it belongs to.")
    name: Text = Field(description="The card's name.")
    hero: HeroRef | None = Field(
        default=None, description="The character named on top of a character card [COMP-9]."
    )
    passive: bool = Field(
        default=False, description="Keys on opposite sides: its Ability is never covered [ANAT-9]."
    )
    left: list[LeftKey] = Field(default_factory=list, description="Bonus Keys and left Magic halves.")
    right: list[RightKey] = Field(
        default_factory=list, description="Attribute Keys and right Magic halves."
    )
    free: list[BonusIcon] = Field(
        default_factory=list, description="Bonus of the free bottom key; empty gives nothing [ANAT-5]."
    )
    abilities: list[Ability] = Field(default_factory=list, description="The card's Abilities.")
    text: Text | None = Field(default=None, description="Flavour text.")

    @property
    def colour(self) -> str:
        letter = self.number[-1]
        return next(colour for colour, mark in COLOUR_LETTER.items() if mark == letter)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        check_edges(self.left, self.right)
        for index, key in enumerate(self.left):
            if isinstance(key, MagicBonus) and "attribute" in key.bonus:
                raise Placed(("left", index, "bonus"), _(
                    "the 'attribute' bonus needs the Attribute of the key that connects it: "
                    "a Magic Key has none [DIPLO-11]"))
        if "attribute" in self.free:
            raise Placed(("free",), _("the 'attribute' bonus needs the Attribute of the key "
                                      "that connects it: the free key has none [DIPLO-11]"))
        wrong = COMBAT_ONLY if self.kind == "diplomacy" else DIPLOMACY_ONLY
        places: list[tuple[tuple[Any, ...], str]] = [
            (("left", i, "bonus", j), icon) for i, key in enumerate(self.left)
            for j, icon in enumerate(key.bonus)]
        places += [(("free", j), icon) for j, icon in enumerate(self.free)]
        for path, icon in places:
            if icon in wrong:
                raise Placed(path, _(WRONG_ICON[self.kind]).format(icon=icon))
        wrong_trigger = "response" if self.kind == "combat" else "enemy_attack"
        tokens = {ability.tokens for ability in self.abilities if ability.trigger == "delayed"}
        if len(tokens) > 1:
            raise Placed(("abilities",), _("a card's delayed Abilities share the Time tokens "
                                           "on it: give them all the same 'tokens' [ANAT-15]"))
        for index, ability in enumerate(self.abilities):
            check_inside(ability.effects, ("abilities", index, "effects"))
            if ability.trigger == wrong_trigger:
                raise Placed(("abilities", index, "trigger"), _(WRONG_TRIGGER[self.kind]))
            if ability.trigger == "passive" and not self.passive:
                raise Placed(("abilities", index, "trigger"),
                             _("a 'passive' ability needs 'passive: true' on the card [ANAT-9]"))
        return self


class CardsFile(Model):
    """A file of Combat and Diplomacy cards."""

    cards: list[PlayerCard] = Field(min_length=1, description="The cards.")
