"""Actions: small frozen values with a JSON form, used alike by the CLI, saves and tests.

>>> Action.from_json('{"type": "travel", "hero": "wren", "to": 102}')
Travel(type='travel', hero='wren', to=102)
>>> Pass(hero="wren").to_json()
'{"type":"pass","hero":"wren"}'
"""

import dataclasses
import json
from functools import lru_cache
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
    dataclass_transform,
    get_args,
)

from pydantic import Field, ValidationError

from .plain import Plain, adapter, value
from .reading import read

Malformed = Literal["not_an_object", "not_json", "no_such_action", "no_type", "missing",
                    "not_part", "does_not_read", "unreadable"]
"""What makes a text no action at all."""


class MalformedAction(ValueError):
    """Text that is not an action at all (as opposed to a legal-looking but illegal one):
    what is wrong, and the field or action type it concerns."""

    def __init__(self, reason: Malformed, where: str = "") -> None:
        super().__init__(f"{reason}: {where}" if where else reason)
        self.reason, self.where = reason, where


class _Action(Plain):
    __slots__ = ()

    if TYPE_CHECKING:  # each class's own, made by action()
        @classmethod
        def of(cls, **fields: Any) -> Self:
            """The action with these fields, made once (:func:`action`)."""


A = TypeVar("A", bound=_Action)

MADE_AT_MOST = 1 << 14
"""The most actions of one class kept by :meth:`_Action.of`."""


@dataclass_transform(kw_only_default=True, frozen_default=True,
                     field_specifiers=(dataclasses.field,))
def action(cls: type[A]) -> type[A]:
    """``cls`` as a frozen :func:`value`, whose ``of`` gives the action with these fields,
    made once for each way of naming them (the engine names them always in one order):
    actions are frozen values, so one instance serves every legal list that holds it
    (listing legal actions is the engine's hottest loop). ``of`` is the class behind a
    cache, called without a Python frame between (three times as fast as one).

    >>> Travel.of(hero="wren", to=102) is Travel.of(hero="wren", to=102)
    True
    """
    made = value(cls)
    made.of = staticmethod(lru_cache(maxsize=MADE_AT_MOST)(made))  # type: ignore[method-assign]
    return made


@action
class Travel(_Action):
    """Travel to a connected Location for 1 Energy [ACT-TRAVEL-1]."""

    type: Literal["travel"] = "travel"
    hero: str
    """Who travels."""
    to: int
    """The connected Location."""


@action
class Pass(_Action):
    """End this character's Day; irreversible [ACT-PASS-1]."""

    type: Literal["pass"] = "pass"
    hero: str
    """Who passes."""


@action
class Rest(_Action):
    """End of Day rest: eat 1 Food or not [END-DAY-1], [END-DAY-2]."""

    type: Literal["rest"] = "rest"
    hero: str
    """Who rests."""
    eat: bool
    """Eat 1 Food (gain Health, lose Terror) or go hungry."""


@action
class Explore(_Action):
    """Explore the Location for 1 Energy: read its journal entry [ACT-EXPLORE-1]."""

    type: Literal["explore"] = "explore"
    hero: str
    """Who explores."""


@action
class Choose(_Action):
    """Take one option of the choice the journal waits on."""

    type: Literal["choose"] = "choose"
    hero: str
    """Who decides (the active character)."""
    option: int
    """The option's index, from 0."""


@action
class LocationAction(_Action):
    """Use the action printed on the Location [ACT-LOC-1]."""

    type: Literal["location_action"] = "location_action"
    hero: str
    """Who acts."""


@action
class CharacterAction(_Action):
    """Use the character action on the hero's tile [ACT-CHAR-1]."""

    type: Literal["character_action"] = "character_action"
    hero: str
    """Whose action."""


@action
class ActivateMenhir(_Action):
    """Activate the Menhir of this Location, paying its cost [ACT-MENHIR-1], [MENHIR-5]."""

    type: Literal["activate_menhir"] = "activate_menhir"
    hero: str
    """Who activates it."""



DAY_ACTIONS = (Travel, Explore, LocationAction, CharacterAction, ActivateMenhir)
"""The Day actions a character takes, and a team may join [DAY-6], [TEAM-1]."""


@action
class BuyAttribute(_Action):
    """End of Day: spend Exp on an Attribute point, beyond the 2nd as a Skill side [UPG-5]."""

    type: Literal["buy_attribute"] = "buy_attribute"
    hero: str
    """Who buys."""
    attribute: str
    """The Attribute raised."""
    skill: int | None = None
    """The Skill side kept, beyond 2 [ATTR-4]."""


@action
class DeckUpgrade(_Action):
    """End of Day: spend Exp to draw from an Advanced pool and keep one card [UPG-2]."""

    type: Literal["deck_upgrade"] = "deck_upgrade"
    hero: str
    """Who upgrades."""
    deck: Literal["combat", "diplomacy"]
    """Which deck."""


@action
class KeepCard(_Action):
    """Keep one of the cards drawn for a deck upgrade [UPG-2]."""

    type: Literal["keep_card"] = "keep_card"
    hero: str
    """Who keeps it."""
    card: str
    """The card id."""


@action
class FinishUpgrades(_Action):
    """End of Day: no more upgrades or deck building for this character today [END-DAY-4],
    [END-DAY-5]."""

    type: Literal["finish_upgrades"] = "finish_upgrades"
    hero: str
    """Who is done."""


@action
class SetAside(_Action):
    """End of Day: take a card out of a deck above the minimum; it stays with the character,
    never back in the Advanced pool [END-DAY-5], [UPG-3], [UPG-4]."""

    type: Literal["set_aside"] = "set_aside"
    hero: str
    """Whose deck."""
    card: str
    """The card id."""


@action
class TakeBack(_Action):
    """End of Day: put a set-aside card back into its deck [END-DAY-5]."""

    type: Literal["take_back"] = "take_back"
    hero: str
    """Whose card."""
    card: str
    """The card id."""


@action
class GiveSecret(_Action):
    """A dead character's Secret goes to a living one, as its player chooses [DEATH-5]."""

    type: Literal["give_secret"] = "give_secret"
    secret: int
    """The Secret's number."""
    to: str
    """Who receives it."""


@action
class ChooseReplacement(_Action):
    """The character not yet played who takes a dead one's place [DEATH-3]."""

    type: Literal["choose_replacement"] = "choose_replacement"
    hero: str
    """The new character."""


@action
class FaceGuardian(_Action):
    """Of several Guardians on a Location, the one the players face next [GUARD-6]."""

    type: Literal["face_guardian"] = "face_guardian"
    id: str
    """The Guardian's Encounter card."""


@action
class AcceptMercy(_Action):
    """After a lost game: "Saved by the Goddess", back to the Chapter's start [MERCY-1]."""

    type: Literal["accept_mercy"] = "accept_mercy"


@action
class EndCampaign(_Action):
    """After a lost game: no Mercy, the campaign ends [DEATH-6], [MERCY-1]."""

    type: Literal["end_campaign"] = "end_campaign"


@action
class JoinGame(_Action):
    """A session's start: a new character joins on a veteran's Location [PLAYERS-2]."""

    type: Literal["join_game"] = "join_game"
    hero: str
    """The new character."""
    at: int
    """A Location holding a character already in play."""


@action
class LeaveGame(_Action):
    """A session's start: a character leaves; its Secrets go to those who remain
    [PLAYERS-1]."""

    type: Literal["leave_game"] = "leave_game"
    hero: str
    """Who leaves."""


@action
class Trade(_Action):
    """Give 1 Food, 1 Wealth, an Item or a Secret to a character on the same Location,
    outside actions and Encounters [TEAM-5], [RES-2], [ITEM-5], [SECRET-6]."""

    type: Literal["trade"] = "trade"
    hero: str
    """Who gives."""
    to: str
    """Who receives."""
    what: Literal["food", "wealth", "item", "secret"]
    """What is given."""
    number: int | None = None
    """The Item's or Secret's number."""


@action
class FaceUp(_Action):
    """Choose which card of a keyword is in use (face up) [ITEM-2], [DAY-START-8]."""

    type: Literal["face_up"] = "face_up"
    hero: str
    """Whose card."""
    card: str
    """'item:N' or 'secret:N'."""


@action
class LeaveStoryMode(_Action):
    """Play on in normal mode from now: Story mode may be left at any time [MODE-STORY-3]."""

    type: Literal["leave_story_mode"] = "leave_story_mode"


@action
class ChanceOutcome(_Action):
    """How a chance point came out: a card drawn, a die rolled, a dial flipped. The log
    records one after the action that met it; in a companion game the table enters it
    (docs/architecture.md, chance points)."""

    type: Literal["chance"] = "chance"
    point: str
    """What was decided, e.g. 'guardian die'."""
    outcome: str
    """How it came out, e.g. 'north' or a card id."""


@action
class UseCard(_Action):
    """Use an Item, Secret or Skill in use: a Day action (``when: action``) or a use outside
    actions (``any``, ``end_of_day``) [DAY-6], [ITEM-1]."""

    type: Literal["use_card"] = "use_card"
    hero: str
    """Who uses it."""
    card: str
    """'item:N', 'secret:N' or 'skill:N' (a Skill side)."""
    use: int
    """Which of the card's uses, from 0."""


@action
class PickSkill(_Action):
    """Keep a Skill side that an effect gives [ATTR-4], [ATTR-5]."""

    type: Literal["pick_skill"] = "pick_skill"
    hero: str
    """Who gains it."""
    skill: int
    """The Skill side kept; the card's other side is lost."""


@action
class MoveTo(_Action):
    """Choose where special movement goes: not Travel, no Energy [MAP-9]."""

    type: Literal["move_to"] = "move_to"
    hero: str
    """Who decides (the active character; the team follows)."""
    to: int
    """The Location."""


@action
class ItemCap(_Action):
    """At the Challenge cap of Items: discard a held Item to take the new one, or refuse it
    [MODE-CHALLENGE-10]."""

    type: Literal["item_cap"] = "item_cap"
    hero: str
    """Who is offered the Item."""
    item: int
    """The new Item."""
    discard: int | None = None
    """The held Item given up; none: refuse."""


@action
class PickUp(_Action):
    """Take an Item a dead character left on this Location, outside actions [DEATH-4]."""

    type: Literal["pick_up"] = "pick_up"
    hero: str
    """Who takes it."""
    item: int
    """The Item."""


@action
class Join(_Action):
    """Join the action a character on the same Location proposes, before it starts
    [TEAM-1], [DAY-7]."""

    type: Literal["join"] = "join"
    hero: str
    """Who joins."""


@action
class Leave(_Action):
    """Leave the team before its action starts: by choice, or for want of one's share
    [TEAM-2], [TEAM-3]."""

    type: Literal["leave"] = "leave"
    hero: str
    """Who leaves."""


@action
class Begin(_Action):
    """The team is formed: the members split the cost and the action starts [TEAM-1]."""

    type: Literal["begin"] = "begin"
    hero: str
    """Who proposed the action."""


@action
class Cancel(_Action):
    """Take back a proposed action before it starts; nobody has acted [TEAM-1]."""

    type: Literal["cancel"] = "cancel"
    hero: str
    """Who proposed the action."""


@action
class PayShare(_Action):
    """A member's part of the team's cost; members may pay for one another
    [TEAM-6], [ACT-EXPLORE-2], [ACT-TRAVEL-3], [ACT-LOC-3]."""

    type: Literal["pay_share"] = "pay_share"
    hero: str
    """Who pays."""
    what: str
    """The resource or meter paid, e.g. 'energy'."""
    amount: int
    """How much of it this member pays."""


@action
class Share(_Action):
    """A member's part of a gain or loss the team splits (``who: share``): an amount, or the
    one card or effect [ACT-EXPLORE-2]."""

    type: Literal["share"] = "share"
    hero: str
    """The member whose part this is."""
    what: str
    """A resource or meter, or 'secret', 'item', 'meters'."""
    amount: int
    """How much of it (1 for a card or 'meters')."""
    loss: bool = False
    """A loss rather than a gain."""


# --- Encounters: Combat and Diplomacy ---------------------------------------------------------


@action
class SetItemAside(_Action):
    """At an Encounter's start, leave an Item in use out of it; it comes back at the end
    [ITEM-3]."""

    type: Literal["set_item_aside"] = "set_item_aside"
    hero: str
    """Whose Item."""
    item: int
    """The Item's number."""


@action
class Ready(_Action):
    """The Items used are confirmed: the Encounter begins and hands are drawn [ITEM-3],
    [COMBAT-3]."""

    type: Literal["ready"] = "ready"


@action
class Avoid(_Action):
    """Avoid a Diplomacy Encounter before it begins: meet its requirements, each member pays
    its cost [DIPLO-14], [DIPLO-15]."""

    type: Literal["avoid"] = "avoid"


@action
class Mulligan(_Action):
    """Discard the hand and draw one card fewer [COMBAT-4]."""

    type: Literal["mulligan"] = "mulligan"
    hero: str
    """Whose hand."""


@action
class KeepHands(_Action):
    """Everyone keeps the hand they hold: the first turn begins [COMBAT-4]."""

    type: Literal["keep_hands"] = "keep_hands"


@action
class ChooseApproach(_Action):
    """Of a Diplomacy Encounter's alternative approaches, the one played [DIPLO-2]."""

    type: Literal["choose_approach"] = "choose_approach"
    approach: int
    """The approach's index, from 0."""


@action
class Activate(_Action):
    """The team picks the next active character [COMBAT-5]."""

    type: Literal["activate"] = "activate"
    hero: str
    """A member not yet activated this turn."""


@action
class PlayCard(_Action):
    """The active character adds a card to the Sequence [COMBAT-8]..[COMBAT-10]; ``magic``
    names, for each Magic Key that meets, who pays its 1 Magic, if anyone [KEY-3].

    >>> PlayCard(hero="beor", card="defense", magic=((2, "beor"),)).to_json()
    '{"type":"play_card","hero":"beor","card":"defense","magic":[[2,"beor"]]}'
    """

    type: Literal["play_card"] = "play_card"
    hero: str
    """The active character."""
    card: str
    """A card in hand (in Panic, first the top of the deck)."""
    magic: tuple[tuple[int, str], ...] = ()
    """[position, payer] for each Magic Key paid."""


@action
class SpendCharges(_Action):
    """Pay Charges from a card in the Sequence for its Ability [ANAT-10], [COMBAT-20]."""

    type: Literal["spend_charges"] = "spend_charges"
    hero: str
    """The active character."""
    serial: int
    """The card's place in the order of play, from 1."""
    ability: int
    """Which of the card's Abilities, from 0."""


@action
class EndPlay(_Action):
    """The active character plays no more cards this activation [COMBAT-10], [COMBAT-11]."""

    type: Literal["end_play"] = "end_play"
    hero: str
    """The active character."""


@action
class Escape(_Action):
    """Leave the Encounter: in Combat the active character, for 1 Energy and the
    Opportunity attack [COMBAT-17]; in Diplomacy the team, each taking the Failure
    [DIPLO-13]."""

    type: Literal["escape"] = "escape"
    hero: str
    """The active character."""


@action
class DiscardCard(_Action):
    """Discard a card from hand, where an Encounter asks for a discard [COMBAT-15]."""

    type: Literal["discard_card"] = "discard_card"
    hero: str
    """Who discards."""
    card: str
    """The card."""



Actions = (Travel | Explore | Choose | LocationAction | CharacterAction | ActivateMenhir | Pass
           | Rest | BuyAttribute | DeckUpgrade | KeepCard | FinishUpgrades | SetAside | TakeBack
           | GiveSecret | ChooseReplacement | FaceGuardian | AcceptMercy
           | EndCampaign | JoinGame | LeaveGame | Trade | FaceUp | UseCard | PickSkill | MoveTo
           | ItemCap | PickUp | Join | Leave | Begin | Cancel | PayShare | Share | LeaveStoryMode
           | ChanceOutcome | SetItemAside | Ready | Avoid | Mulligan | KeepHands
           | ChooseApproach | Activate | PlayCard | SpendCharges | EndPlay | Escape | DiscardCard)
AnyAction = Annotated[Actions, Field(discriminator="type")]
KINDS: dict[str, type[Actions]] = {kind.__dataclass_fields__["type"].default: kind
                                   for kind in get_args(Actions)}
"""Each class of action by its ``type``."""


class Action:
    """Parsing actions from their JSON form."""

    @staticmethod
    def from_json(text: str) -> Actions:
        """The action a JSON text gives. Text in the form grail writes (as ``grail legal``
        prints it) is read as the actions' types say, without building pydantic's readers
        (reading.py); any other is checked by pydantic's reader of the class it names,
        which takes "102" for 102 and finds what is wrong (the reader of every action,
        some 12-16 ms to build, only for a text that names none): the same action and the
        same words as the reader of every action gives."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # not JSON: pydantic's reader says where
            data = None
        else:
            if not isinstance(data, dict):
                raise MalformedAction("not_an_object")
            try:
                return cast(Actions, read(AnyAction, data))
            except (ValueError, RecursionError):  # not as grail writes it
                pass
        named = _named(data)
        try:
            action: Actions = adapter(named or AnyAction).validate_json(text)
            return action
        except ValidationError as error:
            raise MalformedAction(*_why(error, named is None)) from None


def _named(data: Any) -> type[Actions] | None:
    """The class of action JSON data names by its ``type``, if it names one."""
    kind = data.get("type") if isinstance(data, dict) else None
    return KINDS.get(kind) if isinstance(kind, str) else None


def _why(error: ValidationError, in_union: bool) -> tuple[Malformed, str]:
    """What is wrong with an action's JSON (never the parser's words), and where; a place in
    the union of every action starts with the action's tag."""
    first = error.errors()[0]
    kind = first["type"]
    where = ".".join(str(part) for part in first["loc"][1 if in_union else 0:])
    if kind == "json_invalid":
        return "not_json", ""
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        found = first.get("input", {})
        tag = found.get("type") if isinstance(found, dict) else None
        return ("no_such_action", str(tag)) if tag else ("no_type", "")
    if kind == "missing":
        return "missing", where
    if kind == "unexpected_keyword_argument":
        return "not_part", where
    return ("does_not_read", where) if where else ("unreadable", "")
