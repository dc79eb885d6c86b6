"""The game in a few plain lines, readable by a screen reader: the Day, the Menhirs, each
character with its meters, resources and states, the Game Sheet, what the game waits on, the
reading and the fight under way."""

from __future__ import annotations

from grail.engine import chance
from grail.engine.game import Game
from grail.engine.pending import Pending
from grail.engine.state import GameState
from grail.engine.survival import panics
from grail.engine.teams import kept_out
from grail.lang import _

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
    status_name,
)
from .table import face_up_event

STAGES = {"start_of_day": "the Day begins", "dials": "the Day begins", "event": "the Day begins",
          "guardians": "the Day begins", "face_up": "the Day begins",
          "day": "the Day's actions", "end_of_day": "the End of Day",
          "mercy": "the game is lost: Mother's Mercy?", "over": "the campaign is over"}
"""Where in the Day order the game stands [DAY-1], in words."""

STAGE_TITLES = {"start_of_day": "Start of Day", "dials": "Start of Day", "event": "Start of Day",
                "guardians": "Start of Day", "face_up": "Start of Day", "day": "During the Day",
                "end_of_day": "End of Day", "mercy": "Mother's Mercy?",
                "over": "the campaign is over"}
"""The same as a title, as the window's day panel heads itself."""


RESOLVING = {"immediate": "what the Location does at once",
             "location_action": "the Location action", "character_action":
             "the character action", "menhir": "the Menhir", "event": "the Event",
             "quest": "the quest", "dying": "You Are Dying", "dying_solo": "You Are Dying",
             "going_mad": "You Are Going Mad", "encounter_text": "the Encounter's text",
             "chapter_setup": "the chapter's setup", "card_use": "a card used",
             "secret_dial": "a Secret's dial", "secret": "a Secret",
             "challenge_secret": "a Challenge Secret", "ability": "a card's Ability",
             "attack": "the enemy attack", "opportunity": "the Opportunity attack",
             "response": "the Response", "reward": "the Reward", "loot": "the Loot",
             "failure": "the Failure"}
"""What a frame that is not a journal entry resolves, in words."""


def _deciders(game: Game, pending: Pending) -> str:
    """Who decides, in words: the characters by name; Mother's Mercy, the players of the
    whole party, the dead's among them [MERCY-1]."""
    if pending.kind == "mercy":
        return "the player" if len(pending.heroes) == 1 else "the players"
    return ", ".join(hero_name(game.campaign, hero) for hero in pending.heroes)


def summary(game: Game) -> str:
    """A plain-text picture of the game, readable by a screen reader."""
    state, campaign = game.state, game.campaign
    lines = [f"Day {state.day} of chapter {state.chapter}: {STAGES[state.stage]}"
             + ("" if state.mode == "normal" else f", {mode_words(state)}")]
    menhirs = ", ".join(f"{place_name(campaign, m.location)} ({menhir_left(m.dial)})"
                        for m in state.menhirs) or "none"
    lines.append(f"Menhirs: {menhirs}")
    event = face_up_event(game)
    if event is not None:
        lines.append(f"Event of the Day: {event.title}")
    for hero in state.heroes:
        lines.append(
            f"{full_name(campaign, hero.id)} at {place_name(campaign, hero.location)}: "
            f"Energy {hero.energy}, Health {hero.health}, "
            f"Terror {hero.terror}; Food {hero.food}, Wealth {hero.wealth}, Rep {hero.rep}, "
            f"Magic {hero.magic}, Exp {hero.exp}" + (" (passed)" if hero.passed else "")
            + (" (Panic: Terror above the Health bar)" if panics(campaign, hero) else "")
            + (" (going mad: Nightmares instead of Dreams)" if hero.going_mad else "")
            + (f" ({dying_text(campaign, state)})" if hero.dying else ""))
    if state.quests:
        lines.append("Quests: " + ", ".join(campaign.quest[quest].name if quest in campaign.quest
                                            else quest for quest in state.quests))
    marks = [status_name(campaign, m.id) + (f" (part{'s' * (len(m.parts) > 1)} "
                                             f"{', '.join(map(str, m.parts))})" if m.parts else "")
             for m in state.statuses if m.whole or m.parts]
    if marks:
        lines.append("Game Sheet: " + ", ".join(marks))
    for task in state.tasks:
        lines.append(f"Task: {task.text}")
    pending = game.pending()
    over = ending(game)
    if over is not None:
        lines.append(over)
    if state.chance is None and pending.heroes:
        lines.append(f"Waiting for {_deciders(game, pending)}: {pending_words(game)}")
    if state.chance is not None:
        stopped, _given = chance.stopped(state.chance)
        doing = _("the setup") if stopped is None else tell(campaign, state, stopped)
        lines.append(f"Waiting for the table: {chance_point(campaign, state.chance.point.point)} "
                     f"(during {doing})")
    if state.team is not None:
        team = state.team
        where = f" to {place_name(campaign, team.to)}" if team.to is not None else ""
        what = team.action.replace("_", " ") if team.option is None \
            else f"journal option {team.option + 1}"
        members = ", ".join(hero_name(campaign, member) for member in team.members)
        lines.append(f"Team {'paying' if team.paying else 'forming'}: "
                     f"{what}{where}, {members}")
        lines += [f"May not join: {dying_refusal(campaign, join.hero, limit, team.action)}"
                  for join, limit in kept_out(campaign, state)]  # [DEATH-1]
    if state.frames:
        entry = state.frames[-1].key
        source = state.frames[-1].source
        lines.append(f"Reading {entry_words(campaign, entry)}"
                     if source == "entry"
                     else f"Resolving {RESOLVING.get(source, source.replace('_', ' '))}")
    return "\n".join(lines + encounter_lines(game))


def mode_words(state: GameState) -> str:
    """The mode in words, with the Challenge rules adopted when not all of them:
    "normal mode", "challenge mode (at most 5 Items per character)"."""
    if state.mode == "challenge" and state.challenge_rules is not None:
        adopted = "; ".join(challenge_rule_words(rule)
                            for rule in state.challenge_rules)
        return f"challenge mode ({adopted or 'none of its rules'})"
    return f"{state.mode} mode"
