"""Named dials: placing one, and Time dials running out [DIAL-1], [DAY-START-4].

A placed Time dial remembers where its ``expired`` effects are written, as the frame that
resolves them: the ``place_dial`` effect's address (its branch ``expired``), or a Secret's
own dial. When it cannot turn lower at a Start of Day it leaves play and that frame is
pushed, for the characters who placed it (a Secret's dial: its holder now).
"""

from __future__ import annotations

from grail.content import Campaign
from grail.content import effects as fx

from .amounts import amount_of
from .events import DialGone, DialSet, Event
from .state import Dial, Frame, GameState, HeroState


def place(campaign: Campaign, state: GameState, placed: fx.DialPlace, hero: HeroState,
          expired: Frame | None) -> list[Event]:
    """Place a dial, replacing one of the same name [DIAL-1]; ``expired`` is where its
    expired effects are written, kept only for a Time dial that has some."""
    keep = expired if placed.token == "time" and placed.expired else None
    state.dials = [d for d in state.dials if d.id != placed.id]
    value = amount_of(campaign, placed.value, state, hero)
    state.dials.append(Dial(id=placed.id, value=value, token=placed.token,
                            location=placed.location, expired=keep))
    return [DialSet(dial=placed.id, value=value)]


def turn_time_dials(state: GameState) -> tuple[list[Event], list[Frame]]:
    """Each Time dial turns down 1; one that cannot go lower leaves play; Quest dials wait
    [DAY-START-4], [DIAL-1]. Returns the frames of the expired effects, to be resolved."""
    events: list[Event] = []
    frames: list[Frame] = []
    for dial in list(state.dials):
        if dial.token != "time":
            continue
        if dial.value > 1:
            dial.value -= 1
            continue
        state.dials.remove(dial)
        events.append(DialGone(dial=dial.id, ran_out=True))
        if dial.expired is not None:
            frames.append(_for_whom(state, dial.expired))
    return events, frames


def _for_whom(state: GameState, frame: Frame) -> Frame:
    """The expired effects hit who placed the dial, if still in play; a Secret's dial hits
    its holder; failing both, the first character in play."""
    present = [hero.id for hero in state.heroes]
    heroes = [hero_id for hero_id in frame.heroes if hero_id in present]
    if frame.source == "secret_dial":
        heroes = [hero.id for hero in state.heroes if int(frame.key) in hero.secrets] or heroes
    return frame.model_copy(update={"heroes": heroes or present[:1]})
