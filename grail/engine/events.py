"""Events: small typed records of what an action caused, for the log, the UI and tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .plain import Plain


class _Event(Plain):
    __slots__ = ()

@dataclass(slots=True, kw_only=True, frozen=True)
class ChanceDrawn(_Event):
    """A chance point's outcome: a card drawn, a die rolled, a dial flipped."""

    type: Literal["chance_drawn"] = "chance_drawn"
    point: str
    outcome: str


@dataclass(slots=True, kw_only=True, frozen=True)
class ChanceAsked(_Event):
    """A companion game waits for the table to say how a chance point came out."""

    type: Literal["chance_asked"] = "chance_asked"
    point: str
    options: list[str]


@dataclass(slots=True, kw_only=True, frozen=True)
class EncounterEnded(_Event):
    """An Encounter is over: won, or not (fled, failed, escaped, robbed, avoided, nobody left
    standing) [ENC-4]."""

    type: Literal["encounter_ended"] = "encounter_ended"
    encounter: str
    won: bool
    result: str


@dataclass(slots=True, kw_only=True, frozen=True)
class Activated(_Event):
    """A character's activation begins [COMBAT-5]."""

    type: Literal["activated"] = "activated"
    hero: str
    turn: int


@dataclass(slots=True, kw_only=True, frozen=True)
class CardPlayed(_Event):
    """A card joins the Sequence: the keys that connected, and the icons they gave
    [COMBAT-9]."""

    type: Literal["card_played"] = "card_played"
    hero: str
    card: str
    serial: int
    connected: list[str]
    icons: list[str]


@dataclass(slots=True, kw_only=True, frozen=True)
class PoolChanged(_Event):
    """The Combat pool changed [KEY-5], [COMBAT-25]."""

    type: Literal["pool_changed"] = "pool_changed"
    pool: int
    change: int


@dataclass(slots=True, kw_only=True, frozen=True)
class AffinityMoved(_Event):
    """The Affinity marker moved [DIPLO-10]."""

    type: Literal["affinity_moved"] = "affinity_moved"
    affinity: int
    change: int


@dataclass(slots=True, kw_only=True, frozen=True)
class CardsDrawn(_Event):
    """A character drew Combat or Diplomacy cards [KEY-5]."""

    type: Literal["cards_drawn"] = "cards_drawn"
    hero: str
    cards: list[str]


@dataclass(slots=True, kw_only=True, frozen=True)
class CardDiscarded(_Event):
    """A card left a hand, a deck's top or the Sequence for the discards [COMBAT-21],
    [ANAT-16]."""

    type: Literal["card_discarded"] = "card_discarded"
    hero: str
    card: str
    source: Literal["hand", "deck", "sequence"]


@dataclass(slots=True, kw_only=True, frozen=True)
class MagicPaid(_Event):
    """Magic paid to connect a Magic Key; it sits on the key [KEY-3]."""

    type: Literal["magic_paid"] = "magic_paid"
    hero: str
    serial: int
    at: int


@dataclass(slots=True, kw_only=True, frozen=True)
class EnergySpent(_Event):
    type: Literal["energy_spent"] = "energy_spent"
    hero: str
    amount: int


@dataclass(slots=True, kw_only=True, frozen=True)
class HeroMoved(_Event):
    type: Literal["hero_moved"] = "hero_moved"
    hero: str
    origin: int
    to: int


@dataclass(slots=True, kw_only=True, frozen=True)
class LocationRevealed(_Event):
    type: Literal["location_revealed"] = "location_revealed"
    number: int
    x: int
    y: int


@dataclass(slots=True, kw_only=True, frozen=True)
class LocationDiscarded(_Event):
    type: Literal["location_discarded"] = "location_discarded"
    number: int


@dataclass(slots=True, kw_only=True, frozen=True)
class MenhirDialTurned(_Event):
    type: Literal["menhir_dial_turned"] = "menhir_dial_turned"
    location: int
    dial: int | None


@dataclass(slots=True, kw_only=True, frozen=True)
class MenhirRemoved(_Event):
    type: Literal["menhir_removed"] = "menhir_removed"
    location: int


@dataclass(slots=True, kw_only=True, frozen=True)
class HeroPassed(_Event):
    type: Literal["hero_passed"] = "hero_passed"
    hero: str


@dataclass(slots=True, kw_only=True, frozen=True)
class MetersChanged(_Event):
    type: Literal["meters_changed"] = "meters_changed"
    hero: str
    energy: int
    health: int
    terror: int
    food: int
    reason: str


@dataclass(slots=True, kw_only=True, frozen=True)
class DayBegan(_Event):
    type: Literal["day_began"] = "day_began"
    day: int




@dataclass(slots=True, kw_only=True, frozen=True)
class EntryRead(_Event):
    type: Literal["entry_read"] = "entry_read"
    entry: str
    text: str


@dataclass(slots=True, kw_only=True, frozen=True)
class ResourcesChanged(_Event):
    type: Literal["resources_changed"] = "resources_changed"
    hero: str
    changes: dict[str, int]


@dataclass(slots=True, kw_only=True, frozen=True)
class StatusMarked(_Event):
    type: Literal["status_marked"] = "status_marked"
    status: str
    part: int | None
    marked: bool


@dataclass(slots=True, kw_only=True, frozen=True)
class CardGained(_Event):
    type: Literal["card_gained"] = "card_gained"
    hero: str
    kind: Literal["secret", "item"]
    number: int
    gained: bool


@dataclass(slots=True, kw_only=True, frozen=True)
class TaskLogged(_Event):
    type: Literal["task_logged"] = "task_logged"
    task: str
    open: bool


@dataclass(slots=True, kw_only=True, frozen=True)
class QuestChanged(_Event):
    type: Literal["quest_changed"] = "quest_changed"
    quest: str
    change: Literal["started", "completed", "removed"]


@dataclass(slots=True, kw_only=True, frozen=True)
class ExplorationEnded(_Event):
    type: Literal["exploration_ended"] = "exploration_ended"


@dataclass(slots=True, kw_only=True, frozen=True)
class EffectDeferred(_Event):
    """An effect whose rule a later step implements (skill choices, passive bonuses, card
    effects inside a fight): logged, not lost."""

    type: Literal["effect_deferred"] = "effect_deferred"
    effect: str


DeathCause = Literal["losing_health", "end_of_day", "start_of_day", "effect"]
"""What killed a character: its "You Are Dying" card's moment, or a ``die`` effect."""


@dataclass(slots=True, kw_only=True, frozen=True)
class DyingChanged(_Event):
    """"You Are Dying": a character at 0 Health takes the card, or heals and gives it back
    [SURV-4], [DEATH-1]."""

    type: Literal["dying_changed"] = "dying_changed"
    hero: str
    change: Literal["taken", "healed"]


@dataclass(slots=True, kw_only=True, frozen=True)
class GoingMadChanged(_Event):
    """"You Are Going Mad": a character's Terror reaches the red spaces and it takes the
    card, or leaves them and gives it back [SURV-5], [MAD-1]."""

    type: Literal["going_mad_changed"] = "going_mad_changed"
    hero: str
    change: Literal["taken", "given_back"]


@dataclass(slots=True, kw_only=True, frozen=True)
class HeroDied(_Event):
    """A character dies, and what killed it [DEATH-1]..[DEATH-6]."""

    type: Literal["hero_died"] = "hero_died"
    hero: str
    cause: DeathCause


@dataclass(slots=True, kw_only=True, frozen=True)
class WorldChanged(_Event):
    """Tokens, dials, Menhirs and replaced Locations."""

    type: Literal["world_changed"] = "world_changed"
    what: str


Event = (DyingChanged | GoingMadChanged | HeroDied | EnergySpent | HeroMoved | LocationRevealed
         | LocationDiscarded | MenhirDialTurned | MenhirRemoved | HeroPassed | MetersChanged
         | DayBegan | EntryRead | ResourcesChanged
         | StatusMarked | CardGained | TaskLogged | QuestChanged | ExplorationEnded
         | EffectDeferred | WorldChanged | ChanceDrawn | ChanceAsked | EncounterEnded
         | Activated | CardPlayed | PoolChanged | AffinityMoved | CardsDrawn | CardDiscarded
         | MagicPaid)
