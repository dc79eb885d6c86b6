"""Chance points: every draw, die roll and dial flip asks here (docs/architecture.md, chance points).

A chance point names what is being decided and the outcomes that may come up, with
repeats for weight (a die with two "stay" faces lists "stay" twice). Who answers:

- the answers given for this action, read from the log on a replay or an undo, or entered
  by the table in a companion game: a replay never depends on the generator;
- otherwise the seeded generator in the state, in a normal game;
- otherwise, in a companion game, nobody yet: :class:`Unanswered` stops the action and
  the game asks the table (``Game`` rolls the state back and lists the outcomes), unless
  only one outcome can come up.

Each outcome is remembered so that the log can record it after the action.

>>> from grail.engine.rng import Rng
>>> from grail.engine.state import GameState
>>> state = GameState(pack="p", mode="normal", rng=Rng.seeded(1), heroes=[], placed=[],
...                   menhirs=[])
>>> begin(state, [ChanceOutcome(point="guardian die", outcome="north")])
>>> pick(state, "guardian die", ["north", "stay", "stay"])
'north'
>>> [record.outcome for record in end(state)]
['north']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal

from grail.content import Campaign

from .actions import Actions, AnyAction, ChanceOutcome
from .pending import Pending
from .reading import read
from .refusals import Refusal
from .state import ChancePoint, GameState, PendingChance

POINTS: dict[str, str] = {
    "hero_draws": "{hero} draws a card",
    "hero_turns_top": "{hero} turns the top card",
    "hero_discards_top": "{hero} discards the top card",
    "encounter_draw": "draw {deck} Encounter",
    "advanced_pool": "draw from the Advanced {deck} pool",
    "random_event": "reveal Random Event",
    "event_place": "place of Event {event} in the Event deck",
    "item_deck": "Item deck",
    "guardian_die": "guardian die",
    "dial_flip": "dial flip",
    "escape_dial": "escape dial",
}
"""Every kind of chance point, and the form of its name in the log: a stable identifier,
which saves keep (its words are grail/words')."""

_POINT_FORMS = [(kind, re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^ ]+)", re.escape(form))
                                   + "$")) for kind, form in POINTS.items()]


def point(kind: str, **fields: str) -> str:
    """A chance point's name in the log: ``point("hero_draws", hero="wren")``."""
    return POINTS[kind].format(**fields)


def point_of(name: str) -> tuple[str, dict[str, str]]:
    """A chance point's kind and fields, read back from its name in the log.

    >>> point_of("wren draws a card")
    ('hero_draws', {'hero': 'wren'})
    """
    for kind, form in _POINT_FORMS:
        found = form.match(name)
        if found is not None:
            return kind, found.groupdict()
    raise ValueError(f"no chance point is named {name!r}")


class Unanswered(Exception):
    """A companion game met a chance point the table has not answered yet."""

    def __init__(self, point: ChancePoint) -> None:
        super().__init__(f"waiting for the table: {point.point}")
        self.point = point


MismatchCode = Literal["begins_with_outcome", "snapshot_between", "after_snapshot",
                       "unmet_outcomes", "other_point"]
"""How a log's chance outcomes fail to follow its actions."""


class ChanceMismatch(ValueError):
    """A logged outcome does not fit the chance point met at its place (a damaged log):
    ``code`` says how, ``fields`` hold what a sentence needs (grail/words says it)."""

    def __init__(self, code: MismatchCode, **fields: Any) -> None:
        super().__init__(code, fields)
        self.code, self.fields = code, fields


def begin(state: GameState, answers: Sequence[ChanceOutcome]) -> None:
    """Start an action: these outcomes answer its chance points first, in order."""
    state._answers[:] = answers
    state._drawn.clear()


def end(state: GameState) -> list[ChanceOutcome]:
    """Finish an action: the outcomes it met, in order (for the log)."""
    drawn = list(state._drawn)
    state._answers.clear()
    state._drawn.clear()
    return drawn


def stopped(waiting: PendingChance) -> tuple[Actions | None, list[ChanceOutcome]]:
    """The action a chance point stopped (None: the setup) and the outcomes the table gave
    it so far, read back from the JSON forms the state keeps them in."""
    action = None if waiting.action is None else read(AnyAction, waiting.action)
    return action, [read(ChanceOutcome, given) for given in waiting.answers]


def distinct(options: Sequence[str]) -> list[str]:
    """The outcomes once each, in their first order."""
    return list(dict.fromkeys(options))


def pick(state: GameState, point: str, options: Sequence[str]) -> str:
    """The outcome of one chance point among ``options`` (repeats weigh more)."""
    if not options:
        raise ValueError(f"chance point '{point}' has no outcome")
    if state._answers:
        given = state._answers.pop(0)
        if given.point != point or given.outcome not in options:
            raise ChanceMismatch("other_point", given=given.point, outcome=given.outcome,
                                 point=point, options=distinct(options))
        if not state.companion:
            state.rng.choice(options)  # keep the generator in step with the first playing
        outcome: str = given.outcome
    elif state.companion and len(distinct(options)) > 1:
        raise Unanswered(ChancePoint(point=point, options=distinct(options)))
    elif state.companion:  # only one outcome can come up: nobody need say it
        outcome = options[0]
    else:
        outcome = state.rng.choice(options)
    state._drawn.append(ChanceOutcome(point=point, outcome=outcome))
    return outcome


def draw_from(state: GameState, point: str, pool: list[str]) -> str:
    """Take one card, unseen until now, out of ``pool`` (a sorted list of the cards that
    may come up) and return it."""
    card = pick(state, point, pool)
    pool.remove(card)
    return card


# --- the decision: the table says how a chance point came out ----------------------------

def legal(campaign: Campaign, state: GameState) -> list[ChanceOutcome]:
    """The outcomes the table may give for the point it is asked [DESIGN: chance]."""
    assert state.chance is not None
    return [ChanceOutcome(point=state.chance.point.point, outcome=outcome)
            for outcome in state.chance.point.options]


def pending(campaign: Campaign, state: GameState) -> Pending:
    assert state.chance is not None
    return Pending(kind="chance", heroes=[])


def why(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    assert state.chance is not None
    return Refusal("CHANCE", "table_answers_first", {"point": state.chance.point.point})
