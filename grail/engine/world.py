"""Effects on characters and the world outside Encounters: resources, the Game Sheet,
Secrets and Items, tasks, quests, tokens, dials, Menhirs and changed Locations.

In a team, gains are shared and losses hit each member unless the effect or the campaign
says otherwise [ACT-EXPLORE-2]; ``teams`` settles whom an effect touches and hands each
member their part of a shared one, so here 'share' touches the active character only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grail.content import Campaign
from grail.content import effects as fx
from grail.content.amounts import Amounts

from . import chance, dials, dying, items, menhirs
from .amounts import amount_of
from .day import enter
from .death import die, lose
from .events import (
    CampaignEnded,
    CardGained,
    DialGone,
    DialTurned,
    Event,
    HeroMoved,
    ItemCapReached,
    LocationReplaced,
    MoveAsked,
    QuestChanged,
    ResourcesChanged,
    SkillOffered,
    StatusMarked,
    TaskLogged,
    TokenMoved,
)
from .events_deck import add_event, end_chapter, put_random_events
from .frames import push
from .map import card_for_key, connected, place, reveal_around
from .modes import challenge, resource_cap
from .state import (
    DestinationAsked,
    Facing,
    Frame,
    GameState,
    Guardian,
    HeroState,
    ItemOffered,
    Menhir,
    SkillAsked,
    StatusMarks,
    Task,
)
from .survival import settle
from .upgrades import free_skills

GAINS = (fx.Gain, fx.GainItem)


def _who(campaign: Campaign, effect: Any, heroes: list[HeroState]) -> list[HeroState]:
    rules = campaign.manifest.rules
    who = getattr(effect, "who", None) or (
        rules.team_gains if isinstance(effect, GAINS) else rules.team_losses)
    return heroes if who == "each" else heroes[:1]


def _change(campaign: Campaign, state: GameState, hero: HeroState, amounts: Amounts,
            sign: int, setting: bool = False) -> ResourcesChanged:
    before: dict[str, int] = {}
    wounded = False
    for name, value in amounts.items():
        amount = amount_of(campaign, value, state, hero)
        before[name] = getattr(hero, name)
        after = amount if setting else max(0, before[name] + sign * amount)
        cap = resource_cap(campaign, state, name)
        if cap is not None:
            after = min(after, cap)  # what is beyond the cap is lost [MODE-CHALLENGE-9]
        setattr(hero, name, after)
        wounded = wounded or (name == "health" and (after < before[name] or sign * amount < 0))
    settle(campaign, hero)  # the meters' printed ranges [SURV-7]: the change is what is left
    changes = {name: getattr(hero, name) - was for name, was in before.items()}
    if wounded:  # even at 0 Health: a dying character who loses Health may die [DEATH-1]
        dying.hurt(campaign, state, hero)
    return ResourcesChanged(hero=hero.id, changes=changes)


def apply_effect(campaign: Campaign, state: GameState, effect: Any,
                 heroes: list[HeroState]) -> list[Event]:
    """Resolve one effect for the acting ``heroes`` (the active one first): its handler in
    :data:`EFFECTS`."""
    return EFFECTS[type(effect)](campaign, state, effect, heroes)


Handler = Callable[[Campaign, GameState, Any, list[HeroState]], list[Event]]


def _resources(field: str, sign: int, setting: bool = False) -> Handler:
    """Gain, lose or set the amounts an effect names, for whom it touches."""
    def handler(campaign: Campaign, state: GameState, effect: Any,
                heroes: list[HeroState]) -> list[Event]:
        return [_change(campaign, state, hero, getattr(effect, field), sign, setting)
                for hero in _who(campaign, effect, heroes)]
    return handler


def _damage(campaign: Campaign, state: GameState, effect: fx.Damage,
            heroes: list[HeroState]) -> list[Event]:
    amount = amount_of(campaign, effect.damage, state, heroes[0])
    return [_change(campaign, state, hero, Amounts.worked_out(health=amount), -1)
            for hero in _who(campaign, effect, heroes)]


def _add_task(campaign: Campaign, state: GameState, effect: fx.AddTask,
              heroes: list[HeroState]) -> list[Event]:
    task = effect.add_task
    logged = Task(id=task.id, location=task.location)
    if logged in state.tasks:
        return []  # a task is logged once, however often what logs it is read [TASK-1]
    state.tasks = [kept for kept in state.tasks if kept.id != task.id] + [logged]
    return [TaskLogged(task=task.id, open=True)]


def _complete_task(campaign: Campaign, state: GameState, effect: fx.CompleteTask,
                   heroes: list[HeroState]) -> list[Event]:
    state.tasks = [task for task in state.tasks if task.id != effect.complete_task]
    return [TaskLogged(task=effect.complete_task, open=False)]


def _start_quest(campaign: Campaign, state: GameState, effect: fx.StartQuest,
                 heroes: list[HeroState]) -> list[Event]:
    if effect.start_quest not in state.quests:
        state.quests.append(effect.start_quest)
    return [QuestChanged(quest=effect.start_quest, change="started")]


def _complete_quest(campaign: Campaign, state: GameState, effect: fx.CompleteQuest,
                    heroes: list[HeroState]) -> list[Event]:
    """Follow its Success section [EVENT-3]."""
    state.quests = [q for q in state.quests if q != effect.complete_quest]
    push(state, "quest", effect.complete_quest, [hero.id for hero in heroes])
    return [QuestChanged(quest=effect.complete_quest, change="completed")]


def _remove_quest(campaign: Campaign, state: GameState, effect: fx.RemoveQuest,
                  heroes: list[HeroState]) -> list[Event]:
    state.quests = [q for q in state.quests if q != effect.remove_quest]
    return [QuestChanged(quest=effect.remove_quest, change="removed")]


def _end_campaign(campaign: Campaign, state: GameState, effect: fx.EndCampaign,
                  heroes: list[HeroState]) -> list[Event]:
    if effect.end_campaign == "lost":
        return lose(campaign, state)  # Mother's Mercy may still be asked [MERCY-1]
    state.outcome, state.stage = "won", "over"
    state.frames.clear()
    return [CampaignEnded(outcome="won", how="story")]


def _token(campaign: Campaign, state: GameState, effect: fx.PlaceToken | fx.RemoveToken,
           heroes: list[HeroState]) -> list[Event]:
    placed = isinstance(effect, fx.PlaceToken)
    token = effect.place_token if isinstance(effect, fx.PlaceToken) else effect.remove_token
    where = token.location or heroes[0].location
    pile = state.time_tokens if token.token == "time" else state.quest_tokens
    if placed:
        pile.append(where)
    elif where in pile:
        pile.remove(where)
    return [TokenMoved(token=token.token, location=where, placed=placed)]


def _turn_dial(campaign: Campaign, state: GameState, effect: fx.TurnDial,
               heroes: list[HeroState]) -> list[Event]:
    turned = effect.turn_dial
    events: list[Event] = []
    for dial in state.dials:
        if dial.id == turned.id:
            dial.value += turned.by
            events.append(DialTurned(dial=dial.id, by=turned.by, value=dial.value))
    return events


def _remove_dial(campaign: Campaign, state: GameState, effect: fx.RemoveDial,
                 heroes: list[HeroState]) -> list[Event]:
    gone = [dial for dial in state.dials if dial.id == effect.remove_dial]
    state.dials = [dial for dial in state.dials if dial.id != effect.remove_dial]
    return [DialGone(dial=dial.id, ran_out=False) for dial in gone]


def _place_menhir(campaign: Campaign, state: GameState, effect: fx.PlaceMenhir,
                  heroes: list[HeroState]) -> list[Event]:
    days = amount_of(campaign, effect.place_menhir.dial, state, heroes[0])
    return menhirs.light(campaign, state, effect.place_menhir.location or heroes[0].location,
                         days)


def _passive(campaign: Campaign, state: GameState, effect: fx.RaiseAttributes,
             heroes: list[HeroState]) -> list[Event]:
    """A passive use's Attribute bonus is counted where Attributes are (``items.bonus``),
    never resolved: validation keeps it out of every list that is resolved."""
    raise AssertionError("an Attribute bonus belongs to a passive use and is never resolved")


EFFECTS: dict[type, Handler] = {
    fx.Gain: _resources("gain", +1),
    fx.Lose: _resources("lose", -1),
    fx.SetMeters: _resources("set", 0, setting=True),
    fx.Damage: _damage,
    fx.Mark: lambda campaign, state, effect, heroes: _mark(state, effect),
    fx.Unmark: lambda campaign, state, effect, heroes: _mark(state, effect),
    fx.GainSecret: lambda campaign, state, effect, heroes: _gain_secret(
        campaign, state, effect.gain_secret, heroes[0]),
    fx.LoseSecret: lambda campaign, state, effect, heroes: _lose(
        campaign, state, "secret", effect.lose_secret),
    fx.GainItem: lambda campaign, state, effect, heroes: _gain_item(
        campaign, state, effect.gain_item, _who(campaign, effect, heroes)),
    fx.LoseItem: lambda campaign, state, effect, heroes: _lose_items(
        campaign, state, effect.lose_item, _who(campaign, effect, heroes)),
    fx.GainSkill: lambda campaign, state, effect, heroes: _gain_skill(
        campaign, state, heroes[0], effect.gain_skill),
    fx.RaiseAttributes: _passive,
    fx.AddTask: _add_task,
    fx.CompleteTask: _complete_task,
    fx.StartQuest: _start_quest,
    fx.CompleteQuest: _complete_quest,
    fx.RemoveQuest: _remove_quest,
    fx.RandomEvents: lambda campaign, state, effect, heroes: put_random_events(
        campaign, state, amount_of(campaign, effect.random_events, state)),
    fx.AddEvent: lambda campaign, state, effect, heroes: add_event(
        state, effect.add_event.id, effect.add_event.where),
    fx.Move: lambda campaign, state, effect, heroes: _move(campaign, state, effect.move, heroes),
    fx.EndChapter: lambda campaign, state, effect, heroes: end_chapter(campaign, state),
    fx.Die: lambda campaign, state, effect, heroes: die(campaign, state, heroes[0]),
    fx.EndCampaign: _end_campaign,
    fx.PlaceToken: _token,
    fx.RemoveToken: _token,
    fx.TurnDial: _turn_dial,
    fx.RemoveDial: _remove_dial,
    fx.PlaceMenhir: _place_menhir,
    fx.ReplaceLocation: lambda campaign, state, effect, heroes: _replace(
        campaign, state, effect.replace_location),
}
"""What each effect on the characters and the world does, by its type. The reading's own
effects (a choice, a condition, a goto...) are the journal's (``journal.FLOW``), and those
on an Encounter's board the board's (``encounters.effects.ON_THE_BOARD``): together they
cover every effect of the content language (tests/test_engine_effects.py)."""


def _mark(state: GameState, effect: fx.Mark | fx.Unmark) -> list[Event]:
    """Mark or erase a Status or one of its parts [STATUS-1]; told only if it changed (a
    Guardian's Reward and the won effects of the fight may both mark what it ended)."""
    target = effect.mark if isinstance(effect, fx.Mark) else effect.unmark
    marked = isinstance(effect, fx.Mark)
    marks = next((m for m in state.statuses if m.id == target.status), None)
    if marks is None:
        marks = StatusMarks(id=target.status)
        state.statuses.append(marks)
    before = (marks.whole, list(marks.parts))
    if target.part is None:
        marks.whole = marked
        if not marked:
            marks.parts = []
    elif marked and target.part not in marks.parts:
        marks.parts = sorted([*marks.parts, target.part])
    elif not marked and target.part in marks.parts:
        marks.parts.remove(target.part)
    if (marks.whole, marks.parts) == before:
        return []
    return [StatusMarked(status=target.status, part=target.part, marked=marked)]


def _holder(state: GameState, kind: str, number: int) -> HeroState | None:
    return next((h for h in state.heroes if number in (h.secrets if kind == "secret" else h.items)),
                None)


def _gain_secret(campaign: Campaign, state: GameState, number: int,
                 hero: HeroState) -> list[Event]:
    """Secrets are taken by number; each exists once [SECRET-1]."""
    if _holder(state, "secret", number) is not None:
        return []
    hero.secrets.append(number)
    items.took(campaign, state, hero, f"secret:{number}")
    events: list[Event] = [CardGained(hero=hero.id, kind="secret", number=number, gained=True)]
    secret = campaign.secret[number]
    if secret.effects:  # resolved at once, before the rest of what gave it
        push(state, "secret", number, [hero.id])
    if secret.dial is not None:
        placed = fx.DialPlace(**secret.dial.model_dump(by_alias=True))
        events += dials.place(campaign, state, placed, hero,
                              Frame(source="secret_dial", key=str(number), heroes=[hero.id]))
    return events


def _lose(campaign: Campaign, state: GameState, kind: str, number: int) -> list[Event]:
    holder = _holder(state, kind, number)
    if holder is None:
        return []
    (holder.secrets if kind == "secret" else holder.items).remove(number)
    items.dropped(campaign, state, holder, f"{kind}:{number}")
    return [CardGained(hero=holder.id, kind="secret" if kind == "secret" else "item",
                       number=number, gained=False)]


def _gain_item(campaign: Campaign, state: GameState, pick: Any,
               heroes: list[HeroState]) -> list[Event]:
    """A numbered Item, or one revealed from the Item deck that fits [ITEM-4]."""
    events: list[Event] = []
    for hero in heroes:
        held = _items_out(state)
        fitting = [item.number for item in campaign.items if item.number not in held
                   and pick.number in (None, item.number) and pick.keyword in (None, item.keyword)
                   and pick.craftable in (None, item.craftable)]
        if not fitting:
            continue
        number = fitting[0] if pick.number is not None else \
            int(chance.pick(state, chance.point("item_deck"), [str(n) for n in sorted(fitting)]))
        events += take_item(campaign, state, hero, number)
    return events


def _items_out(state: GameState) -> set[int]:
    """Items not in the Item deck: held, left by the dead [DEATH-4], or being offered."""
    out = {n for h in state.heroes for n in h.items}
    out |= {n for pile in state.left_items.values() for n in pile}
    return out | {asked.item for asked in state.asked if isinstance(asked, ItemOffered)}


def take_item(campaign: Campaign, state: GameState, hero: HeroState, number: int,
              location: int | None = None) -> list[Event]:
    """The character takes an Item (from the deck, or lying on ``location``); at the
    Challenge cap it is a decision instead [MODE-CHALLENGE-10]."""
    if not may_take_item(campaign, state, hero):
        state.asked.append(ItemOffered(hero=hero.id, item=number, location=location))
        return [ItemCapReached(hero=hero.id, item=number)]
    if location is not None:
        state.left_items[str(location)].remove(number)
        if not state.left_items[str(location)]:
            del state.left_items[str(location)]
    hero.items.append(number)
    items.took(campaign, state, hero, f"item:{number}")
    return [CardGained(hero=hero.id, kind="item", number=number, gained=True)]


def discard_card(campaign: Campaign, state: GameState, card: str) -> list[Event]:
    """An Item goes back to the Item deck, a Secret to its deck [DISC-1]."""
    kind, number = card.split(":")
    return _lose(campaign, state, kind, int(number))


def may_take_item(campaign: Campaign, state: GameState, hero: HeroState) -> bool:
    """In Challenge mode a character holds at most 5 Items; Secrets do not count
    [MODE-CHALLENGE-10], [SECRET-3]."""
    return not challenge(state, "item_cap") \
        or len(hero.items) < campaign.manifest.rules.challenge_item_cap


def _gain_skill(campaign: Campaign, state: GameState, hero: HeroState,
                attribute: str) -> list[Event]:
    """A Skill card for the Attribute: which card, and which side, is a decision [ATTR-4],
    [ATTR-5]; with none left, nothing is gained."""
    options = free_skills(campaign, state, attribute)
    if not options:
        return [SkillOffered(hero=hero.id, attribute=attribute, left=False)]
    state.asked.append(SkillAsked(hero=hero.id, attribute=attribute, options=options))
    return [SkillOffered(hero=hero.id, attribute=attribute, left=True)]


def _lose_items(campaign: Campaign, state: GameState, loss: Any,
                heroes: list[HeroState]) -> list[Event]:
    """Discard Items, never Secrets [SECRET-4]."""
    events: list[Event] = []
    for hero in heroes:
        fitting = [n for n in hero.items if loss.number in (None, n)
                   and loss.keyword in (None, campaign.item[n].keyword)]
        for number in fitting[: loss.count or len(fitting)]:
            events += _lose(campaign, state, "item", number)
    return events


def _move(campaign: Campaign, state: GameState, where: Any,
          heroes: list[HeroState]) -> list[Event]:
    """Special movement: not Travel, no Energy, still reveals [MAP-9]."""
    if where.location is not None:
        target = card_for_key(campaign, state, where.location)
    elif where.rule == "lowest_revealed":
        target = min(p.number for p in state.placed)
    elif where.rule == "highest_revealed":
        target = max(p.number for p in state.placed)
    else:
        return _ask_destination(campaign, state, where.rule, heroes)
    if target is None:
        return []
    return go(campaign, state, target, heroes)


def _ask_destination(campaign: Campaign, state: GameState, rule: str,
                     heroes: list[HeroState]) -> list[Event]:
    """Special movement to any connected or any revealed Location: the active character
    chooses where [MAP-9]."""
    here = heroes[0].location
    options = connected(campaign, state, here) if rule == "any_connected" else \
        sorted(p.number for p in state.placed if p.number != here)
    if not options:
        return [MoveAsked(hero=heroes[0].id, outcome="nowhere", to=None)]
    state.asked.append(DestinationAsked(hero=heroes[0].id, heroes=[h.id for h in heroes],
                                        options=options))
    return [MoveAsked(hero=heroes[0].id, outcome="choose", to=None)]


def go(campaign: Campaign, state: GameState, target: int, heroes: list[HeroState]) -> list[Event]:
    """Move the characters and enter the Location [MAP-6], [MAP-9]; one not on the map is
    placed at its own spot on the grid, unless another card holds it."""
    events: list[Event] = []
    if state.spot_of(target) is None:
        spot = campaign.grid[target]
        if state.at(*spot) is not None:
            return [MoveAsked(hero=heroes[0].id, outcome="closed", to=target)]
        place(state, target, spot)
    for hero in heroes:
        events.append(HeroMoved(hero=hero.id, origin=hero.location, to=target))
        hero.location = target
    return events + enter(campaign, state, target, [hero.id for hero in heroes])


def _replace(campaign: Campaign, state: GameState, number: int) -> list[Event]:
    """The changed version takes its original's spot and number's role [MAP-3]."""
    old = campaign.location[number].old_number
    if old is None:
        return []
    spot = state.spot_of(old)
    state.replaced.append(old)
    state.tasks = [task for task in state.tasks if task.location != old]  # [TASK-1]
    standing: list[Menhir | Guardian | Facing] = [*state.menhirs, *state.guardians, *state.facing]
    for thing in standing:  # what stood on the card stands on its new version [GUARD-1]
        if thing.location == old:
            thing.location = number
    for pile in (state.location_tokens, state.time_tokens, state.quest_tokens):
        pile[:] = [number if where == old else where for where in pile]
    if str(old) in state.left_items:  # the dead's Items lie on the new version [DEATH-4]
        state.left_items[str(number)] = state.left_items.pop(str(old))
    if spot is not None:
        state.placed = [p for p in state.placed if p.number != old]
        place(state, number, spot)
        for hero in state.heroes:
            if hero.location == old:
                hero.location = number
        reveal_around(campaign, state, number)
    return [LocationReplaced(old=old, new=number)]
