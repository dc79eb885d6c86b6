"""Teams: characters on one Location acting together [TEAM-1]..[TEAM-6], [DAY-7].

A Day action (Explore, Travel, a Location action, a character action, a Menhir's
activation) is proposed by one character. While others on the Location could join, it waits
in ``state.team``: they ``Join`` or ``Leave``, and the proposer says ``Begin`` or ``Cancel``
[TEAM-1], [TEAM-2]. Then the team splits the cost: one ``PayShare`` per resource and member,
in team order, listed only when there is a real choice [TEAM-6]; a member who cannot pay
their own share and is not covered leaves [TEAM-3]. A character action stays its owner's:
teammates join only to help pay its Energy and Magic, and the owner pays at least 1 Energy
[ACT-CHAR-2]. Paid, the action starts with the whole team. With nobody to join, a proposal
starts at once, as a solo action always did. A journal option's cost is split the same way
among the team reading it: its Energy and Magic by anyone, the rest by the decider
[TEAM-6].

While the journal is read by a team, an effect it shares (``who: share``) waits in its frame
for ``Share`` decisions: how much each member takes of each resource, or who takes the one
card [ACT-EXPLORE-2]. Parts are decided member by member; the last member's is what is left.
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.amounts import Amounts
from grail.content.campaign import DyingLimit

from . import day, dying, menhirs, world
from .actions import (
    ActivateMenhir,
    Begin,
    Cancel,
    CharacterAction,
    Explore,
    Join,
    Leave,
    LocationAction,
    PayShare,
    Share,
    Travel,
)
from .amounts import amount_of
from .costs import can_pay_together, pay
from .events import EnergySpent, Event, KeptOut, TeamChanged, TeamProposed
from .frames import take_option
from .modes import room
from .pending import Kind, Pending
from .refusals import Refusal
from .state import Frame, GameState, HeroState, Portion, TeamAction

TeamStep = Join | Leave | Begin | Cancel | PayShare
SPLITTABLE = (fx.Gain, fx.Lose, fx.SetMeters, fx.Damage, fx.GainSecret, fx.GainItem, fx.LoseItem)
GAINS = (fx.Gain, fx.GainItem, fx.GainSecret)
CARDS = ("secret", "item", "meters")
"""Parts that go whole to one member: a Secret, an Item, or a change of meters."""
HELPED = ("energy", "magic")
"""What a member may spend for another [TEAM-6]: all that helpers pay of a character action
or a journal option."""


# --- forming the team --------------------------------------------------------------------


def joiners(campaign: Campaign, state: GameState, members: list[str],
            action: str) -> list[HeroState]:
    """Who may join ``action``: who could (:func:`_free`), unless held back by a "You Are
    Dying" card that forbids joining, or forbids the action itself, which a member takes as
    much as its proposer [DEATH-1], [DAY-7]."""
    return [hero for hero in _free(campaign, state, members)
            if dying.kept_out(campaign, state, hero, action) is None]


def _free(campaign: Campaign, state: GameState, members: list[str]) -> list[HeroState]:
    """Who could join, a "You Are Dying" card aside: on the same Location, not passed, and
    not acted this round while others wait to act [TEAM-1], [DAY-3]. A character without
    Energy could join too (``join_without_energy``); the others then pay for them
    [TEAM-6]."""
    here = state.hero(members[0]).location
    waiting = any(day.can_act(hero) and not hero.acted for hero in state.heroes)
    carried = campaign.manifest.rules.join_without_energy
    return [hero for hero in state.heroes if hero.id not in members and hero.location == here
            and not hero.passed and not (hero.acted and waiting)
            and (carried or hero.energy > 0)]


def may_propose_location_action(campaign: Campaign, state: GameState, hero: HeroState) -> bool:
    """The Location's action is open and the character, with those who could join, can pay
    it [ACT-LOC-1], [ACT-LOC-2], [ACT-LOC-3]."""
    if not day.location_action_open(campaign, state, hero.location):
        return False
    action = campaign.location[hero.location].action
    assert action is not None
    helpers = joiners(campaign, state, [hero.id], "location_action")
    return action.cost is None or can_pay_together(campaign, state, [hero], action.cost) \
        or can_pay_together(campaign, state, [hero, *helpers],
                            action.cost)  # who could join only adds to what is paid


def may_propose_menhir(campaign: Campaign, state: GameState, hero: HeroState) -> bool:
    """A Menhir-seal Location whose requirements the character, with those who could join,
    meet and whose cost they can pay between them, any member paying any part, as for the
    Location's own action [ACT-MENHIR-1], [ACT-LOC-3], [TEAM-6]: "Activar un Menhir requiere
    la ayuda de todos los jugadores"."""
    if campaign.location[hero.location].menhir is None:
        return False
    members = [hero, *joiners(campaign, state, [hero.id], "activate_menhir")]
    return menhirs.requirements_met(campaign, state, members) \
        and _covered("activate_menhir", members,
                     _action_cost(campaign, state, "activate_menhir", hero))


def may_propose_character_action(campaign: Campaign, state: GameState,
                                 hero: HeroState) -> bool:
    """Its owner, paying at least 1 Energy, and those who could join can pay its cost
    [ACT-CHAR-1], [ACT-CHAR-2], [TEAM-6]."""
    cost = _action_cost(campaign, state, "character_action", hero)
    helpers = _helpers(joiners(campaign, state, [hero.id], "character_action"), cost)
    return _covered("character_action", [hero], cost) \
        or _covered("character_action", [hero, *helpers], cost)


def _may_join(campaign: Campaign, state: GameState, team: TeamAction) -> list[HeroState]:
    """Who may join this action [TEAM-1], [DEATH-1]."""
    return [hero for hero in _candidates(campaign, state, team)
            if dying.kept_out(campaign, state, hero, team.action) is None]


def _candidates(campaign: Campaign, state: GameState, team: TeamAction) -> list[HeroState]:
    """Who could join this action, a "You Are Dying" card aside [TEAM-1]: for a character
    action, only who could help pay it."""
    free = _free(campaign, state, team.members)
    if team.action == "character_action":
        return _helpers(free, _cost(campaign, state, team))
    return free


def _helpers(heroes: list[HeroState], cost: list[tuple[str, int]]) -> list[HeroState]:
    """Who of ``heroes`` may join a character action: only who can help pay its Energy or
    Magic, since its effects are its owner's alone [ACT-CHAR-1], [ACT-CHAR-2]."""
    helped = [what for what, amount in cost if what in HELPED and amount]
    return [hero for hero in heroes if any(getattr(hero, what) > 0 for what in helped)]


def kept_out(campaign: Campaign, state: GameState) -> list[tuple[Join, DyingLimit]]:
    """Who would be offered to join the action being proposed but for a "You Are Dying"
    card, each with the card's refusal: a choice the players see closed, and why
    [DEATH-1], [DAY-7]."""
    team = state.team
    if team is None or team.paying:
        return []
    return _kept_out(campaign, state, team)


def _kept_out(campaign: Campaign, state: GameState,
              team: TeamAction) -> list[tuple[Join, DyingLimit]]:
    found = []
    for hero in _candidates(campaign, state, team):
        limit = dying.kept_out(campaign, state, hero, team.action)
        if limit is not None:
            found.append((Join(hero=hero.id), limit))
    return found


def _option_team(state: GameState, frame: Frame) -> list[HeroState]:
    """Who pays a journal option: its decider, and whoever reads it with them on their
    Location, who may spend Energy and Magic for them [TEAM-6]."""
    decider = state.hero(frame.heroes[0])
    return [decider, *(hero for hero in map(state.hero, frame.heroes[1:])
                       if hero.location == decider.location)]


def _option_cost(campaign: Campaign, state: GameState, frame: Frame,
                 cost: Amounts) -> list[tuple[str, int]]:
    decider = state.hero(frame.heroes[0])
    return [(name, amount_of(campaign, value, state, decider)) for name, value in cost.items()]


def may_pay_option(campaign: Campaign, state: GameState, frame: Frame, cost: Amounts) -> bool:
    """The decider, with the team's Energy and Magic, can pay a journal option [TEAM-6]."""
    return _covered("option", _option_team(state, frame),
                    _option_cost(campaign, state, frame, cost))


def pay_option(campaign: Campaign, state: GameState, frame: Frame, option: int,
               cost: Amounts) -> list[Event]:
    """Pay a journal option, then take it: the team says who pays what where that is a
    choice (``PayShare``), else it is paid at once [TEAM-6]."""
    members = [hero.id for hero in _option_team(state, frame)]
    state.team = TeamAction(action="option", members=members, paying=True, option=option,
                            cost=dict(_option_cost(campaign, state, frame, cost)))
    return _settle(campaign, state)



def propose(campaign: Campaign, state: GameState,
            action: Explore | Travel | LocationAction | CharacterAction | ActivateMenhir
            ) -> list[Event]:
    """A character proposes an action: others on the Location may join first [TEAM-1];
    who may not, for their "You Are Dying" card, is told why [DEATH-1]."""
    state.team = _proposal(action)
    kept: list[Event] = [KeptOut(hero=join.hero, limit=limit, action=action.type)
                         for join, limit in _kept_out(campaign, state, state.team)]
    if _may_join(campaign, state, state.team):
        to = action.to if isinstance(action, Travel) else None  # [MAP-6]
        return [TeamProposed(hero=action.hero, action=action.type, to=to), *kept]
    state.team.paying = True
    return kept + _settle(campaign, state)


def proposing(state: GameState, action: Any) -> bool:
    """Whether ``action`` has just been proposed rather than begun [TEAM-1]."""
    team = state.team
    return team is not None and not team.paying and team.action == action.type \
        and team.members == [getattr(action, "hero", None)]


def would_propose(campaign: Campaign, state: GameState, action: Any) -> bool:
    """Whether this Day action would be proposed first, others on the Location being free
    to join it, its cost paid only when it begins [TEAM-1]."""
    return bool(_may_join(campaign, state, _proposal(action)))


def _proposal(action: Any) -> TeamAction:
    """The team a Day action starts: its proposer alone, before anyone joins."""
    return TeamAction(action=action.type, to=action.to if isinstance(action, Travel) else None,
                      members=[action.hero])


def legal(campaign: Campaign, state: GameState) -> list[TeamStep]:
    """Joining, leaving, beginning or cancelling; then the parts of the cost."""
    team = state.team
    assert team is not None
    if team.paying:
        return _payments(campaign, state, team)
    proposer = team.members[0]
    found: list[TeamStep] = [Join(hero=hero.id) for hero in _may_join(campaign, state, team)]
    found += [Leave(hero=member) for member in team.members[1:]]
    if _payable(campaign, state, team):
        found.append(Begin(hero=proposer))
    found.append(Cancel(hero=proposer))
    return found


def act(campaign: Campaign, state: GameState, step: TeamStep) -> list[Event]:
    """Do one step of forming or paying, then whatever follows without a choice."""
    team = state.team
    assert team is not None
    events: list[Event] = []
    if isinstance(step, Join):
        joined = {*team.members[1:], step.hero}
        team.members = team.members[:1] + [hero.id for hero in state.heroes if hero.id in joined]
        events.append(TeamChanged(hero=step.hero, change="joined", proposer=team.members[0],
                                  action=team.action))
    elif isinstance(step, Leave):
        events.append(_leave(team, step.hero))
    elif isinstance(step, Begin):
        team.paying = True
    elif isinstance(step, Cancel):
        state.team = None
        return [TeamChanged(hero=step.hero, change="cancelled", proposer=team.members[0],
                            action=team.action)]
    else:
        team.paid.append(Portion(hero=step.hero, what=step.what, amount=step.amount))
    if team.paying:
        events += _settle(campaign, state)
    return events


def pending(campaign: Campaign, state: GameState) -> Pending:
    """Who joins the action being proposed, or who pays what of it."""
    team = state.team
    assert team is not None
    kind: Kind = "team_paying" if team.paying else "team_forming"
    return Pending(kind=kind, heroes=list(team.members))


def why(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    """The rule a step breaks while an action is being proposed or paid."""
    team = state.team
    assert team is not None
    proposer = {"proposer": team.members[0], "action": team.action}
    if isinstance(action, Join) and team.action == "character_action":
        return Refusal("ACT-CHAR-2", "join_character_action")
    if isinstance(action, Join):
        return Refusal("TEAM-1", "join_closed")
    if isinstance(action, Leave):
        if action.hero == team.members[0]:
            return Refusal("TEAM-2", "proposer_stays")
        if team.paying:
            return Refusal("TEAM-3", "leave_while_paying")
        return Refusal("TEAM-2", "not_in_team", {"hero": action.hero})
    if isinstance(action, Begin | Cancel) and action.hero != team.members[0]:
        return Refusal("TEAM-1", "only_proposer", proposer)
    if isinstance(action, Begin | Cancel) and team.paying:
        return Refusal("TEAM-2", "action_begun")
    if isinstance(action, Begin) and team.action == "character_action":
        return Refusal("ACT-CHAR-2", "character_action_unpaid", proposer)
    if isinstance(action, Begin) and team.action == "activate_menhir":
        return Refusal("ACT-MENHIR-1", "menhir_unmet")
    if isinstance(action, Begin):
        return Refusal("ACT-LOC-3", "team_cannot_pay")
    if isinstance(action, PayShare) and not team.paying:
        return Refusal("TEAM-1", "team_still_forming")
    if isinstance(action, PayShare) and team.action == "character_action":
        return Refusal("ACT-CHAR-2", "pay_character_action", proposer)
    if isinstance(action, PayShare) and team.action == "option":
        return Refusal("TEAM-6", "pay_option", proposer)
    if isinstance(action, PayShare):
        return Refusal("TEAM-6", "pay_share")
    return Refusal("TEAM-1", "team_forming", proposer)


def _leave(team: TeamAction, hero: str) -> TeamChanged:
    team.members.remove(hero)
    return TeamChanged(hero=hero, change="unpaid" if team.paying else "left",  # [TEAM-3]
                       proposer=team.members[0], action=team.action)


# --- paying ------------------------------------------------------------------------------


def _cost(campaign: Campaign, state: GameState, team: TeamAction) -> list[tuple[str, int]]:
    """1 Energy per member to Explore or Travel [ACT-EXPLORE-2], [ACT-TRAVEL-3]; a Location
    action's, a character action's or a Menhir's cost once, however many act [ACT-LOC-3],
    [ACT-CHAR-2], [ACT-MENHIR-2]."""
    if team.action in ("explore", "travel"):
        return [("energy", len(team.members))]
    if team.action == "option":
        return list(team.cost.items())
    return _action_cost(campaign, state, team.action, state.hero(team.members[0]))


def _action_cost(campaign: Campaign, state: GameState, action: str,
                 proposer: HeroState) -> list[tuple[str, int]]:
    """The cost of the proposer's character action, or of their Location's action or
    Menhir, worked out for them."""
    if action == "character_action":
        cost = campaign.hero[proposer.id].action.cost
    else:
        place = campaign.location[proposer.location]
        done = place.menhir if action == "activate_menhir" else place.action
        cost = done.cost if done is not None else None
    if cost is None:
        return []
    return [(name, amount_of(campaign, value, state, proposer)) for name, value in cost.items()]


def _payers(action: str, members: list[str], what: str) -> list[str]:
    """Who pays a part of the cost: any member of a Location action's team, split freely
    [ACT-LOC-3]; of a character action's or a journal option's, any for Energy and Magic
    [TEAM-6], its owner or decider for the rest [ACT-CHAR-2]."""
    owners = ("character_action", "option")
    return members if action not in owners or what in HELPED else members[:1]


def _owner_pays(action: str, what: str, amount: int) -> int:
    """The least the owner pays of a part: at least 1 of a character action's Energy
    [ACT-CHAR-2]."""
    return min(1, amount) if action == "character_action" and what == "energy" else 0


def _covered(action: str, members: list[HeroState], cost: list[tuple[str, int]]) -> bool:
    """The members can pay the cost between them, each part by those who may pay it."""
    holding = {hero.id: hero for hero in members}
    owner = members[0]
    return all(
        getattr(owner, what) >= _owner_pays(action, what, amount)
        and sum(getattr(holding[m], what) for m in _payers(action, list(holding), what)) >= amount
        for what, amount in cost)


def _payable(campaign: Campaign, state: GameState, team: TeamAction) -> bool:
    """Explore and Travel can always start: members short of their share leave [TEAM-3]."""
    if team.action in ("explore", "travel"):
        return True
    members = [state.hero(member) for member in team.members]
    if team.action == "activate_menhir" and not menhirs.requirements_met(campaign, state, members):
        return False
    return _covered(team.action, members, _cost(campaign, state, team))


def _short(state: GameState, team: TeamAction) -> list[str]:
    """Members who cannot pay their own share of 1 Energy, before anything is paid [TEAM-3];
    the other actions have no shares, only a cost split [ACT-LOC-3]."""
    if team.action not in ("explore", "travel") or team.paid:
        return []
    return [member for member in team.members if state.hero(member).energy < 1]


def _payments(campaign: Campaign, state: GameState, team: TeamAction) -> list[TeamStep]:
    found: list[TeamStep] = [Leave(hero=member) for member in _short(state, team)]
    for what, total in _cost(campaign, state, team):
        payers = _payers(team.action, team.members, what)
        holds = {member: getattr(state.hero(member), what) for member in payers}
        step = _next_part(what, total, payers, holds, team.paid)
        if step is not None:
            member, least, most = step
            if member == team.members[0]:
                least = max(least, _owner_pays(team.action, what, total))
            found += [PayShare(hero=member, what=what, amount=amount)
                      for amount in range(least, most + 1)]
            break
    return found


def _paid(campaign: Campaign, state: GameState, team: TeamAction) -> bool:
    return all(sum(p.amount for p in team.paid if p.what == what) >= total
               for what, total in _cost(campaign, state, team))


def _settle(campaign: Campaign, state: GameState) -> list[Event]:
    """Take the steps that are no choice; start the action (or take the option) once it is
    paid."""
    events: list[Event] = []
    while state.team is not None:
        team = state.team
        if _paid(campaign, state, team):
            return events + _start(campaign, state, team)
        steps = _payments(campaign, state, team)
        if len(steps) != 1:
            return events
        step = steps[0]
        if isinstance(step, Leave):
            events.append(_leave(team, step.hero))
        elif isinstance(step, PayShare):
            team.paid.append(Portion(hero=step.hero, what=step.what, amount=step.amount))
    return events


def _start(campaign: Campaign, state: GameState, team: TeamAction) -> list[Event]:
    """Pay what each member pledged, then the action starts: it counts as the action of
    every member [DAY-7]. A journal option, paid, is taken."""
    state.team = None
    events: list[Event] = []
    for member in team.members:
        hero = state.hero(member)
        mine = {p.what: p.amount for p in team.paid if p.hero == member and p.amount > 0}
        if not mine:
            continue
        if team.action in ("explore", "travel"):
            hero.energy -= mine["energy"]
            events.append(EnergySpent(hero=member, amount=mine["energy"]))
        else:
            events += pay(campaign, state, hero, Amounts.worked_out(**mine))
    if team.action == "travel":
        assert team.to is not None
        return events + day.travel(campaign, state, team.members, team.to)
    if team.action == "explore":
        return events + day.explore(campaign, state, team.members)
    if team.action == "character_action":
        return events + day.character_action(state, team.members)
    if team.action == "activate_menhir":
        return events + menhirs.activate(campaign, state, team.members)
    if team.action == "option":
        assert team.option is not None
        take_option(state, team.option)
        return events
    return events + day.location_action(campaign, state, team.members)


def _next_part(what: str, total: int, members: list[str], caps: dict[str, int],
               done: list[Portion]) -> tuple[str, int, int] | None:
    """The next member to decide their part of ``what``, with the least and most they may
    take so that later members can still make up the rest; None when it is all decided."""
    decided = [p for p in done if p.what == what]
    left = total - sum(p.amount for p in decided)
    undecided = [m for m in members if m not in {p.hero for p in decided}]
    if left <= 0 or not undecided:
        return None
    member, later = undecided[0], undecided[1:]
    most = min(left, caps[member])
    return member, max(0, left - sum(caps[m] for m in later)), most


# --- sharing what the journal gives and takes ------------------------------------------


def who_of(campaign: Campaign, frame: Frame, effect: Any) -> str:
    """Whom an effect touches in a team: its own ``who``, else the entry's ``team`` (Loot is
    shared), else the campaign's ``team_gains`` / ``team_losses`` [ACT-EXPLORE-2]. A Secret
    exists once, so 'each' means 'share' for it [SECRET-1]."""
    if effect.who is not None:
        return str(effect.who)
    if frame.source == "loot":
        return "share"  # the Loot is shared among the members [COMBAT-16]
    entry = campaign.entry[frame.key].team if frame.source == "entry" else None
    rules = campaign.manifest.rules
    who = entry or (rules.team_gains if isinstance(effect, GAINS) else rules.team_losses)
    return "share" if who == "each" and isinstance(effect, fx.GainSecret) else who


def shared(campaign: Campaign, frame: Frame, effect: Any) -> bool:
    """An effect the members split among themselves, with more than one member."""
    return isinstance(effect, SPLITTABLE) and len(frame.heroes) > 1 and \
        who_of(campaign, frame, effect) == "share"


def share_options(campaign: Campaign, state: GameState, frame: Frame, effect: Any) -> list[Share]:
    """The next member's possible parts of a shared effect: amounts of a resource (a loss at
    most what the member holds), or who takes a card; empty once all is decided."""
    if not shared(campaign, frame, effect):
        return []
    for what, total, loss in _parts(campaign, state, frame, effect):
        if what in CARDS:
            if not any(p.what == what for p in frame.portions):
                return [Share(hero=hero, what=what, amount=1, loss=loss)
                        for hero in _takers(campaign, state, frame.heroes, effect)]
            continue
        caps = {member: _most(campaign, state, state.hero(member), what, total, loss)
                for member in frame.heroes}
        step = _next_part(what, total, frame.heroes, caps, frame.portions)
        if step is not None:
            member, least, most = step
            return [Share(hero=member, what=what, amount=amount, loss=loss)
                    for amount in range(min(least, most), most + 1)]
    return []


def _most(campaign: Campaign, state: GameState, hero: HeroState, what: str, total: int,
          loss: bool) -> int:
    """The most of a shared gain or loss a member may take: a loss what they hold, a gain
    what they may still hold [MODE-CHALLENGE-9]; what nobody can hold is lost."""
    if loss:
        return int(getattr(hero, what))
    left = room(campaign, state, hero, what)
    return total if left is None else min(total, left)


def split_settled(campaign: Campaign, state: GameState, frame: Frame, effect: Any) -> bool:
    """Record the parts that are no choice; True once the split (if any) is all decided."""
    while True:
        options = share_options(campaign, state, frame, effect)
        if not options:
            return True
        if len(options) > 1:
            return False
        _take(frame, options[0])


def take_share(campaign: Campaign, state: GameState, share: Share) -> list[Event]:
    """A member takes its part of what the reading shares [ACT-EXPLORE-2]."""
    _take(state.frames[-1], share)
    return []


def _take(frame: Frame, share: Share) -> None:
    frame.portions.append(Portion(hero=share.hero, what=share.what, amount=share.amount))


def apply_effect(campaign: Campaign, state: GameState, frame: Frame, effect: Any) -> list[Event]:
    """Resolve an effect for the frame's character or team: every member, the active one,
    or each member's decided part [ACT-EXPLORE-2]."""
    heroes = [state.hero(hero_id) for hero_id in frame.heroes]
    if not isinstance(effect, SPLITTABLE):
        return world.apply_effect(campaign, state, effect, heroes)
    who = who_of(campaign, frame, effect)
    if not shared(campaign, frame, effect):
        return world.apply_effect(campaign, state, effect.but(who=who), heroes)
    portions, frame.portions = frame.portions, []
    events: list[Event] = []
    for hero in heroes:
        mine = [p for p in portions if p.hero == hero.id and p.amount > 0]
        if mine:
            events += world.apply_effect(campaign, state, _part_of(effect, mine), [hero])
    return events


def _parts(campaign: Campaign, state: GameState, frame: Frame,
           effect: Any) -> list[tuple[str, int, bool]]:
    """What is split: (resource or card, total, whether a loss). Amounts are worked out for
    the active character."""
    active = state.hero(frame.heroes[0])
    if isinstance(effect, fx.Gain | fx.Lose):
        amounts = effect.gain if isinstance(effect, fx.Gain) else effect.lose
        return [(name, amount_of(campaign, value, state, active), isinstance(effect, fx.Lose))
                for name, value in amounts.items()]
    if isinstance(effect, fx.Damage):
        return [("health", amount_of(campaign, effect.damage, state, active), True)]
    if isinstance(effect, fx.SetMeters):
        return [("meters", 1, False)]
    if isinstance(effect, fx.GainSecret):
        return [("secret", 1, False)]
    return [("item", 1, isinstance(effect, fx.LoseItem))]


def _takers(campaign: Campaign, state: GameState, members: list[str], effect: Any) -> list[str]:
    """Who may take a card: anyone who can hold one more Item [MODE-CHALLENGE-10], anyone
    holding an Item that is lost, anyone while the Secret is still free [SECRET-1]."""
    heroes = [state.hero(member) for member in members]
    if isinstance(effect, fx.GainItem):
        fit = [hero.id for hero in heroes if world.may_take_item(campaign, state, hero)]
    elif isinstance(effect, fx.LoseItem):
        loss = effect.lose_item
        fit = [hero.id for hero in heroes if any(
            loss.number in (None, n) and loss.keyword in (None, campaign.item[n].keyword)
            for n in hero.items)]
    elif isinstance(effect, fx.GainSecret):
        held = any(effect.gain_secret in hero.secrets for hero in state.heroes)
        fit = [] if held else members
    else:
        fit = members
    return fit or members[:1]


def _part_of(effect: Any, mine: list[Portion]) -> Any:
    """The effect as it touches one member: their amounts, or the whole card."""
    amounts = {p.what: p.amount for p in mine}
    if isinstance(effect, fx.Gain):
        return fx.Gain.model_construct(gain=Amounts.worked_out(**amounts), who="active")
    if isinstance(effect, fx.Lose):
        return fx.Lose.model_construct(lose=Amounts.worked_out(**amounts), who="active")
    if isinstance(effect, fx.Damage):
        return fx.Damage.model_construct(damage=amounts["health"], who="active")
    return effect.but(who="active")
