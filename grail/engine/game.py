"""The game: legal actions, applying one, and the Day order that runs between decisions.

>>> from grail.content import load_pack, bundled_pack
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> game.state.stage, game.state.day
('day', 1)
>>> game.legal_actions()[-1]
Pass(type='pass', hero='tamsin')
"""

from __future__ import annotations

import hashlib
from typing import Any

from grail.content import Campaign

from . import (
    day,
    death,
    encounter_decks,
    end_of_day,
    events_deck,
    items,
    journal,
    menhirs,
    trading,
)
from .actions import (
    Actions,
    ActivateMenhir,
    CharacterAction,
    Choose,
    ChooseReplacement,
    EncounterOutcome,
    Explore,
    FaceUp,
    GiveSecret,
    LocationAction,
    Pass,
    Trade,
    Travel,
)
from .events import Event
from .map import connected
from .setup import new_state
from .state import GameState, HeroState, Mode

AnyAction = Actions


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is untouched. Names the rule."""

    def __init__(self, action: AnyAction, rule: str, why: str) -> None:
        super().__init__(f"{action.describe()}: not allowed [{rule}]: {why}")
        self.rule = rule


REVEALING = frozenset({"entry_read", "location_revealed", "day_began"})
"""Events that show hidden information; with any chance point, they end what undo may reach."""


class UndoError(ValueError):
    """Undo asked to go further than the last reveal."""


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
    def new(cls, campaign: Campaign, heroes: list[str], seed: int,
            mode: Mode = "normal") -> Game:
        """Set up a game and run the first Start of Day [SETUP-W10]."""
        game = cls(campaign, new_state(campaign, heroes, seed, mode),
                   setup={"heroes": list(heroes), "seed": seed, "mode": mode})
        game._advance()
        return game

    @classmethod
    def replay(cls, campaign: Campaign, setup: dict[str, Any], log: list[AnyAction]) -> Game:
        """The game its setup and log make: from the seed, or from ``setup["start"]``, the
        state a save went on from when its campaign's content changed (grail/save/fit.py)."""
        if "start" in setup:
            game = cls(campaign, GameState.model_validate(setup["start"]), setup=setup)
        else:
            game = cls.new(campaign, list(setup["heroes"]), int(setup["seed"]), setup["mode"])
        for action in log:
            game.apply(action)
        return game

    def state_hash(self) -> str:
        return hashlib.sha256(self.state.model_dump_json().encode()).hexdigest()

    # --- what may be done -------------------------------------------------------------

    def actors(self) -> list[HeroState]:
        """Characters who may act now, lowest character number first [DAY-2], [DAY-3]."""
        if self.state.stage != "day" or self.state.frames:
            return []
        able = [hero for hero in self.state.heroes if day.can_act(hero)]
        waiting = [hero for hero in able if not hero.acted]
        return waiting or able

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
        state = self.state
        if state.stage == "over":
            return []
        if state.encounter is not None:
            return [EncounterOutcome(won=True), EncounterOutcome(won=False)]
        if state.face_up_queue:
            hero_id, keyword = state.face_up_queue[0].split(":")
            hero = state.hero(hero_id)
            return [FaceUp(hero=hero_id, card=card)
                    for card in items.with_keyword(self.campaign, hero, keyword)]
        if state.hand_over:
            return [GiveSecret(secret=state.hand_over[0], to=hero.id) for hero in state.heroes]
        if state.replacing is not None:
            return [ChooseReplacement(hero=hero_id)
                    for hero_id in death.unused_heroes(self.campaign, state)]
        choice = journal.pending_choice(self.campaign, state)
        if choice is not None:
            decider = state.frames[-1].heroes[0]
            return [Choose(hero=decider, option=index) for index, option in enumerate(choice.choose)
                    if journal.option_open(self.campaign, state, option)]
        if state.stage == "end_of_day":
            return end_of_day.legal(self.campaign, state)
        found: list[AnyAction] = []
        for hero in self.actors():
            if hero.energy >= 1:
                found += [Travel(hero=hero.id, to=to)
                          for to in connected(self.campaign, state, hero.location)]
                found.append(Explore(hero=hero.id))
            if day.can_use_location_action(self.campaign, state, hero):
                found.append(LocationAction(hero=hero.id))
            if day.can_use_character_action(self.campaign, state, hero):
                found.append(CharacterAction(hero=hero.id))
            if menhirs.can_activate(self.campaign, state, hero):
                found.append(ActivateMenhir(hero=hero.id))
            found.append(Pass(hero=hero.id))
        if found:  # trading happens outside actions, while characters may act [TEAM-5]
            found += trading.trades(self.campaign, state)
        return found

    def _why_illegal(self, action: AnyAction) -> tuple[str, str]:
        if self.state.stage == "over":
            return "DEATH-6", f"the campaign is over ({self.state.outcome})"
        if self.state.hand_over or self.state.replacing:
            return "DEATH-3", "a dead character's Secrets and replacement come first"
        if self.state.frames:
            if isinstance(action, Choose):
                return "JOURNAL-1", "that option is not open: its condition fails or its cost " \
                    "cannot be paid"
            return "JOURNAL-1", "the journal is being read: choose an option first"
        if self.state.stage == "end_of_day":
            return "END-DAY-1", "at the End of Day each character rests, then spends Exp, in " \
                "character order, and an upgrade costs the Exp it costs [UPG-5]"
        names = [hero.id for hero in self.actors()]
        if self.state.encounter is not None:
            return "ENC-2", "an Encounter is under way"
        if isinstance(action, FaceUp):
            return "ITEM-2", "a card is turned face up when gaining or losing one of its " \
                "keyword, or at the Start of Day"
        if isinstance(action, Trade):
            return "TEAM-5", "trading needs both characters on one Location, outside actions, " \
                "and what is given must be held (Personal Secrets never)"
        if isinstance(action, GiveSecret | ChooseReplacement | EncounterOutcome):
            return "DEATH-3", "nobody has died"
        if action.hero not in names:
            return "DAY-3", f"{action.hero} cannot act now; waiting: {', '.join(names) or 'none'}"
        hero = self.state.hero(action.hero)
        if isinstance(action, Travel | Explore) and hero.energy < 1:
            return "DAY-5", f"{action.type} costs 1 Energy"
        if isinstance(action, Travel):
            return "MAP-4", f"{action.to} is not connected to {hero.location} by facing keys"
        if isinstance(action, LocationAction):
            return "ACT-LOC-2", "no action here, its cost cannot be paid, or it was used today"
        if isinstance(action, CharacterAction):
            return "ACT-CHAR-2", "its cost cannot be paid"
        if isinstance(action, ActivateMenhir):
            return "ACT-MENHIR-1", "no Menhir here, or its requirements or cost are not met"
        return "DAY-2", "not an action of the Day"

    # --- doing it ---------------------------------------------------------------------

    def apply(self, action: AnyAction) -> list[Event]:
        """Do one action and everything that follows until the next decision."""
        if action not in self.legal_actions():
            raise IllegalAction(action, *self._why_illegal(action))
        if isinstance(action, Travel):
            events = day.travel(self.campaign, self.state, action.hero, action.to)
        elif isinstance(action, Explore):
            events = day.explore(self.campaign, self.state, action.hero)
        elif isinstance(action, LocationAction):
            events = day.location_action(self.campaign, self.state, action.hero)
        elif isinstance(action, CharacterAction):
            events = day.character_action(self.campaign, self.state, action.hero)
        elif isinstance(action, ActivateMenhir):
            events = menhirs.activate(self.campaign, self.state, action.hero)
        elif isinstance(action, Choose):
            events = journal.choose(self.campaign, self.state, action.option)
        elif isinstance(action, Pass):
            events = day.pass_day(self.state, action.hero)
        elif isinstance(action, Trade):
            events = trading.trade(self.campaign, self.state, action)
        elif isinstance(action, FaceUp):
            items.turn_up(self.campaign, self.state, action.hero, action.card)
            events = []
        elif isinstance(action, EncounterOutcome):
            events = encounter_decks.finish(self.campaign, self.state, action.won)
        elif isinstance(action, GiveSecret):
            events = death.give_secret(self.campaign, self.state, action.secret, action.to)
        elif isinstance(action, ChooseReplacement):
            events = death.replace(self.campaign, self.state, action.hero)
        else:
            events = end_of_day.apply(self.campaign, self.state, action)
        self._legal = None
        rng = self.state.rng.state
        self.log.append(action)
        events += self._advance()
        if self.state.rng.state != rng or any(e.type in REVEALING for e in events):
            self.state.undo_floor = len(self.log)
        return events

    def undoable(self) -> list[str]:
        """The actions undo can take back, latest last: those since the last reveal."""
        return [action.describe() for action in self.log[self.state.undo_floor:]]

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions, never past a reveal (a draw, a die roll,
        a card turned, an entry read): the game is rebuilt from its log."""
        if not 1 <= count <= len(self.undoable()):
            raise UndoError(f"cannot undo {count} action(s): {len(self.undoable())} can be "
                            "undone since the last reveal")
        again = Game.replay(self.campaign, self.setup, self.log[:-count])
        self.state, self.log, self._legal = again.state, again.log, None

    def _advance(self) -> list[Event]:
        """Run the parts of the Day order that need no decision [DAY-1]."""
        events: list[Event] = []
        while True:
            state = self.state
            items.settle_queue(self.campaign, state)
            if state.encounter is not None:
                return events  # the fight is a decision
            if state.frames:
                events += journal.resolve(self.campaign, state)
                if state.frames:
                    return events  # a choice waits
                continue
            if state.stage == "over" or state.hand_over or state.replacing:
                return events
            dying = death.take_dying_cards(self.campaign, state)
            if dying:
                events += dying
                continue
            met = events_deck.met_quests(self.campaign, state)
            if met:
                events += met
                continue
            if state.stage == "start_of_day":
                events += day.start_of_day(self.campaign, state)
                state.stage = "day"
            elif state.stage == "day" and not state.frames and not self.actors():
                state.stage = "end_of_day"
            elif state.stage == "end_of_day" and end_of_day.skip_idle_upgrades(self.campaign, state):
                continue
            elif state.stage == "end_of_day" and end_of_day.finished(state) and not state.dreamt:
                events += end_of_day.dreams(self.campaign, state)
            elif state.stage == "end_of_day" and end_of_day.finished(state):
                day.new_day(state)
            else:
                return events
