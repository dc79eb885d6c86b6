"""Step 2 of an activation: playing cards into the Sequence [COMBAT-8]..[COMBAT-10].

The first card of an activation needs nothing; every further card must connect a continue
key of its own [COMBAT-10], unless Charges paid for one [EX-DIPLO-9]. A placed card's
bonuses resolve in order: Attribute Keys, Magic Keys, the free key, then its Ability if it
triggers on placing [COMBAT-9]; a delayed Ability gets its Time tokens [ANAT-7].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grail.content import Campaign
from grail.content.cards import AttributeKey, MagicHalf
from grail.content.encounters import AttributeBonus, CombatEncounter, DiplomacyEncounter, Stage

from ..actions import PlayCard
from ..events import CardPlayed, DefensiveTrait, Event, MagicPaid
from ..refusals import Refusal
from ..state import EncounterState, GameState, HeroState, SequenceCard
from ..survival import panics
from ..upgrades import attribute
from . import effects, hands
from .abilities import on_place
from .sequence import MARKERS, Meeting, connects, magic_options, meetings, placing, read

Edge = list[AttributeKey | MagicHalf]


def right_edge(campaign: Campaign, encounter: EncounterState) -> Edge:
    """The right edge the next card meets: the last card's, or the Encounter card's
    [ANAT-11]."""
    if encounter.sequence:
        return list(campaign.card[encounter.sequence[-1].card].right)
    return [key for key in campaign.encounter[encounter.id].right
            if isinstance(key, AttributeKey)]


def stage_bonus(campaign: Campaign, encounter: EncounterState) -> AttributeBonus | None:
    """What the attribute-dependent bonus does in the Stage being played [DIPLO-11]."""
    card = campaign.encounter[encounter.id]
    if not isinstance(card, DiplomacyEncounter):
        return None
    return stages(card, encounter)[encounter.stage].bonus


def stages(card: DiplomacyEncounter, encounter: EncounterState) -> list[Stage]:
    """The Stages of the approach taken [DIPLO-2], [DIPLO-3]."""
    if card.approaches is not None:
        return card.approaches[encounter.approach or 0].stages
    assert card.stages is not None
    return card.stages


def approach_name(card: CombatEncounter | DiplomacyEncounter, approach: int) -> str | None:
    """The name of a Diplomacy's approach by its number, if its card has approaches
    [DIPLO-2]."""
    approaches = card.approaches if isinstance(card, DiplomacyEncounter) else None
    return approaches[approach].name if approaches else None


def swift_spent(campaign: Campaign, encounter: EncounterState) -> bool:
    """Under Swift a character plays at most 2 cards an activation [TRAIT-4]."""
    card = campaign.encounter[encounter.id]
    return isinstance(card, CombatEncounter) and "swift" in card.traits and encounter.played >= 2


def playable(campaign: Campaign, state: GameState) -> list[PlayCard]:
    """The active character's plays now: each card it may place, with each way to pay the
    Magic Keys that meet [COMBAT-8], [COMBAT-10], [KEY-3]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    hero = state.hero(encounter.active)
    if swift_spent(campaign, encounter):
        return []
    if encounter.forced is not None:
        cards = [encounter.forced]
    elif encounter.played == 0 and panics(campaign, hero):
        return []  # the top card of the deck comes first [COMBAT-22]
    else:
        cards = sorted(set(hands.hand(encounter, hero.id)))
    right = right_edge(campaign, encounter)
    payers = {member: state.hero(member).magic for member in [hero.id, *encounter.heroes]}
    bonus = stage_bonus(campaign, encounter)
    found = []
    for card_id in cards:
        meets = meetings(right, campaign.card[card_id])
        for option in magic_options(meets, payers):
            if encounter.played == 0 or encounter.free_continue or \
                    continues(campaign, state, meets, option, bonus):
                found.append(PlayCard.of(hero=hero.id, card=card_id, magic=option))
    return found


def continues(campaign: Campaign, state: GameState, meets: list[Meeting],
              option: tuple[tuple[int, str], ...], bonus: AttributeBonus | None) -> bool:
    """Whether the card connects a continue key of its own [COMBAT-10], [KEY-6]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    hero = state.hero(encounter.active)
    return placing(meets, lambda name: attribute(campaign, hero, name),
                   [at for at, _ in option], bonus).continues


def refused(campaign: Campaign, state: GameState, action: PlayCard) -> Refusal:
    """Why the active character may not play this card now: the rule, and what is missing
    [COMBAT-8], [COMBAT-10], [COMBAT-22], [TRAIT-4], [KEY-2], [KEY-3]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    hero = state.hero(encounter.active)
    if encounter.forced is not None:
        return Refusal("COMBAT-22", "panic_top_card", {"card": encounter.forced})
    if swift_spent(campaign, encounter):
        return Refusal("TRAIT-4", "swift")
    if encounter.played == 0 and panics(campaign, hero):
        return Refusal("COMBAT-22", "panic_draw_top")
    if action.card not in hands.hand(encounter, hero.id):
        return Refusal("COMBAT-8", "not_in_hand", {"card": action.card, "hero": hero.id})
    meets = meetings(right_edge(campaign, encounter), campaign.card[action.card])
    payers = {member: state.hero(member).magic for member in [hero.id, *encounter.heroes]}
    if action.magic and sorted(action.magic) not in [sorted(option) for option in
                                                     magic_options(meets, payers)]:
        return Refusal("KEY-3", "magic_key")
    return Refusal("COMBAT-10", "no_continue", {
        "hero": hero.id, "card": action.card,
        "missing": _no_continue(campaign, hero, action.card, meets, sum(payers.values()))})


def _no_continue(campaign: Campaign, hero: HeroState, card_id: str, meets: list[Meeting],
                 team_magic: int) -> list[dict[str, Any]]:
    """What keeps each continue key of a card from connecting [KEY-2], [KEY-3]: each key's
    reason, or the card's as a whole ("apart": its continue keys do not meet the last card's,
    "none": it has no continue key)."""
    missing: list[dict[str, Any]] = []
    for meeting in meets:
        if "continue" not in meeting.bonus:
            continue
        if "continue" not in [icon for icon, _times in read(meeting.bonus)]:
            missing.append({"why": "cancelled", "at": meeting.at})
        elif meeting.kind == "attribute":
            assert meeting.attribute is not None
            missing.append({"why": "attribute", "at": meeting.at, "attribute": meeting.attribute,
                            "level": meeting.level,
                            "has": attribute(campaign, hero, meeting.attribute)})
        elif meeting.kind == "magic":
            missing.append({"why": "magic", "at": meeting.at, "none": team_magic == 0})
    if missing:
        return missing
    card = campaign.card[card_id]
    if any("continue" in key.bonus for key in card.left) or "continue" in card.free:
        return [{"why": "apart"}]
    return [{"why": "none"}]


def play(campaign: Campaign, state: GameState, action: PlayCard) -> list[Event]:
    """Place the card, pay its Magic Keys, resolve its bonuses, then its Ability
    [COMBAT-9]."""
    encounter = state.encounter
    assert encounter is not None
    hero = state.hero(action.hero)
    card = campaign.card[action.card]
    meets = meetings(right_edge(campaign, encounter), card)
    if encounter.forced == action.card:
        encounter.forced = None
    else:
        hands.hand(encounter, hero.id).remove(action.card)
    if encounter.sequence and not campaign.card[encounter.sequence[-1].card].passive:
        encounter.sequence[-1].tokens = 0  # covered: its Time tokens go [ANAT-7]
    encounter.placed += 1
    placed = SequenceCard(card=card.id, owner=hero.id, serial=encounter.placed,
                          magic=[at for at, _ in action.magic],
                          joined=[m.attribute for m in meets if m.attribute is not None])
    encounter.sequence.append(placed)
    encounter.played += 1
    encounter.free_continue = False
    events: list[Event] = []
    for at, payer in action.magic:  # the Magic sits on the key [KEY-3]
        state.hero(payer).magic -= 1
        events.append(MagicPaid(hero=payer, serial=placed.serial, at=at))
    def level(name: str) -> int:
        return attribute(campaign, hero, name)

    gained = placing(meets, level, placed.magic, stage_bonus(campaign, encounter))
    events.append(CardPlayed(hero=hero.id, card=card.id, serial=placed.serial,
                             connected=_connected(meets, level, placed.magic),
                             icons=[f"{icon} x{times}" if times > 1 else icon
                                    for icon, times in gained.icons]))
    events += _bonuses(campaign, state, gained.icons)
    if placed in encounter.sequence and encounter.escaping is None and encounter.result is None:
        on_place(campaign, state, placed)
    return events


def _connected(meets: list[Meeting], level: Callable[[str], int], paid: list[int]) -> list[str]:
    return [f"{m.kind} {m.at}" if m.kind != "free" else "free" for m in meets
            if connects(m, level, paid)]


def _bonuses(campaign: Campaign, state: GameState, icons: tuple[tuple[str, int], ...]) -> list[Event]:
    """The icons gained, in order; Defensive takes 1 marker from an activation's first card
    [KEY-5], [DIPLO-10], [TRAIT-3]."""
    encounter = state.encounter
    assert encounter is not None and encounter.active is not None
    hero = state.hero(encounter.active)
    card = campaign.encounter[encounter.id]
    fewer = 1 if isinstance(card, CombatEncounter) and "defensive" in card.traits \
        and encounter.played == 1 else 0
    events: list[Event] = []
    for icon, times in icons:
        if encounter.escaping is not None or encounter.result is not None:
            break  # a deck too thin to draw forces an Escape, or the Encounter ended
        if icon in MARKERS:
            count = MARKERS[icon] * times
            less, fewer = min(fewer, count), fewer - min(fewer, count)
            if less:
                events.append(DefensiveTrait(less=less))
            events += effects.add_markers(encounter, count - less)
        elif icon in ("up", "down"):
            events += effects.move_affinity(campaign, encounter, times if icon == "up" else -times)
        elif icon == "draw":
            events += effects.draw(campaign, state, hero, times)
        elif icon == "discard_last":
            for _ in range(times):
                events += effects.discard_last(state)
    return events
