"""Loops of automatic steps: journal entries that ``goto`` each other round a circle with no
decision on the way, which no player could ever leave [JOURNAL-1].

An entry steps on to another by itself when a ``goto`` is reached with nothing before it
that waits for a player or may turn the reading aside: no choice, no Encounter (a fight is
a run of decisions), no special movement or Skill that asks, no ``end_exploration``; an
``if`` turns it aside unless both of its ways lead on to the same entry by themselves (a
``goto`` in each branch, or after the ``if``). Conditions on a choice's option and costs
come with choices, so they break a loop too. A circle of such steps is a loop;
``validate`` refuses it at the ``goto`` that closes it. What this cannot prove (a loop
through conditions that never change) the engine stops after a fixed number of steps,
naming the entries (``engine/journal.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grail.lang import _

from . import effects as fx
from .crossref import Entities
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
                where, target = found
                steps[key] = (target, origin, ("entries", key, *where, "goto"))
    problems = []
    for circle in _circles({key: target for key, (target, *_where) in steps.items()}):
        closing = circle[-1]
        origin, loc = steps[closing][1:]
        way = " -> ".join([*circle, circle[0]])
        problems.append(origin.problem(loc, _(
            "a loop with no way out: {way}: each goes on to the next with no choice, cost or "
            "fight between and no condition that leads elsewhere, so a reading would never end "
            "[JOURNAL-1]").format(way=way)))
    return problems


Located = list[tuple[tuple[Any, ...], Any]]
"""Effects, each with its place in the entry."""
Reached = tuple[tuple[Any, ...], str] | None
"""The place of a ``goto`` and its target, or None."""


def _automatic_goto(entry: Entry) -> Reached:
    """Where the ``goto`` is that a reading of the entry reaches by itself, and its target."""
    return _reached([(("effects", index), effect) for index, effect in enumerate(entry.effects)])[1]


def _reached(effects: Located) -> tuple[bool, Reached]:
    """Whether these effects stop the reading's run (a ``goto``, or what waits), and the
    ``goto`` they reach by themselves: the first one with nothing before it that waits, or
    the one both ways of an ``if`` reach alike. Each ``if`` looks at what follows it once."""
    for index, (where, effect) in enumerate(effects):
        if isinstance(effect, fx.Goto):
            return True, (where, effect.goto)
        if isinstance(effect, fx.If):
            ways = [_reached([((*where, branch, at), inner) for at, inner in enumerate(inners)])
                    for branch, inners in (("then", effect.then), ("else", effect.else_))]
            if not any(stops for stops, _found in ways):
                continue  # neither way stops: the reading goes on past the ``if``
            after = _reached(effects[index + 1:])[1]
            first, second = (found if stops else after for stops, found in ways)
            same = first is not None and second is not None and first[1] == second[1]
            return True, first if same else None
        if isinstance(effect, WAITS):
            return True, None
    return False, None


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
