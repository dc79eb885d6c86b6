"""What the Encounter view shows, read from the game as plain data (no pygame): the team in
activation order, the Sequence with how each pair of cards meets, and the hand shown with
what each card would yield and the actions that play or discard it.

Nothing here decides a rule: keys meet and connect by the engine's pure functions
(:func:`grail.engine.encounters.sequence.meetings`, ``connects``, ``magic_options``) against
the edge the next card meets (:func:`grail.engine.encounters.play.right_edge`); what a card
yields is :func:`grail.words.encounter.gain`; what may be done is ``game.legal_actions()`` and
why not, the engine's own refusal.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> read_fight(game, None) is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from grail.content.cards import AttributeKey, MagicHalf, PlayerCard
from grail.content.encounters import CombatEncounter
from grail.engine.actions import DiscardCard, PlayCard
from grail.engine.encounters.hands import deck
from grail.engine.encounters.play import right_edge
from grail.engine.encounters.sequence import Meeting, connects, covered, magic_options, meetings
from grail.engine.game import Game
from grail.engine.state import DiscardAsked, EncounterState
from grail.engine.survival import panics
from grail.engine.upgrades import attribute
from grail.lang import _, listed
from grail.words.encounter import gain
from grail.words.names import full_name, hero_name
from grail.words.refusals import refusal_words

Link = Literal["connected", "unconnected", "payable"]
"""How two halves that meet stand: connected, not connected (an Attribute level not reached,
a Magic Key unpaid), or payable with 1 Magic [KEY-2], [KEY-3]."""

Standing = Literal["active", "done", "waiting"]
"""A member this turn: active, activated already (a Time token on the board), still to
activate [COMBAT-5]."""


@dataclass(frozen=True)
class Joint:
    """Two halves that meet at one position (0: the free bottom key), and how they stand."""

    at: int
    kind: Literal["attribute", "magic", "free"]
    link: Link


@dataclass(frozen=True)
class Placed:
    """A card of the Sequence, with what sits on it and how its left edge met the card
    before it."""

    card: PlayerCard
    owner: str
    serial: int
    tokens: int
    charges: int
    magic: tuple[int, ...]
    covered: bool
    joints: tuple[Joint, ...]


@dataclass(frozen=True)
class InHand:
    """A card of the hand shown: how it would meet the open edge, what it would yield for
    each way to pay its Magic Keys, and the actions that play or discard it now."""

    card: PlayerCard
    joints: tuple[Joint, ...]
    yields: tuple[str, ...]
    plays: tuple[PlayCard, ...]
    discard: DiscardCard | None
    forced: bool
    """In Panic, the top card of the deck, played first [COMBAT-22]."""
    why: str
    """Why it cannot be played now (empty when it can, or when nobody is active)."""


@dataclass(frozen=True)
class Member:
    """A member of the fighting team, in character order."""

    hero: str
    name: str
    short_name: str
    """The name without its epithet, where the whole name has no room."""
    colour: str
    standing: Standing
    hand: int
    deck: int
    discards: int
    health: int
    terror: int
    magic: int
    panic: bool
    levels: dict[str, int]


@dataclass(frozen=True)
class Fight:
    """The whole Encounter view's data."""

    encounter: EncounterState
    combat: bool
    members: tuple[Member, ...]
    sequence: tuple[Placed, ...]
    edge: tuple[AttributeKey | MagicHalf, ...]
    """The right edge the next card meets [ANAT-11]."""
    shown: str | None
    """Whose hand is shown."""
    hand: tuple[InHand, ...]
    rows: int
    """Key positions to draw on every card (at least 3)."""
    discarding: int
    """Cards the shown member must still discard, when a discard is asked."""


def read_fight(game: Game, viewed: str | None) -> Fight | None:
    """The Encounter under way, with the hand of ``viewed`` shown when nobody is active and
    no discard is asked (else the active or discarding member's); None without one."""
    encounter = game.state.encounter
    if encounter is None:
        return None
    campaign = game.campaign
    asked = next((a for a in game.state.asked if isinstance(a, DiscardAsked)), None)
    shown = asked.hero if asked is not None else encounter.active
    if shown is None:
        shown = viewed if viewed in encounter.heroes else \
            (encounter.heroes[0] if encounter.heroes else None)
    members = tuple(_member(game, encounter, hero) for hero in encounter.heroes)
    sequence = _sequence(game, encounter)
    edge = tuple(right_edge(campaign, encounter))
    hand = _hand(game, encounter, shown) if shown is not None else ()
    positions = [key.at for key in edge]
    positions += [key.at for placed in sequence for key in [*placed.card.left,
                                                            *placed.card.right]]
    positions += [key.at for held in hand for key in [*held.card.left, *held.card.right]]
    return Fight(encounter=encounter,
                 combat=isinstance(campaign.encounter[encounter.id], CombatEncounter),
                 members=members, sequence=sequence, edge=edge, shown=shown, hand=hand,
                 rows=max([3, *positions]), discarding=asked.count if asked is not None else 0)


def levels_of(game: Game, hero_id: str) -> Callable[[str], int]:
    """The character's level in each Attribute, as key matching reads it [KEY-2]."""
    hero = game.state.hero(hero_id)
    return lambda name: attribute(game.campaign, hero, name)


def _member(game: Game, encounter: EncounterState, hero_id: str) -> Member:
    campaign, hero = game.campaign, game.state.hero(hero_id)
    standing: Standing = "active" if hero_id == encounter.active else \
        "done" if hero_id in encounter.activated else "waiting"
    colour = campaign.hero[hero_id].colour if hero_id in campaign.hero else "grey"
    level = levels_of(game, hero_id)
    return Member(hero=hero_id, name=full_name(campaign, hero_id),
                  short_name=hero_name(campaign, hero_id), colour=colour,
                  standing=standing, hand=len(encounter.hands.get(hero_id, [])),
                  deck=len(deck(campaign, game.state, hero)),
                  discards=len(encounter.discards.get(hero_id, [])), health=hero.health,
                  terror=hero.terror, magic=hero.magic, panic=panics(campaign, hero),
                  levels={name: level(name) for name in sorted(hero.attributes)})


def _sequence(game: Game, encounter: EncounterState) -> tuple[Placed, ...]:
    """The Sequence left to right; each card's joints with the card before it (the
    Encounter card for the first) [ANAT-11], [KEY-1]..[KEY-4]."""
    campaign = game.campaign
    edge: list[AttributeKey | MagicHalf] = [
        key for key in campaign.encounter[encounter.id].right if isinstance(key, AttributeKey)]
    found = []
    for index, placed in enumerate(encounter.sequence):
        card = campaign.card[placed.card]
        level = levels_of(game, placed.owner)
        joints = tuple(Joint(m.at, m.kind, "connected" if connects(m, level, placed.magic)
                             else "unconnected") for m in meetings(edge, card))
        found.append(Placed(card=card, owner=placed.owner, serial=placed.serial,
                            tokens=placed.tokens, charges=placed.charges,
                            magic=tuple(placed.magic),
                            covered=covered(encounter.sequence, index, card.passive),
                            joints=joints))
        edge = list(card.right)
    return tuple(found)


def _hand(game: Game, encounter: EncounterState, hero_id: str) -> tuple[InHand, ...]:
    """The hand of ``hero_id`` (first, in Panic, the top card of the deck), card by card."""
    campaign, legal = game.campaign, game.legal_actions()
    cards = list(encounter.hands.get(hero_id, []))
    if encounter.forced is not None and hero_id == encounter.active:
        cards.insert(0, encounter.forced)
    edge = right_edge(campaign, encounter)
    level = levels_of(game, hero_id)
    payers = {member: game.state.hero(member).magic
              for member in dict.fromkeys([hero_id, *encounter.heroes])}
    found = []
    for index, card_id in enumerate(cards):
        card = campaign.card[card_id]
        meets = meetings(edge, card)
        payable = {at for option in magic_options(meets, payers) for at, _payer in option}
        joints = tuple(Joint(m.at, m.kind, _link(m, level, payable)) for m in meets)
        plays = tuple(a for a in legal if isinstance(a, PlayCard) and a.hero == hero_id
                      and a.card == card_id)
        discard = next((a for a in legal if isinstance(a, DiscardCard)
                        and a.hero == hero_id and a.card == card_id), None)
        forced = index == 0 and card_id == encounter.forced and hero_id == encounter.active
        why = ""
        if not plays and encounter.step == "play" and hero_id == encounter.active:
            why = refusal_words(campaign, game.refusal(PlayCard.of(hero=hero_id, card=card_id)))
        found.append(InHand(card=card, joints=joints, yields=_yields(game, hero_id, card, meets),
                            plays=plays, discard=discard, forced=forced, why=why))
    return tuple(found)


def _link(meeting: Meeting, level: Callable[[str], int], payable: set[int]) -> Link:
    if meeting.kind == "magic":
        return "payable" if meeting.at in payable else "unconnected"
    return "connected" if connects(meeting, level, []) else "unconnected"


def _yields(game: Game, hero_id: str, card: PlayerCard, meets: list[Meeting]) -> tuple[str, ...]:
    """What the card yields placed now, without Magic and for each way to pay its Magic
    Keys that meet [COMBAT-9], [KEY-3]."""
    magic = [m.at for m in meets if m.kind == "magic"]
    ways = [list(paid) for size in range(len(magic) + 1) for paid in combinations(magic, size)]
    return tuple(gain(game, hero_id, card, paid) if not paid else
                 _("with Magic on {keys}: {gain}").format(keys=listed([str(at) for at in paid]),
                                                          gain=gain(game, hero_id, card, paid))
                 for paid in ways)
