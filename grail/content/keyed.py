"""Unions written as one-key mappings: ``{gain: {food: 1}}``, ``{status: ashes-sifted}``.

Each member model names its key in ``KEY``; the key present in the mapping picks the model
(a pydantic callable discriminator), so a misspelt effect is one precise error
("unknown effect") instead of one error per possible effect.
"""

from typing import Annotated, Any, ClassVar, Union

from pydantic import Discriminator, Tag

from .base import Model


class Keyed(Model):
    """A member of a keyed union; ``KEY`` is the mapping key that selects it."""

    KEY: ClassVar[str]


def keyed_union(what: str, members: list[type[Keyed]]) -> Any:
    """Build the annotated union of ``members``, told apart by their ``KEY``."""
    keys = {member.KEY: member for member in members}
    if len(keys) != len(members):
        raise TypeError(f"two {what} members share a key")

    def tag(value: Any) -> str | None:
        if isinstance(value, dict):
            found = [key for key in value if key in keys]
            return found[0] if len(found) == 1 else None
        if isinstance(value, Keyed):
            return value.KEY
        return None

    tagged = tuple(Annotated[member, Tag(member.KEY)] for member in members)
    return Annotated[
        Union[tagged],  # noqa: UP007 - a runtime tuple of members
        Discriminator(
            tag,
            custom_error_type=f"unknown_{what.split()[-1]}",
            custom_error_message=f"expected {what}: a mapping with exactly one of the keys "
            + ", ".join(sorted(keys)),
        ),
    ]
