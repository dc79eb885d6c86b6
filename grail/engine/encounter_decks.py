"""The four Encounter decks, Encounters begun and ended, and Guardians [ENC-*], [GUARD-1],
[DISC-1].

An Encounter begun lives in the state (``state.encounter``) and is played out card by card
(grail/engine/encounters); when it ends, its card goes to the bottom of its deck or stays on
the map, and the won or lost effects of what began it follow.
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.encounters import CombatEncounter

from . import chance
from .events import EncounterBegan, EncounterCardGone, EncounterEnded, Event, GuardianMoved
from .frames import push
from .guardians import meet
from .map import connected, neighbour
from .state import UNSEEN, EncounterResult, EncounterState, Frame, GameState, Guardian

DECKS = ("green", "grey", "purple", "blue")


def set_up_decks(campaign: Campaign, state: GameState, kept: frozenset[str] = frozenset(),
                 first_on_top: bool = True) -> None:
    """Each deck holds the chapter's levels, unseen, its first encounter on top when the
    campaign (or its chapter, after Mother's Mercy) begins, else shuffled in with the rest:
    a later chapter changes the decks in play ("modifiques tus mazos de Encuentros") and
    does not begin them anew; cards in ``kept`` (Guardians on the map) stay out
    [SETUP-W4], [SETUP-W9], [COMP-8], [EVENT-4]."""
    levels = campaign.manifest.chapters[state.chapter - 1].setup.encounters
    for deck in DECKS:
        wanted = set(getattr(levels, deck))
        chosen = [e for e in campaign.deck.get(deck, []) if e.level in wanted and e.id not in kept]
        cards = sorted(e.id for e in chosen if not (first_on_top and e.first_encounter))
        first = [e.id for e in chosen if first_on_top and e.first_encounter]
        state.encounter_decks[deck] = first + [UNSEEN] * len(cards)
        state.unseen[deck] = cards


def draw(state: GameState, deck: str, level: int | None, campaign: Campaign) -> str | None:
    """The top card of a deck (the first of that level, if one is asked for); a card not
    yet seen is a chance point among those it may be."""
    pile = state.encounter_decks.get(deck, [])
    unseen = state.unseen.get(deck, [])
    for place, card in enumerate(pile):
        if card == UNSEEN:
            fitting = [c for c in unseen if level is None or campaign.encounter[c].level == level]
            if not fitting:
                continue
            card = chance.pick(state, chance.point("encounter_draw", deck=deck), fitting)
            unseen.remove(card)
            del pile[place]
            return card
        if level is None or campaign.encounter[card].level == level:
            del pile[place]
            return card
    return None


def take_out(state: GameState, card: str) -> None:
    """Take a named card out of whichever deck holds it, seen or not."""
    for deck, pile in state.encounter_decks.items():
        if card in pile:
            pile.remove(card)
        elif card in state.unseen.get(deck, []):
            state.unseen[deck].remove(card)
            pile.remove(UNSEEN)


def begin(campaign: Campaign, state: GameState, effect: Any, origin: Frame) -> list[Event]:
    """Draw or take an Encounter and begin it for the acting character or team [ENC-3]."""
    if isinstance(effect, fx.DrawEncounter):
        spec = effect.draw_encounter
        card = draw(state, spec.deck, spec.level, campaign)
    else:
        card = effect.start_encounter.id
        take_out(state, card)
    if card is None:
        return [EncounterBegan(encounter=None, fight=False)]
    encounter = campaign.encounter[card]
    where = state.hero(origin.heroes[0]).location
    if encounter.right:  # with no keys, only its text resolves [NOTE-28]
        state.encounter = EncounterState(id=card, heroes=list(origin.heroes),
                                         team=list(origin.heroes), origin=origin,
                                         location=where, floor=len(state.frames))
    else:
        state.encounter_decks[encounter.deck].append(card)
    if encounter.effects:  # the card's text first, before any fight
        push(state, "encounter_text", card, origin.heroes)
    if not encounter.right:
        return [EncounterBegan(encounter=card, fight=False)]
    return [EncounterBegan(encounter=card, fight=True)]


def finish(campaign: Campaign, state: GameState, result: EncounterResult) -> list[Event]:
    """The card goes to the bottom of its deck, or an undefeated Guardian stays on the map
    [ENC-4], [GUARD-1], [NOTE-12]; then the won or lost effects of what began it."""
    begun = state.encounter
    assert begun is not None
    state.encounter = None
    encounter = campaign.encounter[begun.id]
    won = result == "won"
    ended: list[Event] = [EncounterEnded(encounter=begun.id, won=won, result=result)]
    on_map = next((g for g in state.guardians if g.id == begun.id), None)
    stays = ("escaped", "fallen") if campaign.manifest.rules.guardian_stays_unless == \
        "defeated_or_fled" else ("escaped", "fallen", "fled")
    if isinstance(encounter, CombatEncounter) and encounter.guardian and result in stays:
        if on_map is None:
            state.guardians.append(Guardian(id=begun.id, location=begun.location))
        events = [*ended, EncounterCardGone(encounter=begun.id, stays=True)]
    else:
        if on_map is not None:
            state.guardians.remove(on_map)  # a defeated Guardian leaves the map [GUARD-5]
        state.encounter_decks[encounter.deck].append(begun.id)  # [DISC-1]
        events = [*ended, EncounterCardGone(encounter=begun.id, stays=False)]
    if begun.origin is not None:
        playing = {hero.id for hero in state.heroes}
        alive = [hero for hero in begun.origin.heroes if hero in playing]
        if alive:  # who began it died in the fight: nothing of it follows [DEATH-1]
            state.frames.append(begun.origin.ended(won, alive))
    return events


def move_guardians(campaign: Campaign, state: GameState) -> list[Event]:
    """Roll the Guardian die for each Guardian and move it [DAY-START-6], [GUARD-2], [GUARD-3]."""
    events: list[Event] = []
    for guardian in list(state.guardians):
        face = chance.pick(state, chance.point("guardian_die"), campaign.manifest.rules.guardian_die)
        if face == "discard":
            state.guardians.remove(guardian)
            state.encounter_decks[campaign.encounter[guardian.id].deck].append(guardian.id)
            events.append(GuardianMoved(encounter=guardian.id, face="discard", location=None))
            continue
        if face != "stay":
            edge = {"north": "up", "east": "right", "south": "down", "west": "left"}[face]
            ways = connected(campaign, state, guardian.location)
            target = neighbour(state, guardian.location, edge)
            if target not in ways:
                target = max(ways) if ways else guardian.location  # [GUARD-3]
            guardian.location = target
        events.append(GuardianMoved(encounter=guardian.id, face=face, location=guardian.location))
        here = [hero.id for hero in state.heroes if hero.location == guardian.location]
        meet(state, guardian.location, here, [guardian.id])  # fought at once [GUARD-4]
    return events


def fight(campaign: Campaign, state: GameState, encounter_id: str, heroes: list[str]) -> None:
    """Begin a named Encounter for ``heroes`` where the first stands, outside any journal
    entry (``Game.fight``): no won or lost effects follow it."""
    take_out(state, encounter_id)
    where = state.hero(heroes[0]).location
    state.encounter = EncounterState(id=encounter_id, heroes=list(heroes), team=list(heroes),
                                     location=where, floor=len(state.frames))
