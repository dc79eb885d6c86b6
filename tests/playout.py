"""The engine's contract, checked the same way by every test that plays (OpenSpiel's
``random_sim_test``): the playout, pending, stateful and fuzz tests.

- :func:`check_rules`: the rules' invariants (cards never lost nor duplicated, meters in
  range, one card in use per keyword, each Encounter card in one place, teams and shares).
- :func:`check_pending`: ``Game.pending()`` and ``legal_actions()`` tell the same decision.
- :func:`check_round_trip`: the state as JSON and back is the same state, with the same
  actions and the same decision.
- :func:`check_replay`: the setup and the log rebuild the very state.
- :func:`check_undo`: undoing the last action, where undo may, gives back the state before.
- :func:`random_playout`: random legal actions with all of these after each (or as often
  as asked).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache

from grail.content import Campaign, bundled_pack, load_pack
from grail.engine.actions import (
    Action,
    Activate,
    AnyAction,
    Avoid,
    ChanceOutcome,
    Choose,
    ChooseApproach,
    DiscardCard,
    EndPlay,
    Escape,
    FaceUp,
    KeepHands,
    Mulligan,
    PlayCard,
    Ready,
    SetItemAside,
    Share,
    SpendCharges,
    Trade,
    UseCard,
)
from grail.engine.game import Game
from grail.engine.items import keyword_of
from grail.engine.map import in_radius
from grail.engine.reading import read
from grail.engine.state import GameState
from grail.save.sound import problems

from .conftest import MINIMAL


@cache
def campaign(name: str) -> Campaign:
    """The minimal pack or the bundled campaign, loaded once."""
    return load_pack(MINIMAL if name == "minimal" else bundled_pack())


# --- the rules' invariants ---------------------------------------------------------------


def in_encounter(state: GameState, hero: str) -> list[str]:
    """A character's cards out of its deck during an Encounter: hand, discards, the Sequence
    and, in Panic, the top card turned [COMBAT-22]."""
    encounter = state.encounter
    if encounter is None:
        return []
    cards = encounter.hands.get(hero, []) + encounter.discards.get(hero, [])
    cards += [placed.card for placed in encounter.sequence if placed.owner == hero]
    return cards + ([encounter.forced] if encounter.forced and encounter.active == hero else [])


def check_rules(game: Game) -> None:
    """What a state of any game keeps, whatever was played."""
    campaign, state = game.campaign, game.state
    for hero in state.heroes:
        decks = campaign.hero[hero.id].decks
        held = hero.combat_deck + hero.diplomacy_deck + hero.combat_pool + hero.diplomacy_pool \
            + hero.set_aside + in_encounter(state, hero.id)  # [UPG-4], [DISC-2]
        owned = (decks.combat.start + decks.combat.advanced + decks.diplomacy.start
                 + decks.diplomacy.advanced)
        assert sorted(held) == sorted(owned)  # cards are never lost or duplicated
        minimum = campaign.manifest.rules.deck_minimum
        if state.encounter is None:  # a fight takes cards out of the deck for a while
            assert min(len(hero.combat_deck), len(hero.diplomacy_deck)) >= minimum  # [UPG-3]
        meters = campaign.hero[hero.id].meters
        assert 0 <= hero.health <= meters.health.max  # [SURV-7]
        assert 0 <= hero.terror <= meters.terror.max
        assert 0 <= hero.energy <= min(meters.energy.max, hero.health)  # [SURV-2]
        assert min(hero.food, hero.wealth, hero.rep, hero.magic, hero.exp) >= 0
        assert state.spot_of(hero.location) is not None  # everyone stands on the map
        held = [f"item:{n}" for n in hero.items] + [f"secret:{n}" for n in hero.secrets]
        assert set(hero.face_up) <= set(held)
        keywords = [keyword_of(campaign, card) for card in hero.face_up]
        assert len(keywords) == len(set(keywords))  # one card in use per keyword [ITEM-1]
    encounters = [card for pile in state.encounter_decks.values() for card in pile if card != "?"]
    for deck, pile in state.encounter_decks.items():
        assert pile.count("?") == len(state.unseen[deck])  # each unseen place, one unseen card
        encounters += state.unseen[deck]
    # each unseen place on the Event deck, one Random Event under it [EVENT-1], [DISC-1]
    assert state.event_deck.count("?") <= len(state.random_events) + len(state.random_bottom)
    randoms = state.random_events + state.random_bottom + [state.event or ""]
    assert len(set(randoms)) == len(randoms)  # a Random Event in one place at a time
    encounters += [g.id for g in state.guardians]
    if state.encounter and state.encounter.id not in [g.id for g in state.guardians]:
        encounters.append(state.encounter.id)  # a Guardian being fought is still on the map
    assert len(encounters) == len(set(encounters))  # each Encounter card in one place
    if state.team is not None:  # a team forms on one Location, before its action [TEAM-1]
        members = [state.hero(member) for member in state.team.members]
        assert len({hero.id for hero in members}) == len(members) >= 1
        assert len({hero.location for hero in members}) == 1
        assert not state.frames or state.team.option is not None  # or pays a journal option
        assert {p.hero for p in state.team.paid} <= set(state.team.members)
    for frame in state.frames:  # shares go to members of the reading team [ACT-EXPLORE-2]
        assert {p.hero for p in frame.portions} <= set(frame.heroes)
    spots = [(p.x, p.y) for p in state.placed]
    assert len(spots) == len(set(spots))  # one card per spot
    numbers = [p.number for p in state.placed]
    assert len(numbers) == len(set(numbers))


def check_start_of_day(game: Game, day_before: int) -> None:
    """After a Start of Day, every Location lies in some Menhir's radius [DAY-START-2]."""
    if game.state.day != day_before and game.state.menhirs:
        assert all(in_radius(game.state, (p.x, p.y)) for p in game.state.placed)


# --- the decision waited on --------------------------------------------------------------


DECIDES: dict[str, tuple[type, ...]] = {
    "encounter_items": (SetItemAside, UseCard, Avoid, Ready),
    "mulligan": (Mulligan, KeepHands),
    "approach": (ChooseApproach,),
    "activation": (Activate,),
    "play": (PlayCard, SpendCharges, UseCard, EndPlay, Escape),
    "discard": (DiscardCard,),
    "journal": (Choose, Share, Trade),  # a team's members trade meanwhile [TEAM-5]
    "face_up": (FaceUp,),
    "chance": (ChanceOutcome,),
}
"""The actions that answer each kind of pending decision that has its own actions."""

ONE_DECIDER = {"rest", "keep_card", "face_up", "skill", "destination", "item_cap"}
"""Decisions one character takes (trading stays open to all at the End of Day [TEAM-5])."""

DAY_ACTIONS = {"travel", "explore", "location_action", "character_action", "activate_menhir",
               "pass"}


def check_pending(game: Game) -> None:
    """``Game.pending()`` and the legal actions tell the same decision."""
    pending, legal = game.pending(), game.legal_actions()
    assert (pending.kind == "none") == (legal == []), f"{pending} with {len(legal)} legal"
    assert (pending.kind == "chance") == (bool(legal) and all(a.type == "chance" for a in legal))
    if game.state.encounter is not None:
        assert pending.kind in DECIDES, f"the fight waits on nothing a player decides: {pending}"
    if pending.kind in DECIDES:
        wrong = [action for action in legal if not isinstance(action, DECIDES[pending.kind])]
        assert not wrong, f"{pending.kind} is pending, yet {wrong[0]} is legal"
        deciders = {action.hero for action in legal if hasattr(action, "hero")}
        assert deciders <= set(pending.heroes), f"{pending} but {sorted(deciders)} act"
    if pending.kind == "activation":
        assert {action.hero for action in legal} == set(pending.heroes)
    if pending.kind in ONE_DECIDER:
        assert {getattr(a, "hero", None) for a in legal if a.type != "trade"} <= \
            {pending.heroes[0]}
    if pending.kind == "day_action":  # [DAY-2], [DAY-3]
        assert {a.hero for a in legal if a.type in DAY_ACTIONS} == set(pending.heroes)


# --- saving, replaying, undoing ------------------------------------------------------------


def check_round_trip(game: Game) -> None:
    """The state as JSON and back is the same state, and offers the same actions and the
    same decision: save -> load -> continue is continuing. Opening it never refuses it as
    impossible (the check every load makes, grail/save/sound.py). A save reads the state and
    the log back as their types say, without pydantic (grail/engine/reading.py): the same
    values as pydantic's reading."""
    assert problems(game) == []
    text = game.state.model_dump_json()
    again = GameState.model_validate_json(text)
    assert again.model_dump_json() == text
    assert read(GameState, json.loads(text)) == again
    assert game.state.to_json() == text  # grail's writer writes pydantic's bytes
    if game.log:
        last = game.log[-1].to_json()
        assert last == game.log[-1].model_dump_json()
        assert read(AnyAction, json.loads(last)) == Action.from_json(last) == game.log[-1]
    loaded = Game(game.campaign, again, dict(game.setup), list(game.log))
    assert loaded.legal_actions() == game.legal_actions()
    assert loaded.pending() == game.pending()


def check_replay(game: Game) -> Game:
    """Replaying the setup and the log reaches this very state; returns the replayed game."""
    replayed = Game.replay(game.campaign, game.setup, game.log)
    assert replayed.state_hash() == game.state_hash(), "the replay reaches another state"
    return replayed


def check_undo(game: Game, before: str) -> None:
    """Replay reaches this state; undoing the last action, where undo may, gives back the
    state before it (``before``, its hash)."""
    replayed = check_replay(game)
    assert replayed.undoable() == game.undoable()
    if game.undoable():
        replayed.undo()
        assert replayed.state_hash() == before, "undo does not give back the state before"


# --- the playout ---------------------------------------------------------------------------


def random_playout(game: Game, steps: int, chooser: random.Random | Callable[[int], int],
                   every: int = 1, undo: bool = False) -> Game:
    """Play up to ``steps`` random legal actions (``chooser`` picks an index among the
    legal ones) and check the whole contract after each ``every`` of them: rules, pending,
    round trip, replay, and undo when asked. Stops at the end of the campaign, where no
    action is left. Returns the game."""
    pick = chooser.randrange if isinstance(chooser, random.Random) else chooser
    for step in range(1, steps + 1):
        legal = game.legal_actions()
        if game.is_terminal():
            assert legal == [] and game.state.outcome is not None
            break
        assert legal, "a game in progress always has a decision"
        day, before = game.state.day, game.state_hash()
        for event in game.apply(legal[pick(len(legal))]):
            assert event.to_json() == event.model_dump_json()
        check_rules(game)
        check_start_of_day(game, day)
        if step % every == 0:
            check_pending(game)
            check_round_trip(game)
            if undo:
                check_undo(game, before)
            else:
                check_replay(game)
    return game
