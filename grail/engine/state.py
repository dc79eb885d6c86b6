"""The game state: plain data, JSON round-trip exact, holding the generator's state too.

Everything a rule reads or changes lives here; the campaign (content) stays outside and
never changes. Collections are lists in a fixed order, never sets, so that the same
actions give byte-identical states.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from grail.content.campaign import DyingTrigger

from .rng import Rng

Mode = Literal["story", "normal", "challenge"]
UNSEEN = "?"
"""A card in a deck whose place is not known: a draw there is a chance point."""
ChallengeRule = Literal["upside_down_health", "challenge_secret", "escape_by_dial",
                        "short_menhirs", "fewer_random_events", "costly_upgrades",
                        "resource_cap", "item_cap", "no_mercy"]
HealthMarker = Literal["upright", "upside_down", "plain"]
Stage = Literal["start_of_day", "day", "end_of_day", "mercy", "over"]
"""``mercy``: the game is lost and the players may still ask for Mother's Mercy [MERCY-1]."""


class State(BaseModel):
    """Base of the state's parts: closed, validated on assignment-free construction."""

    model_config = ConfigDict(extra="forbid")


class HeroState(State):
    """One character: board, resources, cards and where it stands [SAVE-2]."""

    id: str = Field(description="The hero's content id.")
    number: int = Field(description="Character number, for tie-breaks [COMP-4].")
    location: int = Field(description="The Location it stands on.")
    energy: int = Field(description="Energy.")
    health: int = Field(description="Health.")
    terror: int = Field(description="Terror.")
    food: int = Field(default=0, description="Food.")
    wealth: int = Field(default=0, description="Wealth.")
    rep: int = Field(default=0, description="Rep.")
    magic: int = Field(default=0, description="Magic.")
    exp: int = Field(default=0, description="Exp.")
    attributes: dict[str, int] = Field(description="Board markers per Attribute [ATTR-3].")
    combat_deck: list[str] = Field(description="Combat deck card ids, sorted (unseen order).")
    diplomacy_deck: list[str] = Field(description="Diplomacy deck card ids, sorted.")
    combat_pool: list[str] = Field(description="Advanced Combat pool card ids, sorted.")
    diplomacy_pool: list[str] = Field(description="Advanced Diplomacy pool card ids, sorted.")
    items: list[int] = Field(default_factory=list, description="Item numbers held.")
    secrets: list[int] = Field(default_factory=list, description="Secret numbers held.")
    passed: bool = Field(default=False, description="Passed this Day [ACT-PASS-1].")
    acted: bool = Field(default=False, description="Acted in the current round [DAY-3].")
    rested: bool = Field(default=False, description="Rested at this End of Day [END-DAY-1].")
    upgraded: bool = Field(default=False, description="Done upgrading this End of Day.")
    skills: list[int] = Field(default_factory=list, description="Skill sides kept [ATTR-5].")
    dying: bool = Field(default=False, description="Holds 'You Are Dying' [DEATH-1].")
    going_mad: bool = Field(default=False, description="Holds 'You Are Going Mad' [MAD-1].")
    death_due: DyingTrigger | None = Field(
        default=None, description="What its 'You Are Dying' card kills it for, before the next "
        "decision: losing_health, end_of_day or start_of_day [DEATH-1]."
    )
    face_up: list[str] = Field(
        default_factory=list, description="Cards in use, one per keyword [ITEM-1]."
    )
    health_marker: HealthMarker = Field(
        default="upright", description="The Health T-marker: upright, upside down (its bar "
        "reads lower by the challenge_health_offset setting) [MODE-CHALLENGE-2], or a plain "
        "marker that caps nothing (solo Story) [MODE-STORY-2]."
    )
    set_aside: list[str] = Field(
        default_factory=list, description="Cards taken out of its decks, kept beside the board, "
        "sorted; never back in the Advanced pool [UPG-4]."
    )


class Placed(State):
    """A revealed Location card at its grid spot (x right, y down) [MAP-1], [SAVE-4]."""

    number: int = Field(description="The Location number.")
    x: int = Field(description="Column.")
    y: int = Field(description="Row.")


class Menhir(State):
    """A Menhir miniature; active while it holds a dial [MENHIR-2]."""

    location: int = Field(description="Where it stands.")
    dial: int | None = Field(description="Days left; None once the dial is removed [DAY-START-3].")


class Portion(State):
    """One member's part of something a team splits: a cost [TEAM-6] or a shared gain or
    loss [ACT-EXPLORE-2]."""

    hero: str = Field(description="The member.")
    what: str = Field(description="A resource or meter, or 'secret', 'item', 'meters'.")
    amount: int = Field(description="How much of it.")


FrameSource = Literal["entry", "immediate", "location_action", "character_action", "menhir",
                      "event", "quest", "dying", "dying_solo", "going_mad", "encounter_text",
                      "chapter_setup", "card_use", "secret_dial", "secret", "challenge_secret",
                      "ability", "attack", "opportunity", "response", "reward", "loot",
                      "failure"]


class Frame(State):
    """An effect list being resolved: where it comes from, and how far it has got.

    ``path`` leads from the source's effects into nested lists: an ``if``'s branch is
    ``[i, "then"]``, a choice's option ``[i, "choose", k]``. Frames replace a call stack,
    so a half-read journal entry can be saved and resumed.
    """

    source: FrameSource = Field(description="What holds the effects.")
    key: str = Field(description="Its address: an entry id or a Location number.")
    path: list[int | str] = Field(default_factory=list, description="Into nested effect lists.")
    index: int = Field(default=0, description="The next effect to resolve.")
    heroes: list[str] = Field(description="The acting character or team, active first.")
    portions: list[Portion] = Field(
        default_factory=list,
        description="The split of the effect at ``index`` decided so far, when a team shares it.",
    )


class TeamAction(State):
    """A Day action proposed and not yet started: who joins, then who pays what
    [TEAM-1]..[TEAM-3], [TEAM-6]; teammates join a character action only to help pay it
    [ACT-CHAR-2]."""

    action: Literal["explore", "travel", "location_action", "character_action",
                    "activate_menhir", "option"] = Field(
        description="The action, or 'option': a journal option's cost, which the reading "
        "team helps its decider pay [TEAM-6].")
    to: int | None = Field(default=None, description="Where a Travel goes.")
    option: int | None = Field(default=None, description="The journal option being paid.")
    cost: dict[str, int] = Field(
        default_factory=dict, description="That option's cost, as it stood when chosen.")
    members: list[str] = Field(description="The team: who proposed it first, then by number.")
    paying: bool = Field(default=False, description="Formed: the cost is being split.")
    paid: list[Portion] = Field(default_factory=list, description="Parts of the cost pledged.")


EncounterStep = Literal["start", "equipment", "hands", "mulligan", "approach", "turn",
                        "choose_active", "delayed", "play", "after_play", "check", "attack",
                        "after_attack", "next", "end_turn", "end_draw", "ending",
                        "closing"]
"""Where an Encounter stands in its order (RULES.md 17, 18): the setup (Items confirmed
[ITEM-3], hands drawn [COMBAT-3], mulligans [COMBAT-4], an approach [DIPLO-2]); each turn's
phases I-III with the activation's steps 1-4 [COMBAT-5]..[COMBAT-15]; and the end, while
Reward, Loot or Failure resolve."""

EncounterResult = Literal["won", "fled", "failed", "escaped", "robbed", "avoided", "fallen"]
"""How an Encounter ended: won [COMBAT-16], [DIPLO-7]; the enemy fled [COMBAT-19]; Failure
[DIPLO-6]; everyone escaped [COMBAT-18], [DIPLO-13]; a Thief took everything [TRAIT-10];
avoided before it began [DIPLO-14]; or nobody was left standing [COMBAT-26]."""


class SequenceCard(State):
    """A card in the Sequence, left to right [COMBAT-1], with what sits on it."""

    card: str = Field(description="The Combat or Diplomacy card.")
    owner: str = Field(description="Whose deck it came from.")
    serial: int = Field(description="Its place in the order cards were played, from 1.")
    tokens: int = Field(default=0, description="Time tokens on it [ANAT-7].")
    charges: int = Field(default=0, description="Charges on it [ANAT-10].")
    magic: list[int] = Field(
        default_factory=list, description="Positions of its paid Magic Keys: the Magic sits "
        "there and is discarded with the card [KEY-3]."
    )
    joined: list[str] = Field(
        default_factory=list, description="The Attributes of the Attribute Keys its left edge "
        "joined, connected or not, by position [ANAT-8]."
    )


class EncounterState(State):
    """An Encounter being fought, card by card [ENC-2], [ENC-3], [COMBAT-1], [DIPLO-1].

    Every decision waits here as data: which step comes next (``step``), whose activation
    it is, the hands, the Sequence, the Combat pool or the Affinity marker. Effects being
    resolved are frames above ``floor`` on the state's stack; those below belong to what
    began the Encounter and go on after it.
    """

    id: str = Field(description="The Encounter card.")
    heroes: list[str] = Field(description="Who still fights it, by character number.")
    origin: Frame | None = Field(
        default=None, description="The effect that began it, whose won/lost effects follow."
    )
    location: int = Field(description="Where it began (an undefeated Guardian stays there).")
    team: list[str] = Field(
        default_factory=list, description="Who began it: their cards go back to their decks "
        "at the end, even after they escaped [DISC-2]."
    )
    step: EncounterStep = Field(default="start", description="Where it stands in its order.")
    floor: int = Field(default=0, description="Frames below this belong to what began it.")
    turn: int = Field(default=0, description="The turn, counted from 1 [COMBAT-5].")
    activated: list[str] = Field(
        default_factory=list, description="Members with a Time token on their board this "
        "turn [COMBAT-5]."
    )
    activations: int = Field(default=0, description="Activations so far [TRAIT-1], [TRAIT-2].")
    active: str | None = Field(default=None, description="The active character [COMBAT-6].")
    played: int = Field(default=0, description="Cards played this activation [COMBAT-10].")
    free_continue: bool = Field(
        default=False, description="The next card plays as if it connected a continue key "
        "(paid with Charges) [EX-DIPLO-9]."
    )
    forced: str | None = Field(
        default=None, description="In Panic, the top card of the deck, to be played first "
        "[COMBAT-22]."
    )
    prevent: int = Field(default=0, description="Damage of this activation's enemy attack "
                         "still to be prevented [EX-COMBAT-5].")
    attacks: int = Field(default=0, description="Enemy attacks (step 3) this activation "
                         "[TRAIT-9].")
    fury_spent: bool = Field(default=False, description="Fury's second attack was made, when "
                             "it comes once per Encounter [TRAIT-9].")
    escape_tried: bool = Field(default=False, description="An Escape was tried this "
                               "activation [MODE-CHALLENGE-4].")
    escaping: str | None = Field(
        default=None, description="Who escapes once the Opportunity attack has resolved "
        "[COMBAT-17]."
    )
    escape_dial: bool = Field(
        default=False, description="That Escape flips the Challenge dial first "
        "[MODE-CHALLENGE-4]."
    )
    drawing: list[str] = Field(
        default_factory=list, description="Members still to draw at the start or the end of "
        "the turn, in order [COMBAT-3], [COMBAT-15]."
    )
    cursor: int = Field(default=0, description="Step 1: the next card to lose a Time token "
                        "[COMBAT-7].")
    pool: int = Field(default=0, description="Markers in the Combat pool [COMBAT-16].")
    affinity: int = Field(default=0, description="The Affinity marker: 0 is grey, below is "
                          "red, above green [DIPLO-2].")
    stage: int = Field(default=0, description="The Stage being played, from 0 [DIPLO-3].")
    approach: int | None = Field(default=None, description="The approach chosen [DIPLO-2].")
    hands: dict[str, list[str]] = Field(default_factory=dict, description="Each member's hand.")
    discards: dict[str, list[str]] = Field(
        default_factory=dict, description="Each member's discards, back in the deck at the end "
        "[DISC-2]."
    )
    sequence: list[SequenceCard] = Field(default_factory=list, description="The Sequence.")
    placed: int = Field(default=0, description="Cards placed in the Sequence so far.")
    stowed: list[str] = Field(
        default_factory=list, description="'hero:card' set aside for this Encounter [ITEM-3]."
    )
    used: list[str] = Field(
        default_factory=list, description="'hero:card/use' of uses spent this Encounter; a "
        "flipped card turns back at the end [ITEM-6]."
    )
    magic_discarded: int = Field(
        default=0, description="Magic discarded with the cards whose keys it paid [KEY-3]."
    )
    result: EncounterResult | None = Field(default=None, description="How it ended.")


class Guardian(State):
    """An undefeated Guardian on the map [GUARD-1]."""

    id: str = Field(description="Its Encounter card.")
    location: int = Field(description="Where it stands.")


class Facing(State):
    """Characters who must face Guardians on a Location, one Encounter each, in the order
    the players choose [GUARD-4], [GUARD-6]."""

    location: int = Field(description="Where the Guardians stand.")
    heroes: list[str] = Field(description="Who faces them: the characters entering or there.")
    guardians: list[str] = Field(description="The Guardians still to face, in map order.")


class StatusMarks(State):
    """A Status marked on the Game Sheet, and which of its numbered parts [STATUS-1]."""

    id: str = Field(description="The Status id.")
    whole: bool = Field(default=False, description="The Status itself is marked.")
    parts: list[int] = Field(default_factory=list, description="Marked parts, ascending.")


class Task(State):
    """A line of the task log [TASK-1]."""

    id: str = Field(description="The task id.")
    text: str = Field(description="What it asks.")
    location: int | None = Field(default=None, description="It closes when this card changes.")


class Dial(State):
    """A named Time or Quest dial in play [DIAL-1]."""

    id: str = Field(description="Its name.")
    value: int = Field(description="Its value.")
    token: Literal["time", "quest"] = Field(description="Time or Quest dial.")
    location: int | None = Field(default=None, description="Where it sits, if anywhere.")
    expired: Frame | None = Field(
        default=None, description="Where its expired effects are written: the frame that "
        "resolves them when the Time dial leaves play [DAY-START-4]."
    )


class SkillAsked(State):
    """A Skill card to choose for an Attribute, keeping one side [ATTR-4], [ATTR-5]."""

    kind: Literal["skill"] = "skill"
    hero: str = Field(description="Who gains it.")
    attribute: str = Field(description="The Attribute it supports.")
    options: list[int] = Field(description="The free Skill sides of that Attribute.")


class DestinationAsked(State):
    """Where special movement goes, among the Locations its rule allows [MAP-9]."""

    kind: Literal["destination"] = "destination"
    hero: str = Field(description="Who decides: the active character.")
    heroes: list[str] = Field(description="Who moves: the acting character or team.")
    options: list[int] = Field(description="The Locations it may go to.")


class ItemOffered(State):
    """An Item for a character at the Challenge cap: discard a held Item to take it, or
    refuse it [MODE-CHALLENGE-10]."""

    kind: Literal["item_cap"] = "item_cap"
    hero: str = Field(description="Who is offered it.")
    item: int = Field(description="The Item.")
    location: int | None = Field(
        default=None, description="Where it lies, when left by the dead [DEATH-4]; else drawn."
    )


class DiscardAsked(State):
    """Cards an Encounter makes a character discard from hand, the character choosing which:
    down to 3 at the end of a turn [COMBAT-15], down to 1 under Ambush [TRAIT-1], one per
    marker missing from the Combat pool [COMBAT-25], or as an effect says."""

    kind: Literal["discard"] = "discard"
    hero: str = Field(description="Who discards.")
    count: int = Field(description="How many cards are still to go.")


Asked = Annotated[SkillAsked | DestinationAsked | ItemOffered | DiscardAsked,
                  Field(discriminator="kind")]


class ChancePoint(State):
    """A chance point waiting for the table in a companion game."""

    point: str = Field(description="What is decided, e.g. 'draw grey Encounter'.")
    options: list[str] = Field(description="The outcomes that may come up.")


class PendingChance(State):
    """An action stopped at a chance point: it runs again, from the state before it, with
    the answers so far and the table's next one (DESIGN.md, "Chance is explicit")."""

    action: dict[str, Any] | None = Field(description="The action (JSON form); None: the setup.")
    answers: list[dict[str, Any]] = Field(description="Outcomes entered so far for it.")
    point: ChancePoint = Field(description="The chance point to answer now.")


class GameState(State):
    """The whole game."""

    pack: str = Field(description="The campaign's id.")
    mode: Mode = Field(description="Story, normal or Challenge [MODE-*].")
    challenge_rules: list[ChallengeRule] | None = Field(
        default=None, description="In Challenge, the Challenge rules adopted, in the "
        "rulebook's order; None = all of them [MODE-CHALLENGE-1]."
    )
    rng: Rng = Field(description="The seeded generator, answering every chance point.")
    companion: bool = Field(
        default=False, description="The people at a physical table answer chance points."
    )
    chance: PendingChance | None = Field(
        default=None, description="A companion game's chance point waiting for the table."
    )
    day: int = Field(default=1, description="The Day, counted from 1.")
    stage: Stage = Field(default="start_of_day", description="Where in the Day order [DAY-1].")
    heroes: list[HeroState] = Field(description="The characters in play, by character number.")
    placed: list[Placed] = Field(description="Revealed Locations with their spots.")
    menhirs: list[Menhir] = Field(description="Menhirs on the map.")
    location_tokens: list[int] = Field(
        default_factory=list, description="Locations whose once-per-Day action was used "
        "today: the Time token on the action marks it [ACT-LOC-2]."
    )
    time_tokens: list[int] = Field(
        default_factory=list, description="Time tokens that cards put on Locations, one entry "
        "per token: never the action's mark [ACT-LOC-2], [DAY-START-4], [NOTE-10]."
    )
    discarded: list[int] = Field(
        default_factory=list, description="Locations discarded, bottom of the deck last [DISC-1]."
    )
    replaced: list[int] = Field(
        default_factory=list, description="Location numbers replaced by a changed version [MAP-3]."
    )
    chapter: int = Field(default=1, description="The current chapter.")
    statuses: list[StatusMarks] = Field(default_factory=list, description="The Game Sheet.")
    tasks: list[Task] = Field(default_factory=list, description="Open tasks [TASK-1].")
    quests: list[str] = Field(default_factory=list, description="The Quest display [EVENT-3].")
    dials: list[Dial] = Field(default_factory=list, description="Named dials in play.")
    quest_tokens: list[int] = Field(default_factory=list, description="Locations with a Quest token.")
    entry_visits: dict[str, int] = Field(default_factory=dict, description="Readings per entry.")
    location_visits: dict[str, int] = Field(
        default_factory=dict, description="Entries per Location number."
    )
    frames: list[Frame] = Field(default_factory=list, description="Effects being resolved.")
    event_deck: list[str] = Field(
        default_factory=list,
        description="Event deck, top first; '?' is a Random Event not yet seen [EVENT-1].",
    )
    random_events: list[str] = Field(
        default_factory=list,
        description="Random Events unseen, sorted: the Random deck and the '?' of the Event "
        "deck draw from them [SETUP-W9].",
    )
    event: str | None = Field(default=None, description="The Event of the Day [DAY-START-5].")
    offer: list[str] = Field(
        default_factory=list, description="Cards drawn for a deck upgrade, to keep one [UPG-2]."
    )
    offer_deck: Literal["combat", "diplomacy"] | None = Field(
        default=None, description="Which deck the offer is for."
    )
    dreamt: bool = Field(default=False, description="Dreams read this End of Day [END-DAY-7].")
    acted_today: bool = Field(
        default=False, description="Some character has acted this Day: players no longer "
        "join or leave until the next [PLAYERS-1]."
    )
    outcome: Literal["won", "lost"] | None = Field(default=None, description="How it ended.")
    dead: list[str] = Field(default_factory=list, description="Characters who died.")
    fallen: HeroState | None = Field(
        default=None, description="The character whose death lost the game, as it fell: "
        "Mother's Mercy brings it back [MERCY-1]."
    )
    mercies: int = Field(default=0, description="Times 'Saved by the Goddess' [MERCY-1].")
    left_items: dict[str, list[int]] = Field(
        default_factory=dict, description="Items left on Locations by the dead [DEATH-4]."
    )
    hand_over: list[int] = Field(
        default_factory=list, description="A dead character's Secrets still to give [DEATH-5]."
    )
    replacing: str | None = Field(
        default=None, description="The dead character whose replacement is being chosen."
    )
    encounter_decks: dict[str, list[str]] = Field(
        default_factory=dict,
        description="The four Encounter decks, top first; '?' is a card not yet seen [ENC-1].",
    )
    unseen: dict[str, list[str]] = Field(
        default_factory=dict, description="Per Encounter deck, the cards its '?' may be, sorted."
    )
    encounter: EncounterState | None = Field(default=None, description="The Encounter begun.")
    team: TeamAction | None = Field(
        default=None, description="A Day action being proposed, joined and paid [TEAM-1]."
    )
    guardians: list[Guardian] = Field(default_factory=list, description="Guardians on the map.")
    facing: list[Facing] = Field(
        default_factory=list, description="Guardians waiting to be faced, first first [GUARD-6]."
    )
    face_up_queue: list[str] = Field(
        default_factory=list, description="'hero:keyword' choices of the card to use [ITEM-2]."
    )
    undo_floor: int = Field(
        default=0, description="Actions in the log before this revealed something: no undo."
    )
    event_discards: list[str] = Field(
        default_factory=list, description="The Event discard pile: it measures time [EVENT-2]."
    )
    asked: list[Asked] = Field(
        default_factory=list, description="Decisions effects asked for, oldest first; the "
        "reading waits until they are taken."
    )
    uses_spent: list[str] = Field(
        default_factory=list, description="'card/use' of once-per-Day uses used today."
    )

    _answers: list[Any] = PrivateAttr(default_factory=list)  # during an action: chance.begin
    _drawn: list[Any] = PrivateAttr(default_factory=list)

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
            if (place.x, place.y) == (x, y):
                return place.number
        return None
