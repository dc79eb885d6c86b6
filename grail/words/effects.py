"""An effect list in a player's words: a Combat-table row, a Response, an Ability, a
Failure, a card's use, as every front end shows them. One wording a kind of effect
(:data:`EFFECT_WORDS`, every effect of the content language, tests/test_words.py), names
taken from the campaign by id, amounts worked out for the game as it stands.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> effects_words(game.campaign, game.state, [{"damage": 2}, {"remove_markers": 1},
...                                           {"gain": {"terror": 1}}])
'2 damage, remove 1 marker, gain 1 Terror'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from grail.content import Campaign
from grail.content import effects as fx
from grail.content import encounter_effects as efx
from grail.content.amounts import Amounts, Count
from grail.content.encounters import deck_kind
from grail.content.keyed import Keyed
from grail.engine.amounts import amount_of
from grail.engine.state import GameState, HeroState
from grail.lang import _, ngettext

from .conditions import needed
from .names import (
    colour_words,
    dial_words,
    encounter_label,
    event_title,
    item_kind_words,
    item_name,
    place_name,
    quest_name,
    resource_words,
    secret_name,
    status_name,
    task_name,
)


@cache
def _effect_type() -> TypeAdapter[Any]:
    """An effect written as data, read as its model: built when first needed, as the
    content's validators are."""
    return TypeAdapter(fx.Effect)


def cost_words(campaign: Campaign, state: GameState, cost: Amounts | None,
               payer: HeroState | None = None) -> str:
    """A cost in words, as ``payer`` would pay it: '2 Wealth, 1 Energy'; empty for none."""
    return ", ".join(_("{amount} {resource}").format(
        amount=amount_of(campaign, value, state, payer), resource=resource_words(name))
        for name, value in (cost.items() if cost else []))


def signed_cost(campaign: Campaign, state: GameState, cost: Amounts | None,
                payer: HeroState | None = None) -> str:
    """A cost as an action's words add it: ", -1 Food, -1 Energy"; empty for none."""
    return "".join(_(", -{amount} {resource}").format(
        amount=amount_of(campaign, value, state, payer), resource=resource_words(name))
        for name, value in (cost.items() if cost else []))


def _counted(count: Count) -> str:
    """What a counted amount counts, one of them in words [ANAT-8]."""
    return {"attribute": _("point of {attribute}"),
            "joined_keys": _("{attribute} key joined in the Sequence"),
            "connected_magic_keys": _("paid Magic Key in the Sequence"),
            "cards_in_hand": _("card in hand"), "charges": _("Charge on the card"),
            "items": _("Item held"), "secrets": _("Secret held"),
            "revealed_locations": _("revealed Location")}[count.count].format(
        attribute=resource_words(count.attribute or ""))


Unit = Callable[[int], str]


def _amount(campaign: Campaign, state: GameState, value: Any, unit: Unit) -> str:
    """An amount with its unit: '2 markers', '1 marker per paid Magic Key in the Sequence'."""
    if isinstance(value, Count):
        per = _("{amount} per {counted}").format(amount=unit(value.times),
                                                 counted=_counted(value))
        return _("{amount}, plus {plus}").format(amount=per, plus=value.plus) if value.plus \
            else per
    return unit(amount_of(campaign, value, state))


def _of(resource: str) -> Unit:
    return lambda amount: _("{amount} {resource}").format(amount=amount,
                                                          resource=resource_words(resource))


def _amounts(campaign: Campaign, state: GameState, amounts: Amounts) -> str:
    return ", ".join(_amount(campaign, state, value, _of(name)) for name, value in amounts.items())


def _counting(singular: str, plural: str) -> Unit:
    return lambda count: ngettext(singular, plural, count).format(count=count)


def _mark(campaign: Campaign, effect: fx.Mark | fx.Unmark) -> str:
    mark = effect.mark if isinstance(effect, fx.Mark) else effect.unmark
    if isinstance(effect, fx.Mark):
        text = _("mark {status}") if mark.part is None else _("mark {status}, part {part}")
    else:
        text = _("erase {status}") if mark.part is None else _("erase {status}, part {part}")
    return text.format(status=status_name(campaign, mark.status), part=mark.part)


def _if(campaign: Campaign, state: GameState, effect: fx.If) -> str:
    then = effects_words(campaign, state, effect.then)
    if effect.else_:
        return _("(if {condition}: {then}; otherwise {otherwise})").format(
            condition=needed(campaign, effect.if_), then=then,
            otherwise=effects_words(campaign, state, effect.else_))
    return _("(if {condition}: {then})").format(condition=needed(campaign, effect.if_),
                                                then=then)


def _move(campaign: Campaign, effect: fx.Move) -> str:
    where = effect.move
    if where.location is not None:
        return _("move to {place}").format(place=place_name(campaign, where.location))
    return {"lowest_revealed": _("move to the lowest revealed Location"),
            "highest_revealed": _("move to the highest revealed Location"),
            "any_connected": _("move to a connected Location of your choice"),
            "any_revealed": _("move to a revealed Location of your choice")}.get(
        where.rule or "", _("move"))


def _where(where: str) -> str:
    return {"top": _("on top of the Event deck"), "bottom": _("at the bottom of the Event deck"),
            "shuffle": _("shuffled into the Event deck")}[where]


def _item_loss(campaign: Campaign, loss: fx.ItemLoss) -> str:
    if loss.number is not None:
        return _("lose {item}").format(item=item_name(campaign, loss.number))
    kind = item_kind_words(loss.keyword, False)
    return _("lose {item}").format(item=kind) if loss.count == 1 or (loss.count is None \
        and loss.keyword is None) else _("lose every {item}").format(item=kind) \
        if loss.count is None else ngettext("lose {count} {item}", "lose {count} {item}",
                                            loss.count).format(count=loss.count, item=kind)


Say = Callable[[Campaign, GameState, Any], str]

EFFECT_WORDS: dict[type, Say] = {
    fx.Gain: lambda c, s, e: _("gain {amounts}").format(amounts=_amounts(c, s, e.gain)),
    fx.Lose: lambda c, s, e: _("lose {amounts}").format(amounts=_amounts(c, s, e.lose)),
    fx.SetMeters: lambda c, s, e: _("set {meters}").format(meters=", ".join(
        _("{meter} to {value}").format(meter=resource_words(name),
                                      value=_amount(c, s, value, str))
        for name, value in e.set.items())),
    fx.Damage: lambda c, s, e: _amount(c, s, e.damage, _counting("{count} damage",
                                                                 "{count} damage")),
    efx.Prevent: lambda c, s, e: _("prevent {amount}").format(
        amount=_amount(c, s, e.prevent, _counting("{count} damage", "{count} damage"))),
    fx.Mark: lambda c, s, e: _mark(c, e),
    fx.Unmark: lambda c, s, e: _mark(c, e),
    fx.GainSecret: lambda c, s, e: _("gain {secret}").format(secret=secret_name(c, e.gain_secret)),
    fx.LoseSecret: lambda c, s, e: _("lose {secret}").format(secret=secret_name(c, e.lose_secret)),
    fx.GainItem: lambda c, s, e: _("gain {item}").format(
        item=item_name(c, e.gain_item.number) if e.gain_item.number is not None
        else item_kind_words(e.gain_item.keyword, bool(e.gain_item.craftable))),
    fx.LoseItem: lambda c, s, e: _item_loss(c, e.lose_item),
    fx.GainSkill: lambda c, s, e: _("gain a Skill of {attribute}").format(
        attribute=resource_words(e.gain_skill)),
    fx.RaiseAttributes: lambda c, s, e: ", ".join(
        _("+{points} {attribute}").format(points=getattr(e.attribute_bonus, name),
                                          attribute=resource_words(name))
        for name in type(e.attribute_bonus).model_fields
        if getattr(e.attribute_bonus, name) is not None),
    fx.DrawEncounter: lambda c, s, e: (
        _("a {colour} Encounter") if deck_kind(e.draw_encounter.deck) == "diplomacy"
        else _("a {colour} Encounter: a fight")).format(
        colour=colour_words(e.draw_encounter.deck)),
    fx.StartEncounter: lambda c, s, e: _("an Encounter: {name}").format(
        name=encounter_label(c, e.start_encounter.id)),
    efx.AddMarkers: lambda c, s, e: _amount(c, s, e.add_markers, _counting(
        "+{count} marker", "+{count} markers")),
    efx.RemoveMarkers: lambda c, s, e: _("remove {amount}").format(amount=_amount(
        c, s, e.remove_markers, _counting("{count} marker", "{count} markers"))),
    efx.MoveAffinity: lambda c, s, e: (
        (_("marker up {count}") if e.affinity >= 0 else _("marker down {count}")).format(
            count=abs(e.affinity)) if isinstance(e.affinity, int)
        else _("marker up {amount}").format(amount=_amount(c, s, e.affinity, _counting(
            "{count} space", "{count} spaces")))),
    efx.Draw: lambda c, s, e: _("draw {amount}").format(
        amount=_amount(c, s, e.draw, _counting("{count} card", "{count} cards"))),
    efx.Discard: lambda c, s, e: _("discard {amount}").format(
        amount=_amount(c, s, e.discard, _counting("{count} card", "{count} cards"))),
    efx.DiscardFromDeck: lambda c, s, e: _("discard {amount} from the top of the deck").format(
        amount=_amount(c, s, e.discard_from_deck, _counting("{count} card", "{count} cards"))),
    efx.DiscardLast: lambda c, s, e: _("discard the last card of the Sequence"),
    efx.Flee: lambda c, s, e: _("the enemy flees"),
    efx.AddCharges: lambda c, s, e: _("put {amount} on the card").format(amount=_amount(
        c, s, e.add_charges, _counting("{count} Charge", "{count} Charges"))),
    efx.NextCardConnects: lambda c, s, e: _("the next card connects a continue key"),
    fx.ReplaceLocation: lambda c, s, e: _("{place} takes the place of its old card").format(
        place=place_name(c, e.replace_location)),
    fx.Move: lambda c, s, e: _move(c, e),
    fx.PlaceToken: lambda c, s, e: (
        _("place a Time token") if e.place_token.token == "time"
        else _("place a Quest token")),
    fx.RemoveToken: lambda c, s, e: (
        _("remove a Time token") if e.remove_token.token == "time"
        else _("remove a Quest token")),
    fx.PlaceDial: lambda c, s, e: _("set the {dial} dial to {value}").format(
        dial=dial_words(e.place_dial.id), value=_amount(c, s, e.place_dial.value, str)),
    fx.TurnDial: lambda c, s, e: (
        _("turn the {dial} dial down {by}") if e.turn_dial.by < 0
        else _("turn the {dial} dial up {by}")).format(dial=dial_words(e.turn_dial.id),
                                                       by=abs(e.turn_dial.by)),
    fx.RemoveDial: lambda c, s, e: _("remove the {dial} dial").format(
        dial=dial_words(e.remove_dial)),
    fx.FlipDial: lambda c, s, e: _("flip a dial"),
    fx.PlaceMenhir: lambda c, s, e: _("light a Menhir"),
    fx.Goto: lambda c, s, e: _("read entry {entry}").format(entry=e.goto),
    fx.EndExploration: lambda c, s, e: _("the end of the exploration"),
    fx.Choose: lambda c, s, e: _("a choice"),
    fx.If: lambda c, s, e: _if(c, s, e),
    fx.AddTask: lambda c, s, e: _("a task: {task}").format(task=task_name(c, e.add_task.id, e.add_task.text)),
    fx.CompleteTask: lambda c, s, e: _("a task done: {task}").format(
        task=task_name(c, e.complete_task)),
    fx.RandomEvents: lambda c, s, e: _amount(c, s, e.random_events, _counting(
        "{count} Random Event on the Event deck", "{count} Random Events on the Event deck")),
    fx.AddEvent: lambda c, s, e: _("{event} {where}").format(
        event=event_title(c, e.add_event.id), where=_where(e.add_event.where)),
    fx.StartQuest: lambda c, s, e: _("a quest: {quest}").format(quest=quest_name(c, e.start_quest)),
    fx.CompleteQuest: lambda c, s, e: _("the quest done: {quest}").format(
        quest=quest_name(c, e.complete_quest)),
    fx.RemoveQuest: lambda c, s, e: _("the quest ends: {quest}").format(
        quest=quest_name(c, e.remove_quest)),
    fx.EndChapter: lambda c, s, e: _("the end of the chapter"),
    fx.EndCampaign: lambda c, s, e: (
        _("the campaign is won") if e.end_campaign == "won" else _("the campaign is lost")),
    fx.Die: lambda c, s, e: _("death"),
}
"""Each kind of effect in a few words, by its model."""


def effects_words(campaign: Campaign, state: GameState, effects: Sequence[Any]) -> str:
    """An effect list in words, one phrase an effect: '2 damage, remove 1 marker'."""
    parsed = [effect if isinstance(effect, Keyed) else _effect_type().validate_python(effect)
              for effect in effects]
    return ", ".join(EFFECT_WORDS[type(effect)](campaign, state, effect) for effect in parsed) \
        or _("nothing")


def trigger_words(trigger: str) -> str:
    """When an Ability acts, in words [ANAT-7], [ANAT-10]."""
    return {"on_place": _("On placing"), "delayed": _("Delayed"),
            "enemy_attack": _("Enemy attack"), "response": _("Response"),
            "passive": _("Passive"), "spend_charges": _("Pay Charges")}[trigger]


_LEADS: dict[type, Say] = {
    fx.DrawEncounter: EFFECT_WORDS[fx.DrawEncounter],
    fx.StartEncounter: EFFECT_WORDS[fx.StartEncounter],
    fx.Goto: lambda c, s, e: _("entry {entry}").format(entry=e.goto),
    fx.Move: lambda c, s, e: _("a move to {place}").format(place=place_name(c, e.move.location))
    if e.move.location is not None else _("a move"),
    fx.EndExploration: EFFECT_WORDS[fx.EndExploration],
    fx.EndChapter: EFFECT_WORDS[fx.EndChapter],
    fx.EndCampaign: lambda c, s, e: _("the end of the campaign"),
}
"""What an effect leads to, as a journal option shows it (the book's "go to ..."): the
things a player would see written beside the option, never its hidden rewards."""


def leads_to(campaign: Campaign, state: GameState, effects: Sequence[Any]) -> str:
    """Where a journal option leads, where its content says: an Encounter, another entry,
    a move, the end of the exploration; empty when it says none of these."""
    found = [_LEADS[type(effect)](campaign, state, effect) for effect in effects
             if type(effect) in _LEADS]
    return _(", then ").join(found)


def ability_lines(campaign: Campaign, state: GameState, card: Any) -> list[str]:
    """Each Ability of a player card as 'when: what it does' [ANAT-7], [ANAT-10]: the
    card's own words, exactly as printed, where it has them (they say when, as a printed
    card does), else its trigger and its effects in words; a delayed Ability's Time tokens
    and a Charges Ability's price."""
    lines = []
    for ability in card.abilities:
        when = trigger_words(ability.trigger)
        if ability.trigger == "delayed":
            tokens = ability.tokens or campaign.manifest.rules.delayed_tokens
            when = _("{when} ({tokens} Time)").format(when=when, tokens=tokens)
        if ability.trigger == "spend_charges" and isinstance(ability.charges, int):
            when = ngettext("Pay {count} Charge", "Pay {count} Charges", ability.charges).format(
                count=ability.charges)
        if ability.text:
            lines.append(ability.text)  # as printed: its own words say when
        else:
            lines.append(_("{when}: {what}").format(
                when=when, what=effects_words(campaign, state, ability.effects)))
    return lines
