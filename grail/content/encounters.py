"""Encounter cards: Combat (green, grey, purple) and Diplomacy (blue) [COMP-6], [COMP-7]."""

from typing import Annotated, Any, Literal, Self

from pydantic import Discriminator, Field, Tag, model_validator

from grail.lang import N_, _, ngettext

from .amounts import Amounts
from .base import CombatDeck, Level, Model, Placed, Positive, Slug, Text, duplicates
from .cards import AttributeKey, RightKey, check_edges
from .conditions import Condition
from .effects import Effect
from .inside import check_inside
from .problems import commas

Trait = Literal[
    "ambush", "sudden", "defensive", "swift", "feint", "guardian",
    "horde", "opportunist", "fury", "thief", "destruction", "slow",
]
"""The 12 Combat traits [TRAIT-1]..[TRAIT-12]."""

DiplomacyIcon = Literal["up", "down", "draw", "continue", "discard_last", "x2", "cancel"]


class AttackRow(Model):
    """One row of the Combat table: the enemy attack for a range of pool sizes [COMBAT-13]."""

    pool: Annotated[list[int | None], Field(min_length=2, max_length=2)] = Field(
        description="[lowest, highest] markers in the Combat pool; highest null = no limit."
    )
    effects: list[Effect] = Field(description="The attack, applied to the active character.")

    @model_validator(mode="after")
    def _range(self) -> Self:
        low, high = self.pool
        if low is None or low < 0:
            raise Placed(("pool", 0), _("the lowest pool of a row is a whole number from 0"))
        if high is not None and high < low:
            raise Placed(("pool",), _("pool range [{low}, {high}] is empty").format(
                low=low, high=high))
        return self


class _Encounter(Model):
    id: Slug = Field(description="Unique id (e.g. grey-vagrant).")
    number: Positive | None = Field(default=None, description="The printed number, if any.")
    name: Text = Field(description="The card's name.")
    level: Level = Field(description="Difficulty 1-4 [COMP-6].")
    text: Text | None = Field(default=None, description="Extra text on the card.")
    first_encounter: bool = Field(
        default=False, description="The deck's 'Your first encounter' card [COMP-8]."
    )
    right: list[RightKey] = Field(
        default_factory=list,
        description="Attribute Keys on its right edge; the first card meets these [ANAT-11]. "
        "With none, the card starts no Combat or Diplomacy: only its text resolves [NOTE-28].",
    )
    effects: list[Effect] = Field(
        default_factory=list, description="Resolved when drawn, before any fight (card text)."
    )
    reward: list[Effect] = Field(
        default_factory=list, description="Each member's Reward on victory [COMBAT-16]."
    )

    @model_validator(mode="before")
    @classmethod
    def _of_its_deck(cls, data: Any) -> Any:
        """A card of one deck written with the other kind's fields: said once, in the
        deck's words, rather than as each field unknown [ENC-2], [DIPLO-1]."""
        foreign = [key for key in data if key in _OTHER_KIND[cls]] \
            if isinstance(data, dict) else []
        if foreign:
            if cls is CombatEncounter:
                said = ngettext("'{deck}' makes this a Combat Encounter, but {fields} is "
                                "Diplomacy's: a Diplomacy Encounter's deck is blue [ENC-2]",
                                "'{deck}' makes this a Combat Encounter, but {fields} are "
                                "Diplomacy's: a Diplomacy Encounter's deck is blue [ENC-2]",
                                len(foreign))
            else:
                said = ngettext("'{deck}' makes this a Diplomacy Encounter, but {fields} is "
                                "Combat's: a Combat Encounter's deck is green, grey or purple "
                                "[ENC-2]",
                                "'{deck}' makes this a Diplomacy Encounter, but {fields} are "
                                "Combat's: a Combat Encounter's deck is green, grey or purple "
                                "[ENC-2]", len(foreign))
            raise Placed((foreign[0],), said.format(
                deck=f"deck: {data.get('deck')}", fields=commas([f"'{key}'" for key in foreign])))
        return data

    @model_validator(mode="after")
    def _keys_apart(self) -> Self:
        check_inside(self.effects, ("effects",))
        check_inside(self.reward, ("reward",))
        check_edges([], self.right)
        for index, key in enumerate(self.right):
            if not isinstance(key, AttributeKey):
                raise Placed(("right", index), _("an Encounter card's right edge holds "
                                                 "Attribute Keys only [ANAT-11]: give "
                                                 "'attribute' and 'level'"))
        return self


class CombatEncounter(_Encounter):
    """A Combat Encounter card [COMP-6]."""

    deck: CombatDeck = Field(description="green (wilds), grey (people) or purple (supernatural).")
    value: Positive = Field(description="Markers needed in the Combat pool to win [COMBAT-16].")
    traits: list[Trait] = Field(default_factory=list, description="Traits [TRAIT-*].")
    attack: list[AttackRow] = Field(
        min_length=1, description="The Combat table, rows from the smallest pool up."
    )
    opportunity: list[Effect] = Field(
        default_factory=list, description="The Opportunity attack [COMBAT-11]."
    )
    loot: list[Effect] = Field(
        default_factory=list, description="Loot, shared among the members [COMBAT-16]."
    )

    @property
    def guardian(self) -> bool:
        """A Guardian stays on the map when not defeated [TRAIT-6]."""
        return "guardian" in self.traits

    @model_validator(mode="after")
    def _table(self) -> Self:
        duplicates(list(self.traits), "traits", N_("trait '{value}' is listed twice"))
        for index, row in enumerate(self.attack):
            check_inside(row.effects, ("attack", index, "effects"))
        check_inside(self.opportunity, ("opportunity",))
        check_inside(self.loot, ("loot",))
        expected = 0
        for index, row in enumerate(self.attack):
            low, high = row.pool
            if low != expected:
                raise Placed(("attack", index, "pool"),
                             _("the Combat table must cover every pool size: this row should "
                               "start at {expected}, not {low}").format(expected=expected,
                                                                        low=low))
            if high is None:
                if index != len(self.attack) - 1:
                    raise Placed(("attack", index, "pool"),
                                 _("only the last Combat table row may be open-ended"))
                return self
            expected = high + 1
        raise Placed(("attack", len(self.attack) - 1, "pool"),
                     _("the last Combat table row must be open-ended: pool [N, null]"))


class Affinity(Model):
    """The Affinity track: red spaces below the grey start, green above [COMP-7].

    The marker starts on grey (0); the bottom space is ``-red``, the top ``+green``.
    """

    red: Positive = Field(description="Red spaces below the grey start; the last is the bottom.")
    green: Positive = Field(description="Green spaces above the grey start; the last is the top.")


class AttributeBonus(Model):
    """What the attribute-dependent bonus does in a Stage, per Attribute [DIPLO-11]."""

    aggression: list[DiplomacyIcon] | None = Field(default=None, description="Icons for Aggression.")
    empathy: list[DiplomacyIcon] | None = Field(default=None, description="Icons for Empathy.")
    courage: list[DiplomacyIcon] | None = Field(default=None, description="Icons for Courage.")
    caution: list[DiplomacyIcon] | None = Field(default=None, description="Icons for Caution.")
    logic: list[DiplomacyIcon] | None = Field(default=None, description="Icons for Logic.")
    spirituality: list[DiplomacyIcon] | None = Field(
        default=None, description="Icons for Spirituality."
    )


class Stage(Model):
    """One Stage of a Diplomacy Encounter, won in order [DIPLO-3]."""

    name: Text = Field(description="The Stage's name.")
    text: Text | None = Field(default=None, description="The Stage's rules text.")
    bonus: AttributeBonus = Field(description="The attribute-dependent bonus [DIPLO-11].")
    response: list[Effect] = Field(description="The opponent's Response [DIPLO-5].")


class Approach(Model):
    """An alternative approach with its own Stages [DIPLO-2]."""

    name: Text = Field(description="The approach's name.")
    text: Text | None = Field(default=None, description="How it plays.")
    stages: list[Stage] = Field(min_length=1, description="Its Stages, in order.")


class Avoid(Model):
    """The Avoid section: before starting, meet ``requires`` and pay ``cost`` [DIPLO-14]."""

    requires: Condition | None = Field(
        default=None, description="Requirements, tested on the best member [DIPLO-15]."
    )
    cost: Amounts | None = Field(default=None, description="Paid by each member [DIPLO-15].")


class DiplomacyEncounter(_Encounter):
    """A Diplomacy Encounter card [COMP-7]."""

    deck: Literal["blue"] = Field(description="Always blue.")
    affinity: Affinity = Field(description="The Affinity track.")
    avoid: Avoid | None = Field(default=None, description="The Avoid section, if any.")
    stages: list[Stage] | None = Field(
        default=None, min_length=1, description="The Stages, in order (or give 'approaches')."
    )
    approaches: list[Approach] | None = Field(
        default=None, min_length=2, description="Alternative approaches to choose from [DIPLO-2]."
    )
    failure: list[Effect] = Field(
        default_factory=list, description="Failure, for each member [DIPLO-6]."
    )

    @model_validator(mode="after")
    def _stages(self) -> Self:
        check_inside(self.failure, ("failure",))
        for index, stage in enumerate(self.stages or []):
            check_inside(stage.response, ("stages", index, "response"))
        for number, approach in enumerate(self.approaches or []):
            for index, stage in enumerate(approach.stages):
                check_inside(stage.response, ("approaches", number, "stages", index, "response"))
        if self.stages is not None and self.approaches is not None:
            raise Placed(("approaches",), _("give 'stages' or 'approaches', not both"))
        if self.stages is None and self.approaches is None:
            raise ValueError(_("give 'stages' (or 'approaches' with their own stages)"))
        return self


def _fields(model: type[_Encounter]) -> set[str]:
    return {field.alias or name for name, field in model.model_fields.items()}


_OTHER_KIND: dict[type[_Encounter], frozenset[str]] = {
    CombatEncounter: frozenset(_fields(DiplomacyEncounter) - _fields(CombatEncounter)),
    DiplomacyEncounter: frozenset(_fields(CombatEncounter) - _fields(DiplomacyEncounter)),
}
"""The fields only the other kind of Encounter has."""


def deck_kind(deck: str) -> Literal["combat", "diplomacy"]:
    """The cards a deck's Encounters are played with: Diplomacy for the blue deck, Combat
    for the others [ENC-2], [DIPLO-1]."""
    return "diplomacy" if deck == "blue" else "combat"


def _deck_tag(value: Any) -> str | None:
    deck = value.get("deck") if isinstance(value, dict) else getattr(value, "deck", None)
    return None if deck is None else deck_kind(deck)


Encounter = Annotated[
    Annotated[CombatEncounter, Tag("combat")] | Annotated[DiplomacyEncounter, Tag("diplomacy")],
    Discriminator(
        _deck_tag,
        custom_error_type="missing_deck",
        custom_error_message="an encounter needs 'deck': green, grey, purple or blue",
    ),
]
