"""The Sequence and its keys, for Combat and Diplomacy alike (the rulebook's card anatomy and keys).

When a card is placed, its left edge meets the previous card's right edge (the Encounter
card's, for the first card [ANAT-11]). Keys *meet* when both halves are at the same
position and of the same type [KEY-1], [ANAT-13]; a meeting key *connects* when its price
is met: the active character's Attribute level [KEY-2], 1 Magic paid [KEY-3], or nothing
for the free bottom key [KEY-4]. Bonuses resolve Attribute Keys first, then Magic Keys,
then the free key [COMBAT-9]; each key's icons are read in order, ``x2`` doubling the next
icon and ``cancel`` voiding it [KEY-5], ``continue`` never doubled [KEY-6].

These are pure functions over content and small values: the engine places cards with
them, and the auto-players and hints look ahead with them without touching a game.

>>> read(["x2", "marker"]), read(["cancel", "draw", "marker"]), read(["x2", "continue"])
([('marker', 2)], [('marker', 1)], [('continue', 1)])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from grail.content.cards import AttributeKey, BonusKey, MagicBonus, MagicHalf, PlayerCard
from grail.content.encounters import AttributeBonus

MARKERS = {"marker": 1, "marker2": 2, "marker3": 3}
"""Markers each Combat bonus icon adds to the pool [KEY-5]."""


@dataclass(frozen=True)
class Meeting:
    """A key whose two halves meet: an Attribute Key and a Bonus Key, two Magic halves, or
    the free bottom key."""

    kind: Literal["attribute", "magic", "free"]
    at: int
    """Its position on the edge (0 for the free key)."""
    attribute: str | None
    """The Attribute of an Attribute Key."""
    level: int
    """The level its Attribute Key asks for [ANAT-2]."""
    bonus: tuple[str, ...]
    """The icons of the new card's half [ANAT-3], [ANAT-5]."""


def meetings(right: Sequence[AttributeKey | MagicHalf], card: PlayerCard) -> list[Meeting]:
    """The keys that meet when ``card`` is placed after a card whose right edge is
    ``right``, in the order their bonuses resolve [COMBAT-9]; the free key always meets
    [ANAT-5]."""
    facing = {key.at: key for key in right}
    keys: list[Meeting] = []
    magic: list[Meeting] = []
    for key in sorted(card.left, key=lambda k: k.at):
        other = facing.get(key.at)
        if isinstance(key, BonusKey) and isinstance(other, AttributeKey) \
                and other.attribute == key.attribute:
            keys.append(Meeting("attribute", key.at, key.attribute, other.level, tuple(key.bonus)))
        elif isinstance(key, MagicBonus) and isinstance(other, MagicHalf):
            magic.append(Meeting("magic", key.at, None, 0, tuple(key.bonus)))
    return [*keys, *magic, Meeting("free", 0, None, 0, tuple(card.free))]


def connects(meeting: Meeting, level: Callable[[str], int], paid: Sequence[int]) -> bool:
    """Whether a meeting key connects: the Attribute level reached [KEY-2], the Magic paid
    [KEY-3], or always, for the free key [KEY-4]."""
    if meeting.kind == "attribute":
        assert meeting.attribute is not None
        return level(meeting.attribute) >= meeting.level
    if meeting.kind == "magic":
        return meeting.at in paid
    return True


def read(icons: Sequence[str]) -> list[tuple[str, int]]:
    """A key's icons as (icon, times), in order: ``x2`` doubles the next icon, ``cancel``
    voids it (an ``x2`` or ``cancel`` voided does nothing), and ``continue`` is never
    doubled [KEY-5], [KEY-6]."""
    found: list[tuple[str, int]] = []
    times, voided = 1, False
    for icon in icons:
        if voided:
            times, voided = 1, False
        elif icon == "cancel":
            times, voided = 1, True
        elif icon == "x2":
            times *= 2
        else:
            found.append((icon, 1 if icon == "continue" else times))
            times = 1
    return found


def expand(icons: list[tuple[str, int]], attribute: str | None,
           stage: AttributeBonus | None) -> list[tuple[str, int]]:
    """The attribute-dependent icon replaced by what the current Stage says for the key's
    Attribute, as many times as it counts [DIPLO-11]."""
    found: list[tuple[str, int]] = []
    for icon, times in icons:
        if icon != "attribute":
            found.append((icon, times))
            continue
        said = getattr(stage, attribute) if stage is not None and attribute else None
        for _ in range(times):
            found += read(said or [])
    return found


@dataclass(frozen=True)
class Placing:
    """What the keys of a card give when it is placed: its icons in the order they resolve,
    and whether a continue key connected."""

    icons: tuple[tuple[str, int], ...]
    continues: bool


def placing(meets: Sequence[Meeting], level: Callable[[str], int], paid: Sequence[int],
            stage: AttributeBonus | None = None) -> Placing:
    """The bonuses of the connected keys among ``meets``, with ``paid`` the positions of the
    Magic Keys paid and ``stage`` the Diplomacy Stage being played [COMBAT-9], [DIPLO-11]."""
    icons: list[tuple[str, int]] = []
    for meeting in meets:
        if connects(meeting, level, paid):
            icons += expand(read(meeting.bonus), meeting.attribute, stage)
    gained = tuple((icon, times) for icon, times in icons if icon != "continue")
    return Placing(icons=gained, continues=len(gained) < len(icons))


def markers(icons: Sequence[tuple[str, int]]) -> int:
    """Markers the Combat icons add [KEY-5]."""
    return sum(MARKERS.get(icon, 0) * times for icon, times in icons)


def covered(sequence: Sequence[object], index: int, passive: bool) -> bool:
    """A card's Abilities are covered by the card placed after it, unless it is passive
    [ANAT-6], [ANAT-9], [ANAT-16]."""
    return index < len(sequence) - 1 and not passive


def magic_options(meets: Sequence[Meeting], payers: Mapping[str, int]) -> list[tuple[tuple[int, str], ...]]:
    """Every way to pay the Magic Keys that meet: each is paid by a member who has the Magic
    left, or not at all [KEY-3]; ``payers`` is each member's Magic."""
    options: list[tuple[tuple[int, str], ...]] = [()]
    for meeting in meets:
        if meeting.kind != "magic":
            continue
        grown = []
        for option in options:
            grown.append(option)
            for payer, magic in payers.items():
                if sum(1 for _, who in option if who == payer) < magic:
                    grown.append((*option, (meeting.at, payer)))
        options = grown
    return options
