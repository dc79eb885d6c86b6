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
from grail.lang import N_, _

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
REFERENCES: dict[str, tuple[str, str]] = {
    "heroes.*.id": ("hero", N_("a hero of the party")),
    "heroes.*.location": ("location", N_("where a hero stands")),
    "heroes.*.attributes.{}": ("attribute", N_("a hero's Attributes")),
    "heroes.*.combat_deck.*": ("card", N_("a hero's Combat deck")),
    "heroes.*.diplomacy_deck.*": ("card", N_("a hero's Diplomacy deck")),
    "heroes.*.combat_pool.*": ("card", N_("a hero's Combat pool")),
    "heroes.*.diplomacy_pool.*": ("card", N_("a hero's Diplomacy pool")),
    "heroes.*.items.*": ("item", N_("a hero's Items")),
    "heroes.*.secrets.*": ("secret", N_("a hero's Secrets")),
    "heroes.*.skills.*": ("skill", N_("a hero's Skills")),
    "heroes.*.face_up.*": ("in_use", N_("a hero's cards in use")),
    "placed.*.number": ("location", N_("on the map")),
    "menhirs.*.location": ("location", N_("a Menhir's place")),
    "location_tokens.*": ("location", N_("a Location token's place")),
    "time_tokens.*": ("location", N_("a Time token's place")),
    "discarded.*": ("location", N_("the discarded Locations")),
    "replaced.*": ("location", N_("the changed Locations")),
    "chapter": ("chapter", N_("the chapter under way")),
    "statuses.*.id": ("status", N_("the Statuses held")),
    "tasks.*.location": ("location", N_("a task's place")),
    "quests.*": ("quest", N_("the quests under way")),
    "dials.*.location": ("location", N_("a dial's place")),
    "quest_tokens.*": ("location", N_("a quest token's place")),
    "entry_visits.{}": ("entry", N_("the journal entries read")),
    "location_visits.{}": ("location", N_("the Locations explored")),
    "frames.*": ("frame", N_("the journal being read")),
    "event_deck.*": ("deck_event", N_("the Event deck")),
    "random_events.*": ("event", N_("the Random Event deck")),
    "random_bottom.*": ("event", N_("the bottom of the Random Event deck")),
    "event": ("event", N_("the Event of the day")),
    "offer.*": ("card", N_("the cards offered")),
    "dead.*": ("hero", N_("the dead")),
    "left_items.{}": ("location", N_("where dead heroes' Items were left")),
    "left_items.*.*": ("item", N_("the Items dead heroes left")),
    "hand_over.*": ("secret", N_("the Secrets to hand over")),
    "replacing": ("hero", N_("the hero being replaced")),
    "encounter_decks.{}": ("encounter_deck", N_("the Encounter decks")),
    "encounter_decks.*.*": ("deck_encounter", N_("an Encounter deck")),
    "unseen.{}": ("encounter_deck", N_("the unseen Encounter decks")),
    "unseen.*.*": ("encounter", N_("the unseen Encounters")),
    "encounter.id": ("encounter", N_("the Encounter under way")),
    "encounter.heroes.*": ("hero", N_("the heroes in the Encounter")),
    "encounter.origin": ("origin", N_("what began the Encounter")),
    "encounter.location": ("location", N_("where the Encounter is")),
    "guardians.*.id": ("encounter", N_("the Guardians on the map")),
    "encounter.team.*": ("hero", N_("the team in the Encounter")),
    "encounter.activated.*": ("hero", N_("the heroes activated in the Encounter")),
    "encounter.active": ("hero", N_("the hero acting in the Encounter")),
    "encounter.drawing.*": ("hero", N_("the heroes drawing in the Encounter")),
    "encounter.escaping": ("hero", N_("the hero escaping the Encounter")),
    "encounter.forced": ("card", N_("the card that must be played")),
    "encounter.hands.{}": ("hero", N_("the hands in the Encounter")),
    "encounter.hands.*.*": ("card", N_("a hand in the Encounter")),
    "encounter.discards.{}": ("hero", N_("the discards in the Encounter")),
    "encounter.discards.*.*": ("card", N_("a discard pile in the Encounter")),
    "encounter.sequence.*.card": ("card", N_("the cards played in the Encounter")),
    "encounter.sequence.*.owner": ("hero", N_("whose cards were played in the Encounter")),
    "encounter.sequence.*.joined.*": ("attribute", N_("the Attributes joined in the Encounter")),
    "encounter.stowed.*": ("hero_item", N_("the Items set aside in the Encounter")),
    "encounter.used.*": ("hero_use", N_("the uses spent in the Encounter")),
    "guardians.*.location": ("location", N_("a Guardian's place")),
    "face_up_queue.*": ("hero_keyword", N_("the face-up cards to choose")),
    "event_discards.*": ("event", N_("the discarded Events")),
    "heroes.*.set_aside.*": ("card", N_("a hero's cards set aside")),
    "dials.*.expired": ("frame", N_("what a dial does when it runs out")),
    "facing.*.guardians.*": ("encounter", N_("the Guardians being faced")),
    "facing.*.heroes.*": ("hero", N_("the heroes facing a Guardian")),
    "facing.*.location": ("location", N_("where a Guardian is faced")),
    "fallen.id": ("hero", N_("the fallen hero")),
    "fallen.location": ("location", N_("where the fallen hero stands")),
    "fallen.attributes.{}": ("attribute", N_("the fallen hero's Attributes")),
    "fallen.combat_deck.*": ("card", N_("the fallen hero's Combat deck")),
    "fallen.diplomacy_deck.*": ("card", N_("the fallen hero's Diplomacy deck")),
    "fallen.combat_pool.*": ("card", N_("the fallen hero's Combat pool")),
    "fallen.diplomacy_pool.*": ("card", N_("the fallen hero's Diplomacy pool")),
    "fallen.set_aside.*": ("card", N_("the fallen hero's cards set aside")),
    "fallen.items.*": ("item", N_("the fallen hero's Items")),
    "fallen.secrets.*": ("secret", N_("the fallen hero's Secrets")),
    "fallen.skills.*": ("skill", N_("the fallen hero's Skills")),
    "fallen.face_up.*": ("in_use", N_("the fallen hero's cards in use")),
    "team.members.*": ("hero", N_("the team acting together")),
    "team.paid.*.hero": ("hero", N_("who paid for the team's action")),
    "team.to": ("location", N_("where the team travels")),
    "asked.*": ("asked", N_("asked by an effect")),
}
"""State fields that name content: the kind of content each names, and where in the game
it is, in words."""

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
    return _("version {then} then, {now} now").format(then=then, now=now) if then != now \
        else _("still version {now}").format(now=now)


def misfits(campaign: Campaign, state: GameState) -> list[str]:
    """What the state names that the campaign no longer has, one phrase each (empty: fits)."""
    known, named = _known(campaign), _named(campaign)
    found: list[str] = []
    for path, (kind, where) in REFERENCES.items():
        values = _values(state, _STEPS[path])
        names = named.get(kind)
        if names is not None and all(map(names.__contains__, values)):
            continue  # the common case, at one lookup a value
        found.extend(_("{thing} {value} ({where}) is no longer in the campaign").format(
            thing=_(THINGS[kind]), value=_shown(value), where=_(where))
            for value in values if value is not None and not known[kind](value))
    if state.encounter is not None and not _board_fits(campaign, state.encounter):
        found.append(_("the Encounter {encounter} under way no longer has its approach, Stage "
                       "or Affinity space").format(encounter=repr(state.encounter.id)))
    return found


THINGS = {
    "hero": N_("hero"), "location": N_("Location"), "card": N_("card"), "item": N_("Item"),
    "secret": N_("Secret"), "skill": N_("Skill"), "attribute": N_("Attribute"),
    "status": N_("Status"), "quest": N_("quest"), "entry": N_("journal entry"),
    "event": N_("Event"), "encounter": N_("Encounter"), "encounter_deck": N_("Encounter deck"),
    "chapter": N_("chapter"), "in_use": N_("card in use"), "hero_keyword": N_("face-up card"),
    "frame": N_("effect list"), "origin": N_("effect"), "deck_encounter": N_("Encounter"),
    "deck_event": N_("Event"), "asked": N_("decision for"), "hero_item": N_("Item"),
    "hero_use": N_("use"),
}
"""Each kind of reference in words (catalog messages, translated where they are said)."""


def _shown(value: Any) -> str:
    """A value that no longer fits, as an author finds it in the pack: an id quoted, a
    Location by its number, an effect list by where it is written."""
    if isinstance(value, Frame):
        if value.path:
            return _("of {source} {key} at {path}").format(
                source=value.source, key=repr(value.key), path=".".join(map(str, value.path)))
        return _("of {source} {key}").format(source=value.source, key=repr(value.key))
    if isinstance(value, SkillAsked | DestinationAsked | DiscardAsked | ItemOffered):
        return repr(value.hero)
    return repr(value)
