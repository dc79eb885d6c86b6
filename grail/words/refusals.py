"""Why an action is not allowed now, in words: one wording a kind of refusal
(:data:`REFUSALS`, every code of ``grail.engine.refusals.Code``, tests/test_words.py), with
the names of heroes, cards and Locations taken from the campaign by id.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.refusals import Refusal
>>> refusal_words(load_pack(bundled_pack()), Refusal("DAY-3", "cannot_act_now",
...     {"hero": "tamsin", "waiting": ["jago"]}))
'Tamsin Vell cannot act now; waiting: Jago Trevail'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grail.content import Campaign
from grail.engine.chance import ChanceMismatch
from grail.engine.journal import STEPS_WITHOUT_A_DECISION, ContentLoop
from grail.engine.refusals import Refusal
from grail.engine.setup import SetupError
from grail.lang import _, listed, ngettext, number

from .dying import dying_refusal
from .names import (
    chance_point,
    hero_name,
    item_name,
    keyword_words,
    place_name,
    player_card_name,
    resource_words,
    secret_name,
    team_action_noun,
)


def _heroes(campaign: Campaign, heroes: list[str]) -> str:
    return listed([hero_name(campaign, hero) for hero in heroes]) or _("nobody")


def _thing(campaign: Campaign, fields: dict[str, Any]) -> str:
    """What a trade gives: 1 Food, an Item or a Secret by name."""
    what, number = fields["what"], fields.get("number")
    if what == "item" and number is not None:
        return item_name(campaign, number)
    if what == "secret" and number is not None:
        return secret_name(campaign, number)
    return resource_words(what)


def _continue(campaign: Campaign, missing: list[dict[str, Any]], hero: str) -> str:
    """What keeps a card's continue keys from connecting [KEY-2], [KEY-3]."""
    said = []
    for key in missing:
        if key["why"] == "cancelled":
            said.append(_("the continue of its key {at} is cancelled").format(at=key["at"]))
        elif key["why"] == "attribute":
            said.append(_("its continue key {at} needs {attribute} {level}, {hero} has {has}")
                        .format(at=key["at"], attribute=resource_words(key["attribute"]),
                                level=key["level"], hero=hero_name(campaign, hero),
                                has=key["has"]))
        elif key["why"] == "magic":
            said.append((_("its continue key {at} needs 1 Magic, the team has none")
                         if key["none"] else _("its continue key {at} needs 1 Magic paid"))
                        .format(at=key["at"]))
        elif key["why"] == "apart":
            said.append(_("its continue keys do not meet the last card's keys"))
        else:
            said.append(_("it has no continue key"))
    return "; ".join(said)


Say = Callable[[Campaign, dict[str, Any]], str]

REFUSALS: dict[str, Say] = {
    "avoid_only_at_start": lambda c, f: _("Avoid is only before the Encounter starts"),
    "set_aside_only_at_start": lambda c, f: _(
        "Items are set aside only at the Encounter's start: none once it began"),
    "avoid_needs": lambda c, f: _("Avoid needs an Avoid section, its requirements met by the "
                                  "best member, and its cost from each member"),
    "confirm_items": lambda c, f: _("the Encounter is starting: confirm the Items used (or set "
                                    "some aside), then draw the hands"),
    "mulligan_or_keep": lambda c, f: _("the hands are drawn: mulligan (down to 1 card) or keep "
                                       "them"),
    "choose_approach": lambda c, f: _("choose one of the approaches the card offers"),
    "choose_active": lambda c, f: _("choose the next active character among those not "
                                    "activated this turn: {heroes}").format(
        heroes=_heroes(c, f["heroes"])),
    "only_the_active_acts": lambda c, f: _("only the active character, {hero}, acts now").format(
        hero=hero_name(c, f["hero"]) if f["hero"] else _("nobody")),
    "charges_covered": lambda c, f: _("that card is covered or holds too few Charges"),
    "escape_once": lambda c, f: _("an Escape is tried at most once an activation"),
    "panic_plays_top": lambda c, f: _("in Panic the top card of the deck must be played first"),
    "encounter_under_way": lambda c, f: _("an Encounter is under way: play it out, or escape"),
    "panic_top_card": lambda c, f: _("in Panic the top card, {card}, is played first").format(
        card=player_card_name(c, f["card"])),
    "swift": lambda c, f: _("a Swift enemy allows at most 2 cards an activation"),
    "panic_draw_top": lambda c, f: _("in Panic the top card of the deck is played first: draw "
                                     "it"),
    "not_in_hand": lambda c, f: _("{card} is not in {hero}'s hand").format(
        card=player_card_name(c, f["card"]), hero=hero_name(c, f["hero"])),
    "magic_key": lambda c, f: _("each Magic Key paid is a key that meets, paid with 1 Magic by "
                                "a member who has it"),
    "no_continue": lambda c, f: _("after the first card, a card must connect a continue key of "
                                  "its own: {missing}").format(
        missing=_continue(c, f["missing"], f["hero"])),
    "join_character_action": lambda c, f: _(
        "the character action is its owner's: only a character on the same Location who can "
        "help pay its Energy or Magic joins, before it starts"),
    "join_closed": lambda c, f: _("only a character on the same Location, who has not passed "
                                  "nor acted this round, joins, and only before the action "
                                  "starts"),
    "proposer_stays": lambda c, f: _("who proposed the action does not leave it: cancel it "
                                     "instead"),
    "leave_while_paying": lambda c, f: _("while the cost is paid, only a member who cannot pay "
                                         "their own share leaves, before anything is paid"),
    "not_in_team": lambda c, f: _("{hero} is not in the team").format(hero=hero_name(c, f["hero"])),
    "only_proposer": lambda c, f: _("only {hero}, who proposed the action, begins or cancels it")
    .format(hero=hero_name(c, f["proposer"])),
    "action_begun": lambda c, f: _("the action has begun: nobody leaves or cancels mid-action"),
    "character_action_unpaid": lambda c, f: _(
        "{hero} pays at least 1 Energy and the rest of its cost, teammates helping only with "
        "Energy and Magic: the team cannot pay it").format(hero=hero_name(c, f["proposer"])),
    "menhir_unmet": lambda c, f: _("the team does not meet the Menhir's requirements or cannot "
                                   "pay its cost between them"),
    "team_cannot_pay": lambda c, f: _("the team cannot pay the cost between them"),
    "team_still_forming": lambda c, f: _("the team is still forming: the cost is split once it "
                                         "begins"),
    "pay_character_action": lambda c, f: _(
        "members pay in team order, {hero} at least 1 Energy and all of what teammates may not "
        "pay for (only Energy and Magic), each at most what they hold, leaving no more than "
        "the others can cover").format(hero=hero_name(c, f["proposer"])),
    "pay_option": lambda c, f: _(
        "members pay in team order, {hero}, who chose, all but the Energy and Magic, each at "
        "most what they hold, leaving no more than the others can cover").format(
        hero=hero_name(c, f["proposer"])),
    "pay_share": lambda c, f: _("members pay in team order, at most what they hold and the "
                                "cost, leaving no more than the others can cover"),
    "team_forming": lambda c, f: _("{hero}'s {action} is being formed: join, leave, begin or "
                                   "cancel it first").format(
        hero=hero_name(c, f["proposer"]), action=team_action_noun(f["action"])),
    "no_team": lambda c, f: _("no action is being proposed: a team forms before an action "
                              "starts"),
    "guardian_order": lambda c, f: _("the players first choose which of the Guardians waiting "
                                     "together to face first"),
    "guardian_order_only": lambda c, f: _("the players choose the order only among Guardians "
                                          "waiting together to be faced"),
    "no_encounter": lambda c, f: _("no Encounter is under way: that is done only in an "
                                   "Encounter"),
    "face_up_when": lambda c, f: _("a card is turned face up when gaining or losing one of its "
                                   "keyword, or at the Start of Day"),
    "story_mode_only": lambda c, f: _("only a Story game leaves Story mode, while characters "
                                      "may act"),
    "players_at_day_start": lambda c, f: _(
        "players join or leave at a Day's start, before anyone acts, within the campaign's "
        "player range; a new character starts on a Location holding a veteran"),
    "nobody_died": lambda c, f: _("nobody has died"),
    "no_decision_asked": lambda c, f: _("no effect asks for that decision now"),
    "no_item_here": lambda c, f: _("no such Item lies where that character stands"),
    "not_a_card_in_use": lambda c, f: _("only cards in use (face up, or Skills kept) have uses, "
                                        "and only uses outside Encounters are taken outside "
                                        "them"),
    "use_not_now": lambda c, f: _("its cost cannot be paid, its condition fails, it was used "
                                  "today, or it is not its time"),
    "no_such_hero": lambda c, f: _("there is no character '{hero}' in this game; the characters "
                                   "are {heroes}").format(hero=f["hero"],
                                                          heroes=_heroes(c, f["heroes"])),
    "cannot_act_now": lambda c, f: _("{hero} cannot act now; waiting: {waiting}").format(
        hero=hero_name(c, f["hero"]), waiting=_heroes(c, f["waiting"])),
    "costs_energy": lambda c, f: (_("Travel costs 1 Energy") if f["action"] == "travel"
                                  else _("Explore costs 1 Energy")),
    "not_on_the_map": lambda c, f: _("Location {location} is not on the map: only revealed "
                                     "Locations are travelled to").format(location=f["location"]),
    "not_connected": lambda c, f: _("{to} is not connected to {here} by facing keys").format(
        to=place_name(c, f["location"]), here=place_name(c, f["here"])),
    "location_action_closed": lambda c, f: _("no action here, its cost cannot be paid, or it "
                                             "was used today"),
    "character_action_closed": lambda c, f: _(
        "{hero} pays at least 1 Energy and the rest of its cost; teammates who could join help "
        "only with Energy and Magic, and together they cannot pay it").format(
        hero=hero_name(c, f["hero"])),
    "menhir_closed": lambda c, f: _("no Menhir here, or its requirements or cost are not met, "
                                    "even with the characters here who could join"),
    "not_a_day_action": lambda c, f: _("not an action of the Day"),
    "keep_skill_first": lambda c, f: _("{hero} first keeps a free Skill side of {attribute}")
    .format(hero=hero_name(c, f["hero"]), attribute=resource_words(f["attribute"])),
    "choose_destination_first": lambda c, f: _("{hero} first chooses where to go: {places}")
    .format(hero=hero_name(c, f["hero"]),
            places=listed([place_name(c, place) for place in f["options"]])),
    "discard_first": lambda c, f: ngettext("{hero} first discards {count} card from hand",
                                           "{hero} first discards {count} cards from hand",
                                           f["count"]).format(hero=hero_name(c, f["hero"]),
                                                              count=f["count"]),
    "item_cap_first": lambda c, f: _("{hero} first discards an Item for {item}, or refuses it")
    .format(hero=hero_name(c, f["hero"]), item=item_name(c, f["item"])),
    "choose_in_use_first": lambda c, f: _("{hero} first chooses which {keyword} card is in use")
    .format(hero=hero_name(c, f["hero"]), keyword=keyword_words(f["keyword"])),
    "after_a_death_first": lambda c, f: _("a dead character's Secrets and replacement come "
                                          "first"),
    "trade_over_cap": lambda c, f: _("{to} already holds {holds} {what}, the most the Challenge "
                                     "allows: it would be lost").format(
        to=hero_name(c, f["to"]), holds=f["holds"], what=resource_words(f["what"])),
    "trade_item_cap": lambda c, f: _("{to} already holds the most Items the Challenge allows")
    .format(to=hero_name(c, f["to"])),
    "trade_one_at_a_time": lambda c, f: _("{what} is given one at a time: no number").format(
        what=resource_words(f["what"])),
    "trade_not_together": lambda c, f: _("{hero} and {to} are not on one Location").format(
        hero=hero_name(c, f["hero"]), to=hero_name(c, f["to"])),
    "trade_nothing_to_give": lambda c, f: _("{hero} has no {what} to give").format(
        hero=hero_name(c, f["hero"]), what=resource_words(f["what"])),
    "trade_not_held": lambda c, f: _("{hero} does not hold {thing}").format(
        hero=hero_name(c, f["hero"]), thing=_thing(c, f)),
    "trade_personal": lambda c, f: _("{secret} is Personal: it is never given").format(
        secret=secret_name(c, f["number"])),
    "trade_when": lambda c, f: _(
        "trading needs both characters on one Location, outside actions and Encounters (a "
        "team's members also while their action waits on a choice), and what is given must be "
        "held (Personal Secrets never)"),
    "trade_in_an_action": lambda c, f: _(
        "in the middle of an action only its team's members trade, on one Location, outside "
        "Encounters, while an option is chosen"),
    "table_answers_first": lambda c, f: _("the table answers first: {point}").format(
        point=chance_point(c, f["point"])),
    "no_chance_point": lambda c, f: _("no chance point waits for the table (the generator "
                                      "answers in a game that is not a companion game)"),
    "mercy_first": lambda c, f: _("the game is lost: ask for Mother's Mercy or end the "
                                  "campaign"),
    "no_mercy": lambda c, f: _("Mother's Mercy is asked only after a lost game, where the "
                               "campaign offers it (never under the Challenge's no Mercy)"),
    "keep_upgrade_first": lambda c, f: _("a card drawn for a deck upgrade is kept first; trade "
                                         "after it"),
    "day_actions_over": lambda c, f: _("the Day's actions are over: at the End of Day each "
                                       "character rests, then spends Exp"),
    "rests_now": lambda c, f: _("{hero} rests now (characters rest in character order, then "
                                "spend Exp)").format(hero=hero_name(c, f["hero"])),
    "end_of_day_order": lambda c, f: _(
        "at the End of Day each character rests, then spends Exp, in character order, and an "
        "upgrade costs the Exp it costs"),
    "option_closed": lambda c, f: _("that option is not open: its condition fails or its cost "
                                    "cannot be paid"),
    "choose_first": lambda c, f: _("the journal is being read: choose an option first"),
    "share_not_waiting": lambda c, f: _("no split waits on that part: members take their parts "
                                        "in team order, a loss at most what the member holds"),
    "deck_building_turn": lambda c, f: _(
        "cards move in or out of a deck only in the character's End of Day turn, and each deck "
        "keeps at least {minimum} cards").format(minimum=f["minimum"]),
    "dying_forbids": lambda c, f: dying_refusal(c, f["hero"], f["limit"], f["joining"]),
    "campaign_over": lambda c, f: _("the campaign is over"),
}
"""Each kind of refusal in words, by its code."""


def refusal_words(campaign: Campaign, refusal: Refusal) -> str:
    """A refusal in words, without its rule's tag (authors and ``--json`` keep the rule)."""
    return REFUSALS[refusal.code](campaign, refusal.fields)


def loop_words(campaign: Campaign | None, loop: ContentLoop) -> str:
    """A loop in the content the engine stopped, in words: how long the story ran, the way
    round (entries by key, Locations by number and name), then what became of it: the
    action not taken, or the simulated run that met it."""
    way = listed([_("entry {key}").format(key=step) if isinstance(step, str)
                  else place_name(campaign, step) if campaign is not None
                  else _("Location {number}").format(number=step) for step in loop.way]) \
        or _("nothing it read")
    said = _("the story ran {steps} steps without a decision, going round through {way}: a "
             "loop in the campaign's content").format(steps=number(STEPS_WITHOUT_A_DECISION),
                                                      way=way)
    if loop.run is None:
        return _("{loop}; the action was not taken").format(loop=said)
    hero, seed = loop.run
    return _("{loop}, met by {hero}'s campaign run from seed {seed}").format(
        loop=said, hero=hero_name(campaign, hero), seed=seed)


def mismatch_words(campaign: Campaign | None, error: ChanceMismatch) -> str:
    """How a log's chance outcomes fail to follow its actions, in words."""
    fields = error.fields
    if error.code == "begins_with_outcome":
        return _("a log that goes on from a saved state cannot begin with a chance outcome: "
                 "those follow an action")
    if error.code == "snapshot_between":
        return _("a snapshot lies between an action and its chance outcomes")
    if error.code == "after_snapshot":
        return _("the chance outcomes after a snapshot do not follow it")
    if error.code == "unmet_outcomes":
        action = fields["action"]
        after = _("the setup") if action is None else action.to_json()
        return ngettext("the log gives {count} chance outcome after {after}, but the game did "
                        "not meet the last {unmet}",
                        "the log gives {count} chance outcomes after {after}, but the game did "
                        "not meet the last {unmet}", fields["given"]).format(
            count=fields["given"], after=after, unmet=fields["unmet"])
    return _("the log says '{given}: {outcome}' where the game meets '{point}' with outcomes "
             "{options}").format(given=fields["given"], outcome=fields["outcome"],
                                 point=fields["point"], options=", ".join(fields["options"]))


def setup_words(campaign: Campaign | None, error: SetupError) -> str:
    """Why a game cannot be set up as asked, in words."""
    fields = error.fields
    if error.code == "players":
        return _("this campaign is for {fewest} to {most} players, not {asked}").format(**fields)
    if error.code == "no_hero":
        return _("no hero '{hero}' in this campaign; heroes are {heroes}").format(
            hero=fields["hero"], heroes=", ".join(fields["heroes"]))
    if error.code == "hero_twice":
        return _("a hero can be played only once")
    if error.code == "rules_outside_challenge":
        return _("Challenge rules are adopted in challenge mode only")
    return _("no Challenge rule '{rule}'; they are {rules}").format(
        rule=fields["rule"], rules=", ".join(fields["rules"]))
