"""What happened, in words: one sentence an event (:data:`TOLD`, every event the engine
emits, tests/test_words.py), with the names of heroes, Locations and cards taken from the
campaign by id, in the language grail speaks; and the short lines with a tone the window's
"what changed" shows (:data:`CHANGES`).

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.events import HeroMoved
>>> event_text(load_pack(bundled_pack()), HeroMoved(hero="tamsin", origin=101, to=102))
'Tamsin Vell, the Herbwife goes from 101 Tallow Cross to 102 The Crown of Nine.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from grail.content import Campaign
from grail.engine import events as ev
from grail.lang import _, ngettext

from .dying import death_cause, dying_refusal
from .encounter import ENCOUNTER_TOLD, result_words
from .names import (
    capitalized,
    chance_point,
    deck_words,
    dial_words,
    encounter_name,
    event_title,
    full_name,
    hero_name,
    item_name,
    menhir_left,
    outcome_name,
    place_name,
    player_card_name,
    quest_name,
    resource_words,
    secret_name,
    skill_name,
    status_name,
    task_name,
    team_action_noun,
)

# --- an event, a sentence -----------------------------------------------------------------

TOLD_BY_OTHERS = frozenset({"chance_drawn"})
"""Events a player need not read: what a chance point drew is named by the events it
caused (the cards drawn, the die's face, the Event or Encounter revealed, the Item gained)
or is hidden (where an Event goes in its deck); the JSON output keeps them."""


def story(campaign: Campaign, events: Sequence[Any]) -> list[str]:
    """What an action did, as the player reads it: a sentence an event that tells
    something."""
    told = (event_text(campaign, event) for event in events
            if event.type not in TOLD_BY_OTHERS)
    return [sentence for sentence in told if sentence]


def entry_words(campaign: Campaign, entry_id: str) -> str:
    """A journal entry's text after its number, as the journal prints it, and its heading:
    "[101] The Reeve's Longhouse: ..."."""
    entry = campaign.entry.get(entry_id)
    if entry is None:
        return f"[{entry_id}]"
    if entry.title:
        return _("[{entry}] {title}: {text}").format(entry=entry_id, title=entry.title,
                                                    text=entry.text)
    return _("[{entry}] {text}").format(entry=entry_id, text=entry.text)


Teller = Callable[[Campaign, Any], str]


def _signed_changes(changes: dict[str, int]) -> str:
    return ", ".join(_("{amount:+d} {resource}").format(amount=amount,
                                                       resource=resource_words(name))
                     for name, amount in changes.items() if amount)


def _traded(campaign: Campaign, event: ev.Traded) -> str:
    thing = item_name(campaign, event.number) if event.what == "item" and event.number \
        is not None else secret_name(campaign, event.number) if event.what == "secret" and \
        event.number is not None else _("1 {resource}").format(resource=resource_words(event.what))
    return _("{hero} gives {thing} to {to}.").format(
        hero=full_name(campaign, event.hero), thing=thing, to=full_name(campaign, event.to))


def _team_proposed(campaign: Campaign, event: ev.TeamProposed) -> str:
    hero = hero_name(campaign, event.hero)
    if event.action == "travel" and event.to is not None:
        return _("{hero} proposes to travel to {place}; others on the Location may join.") \
            .format(hero=hero, place=place_name(campaign, event.to))
    return {"travel": _("{hero} proposes to travel; others on the Location may join."),
            "explore": _("{hero} proposes to explore; others on the Location may join."),
            "location_action": _("{hero} proposes to use the Location's action; others on "
                                 "the Location may join."),
            "character_action": _("{hero} proposes to use their character action; others "
                                  "on the Location may join."),
            "activate_menhir": _("{hero} proposes to activate the Menhir; others on the "
                                 "Location may join."),
            "option": _("{hero} proposes a journal option; others on the Location may "
                        "join.")}[event.action].format(hero=hero)


def _team_changed(campaign: Campaign, event: ev.TeamChanged) -> str:
    hero = hero_name(campaign, event.hero)
    if event.change == "joined":
        return _("{hero} joins {proposer}'s {action}.").format(
            hero=hero, proposer=hero_name(campaign, event.proposer),
            action=team_action_noun(event.action))
    if event.change == "cancelled":
        return _("{hero} takes back the {action}.").format(
            hero=hero, action=team_action_noun(event.action))
    if event.change == "unpaid":
        return _("{hero} cannot pay their share and is not covered: leaves.").format(hero=hero)
    return _("{hero} leaves before the action starts.").format(hero=hero)


def _guardian_moved(campaign: Campaign, event: ev.GuardianMoved) -> str:
    name = encounter_name(campaign, event.encounter)
    if event.face == "discard":
        return _("The Guardian {name} leaves the map.").format(name=name)
    if event.face == "wyrdness":
        return _("The Guardian {name} leaves the map: the Wyrdness took the Location under "
                 "it.").format(name=name)
    place = place_name(campaign, event.location) if event.location is not None else ""
    if event.face == "stay":
        return _("The Guardian {name} stays, at {place}.").format(name=name, place=place)
    return _("The Guardian {name} goes {direction}, to {place}.").format(
        name=name, direction=outcome_name(campaign, "guardian die", event.face).lower(),
        place=place)


def _damage_prevented(campaign: Campaign, event: ev.DamagePrevented) -> str:
    if event.amount <= 0:
        return ""  # a Response that prevents nothing tells nothing
    if event.feint:
        return _("{amount} damage would be prevented, but the enemy's Feint lets none be.") \
            .format(amount=event.amount)
    if event.total == event.amount:
        return _("{amount} damage of the enemy attack will be prevented.").format(
            amount=event.amount)
    return _("{amount} more damage of the enemy attack will be prevented ({total} in all).") \
        .format(amount=event.amount, total=event.total)


def _charges(campaign: Campaign, event: ev.ChargesChanged) -> str:
    card = player_card_name(campaign, event.card)
    if event.paid:
        return ngettext("{hero} pays {count} Charge of {card}.",
                        "{hero} pays {count} Charges of {card}.", event.paid).format(
            hero=full_name(campaign, event.hero), count=event.paid, card=card)
    return ngettext("{card} holds {count} Charge.", "{card} holds {count} Charges.",
                    event.charges).format(card=card, count=event.charges)


def _enemy_acts(campaign: Campaign, event: ev.EnemyActs) -> str:
    name = encounter_name(campaign, event.encounter)
    hero = full_name(campaign, event.hero) if event.hero is not None else ""
    return {"opportunity": _("{name} makes its Opportunity attack on {hero}."),
            "attack": _("{name} attacks {hero}."),
            "response": _("{name} responds to {hero}.")}[event.act].format(name=name, hero=hero)


def _approach(campaign: Campaign, event: ev.ApproachTaken) -> str:
    card = campaign.encounter.get(event.encounter)
    approaches = getattr(card, "approaches", None)
    if approaches:
        return _("Approach {number} ({name}) taken.").format(
            number=event.approach + 1, name=approaches[event.approach].name)
    return _("Approach {number} taken.").format(number=event.approach + 1)


def _dial_turned(campaign: Campaign, event: ev.DialTurned) -> str:
    dial = dial_words(event.dial)
    if event.by < 0:
        return _("The {dial} dial turns down {by}, to {value}.").format(
            dial=dial, by=-event.by, value=event.value)
    return _("The {dial} dial turns up {by}, to {value}.").format(dial=dial, by=event.by,
                                                                  value=event.value)


def _chance_asked(campaign: Campaign, event: ev.ChanceAsked) -> str:
    options = ", ".join(outcome_name(campaign, event.point, option) for option in event.options)
    return _("The table says: {point}? ({options})").format(
        point=chance_point(campaign, event.point), options=options)


def _resources(campaign: Campaign, event: ev.ResourcesChanged) -> str:
    changes = _signed_changes(event.changes)
    return _("{hero}: {changes}.").format(hero=full_name(campaign, event.hero),
                                         changes=changes) if changes else ""


def meter_reason(reason: str) -> str:
    """Why meters changed on their own, in words."""
    return {"no_menhir": _("no Menhir is left"),
            "wyrdness": _("the Wyrdness took the Location"),
            "rest_ate": _("rest: ate 1 Food"), "rest_hungry": _("rest: went hungry")}[reason]


def _part(event: ev.StatusMarked) -> str:
    return _(", part {part}").format(part=event.part) if event.part is not None else ""


TOLD: dict[str, Teller] = {
    "entry_read": lambda c, e: entry_words(c, e.entry),
    "dying_changed": lambda c, e: (
        _("{hero} falls to 0 Health and takes 'You Are Dying'.") if e.change == "taken"
        else _("{hero} heals and is no longer dying.")).format(hero=full_name(c, e.hero)),
    "going_mad_changed": lambda c, e: (
        _("{hero}'s Terror reaches the red: 'You Are Going Mad'.") if e.change == "taken"
        else _("{hero} is no longer going mad.")).format(hero=full_name(c, e.hero)),
    "hero_died": lambda c, e: _("{hero} dies ({cause}).").format(
        hero=full_name(c, e.hero), cause=death_cause(e.cause)),
    "energy_spent": lambda c, e: _("{hero} spends {amount} Energy.").format(
        hero=full_name(c, e.hero), amount=e.amount),
    "hero_moved": lambda c, e: _("{hero} goes from {origin} to {to}.").format(
        hero=full_name(c, e.hero), origin=place_name(c, e.origin), to=place_name(c, e.to)),
    "location_revealed": lambda c, e: _("{place} is revealed.").format(
        place=place_name(c, e.number)),
    "location_discarded": lambda c, e: _("{place} vanishes from the map.").format(
        place=place_name(c, e.number)),
    "menhir_dial_turned": lambda c, e: _("The Menhir at {place}: {left}.").format(
        place=place_name(c, e.location), left=menhir_left(e.dial)),
    "menhir_removed": lambda c, e: _("The Menhir at {place} goes dark.").format(
        place=place_name(c, e.location)),
    "hero_passed": lambda c, e: _("{hero} passes for the Day.").format(hero=full_name(c, e.hero)),
    "meters_changed": lambda c, e: _(
        "{hero}: Energy {energy}, Health {health}, Terror {terror}, Food {food} ({reason}).")
    .format(hero=full_name(c, e.hero), energy=e.energy, health=e.health, terror=e.terror,
            food=e.food, reason=meter_reason(e.reason)),
    "day_began": lambda c, e: _("Day {day} begins.").format(day=e.day),
    "resources_changed": _resources,
    "status_marked": lambda c, e: (
        _("Game Sheet: {status}{part} marked.") if e.marked
        else _("Game Sheet: {status}{part} cleared.")).format(status=status_name(c, e.status),
                                                              part=_part(e)),
    "card_gained": lambda c, e: (
        _("{hero} gains {card}.") if e.gained else _("{hero} loses {card}.")).format(
        hero=full_name(c, e.hero),
        card=item_name(c, e.number) if e.kind == "item" else secret_name(c, e.number)),
    "task_logged": lambda c, e: (
        _("Task opened: {task}.") if e.open else _("Task closed: {task}.")).format(
        task=task_name(c, e.task)),
    "quest_changed": lambda c, e: {
        "started": _("Quest started: {quest}."), "completed": _("Quest completed: {quest}."),
        "removed": _("Quest removed: {quest}.")}[e.change].format(quest=quest_name(c, e.quest)),
    "exploration_ended": lambda c, e: _("The exploration ends."),
    "chance_drawn": lambda c, e: _("Chance: {point}: {outcome}.").format(
        point=chance_point(c, e.point), outcome=outcome_name(c, e.point, e.outcome)),
    "chance_asked": _chance_asked,
    "campaign_ended": lambda c, e: {
        "story": _("The campaign is won."),
        "last_chapter": _("The last chapter ends: the campaign is won."),
        "no_mercy": _("The campaign ends, lost.")}[e.how],
    "game_lost": lambda c, e: _("The game is lost."),
    "token_moved": lambda c, e: {
        (True, "time"): _("A Time token is placed on {place}."),
        (True, "quest"): _("A Quest token is placed on {place}."),
        (False, "time"): _("A Time token is taken off {place}."),
        (False, "quest"): _("A Quest token is taken off {place}.")}[(e.placed, e.token)]
    .format(place=place_name(c, e.location)),
    "dial_set": lambda c, e: _("The {dial} dial is set to {value}.").format(
        dial=dial_words(e.dial), value=e.value),
    "dial_turned": _dial_turned,
    "dial_gone": lambda c, e: (
        _("The {dial} dial runs out.") if e.ran_out else _("The {dial} dial is removed."))
    .format(dial=dial_words(e.dial)),
    "dial_flipped": lambda c, e: (
        _("A dial is flipped: the Skull.") if e.face == "skull"
        else _("A dial is flipped: the Grail.")),
    "location_replaced": lambda c, e: _("{old} is replaced by {new}.").format(
        old=place_name(c, e.old), new=place_name(c, e.new)),
    "menhir_unlit": lambda c, e: _("No Menhir is lit at {place}: it is not on the map.").format(
        place=place_name(c, e.location)),
    "chapter_began": lambda c, e: _("Chapter {chapter} begins.").format(chapter=e.chapter),
    "event_revealed": lambda c, e: _("Event revealed: {event}.").format(
        event=event_title(c, e.event)),
    "random_events_placed": lambda c, e: ngettext(
        "{count} Random Event is put on the Event deck.",
        "{count} Random Events are put on the Event deck.", e.count).format(count=e.count),
    "event_added": lambda c, e: {
        "top": _("{event} is put on top of the Event deck."),
        "bottom": _("{event} is put at the bottom of the Event deck."),
        "shuffle": _("{event} is shuffled into the Event deck.")}[e.where].format(
        event=event_title(c, e.event)),
    "no_option_open": lambda c, e: _("No option of the choice is open: the reading goes on."),
    "story_mode_left": lambda c, e: _("Story mode is left: the game goes on in normal mode."),
    "mercy_given": lambda c, e: _("Saved by the Goddess: back to the start of chapter "
                                  "{chapter}.").format(chapter=e.chapter),
    "player_joined": lambda c, e: (
        _("{hero} joins at {place}, in place of the dead.") if e.replacing
        else _("{hero} joins the game at {place}.")).format(hero=full_name(c, e.hero),
                                                           place=place_name(c, e.at)),
    "player_left": lambda c, e: _("{hero} leaves the game.").format(hero=full_name(c, e.hero)),
    "secret_passed": lambda c, e: _("{secret} goes to {hero}.").format(
        secret=secret_name(c, e.secret), hero=full_name(c, e.to)),
    "traded": _traded,
    "item_cap_reached": lambda c, e: _("{hero} holds the most Items allowed: keep {item}?")
    .format(hero=full_name(c, e.hero), item=item_name(c, e.item)),
    "item_left": lambda c, e: _("{hero} leaves {item}.").format(hero=full_name(c, e.hero),
                                                                item=item_name(c, e.item)),
    "skill_offered": lambda c, e: (
        _("{hero} chooses a Skill of {attribute}.") if e.left
        else _("No Skill card of {attribute} is left.")).format(
        hero=full_name(c, e.hero), attribute=resource_words(e.attribute)),
    "skill_kept": lambda c, e: _("{hero} keeps the Skill {skill}.").format(
        hero=full_name(c, e.hero), skill=skill_name(c, e.skill)),
    "move_asked": lambda c, e: {
        "choose": _("{hero} chooses where to go."),
        "nowhere": _("There is no Location to move to."),
        "closed": _("The way to {place} is closed: another card holds its place.")}[e.outcome]
    .format(hero=full_name(c, e.hero), place=place_name(c, e.to) if e.to is not None else ""),
    "attribute_raised": lambda c, e: _("{hero} raises {attribute} to {value}.").format(
        hero=full_name(c, e.hero), attribute=resource_words(e.attribute), value=e.value),
    "upgrade_offered": lambda c, e: ngettext(
        "{hero} draws {count} {deck} card to choose from.",
        "{hero} draws {count} {deck} cards to choose from.", e.count).format(
        hero=full_name(c, e.hero), count=e.count, deck=deck_words(e.deck)),
    "deck_changed": lambda c, e: {
        "kept": _("{hero} adds {card} to the {deck} deck."),
        "set_aside": _("{hero} sets {card} aside from the {deck} deck."),
        "taken_back": _("{hero} puts {card} back in the {deck} deck.")}[e.change].format(
        hero=full_name(c, e.hero), card=player_card_name(c, e.card), deck=deck_words(e.deck)),
    "team_proposed": _team_proposed,
    "kept_out": lambda c, e: capitalized(dying_refusal(c, e.hero, e.limit, e.action)) + ".",
    "team_changed": _team_changed,
    "encounter_began": lambda c, e: (
        _("The Encounter deck is empty.") if e.encounter is None
        else (_("Encounter begins: {name}.") if e.fight
              else _("Encounter {name}: its text only.")).format(
            name=encounter_name(c, e.encounter))),
    "encounter_card_gone": lambda c, e: (
        _("{name} stays on the map.") if e.stays
        else _("{name} goes to the bottom of its deck.")).format(
        name=encounter_name(c, e.encounter)),
    "guardian_moved": _guardian_moved,
    "guardian_attacks": lambda c, e: _("The Guardian {name} attacks.").format(
        name=encounter_name(c, e.encounter)),
    "turn_began": lambda c, e: _("Turn {turn} begins.").format(turn=e.turn),
    "robbed": lambda c, e: _("The Thief takes all Wealth and every Item."),
    "panicked": lambda c, e: _("{hero} panics: the top card, {card}, is played first.").format(
        hero=full_name(c, e.hero), card=player_card_name(c, e.card)),
    "item_set_aside": lambda c, e: _("{hero} leaves {item} out of this Encounter.").format(
        hero=full_name(c, e.hero), item=item_name(c, e.item)),
    "mulliganed": lambda c, e: _("{hero} draws a new hand of {count}.").format(
        hero=full_name(c, e.hero), count=e.count),
    "not_in_a_fight": lambda c, e: _("No Encounter is under way: that does nothing."),
    "continue_given": lambda c, e: _("The next card plays as if it connected a continue key."),
    "damage_prevented": _damage_prevented,
    "attack_prevented": lambda c, e: _("The attack on {hero} is prevented.").format(
        hero=full_name(c, e.hero)),
    "discard_requested": lambda c, e: ngettext(
        "{hero} chooses {count} card to discard.", "{hero} chooses {count} cards to discard.",
        e.count).format(hero=full_name(c, e.hero), count=e.count),
    "charges_changed": _charges,
    "member_left": lambda c, e: _("{hero} leaves the Encounter.").format(
        hero=full_name(c, e.hero)),
    "escape_begun": lambda c, e: _("{hero} escapes.").format(hero=full_name(c, e.hero)),
    "encounter_decided": lambda c, e: _("The Encounter ends: {result}.").format(
        result=result_words(e.result)),
    "escape_dial": lambda c, e: (
        _("The dial shows the Skull: {hero} stays.") if e.face == "skull"
        else _("The dial shows the Grail.")).format(hero=full_name(c, e.hero)),
    "deck_thin": lambda c, e: _("{hero}'s deck is too thin to draw.").format(
        hero=full_name(c, e.hero)),
    "approach_taken": _approach,
    "stage_won": lambda c, e: (
        _("Stage won: {stage}.") if e.last
        else _("Stage won: {stage}; the marker goes back to grey.")).format(stage=e.stage),
    "enemy_acts": _enemy_acts,
    "defensive_trait": lambda c, e: ngettext(
        "The enemy is Defensive: {less} marker fewer from the activation's first card.",
        "The enemy is Defensive: {less} markers fewer from the activation's first card.",
        e.less).format(less=e.less),
    "time_token_lost": lambda c, e: _("{card} loses its last Time token.").format(
        card=player_card_name(c, e.card)),
    **ENCOUNTER_TOLD,
}
"""Each event in words, by its type; an empty sentence tells nothing (a change of
nothing)."""


def event_text(campaign: Campaign, event: Any) -> str:
    """One event as a sentence."""
    return TOLD[event.type](campaign, event)


# --- short lines with a tone, for the window's "what changed" ---------------------------

Tone = Literal["good", "bad", "plain"]

WORSE_WHEN_GAINED = frozenset({"terror"})
"""Meters a character would rather not gain."""


@dataclass(frozen=True)
class Change:
    """One line of what changed."""

    text: str
    tone: Tone = "plain"


def _signed(hero: str, name: str, amount: int) -> Change:
    worse = (amount > 0) == (name in WORSE_WHEN_GAINED)
    sign = "+" if amount > 0 else "\u2212"
    return Change(_("{hero}: {sign}{amount} {resource}").format(
        hero=hero, sign=sign, amount=abs(amount), resource=resource_words(name)),
        "bad" if worse else "good")


def _told(tone: Tone = "plain") -> Callable[[Campaign, Any], list[Change]]:
    """The event's sentence as its line, without the full stop."""
    return lambda campaign, event: [Change(text.rstrip("."), tone)] \
        if (text := event_text(campaign, event)) else []


def _better(campaign: Campaign, event: Any) -> list[Change]:
    better = getattr(event, "change", "") in ("healed", "given_back")
    return [Change(event_text(campaign, event).rstrip("."), "good" if better else "bad")]


CHANGES: dict[str, Callable[[Campaign, Any], list[Change]]] = {
    "resources_changed": lambda c, e: [_signed(hero_name(c, e.hero), name, amount)
                                       for name, amount in e.changes.items() if amount],
    "energy_spent": lambda c, e: [_signed(hero_name(c, e.hero), "energy", -e.amount)],
    "meters_changed": lambda c, e: [Change(_(
        "{hero}: Energy {energy}, Health {health}, Terror {terror}, Food {food} ({reason})")
        .format(hero=hero_name(c, e.hero), energy=e.energy, health=e.health, terror=e.terror,
                food=e.food, reason=meter_reason(e.reason)))],
    "status_marked": _told(),
    "card_gained": lambda c, e: [Change(text.rstrip("."), "good" if e.gained else "bad")
                                 for text in [event_text(c, e)]],
    "quest_changed": lambda c, e: [Change(event_text(c, e).rstrip("."),
                                          "good" if e.change == "completed" else "plain")],
    "task_logged": _told(),
    "hero_moved": lambda c, e: [Change(_("{hero} goes to {place}").format(
        hero=hero_name(c, e.hero), place=place_name(c, e.to)))],
    "location_revealed": lambda c, e: [Change(_("Revealed: {place}").format(
        place=place_name(c, e.number)))],
    "location_discarded": lambda c, e: [Change(_("Gone from the map: {place}").format(
        place=place_name(c, e.number)), "bad")],
    "encounter_ended": lambda c, e: [Change(_("{name}: {result}").format(
        name=encounter_name(c, e.encounter), result=result_words(e.result)),
        "good" if e.won else "bad")],
    "dying_changed": _better, "going_mad_changed": _better, "hero_died": _better,
    "day_began": _told(), "exploration_ended": _told(),
    **{kind: _told() for kind in (
        "campaign_ended", "game_lost", "token_moved", "dial_set", "dial_turned", "dial_gone",
        "dial_flipped", "location_replaced", "menhir_unlit", "chapter_began", "event_revealed",
        "random_events_placed", "event_added", "no_option_open", "story_mode_left",
        "mercy_given", "player_joined", "player_left", "secret_passed", "traded",
        "item_cap_reached", "item_left", "skill_offered", "skill_kept", "move_asked",
        "attribute_raised", "upgrade_offered", "deck_changed", "team_proposed", "kept_out",
        "team_changed", "encounter_began", "encounter_card_gone", "guardian_moved",
        "guardian_attacks", "robbed", "item_set_aside", "mulliganed")},
}
"""The lines each event makes in the window's "what changed"; an event not here is shown
elsewhere (:data:`SHOWN_ELSEWHERE`)."""

SHOWN_ELSEWHERE = frozenset({
    "entry_read", "chance_drawn", "chance_asked", "activated", "card_played", "pool_changed",
    "affinity_moved", "cards_drawn", "card_discarded", "magic_paid", "menhir_dial_turned",
    "menhir_removed", "hero_passed", "turn_began", "panicked", "not_in_a_fight",
    "continue_given", "damage_prevented", "attack_prevented", "discard_requested",
    "charges_changed", "member_left", "escape_begun", "encounter_decided", "escape_dial",
    "deck_thin", "approach_taken", "stage_won", "enemy_acts", "defensive_trait",
    "time_token_lost"})
"""Events whose news the window shows in a view of their own: an entry's text in the
journal, a fight's in the Encounter, the Menhirs and who passed on the map and its panel."""


def changes(campaign: Campaign, events: Sequence[Any]) -> list[Change]:
    """The lines of what changed, in the order it happened."""
    return [change for event in events if event.type in CHANGES
            for change in CHANGES[event.type](campaign, event)]
