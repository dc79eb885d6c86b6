"""An effect list in a player's words: a Combat-table row, a Response, an Ability, a
Failure, as the terminal and the window show them (names for ids, no rule tags)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.amounts import Amounts
from grail.content.encounters import deck_kind
from grail.engine.amounts import amount_of
from grail.engine.state import GameState, HeroState
from grail.engine.telling import effects_text

from .names import encounter_label, place_name, said


def cost_words(campaign: Campaign, state: GameState, cost: Amounts | None,
               payer: HeroState | None = None) -> str:
    """A cost in words, as ``payer`` would pay it: '2 Wealth, 1 Energy'; empty for none."""
    return ", ".join(f"{amount_of(campaign, value, state, payer)} {name.capitalize()}"
                     for name, value in (cost.items() if cost else []))


def effects_words(campaign: Campaign, state: GameState, effects: Sequence[Any]) -> str:
    """'2 damage, remove 1 marker', 'mark The Saltborn's Grudge, part 1'."""
    return said(campaign, effects_text(campaign, state, effects))


TRIGGERS = {"on_place": "On placing", "delayed": "Delayed", "enemy_attack": "Enemy attack",
            "response": "Response", "passive": "Passive", "spend_charges": "Pay Charges"}
"""Ability triggers in words [ANAT-7], [ANAT-10]."""

_LEADS: dict[type, Any] = {
    fx.DrawEncounter: lambda c, e: f"a {e.draw_encounter.deck.capitalize()} Encounter"
    + ("" if deck_kind(e.draw_encounter.deck) == "diplomacy" else ": a fight"),
    fx.StartEncounter: lambda c, e: f"an Encounter: {encounter_label(c, e.start_encounter.id)}",
    fx.Goto: lambda c, e: f"entry {e.goto}",
    fx.Move: lambda c, e: f"a move to {place_name(c, e.move.location)}"
    if e.move.location is not None else "a move",
    fx.EndExploration: lambda c, e: "the end of the exploration",
    fx.EndChapter: lambda c, e: "the end of the chapter",
    fx.EndCampaign: lambda c, e: "the end of the campaign",
}
"""What an effect leads to, as a journal option shows it (the book's "go to ..."): the
things a player would see written beside the option, never its hidden rewards."""


def leads_to(campaign: Campaign, effects: Sequence[Any]) -> str:
    """Where a journal option leads, where its content says: an Encounter, another entry,
    a move, the end of the exploration; empty when it says none of these.

    >>> from grail.content import load_pack, bundled_pack
    >>> leads_to(load_pack(bundled_pack()), [fx.Goto(goto="104.2"), fx.EndExploration(
    ...     end_exploration=True)])
    'entry 104.2, then the end of the exploration'
    """
    found = [_LEADS[type(effect)](campaign, effect) for effect in effects
             if type(effect) in _LEADS]
    return ", then ".join(found)


def ability_lines(campaign: Campaign, state: GameState, card: Any) -> list[str]:
    """Each Ability of a player card as 'when: what it does' [ANAT-7], [ANAT-10]: the
    card's own words where it has them (they say when already), else its trigger and its
    effects in words; a delayed Ability's Time tokens and a Charges Ability's price."""
    lines = []
    for ability in card.abilities:
        said = TRIGGERS[ability.trigger]
        if ability.trigger == "delayed":
            tokens = ability.tokens or campaign.manifest.rules.delayed_tokens
            said += f" ({tokens} Time)"
        if ability.trigger == "spend_charges" and isinstance(ability.charges, int):
            said = f"Pay {ability.charges} Charge{'s' * (ability.charges != 1)}"
        if ability.text and (ability.trigger not in ("delayed", "spend_charges")
                             or ability.text.startswith(said.split(" (")[0])):
            lines.append(ability.text)  # its own words say when (and its Time) already
        else:
            lines.append(f"{said}: {ability.text or effects_words(campaign, state, ability.effects)}")
    return lines
