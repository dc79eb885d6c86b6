"""Who must decide what now: the decision a state waits on, read from the state alone.

Every decision lives in the state as data (a frame at a choice, a team forming, a chance
point for the table, an Item over the cap...); ``pending_of`` names the first one, in the
order ``Game.legal_actions`` answers them, so that a front end can say "Wren chooses a
journal option" before it lists the options.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7).state.pending
Pending(kind='day_action', heroes=['tamsin'], text='a Day action, or Pass')
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .state import GameState

Kind = Literal["none", "chance", "mercy", "encounter", "skill", "destination", "item_cap",
               "discard", "encounter_items", "mulligan", "approach", "activation", "play",
               "face_up", "guardian_order", "team_forming", "team_paying", "give_secret",
               "replacement", "journal", "rest", "upgrade", "keep_card", "day_action"]


class Pending(BaseModel):
    """A decision waiting: what kind, who takes it (none: the table), and in words."""

    model_config = ConfigDict(frozen=True)

    kind: Kind = Field(description="What is decided.")
    heroes: list[str] = Field(description="Who decides, first the one who answers for all.")
    text: str = Field(description="The decision in words.")


def pending_of(state: GameState) -> Pending:
    """The decision ``state`` waits on."""
    everyone = [hero.id for hero in state.heroes]
    if state.stage == "over":
        return Pending(kind="none", heroes=[], text=f"the campaign is over ({state.outcome})")
    if state.chance is not None:
        return Pending(kind="chance", heroes=[], text=state.chance.point.point)
    if state.stage == "mercy":
        return Pending(kind="mercy", heroes=everyone, text="ask for Mother's Mercy, or end")
    if state.asked:
        asked = state.asked[0]
        text = {"skill": "which Skill side to keep", "destination": "where to move",
                "item_cap": "which Item to give up for a new one, or none",
                "discard": "which card to discard"}[asked.kind]
        return Pending(kind=asked.kind, heroes=[asked.hero], text=text)
    encounter = state.encounter
    if encounter is not None and len(state.frames) <= encounter.floor \
            and not state.face_up_queue:
        return _encounter(state)
    if state.face_up_queue:
        hero, keyword = state.face_up_queue[0].split(":")
        return Pending(kind="face_up", heroes=[hero], text=f"which {keyword} card is in use")
    if state.facing and len(state.facing[0].guardians) > 1:
        return Pending(kind="guardian_order", heroes=list(state.facing[0].heroes),
                       text="which Guardian to face first")
    if state.team is not None:
        kind: Kind = "team_paying" if state.team.paying else "team_forming"
        text = "who pays what" if state.team.paying else "who joins the action"
        action = "journal option" if state.team.action == "option" \
            else state.team.action.replace("_", " ")
        return Pending(kind=kind, heroes=list(state.team.members), text=f"{action}: {text}")
    if state.hand_over:
        return Pending(kind="give_secret", heroes=everyone,
                       text=f"who takes Secret {state.hand_over[0]}")
    if state.replacing is not None:
        return Pending(kind="replacement", heroes=everyone,
                       text=f"which hero replaces {state.replacing}")
    if state.frames:
        frame = state.frames[-1]
        return Pending(kind="journal", heroes=list(frame.heroes),
                       text=f"an option of {frame.source.replace('_', ' ')} {frame.key}, "
                       "or a part of what is split")
    if state.stage == "end_of_day":
        return _end_of_day(state)
    able = [hero for hero in state.heroes if not hero.passed and hero.energy > 0]
    waiting = [hero.id for hero in able if not hero.acted] or [hero.id for hero in able]
    return Pending(kind="day_action", heroes=waiting, text="a Day action, or Pass")


def _encounter(state: GameState) -> Pending:
    """What the Encounter's waiting step asks, and of whom."""
    encounter = state.encounter
    assert encounter is not None
    team = list(encounter.heroes)
    if encounter.step == "equipment":
        return Pending(kind="encounter_items", heroes=team,
                       text=f"{encounter.id}: confirm the Items used, set some aside, or avoid")
    if encounter.step == "mulligan":
        return Pending(kind="mulligan", heroes=team, text=f"{encounter.id}: keep the hands or "
                       "draw again, one card fewer")
    if encounter.step == "approach":
        return Pending(kind="approach", heroes=team, text=f"{encounter.id}: choose an approach")
    if encounter.step == "choose_active":
        waiting = [member for member in team if member not in encounter.activated]
        return Pending(kind="activation", heroes=waiting,
                       text=f"{encounter.id}: who is active next")
    if encounter.step == "play" and encounter.active is not None:
        return Pending(kind="play", heroes=[encounter.active],
                       text=f"{encounter.id}: play a card, or stop")
    return Pending(kind="encounter", heroes=team, text=f"the Encounter {encounter.id}")


def _end_of_day(state: GameState) -> Pending:
    resting = next((hero.id for hero in state.heroes if not hero.rested), None)
    if resting is not None:
        return Pending(kind="rest", heroes=[resting], text="eat 1 Food, or go hungry")
    upgrading = next((hero.id for hero in state.heroes if not hero.upgraded), "")
    if state.offer:
        return Pending(kind="keep_card", heroes=[upgrading], text="which card to keep")
    return Pending(kind="upgrade", heroes=[upgrading],
                   text="spend Exp, move cards in or out of a deck, or finish")
