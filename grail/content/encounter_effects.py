"""Effects that act inside an Encounter: the Combat pool, the Affinity track, hands, cards.

They appear on Combat tables, Diplomacy Responses and card Abilities; the effect language
(:mod:`grail.content.effects`) includes them with the rest.
"""

from typing import Literal

from pydantic import Field

from .amounts import Amount, NonNegativeAmount
from .keyed import Keyed


class Prevent(Keyed):
    """Prevent this much damage of the current enemy attack [EX-COMBAT-5]."""

    KEY = "prevent"
    prevent: NonNegativeAmount = Field(description="Damage prevented.")


class AddMarkers(Keyed):
    """Combat: add markers to the Combat pool [KEY-5]."""

    KEY = "add_markers"
    add_markers: NonNegativeAmount = Field(description="Markers added.")


class RemoveMarkers(Keyed):
    """Combat: remove markers; each one missing costs a card from hand [COMBAT-25]."""

    KEY = "remove_markers"
    remove_markers: NonNegativeAmount = Field(description="Markers removed.")


class MoveAffinity(Keyed):
    """Diplomacy: move the Affinity marker up (positive) or down (negative) [DIPLO-10]."""

    KEY = "affinity"
    affinity: Amount = Field(description="Spaces moved; negative moves down.")


class Draw(Keyed):
    """Draw cards from the active character's encounter deck [KEY-5]."""

    KEY = "draw"
    draw: NonNegativeAmount = Field(description="Cards drawn.")


class Discard(Keyed):
    """Discard cards from hand, the top of the deck when the hand is empty [COMBAT-21]."""

    KEY = "discard"
    discard: NonNegativeAmount = Field(description="Cards discarded.")


class DiscardFromDeck(Keyed):
    """Discard cards from the top of the active character's deck [TRAIT-7]."""

    KEY = "discard_from_deck"
    discard_from_deck: NonNegativeAmount = Field(description="Cards discarded.")


class DiscardLast(Keyed):
    """Discard the last card of the Sequence, uncovering the one before [ANAT-16]."""

    KEY = "discard_last"
    discard_last: Literal[True] = Field(description="Always true.")


class Flee(Keyed):
    """The enemy flees: the Encounter ends at once, not a win [COMBAT-19]."""

    KEY = "flee"
    flee: Literal[True] = Field(description="Always true.")


class AddCharges(Keyed):
    """Put Charges on this card [ANAT-10]."""

    KEY = "add_charges"
    add_charges: NonNegativeAmount = Field(description="Charges added.")


class NextCardConnects(Keyed):
    """Play the next card as if it had connected this bonus icon (e.g. continue)."""

    KEY = "next_card_connects"
    next_card_connects: Literal["continue"] = Field(description="The bonus treated as connected.")
