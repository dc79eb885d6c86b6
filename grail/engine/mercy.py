"""Mother's Mercy: after a lost game the players may be "Saved by the Goddess", read the
mercy verse and go back to the current Chapter's start with preset resources, or let the
campaign end [MERCY-1], [MODE-CHALLENGE-11].

The characters keep what they are (Attributes, Skills, decks, Items, Secrets, resources)
and the Game Sheet, tasks, quests and Quest dials stay; their meters go back to the starting
spaces. The world is set up again as at a Chapter's start: the Chapter's restart Location
with its Menhir, its Event and Encounter decks and its setup steps. The mercy verse then
gives the preset resources (``set`` effects) and whatever else it says. The rulebook sets
no limit on how often (it only warns against relying on it), so ``state.mercies`` counts
the times.
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign

from .actions import AcceptMercy, EndCampaign
from .day import new_day
from .encounter_decks import set_up_decks
from .events import CampaignEnded, Event, MercyGiven
from .events_deck import set_up_chapter, start_chapter
from .frames import read_entry
from .map import card_for_key, place, reveal_around
from .modes import challenge
from .pending import Pending
from .refusals import Refusal
from .setup import starting_menhir
from .state import GameState, HeroState
from .survival import settle


def verse(campaign: Campaign, state: GameState) -> str | None:
    """The entry read when saved: the Chapter's own, else the campaign's."""
    return campaign.manifest.chapters[state.chapter - 1].mercy or campaign.manifest.mercy


def offered(campaign: Campaign, state: GameState) -> bool:
    """A lost game may ask for Mercy: the campaign has a mercy verse and the Challenge does
    not forbid it [MERCY-1], [MODE-CHALLENGE-11]."""
    return verse(campaign, state) is not None and not challenge(state, "no_mercy")


def accept(campaign: Campaign, state: GameState, action: AcceptMercy) -> list[Event]:
    """Saved by the Goddess: back to the Chapter's start, then read the verse [MERCY-1]."""
    restart = campaign.manifest.chapters[state.chapter - 1].restart
    where = card_for_key(campaign, state, restart.location or campaign.manifest.start)
    assert where is not None
    party = list(state.heroes)
    if state.fallen is not None:  # the character whose death lost the game comes back
        party.append(state.fallen)
        state.dead.remove(state.fallen.id)
    state.heroes = sorted(party, key=lambda hero: hero.number)
    state.fallen = None
    for hero in state.heroes:
        _restore(campaign, hero, where)
    _clear_the_world(state)
    state.menhirs = [starting_menhir(campaign, state, where, restart.menhir)]
    place(state, where, (0, 0))
    reveal_around(campaign, state, where, need_radius=False)
    set_up_chapter(campaign, state)
    set_up_decks(campaign, state)
    start_chapter(campaign, state)
    state.mercies += 1
    state.outcome = None
    new_day(state)
    entry = verse(campaign, state)
    assert entry is not None
    return [MercyGiven(chapter=state.chapter),
            *read_entry(campaign, state, entry, [hero.id for hero in state.heroes])]


def decline(campaign: Campaign, state: GameState, action: EndCampaign) -> list[Event]:
    """No Mercy: the campaign ends, lost [DEATH-6]."""
    state.stage = "over"
    return [CampaignEnded(outcome="lost", how="no_mercy")]


def _restore(campaign: Campaign, hero: HeroState, where: int) -> None:
    """Meters back on their starting spaces, at the restart Location [SETUP-C2]; no
    "You Are Dying" card or death it called for follows the character back [DEATH-1]."""
    meters = campaign.hero[hero.id].meters
    hero.location = where
    hero.energy, hero.health, hero.terror = \
        meters.energy.start, meters.health.start, meters.terror.start
    hero.dying = hero.going_mad = False
    hero.death_due = None
    settle(campaign, hero)


def _clear_the_world(state: GameState) -> None:
    """The map, Guardians, Time dials and anything half done leave the table; what the
    dead left on the map goes with it [DEATH-4]."""
    state.placed, state.discarded, state.location_tokens = [], [], []
    state.time_tokens = []  # what cards put on the Locations goes with them [ACT-LOC-2]
    state.guardians, state.facing, state.frames = [], [], []
    state.encounter, state.replacing = None, None
    state.face_up_queue, state.hand_over, state.left_items = [], [], {}
    state.offer, state.offer_deck = [], None
    state.dials = [dial for dial in state.dials if dial.token == "quest"]  # [DIAL-1]


# --- the decision: Mother's Mercy, or the end [MERCY-1] ----------------------------------

def legal(campaign: Campaign, state: GameState) -> list[AcceptMercy | EndCampaign]:
    return [AcceptMercy(), EndCampaign()]


def pending(campaign: Campaign, state: GameState) -> Pending:
    """The players of the party Mercy would bring back decide, the fallen's too."""
    fallen = [state.fallen.id] if state.fallen is not None else []
    return Pending(kind="mercy", heroes=[hero.id for hero in state.heroes] + fallen)






def why(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    return Refusal("MERCY-1", "mercy_first")
