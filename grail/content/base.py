"""The vocabulary every content model shares: the base model, names, numbers, references.

Every content model is strict (YAML's ``NO`` is never silently a string), forbids unknown
fields, is immutable, and gives each field a ``description`` that ends up in the JSON
Schema authors see in their editor.

References between content are typed: ``SecretRef`` is an ``int`` that must name a secret
of the pack. The cross-checker (``crossref.py``) finds them through the :class:`Ref`
marker, so a new reference field is checked as soon as it is declared.

The modules that define content models (and the engine's values) leave out ``from
__future__ import annotations``: Python then makes each field's type as the class is made,
and pydantic reads it as it is, where it would otherwise compile and evaluate the text of
every annotation again (some 10% of a command's imports and of its save's readers). A type
that names a class not made yet is written as text (``"list[Effect]"``); a validator
returns ``Self``. A test (tests/test_layers.py) keeps it so.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, Self, TypeVar, get_type_hints

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints, WithJsonSchema

from grail.lang import N_, _


class Model(BaseModel):
    """Base of every content model: strict, closed, immutable.

    Its validators are built when first used (``defer_build``), not when grail is
    imported: a command that reads its pack from the cache never validates it again
    (``trusted.py``), and building them all is most of a command's start.
    """

    model_config = ConfigDict(
        strict=True,
        extra="forbid",
        frozen=True,
        populate_by_name=True,
        validate_default=False,
        defer_build=True,
    )

    def but(self, **changes: Any) -> Self:
        """The model with ``changes`` to its fields, not validated again, as
        ``model_copy(update=changes)`` makes it: the engine resolving an effect of the
        content for the active member or for each one, at every step of a simulation."""
        return made(type(self), {**self.__dict__, **changes},
                    self.__pydantic_fields_set__ | changes.keys())


M = TypeVar("M", bound=BaseModel)


def made(model: type[M], values: dict[str, Any], given: set[str]) -> M:
    """The ``model`` holding ``values`` (every field, in the fields' order), ``given`` the
    fields set, not validated: as ``model_construct`` makes it, without working out each
    default again. For values grail made or checked itself."""
    built = _new(model)
    _set(built, "__dict__", values)
    _set(built, "__pydantic_fields_set__", given)
    _set(built, "__pydantic_extra__", None)
    _set(built, "__pydantic_private__", None)
    return built


_new = object.__new__
_set = object.__setattr__


def content_models() -> list[type[Model]]:
    """Every content model class (every one defined so far: importing ``grail.content``
    defines them all)."""
    found, stack = [], list(Model.__subclasses__())
    while stack:
        found.append(stack.pop())
        stack.extend(found[-1].__subclasses__())
    return found


@cache
def field_types(model: type[BaseModel]) -> dict[str, Any]:
    """Each field's type with its markers (``Annotated``), by field name.

    A field's ``annotation`` in pydantic can still be unresolved text where the model
    names a union defined after it (``Condition`` inside ``Not``) until its validator is
    built, which ``Model`` defers; this reads the types from the module itself.
    """
    hints = get_type_hints(model, include_extras=True)
    return {name: hints[name] for name in model.model_fields}


@dataclass(frozen=True)
class Ref:
    """Marks a field whose value names content of ``kind`` defined elsewhere in the pack."""

    kind: str


@dataclass(frozen=True)
class Def:
    """Marks a field whose value defines a name of ``kind`` (a dial, a task) by using it."""

    kind: str


class Placed(ValueError):
    """A check's failure at a place below the model checked, e.g. ``("attack", 1, "pool")``.

    Raised from a model validator, it lets the problem point at the faulty item instead of
    the start of the model.
    """

    def __init__(self, path: tuple[Any, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def duplicates(values: list[Any], field: str, message: str) -> None:
    """Raise :class:`Placed` at the second of two equal values in a list, saying
    ``message`` (marked with ``N_``, its ``{value}`` the value)."""
    seen: set[Any] = set()
    for index, value in enumerate(values):
        if value in seen:
            raise Placed((field, index), _(message).format(value=value))
        seen.add(value)


# --- Names -----------------------------------------------------------------------------

Attribute = Literal["aggression", "empathy", "courage", "caution", "logic", "spirituality"]
"""The six Attributes in three opposed pairs [ATTR-1]."""

ATTRIBUTES: tuple[Attribute, ...] = (
    "aggression", "empathy", "courage", "caution", "logic", "spirituality",
)
"""The six Attributes in their printed order [ATTR-1]."""

OPPOSED: dict[str, str] = {
    "aggression": "empathy", "empathy": "aggression",
    "courage": "caution", "caution": "courage",
    "logic": "spirituality", "spirituality": "logic",
}
"""The opposed pairs [ATTR-1]."""

DeckColour = Literal["green", "grey", "purple", "blue"]
"""Encounter deck colours [ENC-1]: green, grey and purple are Combat, blue is Diplomacy."""

CombatDeck = Literal["green", "grey", "purple"]

HeroColour = Literal["green", "blue", "brown", "grey"]
"""Board and card colours [COMP-1]."""

COLOUR_LETTER: dict[str, str] = {"blue": "A", "green": "V", "brown": "M", "grey": "G"}
"""Number suffix of Combat/Diplomacy cards per colour [COMP-9]."""

ItemKeyword = Literal["weapon", "armor", "shield", "companion", "relic"]
"""The five item keywords [COMP-12]."""

Level = Annotated[int, Field(ge=1, le=4)]
"""Encounter difficulty 1-4 [COMP-6]."""

SLUG_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
ENTRY_PATTERN = r"^[0-9]+(\.[a-z0-9_-]+)*$"
CARD_NUMBER_PATTERN = r"^[0-9]+[AVMG]$"
VERSION_PATTERN = r"^\d+\.\d+(\.\d+)?$"
PATTERN_HELP = {
    SLUG_PATTERN: N_("expected an id of lower-case letters, digits, '-' and '_' "
                     "(e.g. grey-vagrant); got {value}"),
    ENTRY_PATTERN: N_("expected a journal entry id: a number, then dotted parts of lower-case "
                      "letters, digits, '-' or '_' (e.g. \"104\", \"104.3\", \"104.d\"); "
                      "got {value}"),
    CARD_NUMBER_PATTERN: N_("expected digits then a colour letter: A blue, V green, M brown, "
                            "G grey (e.g. '7V'); got {value}"),
    VERSION_PATTERN: N_("expected a version such as \"1.0\" or \"1.2.3\", in quotes; "
                        "got {value}"),
}
"""What each pattern means, for error messages: marked for the catalog, translated where
the message is made, ``{value}`` what was written."""

Slug = Annotated[
    str,
    StringConstraints(pattern=SLUG_PATTERN, min_length=1, max_length=80),
]
"""A lower-case identifier: letters, digits, '-' and '_' (e.g. ``grey-vagrant``)."""

@dataclass(frozen=True)
class Translated:
    """Marks text a player reads: a pack's translation gives it in another language, found
    by this marker (``translations.py``), so that a new prose field is translated as soon as
    it is declared."""


Text = Annotated[str, StringConstraints(min_length=1), Translated()]
"""Non-empty text shown to players, in the pack's language or a translation's."""

CardNumber = Annotated[str, StringConstraints(pattern=CARD_NUMBER_PATTERN)]
"""A printed card number with its colour letter [COMP-9]."""

Positive = Annotated[int, Field(ge=1)]
NonNegative = Annotated[int, Field(ge=0)]


def _entry_id(value: Any) -> Any:
    """Accept ``104`` for ``"104"``; refuse ``104.3`` (YAML reads it as a number)."""
    if isinstance(value, bool):
        return value  # let strict validation report it
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        raise ValueError(
            _("journal entry ids are text: write {value} in quotes, because YAML reads an "
              "unquoted 104.3 as a number (and 104.10 as 104.1)").format(value=repr(str(value)))
        )
    return value


EntryId = Annotated[
    str,
    BeforeValidator(_entry_id),
    StringConstraints(pattern=ENTRY_PATTERN, max_length=40),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 0},
                              {"type": "string", "pattern": ENTRY_PATTERN, "maxLength": 40}]}),
]
"""A journal entry address: a section number, then dotted parts (``104``, ``104.3``, ``104.d``)."""

# --- References ------------------------------------------------------------------------

LocationRef = Annotated[int, Field(ge=1), Ref("location")]
EntryRef = Annotated[EntryId, Ref("entry")]
StatusRef = Annotated[Slug, Ref("status")]
SecretRef = Annotated[int, Field(ge=1), Ref("secret")]
ItemRef = Annotated[int, Field(ge=1), Ref("item")]
EncounterRef = Annotated[Slug, Ref("encounter")]
EventRef = Annotated[Slug, Ref("event")]
QuestRef = Annotated[Slug, Ref("quest")]
HeroRef = Annotated[Slug, Ref("hero")]
CardRef = Annotated[Slug, Ref("card")]
DialRef = Annotated[Slug, Ref("dial")]
TaskRef = Annotated[Slug, Ref("task")]
DialName = Annotated[Slug, Def("dial")]
TaskName = Annotated[Slug, Def("task")]


def models_in(value: Any, loc: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], BaseModel]]:
    """Every model inside ``value`` (itself included), depth first, with its path written
    as in the YAML (field aliases such as ``if`` and ``else``)."""
    if isinstance(value, BaseModel):
        yield loc, value
        for name, field in type(value).model_fields.items():
            child = getattr(value, name)
            if isinstance(child, BaseModel | list | dict):
                yield from models_in(child, (*loc, field.alias or name))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from models_in(item, (*loc, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from models_in(item, (*loc, key))
