"""Events: small typed records of what an action caused, for the log, the UI and tests."""

from typing import Literal

from .plain import Plain, value


class _Event(Plain):
    __slots__ = ()

@value
class ChanceDrawn(_Event):
    """A chance point's outcome: a card drawn, a die rolled, a dial flipped."""

    type: Literal["chance_drawn"] = "chance_drawn"
    point: str
    outcome: str


@value
class ChanceAsked(_Event):
    """A companion game waits for the table to say how a chance point came out."""

    type: Literal["chance_asked"] = "chance_asked"
    point: str
    options: list[str]


@value
class EncounterEnded(_Event):
    """An Encounter is over: won, or not (fled, failed, escaped, robbed, avoided, nobody left
    standing) [ENC-4]."""

    type: Literal["encounter_ended"] = "encounter_ended"
    encounter: str
    won: bool
    result: str


@value
class Activated(_Event):
    """A character's activation begins [COMBAT-5]."""

    type: Literal["activated"] = "activated"
    hero: str
    turn: int


@value
class CardPlayed(_Event):
    """A card joins the Sequence: the keys that connected, and the icons they gave
    [COMBAT-9]."""

    type: Literal["card_played"] = "card_played"
    hero: str
    card: str
    serial: int
    connected: list[str]
    icons: list[str]


@value
class PoolChanged(_Event):
    """The Combat pool changed [KEY-5], [COMBAT-25]."""

    type: Literal["pool_changed"] = "pool_changed"
    pool: int
    change: int


@value
class AffinityMoved(_Event):
    """The Affinity marker moved [DIPLO-10]."""

    type: Literal["affinity_moved"] = "affinity_moved"
    affinity: int
    change: int


@value
class CardsDrawn(_Event):
    """A character drew Combat or Diplomacy cards [KEY-5]."""

    type: Literal["cards_drawn"] = "cards_drawn"
    hero: str
    cards: list[str]


@value
class CardDiscarded(_Event):
    """A card left a hand, a deck's top or the Sequence for the discards [COMBAT-21],
    [ANAT-16]."""

    type: Literal["card_discarded"] = "card_discarded"
    hero: str
    card: str
    source: Literal["hand", "deck", "sequence"]


@value
class MagicPaid(_Event):
    """Magic paid to connect a Magic Key; it sits on the key [KEY-3]."""

    type: Literal["magic_paid"] = "magic_paid"
    hero: str
    serial: int
    at: int


@value
class EnergySpent(_Event):
    """A character spent Energy."""

    type: Literal["energy_spent"] = "energy_spent"
    hero: str
    amount: int


@value
class HeroMoved(_Event):
    """A character moved from one Location to another."""

    type: Literal["hero_moved"] = "hero_moved"
    hero: str
    origin: int
    to: int


@value
class LocationRevealed(_Event):
    """A Location card was placed on the map, where it stands."""

    type: Literal["location_revealed"] = "location_revealed"
    number: int
    x: int
    y: int


@value
class LocationDiscarded(_Event):
    """A Location card left the map."""

    type: Literal["location_discarded"] = "location_discarded"
    number: int


@value
class MenhirDialTurned(_Event):
    """A Menhir's dial turned (to None: it went out)."""

    type: Literal["menhir_dial_turned"] = "menhir_dial_turned"
    location: int
    dial: int | None


@value
class MenhirRemoved(_Event):
    """A Menhir left the map."""

    type: Literal["menhir_removed"] = "menhir_removed"
    location: int


@value
class HeroPassed(_Event):
    """A character passed: its Day is over."""

    type: Literal["hero_passed"] = "hero_passed"
    hero: str


@value
class MetersChanged(_Event):
    """A character's meters, as they are now, and why they changed."""

    type: Literal["meters_changed"] = "meters_changed"
    hero: str
    energy: int
    health: int
    terror: int
    food: int
    reason: str


@value
class DayBegan(_Event):
    """A new Day began."""

    type: Literal["day_began"] = "day_began"
    day: int




@value
class EntryRead(_Event):
    """A journal entry was read: its number and its text."""

    type: Literal["entry_read"] = "entry_read"
    entry: str
    text: str


@value
class ResourcesChanged(_Event):
    """A character's resources changed, by these amounts."""

    type: Literal["resources_changed"] = "resources_changed"
    hero: str
    changes: dict[str, int]


@value
class StatusMarked(_Event):
    """A status (or one of its parts) was marked or cleared."""

    type: Literal["status_marked"] = "status_marked"
    status: str
    part: int | None
    marked: bool


@value
class CardGained(_Event):
    """A character gained (or gave up) a Secret or an item card."""

    type: Literal["card_gained"] = "card_gained"
    hero: str
    kind: Literal["secret", "item"]
    number: int
    gained: bool


@value
class TaskLogged(_Event):
    """A task was opened or closed."""

    type: Literal["task_logged"] = "task_logged"
    task: str
    open: bool


@value
class QuestChanged(_Event):
    """A quest started, was completed or was removed."""

    type: Literal["quest_changed"] = "quest_changed"
    quest: str
    change: Literal["started", "completed", "removed"]


@value
class ExplorationEnded(_Event):
    """The exploration of a Location ended."""

    type: Literal["exploration_ended"] = "exploration_ended"


@value
class EffectDeferred(_Event):
    """An effect whose rule a later step implements (skill choices, passive bonuses, card
    effects inside a fight): logged, not lost."""

    type: Literal["effect_deferred"] = "effect_deferred"
    effect: str


DeathCause = Literal["losing_health", "end_of_day", "start_of_day", "effect"]
"""What killed a character: its "You Are Dying" card's moment, or a ``die`` effect."""


@value
class DyingChanged(_Event):
    """"You Are Dying": a character at 0 Health takes the card, or heals and gives it back
    [SURV-4], [DEATH-1]."""

    type: Literal["dying_changed"] = "dying_changed"
    hero: str
    change: Literal["taken", "healed"]


@value
class GoingMadChanged(_Event):
    """"You Are Going Mad": a character's Terror reaches the red spaces and it takes the
    card, or leaves them and gives it back [SURV-5], [MAD-1]."""

    type: Literal["going_mad_changed"] = "going_mad_changed"
    hero: str
    change: Literal["taken", "given_back"]


@value
class HeroDied(_Event):
    """A character dies, and what killed it [DEATH-1]..[DEATH-6]."""

    type: Literal["hero_died"] = "hero_died"
    hero: str
    cause: DeathCause


@value
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
