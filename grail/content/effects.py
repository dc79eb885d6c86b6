"""The effect language: everything a journal entry, card, event or table row can make happen.

An effect is a one-key mapping; a list of them resolves in order. Nothing here executes
code: the engine interprets each effect, and the cross-checker verifies every name it uses.

>>> from pydantic import TypeAdapter
>>> TypeAdapter(Effect).validate_python({"gain": {"food": 1}})
Gain(gain=Amounts(food=1, ...), who=None)
"""

from typing import TYPE_CHECKING, Annotated, Literal, Self, TypeAlias

from pydantic import Field, model_validator

from grail.lang import _

from .amounts import Amount, Amounts, NonNegativeAmount
from .base import (
    Attribute,
    DeckColour,
    DialName,
    DialRef,
    EncounterRef,
    EntryRef,
    EventRef,
    ItemKeyword,
    ItemRef,
    Level,
    LocationRef,
    Model,
    QuestRef,
    Ref,
    SecretRef,
    TaskName,
    TaskRef,
    Text,
)
from .conditions import AttributeLevels, Condition, ItemPick, StatusMark
from .encounter_effects import (
    AddCharges,
    AddMarkers,
    Discard,
    DiscardFromDeck,
    DiscardLast,
    Draw,
    Flee,
    MoveAffinity,
    NextCardConnects,
    Prevent,
    RemoveMarkers,
)
from .keyed import Keyed, keyed_union

Who = Literal["each", "share", "active"]
"""Whom an effect touches in a team: every member, split among members, or the active one."""

Taker = Literal["share", "active"]
"""Who takes a single card in a team: whom the team chooses, or the active character."""

_WHO = Field(
    default=None,
    description="In a team: 'each' member, 'share' (split as the team decides) or the "
    "'active' character. Default: the campaign's team_gains / team_losses settings "
    "[ACT-EXPLORE-2].",
)

# --- Resources and meters ---------------------------------------------------------------


class Gain(Keyed):
    """Gain resources or raise meters (clamped to the meter's top [SURV-7])."""

    KEY = "gain"
    gain: Amounts = Field(description="What is gained.")
    who: Who | None = _WHO


class Lose(Keyed):
    """Lose resources or lower meters (never below 0)."""

    KEY = "lose"
    lose: Amounts = Field(description="What is lost.")
    who: Who | None = _WHO


class SetMeters(Keyed):
    """Set meters or resources to a value, e.g. Energy to 0 [END-DAY-2]."""

    KEY = "set"
    set: Amounts = Field(description="The new values.")
    who: Who | None = _WHO


class Damage(Keyed):
    """Wounds: lose Health; in an encounter, Abilities may prevent it [ANAT-8], [TRAIT-5].

    In an encounter it hits the active character [COMBAT-6]; elsewhere, ``who`` applies.
    """

    KEY = "damage"
    damage: NonNegativeAmount = Field(description="Health lost.")
    who: Who | None = _WHO


# --- Game Sheet, secrets, items, skills ---------------------------------------------------


class Mark(Keyed):
    """Mark a Status on the Game Sheet [STATUS-1]."""

    KEY = "mark"
    mark: StatusMark = Field(description="The Status (and part) to mark.")


class Unmark(Keyed):
    """Erase a Status mark."""

    KEY = "unmark"
    unmark: StatusMark = Field(description="The Status (and part) to erase.")


class GainSecret(Keyed):
    """Take a Secret by number [SECRET-1]."""

    KEY = "gain_secret"
    gain_secret: SecretRef = Field(description="The Secret's number.")
    who: Taker | None = Field(
        default=None, description="In a team: 'share' (the team chooses who takes it, the "
        "default) or the 'active' character."
    )


class LoseSecret(Keyed):
    """Lose a Secret (only where a card says so [SECRET-2]); it goes back to its deck."""

    KEY = "lose_secret"
    lose_secret: SecretRef = Field(description="The Secret's number.")


class GainItem(Keyed):
    """Take an Item: a numbered one, or reveal from the Item deck until one fits [ITEM-4]."""

    KEY = "gain_item"
    gain_item: ItemPick = Field(description="Which item.")
    who: Who | None = _WHO


class ItemLoss(Model):
    """Which items are lost; Secrets are never lost this way [SECRET-4]."""

    number: ItemRef | None = Field(default=None, description="A specific item.")
    keyword: ItemKeyword | None = Field(default=None, description="Items with this keyword.")
    count: int | None = Field(default=None, ge=1, description="How many (default: all that fit).")
    used: bool = Field(
        default=False, description="Only items used in this encounter [TRAIT-11]."
    )

    @model_validator(mode="after")
    def _not_number_and_keyword(self) -> Self:
        if self.number is not None and self.keyword is not None:
            raise ValueError(_("give 'number' or 'keyword', not both"))
        return self


class LoseItem(Keyed):
    """Discard Items (never Secrets [SECRET-4]); ``{lose_item: {}}`` discards all."""

    KEY = "lose_item"
    lose_item: ItemLoss = Field(description="Which items.")
    who: Who | None = _WHO


class GainSkill(Keyed):
    """Choose a Skill card for this Attribute and pick its side [ATTR-4], [ATTR-5]."""

    KEY = "gain_skill"
    gain_skill: Attribute = Field(description="The Attribute the Skill supports.")


class RaiseAttributes(Keyed):
    """While its source is active (an item, secret or skill in use), raise Attributes."""

    KEY = "attribute_bonus"
    attribute_bonus: AttributeLevels = Field(description="Points added per Attribute.")


# --- Encounters ------------------------------------------------------------------------


class EncounterDraw(Model):
    """Draw the top card of an Encounter deck, optionally only of one level."""

    deck: DeckColour = Field(description="The deck colour [ENC-1].")
    level: Annotated[Level, Ref("encounter_level")] | None = Field(
        default=None, description="Draw only a card of this level (default: the top card)."
    )
    won: "list[Effect]" = Field(default_factory=list, description="Effects after a victory.")
    lost: "list[Effect]" = Field(
        default_factory=list, description="Effects after a failure, escape or flight."
    )


class DrawEncounter(Keyed):
    """Draw and start an Encounter [ENC-2]; the acting team fights it [ENC-3]."""

    KEY = "draw_encounter"
    draw_encounter: EncounterDraw = Field(description="Which deck, and what follows.")


class EncounterStart(Model):
    """A specific Encounter card, taken from its deck."""

    id: EncounterRef = Field(description="The encounter id.")
    won: "list[Effect]" = Field(default_factory=list, description="Effects after a victory.")
    lost: "list[Effect]" = Field(
        default_factory=list, description="Effects after a failure, escape or flight."
    )


class StartEncounter(Keyed):
    """Start a specific Encounter."""

    KEY = "start_encounter"
    start_encounter: EncounterStart = Field(description="Which encounter, and what follows.")


# --- The map, tokens, dials -----------------------------------------------------------


class ReplaceLocation(Keyed):
    """Replace a Location by its changed version, which prints the old number [MAP-3]."""

    KEY = "replace_location"
    replace_location: LocationRef = Field(
        description="The new version's number; it must have an 'old_number'."
    )


class Destination(Model):
    """Where special movement goes [MAP-9]: one location, or a rule."""

    location: LocationRef | None = Field(default=None, description="A specific Location.")
    rule: Literal["lowest_revealed", "highest_revealed", "any_connected", "any_revealed"] | None = (
        Field(default=None, description="A rule that picks the Location.")
    )

    @model_validator(mode="after")
    def _one(self) -> Self:
        if (self.location is None) == (self.rule is None):
            raise ValueError(_("give exactly one of 'location' and 'rule'"))
        return self


class Move(Keyed):
    """Special movement: not Travel, costs nothing, still reveals and triggers [MAP-9]."""

    KEY = "move"
    move: Destination = Field(description="Where to.")


class TokenPlace(Model):
    """A Time or Quest token on a Location [DIAL-1]."""

    token: Literal["time", "quest"] = Field(description="The token kind.")
    location: LocationRef | None = Field(
        default=None, description="The Location (default: the one being resolved)."
    )


class PlaceToken(Keyed):
    """Place a token; Time tokens leave Locations at Start of Day (all of them, or one per
    Location: ``discard_all_time_tokens``) [DAY-START-4], [NOTE-10], and never mark a
    once-per-Day action used [ACT-LOC-2]."""

    KEY = "place_token"
    place_token: TokenPlace = Field(description="Which token, where.")


class RemoveToken(Keyed):
    """Remove a token from a Location; a Time token is one a card put there, never the mark
    of a used once-per-Day action [ACT-LOC-2]."""

    KEY = "remove_token"
    remove_token: TokenPlace = Field(description="Which token, where.")


class Dial(Model):
    """A named dial: a Time dial turns down each Start of Day, a Quest dial only when told."""

    id: DialName = Field(description="The dial's name, used by turn_dial and conditions.")
    value: Amount = Field(description="The starting value.")
    token: Literal["time", "quest"] = Field(description="Time or Quest dial [DIAL-1].")
    expired: "list[Effect]" = Field(
        default_factory=list, description="Effects when a Time dial leaves play [DAY-START-4]."
    )


class DialPlace(Dial):
    """A dial placed by an effect, on a Location or on nothing."""

    location: LocationRef | None = Field(
        default=None, description="The Location it sits on (default: none)."
    )


class PlaceDial(Keyed):
    """Place a dial [DIAL-1]."""

    KEY = "place_dial"
    place_dial: DialPlace = Field(description="The dial.")


class DialTurn(Model):
    """Turn a named dial."""

    id: DialRef = Field(description="The dial.")
    by: int = Field(description="Added to its value (negative turns it down).")


class TurnDial(Keyed):
    """Turn a named dial up or down."""

    KEY = "turn_dial"
    turn_dial: DialTurn = Field(description="Which dial, how far.")


class RemoveDial(Keyed):
    """Remove a named dial from play."""

    KEY = "remove_dial"
    remove_dial: DialRef = Field(description="The dial.")


class FlipOutcomes(Model):
    """The two faces of a flipped dial [DIAL-1]."""

    skull: "list[Effect]" = Field(default_factory=list, description="Effects on Skull.")
    grail: "list[Effect]" = Field(default_factory=list, description="Effects on Grail.")


class FlipDial(Keyed):
    """Flip a dial like a coin: a chance point [DIAL-1]."""

    KEY = "flip_dial"
    flip_dial: FlipOutcomes = Field(description="What each face does.")


class MenhirPlace(Model):
    """A Menhir placed by a story effect rather than an activation."""

    location: LocationRef | None = Field(
        default=None, description="The Location (default: the one being resolved)."
    )
    dial: Amount = Field(description="Days left on its dial [MENHIR-2].")


class PlaceMenhir(Keyed):
    """Place or re-set a Menhir's dial [MENHIR-7]; a Day shorter in Challenge
    [MODE-CHALLENGE-6]."""

    KEY = "place_menhir"
    place_menhir: MenhirPlace = Field(description="Where, and the dial value.")


# --- The journal, tasks, events, quests, the campaign ----------------------------------


class Goto(Keyed):
    """Read another journal entry next [JOURNAL-1]."""

    KEY = "goto"
    goto: EntryRef = Field(description="The entry to read.")


class EndExploration(Keyed):
    """"Exploration ends": stop reading and flip the Location back [ACT-EXPLORE-1]."""

    KEY = "end_exploration"
    end_exploration: Literal[True] = Field(description="Always true.")


class Choice(Model):
    """One option of a choice; shown greyed, with the reason, when its condition fails."""

    text: Text = Field(description="What the players read on the option.")
    if_: Condition | None = Field(
        default=None, alias="if", description="The option is available only when this holds."
    )
    unavailable: Text | None = Field(
        default=None,
        description="Why it is unavailable, in the story's words (default: from the condition).",
    )
    cost: Amounts | None = Field(
        default=None, description="Paid when the option is taken, by whoever decides; those "
        "reading with them on that Location may pay its Energy and Magic [TEAM-6].")
    effects: "list[Effect]" = Field(default_factory=list, description="Resolved when taken.")


class Choose(Keyed):
    """Let the acting players pick one option."""

    KEY = "choose"
    choose: list[Choice] = Field(min_length=2, description="The options.")


class If(Keyed):
    """Resolve ``then`` when the condition holds, else ``else``."""

    KEY = "if"
    if_: Condition = Field(alias="if", description="The condition.")
    then: "list[Effect]" = Field(default_factory=list, description="Effects when it holds.")
    else_: "list[Effect]" = Field(
        default_factory=list, alias="else", description="Effects when it does not."
    )

    @model_validator(mode="after")
    def _does_something(self) -> Self:
        if not self.then and not self.else_:
            raise ValueError(_("an 'if' needs 'then' or 'else' effects"))
        return self


class TaskAdd(Model):
    """A task written in the task log [TASK-1]."""

    id: TaskName = Field(description="The task's name, used by complete_task and conditions.")
    text: Text = Field(description="What the log shows.")
    location: LocationRef | None = Field(
        default=None, description="The task closes when this Location card changes [TASK-1]."
    )


class AddTask(Keyed):
    """Open a task in the task log [TASK-1]."""

    KEY = "add_task"
    add_task: TaskAdd = Field(description="The task.")


class CompleteTask(Keyed):
    """Close a task in the task log."""

    KEY = "complete_task"
    complete_task: TaskRef = Field(description="The task.")


class RandomEvents(Keyed):
    """Put this many Random Events on top of the Event deck [EVENT-1], [MODE-CHALLENGE-7]."""

    KEY = "random_events"
    random_events: NonNegativeAmount = Field(description="How many.")


class EventPut(Model):
    """Where a story Event goes in the Event deck."""

    id: EventRef = Field(description="The event id.")
    where: Literal["top", "bottom", "shuffle"] = Field(
        default="top", description="Top, bottom, or shuffled in."
    )


class AddEvent(Keyed):
    """Put a story Event into the Event deck."""

    KEY = "add_event"
    add_event: EventPut = Field(description="Which event, where.")


class StartQuest(Keyed):
    """Put a Quest in the Quest display [EVENT-3]."""

    KEY = "start_quest"
    start_quest: QuestRef = Field(description="The quest id.")


class CompleteQuest(Keyed):
    """Follow a Quest's Success section and remove it from the display [EVENT-3]."""

    KEY = "complete_quest"
    complete_quest: QuestRef = Field(description="The quest id.")


class RemoveQuest(Keyed):
    """Remove a Quest from the display without success."""

    KEY = "remove_quest"
    remove_quest: QuestRef = Field(description="The quest id.")


class EndChapter(Keyed):
    """The chapter ends; the next chapter's setup follows [EVENT-4]."""

    KEY = "end_chapter"
    end_chapter: Literal[True] = Field(description="Always true.")


class EndCampaign(Keyed):
    """The campaign ends, won or lost [DEATH-6], [MERCY-1]."""

    KEY = "end_campaign"
    end_campaign: Literal["won", "lost"] = Field(description="How it ends.")


class Die(Keyed):
    """The character dies (written on the "You Are Dying" cards) [DEATH-2]..[DEATH-6]."""

    KEY = "die"
    die: Literal[True] = Field(description="Always true.")


EFFECTS: list[type[Keyed]] = [
    Gain, Lose, SetMeters, Damage, Prevent,
    Mark, Unmark, GainSecret, LoseSecret, GainItem, LoseItem, GainSkill, RaiseAttributes,
    DrawEncounter, StartEncounter, AddMarkers, RemoveMarkers, MoveAffinity, Draw, Discard,
    DiscardFromDeck, DiscardLast, Flee, AddCharges, NextCardConnects,
    ReplaceLocation, Move, PlaceToken, RemoveToken, PlaceDial, TurnDial, RemoveDial, FlipDial,
    PlaceMenhir,
    Goto, EndExploration, Choose, If, AddTask, CompleteTask, RandomEvents, AddEvent,
    StartQuest, CompleteQuest, RemoveQuest, EndChapter, EndCampaign, Die,
]
if TYPE_CHECKING:  # a runtime-built union: type checkers see its common base
    Effect: TypeAlias = Keyed
else:
    Effect = keyed_union("an effect", EFFECTS)

