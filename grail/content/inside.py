"""What an Encounter's effects may do: everything but the journal's flow.

Effects on Encounter cards (the card's text, the Combat table, the Opportunity attack, a
Stage's Response, Reward, Loot, Failure) and on Combat and Diplomacy cards' Abilities
resolve inside the fight, on top of the reading that began it. Jumping elsewhere in the
journal, beginning another Encounter, moving, dying or ending a chapter there would pull
the fight's ground from under it; those belong in the ``won`` and ``lost`` effects of the
``draw_encounter`` or ``start_encounter`` that begins the fight.

>>> from pydantic import TypeAdapter
>>> from .effects import Effect
>>> effects = TypeAdapter(list[Effect]).validate_python(
...     [{"gain": {"exp": 1}}, {"if": {"mode": "story"}, "then": [{"goto": "104"}]}])
>>> check_inside(effects, ("reward",))
Traceback (most recent call last):
...
grail.content.base.Placed: 'goto' cannot be used in an Encounter's effects: ...
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grail.lang import _

from .base import Placed
from .effects import (
    Choose,
    Die,
    DrawEncounter,
    EndCampaign,
    EndChapter,
    EndExploration,
    FlipDial,
    Goto,
    If,
    Move,
    PlaceDial,
    ReplaceLocation,
    StartEncounter,
)

FLOW = (Goto, EndExploration, DrawEncounter, StartEncounter, Move, Die, EndChapter, EndCampaign,
        ReplaceLocation)
"""Effects that only the journal's reading may use, never an Encounter's."""


def nested(effects: list[Any], path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every effect of a list with its path, including those inside ``if``, ``choose``,
    ``flip_dial`` and a dial's ``expired`` effects."""
    for index, effect in enumerate(effects):
        here = (*path, index)
        yield here, effect
        if isinstance(effect, If):
            yield from nested(effect.then, (*here, "then"))
            yield from nested(effect.else_, (*here, "else"))
        elif isinstance(effect, Choose):
            for number, option in enumerate(effect.choose):
                yield from nested(option.effects, (*here, "choose", number, "effects"))
        elif isinstance(effect, FlipDial):
            yield from nested(effect.flip_dial.skull, (*here, "flip_dial", "skull"))
            yield from nested(effect.flip_dial.grail, (*here, "flip_dial", "grail"))
        elif isinstance(effect, PlaceDial):
            yield from nested(effect.place_dial.expired, (*here, "place_dial", "expired"))


def check_inside(effects: list[Any], path: tuple[Any, ...]) -> None:
    """Raise :class:`Placed` at the first journal-flow effect in an Encounter's effects."""
    for where, effect in nested(effects, path):
        if isinstance(effect, FLOW):
            raise Placed(where, _("'{key}' cannot be used in an Encounter's effects: they "
                                  "resolve inside the fight; put it in the 'won' or 'lost' "
                                  "effects of the draw_encounter or start_encounter that begins "
                                  "it").format(key=effect.KEY))
