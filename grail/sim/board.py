"""What a player sees of an activation: the look-ahead's board, shared by the auto-players
and the hints (the rulebook's card anatomy, Combat and Diplomacy).

:func:`read` takes a :class:`Board` from the game: the Sequence, the active character's
hand, the pool or the Affinity marker, each member's Magic; and a :class:`Context`, what
stays the same while the activation is planned. What a card or Charges would do to the
board is in :mod:`.steps`. Nothing here copies a game or reads its generator: a card drawn
is counted, never known, and the deck's order is never looked at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from grail.content import Campaign
from grail.content.base import ATTRIBUTES
from grail.content.cards import AttributeKey, PlayerCard
from grail.content.encounters import AttributeBonus, CombatEncounter, DiplomacyEncounter, Stage
from grail.engine.encounters.play import stages
from grail.engine.encounters.sequence import Meeting, Placing, meetings, placing
from grail.engine.game import Game
from grail.engine.state import GameState, HeroState
from grail.engine.survival import panics
from grail.engine.upgrades import attribute


class Slot(NamedTuple):
    """A card in the Sequence with what sits on it."""

    card: str
    serial: int
    magic: tuple[int, ...]
    """Positions of its paid Magic Keys [KEY-3]."""
    joined: tuple[str, ...]
    """Attributes of the Attribute Keys its left edge joined [ANAT-8]."""
    tokens: int
    charges: int


class Board(NamedTuple):
    """An activation as the table shows it, and what a plan has done to it so far."""

    sequence: tuple[Slot, ...]
    hand: tuple[str, ...]
    """The active character's hand, sorted."""
    progress: int
    """Markers in the Combat pool, or the Affinity marker."""
    magic: tuple[int, ...]
    """Each payer's Magic, in :attr:`Context.payers` order [KEY-3]."""
    played: int
    free_continue: bool
    prevent: int
    forced: str | None
    serial: int
    """Serials given so far: the next card placed takes the one after."""
    drawn: int = 0
    paid: int = 0
    """Magic paid on keys by this plan."""
    lost: int = 0
    """Magic lost (less gained) through Abilities."""
    damage: int = 0
    terror: int = 0
    after: tuple[int, int] = (0, -1)
    """The last Charges paid since the last card placed: Charges are paid in a fixed order
    between two cards, so that a plan is not tried once per ordering."""

    def seen(self) -> tuple[Any, ...]:
        """What the table shows: two boards alike here are the same position."""
        return self[:8]


class _Tables:
    """Key meetings and bonuses worked out once per campaign: they depend on two cards'
    edges only [ANAT-13]."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self.meets: dict[tuple[str, str], list[Meeting]] = {}
        self.placings: dict[tuple[Any, ...], Placing] = {}
        self.levels: dict[tuple[Any, ...], tuple[tuple[str, int], ...]] = {}


_TABLES: dict[int, _Tables] = {}
KEPT = 4
"""Campaigns whose tables are kept, the latest used."""


def _tables(campaign: Campaign) -> _Tables:
    found = _TABLES.get(id(campaign))
    if found is None or found.campaign is not campaign:
        found = _TABLES[id(campaign)] = _Tables(campaign)
        while len(_TABLES) > KEPT:
            del _TABLES[next(iter(_TABLES))]
    return found


@dataclass(slots=True)
class Context:
    """What stays the same while an activation is planned (never changed once read)."""

    campaign: Campaign
    tables: _Tables
    state: GameState
    hero: str
    card: CombatEncounter | DiplomacyEncounter
    payers: tuple[str, ...]
    """The active character first, then the other members [KEY-3]."""
    levels: tuple[tuple[str, int], ...]
    """The active character's Attributes, for the keys [KEY-2]."""
    held: int
    """Cards in hand when the activation began to be planned."""
    stage: Stage | None
    last_stage: bool
    low: int
    """The bottom of the Affinity track (Combat: 0)."""
    high: int
    """The top of the Affinity track, or the Encounter value [COMBAT-16], [DIPLO-6]."""
    start: int
    """Markers or Affinity when the activation began to be planned."""
    health: int
    combat: bool
    traits: frozenset[str]
    """The enemy's traits [TRAIT-1]..[TRAIT-12]."""

    @property
    def bonus(self) -> AttributeBonus | None:
        return self.stage.bonus if self.stage is not None else None

    def has(self, trait: str) -> bool:
        """Whether the enemy has a trait [TRAIT-1]..[TRAIT-12]."""
        return trait in self.traits

    def level(self, name: str) -> int:
        return next(level for attribute, level in self.levels if attribute == name)


def previous(ctx: Context, board: Board) -> str:
    """What the next card meets: the last card of the Sequence, or the Encounter card
    (``"@"`` and its id) [ANAT-11]."""
    return board.sequence[-1].card if board.sequence else "@" + ctx.card.id


def meets_of(ctx: Context, before: str, card: str) -> list[Meeting]:
    """The keys that meet when ``card`` follows ``before`` [KEY-1], [ANAT-13]."""
    tables = ctx.tables
    key = (before, card)
    found = tables.meets.get(key)
    if found is None:
        campaign = ctx.campaign
        right: Sequence[Any] = [k for k in campaign.encounter[before[1:]].right
                                if isinstance(k, AttributeKey)] \
            if before.startswith("@") else campaign.card[before].right
        found = tables.meets[key] = meetings(right, campaign.card[card])
    return found


def gains(ctx: Context, before: str, card: str, paid: tuple[int, ...]) -> Placing:
    """The icons the connected keys give and whether a continue connected [COMBAT-9],
    [KEY-5], [KEY-6], [DIPLO-11]."""
    tables = ctx.tables
    key = (before, card, paid, ctx.levels, id(ctx.bonus))
    found = tables.placings.get(key)
    if found is None:
        found = tables.placings[key] = placing(meets_of(ctx, before, card), ctx.level, paid,
                                               ctx.bonus)
    return found


def levels(campaign: Campaign, hero: HeroState) -> tuple[tuple[str, int], ...]:
    """A character's Attributes: board markers, Skills and what cards in use add [ATTR-3]."""
    tables = _tables(campaign)
    key = (hero.id, *hero.attributes.values(), "|", *hero.skills, "|", *hero.face_up, "|",
           *hero.secrets)
    found = tables.levels.get(key)
    if found is None:
        found = tables.levels[key] = tuple((name, attribute(campaign, hero, name))
                                           for name in ATTRIBUTES)
    return found


def read(game: Game) -> tuple[Context, Board] | None:
    """The activation waiting for the active character's cards, or None when no
    activation waits (another decision, or not an Encounter)."""
    state, campaign = game.state, game.campaign
    encounter = state.encounter
    if encounter is None or encounter.step != "play" or encounter.active is None \
            or state.asked or state.chance is not None:
        return None
    hero = state.hero(encounter.active)
    card = campaign.encounter[encounter.id]
    assert isinstance(card, CombatEncounter | DiplomacyEncounter)
    payers = tuple(dict.fromkeys([hero.id, *encounter.heroes]))
    stage: Stage | None = None
    last = True
    if isinstance(card, DiplomacyEncounter):
        staged = stages(card, encounter)
        stage, last = staged[encounter.stage], encounter.stage + 1 == len(staged)
        low, high, progress = -card.affinity.red, card.affinity.green, encounter.affinity
    else:
        low, high, progress = 0, card.value, encounter.pool
    hand = tuple(sorted(encounter.hands.get(hero.id, [])))
    ctx = Context(campaign=campaign, tables=_tables(campaign), state=state, hero=hero.id,
                  card=card, payers=payers, levels=levels(campaign, hero), held=len(hand),
                  stage=stage, last_stage=last,
                  low=low, high=high, start=progress, health=hero.health,
                  combat=isinstance(card, CombatEncounter),
                  traits=frozenset(card.traits if isinstance(card, CombatEncounter) else ()))
    board = Board(tuple(Slot(c.card, c.serial, tuple(c.magic), tuple(c.joined), c.tokens, c.charges)
                        for c in encounter.sequence),
                  hand, progress, tuple(state.hero(payer).magic for payer in payers),
                  encounter.played, encounter.free_continue, encounter.prevent, encounter.forced,
                  encounter.placed)
    return ctx, board


def in_panic(ctx: Context) -> bool:
    """Whether the active character panics [COMBAT-22]."""
    return panics(ctx.campaign, ctx.state.hero(ctx.hero))


def covered(board: Board, index: int, card: PlayerCard) -> bool:
    """Covered by the next card, unless passive [ANAT-6], [ANAT-9]."""
    return index < len(board.sequence) - 1 and not card.passive
