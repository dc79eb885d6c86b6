"""Secrets, Items and Skills: what characters carry [COMP-11]..[COMP-13]."""

from typing import Literal, Self

from pydantic import Field, model_validator

from grail.lang import N_, _

from .base import Attribute, ItemKeyword, Model, Placed, Positive, Text, duplicates
from .effects import Dial, Effect
from .events import Quest
from .uses import Use


class Secret(Model):
    """A Secret from the Book of Secrets deck [COMP-11], [SECRET-1]."""

    number: Positive = Field(description="Its unique number.")
    name: Text = Field(description="Its name.")
    text: Text = Field(description="Its text.")
    keywords: list[Literal["personal"] | ItemKeyword] = Field(
        default_factory=list,
        description="'personal' (never traded, vanishes on death [SECRET-6]) and at most one "
        "item keyword (counts for [ITEM-1]).",
    )
    effects: list[Effect] = Field(default_factory=list, description="Resolved when gained.")
    uses: list[Use] = Field(default_factory=list, description="What it lets its holder do.")
    quest: Quest | None = Field(default=None, description="A Quest it holds.")
    dial: Dial | None = Field(
        default=None, description="A dial it holds; it enters play when the Secret is gained."
    )

    @model_validator(mode="after")
    def _one_item_keyword(self) -> Self:
        duplicates(list(self.keywords), "keywords", N_("keyword '{value}' is listed twice"))
        items = [i for i, k in enumerate(self.keywords) if k != "personal"]
        if len(items) > 1:
            raise Placed(("keywords", items[1]), _("a Secret has at most one item keyword"))
        return self


class Item(Model):
    """An Item card [COMP-12]."""

    number: Positive = Field(description="Its unique number.")
    name: Text = Field(description="Its name.")
    keyword: ItemKeyword = Field(description="Its one keyword.")
    craftable: bool = Field(default=False, description="Marked 'F': can be crafted [ITEM-4].")
    text: Text | None = Field(default=None, description="Its text.")
    uses: list[Use] = Field(default_factory=list, description="What it lets its holder do.")


class SkillSide(Model):
    """One side of a Skill card: one of the 72 unique Skills [ATTR-5]."""

    number: Positive = Field(description="The Skill's unique number.")
    name: Text = Field(description="Its name.")
    attribute: Attribute = Field(description="The Attribute it supports, as 1 point [COMP-13].")
    text: Text | None = Field(default=None, description="Its text.")
    uses: list[Use] = Field(default_factory=list, description="What it lets its holder do.")

    @model_validator(mode="after")
    def _kept(self) -> Self:
        for index, use in enumerate(self.uses):
            if use.discard:
                raise Placed(("uses", index, "discard"), _("a Skill is never discarded: it "
                                                            "stays beside its Attribute [ATTR-4]"))
        return self


class Skill(Model):
    """A double-sided Skill card; the owner keeps one side [ATTR-5]."""

    card: Positive = Field(description="The card's number.")
    front: SkillSide = Field(description="One side.")
    back: SkillSide = Field(description="The other side.")


class SecretsFile(Model):
    """A file of Secrets."""

    secrets: list[Secret] = Field(min_length=1, description="The Secrets.")


class ItemsFile(Model):
    """A file of Items."""

    items: list[Item] = Field(min_length=1, description="The Items.")


class SkillsFile(Model):
    """A file of Skill cards."""

    skills: list[Skill] = Field(min_length=1, description="The Skill cards.")
