"""The game in a few plain lines, readable by a screen reader: the Day, the Menhirs, each
character with its meters, resources and states, the Game Sheet, what the game waits on, the
reading and the fight under way."""

from __future__ import annotations

import json

from grail.engine.actions import Action
from grail.engine.game import Game
from grail.engine.state import GameState
from grail.engine.survival import panics

from .encounter import encounter_lines
from .events import dying_text


def summary(game: Game) -> str:
    """A plain-text picture of the game, readable by a screen reader."""
    state = game.state
    lines = [f"Day {state.day}, {state.stage.replace('_', ' ')}, chapter {state.chapter}"
             + _mode(state)]
    menhirs = ", ".join(f"{m.location} ({m.dial if m.dial is not None else 'last day'})"
                        for m in state.menhirs) or "none"
    lines.append(f"Menhirs: {menhirs}")
    for hero in state.heroes:
        name = game.campaign.hero[hero.id].name
        place = game.campaign.location[hero.location].name
        lines.append(
            f"{name} at {hero.location} {place}: Energy {hero.energy}, Health {hero.health}, "
            f"Terror {hero.terror}; Food {hero.food}, Wealth {hero.wealth}, Rep {hero.rep}, "
            f"Magic {hero.magic}, Exp {hero.exp}" + (" (passed)" if hero.passed else "")
            + (" (Panic: Terror above the Health bar)" if panics(game.campaign, hero) else "")
            + (" (going mad: Nightmares instead of Dreams)" if hero.going_mad else "")
            + (f" ({dying_text(game.campaign, state)})" if hero.dying else ""))
    if state.quests:
        lines.append("Quests: " + ", ".join(state.quests))
    marks = [m.id + (f" {m.parts}" if m.parts else "") for m in state.statuses
             if m.whole or m.parts]
    if marks:
        lines.append("Game Sheet: " + ", ".join(marks))
    for task in state.tasks:
        lines.append(f"Task: {task.text}")
    pending = game.pending()
    if state.chance is None and pending.heroes:
        lines.append(f"Waiting for {', '.join(pending.heroes)}: {pending.text}")
    if state.chance is not None:
        doing = "the setup" if state.chance.action is None else \
            Action.from_json(json.dumps(state.chance.action)).describe()
        lines.append(f"Waiting for the table: {state.chance.point.point} (during {doing})")
    if state.team is not None:
        team = state.team
        where = f" to {team.to}" if team.to is not None else ""
        what = team.action.replace("_", " ") if team.option is None \
            else f"journal option {team.option + 1}"
        lines.append(f"Team {'paying' if team.paying else 'forming'}: "
                     f"{what}{where}, {', '.join(team.members)}")
    if state.frames:
        entry = state.frames[-1].key
        lines.append(f"Reading {entry}: {game.campaign.entry[entry].text}"
                     if state.frames[-1].source == "entry" else f"Resolving {entry}")
    return "\n".join(lines + encounter_lines(game))


def _mode(state: GameState) -> str:
    """The mode, if not normal, and the Challenge rules adopted if not all."""
    if state.mode == "normal":
        return ""
    if state.mode == "challenge" and state.challenge_rules is not None:
        return f", challenge mode ({', '.join(state.challenge_rules) or 'no rules'})"
    return f", {state.mode} mode"
