"""The table in words: what the window shows around the action bar, as plain lines for
``grail text`` and a screen reader (each character's board and cards, the Event, the
Locations where the characters stand, the map around each of them by direction, the
campaign's introduction).

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> print(map_lines(game)[1])
  North: 102 The Crown of Nine; Tamsin Vell may travel there.
"""

from __future__ import annotations

from dataclasses import dataclass

from grail.content import Campaign
from grail.content.base import ATTRIBUTES
from grail.content.events import Event
from grail.content.locations import STEP
from grail.engine.actions import Travel
from grail.engine.death import unused_heroes
from grail.engine.game import Game
from grail.engine.items import uses_of
from grail.engine.state import UNSEEN
from grail.engine.survival import rest
from grail.lang import _

from .dying import death_cause
from .effects import cost_words, effects_words
from .names import (
    full_name,
    hero_name,
    item_name,
    menhir_left,
    place_name,
    resource_words,
    secret_name,
    skill_name,
)


def direction_words(edge: str) -> str:
    """A map's edge as a player says it: up the table is north."""
    return {"up": _("North"), "right": _("East"), "down": _("South"), "left": _("West")}[edge]


EDGES = ("up", "right", "down", "left")
"""The map's edges, clockwise from the top."""


def hero_lines(game: Game) -> list[str]:
    """Each character's board: meters, resources, the six Attributes, Skills, and the Items
    and Secrets held, each with what it does and how it is used."""
    campaign, state = game.campaign, game.state
    lines: list[str] = []
    for hero in state.heroes:
        lines.append(_("{hero}, at {place}:").format(hero=full_name(campaign, hero.id),
                                                    place=place_name(campaign, hero.location)))
        lines.append(_("  Energy {energy}, Health {health}, Terror {terror}; Food {food}, "
                       "Wealth {wealth}, Reputation {rep}, Magic {magic}, Experience {exp}.")
                     .format(energy=hero.energy, health=hero.health, terror=hero.terror,
                             food=hero.food, wealth=hero.wealth, rep=hero.rep, magic=hero.magic,
                             exp=hero.exp))
        lines.append(_("  Attributes: {attributes}.").format(attributes=", ".join(
            _("{attribute} {level}").format(attribute=resource_words(name),
                                            level=hero.attributes.get(name, 0))
            for name in ATTRIBUTES)))
        if hero.skills:
            lines.append(_("  Skills: {skills}.").format(
                skills=", ".join(skill_name(campaign, side) for side in hero.skills)))
        for number in hero.items:
            card = _card(game, f"item:{number}", item_name(campaign, number))
            lines.append((_("  Item: {card} (in use)") if f"item:{number}" in hero.face_up
                          else _("  Item: {card}")).format(card=card))
        for number in hero.secrets:
            card = _card(game, f"secret:{number}", secret_name(campaign, number))
            lines.append((_("  Secret: {card} (in use)") if f"secret:{number}" in hero.face_up
                          else _("  Secret: {card}")).format(card=card))
        if not hero.items and not hero.secrets:
            lines.append(_("  No Items and no Secrets."))
    return lines


def _card(game: Game, key: str, name: str) -> str:
    """An Item or Secret: its name, its text, and its uses, each by name with what it does
    (its printed words, else its effects in words)."""
    campaign = game.campaign
    kind, number = key.split(":")
    card = campaign.item.get(int(number)) if kind == "item" else campaign.secret.get(int(number))
    told = _("{name} - {text}").format(name=name, text=card.text.strip()) \
        if card is not None and card.text else name
    uses = [_("{use} ({does})").format(
        use=use.name, does=(use.text or effects_words(campaign, game.state, use.effects))
        .rstrip(".")) if use.text or use.effects else use.name for use in uses_of(campaign, key)]
    return _("{card} Uses: {uses}.").format(card=told, uses="; ".join(uses)) if uses else told


def face_up_event(game: Game) -> Event | None:
    """The Event of the Day, if one is face up."""
    event = game.state.event
    return None if event is None or event == UNSEEN else game.campaign.event.get(event)


def event_lines(game: Game) -> list[str]:
    """The Event of the Day, its title and its text."""
    event = face_up_event(game)
    if event is None:
        return [_("No Event is face up.")]
    return [_("The Event of the Day: {event}.").format(event=event.title), event.text.strip()]


def place_lines(game: Game) -> list[str]:
    """The Locations where the characters stand: name, who is there, what it looks like,
    its Location action and its Menhir."""
    campaign, state = game.campaign, game.state
    lines: list[str] = []
    for number in dict.fromkeys(hero.location for hero in state.heroes):
        location = campaign.location[number]
        here = ", ".join(hero_name(campaign, hero.id) for hero in state.heroes
                         if hero.location == number)
        lines.append(_("{place} ({heroes}):").format(place=place_name(campaign, number),
                                                    heroes=here))
        if location.description:
            lines.append(f"  {location.description.strip()}")
        if location.action is not None:
            lines.append(_location_action(game, number))
        menhir = next((m for m in state.menhirs if m.location == number), None)
        if menhir is not None:
            lines.append(_("  A burning Menhir: {left}.").format(left=menhir_left(menhir.dial)))
    return lines


def _location_action(game: Game, number: int) -> str:
    campaign, state = game.campaign, game.state
    action = game.campaign.location[number].action
    assert action is not None
    payer = next(hero for hero in state.heroes if hero.location == number)
    cost = cost_words(campaign, state, action.cost, payer)
    told = _("  Location action: {action}").format(action=action.name)
    if cost:
        told = _("{action}, costs {cost}").format(action=told, cost=cost)
    if action.once_per_day:
        told = _("{action}, once a Day").format(action=told)
    return _("{action}: {text}").format(action=told, text=action.text.strip()) if action.text \
        else _("{action}.").format(action=told)


def map_lines(game: Game) -> list[str]:
    """Around each character, north, east, south and west: the Location revealed there and
    whether the character may travel to it now, or a path not yet seen."""
    campaign, state = game.campaign, game.state
    travels = {(action.hero, action.to) for action in game.legal_actions()
               if isinstance(action, Travel)}
    lines: list[str] = []
    for hero in state.heroes:
        name = hero_name(campaign, hero.id)
        lines.append(_("Around {hero} at {place}:").format(
            hero=name, place=place_name(campaign, hero.location)))
        spot = state.spot_of(hero.location)
        keys = campaign.location[hero.location].keys
        for edge in EDGES:
            there = None if spot is None else state.at(spot[0] + STEP[edge][0],
                                                       spot[1] + STEP[edge][1])
            direction = direction_words(edge)
            if there is not None:
                lines.append((_("  {direction}: {place}; {hero} may travel there.")
                              if (hero.id, there) in travels else _("  {direction}: {place}."))
                             .format(direction=direction, place=place_name(campaign, there),
                                     hero=name))
            elif getattr(keys, edge, None) is not None:
                lines.append(_("  {direction}: a path to a place not yet seen.").format(
                    direction=direction))
    return lines


@dataclass(frozen=True)
class RestOutcome:
    """What resting would do to a character: the meters and Food before and after, and a
    death it brings first, and whether that loses the game [END-DAY-1]..[END-DAY-3],
    [DEATH-1], [DEATH-6]."""

    before: dict[str, int]
    after: dict[str, int]
    dies: str | None
    lost: bool


def rest_outcome(game: Game, hero_id: str, eat: bool) -> RestOutcome:
    """The engine's rest, done on a copy of the state."""
    before = game.state.hero(hero_id)
    state = game.state.model_copy(deep=True)
    rest(game.campaign, state, hero_id, eat)
    after = state.hero(hero_id)
    dies = after.death_due if after.death_due is not None and before.death_due is None \
        else None
    lost = dies is not None and (len(state.heroes) == 1 or not unused_heroes(game.campaign, state))
    names = ("health", "terror", "energy", "food")
    return RestOutcome({name: getattr(before, name) for name in names},
                       {name: getattr(after, name) for name in names}, dies, lost)


def rest_lines(game: Game, hero_id: str, eat: bool, changed_only: bool = False) -> list[str]:
    """What resting does to the character's meters and Food, and a death it brings first
    ("Health 5 -> 7", "Terror stays 2", "Dies: losing Health while dying"); only what
    changes when ``changed_only``."""
    outcome = rest_outcome(game, hero_id, eat)
    lines = []
    if outcome.dies is not None:
        lines.append(_("Dies: {cause}; the game is lost").format(cause=death_cause(outcome.dies))
                     if outcome.lost else _("Dies: {cause}").format(
                         cause=death_cause(outcome.dies)))
    for name, old in outcome.before.items():
        new = outcome.after[name]
        if old != new:
            lines.append(_("{meter} {old} -> {new}").format(meter=resource_words(name), old=old,
                                                           new=new))
        elif not changed_only:
            lines.append(_("{meter} stays {old}").format(meter=resource_words(name), old=old))
    return lines


def intro_lines(campaign: Campaign, heroes: list[str]) -> list[str]:
    """The campaign's introduction and each character's letter."""
    lines = [_("{campaign}.").format(campaign=campaign.manifest.name),
             (campaign.manifest.description or "").strip()]
    for hero in heroes:
        lines += [_("{hero}:").format(hero=full_name(campaign, hero)),
                  campaign.hero[hero].intro.strip()]
    return lines
