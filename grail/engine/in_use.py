"""Which card of a keyword is in use, when a character holds several: chosen on gaining or
losing one of its keyword, or at the Start of Day [ITEM-1], [ITEM-2], [SECRET-5].

``state.face_up_queue`` lists the choices to make ("hero:keyword"), oldest first.
"""

from __future__ import annotations

from typing import Any

from grail.content import Campaign

from .actions import FaceUp
from .events import Event
from .items import keyword_of, with_keyword
from .pending import Pending
from .refusals import Refusal
from .state import GameState


def _waiting(state: GameState) -> tuple[str, str]:
    hero, keyword = state.face_up_queue[0].split(":")
    return hero, keyword


def legal(campaign: Campaign, state: GameState) -> list[FaceUp]:
    """The cards of the keyword the character may put in use."""
    hero_id, keyword = _waiting(state)
    return [FaceUp(hero=hero_id, card=card)
            for card in with_keyword(campaign, state.hero(hero_id), keyword)]


def pending(campaign: Campaign, state: GameState) -> Pending:
    hero, _keyword = _waiting(state)
    return Pending(kind="face_up", heroes=[hero])


def why(campaign: Campaign, state: GameState, action: Any) -> Refusal:
    hero, keyword = _waiting(state)
    return Refusal("ITEM-2", "choose_in_use_first", {"hero": hero, "keyword": keyword})


def turn_up(campaign: Campaign, state: GameState, action: FaceUp) -> list[Event]:
    """The card goes face up; the others of its keyword go face down [ITEM-1]."""
    hero = state.hero(action.hero)
    keyword = keyword_of(campaign, action.card)
    hero.face_up = [up for up in hero.face_up if keyword_of(campaign, up) != keyword] \
        + [action.card]
    state.face_up_queue.remove(f"{hero.id}:{keyword}")
    return []
