"""The order of an Encounter, as data: each step in ``EncounterState.step`` runs here until
a decision waits, effects must resolve, or the Encounter ends (the rulebook's Combat turn and Diplomacy).

A turn: the team picks the active character [COMBAT-5]; step 1, delayed Abilities
[COMBAT-7]; step 2, cards played [COMBAT-8]..[COMBAT-10]; 2c and 2d, the Opportunity
attack and the victory check, or the Affinity check [COMBAT-11], [COMBAT-12], [DIPLO-4];
step 3, the enemy attack or the Response [COMBAT-13], [DIPLO-5]; step 4, the next member
[COMBAT-14]; phase III, discards and draws [COMBAT-15].

Each step function changes the step, pushes frames, or returns None when a decision waits;
the game resolves pushed frames and comes back (``Game._advance``). Before every step,
members at 0 Health leave [COMBAT-26] and a Thief strikes if it can [TRAIT-10]; who has
left at 0 Health takes "You Are Dying" there and then, its rules resolved before the others
fight on, and a death it calls for comes at once too [DEATH-1], [TEAM-4].
"""

from __future__ import annotations

from collections.abc import Callable

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.amounts import Amounts

from .. import death, world
from ..events import Activated, Event, Panicked, Robbed, TurnBegan
from ..frames import push
from ..state import GameState, HeroState
from ..survival import panics
from . import abilities, combat, diplomacy, effects, ending, hands, leaving, start
from .hands import diplomacy as is_diplomacy

Step = Callable[[Campaign, GameState], list[Event] | None]


def advance(campaign: Campaign, state: GameState) -> list[Event]:
    """Run the Encounter until a decision waits, frames must resolve, or it is over."""
    events: list[Event] = []
    while state.encounter is not None:
        encounter = state.encounter
        if len(state.frames) > encounter.floor or state.asked:
            return events
        if encounter.escaping is not None:
            events += leaving.escaped(campaign, state)
            continue
        taken = death.check(campaign, state)  # who fell takes the card at once [DEATH-1]
        if taken:
            events += taken
            continue
        if encounter.result is None:
            fallen = _fallen(campaign, state)
            if fallen:
                events += fallen
                continue
        done = STEPS[encounter.step](campaign, state)
        if done is None:
            return events
        events += done
    return events


def _fallen(campaign: Campaign, state: GameState) -> list[Event]:
    """A Thief robs a team all at 1 Health or less, those falling to 0 with them
    [TRAIT-10]; else a member at 0 Health leaves at once [COMBAT-26], [DEATH-1] (with the
    Escape's price only if the campaign says so [NOTE-17])."""
    encounter = state.encounter
    assert encounter is not None
    if combat.has(campaign, state, "thief") and \
            all(state.hero(member).health <= 1 for member in encounter.heroes):
        return _robbed(campaign, state, [state.hero(member) for member in encounter.heroes])
    for member in encounter.heroes:
        if state.hero(member).health == 0:
            if not campaign.manifest.rules.dying_escape_penalty:
                return leaving.leave(campaign, state, member, "fallen")
            if is_diplomacy(campaign, state):
                left = leaving.leave(campaign, state, member, "fallen")
                push(state, "failure", encounter.id, [member])  # after: leaving drops its frames
                return left
            return leaving.escape(campaign, state, member, forced=True)
    return []


def _robbed(campaign: Campaign, state: GameState, members: list[HeroState]) -> list[Event]:
    """"Pierden toda su Riqueza y descartan todos sus Objetos"; the Encounter ends
    [TRAIT-10]."""
    events: list[Event] = [Robbed()]
    events += world.apply_effect(campaign, state,
                                 fx.SetMeters(set=Amounts(wealth=0), who="each"), members)
    events += world.apply_effect(campaign, state,
                                 fx.LoseItem(lose_item=fx.ItemLoss(), who="each"), members)
    return events + leaving.end(state, "robbed")


def _start(campaign: Campaign, state: GameState) -> list[Event]:
    assert state.encounter is not None
    state.encounter.step = "equipment"
    return []


def _turn(campaign: Campaign, state: GameState) -> list[Event]:
    """A new turn: no Time token on any board [COMBAT-15]."""
    encounter = state.encounter
    assert encounter is not None
    encounter.turn += 1
    encounter.activated = []
    encounter.step = "choose_active"
    return [TurnBegan(turn=encounter.turn)]


def _choose_active(campaign: Campaign, state: GameState) -> list[Event] | None:
    """Phase I: a member not activated this turn; the team chooses among several
    [COMBAT-5]. With none left, the turn ends [COMBAT-14]."""
    encounter = state.encounter
    assert encounter is not None
    waiting = candidates(state)
    if not waiting:
        encounter.step = "end_turn"
        return []
    if len(waiting) > 1:
        return None
    return activate(campaign, state, waiting[0])


def candidates(state: GameState) -> list[str]:
    """Members without a Time token on their board [COMBAT-5]."""
    assert state.encounter is not None
    return [member for member in state.encounter.heroes
            if member not in state.encounter.activated]


def activate(campaign: Campaign, state: GameState, hero: str) -> list[Event]:
    """A Time token on the board; the activation begins [COMBAT-5]."""
    encounter = state.encounter
    assert encounter is not None
    encounter.active = hero
    encounter.activated.append(hero)
    encounter.activations += 1
    encounter.played = encounter.attacks = encounter.prevent = encounter.cursor = 0
    encounter.free_continue = encounter.escape_tried = False
    encounter.forced = None
    encounter.step = "delayed"
    events: list[Event] = [Activated(hero=hero, turn=encounter.turn)]
    if not is_diplomacy(campaign, state):
        events += combat.activated(campaign, state)
    return events


def _play(campaign: Campaign, state: GameState) -> list[Event] | None:
    """Step 2 waits for the active character, who in Panic first plays the top card of the
    deck [COMBAT-22] (a deck too thin forces an Escape [NOTE-19]); with ``immediately``, a
    marker at an end stops play at once [DIPLO-9]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    hero = state.hero(encounter.active)
    if is_diplomacy(campaign, state) and campaign.manifest.rules.affinity_check == \
            "immediately" and diplomacy.at_an_end(campaign, state):
        encounter.step = "after_play"
        return []
    if encounter.played == 0 and encounter.forced is None and panics(campaign, hero):
        if not hands.can_draw(campaign, state, hero, 1):
            return leaving.out_of_cards(campaign, state, hero.id)
        encounter.forced = hands.draw_top(campaign, state, hero)
        return [Panicked(hero=hero.id, card=encounter.forced)]
    return None


def _after_play(campaign: Campaign, state: GameState) -> list[Event]:
    if is_diplomacy(campaign, state):
        return diplomacy.affinity_check(campaign, state, then="attack")  # [DIPLO-4]
    return combat.after_play(campaign, state)


def _attack(campaign: Campaign, state: GameState) -> list[Event]:
    if is_diplomacy(campaign, state):
        return diplomacy.response(campaign, state)
    return combat.attack(campaign, state)


def _after_attack(campaign: Campaign, state: GameState) -> list[Event]:
    if is_diplomacy(campaign, state):
        return diplomacy.affinity_check(campaign, state, then="next")  # [DIPLO-5]
    return combat.after_attack(campaign, state)


def _next(campaign: Campaign, state: GameState) -> list[Event]:
    """Step 4: the next member, or the end of the turn [COMBAT-14]."""
    encounter = state.encounter
    assert encounter is not None
    hands.unplayed(state)
    encounter.active = None
    encounter.prevent = 0
    encounter.step = "choose_active"
    return []


def _end_turn(campaign: Campaign, state: GameState) -> list[Event]:
    """Phase III: each member discards down to 3 [COMBAT-15]."""
    encounter = state.encounter
    assert encounter is not None
    events: list[Event] = []
    for member in encounter.heroes:
        extra = len(hands.hand(encounter, member)) - 3
        if extra > 0:
            events += effects.discard(campaign, state, state.hero(member), extra)
    encounter.step = "end_draw"
    encounter.drawing = list(encounter.heroes)
    return events


def _end_draw(campaign: Campaign, state: GameState) -> list[Event]:
    """Phase III: each member draws 1, none in Panic, one more against a Slow enemy
    [COMBAT-15], [COMBAT-23], [TRAIT-12]; a deck too thin forces an Escape or a Failure
    [COMBAT-24], [DIPLO-16]."""
    encounter = state.encounter
    assert encounter is not None
    if not encounter.drawing:
        encounter.step = "turn"
        return []
    hero = state.hero(encounter.drawing.pop(0))
    count = (0 if panics(campaign, hero) else 1) + \
        (start.SLOW_EXTRA if combat.has(campaign, state, "slow") else 0)
    if not hands.can_draw(campaign, state, hero, count):
        return leaving.out_of_cards(campaign, state, hero.id)
    return hands.draw(campaign, state, hero, count)


def _approach(campaign: Campaign, state: GameState) -> None:
    """The team chooses an approach [DIPLO-2]: always a decision."""
    return None


STEPS: dict[str, Step] = {
    "start": _start,
    "equipment": start.equipment,
    "hands": start.draw_hands,
    "mulligan": start.mulligan_step,
    "approach": _approach,
    "turn": _turn,
    "choose_active": _choose_active,
    "delayed": abilities.remove_token,
    "play": _play,
    "after_play": _after_play,
    "check": combat.check,
    "attack": _attack,
    "after_attack": _after_attack,
    "next": _next,
    "end_turn": _end_turn,
    "end_draw": _end_draw,
    "ending": ending.rewards,
    "closing": ending.close,
}
"""What each step does when it runs."""
