"""The game state: plain data, JSON round-trip exact, holding the generator's state too.

Everything a rule reads or changes lives here; the campaign (content) stays outside and
never changes. Collections are lists in a fixed order, never sets, so that the same
actions give byte-identical states.
"""

from dataclasses import field
from typing import Annotated, Any, Literal

from pydantic import Field

from grail.content.campaign import DyingTrigger

from .plain import Plain, part
from .rng import Rng

Mode = Literal["story", "normal", "challenge"]
UNSEEN = "?"
"""A card in a deck whose place is not known: a draw there is a chance point."""
ChallengeRule = Literal["upside_down_health", "challenge_secret", "escape_by_dial",
                        "short_menhirs", "fewer_random_events", "costly_upgrades",
                        "resource_cap", "item_cap", "no_mercy"]
HealthMarker = Literal["upright", "upside_down", "plain"]
Stage = Literal["start_of_day", "dials", "event", "guardians", "face_up", "day", "end_of_day",
                "mercy", "over"]
"""``dials``: the Start of Day's Locations out of every Menhir's radius are gone, and the
dials turn once what the characters moved off them met is resolved [DAY-START-2],
[DAY-START-3]; ``event``: the Time dials have turned, and the Event is revealed once what
those that ran out asked is resolved [DAY-START-4], [DAY-START-5]; ``guardians``: the Event
is read and the Guardians move next, once what it asked is resolved [DAY-START-6];
``face_up``: they have moved, and once any Guardian they met is fought each character keeps
one face-up card per keyword [DAY-START-8]; ``mercy``: the game is lost and the players may
still ask for Mother's Mercy [MERCY-1]."""


class State(Plain):
    """Base of the state's parts: plain values, checked only when read from JSON."""

    __slots__ = ()


@part
class HeroState(State):
    """One character: board, resources, cards and where it stands [SAVE-2]."""

    id: str
    """The hero's content id."""
    number: int
    """Character number, for tie-breaks [COMP-4]."""
    location: int
    """The Location it stands on."""
    energy: int
    """Energy."""
    health: int
    """Health."""
    terror: int
    """Terror."""
    food: int = 0
    """Food."""
    wealth: int = 0
    """Wealth."""
    rep: int = 0
    """Rep."""
    magic: int = 0
    """Magic."""
    exp: int = 0
    """Exp."""
    attributes: dict[str, int]
    """Board markers per Attribute [ATTR-3]."""
    combat_deck: list[str]
    """Combat deck card ids, sorted (unseen order)."""
    diplomacy_deck: list[str]
    """Diplomacy deck card ids, sorted."""
    combat_pool: list[str]
    """Advanced Combat pool card ids, sorted."""
    diplomacy_pool: list[str]
    """Advanced Diplomacy pool card ids, sorted."""
    items: list[int] = field(default_factory=list)
    """Item numbers held."""
    secrets: list[int] = field(default_factory=list)
    """Secret numbers held."""
    passed: bool = False
    """Passed this Day [ACT-PASS-1]."""
    acted: bool = False
    """Acted in the current round [DAY-3]."""
    rested: bool = False
    """Rested at this End of Day [END-DAY-1]."""
    upgraded: bool = False
    """Done upgrading this End of Day."""
    skills: list[int] = field(default_factory=list)
    """Skill sides kept [ATTR-5]."""
    dying: bool = False
    """Holds 'You Are Dying' [DEATH-1]."""
    going_mad: bool = False
    """Holds 'You Are Going Mad' [MAD-1]."""
    death_due: DyingTrigger | None = None
    """What its 'You Are Dying' card kills it for, before the next decision: losing_health,
    end_of_day or start_of_day [DEATH-1]."""
    face_up: list[str] = field(default_factory=list)
    """Cards in use, one per keyword [ITEM-1]."""
    health_marker: HealthMarker = "upright"
    """The Health T-marker: upright, upside down (its bar reads lower by the
    challenge_health_offset setting) [MODE-CHALLENGE-2], or a plain marker that caps nothing
    (solo Story) [MODE-STORY-2]."""
    set_aside: list[str] = field(default_factory=list)
    """Cards taken out of its decks, kept beside the board, sorted; never back in the Advanced
    pool [UPG-4]."""


@part
class Placed(State):
    """A revealed Location card at its grid spot (x right, y down) [MAP-1], [SAVE-4]."""

    number: int
    """The Location number."""
    x: int
    """Column."""
    y: int
    """Row."""


@part
class Menhir(State):
    """A Menhir miniature; active while it holds a dial [MENHIR-2]."""

    location: int
    """Where it stands."""
    dial: int | None
    """Days left; None once the dial is removed [DAY-START-3]."""


@part
class Portion(State):
    """One member's part of something a team splits: a cost [TEAM-6] or a shared gain or
    loss [ACT-EXPLORE-2]."""

    hero: str
    """The member."""
    what: str
    """A resource or meter, or 'secret', 'item', 'meters'."""
    amount: int
    """How much of it."""


FrameSource = Literal["entry", "immediate", "location_action", "character_action", "menhir",
                      "event", "quest", "dying", "dying_solo", "going_mad", "encounter_text",
                      "chapter_setup", "card_use", "secret_dial", "secret", "challenge_secret",
                      "ability", "attack", "opportunity", "response", "reward", "loot",
                      "failure"]


@part
class Frame(State):
    """An effect list being resolved: where it comes from, and how far it has got.

    ``path`` leads from the source's effects into nested lists: an ``if``'s branch is
    ``[i, "then"]``, a choice's option ``[i, "choose", k]``. Frames replace a call stack,
    so a half-read journal entry can be saved and resumed.
    """

    source: FrameSource
    """What holds the effects."""
    key: str
    """Its address: an entry id or a Location number."""
    path: list[int | str] = field(default_factory=list)
    """Into nested effect lists."""
    index: int = 0
    """The next effect to resolve."""
    heroes: list[str]
    """The acting character or team, active first."""
    portions: list[Portion] = field(default_factory=list)
    """The split of the effect at ``index`` decided so far, when a team shares it."""

    def ended(self, won: bool, heroes: list[str]) -> "Frame":
        """Where this frame, an Encounter's origin, says what follows the Encounter won or
        lost, for ``heroes`` [ENC-3]."""
        return Frame(source=self.source, key=self.key,
                     path=[*self.path, "won" if won else "lost"], heroes=heroes)


@part
class TeamAction(State):
    """A Day action proposed and not yet started: who joins, then who pays what
    [TEAM-1]..[TEAM-3], [TEAM-6]; teammates join a character action only to help pay it
    [ACT-CHAR-2]."""

    action: Literal["explore", "travel", "location_action", "character_action",
                    "activate_menhir", "option"]
    """The action, or 'option': a journal option's cost, which the reading team helps its
    decider pay [TEAM-6]."""
    to: int | None = None
    """Where a Travel goes."""
    option: int | None = None
    """The journal option being paid."""
    cost: dict[str, int] = field(default_factory=dict)
    """That option's cost, as it stood when chosen."""
    members: list[str]
    """The team: who proposed it first, then by number."""
    paying: bool = False
    """Formed: the cost is being split."""
    paid: list[Portion] = field(default_factory=list)
    """Parts of the cost pledged."""


EncounterStep = Literal["start", "equipment", "hands", "mulligan", "approach", "turn",
                        "choose_active", "delayed", "play", "after_play", "check", "attack",
                        "after_attack", "next", "end_turn", "end_draw", "ending",
                        "closing"]
"""Where an Encounter stands in its order (the rulebook's Combat and Diplomacy): the setup (Items confirmed
[ITEM-3], hands drawn [COMBAT-3], mulligans [COMBAT-4], an approach [DIPLO-2]); each turn's
phases I-III with the activation's steps 1-4 [COMBAT-5]..[COMBAT-15]; and the end, while
Reward, Loot or Failure resolve."""

EncounterResult = Literal["won", "fled", "failed", "escaped", "robbed", "avoided", "fallen"]
"""How an Encounter ended: won [COMBAT-16], [DIPLO-7]; the enemy fled [COMBAT-19]; Failure
[DIPLO-6]; everyone escaped [COMBAT-18], [DIPLO-13]; a Thief took everything [TRAIT-10];
avoided before it began [DIPLO-14]; or nobody was left standing [COMBAT-26]."""


@part
class SequenceCard(State):
    """A card in the Sequence, left to right [COMBAT-1], with what sits on it."""

    card: str
    """The Combat or Diplomacy card."""
    owner: str
    """Whose deck it came from."""
    serial: int
    """Its place in the order cards were played, from 1."""
    tokens: int = 0
    """Time tokens on it [ANAT-7]."""
    charges: int = 0
    """Charges on it [ANAT-10]."""
    magic: list[int] = field(default_factory=list)
    """Positions of its paid Magic Keys: the Magic sits there and is discarded with the card
    [KEY-3]."""
    joined: list[str] = field(default_factory=list)
    """The Attributes of the Attribute Keys its left edge joined, connected or not, by position
    [ANAT-8]."""


@part
class EncounterState(State):
    """An Encounter being fought, card by card [ENC-2], [ENC-3], [COMBAT-1], [DIPLO-1].

    Every decision waits here as data: which step comes next (``step``), whose activation
    it is, the hands, the Sequence, the Combat pool or the Affinity marker. Effects being
    resolved are frames above ``floor`` on the state's stack; those below belong to what
    began the Encounter and go on after it.
    """

    id: str
    """The Encounter card."""
    heroes: list[str]
    """Who still fights it, by character number."""
    origin: Frame | None = None
    """The effect that began it, whose won/lost effects follow."""
    location: int
    """Where it began (an undefeated Guardian stays there)."""
    team: list[str] = field(default_factory=list)
    """Who began it: their cards go back to their decks at the end, even after they escaped
    [DISC-2]."""
    step: EncounterStep = "start"
    """Where it stands in its order."""
    floor: int = 0
    """Frames below this belong to what began it."""
    turn: int = 0
    """The turn, counted from 1 [COMBAT-5]."""
    activated: list[str] = field(default_factory=list)
    """Members with a Time token on their board this turn [COMBAT-5]."""
    activations: int = 0
    """Activations so far [TRAIT-1], [TRAIT-2]."""
    active: str | None = None
    """The active character [COMBAT-6]."""
    played: int = 0
    """Cards played this activation [COMBAT-10]."""
    free_continue: bool = False
    """The next card plays as if it connected a continue key (paid with Charges) [EX-DIPLO-9]."""
    forced: str | None = None
    """In Panic, the top card of the deck, to be played first [COMBAT-22]."""
    prevent: int = 0
    """Damage of this activation's enemy attack still to be prevented [EX-COMBAT-5]."""
    attacks: int = 0
    """Enemy attacks (step 3) this activation [TRAIT-9]."""
    fury_spent: bool = False
    """Fury's second attack was made, when it comes once per Encounter [TRAIT-9]."""
    escape_tried: bool = False
    """An Escape was tried this activation [MODE-CHALLENGE-4]."""
    escaping: str | None = None
    """Who escapes once the Opportunity attack has resolved [COMBAT-17]."""
    escape_dial: bool = False
    """That Escape flips the Challenge dial first [MODE-CHALLENGE-4]."""
    drawing: list[str] = field(default_factory=list)
    """Members still to draw at the start or the end of the turn, in order [COMBAT-3],
    [COMBAT-15]."""
    cursor: int = 0
    """Step 1: the next card to lose a Time token [COMBAT-7]."""
    pool: int = 0
    """Markers in the Combat pool [COMBAT-16]."""
    affinity: int = 0
    """The Affinity marker: 0 is grey, below is red, above green [DIPLO-2]."""
    stage: int = 0
    """The Stage being played, from 0 [DIPLO-3]."""
    approach: int | None = None
    """The approach chosen [DIPLO-2]."""
    hands: dict[str, list[str]] = field(default_factory=dict)
    """Each member's hand."""
    discards: dict[str, list[str]] = field(default_factory=dict)
    """Each member's discards, back in the deck at the end [DISC-2]."""
    sequence: list[SequenceCard] = field(default_factory=list)
    """The Sequence."""
    placed: int = 0
    """Cards placed in the Sequence so far."""
    stowed: list[str] = field(default_factory=list)
    """'hero:card' out of use until this Encounter ends: set aside, or come in the middle
    of it [ITEM-3]."""
    used: list[str] = field(default_factory=list)
    """'hero:card/use' of uses spent this Encounter; a flipped card turns back at the end
    [ITEM-6]."""
    magic_discarded: int = 0
    """Magic discarded with the cards whose keys it paid [KEY-3]."""
    result: EncounterResult | None = None
    """How it ended."""


@part
class Guardian(State):
    """An undefeated Guardian on the map [GUARD-1]."""

    id: str
    """Its Encounter card."""
    location: int
    """Where it stands."""


@part
class Facing(State):
    """Characters who must face Guardians on a Location, one Encounter each, in the order
    the players choose [GUARD-4], [GUARD-6]."""

    location: int
    """Where the Guardians stand."""
    heroes: list[str]
    """Who faces them: the characters entering or there."""
    guardians: list[str]
    """The Guardians still to face, in map order."""


@part
class StatusMarks(State):
    """A Status marked on the Game Sheet, and which of its numbered parts [STATUS-1]."""

    id: str
    """The Status id."""
    whole: bool = False
    """The Status itself is marked."""
    parts: list[int] = field(default_factory=list)
    """Marked parts, ascending."""


@part
class Task(State):
    """A line of the task log [TASK-1]."""

    id: str
    """The task id; what it asks is the pack's, in the pack's language (``Campaign.task``),
    so that the state is the same whatever the language it is played in."""
    text: str = ""
    """What it asked, as a save from before grail spoke several languages kept it (read
    when the pack no longer names the task); grail writes none."""
    location: int | None = None
    """It closes when this card changes."""


@part
class Dial(State):
    """A named Time or Quest dial in play [DIAL-1]."""

    id: str
    """Its name."""
    value: int
    """Its value."""
    token: Literal["time", "quest"]
    """Time or Quest dial."""
    location: int | None = None
    """Where it sits, if anywhere."""
    expired: Frame | None = None
    """Where its expired effects are written: the frame that resolves them when the Time dial
    leaves play [DAY-START-4]."""


@part
class SkillAsked(State):
    """A Skill card to choose for an Attribute, keeping one side [ATTR-4], [ATTR-5]."""

    kind: Literal["skill"] = "skill"
    hero: str
    """Who gains it."""
    attribute: str
    """The Attribute it supports."""
    options: list[int]
    """The free Skill sides of that Attribute."""


@part
class DestinationAsked(State):
    """Where special movement goes, among the Locations its rule allows [MAP-9]."""

    kind: Literal["destination"] = "destination"
    hero: str
    """Who decides: the active character."""
    heroes: list[str]
    """Who moves: the acting character or team."""
    options: list[int]
    """The Locations it may go to."""


@part
class ItemOffered(State):
    """An Item for a character at the Challenge cap: discard a held Item to take it, or
    refuse it [MODE-CHALLENGE-10]."""

    kind: Literal["item_cap"] = "item_cap"
    hero: str
    """Who is offered it."""
    item: int
    """The Item."""
    location: int | None = None
    """Where it lies, when left by the dead [DEATH-4]; else drawn."""


@part
class DiscardAsked(State):
    """Cards an Encounter makes a character discard from hand, the character choosing which:
    down to 3 at the end of a turn [COMBAT-15], down to 1 under Ambush [TRAIT-1], one per
    marker missing from the Combat pool [COMBAT-25], or as an effect says."""

    kind: Literal["discard"] = "discard"
    hero: str
    """Who discards."""
    count: int
    """How many cards are still to go."""


Asked = Annotated[SkillAsked | DestinationAsked | ItemOffered | DiscardAsked,
                  Field(discriminator="kind")]


@part
class ChancePoint(State):
    """A chance point waiting for the table in a companion game."""

    point: str
    """What is decided, e.g. 'draw grey Encounter'."""
    options: list[str]
    """The outcomes that may come up."""


@part
class PendingChance(State):
    """An action stopped at a chance point: it runs again, from the state before it, with
    the answers so far and the table's next one (docs/architecture.md, chance points)."""

    action: dict[str, Any] | None
    """The action (JSON form); None: the setup."""
    answers: list[dict[str, Any]]
    """Outcomes entered so far for it."""
    point: ChancePoint
    """The chance point to answer now."""


class _Underway(State):
    """What an action under way keeps beside the game, never saved: the chance outcomes
    given and not yet met, and those met so far (chance.begin)."""

    __slots__ = ("_answers", "_drawn")
    _answers: list[Any]
    _drawn: list[Any]


@part
class GameState(_Underway):
    """The whole game."""

    pack: str
    """The campaign's id."""
    mode: Mode
    """Story, normal or Challenge [MODE-*]."""
    challenge_rules: list[ChallengeRule] | None = None
    """In Challenge, the Challenge rules adopted, in the rulebook's order; None = all of them
    [MODE-CHALLENGE-1]."""
    rng: Rng
    """The seeded generator, answering every chance point."""
    companion: bool = False
    """The people at a physical table answer chance points."""
    chance: PendingChance | None = None
    """A companion game's chance point waiting for the table."""
    day: int = 1
    """The Day, counted from 1."""
    stage: Stage = "start_of_day"
    """Where in the Day order [DAY-1]."""
    heroes: list[HeroState]
    """The characters in play, by character number."""
    placed: list[Placed]
    """Revealed Locations with their spots."""
    menhirs: list[Menhir]
    """Menhirs on the map."""
    location_tokens: list[int] = field(default_factory=list)
    """Locations whose once-per-Day action was used today: the Time token on the action marks it
    [ACT-LOC-2]."""
    time_tokens: list[int] = field(default_factory=list)
    """Time tokens that cards put on Locations, one entry per token: never the action's mark
    [ACT-LOC-2], [DAY-START-4], [NOTE-10]."""
    discarded: list[int] = field(default_factory=list)
    """Locations discarded, bottom of the deck last [DISC-1]."""
    replaced: list[int] = field(default_factory=list)
    """Location numbers replaced by a changed version [MAP-3]."""
    chapter: int = 1
    """The current chapter."""
    statuses: list[StatusMarks] = field(default_factory=list)
    """The Game Sheet."""
    tasks: list[Task] = field(default_factory=list)
    """Open tasks [TASK-1]."""
    quests: list[str] = field(default_factory=list)
    """The Quest display [EVENT-3]."""
    dials: list[Dial] = field(default_factory=list)
    """Named dials in play."""
    quest_tokens: list[int] = field(default_factory=list)
    """Locations with a Quest token."""
    entry_visits: dict[str, int] = field(default_factory=dict)
    """Readings per entry."""
    location_visits: dict[str, int] = field(default_factory=dict)
    """Entries per Location number."""
    frames: list[Frame] = field(default_factory=list)
    """Effects being resolved."""
    event_deck: list[str] = field(default_factory=list)
    """Event deck, top first; '?' is a Random Event not yet seen [EVENT-1]."""
    random_events: list[str] = field(default_factory=list)
    """Random Events unseen, sorted: the Random deck and the '?' of the Event deck draw from
    them [SETUP-W9]."""
    random_bottom: list[str] = field(default_factory=list)
    """Random Events discarded, first first: the bottom of the Random Event deck, under the
    unseen ones [DISC-1]."""
    event: str | None = None
    """The Event of the Day [DAY-START-5]."""
    offer: list[str] = field(default_factory=list)
    """Cards drawn for a deck upgrade, to keep one [UPG-2]."""
    offer_deck: Literal["combat", "diplomacy"] | None = None
    """Which deck the offer is for."""
    dreamt: bool = False
    """Dreams read this End of Day [END-DAY-7]."""
    acted_today: bool = False
    """Some character has acted this Day: players no longer join or leave until the next
    [PLAYERS-1]."""
    outcome: Literal["won", "lost"] | None = None
    """How it ended."""
    dead: list[str] = field(default_factory=list)
    """Characters who died."""
    fallen: HeroState | None = None
    """The character whose death lost the game, as it fell: Mother's Mercy brings it back
    [MERCY-1]."""
    mercies: int = 0
    """Times 'Saved by the Goddess' [MERCY-1]."""
    left_items: dict[str, list[int]] = field(default_factory=dict)
    """Items left on Locations by the dead [DEATH-4]."""
    hand_over: list[int] = field(default_factory=list)
    """A dead character's Secrets still to give [DEATH-5]."""
    replacing: str | None = None
    """The dead character whose replacement is being chosen."""
    encounter_decks: dict[str, list[str]] = field(default_factory=dict)
    """The four Encounter decks, top first; '?' is a card not yet seen [ENC-1]."""
    unseen: dict[str, list[str]] = field(default_factory=dict)
    """Per Encounter deck, the cards its '?' may be, sorted."""
    encounter: EncounterState | None = None
    """The Encounter begun."""
    team: TeamAction | None = None
    """A Day action being proposed, joined and paid [TEAM-1]."""
    guardians: list[Guardian] = field(default_factory=list)
    """Guardians on the map."""
    facing: list[Facing] = field(default_factory=list)
    """Guardians waiting to be faced, first first [GUARD-6]."""
    face_up_queue: list[str] = field(default_factory=list)
    """'hero:keyword' choices of the card to use [ITEM-2]."""
    undo_floor: int = 0
    """Actions in the log before this revealed something: no undo."""
    event_discards: list[str] = field(default_factory=list)
    """The Event discard pile: it measures time [EVENT-2]."""
    asked: list[Asked] = field(default_factory=list)
    """Decisions effects asked for, oldest first; the reading waits until they are taken."""
    uses_spent: list[str] = field(default_factory=list)
    """'card/use' of once-per-Day uses used today."""

    def __post_init__(self) -> None:
        self._answers = []
        self._drawn = []

    def hero(self, hero_id: str) -> HeroState:
        for hero in self.heroes:
            if hero.id == hero_id:
                return hero
        raise KeyError(hero_id)

    def spot_of(self, number: int) -> tuple[int, int] | None:
        for place in self.placed:
            if place.number == number:
                return place.x, place.y
        return None

    def at(self, x: int, y: int) -> int | None:
        for place in self.placed:
            if place.x == x and place.y == y:
                return place.number
        return None
