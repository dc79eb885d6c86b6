"""Players joining and leaving between sessions [PLAYERS-1], [PLAYERS-2].

A session begins at a Day's start: once the Start of Day is over and before any character
acts, characters may join (1-4 players, the campaign's range) or leave. A leaving
character's Secrets, every one of them, go to those who remain, as its player chooses
(``state.hand_over``, as for the dead); Secrets never leave a campaign [PLAYERS-1]. Its
Items, resources and cards leave with it. A character joining starts afresh, with its
starting resources and decks, on a Location holding a veteran character [PLAYERS-2].
"""

from __future__ import annotations

from grail.content import Campaign

from .actions import JoinGame, LeaveGame
from .death import unused_heroes
from .events import Event, PlayerJoined, PlayerLeft
from .setup import players_changed, seat
from .state import GameState


def session_start(state: GameState) -> bool:
    """A Day has begun and nobody has acted yet, with nothing else waiting [PLAYERS-1]."""
    return (state.stage == "day" and not state.acted_today and not state.frames
            and state.encounter is None and not state.facing and not state.hand_over
            and state.replacing is None and not state.face_up_queue)


def changes(campaign: Campaign, state: GameState) -> list[JoinGame | LeaveGame]:
    """Who may join, and where, and who may leave, within the player range [PLAYERS-1]."""
    if not session_start(state):
        return []
    fewest, most = campaign.manifest.players
    found: list[JoinGame | LeaveGame] = []
    if len(state.heroes) < most:
        veterans = sorted({hero.location for hero in state.heroes})
        found += [JoinGame(hero=hero_id, at=where) for hero_id in unused_heroes(campaign, state)
                  for where in veterans]
    if len(state.heroes) > fewest:
        found += [LeaveGame(hero=hero.id) for hero in state.heroes]
    return found


def join(campaign: Campaign, state: GameState, action: JoinGame) -> list[Event]:
    """A new character, as set up, beside a veteran [PLAYERS-2]."""
    hero_id, at = action.hero, action.at
    seat(campaign, state, hero_id, at)
    return [PlayerJoined(hero=hero_id, at=at, replacing=False)]


def leave(campaign: Campaign, state: GameState, action: LeaveGame) -> list[Event]:
    """The character leaves; its Secrets wait to be handed over [PLAYERS-1]."""
    hero = state.hero(action.hero)
    state.heroes.remove(hero)
    state.hand_over = list(hero.secrets)
    players_changed(campaign, state)  # a solo Story game's plain marker [MODE-STORY-2]
    return [PlayerLeft(hero=hero.id)]

