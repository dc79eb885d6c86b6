"""An Encounter under way, in plain lines for ``grail show`` and ``grail text`` (the
rulebook's card anatomy, Combat and Diplomacy): the Encounter card, the turn, the Sequence
left to right and the hands.

Everything here reads the state; what a card would give if played now comes from the
engine's key matching (:mod:`grail.engine.encounters.sequence`) against the edge the next
card meets (:func:`grail.engine.encounters.play.right_edge`), and whether it may be played
from ``game.legal_actions()``. Lines are plain words, no drawing a screen reader would spell.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from grail.content import Campaign
from grail.content.cards import AttributeKey, BonusKey, PlayerCard
from grail.content.encounters import CombatEncounter, DiplomacyEncounter
from grail.engine.actions import PlayCard
from grail.engine.encounters.hands import deck
from grail.engine.encounters.play import Edge, right_edge, stage_bonus, stages
from grail.engine.encounters.sequence import (
    Meeting,
    connects,
    covered,
    markers,
    meetings,
    placing,
    read,
)
from grail.engine.game import Game
from grail.engine.state import EncounterState
from grail.engine.upgrades import attribute
from grail.lang import N_, Messages, _, listed, ngettext

from .effects import ability_lines, effects_words
from .names import colour_words, full_name, player_card_name, resource_words
from .refusals import refusal_words

TRAITS = Messages({
    "ambush": N_("the first active character discards down to 1 card"),
    "sudden": N_("the first active character suffers 2 damage"),
    "defensive": N_("each activation's first card adds 1 marker fewer"),
    "swift": N_("at most 2 cards an activation"),
    "feint": N_("its attack's damage cannot be prevented"),
    "guardian": N_("stays on the map if not defeated"),
    "horde": N_("its attack discards the top 2 cards of the deck"),
    "opportunist": N_("fewer than 2 cards played bring the Opportunity attack"),
    "fury": N_("it attacks twice"), "thief": N_("robs a team all at 1 Health or less"),
    "destruction": N_("the Weapons used are discarded at the end"),
    "slow": N_("each member draws 1 card more")})
"""The traits in a few words [TRAIT-1]..[TRAIT-12]."""

TRAIT_NAMES = Messages({
    "ambush": N_("Ambush"), "sudden": N_("Sudden"), "defensive": N_("Defensive"),
    "swift": N_("Swift"), "feint": N_("Feint"), "guardian": N_("Guardian"),
    "horde": N_("Horde"), "opportunist": N_("Opportunist"), "fury": N_("Fury"),
    "thief": N_("Thief"), "destruction": N_("Destruction"), "slow": N_("Slow")})
"""The traits' names [TRAIT-1]..[TRAIT-12]."""


def encounter_lines(game: Game, full: bool = True) -> list[str]:
    """The Encounter under way, or nothing when there is none. ``full``: with all the card
    says (traits, the whole Combat table, the Affinity track, Response and Failure); else
    only what changes as it is played (the pool and the attack it brings now, the marker,
    the Stage), then the turn, the Sequence and the hands."""
    encounter = game.state.encounter
    if encounter is None:
        return []
    card = game.campaign.encounter[encounter.id]
    lines = _combat(game, card, encounter, full) if isinstance(card, CombatEncounter) \
        else _diplomacy(game, card, encounter, full)
    if encounter.result is not None:
        return [*lines, _("The Encounter is over: {result}.").format(
            result=result_words(encounter.result))]
    return [*lines, *_turn(game, encounter), *_sequence(game, encounter), *_hands(game, encounter)]


def _pool(low: int | None, high: int | None) -> str:
    if high is None:
        return _("pool {low} or more").format(low=low or 0)
    return _("pool {low}").format(low=low or 0) if low == high \
        else _("pool {low} to {high}").format(low=low or 0, high=high)


def _combat(game: Game, card: CombatEncounter, encounter: EncounterState, full: bool) -> list[str]:
    """The Combat card: value and pool, traits, the Combat table with the pool's row marked,
    the Opportunity attack [COMBAT-13], [COMBAT-11]."""
    state = game.state
    rows = []
    for row in card.attack:
        low, high = row.pool
        now = (low or 0) <= encounter.pool and (high is None or encounter.pool <= high)
        attack = effects_words(game.campaign, state, row.effects)
        rows.append(((_("  {pool} (now): {attack}.") if now else _("  {pool}: {attack}."))
                     .format(pool=_pool(low, high), attack=attack), now, row.effects))
    attack = next(effects_words(game.campaign, state, effects) for _row, now, effects in rows if now)
    lines = [_("Combat: {name} ({deck} deck, level {level}). The pool holds {pool} of the "
               "{value} markers needed; the enemy attack at this pool: {attack}.").format(
        name=card.name, deck=colour_words(card.deck), level=card.level, pool=encounter.pool,
        value=card.value, attack=attack)]
    if not full:
        return lines
    if card.traits:
        lines.append(_("Traits: {traits}.").format(traits="; ".join(
            _("{trait} ({does})").format(trait=TRAIT_NAMES[trait], does=TRAITS[trait])
            for trait in card.traits)))
    lines.append(_("Combat table, the enemy attack for the pool:"))
    lines += [line for line, _now, _effects in rows]
    lines.append(_("Opportunity attack: {attack}.").format(
        attack=effects_words(game.campaign, state, card.opportunity)))
    return lines


def _diplomacy(game: Game, card: DiplomacyEncounter, encounter: EncounterState,
               full: bool) -> list[str]:
    """The Diplomacy card: the Affinity track with the marker, the Stage and its bonus per
    Attribute, the Response [DIPLO-2], [DIPLO-3], [DIPLO-5], [DIPLO-11]."""
    state = game.state
    track = card.affinity
    played = stages(card, encounter)
    stage = played[encounter.stage]
    where = _("green") if encounter.affinity > 0 else _("red") if encounter.affinity < 0 \
        else _("grey")
    head = _("Diplomacy: {name} ({deck} deck, level {level})").format(
        name=card.name, deck=colour_words(card.deck), level=card.level)
    if card.approaches is not None and encounter.approach is not None:
        head = _("{diplomacy}, approach {approach}").format(
            diplomacy=head, approach=card.approaches[encounter.approach].name)
    lines = [_("{diplomacy}, Stage {stage} of {stages}: {name}.").format(
        diplomacy=head, stage=encounter.stage + 1, stages=len(played), name=stage.name),
             _("The marker is on {affinity}, {where}: {up} up to the top, {down} down to the "
               "bottom.").format(affinity=encounter.affinity, where=where,
                                 up=track.green - encounter.affinity,
                                 down=encounter.affinity + track.red)]
    if not full:
        return lines
    red = [_("{space} (the bottom, Failure)").format(space=space) if space == -track.red
           else str(space) for space in range(-track.red, 0)]
    lines.insert(1, _("Affinity track from the bottom: red {red}; grey 0; green {green} (the "
                      "top, the Stage is won).").format(
        red=", ".join(red), green=", ".join(str(space) for space in range(1, track.green + 1))))
    bonus = "; ".join(_("{attribute} {icons}").format(attribute=resource_words(name),
                                                      icons=icons_text(read(icons), False))
                      for name, icons in stage.bonus.model_dump(exclude_none=True).items())
    if stage.text:
        lines.append(_("The Stage: {text}").format(text=stage.text))
    lines.append(_("Attribute bonus in this Stage: {bonus}.").format(bonus=bonus or _("none")))
    lines.append(_("Response: {effects}.").format(
        effects=effects_words(game.campaign, state, stage.response)))
    lines.append(_("Failure: {effects}.").format(
        effects=effects_words(game.campaign, state, card.failure)))
    return lines


def _turn(game: Game, encounter: EncounterState) -> list[str]:
    """The turn, who is active and who is still to activate [COMBAT-5]; Panic's top card
    [COMBAT-22]; the keys the next card meets [ANAT-11]."""
    if encounter.turn == 0:
        return [_("The first turn has not begun.")]

    def name(hero_id: str) -> str:
        return full_name(game.campaign, hero_id)

    waiting = [name(member) for member in encounter.heroes if member not in encounter.activated]
    active = ngettext("{hero} is active, {count} card played",
                      "{hero} is active, {count} cards played", encounter.played).format(
        hero=name(encounter.active), count=encounter.played) if encounter.active \
        else _("Nobody is active")
    lines = [_("Turn {turn}. {active}. Still to activate this turn: {waiting}.").format(
        turn=encounter.turn, active=active, waiting=", ".join(waiting) or _("nobody"))]
    if encounter.forced is not None and encounter.active is not None:
        lines.append(_("Panic: {hero} plays first the top card of the deck, {card}.").format(
            hero=name(encounter.active), card=game.campaign.card[encounter.forced].name))
    if encounter.free_continue:
        lines.append(_("The next card plays as if it connected a continue key."))
    lines.append(_("The next card meets: {keys}.").format(
        keys=_edge(right_edge(game.campaign, encounter))))
    return lines


def _edge(edge: Edge) -> str:
    keys = [_("key {at} {attribute} level {level}").format(
        at=key.at, attribute=resource_words(key.attribute), level=key.level)
        if isinstance(key, AttributeKey) else _("key {at} Magic").format(at=key.at)
        for key in sorted(edge, key=lambda key: key.at)]
    return ", ".join([*keys, _("the free key")])


def _sequence(game: Game, encounter: EncounterState) -> list[str]:
    """The Sequence left to right: each card's keys that connected, Magic on keys, Time
    tokens, Charges, and whether its Ability is covered [ANAT-6], [ANAT-7], [ANAT-10],
    [KEY-3]."""
    campaign = game.campaign
    if not encounter.sequence:
        return [_("Sequence: no card yet.")]
    lines = [ngettext("Sequence, left to right, {count} card:",
                      "Sequence, left to right, {count} cards:", len(encounter.sequence))
             .format(count=len(encounter.sequence))]
    edge: Edge = [key for key in campaign.encounter[encounter.id].right
                  if isinstance(key, AttributeKey)]
    for index, placed in enumerate(encounter.sequence):
        card = campaign.card[placed.card]
        meets = meetings(edge, card)
        joined = [m for m in meets if connects(m, _levels(game, placed.owner), placed.magic)]
        parts = [_("connected: {keys}").format(keys=", ".join(_key(m) for m in joined))]
        missed = [_key(m) for m in meets if m not in joined]
        if missed:
            parts.append(_("joined, not connected: {keys}").format(keys=", ".join(missed)))
        parts += [_("1 Magic on key {at}").format(at=at) for at in placed.magic]
        if placed.tokens:
            parts.append(ngettext("{count} Time token", "{count} Time tokens", placed.tokens)
                         .format(count=placed.tokens))
        if placed.charges:
            parts.append(ngettext("{count} Charge", "{count} Charges", placed.charges)
                         .format(count=placed.charges))
        if card.abilities:
            parts.append(_("Ability covered") if covered(encounter.sequence, index, card.passive)
                         else _("Ability active"))
        lines.append(_("  {number}. {card} ({hero}): {parts}.").format(
            number=index + 1, card=card.name, hero=full_name(campaign, placed.owner),
            parts="; ".join(parts)))
        edge = list(card.right)
    return lines


def _key(meeting: Meeting) -> str:
    if meeting.kind == "attribute":
        return _("{attribute} key {at}").format(attribute=resource_words(meeting.attribute or ""),
                                                at=meeting.at)
    return _("Magic key {at}").format(at=meeting.at) if meeting.kind == "magic" \
        else _("the free key")


def _hands(game: Game, encounter: EncounterState) -> list[str]:
    """Every member's hand, deck and discards: the active character's hand card by card,
    with what each would give and whether it may be played now; the others' hand sizes
    (their cards too while nobody is active, to mulligan or choose who acts)."""
    campaign, state = game.campaign, game.state
    lines = []
    for member in encounter.heroes:
        hand = encounter.hands.get(member, [])
        counts = ngettext(
            "{hero}: {count} card in hand, {deck} in the deck, {discarded} discarded",
            "{hero}: {count} cards in hand, {deck} in the deck, {discarded} discarded",
            len(hand)).format(hero=full_name(campaign, member), count=len(hand),
                              deck=len(deck(campaign, state, state.hero(member))),
                              discarded=len(encounter.discards.get(member, [])))
        if member == encounter.active:
            lines.append(_("{counts}. The hand:").format(counts=counts) if hand
                         else _("{counts}.").format(counts=counts))
            lines += [f"  {line}" for line in hand_lines(game, member)]
        elif encounter.active is None and hand:
            lines.append(_("{counts}: {cards}.").format(
                counts=counts, cards=", ".join(campaign.card[c].name for c in hand)))
        else:
            lines.append(_("{counts}.").format(counts=counts))
    return lines


def hand_lines(game: Game, hero_id: str) -> list[str]:
    """Each card in the active character's hand: what its keys give if played now, for
    each way to pay the Magic Keys that meet, and whether it may be played now."""
    encounter = game.state.encounter
    assert encounter is not None
    legal = [action for action in game.legal_actions()
             if isinstance(action, PlayCard) and action.hero == hero_id]
    lines = []
    for card_id in encounter.hands.get(hero_id, []):
        card = game.campaign.card[card_id]
        magic = [m.at for m in meetings(right_edge(game.campaign, encounter), card)
                 if m.kind == "magic"]
        ways = [list(paid) for size in range(len(magic) + 1)
                for paid in combinations(magic, size)]
        gives = [gain(game, hero_id, card, paid) if not paid else _(
            "paying Magic {keys}: {gain}").format(keys=_keys(paid),
                                                  gain=gain(game, hero_id, card, paid))
                 for paid in ways]
        open_ = [paid for paid in ways if any(
            action.card == card_id and sorted(at for at, _payer in action.magic) == paid
            for action in legal)]
        if not open_:
            reason = refusal_words(game.campaign, game.refusal(PlayCard.of(hero=hero_id,
                                                                          card=card_id)))
            can = _("Cannot be played now: {why}.").format(why=reason)
        elif len(open_) == len(ways):
            can = _("Can be played.")
        else:
            can = _("Can be played {ways}.").format(ways=_(" or ").join(
                _("paying Magic {keys}").format(keys=_keys(paid)) if paid
                else _("without paying") for paid in open_))
        abilities = "".join(f" {line.rstrip('.')}." for line in
                            ability_lines(game.campaign, game.state, card))
        lines.append(_("{card}: {gives}.{abilities} {can}").format(
            card=card.name, gives="; ".join(gives), abilities=abilities, can=can))
    return lines


def _levels(game: Game, hero_id: str) -> Callable[[str], int]:
    """The character's level in each Attribute, as key matching reads it [KEY-2]."""
    hero = game.state.hero(hero_id)
    return lambda name: attribute(game.campaign, hero, name)


def _keys(positions: list[int]) -> str:
    return ngettext("key {keys}", "keys {keys}", len(positions)).format(
        keys=_(" and ").join(map(str, positions)))


def gain(game: Game, hero_id: str, card: PlayerCard, paid: list[int]) -> str:
    """What the card's keys give if the character places it now with the Magic Keys at
    ``paid`` paid [COMBAT-9], [KEY-5], [DIPLO-10], [DIPLO-11], and which keys connect."""
    campaign, encounter = game.campaign, game.state.encounter
    assert encounter is not None
    meets = meetings(right_edge(campaign, encounter), card)
    level = _levels(game, hero_id)
    placed = placing(meets, level, paid, stage_bonus(campaign, encounter))
    keys = ", ".join(_key(m) for m in meets if connects(m, level, paid))
    return _("{icons} ({keys})").format(icons=icons_text(list(placed.icons), placed.continues),
                                        keys=keys)


def icons_text(icons: list[tuple[str, int]], continues: bool) -> str:
    """Bonus icons as key matching reads them, (icon, times) in the order they resolve,
    in words; ``continues``: a continue key connected [KEY-5], [DIPLO-10].

    >>> icons_text([("marker", 1), ("marker2", 1), ("draw", 1)], True)
    '+3 markers, draw 1, continue'
    """
    parts: list[tuple[str, int]] = []
    for icon, times in icons:
        kind = "marker" if icon.startswith("marker") else icon
        count = markers([(icon, times)]) if kind == "marker" else times
        if parts and parts[-1][0] == kind:
            parts[-1] = (kind, parts[-1][1] + count)
        else:
            parts.append((kind, count))
    said = [_icon_words(kind, count) for kind, count in parts] \
        + ([_("continue")] if continues else [])
    return ", ".join(said) or _("nothing")


def _icon_words(kind: str, count: int) -> str:
    if kind == "marker":
        return ngettext("+{count} marker", "+{count} markers", count).format(count=count)
    if kind in ("up", "down", "draw"):
        return {"up": _("up {count}"), "down": _("down {count}"),
                "draw": _("draw {count}")}[kind].format(count=count)
    if kind == "discard_last":
        return _("discard the last card") if count <= 1 \
            else _("discard the last card {count} times").format(count=count)
    return {"continue": _("continue"), "x2": _("x2"), "cancel": _("cancel"),
            "attribute": _("attribute")}.get(kind, kind) if count <= 1 \
        else _("{icon} {count} times").format(icon=kind, count=count)


def result_words(result: str) -> str:
    """How an Encounter ended, in words [ENC-4]."""
    return {"won": _("won"), "fled": _("the enemy fled"), "failed": _("Failure"),
            "escaped": _("everyone escaped"), "robbed": _("the Thief took everything"),
            "avoided": _("avoided"), "fallen": _("nobody was left standing")}.get(result, result)


def _card_played(campaign: Campaign, event: Any) -> str:
    keys = [_connected(campaign, event.card, key) for key in event.connected]
    hero, card = full_name(campaign, event.hero), player_card_name(campaign, event.card)
    gives = icons_text([_icon(icon) for icon in event.icons], False) if event.icons else ""
    if keys and gives:  # what the keys give; an enemy's trait may change it
        return ngettext("{hero} plays {card}: {keys} connects; its keys: {gives}.",
                        "{hero} plays {card}: {keys} connect; its keys: {gives}.",
                        len(keys)).format(hero=hero, card=card, keys=listed(keys), gives=gives)
    if keys:
        return ngettext("{hero} plays {card}: {keys} connects.",
                        "{hero} plays {card}: {keys} connect.", len(keys)).format(
            hero=hero, card=card, keys=listed(keys))
    if gives:
        return _("{hero} plays {card}; its keys: {gives}.").format(hero=hero, card=card,
                                                                  gives=gives)
    return _("{hero} plays {card}.").format(hero=hero, card=card)


def _moved(what: str, now: int, change: int) -> str:
    if change > 0:
        return {"pool": _("The Combat pool goes up by {by} to {now}."),
                "affinity": _("The Affinity marker goes up by {by} to {now}.")}[what].format(
            by=change, now=now)
    if change < 0:
        return {"pool": _("The Combat pool goes down by {by} to {now}."),
                "affinity": _("The Affinity marker goes down by {by} to {now}.")}[what].format(
            by=-change, now=now)
    return {"pool": _("The Combat pool stays at {now}."),
            "affinity": _("The Affinity marker stays at {now}.")}[what].format(now=now)


def _discarded(campaign: Campaign, event: Any) -> str:
    return {"hand": _("{hero} discards {card} from hand."),
            "deck": _("{hero} discards {card} from the top of the deck."),
            "sequence": _("{hero} discards {card} from the Sequence.")}[event.source].format(
        hero=full_name(campaign, event.hero), card=player_card_name(campaign, event.card))


def _ended(campaign: Campaign, event: Any) -> str:
    card = campaign.encounter.get(event.encounter)
    name = card.name if card is not None else event.encounter
    if event.won:
        return _("The Encounter with {name} is won.").format(name=name)
    return _("The Encounter with {name} is over: {result}.").format(
        name=name, result=result_words(event.result))


ENCOUNTER_TOLD: dict[str, Callable[[Campaign, Any], str]] = {
    "activated": lambda c, e: _("Turn {turn}: {hero} is active.").format(
        turn=e.turn, hero=full_name(c, e.hero)),
    "card_played": _card_played,
    "pool_changed": lambda c, e: _moved("pool", e.pool, e.change),
    "affinity_moved": lambda c, e: _moved("affinity", e.affinity, e.change),
    "cards_drawn": lambda c, e: _("{hero} draws {cards}.").format(
        hero=full_name(c, e.hero), cards=listed([player_card_name(c, card) for card in e.cards])
        or _("no card")),
    "card_discarded": _discarded,
    "magic_paid": lambda c, e: _("{hero} pays 1 Magic for Magic key {at}; it stays on the "
                                 "key.").format(hero=full_name(c, e.hero), at=e.at),
    "encounter_ended": _ended,
}
"""The events of an Encounter's board, in words (grail/words/events.py tells the rest)."""


def _connected(campaign: Campaign, card_id: str, key: str) -> str:
    """A key named in a CardPlayed event ('attribute 1', 'magic 2', 'free') in words."""
    kind, _sep, at = key.partition(" ")
    if kind == "free":
        return _("the free key")
    if kind == "magic":
        return _("Magic key {at}").format(at=at)
    card = campaign.card.get(card_id)
    found = next((k for k in card.left if str(k.at) == at and isinstance(k, BonusKey)), None) \
        if card is not None else None
    return _("{attribute} key {at}").format(attribute=resource_words(found.attribute), at=at) \
        if found is not None else key


def _icon(text: str) -> tuple[str, int]:
    """'marker x2' as ('marker', 2)."""
    icon, _, times = text.partition(" x")
    return icon, int(times) if times.isdigit() else 1
