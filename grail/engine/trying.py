"""Trying a journal entry: a game set up to read one entry at once (``grail text --at``).

The world is set up as at a chapter's restart [MERCY-1], but around the Location to try:
the campaign's setup for one character, then the map cleared and that Location placed on its
grid spot with a Menhir (the campaign's ``start_menhir``) and its neighbours, the character
standing there (one visit counted). Day 1's Start of Day is skipped (no Event is revealed),
and the entry is read as an Exploration reads it [ACT-EXPLORE-1], after the chapter's own
setup steps. Lightning rules and Guardians are not met: the character is put there, not
moved there. The game's log begins at that point, so undo and replay work as in any game.

>>> from grail.content import load_pack, bundled_pack
>>> game, events = try_entry(load_pack(bundled_pack()), "tamsin", "104", seed=3)
>>> game.state.heroes[0].location, game.state.frames[-1].key, events[0].type
(104, '104', 'entry_read')
"""

from __future__ import annotations

from grail.content import Campaign
from grail.content.problems import suggest

from .events import Event
from .frames import read_entry
from .game import Game
from .map import place, reveal_around
from .setup import new_state, starting_menhir
from .state import GameState


class TryError(ValueError):
    """Nothing in the campaign answers to what was asked for."""


def target(campaign: Campaign, wanted: str) -> tuple[str, int]:
    """The entry to read and the Location to stand on: for a Location number, its
    ``explore`` entry; for an entry id, its section's Location (the start's for the Book of
    Secrets)."""
    if wanted.isascii() and wanted.isdigit() and int(wanted) in campaign.location:
        location = campaign.location[int(wanted)]
        return location.explore, location.number
    for section in campaign.journal:
        if wanted in section.entries:
            return wanted, section.location or campaign.manifest.start
    names = [str(n) for n in campaign.location] + list(campaign.entry)
    raise TryError(f"no Location or journal entry '{wanted}' in this campaign"
                   f"{suggest(wanted, names)}")


def try_entry(campaign: Campaign, hero_id: str, wanted: str,
              seed: int) -> tuple[Game, list[Event]]:
    """A new game of one character reading ``wanted`` (an entry id or a Location number)
    where it belongs, resolved to its first decision; and what happened on the way."""
    entry, location = target(campaign, wanted)
    state = new_state(campaign, [hero_id], seed, "normal")
    _stand_at(campaign, state, location)
    state.stage = "day"  # the first Start of Day is skipped
    events = read_entry(campaign, state, entry, [hero_id])
    state.frames.insert(0, state.frames.pop())  # the chapter's setup steps resolve first
    setup = {"heroes": [hero_id], "seed": seed, "mode": "normal", "companion": False}
    reading = Game(campaign, state, setup=dict(setup))
    events += reading.settle()  # to the first decision, as Game.new does after setup
    state = reading.state
    state.undo_floor = 0  # the log begins here
    return Game(campaign, state, setup={**setup, "start": state.model_dump(mode="json")}), events


def _stand_at(campaign: Campaign, state: GameState, location: int) -> None:
    """The map set up around ``location`` as around a restart Location [MERCY-1]."""
    old = campaign.location[location].old_number
    if old is not None:  # a changed version is in play in its original's place [MAP-3]
        state.replaced.append(old)
    state.placed = []
    state.menhirs = [starting_menhir(campaign, state, location, None)]
    place(state, location, campaign.grid.get(location, (0, 0)))
    reveal_around(campaign, state, location, need_radius=False)  # [SETUP-W3]
    for hero in state.heroes:
        hero.location = location
    state.location_visits[str(location)] = 1
