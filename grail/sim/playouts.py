"""Playouts: one Encounter played from its start to its end by a policy.

:func:`prepare` sets up a game once: the hero, fresh (with a deck of one's own, if given).
Each :func:`playout` copies that start, gives the copy a generator of its own seed, begins
the Encounter (``Game.fight``) and lets a policy take every decision until it ends; the
game's generator answers its chance points. Copying the start is several times
faster than setting up a new game (``bench/simulations.py``: ``playout_start_ratio``).

>>> from grail.content import load_pack, bundled_pack
>>> start = prepare(load_pack(bundled_pack()), "tamsin", "green-bramble-hogs")
>>> playout(start, seed=3, policy="search") == playout(start, seed=3, policy="search")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grail.content import Campaign
from grail.content.encounters import DiplomacyEncounter
from grail.content.yamlsource import SourceError, read_yaml
from grail.engine.events import EncounterEnded
from grail.engine.game import Game
from grail.engine.rng import Rng
from grail.engine.state import GameState
from grail.lang import _, ngettext, pgettext

from .policies import POLICIES

STEP_LIMIT = 2_000
"""Decisions after which a playout that has not ended counts as not won."""
DECK_FILE_LIMIT = 1 << 20
"""The largest deck file read, in bytes."""


class DeckError(ValueError):
    """A deck file that cannot be used, with the reason in one line."""


def read_deck(campaign: Campaign, path: Path, kind: str, hero: str) -> list[str]:
    """The card ids a YAML file lists (a plain list, read with the safe loader), each a
    card of the campaign of the ``kind`` wanted that ``hero`` may hold: of its colour, and
    its own if the card is a character's [SETUP-C6]; as many as a deck holds at least
    [UPG-3]."""
    example = "[combat-1v, combat-2v]"
    try:
        if path.stat().st_size > DECK_FILE_LIMIT:
            raise DeckError(ngettext("{path}: larger than {limit} byte", "{path}: larger than {limit} bytes",
                                     DECK_FILE_LIMIT).format(path=path, limit=DECK_FILE_LIMIT))
        raw = path.read_bytes()
        if not raw.strip():
            raise DeckError(_("{path}: the file is empty; expected a list of card ids, such as "
                              "{example}").format(path=path, example=example))
        data: Any = read_yaml(raw, DECK_FILE_LIMIT).data
    except OSError as error:
        raise DeckError(_("{path}: {why}").format(
            path=path, why=error.strerror or _("cannot be read"))) from None
    except SourceError as error:
        raise DeckError(f"{path}:{error.line}:{error.col}: {error.message}") from None
    if not isinstance(data, list) or not data or not all(isinstance(card, str) for card in data):
        raise DeckError(_("{path}: expected a list of card ids, such as {example}").format(
            path=path, example=example))
    for card in data:
        if card not in campaign.card:
            raise DeckError(_("{path}: no card '{card}' in the campaign; see 'grail list cards'")
                            .format(path=path, card=card))
        found, holder = campaign.card[card], campaign.hero[hero]
        if found.kind != kind:
            raise DeckError(_("{path}: '{card}' is a {kind} card; this Encounter is played with "
                              "{wanted} cards").format(path=path, card=card,
                                                       kind=_kind(found.kind), wanted=_kind(kind)))
        if found.hero is not None and found.hero != hero:
            raise DeckError(_("{path}: '{card}' is {owner}'s card; {hero}'s deck holds none of "
                              "another's").format(path=path, card=card,
                                                  owner=campaign.hero[found.hero].short_name,
                                                  hero=holder.short_name))
        if found.colour != holder.colour:
            raise DeckError(_("{path}: '{card}' is a {colour} card; {hero} plays {plays} cards "
                              "[SETUP-C6]").format(path=path, card=card,
                                                   colour=_colour(found.colour),
                                                   hero=holder.short_name,
                                                   plays=_colour(holder.colour)))
    least = campaign.manifest.rules.deck_minimum
    if len(data) < least:
        raise DeckError(ngettext("{path}: {count} card; a deck holds at least {least} (the "
                                 "campaign's deck_minimum) [UPG-3]",
                                 "{path}: {count} cards; a deck holds at least {least} (the "
                                 "campaign's deck_minimum) [UPG-3]", len(data)).format(
            path=path, count=len(data), least=least))
    return list(data)


def _kind(kind: str) -> str:
    """A player card's kind, in words."""
    return {"combat": pgettext("card kind", "combat"),
            "diplomacy": pgettext("card kind", "diplomacy")}.get(kind, kind)


def _colour(colour: str) -> str:
    """A character colour [COMP-1], in words."""
    return {"green": pgettext("card colour", "green"), "blue": pgettext("card colour", "blue"),
            "brown": pgettext("card colour", "brown"),
            "grey": pgettext("card colour", "grey")}.get(colour, colour)


@dataclass(frozen=True)
class Start:
    """A fresh hero about to meet an Encounter: the game state to copy."""

    campaign: Campaign
    hero: str
    encounter: str
    state: dict[str, Any]


def prepare(campaign: Campaign, hero: str, encounter: str, deck: list[str] | None = None) -> Start:
    """The hero, fresh, about to fight ``encounter``, with ``deck`` (if given) in place of
    its deck of that Encounter's kind."""
    game = Game.new(campaign, [hero], seed=0)
    if deck is not None:
        state = game.state.hero(hero)
        if isinstance(campaign.encounter[encounter], DiplomacyEncounter):  # [DIPLO-1]
            state.diplomacy_deck = sorted(deck)
        else:
            state.combat_deck = sorted(deck)
    return Start(campaign=campaign, hero=hero, encounter=encounter,
                 state=game.state.model_dump())


_PREPARED: dict[tuple[str, str, tuple[str, ...] | None], Start] = {}
"""The starts this process set up for the campaign it plays, each copied for every playout."""


def prepared(campaign: Campaign, hero: str, encounter: str,
             deck: list[str] | None = None) -> Start:
    """:func:`prepare`'s start, set up once in this process for the campaign it plays: a
    campaign loaded again (its pack changed) starts afresh, and the one before is let go."""
    kept = next(iter(_PREPARED.values()), None)
    if kept is not None and kept.campaign is not campaign:
        _PREPARED.clear()
    key = (hero, encounter, tuple(deck) if deck is not None else None)
    start = _PREPARED.get(key)
    if start is None:
        start = _PREPARED[key] = prepare(campaign, hero, encounter, deck)
    return start


@dataclass(frozen=True)
class Playout:
    """How one Encounter went."""

    won: bool
    turns: int
    """The Encounter's turns [COMBAT-5]."""
    damage: int
    """What the Encounter cost the hero: Health lost in Combat [NOTE-9], Terror gained in
    Diplomacy [EX-DIPLO-4]."""
    ended: bool = True
    """The Encounter ended within :data:`STEP_LIMIT` decisions (else it counts as not won)."""


def playout(start: Start, seed: int, policy: str) -> Playout:
    """The Encounter played once, from a copy of ``start`` with a generator seeded
    ``seed``, every decision taken by ``policy``."""
    state = GameState.model_validate(start.state)
    state.rng = Rng.seeded(seed)
    game = Game(start.campaign, state)
    meter = cost_meter(start.campaign, start.encounter)
    sign = -1 if meter == "health" else 1
    before = getattr(state.hero(start.hero), meter)
    game.fight(start.encounter, [start.hero])
    chooser = POLICIES[policy](seed)
    won, turns, decisions = False, 0, 0
    while game.state.encounter is not None and decisions < STEP_LIMIT:
        encounter = game.state.encounter
        events = game.apply(chooser.choose(game))
        turns, decisions = encounter.turn, decisions + 1  # its last turn, once it ended
        won = won or any(isinstance(event, EncounterEnded) and event.won for event in events)
    hero = next((hero for hero in game.state.heroes if hero.id == start.hero), None)
    after = getattr(hero, meter) if hero is not None else 0  # dead: all Health lost
    return Playout(won=won, turns=turns, damage=max(0, sign * (after - before)),
                   ended=game.state.encounter is None)


def cost_meter(campaign: Campaign, encounter: str) -> str:
    """The meter an Encounter costs: Health in Combat [NOTE-9], Terror in Diplomacy
    [EX-DIPLO-4]."""
    return "terror" if isinstance(campaign.encounter[encounter], DiplomacyEncounter) \
        else "health"
