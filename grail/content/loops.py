"""Loops of automatic steps: journal entries that ``goto`` each other round a circle with no
decision on the way, which no player could ever leave [JOURNAL-1].

An entry steps on to another by itself when a ``goto`` at the top of its effect list is
reached with nothing before it that waits for a player or may turn the reading aside: no
choice, no Encounter (a fight is a run of decisions), no special movement or Skill that
asks, no ``end_exploration``, and no ``if`` that holds any of those or a ``goto`` in a
branch. Conditions on a choice's option and costs come with choices, so they break a loop
too. A circle of such steps is a loop; ``validate`` refuses it at the ``goto`` that closes
it. What this cannot prove (a loop through conditions that never change) the engine stops
after a fixed number of steps, naming the entries (``engine/journal.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import effects as fx
from .crossref import Entities
from .inside import nested
from .journal import Entry
from .origin import Origin
from .problems import Problem

WAITS = (fx.Choose, fx.DrawEncounter, fx.StartEncounter, fx.EndExploration, fx.GainSkill,
         fx.Move, fx.Goto, fx.EndChapter, fx.EndCampaign, fx.Die, fx.FlipDial)
"""Effects that wait for a player, or may end or turn the reading (a dial's flip is chance):
met before a ``goto``, or inside an ``if`` before it, the step is not automatic."""


def loop_problems(entities: Entities) -> list[Problem]:
    """A problem at the closing ``goto`` of each loop of automatic steps."""
    steps: dict[str, tuple[str, Origin, tuple[Any, ...]]] = {}
    for section, origin in entities.of("journal"):
        for key, entry in section.entries.items():
            found = _automatic_goto(entry)
            if found is not None:
                index, target = found
                steps[key] = (target, origin, ("entries", key, "effects", index, "goto"))
    problems = []
    for circle in _circles({key: target for key, (target, _, _) in steps.items()}):
        closing = circle[-1]
        _, origin, loc = steps[closing]
        way = " -> ".join([*circle, circle[0]])
        problems.append(origin.problem(loc, f"a loop with no way out: {way}: each goes on "
                                       "to the next with no choice, condition, cost or fight "
                                       "between, so a reading would never end [JOURNAL-1]"))
    return problems


def _automatic_goto(entry: Entry) -> tuple[int, str] | None:
    """The top-level ``goto`` a reading of the entry reaches by itself, and its index."""
    for index, effect in enumerate(entry.effects):
        if isinstance(effect, fx.Goto):
            return index, effect.goto
        if isinstance(effect, WAITS) or (isinstance(effect, fx.If) and _may_turn(effect)):
            return None
    return None


def _may_turn(effect: fx.If) -> bool:
    return any(isinstance(inner, WAITS) for _, inner in nested([*effect.then, *effect.else_], ()))


def _circles(step: dict[str, str]) -> Iterator[list[str]]:
    """Each circle of ``step`` once, from its smallest entry, in a stable order."""
    seen: set[str] = set()
    for start in sorted(step):
        path: list[str] = []
        here: str | None = start
        while here is not None and here not in seen and here not in path:
            path.append(here)
            here = step.get(here)
        if here is not None and here in path:
            circle = path[path.index(here):]
            first = circle.index(min(circle))
            yield circle[first:] + circle[:first]
        seen.update(path)
