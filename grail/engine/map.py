"""The map: grid spots, connections through facing keys, menhir radius, reveal [MAP-*].

Functions here read the campaign and the state; those that change the map say so by name
(``reveal_around``, ``discard``) and return what they changed, for the events.
"""

from __future__ import annotations

from grail.content import Campaign
from grail.content.locations import FACING, STEP

from .state import GameState, Menhir, Placed

Spot = tuple[int, int]


def active_menhir_spots(state: GameState) -> list[Spot]:
    """Spots of the Menhirs on the map; a Menhir stays active until its removal [MENHIR-2]."""
    spots = []
    for menhir in state.menhirs:
        spot = state.spot_of(menhir.location)
        if spot is not None:
            spots.append(spot)
    return spots


def in_radius(state: GameState, spot: Spot) -> bool:
    """Within 1 card, diagonals included, of an active Menhir [MENHIR-1]."""
    x, y = spot
    return any(abs(x - mx) <= 1 and abs(y - my) <= 1 for mx, my in active_menhir_spots(state))


def spent_menhirs(state: GameState) -> list[Menhir]:
    """The Menhirs whose dial is gone: the next Start of Day removes them [DAY-START-1]."""
    return [menhir for menhir in state.menhirs if menhir.dial is None]


def outside_radius(state: GameState) -> list[Placed]:
    """The Locations outside every active Menhir's radius: a Start of Day with a Menhir
    left discards them [DAY-START-2]."""
    return [place for place in state.placed if not in_radius(state, (place.x, place.y))]


def card_for_key(campaign: Campaign, state: GameState, number: int) -> int | None:
    """The Location a Direction Key brings: the number, or the card that replaced it [MAP-8]."""
    if number in campaign.location and number not in state.replaced:
        return number
    for location in campaign.locations:
        if location.old_number == number and location.number not in state.replaced:
            return location.number
    return None


def neighbour(state: GameState, number: int, edge: str) -> int | None:
    """The Location next to ``number`` across ``edge``, if one is revealed there."""
    spot = state.spot_of(number)
    return None if spot is None else _across(state, spot, edge)


def _across(state: GameState, spot: Spot, edge: str) -> int | None:
    dx, dy = STEP[edge]
    return state.at(spot[0] + dx, spot[1] + dy)


def connected(campaign: Campaign, state: GameState, number: int) -> list[int]:
    """Revealed Locations reachable by Travel: both facing edges carry keys [MAP-4], [MAP-5]."""
    spot = state.spot_of(number)
    if spot is None:
        return []
    found = []
    for edge, _ in campaign.location[number].keys.edges():
        other = _across(state, spot, edge)
        if other is not None and getattr(campaign.location[other].keys, FACING[edge]) is not None:
            found.append(other)
    return sorted(found)


def place(state: GameState, number: int, spot: Spot) -> None:
    """Put a Location card on the map (taking it back from the discards if there)."""
    if number in state.discarded:
        state.discarded.remove(number)
    state.placed.append(Placed(number=number, x=spot[0], y=spot[1]))


def reveal_around(campaign: Campaign, state: GameState, number: int,
                  need_radius: bool = True) -> list[int]:
    """Place the Locations named by ``number``'s keys on empty spots within radius [MAP-7]."""
    spot = state.spot_of(number)
    revealed: list[int] = []
    if spot is None:
        return revealed
    for edge, key in campaign.location[number].keys.edges():
        dx, dy = STEP[edge]
        target = (spot[0] + dx, spot[1] + dy)
        card = card_for_key(campaign, state, key)
        if card is None or state.at(*target) is not None or state.spot_of(card) is not None:
            continue
        if need_radius and campaign.manifest.rules.reveal_needs_key_and_radius \
                and not in_radius(state, target):
            continue
        place(state, card, target)
        revealed.append(card)
    return revealed


def distance(campaign: Campaign, a: Spot, b: Spot) -> int:
    """Steps between spots: diagonal = 1 (king) or 2 (manhattan) [MENHIR-3], [NOTE-14]."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) if campaign.manifest.rules.nearest_location == "king" else dx + dy


def nearest(campaign: Campaign, state: GameState, spot: Spot) -> int:
    """The nearest remaining Location to ``spot``; ties go to the lowest number [MENHIR-3]."""
    return min(state.placed, key=lambda p: (distance(campaign, spot, (p.x, p.y)), p.number)).number
