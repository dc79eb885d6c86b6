"""Whether a saved state still fits its campaign after the campaign's content changed.

A content update (a typo fixed, an entry rewritten, a location added, even a new grail
that adds a field to the content models) changes the pack's hash. Players must never lose
a campaign to that, so a save whose hash differs loads when everything its state points
at still exists: every hero, Location, card, Item, Secret, Skill, Status, quest, journal
entry, Event and Encounter it names, and every half-read effect list (a frame) still
leads somewhere. Otherwise the save is refused with the first thing that no longer fits.

Every field of the state is listed here, as a reference to content (:data:`REFERENCES`)
or as plain data (:data:`PLAIN`); a test fails when a new state field is in neither, so
that nobody forgets to say what it points at.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import Any

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.base import ATTRIBUTES
from grail.content.encounters import DiplomacyEncounter
from grail.engine.encounters.play import stages
from grail.engine.journal import effects_of
from grail.engine.state import (
    UNSEEN,
    DestinationAsked,
    DiscardAsked,
    EncounterState,
    Frame,
    GameState,
    ItemOffered,
    SkillAsked,
)

ENCOUNTER_DECKS = ("green", "grey", "purple", "blue")


def _known(campaign: Campaign) -> dict[str, Callable[[Any], bool]]:
    """For each kind of reference, whether a value names something the campaign has."""
    skills = set(campaign.skill_side)
    return {
        "hero": lambda v: v in campaign.hero,
        "location": lambda v: str(v).isdigit() and int(v) in campaign.location,
        "card": lambda v: v in campaign.card,
        "item": lambda v: v in campaign.item,
        "secret": lambda v: v in campaign.secret,
        "skill": lambda v: v in skills,
        "attribute": lambda v: v in ATTRIBUTES,
        "status": lambda v: v in campaign.status,
        "quest": lambda v: v in campaign.quest,
        "entry": lambda v: v in campaign.entry,
        "event": lambda v: v in campaign.event,
        "encounter": lambda v: v in campaign.encounter,
        "encounter_deck": lambda v: v in ENCOUNTER_DECKS,
        "chapter": lambda v: 1 <= v <= len(campaign.manifest.chapters),
        "in_use": lambda v: _in_use(campaign, v),
        "hero_keyword": lambda v: v.split(":")[0] in campaign.hero,
        "frame": lambda v: _frame_fits(campaign, v),
        "origin": lambda v: _origin_fits(campaign, v),
        "deck_encounter": lambda v: v == UNSEEN or v in campaign.encounter,
        "deck_event": lambda v: v == UNSEEN or v in campaign.event,
        "asked": lambda v: _asked_fits(campaign, skills, v),
        "hero_item": lambda v: v.split(":")[0] in campaign.hero and _in_use(
            campaign, v.split(":", 1)[1]),
        "hero_use": lambda v: v.split(":")[0] in campaign.hero and _in_use(
            campaign, v.split(":", 1)[1].split("/")[0]),
    }


def _named(campaign: Campaign) -> dict[str, Container[Any]]:
    """The kinds of reference whose value is simply one of the campaign's names: where to
    look it up (the check of every value of these is a lookup, nothing more)."""
    return {"hero": campaign.hero, "card": campaign.card, "item": campaign.item,
            "secret": campaign.secret, "skill": set(campaign.skill_side),
            "attribute": ATTRIBUTES, "quest": campaign.quest, "entry": campaign.entry,
            "event": campaign.event, "encounter": campaign.encounter,
            "encounter_deck": ENCOUNTER_DECKS,
            "status": campaign.status,
            "deck_encounter": {UNSEEN, *campaign.encounter},
            "deck_event": {UNSEEN, *campaign.event}}


def _asked_fits(campaign: Campaign, skills: set[int], asked: Any) -> bool:
    """A decision an effect asked for still names what the campaign has."""
    if asked.hero not in campaign.hero:
        return False
    if isinstance(asked, SkillAsked):
        return asked.attribute in ATTRIBUTES and set(asked.options) <= skills
    if isinstance(asked, DestinationAsked):
        return set(asked.heroes) <= set(campaign.hero) and set(asked.options) <= set(
            campaign.location)
    if isinstance(asked, DiscardAsked):
        return True
    assert isinstance(asked, ItemOffered)
    return asked.item in campaign.item and asked.location in (None, *campaign.location)


def _board_fits(campaign: Campaign, encounter: EncounterState) -> bool:
    """An Encounter under way still has its kind, approach and Stage [DIPLO-2], [DIPLO-3]."""
    card = campaign.encounter.get(encounter.id)
    if card is None:
        return True  # reported through encounter.id
    if not isinstance(card, DiplomacyEncounter):
        return encounter.approach is None and encounter.stage == 0 and encounter.affinity == 0
    if encounter.approach is not None and (
            card.approaches is None or encounter.approach >= len(card.approaches)):
        return False
    return encounter.stage < len(stages(card, encounter)) and \
        -card.affinity.red <= encounter.affinity <= card.affinity.green


def _in_use(campaign: Campaign, card: str) -> bool:
    kind, _, number = card.partition(":")
    table: dict[int, Any] = campaign.item if kind == "item" else campaign.secret
    return kind in ("item", "secret") and number.isdigit() and int(number) in table


def _frame_fits(campaign: Campaign, frame: Frame) -> bool:
    """The frame's effect list still exists and its next effect is within it."""
    try:
        return frame.index <= len(effects_of(campaign, frame))
    except (KeyError, IndexError, AttributeError, TypeError, ValueError):
        return False


def _origin_fits(campaign: Campaign, origin: Frame) -> bool:
    """An Encounter's origin names the effect that began it: ``path`` leads to its list,
    then to its place there, which still begins an Encounter (its won and lost follow)."""
    if not origin.path:
        return False
    within = origin.model_copy(update={"path": origin.path[:-1]})
    try:
        effect = effects_of(campaign, within)[int(origin.path[-1])]
    except (KeyError, IndexError, AttributeError, TypeError, ValueError):
        return False
    return isinstance(effect, fx.DrawEncounter | fx.StartEncounter)


# ``a.*.b``: ``*`` is every item of a list or every value of a dict; ``a.{}``: a dict's keys.
REFERENCES: dict[str, str] = {
    "heroes.*.id": "hero", "heroes.*.location": "location",
    "heroes.*.attributes.{}": "attribute",
    "heroes.*.combat_deck.*": "card", "heroes.*.diplomacy_deck.*": "card",
    "heroes.*.combat_pool.*": "card", "heroes.*.diplomacy_pool.*": "card",
    "heroes.*.items.*": "item", "heroes.*.secrets.*": "secret", "heroes.*.skills.*": "skill",
    "heroes.*.face_up.*": "in_use",
    "placed.*.number": "location", "menhirs.*.location": "location",
    "location_tokens.*": "location", "time_tokens.*": "location",
    "discarded.*": "location", "replaced.*": "location",
    "chapter": "chapter", "statuses.*.id": "status", "tasks.*.location": "location",
    "quests.*": "quest", "dials.*.location": "location", "quest_tokens.*": "location",
    "entry_visits.{}": "entry", "location_visits.{}": "location", "frames.*": "frame",
    "event_deck.*": "deck_event", "random_events.*": "event", "random_bottom.*": "event",
    "event": "event",
    "offer.*": "card", "dead.*": "hero", "left_items.{}": "location", "left_items.*.*": "item",
    "hand_over.*": "secret", "replacing": "hero",
    "encounter_decks.{}": "encounter_deck", "encounter_decks.*.*": "deck_encounter",
    "unseen.{}": "encounter_deck", "unseen.*.*": "encounter",
    "encounter.id": "encounter", "encounter.heroes.*": "hero", "encounter.origin": "origin",
    "encounter.location": "location", "guardians.*.id": "encounter",
    "encounter.team.*": "hero", "encounter.activated.*": "hero",
    "encounter.active": "hero", "encounter.drawing.*": "hero", "encounter.escaping": "hero",
    "encounter.forced": "card",
    "encounter.hands.{}": "hero", "encounter.hands.*.*": "card",
    "encounter.discards.{}": "hero", "encounter.discards.*.*": "card",
    "encounter.sequence.*.card": "card", "encounter.sequence.*.owner": "hero",
    "encounter.sequence.*.joined.*": "attribute", "encounter.stowed.*": "hero_item",
    "encounter.used.*": "hero_use",
    "guardians.*.location": "location", "face_up_queue.*": "hero_keyword",
    "event_discards.*": "event",
    "heroes.*.set_aside.*": "card", "dials.*.expired": "frame",
    "facing.*.guardians.*": "encounter", "facing.*.heroes.*": "hero",
    "facing.*.location": "location",
    "fallen.id": "hero", "fallen.location": "location", "fallen.attributes.{}": "attribute",
    "fallen.combat_deck.*": "card", "fallen.diplomacy_deck.*": "card",
    "fallen.combat_pool.*": "card", "fallen.diplomacy_pool.*": "card",
    "fallen.set_aside.*": "card", "fallen.items.*": "item", "fallen.secrets.*": "secret",
    "fallen.skills.*": "skill", "fallen.face_up.*": "in_use",
    "team.members.*": "hero", "team.paid.*.hero": "hero", "team.to": "location", "asked.*": "asked",
}
"""State fields that name content, and the kind of content they name."""

PLAIN = frozenset({
    "pack", "mode", "rng", "day", "stage", "heroes.*.number", "heroes.*.energy",
    "heroes.*.health", "heroes.*.terror", "heroes.*.food", "heroes.*.wealth", "heroes.*.rep",
    "heroes.*.magic", "heroes.*.exp", "heroes.*.attributes.*", "heroes.*.passed",
    "heroes.*.acted", "heroes.*.rested", "heroes.*.upgraded", "heroes.*.dying",
    "heroes.*.death_due", "heroes.*.going_mad",
    "placed.*.x", "placed.*.y", "menhirs.*.dial", "statuses.*.whole", "statuses.*.parts",
    "tasks.*.id", "tasks.*.text", "dials.*.id", "dials.*.value", "dials.*.token",
    "entry_visits.*", "location_visits.*", "offer_deck", "dreamt", "outcome", "undo_floor",
    "heroes.*.health_marker", "acted_today", "challenge_rules.*", "companion", "mercies",
    "uses_spent.*", "team.action", "team.paying", "team.paid.*.amount", "team.paid.*.what",
    "team.option", "team.cost.{}", "team.cost.*",
    # an Encounter's counts and flags; its approach and Stage are checked with the card
    "encounter.step", "encounter.floor", "encounter.turn", "encounter.activations",
    "encounter.played", "encounter.free_continue", "encounter.prevent", "encounter.attacks",
    "encounter.fury_spent", "encounter.escape_tried", "encounter.escape_dial",
    "encounter.cursor", "encounter.pool",
    "encounter.affinity", "encounter.stage", "encounter.approach", "encounter.placed",
    "encounter.magic_discarded", "encounter.result", "encounter.sequence.*.serial",
    "encounter.sequence.*.tokens", "encounter.sequence.*.charges",
    "encounter.sequence.*.magic.*",
    # a pending chance point is answered from its own options, checked when it is answered
    "chance",
    "fallen.number", "fallen.energy", "fallen.health", "fallen.terror", "fallen.food",
    "fallen.wealth", "fallen.rep", "fallen.magic", "fallen.exp", "fallen.attributes.*",
    "fallen.passed", "fallen.acted", "fallen.rested", "fallen.upgraded", "fallen.dying",
    "fallen.death_due", "fallen.going_mad",
    "fallen.health_marker",
})
"""State fields that name no content (counts, flags, the campaign's own story names).
``pack`` is checked apart; frames are checked whole, through ``frames.*``."""


def _values(data: Any, path: list[str]) -> list[Any]:
    """The values at ``path`` in ``data``, step by step: a field, ``*`` every item of a list
    or dict, ``{}`` a dict's keys (a None on the way leads nowhere)."""
    found = [data]
    for step in path:
        items = [item for item in found if item is not None]
        if step == "*":
            found = []
            for item in items:
                found.extend(item.values() if isinstance(item, dict) else item)
        elif step == "{}":
            found = [key for item in items for key in item]
        else:
            found = [getattr(item, step) for item in items]
    return found


_STEPS = {path: path.split(".") for path in REFERENCES}


def versions(then: object, now: str) -> str:
    """The pack's version when the game was saved and now, in words: the same number, for
    content changed without a new one, is said once."""
    return f"version {then} then, {now} now" if then != now else f"still version {now}"


def misfits(campaign: Campaign, state: GameState) -> list[str]:
    """What the state names that the campaign no longer has, one phrase each (empty: fits)."""
    known, named = _known(campaign), _named(campaign)
    found = []
    for path, kind in REFERENCES.items():
        values = _values(state, _STEPS[path])
        names = named.get(kind)
        if names is not None and all(map(names.__contains__, values)):
            continue  # the common case, at one lookup a value
        for value in values:
            if value is not None and not known[kind](value):
                shown = f"{value.source} {value.key}" if isinstance(value, Frame) else repr(value)
                found.append(f"{path.replace('.*', '').replace('.{}', '')} names {kind} "
                             f"{shown}, which the campaign no longer has")
    if state.encounter is not None and not _board_fits(campaign, state.encounter):
        found.append(f"the Encounter {state.encounter.id} under way no longer has its "
                     "approach, Stage or Affinity space")
    return found
