"""Random playouts: any sequence of legal actions keeps the rules' invariants."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grail.content import Campaign, bundled_pack, load_pack
from grail.engine.game import Game
from grail.engine.items import keyword_of
from grail.engine.map import in_radius
from grail.engine.state import GameState

from .conftest import MINIMAL

PACKS: dict[str, Campaign] = {}


def _campaign(name: str) -> Campaign:
    if name not in PACKS:
        PACKS[name] = load_pack(MINIMAL if name == "minimal" else bundled_pack())
    return PACKS[name]


def in_encounter(state: GameState, hero: str) -> list[str]:
    """A character's cards out of its deck during an Encounter: hand, discards, the Sequence
    and, in Panic, the top card turned [COMBAT-22]."""
    encounter = state.encounter
    if encounter is None:
        return []
    cards = encounter.hands.get(hero, []) + encounter.discards.get(hero, [])
    cards += [placed.card for placed in encounter.sequence if placed.owner == hero]
    return cards + ([encounter.forced] if encounter.forced and encounter.active == hero else [])


def _check(game: Game) -> None:
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
    assert state.event_deck.count("?") <= len(state.random_events)
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


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["minimal", "bundled"]), st.integers(0, 2**32), st.booleans(), st.data())
def test_random_legal_actions_keep_the_invariants(pack: str, seed: int, companion: bool,
                                                  data: st.DataObject) -> None:
    """In a companion game the random player also answers the chance points."""
    campaign = _campaign(pack)
    heroes = sorted(campaign.hero)[: data.draw(st.integers(1, len(campaign.hero)))]
    game = Game.new(campaign, heroes, seed=seed, companion=companion)
    for _ in range(data.draw(st.integers(10, 120))):
        actions = game.legal_actions()
        if game.is_terminal():
            assert actions == [] and game.state.outcome is not None
            break
        assert actions, "a game in progress always has a decision"
        day_before = game.state.day
        game.apply(actions[data.draw(st.integers(0, len(actions) - 1))])
        _check(game)
        if game.state.day != day_before and game.state.menhirs:
            # after a Start of Day, every Location lies in some Menhir's radius [DAY-START-2]
            assert all(in_radius(game.state, (p.x, p.y)) for p in game.state.placed)
    copy = Game(campaign, GameState.model_validate_json(game.state.model_dump_json()))
    assert copy.legal_actions() == game.legal_actions()  # save -> load -> continue
    assert Game.replay(campaign, game.setup, game.log).state_hash() == game.state_hash()
