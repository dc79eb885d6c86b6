"""The game: legal actions, applying one, and the Day order that runs between decisions.

>>> from grail.content import load_pack, bundled_pack
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> game.state.stage, game.state.day
('day', 1)
>>> [action.type for action in game.legal_actions()[-4:]]  # others may still join
['pass', 'join_game', 'join_game', 'join_game']
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any, Literal

from grail.content import Campaign

from . import (
    chance,
    day,
    encounter_decks,
    items,
    journal,
)
from .actions import Actions, ChanceOutcome
from .decisions import do, goes_on, refusal, waiting
from .events import ChanceAsked, ChanceDrawn, Event
from .pending import Pending
from .refusals import Refusal
from .setup import new_state
from .state import ChallengeRule, GameState, HeroState, Mode, PendingChance

AnyAction = Actions

RULES_EDITION = 2
"""The edition of the rules this engine plays, which every save's write records (grail/save):
raise it with any change that makes a logged action play otherwise (refused, or with
another outcome), so that a save played under earlier rules whose last actions these rules
refuse goes on from before them instead of being refused (docs/saves.md).
tests/test_rules_edition.py fails until it is raised."""


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is untouched. Names the rule."""

    def __init__(self, action: AnyAction, refusal: Refusal) -> None:
        super().__init__(f"{action.to_json()}: not allowed [{refusal.rule}]: {refusal.code} "
                         f"{refusal.fields}")
        self.action, self.refusal, self.rule = action, refusal, refusal.rule


REVEALING = frozenset({"entry_read", "location_revealed", "day_began"})
"""Events that show hidden information; with any chance point, they end what undo may reach."""


UndoRefusal = Literal["none_asked", "nothing_yet", "went_on", "revealed", "too_many"]
"""Why undo cannot take back what it was asked: fewer than 1 action asked, no action taken
yet, none since the game went on from its saved state (its content or rules changed), the
last action revealed something, or more asked than can be taken back."""


class UndoError(ValueError):
    """Undo asked to go further than the last reveal: why, with the last action (for
    ``revealed``) and how many can be taken back (for ``too_many``)."""

    def __init__(self, reason: UndoRefusal, last: AnyAction | None = None, can: int = 0,
                 asked: int = 0) -> None:
        super().__init__(reason)
        self.reason, self.last, self.can, self.asked = reason, last, can, asked


class Game:
    """A campaign (immutable content) and a state (plain data) that actions change."""

    def __init__(self, campaign: Campaign, state: GameState,
                 setup: dict[str, Any] | None = None, log: list[AnyAction] | None = None) -> None:
        self.campaign = campaign
        self.state = state
        self.setup = setup or {}
        self.log: list[AnyAction] = log or []
        self._legal: list[AnyAction] | None = None

    @classmethod
    def new(cls, campaign: Campaign, heroes: list[str], seed: int, mode: Mode = "normal",
            challenge_rules: list[ChallengeRule] | None = None, companion: bool = False,
            answers: Sequence[ChanceOutcome] = ()) -> Game:
        """Set up a game and run the first Start of Day [SETUP-W10]; a Challenge game may
        adopt only some Challenge rules [MODE-CHALLENGE-1]. In a companion game the table
        answers chance points; ``answers`` are those already given."""
        state = new_state(campaign, heroes, seed, mode, challenge_rules)
        state.companion = companion
        game = cls(campaign, state, setup={"heroes": list(heroes), "seed": seed, "mode": mode,
                                           "companion": companion})
        if challenge_rules is not None:
            game.setup["challenge_rules"] = game.state.challenge_rules
        game._run(None, list(answers))
        return game

    @classmethod
    def replay(cls, campaign: Campaign, setup: dict[str, Any], log: list[AnyAction],
               heard: Callable[[Game, list[Event]], None] | None = None) -> Game:
        """The game its setup and log make; ``heard`` is told each action's events, the
        game as the action left it. Logged chance outcomes answer the chance points
        again, so a replay never depends on the generator. A setup with a ``start``
        state (a save whose campaign's content changed, or one from an older format whose
        draws the chance points cannot replay: grail/save/) replays from there, not from the
        seed."""
        groups = _by_action(log)
        if "start" in setup:
            game = cls(campaign, GameState.model_validate(setup["start"]), setup=dict(setup))
            game.state.undo_floor = 0  # the log starts here
            if groups[0][1]:
                raise chance.ChanceMismatch("begins_with_outcome")
        else:
            game = cls.new(campaign, list(setup["heroes"]), int(setup["seed"]), setup["mode"],
                           setup.get("challenge_rules"), bool(setup.get("companion")),
                           groups[0][1])
            game.setup = dict(setup)
        for action, answers in groups[1:]:
            assert action is not None
            game._check_legal(action)
            events = game._run(action, answers)
            if heard is not None:
                heard(game, events)
        return game

    @classmethod
    def resume(cls, campaign: Campaign, setup: dict[str, Any], log: list[AnyAction],
               start: int, state: GameState,
               heard: Callable[[Game, list[Event]], None] | None = None) -> Game:
        """The game ``state`` is after the first ``start`` entries of ``log``, played on
        through the rest: a replay from a snapshot (grail/save) instead of from the setup;
        ``heard`` is told each action's events, as by :meth:`replay`. The entries before
        ``start`` are not told again: undo never reaches behind the snapshots it is
        given."""
        game = cls(campaign, state.model_copy(deep=True), setup=dict(setup), log=list(log[:start]))
        groups = _by_action(log[start:])
        answered = start + len(groups[0][1])
        while len(game.log) < answered:  # the table's answers to a chance point it awaits
            if game.state.chance is None or game.log != log[:len(game.log)]:
                raise chance.ChanceMismatch("snapshot_between")
            events = game.apply(log[len(game.log)])  # and those that then came by themselves
            if heard is not None:
                heard(game, events)
        if game.log != log[:answered]:
            raise chance.ChanceMismatch("after_snapshot")
        for action, answers in groups[1:]:
            assert action is not None
            game._check_legal(action)
            events = game._run(action, answers)
            if heard is not None:
                heard(game, events)
        return game

    def fight(self, encounter: str, heroes: list[str]) -> list[Event]:
        """Begin a named Encounter for ``heroes`` outside any journal entry, and run it to its
        first decision (simulations, odds, tests). Its draws are logged as chance outcomes,
        but the fight itself is no action of the log: such a game does not replay."""
        encounter_decks.fight(self.campaign, self.state, encounter, heroes)
        return self.settle()

    def settle(self) -> list[Event]:
        """Run a state set up by hand (a tryout, a fight begun directly) to its next
        decision, as the setup does: a companion game waits for the table as usual."""
        return self._run(None, [])

    def state_hash(self) -> str:
        return hashlib.sha256(self.state.model_dump_json().encode()).hexdigest()

    # --- what may be done -------------------------------------------------------------

    def actors(self) -> list[HeroState]:
        """Characters who may act now, lowest character number first [DAY-2], [DAY-3]."""
        return day.actors(self.state)

    def legal_actions(self) -> list[AnyAction]:
        """Every action allowed now, in a stable order (computed once per state reached
        through ``apply``; change the state by hand and call ``refresh()``)."""
        if self._legal is None:
            self._legal = self._find_legal()
        return list(self._legal)

    def refresh(self) -> None:
        """Forget what was worked out for the state, after changing it by hand."""
        self._legal = None

    def is_terminal(self) -> bool:
        """The campaign ended, won or lost."""
        return self.state.stage == "over"

    def _find_legal(self) -> list[AnyAction]:
        return waiting(self.state).legal(self.campaign, self.state)

    def pending(self) -> Pending:
        """Who must decide what now (OpenSpiel's ``current_player``, in words too)."""
        return waiting(self.state).pending(self.campaign, self.state)

    def refusal(self, action: AnyAction) -> Refusal:
        """Why ``action`` is not legal now: the rule it breaks, and what is wrong."""
        return refusal(self.campaign, self.state, action)

    # --- doing it ---------------------------------------------------------------------

    def apply(self, action: AnyAction) -> list[Event]:
        """Do one action and everything that follows until the next decision."""
        self._check_legal(action)
        if isinstance(action, ChanceOutcome):
            pending = self.state.chance
            assert pending is not None
            base, answers = chance.stopped(pending)
            self.state.chance = None
            return self._run(base, [*answers, action], logged=True)
        return self._run(action, [])

    def _check_legal(self, action: AnyAction) -> None:
        legal = self.legal_actions()
        if not any(action is allowed for allowed in legal) and action not in legal:
            raise IllegalAction(action, self.refusal(action))

    def _run(self, action: AnyAction | None, answers: list[ChanceOutcome],
             logged: bool = False) -> list[Event]:
        """Do ``action`` (None: the setup) with these chance outcomes given; log it with
        every outcome it met. A companion game's unanswered chance point rolls the state
        back and waits for the table."""
        before = self.state.model_copy(deep=True) if self.state.companion else None
        chance.begin(self.state, answers)
        try:
            events = [] if action is None else self._do(action)
            events += self._advance()
        except chance.Unanswered as ask:
            met = chance.end(self.state)  # the answers given, and outcomes nobody need say
            assert before is not None
            self.state = before
            self.state.chance = PendingChance(
                action=None if action is None else action.model_dump(mode="json"),
                answers=[given.model_dump(mode="json") for given in met], point=ask.point)
            self._legal = None
            self._log(action, met, len(answers) - 1 if logged else None)
            if met:
                self.state.undo_floor = len(self.log)
            return [ChanceAsked(point=ask.point.point, options=ask.point.options)]
        except journal.ContentLoop:
            if action is not None:  # not taken: the game as it was before it
                self.state, self._legal = Game.replay(self.campaign, self.setup, self.log).state, None
            raise
        drawn = chance.end(self.state)
        if len(drawn) < len(answers):
            raise chance.ChanceMismatch("unmet_outcomes", given=len(answers), action=action,
                                        unmet=len(answers) - len(drawn))
        self._legal = None
        self._log(action, drawn, len(answers) - 1 if logged else None)
        if drawn or any(e.type in REVEALING for e in events):
            self.state.undo_floor = len(self.log)
        # what chance drew is told after what the action did that met it, in the table's order
        return events + [ChanceDrawn(point=d.point, outcome=d.outcome) for d in drawn]

    def _log(self, action: AnyAction | None, outcomes: list[ChanceOutcome],
             logged: int | None) -> None:
        """Log the action and the chance outcomes it met. ``logged``: the action and that
        many outcomes were logged already, when it first stopped for the table."""
        if logged is None:
            self.log += [*([action] if action is not None else []), *outcomes]
        else:
            self.log += outcomes[logged:]

    def _do(self, action: AnyAction) -> list[Event]:
        """The action itself, before the Day order runs on: its handler in ``DOES``."""
        return do(self.campaign, self.state, action)

    def undoable(self) -> list[AnyAction]:
        """The log entries undo can take back, latest last: those since the last reveal
        (grail/words tells them as they were taken)."""
        return self.log[self.state.undo_floor:]

    def check_undo(self, count: int) -> None:
        """Raise :class:`UndoError`, saying why, unless the last ``count`` actions can be
        taken back."""
        can = len(self.undoable())
        if count < 1:
            raise UndoError("none_asked", asked=count)
        last = next((entry for entry in reversed(self.log)
                     if not isinstance(entry, ChanceOutcome)), None)
        if last is None:
            raise UndoError("nothing_yet" if "start" not in self.setup else "went_on")
        if not can:
            raise UndoError("revealed", last=last)
        if count > can:
            raise UndoError("too_many", can=can)

    def undo(self, count: int = 1, snapshot: tuple[int, GameState] | None = None) -> None:
        """Take back the last ``count`` actions, never past a reveal (a draw, a die roll,
        a card turned, an entry read): the game is rebuilt from its log, from ``snapshot``
        (the state after that many entries, no later than the last reveal) if given."""
        self.check_undo(count)
        kept = self.log[:-count]
        again = Game.resume(self.campaign, self.setup, kept, *snapshot) \
            if snapshot is not None and snapshot[0] <= min(len(kept), self.state.undo_floor) \
            else Game.replay(self.campaign, self.setup, kept)
        self.state, self.log, self._legal = again.state, again.log, None

    def _advance(self) -> list[Event]:
        """Run the parts of the Day order that need no decision [DAY-1], as ``ORDER``
        (grail/engine/decisions.py) says: until the decision the state waits on is asked."""
        events: list[Event] = []
        while True:
            items.settle_queue(self.campaign, self.state)
            step = goes_on(self.campaign, self.state)
            if step is None:
                return events
            happened, asked_now = step
            events += happened
            if asked_now:
                return events


def _by_action(log: Sequence[AnyAction]) -> list[tuple[AnyAction | None, list[ChanceOutcome]]]:
    """The log cut into actions, each with the chance outcomes it met; the first has no
    action: the setup's."""
    groups: list[tuple[AnyAction | None, list[ChanceOutcome]]] = [(None, [])]
    for entry in log:
        if isinstance(entry, ChanceOutcome):
            groups[-1][1].append(entry)
        else:
            groups.append((entry, []))
    return groups

