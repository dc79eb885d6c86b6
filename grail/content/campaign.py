"""The campaign manifest (``campaign.yaml``): identity, chapters, Game Sheet and settings.

Where the rulebook leaves an assumption or an ambiguity, ``rules`` makes it a setting with the
most likely reading as default.
"""

from typing import Literal, Self

from pydantic import Field, model_validator

from grail.lang import _

from .amounts import Amount, Scaled
from .base import (
    VERSION_PATTERN,
    EntryRef,
    EventRef,
    Level,
    LocationRef,
    Model,
    NonNegative,
    Placed,
    Positive,
    SecretRef,
    Slug,
    Text,
)
from .effects import Effect, Who


class Status(Model):
    """A Status on the Game Sheet, optionally with numbered parts [STATUS-1]."""

    id: Slug = Field(description="Id used by mark / unmark / status conditions.")
    name: Text = Field(description="The name printed on the sheet.")
    parts: NonNegative = Field(default=0, description="How many numbered parts it has.")
    description: Text | None = Field(default=None, description="What it records.")


class GameSheet(Model):
    """The Game Sheet [SETUP-W6]."""

    statuses: list[Status] = Field(default_factory=list, description="Its Statuses.")


class EncounterLevels(Model):
    """Which levels make up each Encounter deck in a chapter [ENC-1], [EVENT-4]."""

    green: list[Level] = Field(description="Levels of the green deck.")
    grey: list[Level] = Field(description="Levels of the grey deck.")
    purple: list[Level] = Field(description="Levels of the purple deck.")
    blue: list[Level] = Field(description="Levels of the blue deck.")


class ChapterSetup(Model):
    """A Chapter Setup card [SETUP-W9], [EVENT-4]."""

    events: list[EventRef] = Field(description="The Event deck, top card first.")
    encounters: EncounterLevels = Field(description="Encounter levels per deck.")
    random_events: list[EventRef] = Field(
        default_factory=list, description="The Random Events deck for the chapter."
    )
    effects: list[Effect] = Field(default_factory=list, description="Other setup steps.")


class ChapterRestart(Model):
    """Where Mother's Mercy brings the party back to the Chapter's start [MERCY-1]; the
    preset resources are the mercy verse's effects."""

    location: LocationRef | None = Field(
        default=None, description="Where the characters start again, with a Menhir (default: "
        "the campaign's start)."
    )
    menhir: Amount | None = Field(
        default=None, description="That Menhir's dial (default: the campaign's start_menhir)."
    )


class Chapter(Model):
    """A chapter of the campaign."""

    number: Positive = Field(description="Its number, from 1.")
    name: Text = Field(description="Its name.")
    setup: ChapterSetup = Field(description="Its setup card.")
    mercy: EntryRef | None = Field(
        default=None,
        description="Entry read after 'Saved by the Goddess' [MERCY-1] (default: the "
        "campaign's).",
    )
    restart: ChapterRestart = Field(
        default_factory=ChapterRestart,
        description="The Chapter's start that Mother's Mercy returns to [MERCY-1].",
    )


class OneWayKey(Model):
    """A Direction Key the author means to have no key facing back [NOTE-25]."""

    location: LocationRef = Field(description="The Location holding the key.")
    edge: Literal["up", "down", "left", "right"] = Field(description="The edge.")


class RuleSettings(Model):
    """The rulebook's ambiguities as settings; defaults are the most likely readings."""

    start_of_day_on_day_one: bool = Field(
        default=True, description="Day 1 runs the full Start of Day [SETUP-W10], [NOTE-15]."
    )
    delayed_tokens: Positive = Field(
        default=1, description="Time tokens on a delayed Ability by default [ANAT-15]."
    )
    reveal_needs_key_and_radius: bool = Field(
        default=True, description="Reveal needs a Direction Key and the radius [NOTE-11]."
    )
    guardian_die: list[Literal["north", "east", "south", "west", "stay", "discard"]] = Field(
        default=["north", "east", "south", "west", "stay", "discard"],
        min_length=1,
        description="Faces of the Guardian die; north is up [GUARD-2], [NOTE-13].",
    )
    nearest_location: Literal["king", "manhattan"] = Field(
        default="king",
        description="Distance for 'nearest Location': king = diagonal step counts 1 [MENHIR-3].",
    )
    last_menhir_penalty_same_day: bool = Field(
        default=False,
        description="The last-Menhir penalty already hits on the Day the Menhir vanishes "
        "[MENHIR-9], [NOTE-14].",
    )
    wyrdness_health: NonNegative = Field(
        default=2, description="Health lost to the Wyrdness [MENHIR-3], [NOTE-6]."
    )
    wyrdness_terror: NonNegative = Field(
        default=2, description="Terror gained from the Wyrdness [MENHIR-3], [NOTE-6]."
    )
    discard_all_time_tokens: bool = Field(
        default=True, description="Start of Day removes all Time tokens cards put on "
        "Locations; false: one per Location, as the rulebook's summary says. The mark of a used "
        "once-per-Day action always goes [DAY-START-4], [NOTE-10], [ACT-LOC-2]."
    )
    event_discard: Literal["next_start_of_day", "end_of_day"] = Field(
        default="next_start_of_day", description="When a normal Event is discarded [NOTE-26]."
    )
    energy_follows_health: bool = Field(
        default=True, description="When Health falls below Energy, Energy falls too [SURV-2]."
    )
    guardian_stays_unless: Literal["defeated_or_fled", "defeated"] = Field(
        default="defeated_or_fled",
        description="A Guardian stays on the map unless defeated (or fled) [NOTE-12].",
    )
    fury_per: Literal["activation", "encounter"] = Field(
        default="activation", description="Fury resolves step 3 twice in every activation, "
        "or only once more in the whole Encounter [TRAIT-9]."
    )
    affinity_check: Literal["at_checks", "immediately"] = Field(
        default="at_checks",
        description="The Affinity marker stops at the ends and is checked only at step 2c and "
        "after the Response, or as soon as it reaches an end (after the card or effect that "
        "took it there) [DIPLO-9].",
    )
    skills_count_in_pair: bool = Field(
        default=True, description="Skill points count in the pair total [UPG-7], [NOTE-16]."
    )
    dying_escape_penalty: bool = Field(
        default=False, description="A character falling to 0 Health leaves an Encounter as an "
        "Escape, paying its price (Combat) or its Failure (Diplomacy) [NOTE-17]."
    )
    hand_returns_to_deck: bool = Field(
        default=True, description="A mulligan's hand waits with the discards until the "
        "Encounter ends, like the hand; false: it goes back into the deck at once [NOTE-18]."
    )
    team_gains: Who = Field(
        default="share", description="Default for gains in a team [ACT-EXPLORE-2]."
    )
    team_losses: Who = Field(
        default="each", description="Default for losses in a team [ACT-EXPLORE-2]."
    )
    join_without_energy: bool = Field(
        default=True,
        description="A character with no Energy left, who cannot act alone, may still join a "
        "team action if the others pay for them [TEAM-6], [DAY-4].",
    )
    exhausted_recovery: NonNegative = Field(
        default=4, description="Energy an Exhausted character recovers [END-DAY-3]."
    )
    deck_minimum: Positive = Field(default=15, description="Least cards per deck [UPG-3].")
    deck_upgrade: list[Positive] = Field(
        default=[2, 3, 1], min_length=3, max_length=3,
        description="Deck upgrade: [Exp cost, cards drawn, cards kept] [UPG-2].",
    )
    attribute_costs: list[Positive] = Field(
        default=[2, 4, 6, 8, 10], min_length=1,
        description="Exp for the 1st, 2nd... point of a pair [UPG-5]; after the list, the "
        "last cost plus attribute_cost_step per further point.",
    )
    attribute_cost_step: NonNegative = Field(
        default=0, description="Added per point beyond attribute_costs: 10 for the 5th "
        "point and every later one [UPG-5]."
    )
    hand_size: list[Positive] = Field(
        default=[3, 3, 3, 2], min_length=4, max_length=4,
        description="Starting hand for 1, 2, 3, 4 characters fighting [COMBAT-3].",
    )
    challenge_health_offset: NonNegative = Field(
        default=1, description="How far below Health the upside-down Health T-marker's bar "
        "reads, for each character, capping Energy and measuring Panic; the rulebook gives no "
        "number [MODE-CHALLENGE-2].",
    )
    challenge_shortens_start_menhir: bool = Field(
        default=True, description="Challenge shortens the starting Menhir too [MODE-CHALLENGE-6]."
    )
    challenge_resource_cap: Positive = Field(
        default=20, description="Challenge cap per resource type, Exp excepted [MODE-CHALLENGE-9]."
    )
    challenge_item_cap: Positive = Field(
        default=5, description="Challenge cap on Items per character [MODE-CHALLENGE-10]."
    )
    challenge_deck_upgrade: list[Positive] = Field(
        default=[5, 2, 1], min_length=3, max_length=3,
        description="Challenge deck upgrade [Exp, drawn, kept] [MODE-CHALLENGE-8].",
    )
    challenge_attribute_costs: list[Positive] = Field(
        default=[5, 10, 15, 20, 25, 30], min_length=1,
        description="Challenge pair-point costs for the 1st to 6th point [MODE-CHALLENGE-8].",
    )
    challenge_attribute_cost_step: NonNegative = Field(
        default=5, description="Challenge: added per point beyond the list "
        "[MODE-CHALLENGE-8]."
    )


DyingTrigger = Literal["losing_health", "end_of_day", "start_of_day"]
"""When a dying character dies unless healed first [DEATH-1]: on losing Health while
dying; still dying after resting at an End of Day; still dying when a new Day starts."""

DyingLimit = Literal["join_team", "travel", "explore", "location_action", "character_action",
                     "activate_menhir", "use_cards", "trade"]
"""What a card may forbid a dying character: joining a team's action [TEAM-1], Travel,
Explore, the Location's or its own character action, activating a Menhir, the uses of its
Items, Secrets and Skills, and giving in a trade [TEAM-5]."""


class DyingCard(Model):
    """A "You Are Dying" card: taken at 0 Health [SURV-4], [DEATH-1]; held until Health
    rises above 0; while held, the character dies when one of ``dies_when`` happens."""

    effects: list[Effect] = Field(
        default_factory=list, description="Resolved once, when the card is taken [DEATH-1]."
    )
    dies_when: list[DyingTrigger] = Field(
        default=["losing_health"], description="The character dies, unless healed first: "
        "losing_health (it loses Health while dying), end_of_day (still at 0 Health after its "
        "rest at an End of Day that began with it dying), start_of_day (still at 0 Health when "
        "a new Day starts) [DEATH-1]."
    )
    may_not: list[DyingLimit] = Field(
        default=["join_team"], description="What the dying character may not do: join_team, "
        "travel, explore, location_action, character_action, activate_menhir, use_cards, trade."
    )


class Manifest(Model):
    """``campaign.yaml``: what the campaign is and how it starts."""

    id: Slug = Field(description="The campaign's id.")
    name: Text = Field(description="Its name.")
    version: str = Field(pattern=VERSION_PATTERN, description="Its version, e.g. \"1.0\".")
    description: Text | None = Field(default=None, description="A short description.")
    start: LocationRef = Field(description="The starting Location [SETUP-W1].")
    start_menhir: Amount = Field(
        default=Scaled.model_construct(base=9, per_player=-1),  # built, not validated:
        # validating it here would build its validator, and start the schema builder, at import
        description="The starting Menhir's dial: 8/7/6/5 for 1-4 players [SETUP-W2].",
    )
    players: list[Positive] = Field(
        default=[1, 4], min_length=2, max_length=2,
        description="[fewest, most] players, within 1-4 [PLAYERS-1].",
    )
    chapters: list[Chapter] = Field(min_length=1, description="The chapters, in order.")
    game_sheet: GameSheet = Field(default_factory=GameSheet, description="The Game Sheet.")
    mercy: EntryRef | None = Field(
        default=None, description="Entry read after 'Saved by the Goddess' [MERCY-1]."
    )
    dying: DyingCard = Field(
        default_factory=DyingCard, description="The 'You Are Dying' card of a game of two or "
        "more characters [DEATH-1]."
    )
    dying_solo: DyingCard = Field(
        default_factory=DyingCard, description="The solo 'You Are Dying' card, usually more "
        "forgiving [DEATH-2]."
    )
    going_mad: list[Effect] = Field(
        default_factory=list, description="The 'You Are Going Mad' card [MAD-1]."
    )
    challenge_secret: SecretRef | None = Field(
        default=None, description="The Secret Challenge mode starts with [MODE-CHALLENGE-3]."
    )
    one_way_keys: list[OneWayKey] = Field(
        default_factory=list, description="Direction Keys meant to have no key facing back."
    )
    rules: RuleSettings = Field(default_factory=RuleSettings, description="Rule settings.")

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        fewest, most = self.players
        if not 1 <= fewest <= most <= 4:
            raise Placed(("players",), _("players [{fewest}, {most}] must lie within 1-4, "
                                         "fewest first").format(fewest=fewest, most=most))
        for index, chapter in enumerate(self.chapters):
            if chapter.number != index + 1:
                raise Placed(("chapters", index, "number"),
                             _("chapters are numbered 1, 2, 3... in order: this one should be "
                               "{expected}, not {number}").format(expected=index + 1,
                                                                  number=chapter.number))
        return self
