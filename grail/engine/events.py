"""Events: small typed records of what an action caused, for the log, the UI and tests."""

from typing import Literal

from grail.content.campaign import DyingLimit

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


MeterReason = Literal["no_menhir", "wyrdness", "rest_ate", "rest_hungry"]
"""Why meters changed on their own: the Wyrdness, with no Menhir left [MENHIR-9] or taking
the Location [MENHIR-3]; a rest, eating or hungry [END-DAY-1]."""


@value
class MetersChanged(_Event):
    """A character's meters, as they are now, and why they changed."""

    type: Literal["meters_changed"] = "meters_changed"
    hero: str
    energy: int
    health: int
    terror: int
    food: int
    reason: MeterReason


@value
class DayBegan(_Event):
    """A new Day began."""

    type: Literal["day_began"] = "day_began"
    day: int




@value
class EntryRead(_Event):
    """A journal entry was read: its address (its text is the campaign's)."""

    type: Literal["entry_read"] = "entry_read"
    entry: str


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


# --- the world: effects, dials, Events, the map ------------------------------------------

@value
class CampaignEnded(_Event):
    """The campaign is over: won as the story says or by its last chapter, or lost when
    Mother's Mercy is refused or not given [DEATH-6]."""

    type: Literal["campaign_ended"] = "campaign_ended"
    outcome: Literal["won", "lost"]
    how: Literal["story", "last_chapter", "no_mercy"]


@value
class GameLost(_Event):
    """The game is lost: every character dead, or the story says so [DEATH-6]; Mother's
    Mercy may still be asked [MERCY-1]."""

    type: Literal["game_lost"] = "game_lost"


@value
class TokenMoved(_Event):
    """A Time or Quest token placed on a Location, or taken off it [DIAL-1]."""

    type: Literal["token_moved"] = "token_moved"
    token: Literal["time", "quest"]
    location: int
    placed: bool


@value
class DialSet(_Event):
    """A Time or Quest dial placed at its value [DIAL-1]."""

    type: Literal["dial_set"] = "dial_set"
    dial: str
    value: int


@value
class DialTurned(_Event):
    """A dial turned by ``by``, to ``value`` [DIAL-1]."""

    type: Literal["dial_turned"] = "dial_turned"
    dial: str
    by: int
    value: int


@value
class DialGone(_Event):
    """A dial left play: removed by an effect, or run out [DAY-START-4]."""

    type: Literal["dial_gone"] = "dial_gone"
    dial: str
    ran_out: bool


@value
class DialFlipped(_Event):
    """A dial flipped for a chance: the Skull or the Grail [DIAL-1]."""

    type: Literal["dial_flipped"] = "dial_flipped"
    face: Literal["skull", "grail"]


@value
class LocationReplaced(_Event):
    """A Location card was replaced by another, where it stood [MAP-7]."""

    type: Literal["location_replaced"] = "location_replaced"
    old: int
    new: int


@value
class MenhirUnlit(_Event):
    """A Menhir was to be lit on a Location that is not on the map: none is [MENHIR-4]."""

    type: Literal["menhir_unlit"] = "menhir_unlit"
    location: int


@value
class ChapterBegan(_Event):
    """A new chapter begins [CAMP-2]."""

    type: Literal["chapter_began"] = "chapter_began"
    chapter: int


@value
class EventRevealed(_Event):
    """The Event of the Day is revealed [DAY-START-5]."""

    type: Literal["event_revealed"] = "event_revealed"
    event: str


@value
class RandomEventsPlaced(_Event):
    """Random Events put face down on the Event deck [EVENT-4]."""

    type: Literal["random_events_placed"] = "random_events_placed"
    count: int


@value
class EventAdded(_Event):
    """An Event put in the Event deck: on top, at the bottom or shuffled in [EVENT-5]."""

    type: Literal["event_added"] = "event_added"
    event: str
    where: Literal["top", "bottom", "shuffle"]


@value
class NoOptionOpen(_Event):
    """No option of a journal choice is open: the reading goes on past it [JOURNAL-3]."""

    type: Literal["no_option_open"] = "no_option_open"


@value
class StoryModeLeft(_Event):
    """Story mode is left: the game goes on in normal mode [MODE-STORY-3]."""

    type: Literal["story_mode_left"] = "story_mode_left"


@value
class MercyGiven(_Event):
    """Mother's Mercy: the game goes back to the start of the chapter [MERCY-2]."""

    type: Literal["mercy_given"] = "mercy_given"
    chapter: int


# --- characters: players, asks, upgrades, trades -----------------------------------------

@value
class PlayerJoined(_Event):
    """A character joins the game on a Location: a new player [PLAYERS-2], or one who
    replaces the dead [DEATH-5]."""

    type: Literal["player_joined"] = "player_joined"
    hero: str
    at: int
    replacing: bool


@value
class PlayerLeft(_Event):
    """A character leaves the game [PLAYERS-1]."""

    type: Literal["player_left"] = "player_left"
    hero: str


@value
class SecretPassed(_Event):
    """A dead character's Secret goes to another [DEATH-3]."""

    type: Literal["secret_passed"] = "secret_passed"
    secret: int
    to: str


@value
class Traded(_Event):
    """A character gives another 1 Food, 1 Wealth, an Item or a Secret [TEAM-5]."""

    type: Literal["traded"] = "traded"
    hero: str
    to: str
    what: Literal["food", "wealth", "item", "secret"]
    number: int | None


@value
class ItemCapReached(_Event):
    """A character holds the most Items allowed: keep the new one, dropping another, or
    leave it [MODE-CHALLENGE-10]."""

    type: Literal["item_cap_reached"] = "item_cap_reached"
    hero: str
    item: int


@value
class ItemLeft(_Event):
    """An Item a character had no room for is left where it lies [MODE-CHALLENGE-10]."""

    type: Literal["item_left"] = "item_left"
    hero: str
    item: int


@value
class SkillOffered(_Event):
    """A character chooses a Skill card of an Attribute, or none is left [ATTR-4]."""

    type: Literal["skill_offered"] = "skill_offered"
    hero: str
    attribute: str
    left: bool


@value
class SkillKept(_Event):
    """A character keeps a side of a Skill card; the other is lost [ATTR-5]."""

    type: Literal["skill_kept"] = "skill_kept"
    hero: str
    skill: int
    attribute: str


@value
class MoveAsked(_Event):
    """Where a special move takes the characters: chosen, nowhere, or a closed way
    [MAP-8]."""

    type: Literal["move_asked"] = "move_asked"
    hero: str
    outcome: Literal["choose", "nowhere", "closed"]
    to: int | None


@value
class AttributeRaised(_Event):
    """An Attribute bought with Exp, to its new level [UPG-1]."""

    type: Literal["attribute_raised"] = "attribute_raised"
    hero: str
    attribute: str
    value: int


@value
class UpgradeOffered(_Event):
    """Cards drawn from the Advanced pool for a deck upgrade, to keep one [UPG-2]."""

    type: Literal["upgrade_offered"] = "upgrade_offered"
    hero: str
    deck: Literal["combat", "diplomacy"]
    count: int


@value
class DeckChanged(_Event):
    """A card added to a deck (``added``) or set aside from it, or put back [UPG-2],
    [UPG-3]."""

    type: Literal["deck_changed"] = "deck_changed"
    hero: str
    card: str
    deck: Literal["combat", "diplomacy"]
    change: Literal["kept", "set_aside", "taken_back"]


# --- teams --------------------------------------------------------------------------------

TeamActionKind = Literal["travel", "explore", "location_action", "character_action",
                         "activate_menhir", "option"]


@value
class TeamProposed(_Event):
    """A character proposes an action others on the Location may join [TEAM-1]."""

    type: Literal["team_proposed"] = "team_proposed"
    hero: str
    action: TeamActionKind
    to: int | None


@value
class KeptOut(_Event):
    """A character whose "You Are Dying" card forbids it may not join a team's action
    [DEATH-1], [DAY-7]."""

    type: Literal["kept_out"] = "kept_out"
    hero: str
    limit: DyingLimit
    action: TeamActionKind


@value
class TeamChanged(_Event):
    """A team's member joins, leaves before it starts, leaves for not paying, or the
    proposer takes it back [TEAM-1], [TEAM-3]."""

    type: Literal["team_changed"] = "team_changed"
    hero: str
    change: Literal["joined", "left", "unpaid", "cancelled"]
    proposer: str
    action: TeamActionKind


# --- Encounters and Guardians -------------------------------------------------------------

@value
class EncounterBegan(_Event):
    """An Encounter card drawn or begun: a fight, its text only, or none left in the deck
    [ENC-2], [NOTE-28]."""

    type: Literal["encounter_began"] = "encounter_began"
    encounter: str | None
    fight: bool


@value
class EncounterCardGone(_Event):
    """Where an ended Encounter's card goes: a Guardian stays on the map, any other to the
    bottom of its deck [GUARD-5], [DISC-1]."""

    type: Literal["encounter_card_gone"] = "encounter_card_gone"
    encounter: str
    stays: bool


@value
class GuardianMoved(_Event):
    """A Guardian's die: it moves, stays, or leaves the map [GUARD-2]; or the Wyrdness took
    the Location under it [DISC-1]."""

    type: Literal["guardian_moved"] = "guardian_moved"
    encounter: str
    face: str
    location: int | None


@value
class GuardianAttacks(_Event):
    """A Guardian on the characters' Location attacks [GUARD-4]."""

    type: Literal["guardian_attacks"] = "guardian_attacks"
    encounter: str


@value
class TurnBegan(_Event):
    """An Encounter's turn begins [COMBAT-5]."""

    type: Literal["turn_began"] = "turn_began"
    turn: int


@value
class Robbed(_Event):
    """The Thief takes all Wealth and every Item [TRAIT-10]."""

    type: Literal["robbed"] = "robbed"


@value
class Panicked(_Event):
    """A character in Panic plays the top card of its deck first [COMBAT-22]."""

    type: Literal["panicked"] = "panicked"
    hero: str
    card: str


@value
class ItemSetAside(_Event):
    """An Item left out of this Encounter [ENC-5]."""

    type: Literal["item_set_aside"] = "item_set_aside"
    hero: str
    item: int


@value
class Mulliganed(_Event):
    """A character draws a new hand, one card fewer [COMBAT-3]."""

    type: Literal["mulliganed"] = "mulliganed"
    hero: str
    count: int


@value
class NotInAFight(_Event):
    """An Encounter effect met with no Encounter under way does nothing."""

    type: Literal["not_in_a_fight"] = "not_in_a_fight"
    effect: str


@value
class ContinueGiven(_Event):
    """The next card plays as if it connected a continue key [KEY-5]."""

    type: Literal["continue_given"] = "continue_given"


@value
class DamagePrevented(_Event):
    """Damage of the enemy attack to be prevented; none when the enemy Feints [TRAIT-5]."""

    type: Literal["damage_prevented"] = "damage_prevented"
    amount: int
    total: int
    feint: bool


@value
class AttackPrevented(_Event):
    """The enemy attack on a character is prevented whole."""

    type: Literal["attack_prevented"] = "attack_prevented"
    hero: str


@value
class DiscardRequested(_Event):
    """A character chooses cards to discard [COMBAT-21]."""

    type: Literal["discard_requested"] = "discard_requested"
    hero: str
    count: int


@value
class ChargesChanged(_Event):
    """A card's Charges: gained (``paid`` 0) or paid by a character [ANAT-10]."""

    type: Literal["charges_changed"] = "charges_changed"
    hero: str
    card: str
    charges: int
    paid: int


@value
class MemberLeft(_Event):
    """A member leaves the Encounter: fallen to 0 Health, escaped, or out of cards
    [COMBAT-17], [COMBAT-26]."""

    type: Literal["member_left"] = "member_left"
    hero: str


@value
class EscapeBegun(_Event):
    """A character escapes: it pays, suffers the Opportunity attack, then leaves
    [COMBAT-17]."""

    type: Literal["escape_begun"] = "escape_begun"
    hero: str


@value
class EncounterDecided(_Event):
    """How the fight ends is decided, before what follows it resolves [ENC-4]."""

    type: Literal["encounter_decided"] = "encounter_decided"
    result: str


@value
class EscapeDial(_Event):
    """The Challenge's Escape: a dial flipped, the Skull keeping the character in the fight
    [MODE-CHALLENGE-4]."""

    type: Literal["escape_dial"] = "escape_dial"
    hero: str
    face: Literal["skull", "grail"]


@value
class DeckThin(_Event):
    """A character's deck and discards are too thin to draw [COMBAT-21]."""

    type: Literal["deck_thin"] = "deck_thin"
    hero: str


@value
class ApproachTaken(_Event):
    """A Diplomacy's approach chosen [DIPLO-14]."""

    type: Literal["approach_taken"] = "approach_taken"
    encounter: str
    approach: int


@value
class StageWon(_Event):
    """A Diplomacy Stage won; the marker goes back to grey unless it was the last
    [DIPLO-7]."""

    type: Literal["stage_won"] = "stage_won"
    stage: str
    last: bool


@value
class EnemyActs(_Event):
    """The enemy's turn against the active character: its Opportunity attack, its attack
    by the Combat table, or the Response of a Diplomacy [COMBAT-11], [COMBAT-13],
    [DIPLO-5]."""

    type: Literal["enemy_acts"] = "enemy_acts"
    encounter: str
    hero: str | None
    act: Literal["opportunity", "attack", "response"]


@value
class DefensiveTrait(_Event):
    """The enemy is Defensive: the first card adds fewer markers [TRAIT-3]."""

    type: Literal["defensive_trait"] = "defensive_trait"
    less: int


@value
class TimeTokenLost(_Event):
    """A delayed card loses its last Time token: its Ability acts [COMBAT-7]."""

    type: Literal["time_token_lost"] = "time_token_lost"
    card: str



Event = (DyingChanged | GoingMadChanged | HeroDied | EnergySpent | HeroMoved | LocationRevealed
         | LocationDiscarded | MenhirDialTurned | MenhirRemoved | HeroPassed | MetersChanged
         | DayBegan | EntryRead | ResourcesChanged
         | StatusMarked | CardGained | TaskLogged | QuestChanged | ExplorationEnded
         | ChanceDrawn | ChanceAsked | EncounterEnded
         | Activated | CardPlayed | PoolChanged | AffinityMoved | CardsDrawn | CardDiscarded
         | MagicPaid | CampaignEnded | GameLost | TokenMoved | DialSet | DialTurned | DialGone
         | DialFlipped | LocationReplaced | MenhirUnlit | ChapterBegan | EventRevealed
         | RandomEventsPlaced | EventAdded | NoOptionOpen | StoryModeLeft | MercyGiven
         | PlayerJoined | PlayerLeft | SecretPassed | Traded | ItemCapReached | ItemLeft
         | SkillOffered | SkillKept | MoveAsked | AttributeRaised | UpgradeOffered | DeckChanged
         | TeamProposed | KeptOut | TeamChanged | EncounterBegan | EncounterCardGone
         | GuardianMoved | GuardianAttacks | TurnBegan | Robbed | Panicked | ItemSetAside
         | Mulliganed | NotInAFight | ContinueGiven | DamagePrevented | AttackPrevented
         | DiscardRequested | ChargesChanged | MemberLeft | EscapeBegun | EncounterDecided
         | EscapeDial | DeckThin | ApproachTaken | StageWon | EnemyActs | DefensiveTrait | TimeTokenLost)
"""Every event the engine emits: grail/words has a sentence for each (tests/test_words.py)."""
