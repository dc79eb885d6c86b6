"""Facing the Guardians on a Location, one Encounter after another, in the order the
players choose when there are several [GUARD-4]..[GUARD-6].

Characters who enter a Location holding Guardians, or on whom Guardians move, wait in
``state.facing``; each Guardian is then fought by those of them still there and standing,
before anything else happens, the Location's immediate rules included [MAP-6].
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign

from .actions import FaceGuardian
from .events import Event, GuardianAttacks
from .pending import Pending
from .refusals import Refusal
from .state import EncounterState, Facing, GameState


def meet(state: GameState, location: int, heroes: list[str], guardians: list[str]) -> None:
    """These characters must face these Guardians at ``location`` [GUARD-4], [GUARD-6]."""
    if not heroes or not guardians:
        return
    for facing in state.facing:
        if facing.location == location and facing.heroes == heroes:
            facing.guardians += [g for g in guardians if g not in facing.guardians]
            return
    state.facing.append(Facing(location=location, heroes=list(heroes), guardians=list(guardians)))


def _settle(state: GameState) -> None:
    """Forget Guardians gone from the Location and characters who left it or fell
    [DEATH-1]; drop what is left with nobody or nothing to fight."""
    for facing in list(state.facing):
        there = {g.id for g in state.guardians if g.location == facing.location}
        facing.guardians = [g for g in facing.guardians if g in there]
        facing.heroes = [h.id for h in state.heroes if h.id in facing.heroes
                         and h.location == facing.location and h.health > 0]
        if not facing.guardians or not facing.heroes:
            state.facing.remove(facing)


def choices(state: GameState) -> list[str]:
    """The Guardians the players choose among, when several wait together [GUARD-6]."""
    if state.encounter is not None or not state.facing or len(state.facing[0].guardians) < 2:
        return []
    return list(state.facing[0].guardians)


def face_next(campaign: Campaign, state: GameState) -> list[Event]:
    """Begin the next Guardian's Encounter, unless the players must choose which."""
    if state.encounter is not None:
        return []
    _settle(state)
    if not state.facing or len(state.facing[0].guardians) > 1:
        return []
    return face(campaign, state, FaceGuardian(id=state.facing[0].guardians[0]))


def face(campaign: Campaign, state: GameState, action: FaceGuardian) -> list[Event]:
    """The Guardian's Encounter, fought by the waiting characters together [GUARD-4]."""
    guardian = action.id
    facing = state.facing[0]
    facing.guardians.remove(guardian)
    state.encounter = EncounterState(id=guardian, heroes=list(facing.heroes),
                                     team=list(facing.heroes), location=facing.location,
                                     floor=len(state.frames))
    if not facing.guardians:
        state.facing.pop(0)
    return [GuardianAttacks(encounter=guardian)]


# --- the decision: which Guardian first [GUARD-6] -----------------------------------------

def legal(campaign: Campaign, state: GameState) -> list[FaceGuardian]:
    return [FaceGuardian(id=guardian) for guardian in choices(state)]


def pending(campaign: Campaign, state: GameState) -> Pending:
    return Pending(kind="guardian_order", heroes=list(state.facing[0].heroes))


def why(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    return Refusal("GUARD-6", "guardian_order")
