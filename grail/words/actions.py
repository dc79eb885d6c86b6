"""A legal action in words, as every front end shows it: the terminal's numbered lines and
the window's buttons, a journal option's own text, a card use's name, what a card played
would give. One wording a kind of action (:data:`ACTION_WORDS`, every action of the engine,
tests/test_words.py), told with what the state knows when it is taken: where a Travel
starts, what an action costs, which card an Encounter action plays.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.actions import Travel
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> tell(game.campaign, game.state, Travel(hero="tamsin", to=104))
'Travel: Tamsin Vell from 101 Tallow Cross to 104 Lowen Ford, -1 Energy'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.encounters import CombatEncounter, DiplomacyEncounter
from grail.engine import actions as act
from grail.engine.actions import (
    DAY_ACTIONS,
    ChanceOutcome,
    Choose,
    EndCampaign,
    Join,
    MalformedAction,
    PlayCard,
)
from grail.engine.amounts import amount_of
from grail.engine.encounters.play import approach_name
from grail.engine.game import Game, IllegalAction, UndoError
from grail.engine.items import uses_of
from grail.engine.journal import (
    ContentLoop,
    closed_options,
    effects_of,
    pending_choice,
    waiting_effect,
)
from grail.engine.state import GameState
from grail.engine.teams import kept_out, proposing, would_propose
from grail.lang import _, ngettext

from .conditions import needs
from .dying import dying_refusal
from .effects import cost_words, effects_words, leads_to, signed_cost
from .encounter import gain
from .names import (
    card_words,
    chance_point,
    deck_words,
    full_name,
    hero_name,
    item_name,
    outcome_name,
    place_name,
    player_card_name,
    resource_words,
    secret_name,
    skill_name,
)
from .refusals import loop_words, refusal_words
from .table import rest_lines, rest_outcome

ASKED_FIRST = (EndCampaign, act.LeaveGame, act.LeaveStoryMode)
"""Actions every front end asks the player to confirm before taking them: they end the
campaign, a player's part in it, or Story mode [DEATH-6], [PLAYERS-1], [MODE-STORY-3]."""


def proposed() -> str:
    """What the words of a Day action add when it is only proposed, others on the Location
    being free to join it, nothing paid yet [TEAM-1]."""
    return _("; others here may join before it begins")


Tell = Callable[[Campaign, GameState, Any, bool], str]


def _here(campaign: Campaign, state: GameState, hero: str, where: bool) -> str:
    return place_name(campaign, state.hero(hero).location) if where else ""


def _travel(c: Campaign, s: GameState, a: act.Travel, where: bool) -> str:
    hero = hero_name(c, a.hero)
    if where and a.hero in {h.id for h in s.heroes}:
        return _("Travel: {hero} from {origin} to {to}, -1 Energy").format(
            hero=hero, origin=place_name(c, s.hero(a.hero).location), to=place_name(c, a.to))
    return _("Travel: {hero} to {to}, -1 Energy").format(hero=hero, to=place_name(c, a.to))


def _explore(c: Campaign, s: GameState, a: act.Explore, where: bool) -> str:
    here = _here(c, s, a.hero, where)
    return (_("Explore: {hero} at {place}, -1 Energy") if here
            else _("Explore: {hero}, -1 Energy")).format(hero=hero_name(c, a.hero), place=here)


def _menhir(c: Campaign, s: GameState, a: act.ActivateMenhir, where: bool) -> str:
    hero = s.hero(a.hero)
    menhir = c.location[hero.location].menhir
    cost = signed_cost(c, s, menhir.cost if menhir is not None else None, hero)
    here = _here(c, s, a.hero, where)
    return (_("Activate the Menhir: {hero} at {place}{cost}") if here
            else _("Activate the Menhir: {hero}{cost}")).format(
        hero=hero_name(c, a.hero), place=here, cost=cost)


def _character_action(c: Campaign, s: GameState, a: act.CharacterAction, where: bool) -> str:
    own = c.hero[a.hero].action
    return _("Character action: {hero}, {action}{cost}").format(
        hero=hero_name(c, a.hero), action=own.name, cost=signed_cost(c, s, own.cost,
                                                                     s.hero(a.hero)))


def _location_action(c: Campaign, s: GameState, a: act.LocationAction, where: bool) -> str:
    hero = s.hero(a.hero)
    place = c.location[hero.location].action
    cost = signed_cost(c, s, place.cost if place is not None else None, hero)
    here = _here(c, s, a.hero, where)
    name = place.name if place is not None else ""
    if here and name:
        text = _("Location action: {hero} at {place} ({action}){cost}")
    elif name:
        text = _("Location action: {hero} ({action}){cost}")
    else:
        text = _("Location action: {hero} at {place}{cost}") if here \
            else _("Location action: {hero}{cost}")
    return text.format(hero=hero_name(c, a.hero), place=here, action=name, cost=cost)


def _choose(c: Campaign, s: GameState, a: Choose, where: bool) -> str:
    choice = pending_choice(c, s)
    if choice is None or a.option >= len(choice.choose):
        return _("{hero} chooses option {number}").format(hero=hero_name(c, a.hero),
                                                          number=a.option + 1)
    return _("{hero} chooses: {option}").format(hero=hero_name(c, a.hero),
                                                option=choice.choose[a.option].text)


def _trade(c: Campaign, s: GameState, a: act.Trade, where: bool) -> str:
    thing = item_name(c, a.number) if a.what == "item" and a.number is not None \
        else secret_name(c, a.number) if a.what == "secret" and a.number is not None \
        else _("1 {resource}").format(resource=resource_words(a.what))
    return _("Trade: {hero} gives {thing} to {to}").format(
        hero=hero_name(c, a.hero), thing=thing, to=hero_name(c, a.to))


def _share(c: Campaign, s: GameState, a: act.Share, where: bool) -> str:
    hero = hero_name(c, a.hero)
    shared = waiting_effect(c, s)
    if a.what == "secret" and isinstance(shared, fx.GainSecret):  # which, by name [SECRET-1]
        return _("Share: {hero} takes {secret}").format(hero=hero,
                                                        secret=secret_name(c, shared.gain_secret))
    if a.what in ("secret", "item"):
        return (_("Share: {hero} takes the {thing}") if a.amount >= 0
                else _("Share: {hero} loses the {thing}")).format(
            hero=hero, thing=_("Secret") if a.what == "secret" else _("Item"))
    if a.what == "meters":
        return _("Share: {hero}'s meters are set").format(hero=hero)
    return (_("Share: {hero} takes {amount} {resource}") if a.amount >= 0
            else _("Share: {hero} loses {amount} {resource}")).format(
        hero=hero, amount=abs(a.amount), resource=resource_words(a.what))


def _use(c: Campaign, s: GameState, a: act.UseCard, where: bool) -> str:
    uses = uses_of(c, a.card)
    use = uses[a.use].name if a.use < len(uses) else str(a.use + 1)
    return _("Use: {hero} uses {card}: {use}").format(hero=hero_name(c, a.hero),
                                                      card=card_words(c, a.card), use=use)


def _item_cap(c: Campaign, s: GameState, a: act.ItemCap, where: bool) -> str:
    if a.discard is None:
        return _("Item cap: {hero} refuses {item}").format(hero=hero_name(c, a.hero),
                                                           item=item_name(c, a.item))
    return _("Item cap: {hero} discards {old} to take {item}").format(
        hero=hero_name(c, a.hero), old=item_name(c, a.discard), item=item_name(c, a.item))


def _pay_share(c: Campaign, s: GameState, a: act.PayShare, where: bool) -> str:
    return _("Pay: {hero} pays {amount} {resource} of the team's cost").format(
        hero=hero_name(c, a.hero), amount=a.amount, resource=resource_words(a.what))


def _buy(c: Campaign, s: GameState, a: act.BuyAttribute, where: bool) -> str:
    if a.skill is not None:
        return _("Upgrade: {hero} raises {attribute} with the Skill {skill}").format(
            hero=hero_name(c, a.hero), attribute=resource_words(a.attribute),
            skill=skill_name(c, a.skill))
    return _("Upgrade: {hero} raises {attribute}").format(hero=hero_name(c, a.hero),
                                                          attribute=resource_words(a.attribute))


def _chance(c: Campaign, s: GameState, a: ChanceOutcome, where: bool) -> str:
    return _("{point}: {outcome}").format(point=chance_point(c, a.point),
                                          outcome=outcome_name(c, a.point, a.outcome))


# --- Encounters --------------------------------------------------------------------------

def _by(c: Campaign, s: GameState, hero: str, whose: bool) -> str:
    """Who plays, in a team, where the words do not stand beside the member's own hand."""
    encounter = s.encounter
    return _(" by {hero}").format(hero=full_name(c, hero)) \
        if whose and encounter is not None and len(encounter.heroes) > 1 else ""


def _play(c: Campaign, s: GameState, a: PlayCard, whose: bool) -> str:
    encounter = s.encounter
    paid = ", ".join(_("for key {at}: {hero}").format(at=at, hero=hero_name(c, payer))
                     for at, payer in a.magic)
    top = _(" (the top card of the deck, in Panic)") \
        if encounter is not None and encounter.forced == a.card else ""
    text = _("Play {card}{by}{top}").format(card=player_card_name(c, a.card),
                                           by=_by(c, s, a.hero, whose), top=top)
    return _("{play} (pay 1 Magic {paid})").format(play=text, paid=paid) if paid else text


def _charges(c: Campaign, s: GameState, a: act.SpendCharges, whose: bool) -> str:
    encounter = s.encounter
    placed = next((card for card in encounter.sequence if card.serial == a.serial), None) \
        if encounter is not None else None
    if placed is None:
        return _("Spend the Charges of a card")
    ability = c.card[placed.card].abilities[a.ability]
    count = amount_of(c, ability.charges, s, s.hero(a.hero))
    return ngettext("Spend {count} Charge of {card}: {effects}",
                    "Spend {count} Charges of {card}: {effects}", count).format(
        count=count, card=player_card_name(c, placed.card),
        effects=effects_words(c, s, ability.effects))


def _then_lost(c: Campaign, s: GameState) -> str:
    """What the entry or Location that began the Encounter says of it lost, which an Escape
    sets off after its own cost [ENC-3]: "; then lose 1 Food"."""
    origin = s.encounter.origin if s.encounter is not None else None
    if origin is None:
        return ""
    lost = effects_of(c, origin.ended(False, origin.heroes))
    return _("; then {effects}").format(effects=effects_words(c, s, lost)) if lost else ""


def _escape(c: Campaign, s: GameState, a: act.Escape, whose: bool) -> str:
    encounter = s.encounter
    card = c.encounter[encounter.id] if encounter is not None else None
    if isinstance(card, CombatEncounter):
        attack = _(" ({effects})").format(effects=effects_words(c, s, card.opportunity)) \
            if card.opportunity else ""
        return _("Escape: -1 Energy and the Opportunity attack{attack}").format(attack=attack) \
            + _then_lost(c, s)
    if isinstance(card, DiplomacyEncounter) and encounter is not None:
        failure = _(" ({effects})").format(effects=effects_words(c, s, card.failure)) \
            if card.failure else ""
        text = _("Escape: each member takes the Failure{failure}") if len(encounter.heroes) > 1 \
            else _("Escape: take the Failure{failure}")  # [DIPLO-13]
        return text.format(failure=failure) + _then_lost(c, s)
    return _("Escape: {hero} escapes").format(hero=hero_name(c, a.hero))


def _avoid(c: Campaign, s: GameState, a: act.Avoid, whose: bool) -> str:
    card = c.encounter[s.encounter.id] if s.encounter is not None else None
    avoid = card.avoid if isinstance(card, DiplomacyEncounter) else None
    if avoid is not None and avoid.cost:
        return _("Avoid the Encounter: each member pays {cost}").format(
            cost=cost_words(c, s, avoid.cost))
    return _("Avoid the Encounter")


def _mulligan(c: Campaign, s: GameState, a: act.Mulligan, whose: bool) -> str:
    held = len(s.encounter.hands.get(a.hero, [])) if s.encounter is not None else 0
    return _("Mulligan: {hero} discards the hand of {held} and draws {drawn}").format(
        hero=hero_name(c, a.hero), held=held, drawn=max(0, held - 1))


def _approach(c: Campaign, s: GameState, a: act.ChooseApproach, whose: bool) -> str:
    name = approach_name(c.encounter[s.encounter.id], a.approach) if s.encounter is not None \
        else None
    return (_("Approach {number}: {name}") if name is not None else _("Approach {number}")) \
        .format(number=a.approach + 1, name=name)


def _discard(c: Campaign, s: GameState, a: act.DiscardCard, whose: bool) -> str:
    encounter = s.encounter
    team = encounter is not None and len(encounter.heroes) > 1
    return (_("Discard {card} ({hero})") if team else _("Discard {card}")).format(
        card=player_card_name(c, a.card), hero=hero_name(c, a.hero))


ACTION_WORDS: dict[type, Tell] = {
    act.Travel: _travel,
    act.Explore: _explore,
    act.ActivateMenhir: _menhir,
    act.CharacterAction: _character_action,
    act.LocationAction: _location_action,
    act.Pass: lambda c, s, a, w: _("Pass: {hero} passes for the rest of the Day").format(
        hero=hero_name(c, a.hero)),
    act.Rest: lambda c, s, a, w: (
        _("Rest: {hero} eats 1 Food") if a.eat else _("Rest: {hero} goes hungry")).format(
        hero=hero_name(c, a.hero)),
    Choose: _choose,
    act.BuyAttribute: _buy,
    act.DeckUpgrade: lambda c, s, a, w: _(
        "Upgrade: {hero} draws from the Advanced {deck} pool").format(
        hero=hero_name(c, a.hero), deck=deck_words(a.deck)),
    act.KeepCard: lambda c, s, a, w: _("Upgrade: {hero} keeps {card}").format(
        hero=hero_name(c, a.hero), card=player_card_name(c, a.card)),
    act.FinishUpgrades: lambda c, s, a, w: _("Upgrade: {hero} is done").format(
        hero=hero_name(c, a.hero)),
    act.SetAside: lambda c, s, a, w: _("Decks: {hero} sets {card} aside").format(
        hero=hero_name(c, a.hero), card=player_card_name(c, a.card)),
    act.TakeBack: lambda c, s, a, w: _("Decks: {hero} puts {card} back in the deck").format(
        hero=hero_name(c, a.hero), card=player_card_name(c, a.card)),
    act.GiveSecret: lambda c, s, a, w: _("Hand over: {secret} to {hero}").format(
        secret=secret_name(c, a.secret), hero=hero_name(c, a.to)),
    act.ChooseReplacement: lambda c, s, a, w: _("Replacement: {hero} joins the game").format(
        hero=hero_name(c, a.hero)),
    act.FaceGuardian: lambda c, s, a, w: _("Guardian: face {name} next").format(
        name=c.encounter[a.id].name if a.id in c.encounter else a.id),
    act.AcceptMercy: lambda c, s, a, w: _("Mercy: saved by the Goddess, back to the "
                                          "Chapter's start"),
    EndCampaign: lambda c, s, a, w: _("Mercy: refused, the campaign ends"),
    act.JoinGame: lambda c, s, a, w: _("Players: {hero} joins at {place}").format(
        hero=hero_name(c, a.hero), place=place_name(c, a.at)),
    act.LeaveGame: lambda c, s, a, w: _("Players: {hero} leaves the game").format(
        hero=hero_name(c, a.hero)),
    act.Trade: _trade,
    act.FaceUp: lambda c, s, a, w: _("In use: {hero} turns {card} face up").format(
        hero=hero_name(c, a.hero), card=card_words(c, a.card)),
    act.UseCard: _use,
    act.PickSkill: lambda c, s, a, w: _("Skill: {hero} keeps {skill}").format(
        hero=hero_name(c, a.hero), skill=skill_name(c, a.skill)),
    act.MoveTo: lambda c, s, a, w: _("Move: {hero} goes to {place} (not Travel)").format(
        hero=hero_name(c, a.hero), place=place_name(c, a.to)),
    act.ItemCap: _item_cap,
    act.PickUp: lambda c, s, a, w: _("Pick up: {hero} takes {item} left by the dead").format(
        hero=hero_name(c, a.hero), item=item_name(c, a.item)),
    Join: lambda c, s, a, w: _("Team: {hero} joins the action").format(hero=hero_name(c, a.hero)),
    act.Leave: lambda c, s, a, w: _("Team: {hero} leaves before the action starts").format(
        hero=hero_name(c, a.hero)),
    act.Begin: lambda c, s, a, w: _("Team: {hero}'s action starts with the team as it is")
    .format(hero=hero_name(c, a.hero)),
    act.Cancel: lambda c, s, a, w: _("Team: {hero} takes the action back").format(
        hero=hero_name(c, a.hero)),
    act.PayShare: _pay_share,
    act.Share: _share,
    act.LeaveStoryMode: lambda c, s, a, w: _("Mode: leave Story mode and play on in normal "
                                             "mode"),
    ChanceOutcome: _chance,
    act.SetItemAside: lambda c, s, a, w: _("Set aside: {hero} leaves {item} out of this "
                                           "Encounter").format(hero=hero_name(c, a.hero),
                                                               item=item_name(c, a.item)),
    act.Ready: lambda c, s, a, w: _("Ready: confirm the Items used and draw the hands"),
    act.Avoid: _avoid,
    act.Mulligan: _mulligan,
    act.KeepHands: lambda c, s, a, w: _("Keep these hands"),
    act.ChooseApproach: _approach,
    act.Activate: lambda c, s, a, w: _("Activate {hero}").format(hero=hero_name(c, a.hero)),
    PlayCard: _play,
    act.SpendCharges: _charges,
    act.EndPlay: lambda c, s, a, w: _("Play no more cards this activation"),
    act.Escape: _escape,
    act.DiscardCard: _discard,
}
"""Each kind of action in words, by its class; the flag says where (the Location a Day
action is taken at) or whose (who in a team plays a card) it is, unless a button beside the
board or the hand shows that already."""


def tell(campaign: Campaign, state: GameState, action: Any, where: bool = True) -> str:
    """The action's words in the game as it stands before it is taken."""
    return ACTION_WORDS[type(action)](campaign, state, action, where)


def undone_lines(game: Game, undone: Sequence[Any]) -> list[str]:
    """The log entries undo took back, latest first, each told as it was taken: the game is
    played on again from where undo left it, on a copy, to know where each stood."""
    states = [game.state.model_copy(deep=True)]
    Game.resume(game.campaign, game.setup, [*game.log, *undone], len(game.log), game.state,
                heard=lambda again, events: states.append(again.state.model_copy(deep=True)))
    told, step = [], 0
    for entry in undone:
        if not isinstance(entry, ChanceOutcome):
            step += 1
        before, after = states[max(0, step - 1)], states[min(step, len(states) - 1)]
        text = tell(game.campaign, before, entry)
        told.append(text + proposed() if proposing(after, entry) else text)
    return told[::-1]


def malformed(error: MalformedAction) -> str:
    """Why a text is no action at all, in words."""
    return _("not an action: {why}").format(why={
        "not_an_object": _('an action is a JSON object naming its type, such as {{"type": '
                           '"pass", "hero": "<hero id>"}}'),
        "not_json": _("it is not JSON"),
        "no_such_action": _("there is no action '{where}'"),
        "no_type": _("it names no action type ('type')"),
        "missing": _("'{where}' is missing"),
        "not_part": _("'{where}' is not part of this action"),
        "does_not_read": _("'{where}' does not read as this action needs"),
        "unreadable": _("it does not read")}[error.reason].format(where=error.where))


def refused(game: Game, error: Exception) -> str:
    """Why an action, or an undo, was not taken, in words: the rules' refusal, undo's, or a
    loop in the campaign's content."""
    if isinstance(error, IllegalAction):
        return _("{action}: not allowed: {why}").format(
            action=tell(game.campaign, game.state, error.action, False),
            why=refusal_words(game.campaign, error.refusal))
    if isinstance(error, UndoError):
        return undo_refused(game, error)
    if isinstance(error, ContentLoop):
        return loop_words(game.campaign, error)
    return str(error)


def undo_refused(game: Game, error: UndoError) -> str:
    """Why undo cannot take back what it was asked, in words."""
    if error.reason == "none_asked":
        return _("undo takes back 1 action or more, not {count}").format(count=error.asked)
    if error.reason == "nothing_yet":
        return _("nothing to undo: no action was taken yet")
    if error.reason == "went_on":
        return _("nothing to undo: the game went on from its saved state (its content or its "
                 "rules changed since), and no action was taken since")
    if error.reason == "revealed" and error.last is not None:
        return _("nothing to undo: the last action ({action}) revealed something (a card "
                 "turned, an entry read, a draw or a roll)").format(
            action=tell(game.campaign, game.state, error.last, False))
    return ngettext("only {count} action can be undone, back to the last card turned or "
                    "entry read", "only {count} actions can be undone, back to the last card "
                    "turned or entry read", error.can).format(count=error.can)


def action_lines(game: Game) -> list[str]:
    """The legal actions as numbered lines of plain text, then the choices not open, each
    with why not."""
    lines = [f"{number}. {action_text(game, action)}"
             for number, action in enumerate(game.legal_actions(), start=1)]
    for _index, text, why in closed_choices(game):
        lines.append(_("-. (not open: {why}) {option}").format(why=why, option=text))
    for _join, text, why in closed_joins(game):
        lines.append(_("-. (not open: {why}) {option}").format(why=why, option=text))
    return lines


def closed_choices(game: Game) -> list[tuple[int, str, str]]:
    """The options of the waiting choice that cannot be taken: (index, text, why not)
    [JOURNAL-1]."""
    campaign, state = game.campaign, game.state
    found = []
    for closed in closed_options(campaign, state):
        if closed.unmet:
            why = closed.option.unavailable or needs(campaign, closed.option.if_)
        else:
            why = _("it costs {cost}").format(cost=cost_words(campaign, state, closed.option.cost,
                                                              closed.payer))
        found.append((closed.index, closed.option.text, why))
    return found


def closed_joins(game: Game) -> list[tuple[Join, str, str]]:
    """The characters a "You Are Dying" card keeps out of the action being proposed, as
    the choices the players see closed: (the Join, its words, why not, in the card's
    refusal) [DEATH-1], [DAY-7]."""
    campaign, team = game.campaign, game.state.team
    action = team.action if team is not None else ""
    return [(join, action_text(game, join), dying_refusal(campaign, join.hero, limit, action))
            for join, limit in kept_out(campaign, game.state)]


def action_text(game: Game, action: Any, where: bool = True, proposal: bool = True) -> str:
    """A legal action in words, as the terminal and the window show it: with its origin
    (unless not ``where``) and cost, a journal option's own text with its cost and where it
    leads, that others may join a Day action first (unless not ``proposal``), what a Rest
    would do, what a card played would give."""
    campaign, state = game.campaign, game.state
    text = tell(campaign, state, action, where)
    if isinstance(action, Choose) and (choice := pending_choice(campaign, state)) is not None:
        option = choice.choose[action.option]
        cost, leads = option_cost(game, option), leads_to(campaign, state, option.effects)
        notes = [_("costs {cost}").format(cost=cost)] * bool(cost) \
            + [_("leads to {where}").format(where=leads)] * bool(leads)
        return _("{action} ({notes})").format(action=text, notes="; ".join(notes)) if notes \
            else text
    if proposal and isinstance(action, DAY_ACTIONS) and would_propose(campaign, state, action):
        text += proposed()  # nothing is paid until it begins [TEAM-1]
    if isinstance(action, act.Rest):  # what it will do [END-DAY-1]..[END-DAY-3]
        changed = rest_lines(game, action.hero, action.eat, changed_only=True)
        text += _(" ({changes})").format(changes=", ".join(changed)) if changed else ""
    if isinstance(action, PlayCard):
        text += _(": {gain}").format(gain=gain(game, action.hero, campaign.card[action.card],
                                               sorted(at for at, _payer in action.magic)))
    return text


def option_cost(game: Game, option: fx.Choice) -> str:
    """What a journal option costs whoever decides, in words ('2 Wealth, 1 Energy'), unless
    its own text says it already ("... (1 Food).")."""
    state = game.state
    cost = cost_words(game.campaign, state, option.cost, state.hero(state.frames[-1].heroes[0]))
    return "" if all(part in option.text for part in cost.split(", ")) else cost


def action_label(game: Game, action: Any) -> str:
    """A legal action as a button says it, beside the board that shows the rest: a journal
    option's text alone (its tile shows its cost and where it leads), and no "from" or "at"
    the Location where the character already stands."""
    campaign, state = game.campaign, game.state
    if isinstance(action, Choose):
        return tell(campaign, state, action, False)
    if isinstance(action, act.Rest):  # its tile shows the meters; the button, a death only
        outcome = rest_outcome(game, action.hero, action.eat)
        told = tell(campaign, state, action, False)
        if outcome.dies is None:
            return told
        return told + (_(" (dies: the game is lost)") if outcome.lost else _(" (dies)"))
    return action_text(game, action, where=False, proposal=False)  # the banner asks who joins
