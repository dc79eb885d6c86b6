"""The game in a few plain lines, readable by a screen reader: the Day, the Menhirs, each
character with its meters, resources and states, the Game Sheet, what the game waits on, the
reading and the fight under way."""

from __future__ import annotations

from grail.engine import chance
from grail.engine.game import Game
from grail.engine.pending import Pending
from grail.engine.state import GameState, HeroState
from grail.engine.survival import panics
from grail.engine.teams import kept_out
from grail.lang import N_, Messages, _, ngettext

from .actions import tell
from .decisions import ending, pending_words
from .dying import dying_refusal, dying_text
from .encounter import encounter_lines
from .events import entry_words
from .names import (
    challenge_rule_words,
    chance_point,
    full_name,
    hero_name,
    menhir_left,
    place_name,
    quest_name,
    status_name,
    task_name,
    team_action_noun,
)
from .table import face_up_event


def stage_words(stage: str) -> str:
    """Where in the Day order the game stands [DAY-1], in words."""
    return {"start_of_day": _("the Day begins"), "dials": _("the Day begins"),
            "event": _("the Day begins"), "guardians": _("the Day begins"),
            "face_up": _("the Day begins"), "day": _("the Day's actions"),
            "end_of_day": _("the End of Day"), "mercy": _("the game is lost: Mother's Mercy?"),
            "over": _("the campaign is over")}[stage]


STAGE_TITLES = Messages({
    "start_of_day": N_("Start of Day"), "dials": N_("Start of Day"),
    "event": N_("Start of Day"), "guardians": N_("Start of Day"), "face_up": N_("Start of Day"),
    "day": N_("During the Day"), "end_of_day": N_("End of Day"),
    "mercy": N_("Mother's Mercy?"), "over": N_("the campaign is over")})
"""Where the Day stands as a title, as the window's day panel heads itself."""


def resolving_words(source: str) -> str:
    """What a frame that is not a journal entry resolves, in words."""
    return {"immediate": _("what the Location does at once"),
            "location_action": _("the Location action"),
            "character_action": _("the character action"), "menhir": _("the Menhir"),
            "event": _("the Event"), "quest": _("the quest"), "dying": _("You Are Dying"),
            "dying_solo": _("You Are Dying"), "going_mad": _("You Are Going Mad"),
            "encounter_text": _("the Encounter's text"),
            "chapter_setup": _("the chapter's setup"), "card_use": _("a card used"),
            "secret_dial": _("a Secret's dial"), "secret": _("a Secret"),
            "challenge_secret": _("a Challenge Secret"), "ability": _("a card's Ability"),
            "attack": _("the enemy attack"), "opportunity": _("the Opportunity attack"),
            "response": _("the Response"), "reward": _("the Reward"), "loot": _("the Loot"),
            "failure": _("the Failure")}.get(source, source.replace("_", " "))


def _deciders(game: Game, pending: Pending) -> str:
    """Who decides, in words: the characters by name; Mother's Mercy, the players of the
    whole party, the dead's among them [MERCY-1]."""
    if pending.kind == "mercy":
        return _("the player") if len(pending.heroes) == 1 else _("the players")
    return ", ".join(hero_name(game.campaign, hero) for hero in pending.heroes)


def _hero_line(game: Game, hero: HeroState) -> str:
    campaign, state = game.campaign, game.state
    line = _("{hero} at {place}: Energy {energy}, Health {health}, Terror {terror}; Food "
             "{food}, Wealth {wealth}, Rep {rep}, Magic {magic}, Exp {exp}").format(
        hero=full_name(campaign, hero.id), place=place_name(campaign, hero.location),
        energy=hero.energy, health=hero.health, terror=hero.terror, food=hero.food,
        wealth=hero.wealth, rep=hero.rep, magic=hero.magic, exp=hero.exp)
    if hero.passed:
        line += _(" (passed)")
    if panics(campaign, hero):
        line += _(" (Panic: Terror above the Health bar)")
    if hero.going_mad:
        line += _(" (going mad: Nightmares instead of Dreams)")
    if hero.dying:
        line += _(" ({dying})").format(dying=dying_text(campaign, state))
    return line


def _marks(game: Game) -> list[str]:
    campaign = game.campaign
    return [status_name(campaign, m.id) if not m.parts else ngettext(
        "{status} (part {parts})", "{status} (parts {parts})", len(m.parts)).format(
        status=status_name(campaign, m.id), parts=", ".join(map(str, m.parts)))
        for m in game.state.statuses if m.whole or m.parts]


def _team_lines(game: Game) -> list[str]:
    campaign, team = game.campaign, game.state.team
    if team is None:
        return []
    what = team_action_noun(team.action) if team.option is None \
        else _("journal option {number}").format(number=team.option + 1)
    if team.to is not None:
        what = _("{action} to {place}").format(action=what, place=place_name(campaign, team.to))
    members = ", ".join(hero_name(campaign, member) for member in team.members)
    line = (_("Team paying: {action}, {members}") if team.paying
            else _("Team forming: {action}, {members}")).format(action=what, members=members)
    return [line, *(_("May not join: {why}").format(
        why=dying_refusal(campaign, join.hero, limit, team.action))
        for join, limit in kept_out(campaign, game.state))]  # [DEATH-1]


def summary(game: Game) -> str:
    """A plain-text picture of the game, readable by a screen reader."""
    state, campaign = game.state, game.campaign
    where = stage_words(state.stage)
    lines = [(_("Day {day} of chapter {chapter}: {stage}") if state.mode == "normal" else
              _("Day {day} of chapter {chapter}: {stage}, {mode}")).format(
        day=state.day, chapter=state.chapter, stage=where, mode=mode_words(state))]
    menhirs = ", ".join(_("{place} ({left})").format(place=place_name(campaign, m.location),
                                                   left=menhir_left(m.dial))
                        for m in state.menhirs) or _("none")
    lines.append(_("Menhirs: {menhirs}").format(menhirs=menhirs))
    event = face_up_event(game)
    if event is not None:
        lines.append(_("Event of the Day: {event}").format(event=event.title))
    lines += [_hero_line(game, hero) for hero in state.heroes]
    if state.quests:
        lines.append(_("Quests: {quests}").format(
            quests=", ".join(quest_name(campaign, quest) for quest in state.quests)))
    marks = _marks(game)
    if marks:
        lines.append(_("Game Sheet: {marks}").format(marks=", ".join(marks)))
    lines += [_("Task: {task}").format(task=task_name(campaign, task.id, task.text)) for task in state.tasks]
    pending = game.pending()
    over = ending(game)
    if over is not None:
        lines.append(over)
    if state.chance is None and pending.heroes:
        lines.append(_("Waiting for {who}: {what}").format(who=_deciders(game, pending),
                                                          what=pending_words(game)))
    if state.chance is not None:
        stopped, _given = chance.stopped(state.chance)
        doing = _("the setup") if stopped is None else tell(campaign, state, stopped)
        lines.append(_("Waiting for the table: {point} (during {doing})").format(
            point=chance_point(campaign, state.chance.point.point), doing=doing))
    lines += _team_lines(game)
    if state.frames:
        frame = state.frames[-1]
        lines.append(_("Reading {entry}").format(entry=entry_words(campaign, frame.key))
                     if frame.source == "entry"
                     else _("Resolving {what}").format(what=resolving_words(frame.source)))
    return "\n".join(lines + encounter_lines(game))


def mode_words(state: GameState) -> str:
    """The mode in words, with the Challenge rules adopted when not all of them:
    "normal mode", "challenge mode (at most 5 Items per character)"."""
    if state.mode == "challenge" and state.challenge_rules is not None:
        adopted = "; ".join(challenge_rule_words(rule) for rule in state.challenge_rules)
        return _("challenge mode ({rules})").format(rules=adopted or _("none of its rules"))
    return {"story": _("story mode"), "normal": _("normal mode"),
            "challenge": _("challenge mode")}[state.mode]
