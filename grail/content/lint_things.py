"""Things the story marks, tests, gives and draws (``grail lint``): Statuses and their parts,
Secrets, Items, Encounters, Events and Quests.

- A Status (or a numbered part) is *marked* by a ``mark`` effect and *tested* by a
  ``status`` condition anywhere (an ``if``, an option, a Menhir's or a use's ``requires``,
  a Quest's goal). A whole-Status test holds when the Status or any of its parts is marked;
  a part test only when that part is [STATUS-1].
- A Secret is *obtainable* when a ``gain_secret`` names it or it is the campaign's
  ``challenge_secret``; an Item when a ``gain_item`` names its number, or its keyword and
  craftable mark fit a ``gain_item`` that asks for them [ITEM-4].
- An Encounter is *in a deck* when a chapter's setup lists its level for its deck, or a
  ``start_encounter`` names it [ENC-1].
- A story Event is *drawn* when a chapter's setup or an ``add_event`` puts it in the Event
  deck; a Random Event when a chapter lists it and some ``random_events`` effect draws
  from that deck [EVENT-1].
- A Quest's goal *can hold* unless it needs a Status, part, Secret or Item that nothing
  marks or gives (through ``all`` and ``any``; ``not`` is taken as possible).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .belongings import Item
from .conditions import All, Any_, HasItem, HasSecret, ItemPick, StatusIs
from .effects import (
    AddEvent,
    CompleteQuest,
    EndCampaign,
    EndChapter,
    GainItem,
    GainSecret,
    Mark,
    RandomEvents,
    StartEncounter,
    StartQuest,
)
from .events import Quest, RandomEvent, StoryEvent
from .findings import Finding, at
from .survey import Place, Survey
from .walk import MANIFEST


@dataclass
class Sheet:
    """What the pack marks and tests on the Game Sheet: per Status, whole (None) and parts."""

    marked: dict[str, set[int | None]] = field(default_factory=dict)
    tests: dict[str, list[tuple[int | None, Place]]] = field(default_factory=dict)

    def can_hold(self, status: str, part: int | None) -> bool:
        """A ``status`` condition can ever hold [STATUS-1]."""
        marks = self.marked.get(status, set())
        return bool(marks) if part is None else part in marks


def thing_findings(survey: Survey) -> list[Finding]:
    """Every finding about Statuses, Secrets, Items, Encounters, Events and Quests."""
    sheet = Sheet()
    for found in survey.of(Mark):
        sheet.marked.setdefault(found.model.mark.status, set()).add(found.model.mark.part)
    for found in survey.of(StatusIs):
        sheet.tests.setdefault(found.model.status, []).append((found.model.part, found.place))
    secrets = {found.model.gain_secret for found in survey.of(GainSecret)}
    if survey.campaign.manifest.challenge_secret is not None:
        secrets.add(survey.campaign.manifest.challenge_secret)
    picks = [found.model.gain_item for found in survey.of(GainItem)]
    items = {item.number for item in survey.campaign.items if any(_fits(pick, item)
                                                                  for pick in picks)}
    return (_statuses(survey, sheet) + _secrets_and_items(survey, secrets, items)
            + _gifts_of_nothing(survey) + _hands(survey) + _encounters(survey)
            + _events(survey) + _quests(survey, sheet, secrets, items))


def _fits(pick: ItemPick, item: Item) -> bool:
    """A ``gain_item`` or ``item`` pick can name this Item [ITEM-4]."""
    return pick.number in (None, item.number) and pick.keyword in (None, item.keyword) \
        and pick.craftable in (None, item.craftable)


def _statuses(survey: Survey, sheet: Sheet) -> list[Finding]:
    findings: list[Finding] = []
    manifest = survey.place(MANIFEST).origin
    for index, status in enumerate(survey.campaign.manifest.game_sheet.statuses):
        declared = Place(MANIFEST, manifest, ("game_sheet", "statuses", index))
        marks = sheet.marked.get(status.id, set())
        tests = sheet.tests.get(status.id, [])
        if not marks and not tests:
            findings.append(at(declared, "warning", "status-unused",
                               f"Status '{status.id}' is never marked nor tested: mark it "
                               "where the story records it, or remove it from the Game Sheet"))
            continue
        if marks and not tests:
            findings.append(at(declared, "warning", "status-never-tested",
                               f"Status '{status.id}' is marked but nothing tests it: test it "
                               "with a 'status' condition where it should matter"))
        for part, place in _first_per_part(tests):
            if not sheet.can_hold(status.id, part):
                what = f"part {part} of Status '{status.id}'" if part else \
                    f"Status '{status.id}'"
                more = len([t for t in tests if t[0] == part]) - 1
                also = f" (and {more} other test{'s' * (more > 1)})" if more else ""
                findings.append(at(place, "warning", "status-never-marked",
                                   f"this tests {what}{also}, but no 'mark' effect marks it, "
                                   "so the test never holds: mark it somewhere"))
        tested = {part for part, _ in tests}
        for part in range(1, status.parts + 1):
            if part in marks and part not in tested and None not in tested:
                findings.append(at(declared, "warning", "status-never-tested",
                                   f"part {part} of Status '{status.id}' is marked but nothing "
                                   f"tests it (neither 'part: {part}' nor the whole Status)"))
            elif part not in marks and part not in tested:
                findings.append(at(declared, "warning", "status-unused",
                                   f"part {part} of Status '{status.id}' is never marked nor "
                                   "tested: use it, or lower 'parts'"))
    return findings


def _first_per_part(tests: list[tuple[int | None, Place]]) -> list[tuple[int | None, Place]]:
    first: dict[int | None, Place] = {}
    for part, place in tests:
        first.setdefault(part, place)
    return list(first.items())


def _secrets_and_items(survey: Survey, secrets: set[int], items: set[int]) -> list[Finding]:
    findings = [at(survey.place(f"secret:{secret.number}"), "warning", "secret-unobtainable",
                   f"no effect gives Secret {secret.number} ({secret.name}): add a "
                   f"'gain_secret: {secret.number}' where the story reveals it")
                for secret in survey.campaign.secrets if secret.number not in secrets]
    findings += [at(survey.place(f"item:{item.number}"), "warning", "item-unobtainable",
                    f"no effect gives Item {item.number} ({item.name}): no 'gain_item' names "
                    f"its number, or asks for {_a(item.keyword)}"
                    + (" or a craftable Item" if item.craftable else "")
                    + " that it fits; add one")
                 for item in survey.campaign.items if item.number not in items]
    return findings


def _gifts_of_nothing(survey: Survey) -> list[Finding]:
    """A ``gain_item`` that no Item of the pack fits gives nothing, and says nothing in play."""
    items = survey.campaign.items
    findings = []
    for found in survey.of(GainItem):
        pick = found.model.gain_item
        if pick.number is None and not any(_fits(pick, item) for item in items):
            mark = "" if pick.craftable is None else "craftable " if pick.craftable \
                else "non-craftable "
            asked = _a(f"{mark}{pick.keyword or 'Item'}")
            findings.append(at(found.place, "warning", "gain-item-fits-nothing",
                               f"this 'gain_item' asks for {asked}, and no Item of the pack "
                               "is one, so it gives nothing: write such an Item, or ask for "
                               "another [ITEM-4]"))
    return findings


def _hands(survey: Survey) -> list[Finding]:
    """A starting deck that cannot give a lone character its hand and a card after it: its
    fights end at the first draw [COMBAT-3], [COMBAT-24], [DIPLO-16]."""
    hand = survey.campaign.manifest.rules.hand_size[0]
    findings = []
    for hero in survey.campaign.heroes:
        for kind in ("combat", "diplomacy"):
            deck = len(getattr(hero.decks, kind).start)
            if deck > hand:
                continue
            place = Place(f"hero:{hero.id}", survey.place(f"hero:{hero.id}").origin,
                          ("decks", kind, "start"))
            why = "cannot even draw its hand" if deck < hand else \
                "has no card left to draw after its hand"
            findings.append(at(place, "warning", "deck-thinner-than-hand",
                               f"{hero.id}'s starting {kind} deck of {deck} cards {why} of "
                               f"{hand} (the rules' hand_size for one character), so alone "
                               f"its {kind} Encounters end at the first draw they need: add "
                               "cards, or lower hand_size [COMBAT-3], [COMBAT-24]"))
    return findings


def _encounters(survey: Survey) -> list[Finding]:
    chapters = survey.campaign.manifest.chapters
    named = {found.model.start_encounter.id for found in survey.of(StartEncounter)}
    findings = []
    for encounter in survey.campaign.encounters:
        in_setup = any(encounter.level in getattr(c.setup.encounters, encounter.deck)
                       for c in chapters)
        if not in_setup and encounter.id not in named:
            findings.append(at(
                survey.place(f"encounter:{encounter.id}"), "warning", "encounter-in-no-deck",
                f"Encounter '{encounter.id}' is in no deck: no chapter's setup lists level "
                f"{encounter.level} for the {encounter.deck} deck, and no 'start_encounter' "
                "names it; add the level to a chapter, or start it from the story"))
    return findings


def _events(survey: Survey) -> list[Finding]:
    chapters = survey.campaign.manifest.chapters
    dealt = {event for c in chapters for event in c.setup.events}
    dealt |= {found.model.add_event.id for found in survey.of(AddEvent)}
    random_listed = {event for c in chapters for event in c.setup.random_events}
    draws_random = bool(survey.of(RandomEvents))
    findings = []
    for event in survey.campaign.events:
        place = survey.place(f"event:{event.id}")
        if isinstance(event, StoryEvent) and event.id not in dealt:
            findings.append(at(place, "warning", "event-never-drawn",
                               f"story Event '{event.id}' never enters the Event deck: list it "
                               "in a chapter's setup 'events', or add it with 'add_event'"))
        elif isinstance(event, RandomEvent) and (event.id not in random_listed
                                                 or not draws_random):
            why = "no chapter's setup lists it in 'random_events'" \
                if event.id not in random_listed else \
                "no 'random_events' effect ever draws from the Random Event deck"
            findings.append(at(place, "warning", "event-never-drawn",
                               f"Random Event '{event.id}' is never drawn: {why} [EVENT-1]"))
    return findings


def _quests(survey: Survey, sheet: Sheet, secrets: set[int], items: set[int]) -> list[Finding]:
    campaign = survey.campaign
    completed = {found.model.complete_quest for found in survey.of(CompleteQuest)}
    started = {found.model.start_quest for found in survey.of(StartQuest)}
    picks_items = [item for item in campaign.items if item.number in items]
    held: list[tuple[str, Quest | None]] = [
        (f"event:{e.id}", e.quest) for e in campaign.events if isinstance(e, StoryEvent)]
    held += [(f"secret:{s.number}", s.quest) for s in campaign.secrets]
    findings = []
    for owner, quest in held:
        if quest is None:
            continue
        place = Place(owner, survey.place(owner).origin, ("quest",))
        if not quest.lock and quest.id not in started:
            findings.append(at(place, "warning", "quest-never-started",
                               f"Quest '{quest.id}' has no red lock and no 'start_quest' "
                               "starts it, so it never reaches the Quest display [EVENT-3]"))
        if quest.id in completed or (quest.goal is not None and _possible(
                quest.goal, sheet, secrets, picks_items)):
            continue
        ends = any(isinstance(effect, EndChapter | EndCampaign) for effect in quest.success)
        why = "it has no goal" if quest.goal is None else \
            "its goal needs something nothing marks or gives"
        findings.append(at(place, "error" if ends else "warning", "quest-goal-impossible",
                           f"Quest '{quest.id}' can never succeed: {why}, and no "
                           "'complete_quest' names it"
                           + ("; its Success ends the chapter, so the story stops here"
                              if ends else "")))
    return findings


def _possible(condition: Any, sheet: Sheet, secrets: set[int], items: list[Item]) -> bool:
    """Whether a goal could ever hold, as far as what the pack marks and gives tells."""
    if isinstance(condition, StatusIs):
        return sheet.can_hold(condition.status, condition.part)
    if isinstance(condition, HasSecret):
        return condition.secret in secrets
    if isinstance(condition, HasItem):
        return any(_fits(condition.item, item) for item in items)
    if isinstance(condition, All):
        return all(_possible(inner, sheet, secrets, items) for inner in condition.all)
    if isinstance(condition, Any_):
        return any(_possible(inner, sheet, secrets, items) for inner in condition.any)
    return True


def _a(word: str) -> str:
    """``a shield``, ``an armor``."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"
