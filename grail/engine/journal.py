"""Reading the journal: resolving effect lists frame by frame until a choice or the end.

Exploring pushes a frame for the Location's entry [ACT-EXPLORE-1]; each frame walks its
effect list. ``if`` pushes the branch, ``goto`` replaces the reading with another entry,
``choose`` stops and waits for a decision, as does an effect that asks one (a Skill side,
a destination, an Item over the cap: ``state.asked``) or a gain or loss a team splits
(``teams``); ``end_exploration`` drops every frame [JOURNAL-1]. The frames live in the
state, so a half-read entry saves and resumes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grail.content import Campaign
from grail.content import effects as fx

from . import chance, dials, encounter_decks, teams, trading
from .actions import Choose, Share, Trade
from .conditions import holds
from .encounters import effects as board
from .events import DialFlipped, EntryRead, Event, ExplorationEnded, HeroMoved, NoOptionOpen
from .frames import base_effects, read_entry, take_option
from .pending import Pending
from .refusals import Refusal
from .state import Frame, GameState, HeroState


def effects_of(campaign: Campaign, frame: Frame) -> list[Any]:
    """The effect list a frame walks: its source's effects, then down ``path``."""
    current = base_effects(campaign, frame.source, frame.key)
    steps = list(frame.path)
    while steps:
        effect = current[int(steps.pop(0))]
        branch = steps.pop(0)
        if branch == "choose":
            current = effect.choose[int(steps.pop(0))].effects
        elif branch in ("skull", "grail"):
            current = getattr(effect.flip_dial, branch)
        elif branch == "expired":
            current = effect.place_dial.expired
        elif branch in ("won", "lost"):
            begun = effect.draw_encounter if isinstance(effect, fx.DrawEncounter) \
                else effect.start_encounter
            current = getattr(begun, branch)
        else:
            current = effect.then if branch == "then" else effect.else_
    return current


def waiting_effect(campaign: Campaign, state: GameState) -> Any:
    """The effect the reading stands on, if any: a choice, or what its team shares."""
    if not state.frames:
        return None
    frame = state.frames[-1]
    current = effects_of(campaign, frame)
    return current[frame.index] if frame.index < len(current) else None


def pending_choice(campaign: Campaign, state: GameState) -> fx.Choose | None:
    """The choice the reading waits on, if any."""
    effect = waiting_effect(campaign, state)
    return effect if isinstance(effect, fx.Choose) else None


def pending_shares(campaign: Campaign, state: GameState) -> list[Share]:
    """The parts of a shared gain or loss the reading waits on, if any [ACT-EXPLORE-2]."""
    effect = waiting_effect(campaign, state)
    return [] if effect is None else teams.share_options(campaign, state, state.frames[-1],
                                                          effect)


def legal(campaign: Campaign, state: GameState) -> list[Any]:
    """The open options of the choice the reading waits on, and the trades its team may make
    meanwhile [TEAM-5]; else the parts of what it shares [ACT-EXPLORE-2]."""
    choice = pending_choice(campaign, state)
    if choice is not None:
        decider = state.frames[-1].heroes[0]
        return [*(Choose(hero=decider, option=index) for index, option in enumerate(choice.choose)
                  if option_open(campaign, state, option)),
                *trading.within_team(campaign, state)]
    return list(pending_shares(campaign, state))


def pending(campaign: Campaign, state: GameState) -> Pending:
    frame = state.frames[-1]
    return Pending(kind="journal", heroes=list(frame.heroes))


def why(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    """The rule an action breaks while the journal is read."""
    if isinstance(action, Trade) and state.encounter is None \
            and {action.hero, action.to} <= set(state.frames[-1].heroes):
        return trading.why_refused(campaign, state, action)
    if isinstance(action, Trade):
        return Refusal("TEAM-5", "trade_in_an_action")
    if isinstance(action, Choose):
        return Refusal("JOURNAL-1", "option_closed")
    return Refusal("JOURNAL-1", "choose_first")


def actors(state: GameState, frame: Frame) -> list[HeroState]:
    return [state.hero(hero_id) for hero_id in frame.heroes]


def option_open(campaign: Campaign, state: GameState, option: fx.Choice) -> bool:
    """An option is open when its condition holds and its cost can be paid, by the decider
    with the help of the team reading with it [TEAM-6]."""
    frame = state.frames[-1]
    heroes = actors(state, frame)
    if option.if_ is not None and not holds(campaign, state, option.if_, heroes):
        return False
    return option.cost is None or teams.may_pay_option(campaign, state, frame, option.cost)


def choose(campaign: Campaign, state: GameState, action: Choose) -> list[Event]:
    """Take an option: its cost is paid, the team helping the decider where it may
    (``teams``), then its effects are pushed (the game resolves them)."""
    option = action.option
    choice = pending_choice(campaign, state)
    assert choice is not None
    taken = choice.choose[option]
    if taken.cost is not None:
        return teams.pay_option(campaign, state, state.frames[-1], option, taken.cost)
    take_option(state, option)
    return []


STEPS_WITHOUT_A_DECISION = 10_000
"""Effects resolved in a row with no decision after which the story is taken to go round
for ever: no content comes near it (an exploration resolves a few dozen)."""


class ContentLoop(Exception):
    """The content's effects go round without end: a loop ``grail validate`` could not see
    (it refuses the loops it can prove). ``way``: the entries read (their keys) and the
    Locations entered (their numbers) on the way round, each once, in the order first met;
    ``run``: the simulated run that met it (its hero and seed), None when it was a player's
    action, which is then not taken. A worker process sends it back whole; grail/words
    says it (``loop_words``)."""

    def __init__(self, way: list[str | int], run: tuple[str, int] | None = None) -> None:
        super().__init__(way, run)
        self.way, self.run = way, run

    def __reduce__(self) -> tuple[type[ContentLoop], tuple[list[str | int], tuple[str, int] | None]]:
        return ContentLoop, (self.way, self.run)


FLOW = frozenset({fx.Choose, fx.If, fx.Goto, fx.DrawEncounter, fx.StartEncounter, fx.FlipDial,
                  fx.EndExploration, fx.PlaceDial})
"""The effects the reading resolves itself, since they decide what is read next or where
it waits: a choice, a condition, a goto, an Encounter, a flipped dial, the end of the
exploration, a dial that remembers its expired effects' place. Every other effect is the
board's or the world's (``world.EFFECTS``)."""


def resolve(campaign: Campaign, state: GameState, floor: int = 0) -> list[Event]:
    """Resolve effects until a choice waits or no frame is left above ``floor`` (the frames
    an Encounter's effects stand on); past ``STEPS_WITHOUT_A_DECISION``, stop with
    :class:`ContentLoop` rather than hang."""
    events: list[Event] = []
    steps = 0
    while len(state.frames) > floor:
        steps += 1
        if steps > STEPS_WITHOUT_A_DECISION:
            raise ContentLoop(_going_round(state, events))
        frame = state.frames[-1]
        current = effects_of(campaign, frame)
        if frame.index >= len(current):
            state.frames.pop()
            continue
        effect = current[frame.index]
        if isinstance(effect, fx.Choose):
            if any(option_open(campaign, state, option) for option in effect.choose):
                return events  # a decision: legal actions list the open options
            frame.index += 1  # no option can be taken: the reading goes on past it
            events.append(NoOptionOpen())
            continue
        if not teams.split_settled(campaign, state, frame, effect):
            return events  # a decision: who takes which share [ACT-EXPLORE-2]
        frame.index += 1
        if isinstance(effect, fx.If):
            branch = "then" if holds(campaign, state, effect.if_, actors(state, frame)) else "else"
            state.frames.append(Frame(source=frame.source, key=frame.key,
                                      path=[*frame.path, frame.index - 1, branch],
                                      heroes=list(frame.heroes)))
        elif isinstance(effect, fx.Goto):
            heroes = frame.heroes
            _drop_reading(state)
            events += read_entry(campaign, state, effect.goto, heroes)
        elif isinstance(effect, fx.DrawEncounter | fx.StartEncounter):
            origin = Frame(source=frame.source, key=frame.key,
                           path=[*frame.path, frame.index - 1], heroes=list(frame.heroes))
            events += encounter_decks.begin(campaign, state, effect, origin)
            if state.encounter is not None:
                return events  # a decision: the fight
        elif isinstance(effect, fx.FlipDial):  # a chance point [DIAL-1]
            face = chance.pick(state, chance.point("dial_flip"), ["skull", "grail"])
            state.frames.append(Frame(source=frame.source, key=frame.key,
                                      path=[*frame.path, frame.index - 1, face],
                                      heroes=list(frame.heroes)))
            events.append(DialFlipped(face="skull" if face == "skull" else "grail"))
        elif isinstance(effect, fx.EndExploration):
            _end_reading(state, frame)
            events.append(ExplorationEnded())
        elif isinstance(effect, fx.PlaceDial):  # it remembers where its expired effects are
            expired = Frame(source=frame.source, key=frame.key,
                            path=[*frame.path, frame.index - 1, "expired"], heroes=list(frame.heroes))
            events += dials.place(campaign, state, effect.place_dial, actors(state, frame)[0],
                                  expired)
        elif board.handles(state, frame, effect):  # inside an Encounter
            events += board.apply(campaign, state, frame, effect)
        else:
            events += teams.apply_effect(campaign, state, frame, effect)
        if state.asked:
            return events  # a decision the effect asked for: the reading waits on it
    return events


def _going_round(state: GameState, events: list[Event]) -> list[str | int]:
    """The entries read (keys) and the Locations entered (numbers) last, each once, in the
    order first met: the loop's way round."""
    way: list[str | int] = [event.entry if isinstance(event, EntryRead) else event.to
                            for event in events[-200:] if isinstance(event, EntryRead | HeroMoved)]
    way += [frame.key for frame in state.frames if frame.source == "entry"]
    return sorted(set(way), key=way.index)


def _drop_reading(state: GameState) -> None:
    """A goto leaves the entry being read, and every branch of it [JOURNAL-1]."""
    while state.frames and state.frames[-1].source == "entry":
        state.frames.pop()


def _end_reading(state: GameState, frame: Frame) -> None:
    """The reading stops: the entries being read and every branch of them, or the list that
    says so; never what waits beneath it (the Day's Event, a Chapter's setup, a Time dial
    run out) [ACT-EXPLORE-1], [JOURNAL-1]."""
    if frame.source == "entry":
        _drop_reading(state)
        return
    while state.frames and (state.frames[-1].source, state.frames[-1].key) == \
            (frame.source, frame.key):
        state.frames.pop()


@dataclass(frozen=True)
class ClosedOption:
    """An option of the waiting choice that cannot be taken, and why: its condition does
    not hold (``unmet``), or the team cannot pay its cost, as ``payer`` would pay it
    [JOURNAL-1], [TEAM-6]."""

    index: int
    option: fx.Choice
    unmet: bool
    payer: HeroState


def closed_options(campaign: Campaign, state: GameState) -> list[ClosedOption]:
    """Options of the waiting choice that cannot be taken, so that players still see them
    and the reason [JOURNAL-1]."""
    choice = pending_choice(campaign, state)
    if choice is None:
        return []
    heroes = actors(state, state.frames[-1])
    found = []
    for index, option in enumerate(choice.choose):
        if option.if_ is not None and not holds(campaign, state, option.if_, heroes):
            found.append(ClosedOption(index, option, True, heroes[0]))
        elif option.cost is not None and not teams.may_pay_option(campaign, state,
                                                                 state.frames[-1], option.cost):
            found.append(ClosedOption(index, option, False, heroes[0]))
    return found
