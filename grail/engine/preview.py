"""What the next Start of Day will do to the map, read ahead without changing the state.

A front end shows it before the players pass the Day: which Menhirs leave the map, which
Locations the Wyrdness takes, and who stands on them. The preview follows the same two
steps as ``day.start_of_day``: Menhirs without a dial go first [DAY-START-1], then every
Location outside the radius of the Menhirs still standing is discarded [DAY-START-2]; with
no Menhir left nothing is discarded, the Wyrdness hurts instead [MENHIR-9].

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> vanishing(game.state), fading_menhirs(game.state)
([], [])
"""

from __future__ import annotations

from .map import outside_radius, spent_menhirs
from .state import GameState


def fading_menhirs(state: GameState) -> list[int]:
    """Locations of the Menhirs removed at the next Start of Day: those whose dial is gone
    [DAY-START-1], [DAY-START-3]."""
    return [menhir.location for menhir in spent_menhirs(state)]


def vanishing(state: GameState) -> list[int]:
    """Locations the next Start of Day discards, in map order: outside the radius of every
    Menhir still active then [DAY-START-2]; none when no Menhir will be left [MENHIR-9]."""
    gone = set(fading_menhirs(state))
    ahead = state.model_copy(update={"menhirs": [m for m in state.menhirs
                                                 if m.location not in gone]})
    if not ahead.menhirs:
        return []
    return [place.number for place in outside_radius(ahead)]
