"""Names of the game's things as the window shows them: heroes, Locations, cards, Items,
Secrets, Skill sides, and the outcomes of a chance point (an Encounter card's name for an
Encounter drawn, a card's name for a card drawn from a deck...); and a Combat or Diplomacy
card in a few lines, for a card shown whole (a card to keep after a deck upgrade): its
number and colour, its keys edge by edge, its Abilities as printed, its flavour text.

Only the campaign's content is read here: what may happen is always the engine's answer.

>>> from grail.content import load_pack, bundled_pack
>>> campaign = load_pack(bundled_pack())
>>> hero_name(campaign, "tamsin"), place_name(campaign, 101)
('Tamsin Vell', '101 Tallow Cross')
>>> outcome_name(campaign, "dial flip", "skull")
'Skull'
>>> for line in card_lines(campaign, "combat-16v")[:3]:
...     print(line)
Combat card 16V (green)
Left: Logic key at 3 gives +1 marker
Right: Empathy 1 at 1, Spirituality 1 at 3
"""

from __future__ import annotations

from collections.abc import Sequence

from grail.content import Campaign
from grail.content.cards import AttributeKey, BonusKey
from grail.engine.chance import point_of
from grail.engine.items import card_name
from grail.lang import _, ngettext


def hero_name(campaign: Campaign | None, hero_id: str) -> str:
    """A hero's short name (before the comma of "Tamsin Vell, the Herbwife"); its id when
    the campaign is unknown or lacks it."""
    hero = campaign.hero.get(hero_id) if campaign is not None else None
    return hero.short_name if hero is not None else hero_id


def full_name(campaign: Campaign, hero_id: str) -> str:
    """A hero's whole name ("Tamsin Vell, the Herbwife"), as the terminal reads it out; its
    id when the campaign lacks it."""
    return campaign.hero[hero_id].name if hero_id in campaign.hero else hero_id


def place_name(campaign: Campaign, number: int) -> str:
    """A Location's number and name."""
    location = campaign.location.get(number)
    return _("{number} {name}").format(number=number, name=location.name) \
        if location is not None else str(number)


def player_card_name(campaign: Campaign, card_id: str) -> str:
    """A Combat or Diplomacy card's name."""
    card = campaign.card.get(card_id)
    return card.name if card is not None else card_id


def item_name(campaign: Campaign, number: int) -> str:
    """An Item's name; "Item N" when the campaign lacks it."""
    return card_name(campaign, f"item:{number}") if number in campaign.item \
        else _("Item {number}").format(number=number)


def card_words(campaign: Campaign, card: str) -> str:
    """An Item, Secret or Skill card by its key ("item:3", "secret:2"): its name."""
    return card_name(campaign, card)


def challenge_rule_words(rule: str) -> str:
    """What a Challenge rule does [MODE-CHALLENGE-2]..[MODE-CHALLENGE-11]."""
    return {"upside_down_health": _("the Health marker upside down: Energy capped and Panic "
                                    "sooner"),
            "challenge_secret": _("start with the campaign's Challenge Secret"),
            "escape_by_dial": _("Escape at most once per activation, and only on a Grail"),
            "short_menhirs": _("Menhirs last 1 Day less"),
            "fewer_random_events": _("one Random Event fewer whenever some are placed"),
            "costly_upgrades": _("dearer deck upgrades and Attribute points"),
            "resource_cap": _("at most 20 of each resource, Exp excepted"),
            "item_cap": _("at most 5 Items per character"),
            "no_mercy": _("no Mother's Mercy: a lost game ends the campaign")}[rule]


def keyword_words(keyword: str) -> str:
    """An Item's or Secret's keyword [COMP-12]."""
    return {"weapon": _("Weapon"), "armor": _("Armor"), "shield": _("Shield"),
            "companion": _("Companion"), "relic": _("Relic")}.get(keyword, keyword)


def item_kind_words(keyword: str | None, craftable: bool) -> str:
    """An Item by kind, as a card may ask for one: "an Item", "a Shield Item", "a craftable
    Weapon Item" [ITEM-4]."""
    if craftable:
        return {"weapon": _("a craftable Weapon Item"), "armor": _("a craftable Armor Item"),
                "shield": _("a craftable Shield Item"),
                "companion": _("a craftable Companion Item"),
                "relic": _("a craftable Relic Item")}.get(keyword or "", _("a craftable Item"))
    return {"weapon": _("a Weapon Item"), "armor": _("an Armor Item"),
            "shield": _("a Shield Item"), "companion": _("a Companion Item"),
            "relic": _("a Relic Item")}.get(keyword or "", _("an Item"))


def secret_name(campaign: Campaign, number: int) -> str:
    """A Secret's name; "Secret N" when the campaign lacks it."""
    return card_name(campaign, f"secret:{number}") if number in campaign.secret \
        else _("Secret {number}").format(number=number)


def skill_name(campaign: Campaign, side: int) -> str:
    """A Skill side's name and the Attribute it supports."""
    found = campaign.skill_side.get(side)
    return _("{skill} ({attribute})").format(skill=found.name,
                                             attribute=resource_words(found.attribute)) \
        if found is not None else str(side)


def other_side(campaign: Campaign, side: int) -> int | None:
    """The other side of the Skill card that holds ``side`` (lost when ``side`` is kept)."""
    for skill in campaign.skills:
        if skill.front.number == side:
            return skill.back.number
        if skill.back.number == side:
            return skill.front.number
    return None


def encounter_label(campaign: Campaign, encounter_id: str) -> str:
    """An Encounter card's printed number (if any) and name."""
    card = campaign.encounter.get(encounter_id)
    if card is None:
        return encounter_id
    return _("{number} {name}").format(number=card.number, name=card.name) \
        if card.number is not None else card.name


def outcome_name(campaign: Campaign, point: str, outcome: str) -> str:
    """How a chance point's outcome reads on the table: the card, Item or Event it is, or
    the face of a die or a dial."""
    if outcome in campaign.encounter:
        return encounter_label(campaign, outcome)
    if outcome in campaign.card:
        return player_card_name(campaign, outcome)
    if outcome in campaign.event:
        return campaign.event[outcome].title
    if outcome.isdigit() and point == "Item deck":
        return item_name(campaign, int(outcome))
    if outcome.isdigit():
        return outcome  # a place in the Event deck
    return face_words(outcome)


def face_words(face: str) -> str:
    """A face of the Guardian die or of a dial."""
    return {"north": _("North"), "east": _("East"), "south": _("South"), "west": _("West"),
            "stay": _("Stay"), "discard": _("Leaves the map"), "skull": _("Skull"),
            "grail": _("Grail")}.get(face, face)


def chance_point(campaign: Campaign, point: str) -> str:
    """A chance point, in words: "Tamsin Vell draws a card", "draw a green Encounter"."""
    kind, fields = point_of(point)
    hero = hero_name(campaign, fields.get("hero", ""))
    deck = fields.get("deck", "")
    return {"hero_draws": _("{hero} draws a card"),
            "hero_turns_top": _("{hero} turns the top card"),
            "hero_discards_top": _("{hero} discards the top card"),
            "encounter_draw": _("draw a {deck} Encounter"),
            "advanced_pool": _("draw from the Advanced {deck} pool"),
            "random_event": _("reveal a Random Event"),
            "event_place": _("where {event} goes in the Event deck"),
            "item_deck": _("reveal from the Item deck"),
            "guardian_die": _("roll the Guardian die"),
            "dial_flip": _("flip a dial"),
            "escape_dial": _("flip the escape dial")}[kind].format(
        hero=hero, deck=colour_words(deck) if kind == "encounter_draw" else deck_words(deck),
        event=event_title(campaign, fields.get("event", "")))


def colour_words(deck: str) -> str:
    """An Encounter deck's colour [ENC-1]."""
    return {"green": _("green"), "grey": _("grey"), "purple": _("purple"),
            "blue": _("blue")}.get(deck, deck)


def deck_words(deck: str) -> str:
    """A character's deck: Combat or Diplomacy."""
    return {"combat": _("Combat"), "diplomacy": _("Diplomacy")}.get(deck, deck)


def resource_words(name: str) -> str:
    """A meter, a resource or an Attribute by its name in the game."""
    return {"energy": _("Energy"), "health": _("Health"), "terror": _("Terror"),
            "food": _("Food"), "wealth": _("Wealth"), "rep": _("Rep"), "magic": _("Magic"),
            "exp": _("Exp"), "aggression": _("Aggression"), "empathy": _("Empathy"),
            "courage": _("Courage"), "caution": _("Caution"), "logic": _("Logic"),
            "spirituality": _("Spirituality")}.get(name, name)


def team_action_noun(action: str) -> str:
    """A team's action as a noun ("Kerra joins Tamsin's exploration") [TEAM-1]."""
    return {"travel": _("Travel"), "explore": _("exploration"),
            "location_action": _("Location action"), "character_action": _("character action"),
            "activate_menhir": _("Menhir activation"),
            "option": _("journal option")}.get(action, action)


def encounter_name(campaign: Campaign, encounter_id: str) -> str:
    """An Encounter card's name; its id when the campaign lacks it."""
    card = campaign.encounter.get(encounter_id)
    return card.name if card is not None else encounter_id


def event_title(campaign: Campaign, event_id: str) -> str:
    """An Event's title; its id when the campaign lacks it."""
    event = campaign.event.get(event_id)
    return event.title if event is not None else event_id


def quest_name(campaign: Campaign, quest_id: str) -> str:
    """A Quest's name; its id when the campaign lacks it."""
    quest = campaign.quest.get(quest_id)
    return quest.name if quest is not None else quest_id


def icon_words(icon: str) -> str:
    """A bonus icon in words [KEY-5], [DIPLO-10]."""
    return {"marker": _("+1 marker"), "marker2": _("+2 markers"), "marker3": _("+3 markers"),
            "up": _("Affinity up"), "down": _("Affinity down"),
            "attribute": _("the Stage's bonus"), "draw": _("draw 1"), "continue": _("continue"),
            "discard_last": _("discard the last card"), "x2": _("double the next"),
            "cancel": _("cancel the next")}.get(icon, icon)


def _icons(icons: Sequence[str]) -> str:
    return ", ".join(icon_words(icon) for icon in icons) or _("nothing")


def _colour(colour: str) -> str:
    return {"green": _("green"), "blue": _("blue"), "brown": _("brown"),
            "grey": _("grey")}.get(colour, colour)


def card_lines(campaign: Campaign, card_id: str) -> list[str]:
    """The card in words, one line a part."""
    card = campaign.card.get(card_id)
    if card is None:
        return [card_id]
    kind = _("Combat card {number} ({colour})") if card.kind == "combat" \
        else _("Diplomacy card {number} ({colour})")
    head = kind.format(number=card.number, colour=_colour(card.colour))
    lines = [_("{card}, passive").format(card=head) if card.passive else head]
    left = [_("{attribute} key at {at} gives {icons}").format(
        attribute=resource_words(key.attribute), at=key.at, icons=_icons(key.bonus))
        if isinstance(key, BonusKey) else _("Magic key at {at} gives {icons}").format(
            at=key.at, icons=_icons(key.bonus)) for key in card.left]
    right = [_("{attribute} {level} at {at}").format(
        attribute=resource_words(key.attribute), level=key.level, at=key.at)
        if isinstance(key, AttributeKey) else _("Magic half at {at}").format(at=key.at)
        for key in card.right]
    if left:
        lines.append(_("Left: {keys}").format(keys="; ".join(left)))
    if right:
        lines.append(_("Right: {keys}").format(keys=", ".join(right)))
    if card.free:
        lines.append(_("Free key: {icons}").format(icons=_icons(card.free)))
    for ability in card.abilities:
        lines.append(ability.text or {
            "on_place": _("When placed"), "delayed": _("Delayed"),
            "enemy_attack": _("Enemy attack"), "response": _("Response"),
            "passive": _("Passive"), "spend_charges": _("Charges")}.get(ability.trigger,
                                                                       ability.trigger))
    if card.text:
        lines.append(card.text)
    return lines


def status_name(campaign: Campaign, status_id: str) -> str:
    """A Status by its Game Sheet name; its id when the sheet lacks it."""
    found = campaign.status.get(status_id)
    return found.name if found is not None else status_id


def task_name(campaign: Campaign, task: str, written: str | None = None) -> str:
    """A task as the task log shows it: its text [TASK-1], in the pack's language, else as the
    log kept it when it was opened (``written``), else its id in words."""
    return campaign.task.get(task, written or task.replace("-", " ")).rstrip(".")


def mode_name(mode: str) -> str:
    """A game's mode in words: "story mode", "normal mode", "challenge mode"."""
    return {"story": _("story mode"), "normal": _("normal mode"),
            "challenge": _("challenge mode")}.get(mode, mode)


def menhir_left(dial: int | None) -> str:
    """What a Menhir's dial has left [MENHIR-2]: "3 Days left", "1 Day left", its last Day
    once the dial is gone [DAY-START-3]."""
    if dial is None:
        return _("its last Day")
    return ngettext("{count} Day left", "{count} Days left", dial).format(count=dial)


def dial_words(dial: str) -> str:
    """A dial's name as an author wrote it, in words ("long fog")."""
    return dial.replace("-", " ")


def capitalized(text: str) -> str:
    """``text`` beginning with a capital, as a line begins."""
    return text[:1].upper() + text[1:]


