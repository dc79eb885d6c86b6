"""Death: the checks before each decision ("You Are Dying" taken, given back, or killing),
the dead character's belongings, replacement, the lost game [SURV-4], [DEATH-1]..[DEATH-6]."""

from __future__ import annotations

from typing import Any

from grail.content import Campaign

from . import dying, items, mercy
from .actions import ChooseReplacement, GiveSecret
from .encounters import hands
from .events import DeathCause, Event, GameLost, HeroDied, PlayerJoined, SecretPassed
from .pending import Pending
from .refusals import Refusal
from .setup import seat
from .state import GameState, HeroState


def check(campaign: Campaign, state: GameState) -> list[Event]:
    """Before each decision: a death a "You Are Dying" card called for happens, one at a
    time (the first is still dying when a new Day starts, where the card says so); a
    character healed above 0 Health gives the card back; one at 0 Health takes it, at once,
    in the middle of a reading or a fight: "añade la carta ..., Escapa inmediatamente de
    cualquier Encuentro y resuelve todas las reglas adicionales de esta carta" [SURV-4],
    [DEATH-1]. A member of an Encounter under way leaves it first [COMBAT-26]."""
    if state.stage == "start_of_day":
        dying.day_begins(campaign, state)
    fighting = state.encounter.heroes if state.encounter is not None else []
    heroes = [hero for hero in state.heroes if hero.id not in fighting]
    for hero in heroes:
        if hero.death_due is not None:
            return die(campaign, state, hero, hero.death_due)
    events: list[Event] = []
    for hero in heroes:
        if hero.dying and hero.health > 0:
            events += dying.heal(hero)
        elif hero.health == 0 and not hero.dying:
            events += dying.take(campaign, state, hero)
    return events


def die(campaign: Campaign, state: GameState, hero: HeroState,
        cause: DeathCause = "effect") -> list[Event]:
    """The character dies: solo, the game is lost [DEATH-2]; in a team its Items stay where
    it fell [DEATH-4], its Secrets go to the others ("Personal" ones vanish) [DEATH-5], and a
    character not yet played replaces it, if any is left [DEATH-3], [DEATH-6]."""
    events: list[Event] = [HeroDied(hero=hero.id, cause=cause)]
    hero.death_due = None
    state.heroes.remove(hero)
    state.dead.append(hero.id)
    for frame in state.frames:
        frame.heroes = [h for h in frame.heroes if h != hero.id]
    if state.encounter is not None:  # dead after leaving a fight the others go on with
        below = state.frames[:state.encounter.floor]
        state.encounter.floor = sum(1 for frame in below if frame.heroes)
    state.frames = [frame for frame in state.frames if frame.heroes]
    if not state.heroes or not unused_heroes(campaign, state):
        state.fallen = hero  # as it fell, for Mother's Mercy [MERCY-1]
        return events + lose(campaign, state)
    key = str(hero.location)
    state.left_items[key] = sorted(state.left_items.get(key, []) + hero.items)
    state.hand_over = [n for n in hero.secrets if "personal" not in campaign.secret[n].keywords]
    state.replacing = hero.id
    return events


def unused_heroes(campaign: Campaign, state: GameState) -> list[str]:
    """Characters neither in play nor dead [DEATH-3]."""
    playing = {hero.id for hero in state.heroes} | set(state.dead)
    return sorted(hero.id for hero in campaign.heroes if hero.id not in playing)


def give_secret(campaign: Campaign, state: GameState, action: GiveSecret) -> list[Event]:
    """A dead character's Secret goes to whom its player chooses [DEATH-5]."""
    secret, to = action.secret, action.to
    state.hand_over.remove(secret)
    state.hero(to).secrets.append(secret)
    items.took(campaign, state, state.hero(to), f"secret:{secret}")
    return [SecretPassed(secret=secret, to=to)]


def replace(campaign: Campaign, state: GameState, action: ChooseReplacement) -> list[Event]:
    """The new character is set up on the lowest-numbered revealed Location [DEATH-3], its
    Health marker as the others' [MODE-CHALLENGE-2]."""
    hero_id = action.hero
    where = min(place.number for place in state.placed)
    seat(campaign, state, hero_id, where)
    state.replacing = None
    return [PlayerJoined(hero=hero_id, at=where, replacing=True)]


def lose(campaign: Campaign, state: GameState) -> list[Event]:
    """The game is lost for everyone [DEATH-6], in the middle of a fight too; the players
    may still ask for Mother's Mercy, where the campaign has it [MERCY-1]."""
    state.outcome = "lost"
    state.stage = "mercy" if mercy.offered(campaign, state) else "over"
    state.frames.clear()
    state.facing.clear()
    if state.encounter is not None:  # nobody's cards are lost with the fight [DISC-2]
        hands.all_back(campaign, state, state.fallen)
        for stowed in state.encounter.stowed:
            hero_id, card = stowed.split(":", 1)
            holder = next((hero for hero in [*state.heroes, *filter(None, [state.fallen])]
                           if hero.id == hero_id), None)
            if holder is not None and card in items.cards(holder):
                items.took(campaign, state, holder, card)
    state.encounter = None
    return [GameLost()]


# --- the decision after a death: its Secrets, then who replaces it [DEATH-3], [DEATH-5] ----

def waits(state: GameState) -> bool:
    return bool(state.hand_over) or state.replacing is not None


def legal(campaign: Campaign, state: GameState) -> list[GiveSecret | ChooseReplacement]:
    """Who takes the next Secret; else which character not yet played comes."""
    if state.hand_over:
        return [GiveSecret(secret=state.hand_over[0], to=hero.id) for hero in state.heroes]
    return [ChooseReplacement(hero=hero_id) for hero_id in unused_heroes(campaign, state)]


def pending(campaign: Campaign, state: GameState) -> Pending:
    everyone = [hero.id for hero in state.heroes]
    if state.hand_over:
        return Pending(kind="give_secret", heroes=everyone)
    return Pending(kind="replacement", heroes=everyone)


def why(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    return Refusal("DEATH-3", "after_a_death_first")
