"""Chance points: draws, die rolls and dial flips, answered by the generator or the table
(docs/architecture.md, chance points); the log records their outcomes."""

from __future__ import annotations

import pytest

from grail.content import Campaign
from grail.engine.actions import (
    ActivateMenhir,
    ChanceOutcome,
    DeckUpgrade,
    LocationAction,
    Pass,
    Rest,
    Travel,
)
from grail.engine.chance import ChanceMismatch
from grail.engine.encounter_decks import take_out
from grail.engine.game import Game, IllegalAction
from grail.engine.state import Guardian

GREEN = "draw green Encounter"


def _hunt(game: Game) -> list[object]:
    """The Location action of 101 draws a green Encounter; make its deck unseen first."""
    game.state.encounter_decks["green"], game.state.unseen["green"] = ["?"], ["green-boar"]
    game.refresh()
    return list(game.apply(LocationAction(hero="wren")))


def _next_day(game: Game) -> None:
    game.apply(Pass(hero="wren"))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Rest)))


def test_an_unseen_card_drawn_is_logged_after_its_action(minimal: Campaign) -> None:  # [ENC-3]
    game = Game.new(minimal, ["wren"], seed=1)
    events = _hunt(game)
    acted = game.log.index(LocationAction(hero="wren"))
    assert game.log[acted:acted + 2] == [LocationAction(hero="wren"),
                                         ChanceOutcome(point=GREEN, outcome="green-boar")]
    # then Wren's hand for the fight, each card a chance point too [COMBAT-3]
    assert [entry.point for entry in game.log[acted + 2:]] == ["wren draws a card"] * 3
    assert ("chance_drawn", GREEN, "green-boar") in [
        (e.type, getattr(e, "point", None), getattr(e, "outcome", None)) for e in events]
    assert game.undoable() == []  # a card was revealed: undo stops there


def test_a_replay_takes_chance_outcomes_from_the_log_not_the_generator(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    for _ in range(3):  # a Random Event revealed on Day 2
        _next_day(game)
    take_out(game.state, "grey-warden")
    game.state.guardians = [Guardian(id="grey-warden", location=107)]
    game.refresh()
    for _ in range(2):  # the Guardian die rolled
        _next_day(game)
    assert "guardian die" in [a.point for a in game.log if isinstance(a, ChanceOutcome)]
    again = Game.replay(minimal, {**game.setup, "seed": 999}, game.log[:8])
    again_log = game.log[:8]
    assert again.log == again_log
    mine = Game.replay(minimal, game.setup, again_log)
    assert again.state.model_dump(exclude={"rng"}) == mine.state.model_dump(exclude={"rng"})


def test_a_damaged_log_outcome_is_refused(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    for _ in range(2):
        _next_day(game)
    assert ChanceOutcome(point="reveal Random Event", outcome="rnd-fog") in game.log
    log = [ChanceOutcome(point="reveal Random Event", outcome="ev-storm")
           if isinstance(a, ChanceOutcome) else a for a in game.log]
    with pytest.raises(ChanceMismatch) as mismatch:
        Game.replay(minimal, game.setup, log)
    assert mismatch.value.code == "other_point" and "rnd-fog" in mismatch.value.fields["options"]


POOL = "draw from the Advanced combat pool"


def _upgrade(game: Game) -> list[object]:
    """Wren wakes the Menhir of 104, which meets a Quest (3 Exp), ends the Day and draws
    from her Advanced pool for a deck upgrade: two cards may come up, then the one left
    [UPG-2]."""
    game.apply(Travel(hero="wren", to=104))
    game.apply(ActivateMenhir(hero="wren"))
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))
    return list(game.apply(DeckUpgrade(hero="wren", deck="combat")))


def test_a_companion_game_asks_the_table_and_waits(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1, companion=True)
    events = _upgrade(game)
    assert [(e.type, getattr(e, "options", None)) for e in events] == [
        ("chance_asked", ["combat-4v", "wren-combat-1v"])]
    # nothing of the action happened yet: the state is the one before it
    assert game.state.hero("wren").exp == 3 and game.state.offer == []
    assert game.legal_actions() == [ChanceOutcome(point=POOL, outcome="combat-4v"),
                                    ChanceOutcome(point=POOL, outcome="wren-combat-1v")]
    mid = Game.replay(minimal, game.setup, game.log)  # waiting for the table, as saved
    assert mid.state_hash() == game.state_hash() and mid.state.chance is not None
    game.apply(ChanceOutcome(point=POOL, outcome="wren-combat-1v"))
    # the second card can only be the one left: nobody need say it
    assert game.state.hero("wren").exp < 3 and game.state.chance is None
    assert game.state.offer == ["combat-4v", "wren-combat-1v"]
    assert game.log[-3:] == [DeckUpgrade(hero="wren", deck="combat"),
                             ChanceOutcome(point=POOL, outcome="wren-combat-1v"),
                             ChanceOutcome(point=POOL, outcome="combat-4v")]
    assert Game.replay(minimal, game.setup, game.log).state_hash() == game.state_hash()


def test_the_table_rolls_the_guardian_die(minimal: Campaign) -> None:  # [GUARD-2]
    game = Game.new(minimal, ["wren"], seed=1, companion=True)
    take_out(game.state, "grey-warden")
    game.state.guardians = [Guardian(id="grey-warden", location=104)]
    game.refresh()
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))  # the one Random Event left turns up by itself
    outcomes = [a.outcome for a in game.legal_actions() if isinstance(a, ChanceOutcome)]
    assert outcomes == ["north", "south", "stay", "discard"]  # each face once
    with pytest.raises(IllegalAction, match=r"\[CHANCE\]"):
        game.apply(Pass(hero="wren"))  # the table answers first; nothing changes
    game.apply(ChanceOutcome(point="guardian die", outcome="north"))
    # north of 104 no card is revealed: it goes to the highest connected number, 101,
    # where Wren stands, and attacks [GUARD-3], [GUARD-4]: the table says her hand too
    while game.state.chance is not None and game.state.chance.point.point == "wren draws a card":
        game.apply(next(a for a in game.legal_actions() if isinstance(a, ChanceOutcome)))
    assert [g.location for g in game.state.guardians] == [101] and game.state.day == 2
    assert game.state.encounter is not None and game.state.encounter.heroes == ["wren"]
    assert game.state.event == "rnd-fog"
    assert ChanceOutcome(point="reveal Random Event", outcome="rnd-fog") in game.log


def test_an_outcome_that_cannot_come_up_is_illegal(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1, companion=True)
    _upgrade(game)
    before = game.state.model_dump()
    with pytest.raises(IllegalAction, match=r"\[CHANCE\]"):
        game.apply(ChanceOutcome(point=POOL, outcome="diplomacy-1v"))
    assert game.state.model_dump() == before


def test_a_normal_game_takes_no_outcome_from_outside(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    with pytest.raises(IllegalAction, match=r"\[CHANCE\]: no_chance_point"):
        game.apply(ChanceOutcome(point=GREEN, outcome="green-boar"))


def test_an_action_waiting_for_the_table_can_be_taken_back(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1, companion=True)
    _upgrade(game)
    assert game.undoable()[-1] == DeckUpgrade(hero="wren", deck="combat")
    game.undo()  # nothing was revealed yet
    assert game.state.chance is None and game.state.hero("wren").exp == 3
    assert DeckUpgrade(hero="wren", deck="combat") in game.legal_actions()


def test_a_deck_upgrade_draw_picks_distinct_cards_from_the_pool(minimal: Campaign) -> None:
    from grail.engine import chance
    from grail.engine.upgrades import draw_offer

    game = Game.new(minimal, ["wren"], seed=1)
    hero = game.state.hero("wren")
    hero.exp = 10
    chance.begin(game.state, [])
    draw_offer(minimal, game.state, "wren", "combat")  # [UPG-2]
    drawn = chance.end(game.state)
    assert len(game.state.offer) == len(set(game.state.offer)) == len(drawn)
    assert set(game.state.offer) <= set(hero.combat_pool)


def test_a_log_replays_from_a_start_state_when_the_setup_has_one(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=104))
    game.state.undo_floor, game.log = 0, []  # as a migration leaves it
    base = {**game.setup, "start": game.state.model_dump(mode="json"), "seed": 0}
    assert Game.replay(minimal, base, []).state_hash() == game.state_hash()
    game.apply(Travel(hero="wren", to=101))
    again = Game.replay(minimal, base, game.log)
    assert again.state_hash() == game.state_hash()
    again.undo()  # back to the base state, not to the seed's
    assert again.state.hero("wren").location == 104


def test_what_chance_drew_is_told_after_what_the_action_did(minimal: Campaign) -> None:
    """The words follow the table's order: Wren goes to 107, the Warden attacks, then the
    cards come up; the draws are not told before the move that met them."""
    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(Travel(hero="wren", to=104))
    kinds = [event.type for event in game.apply(Travel(hero="wren", to=107))]
    assert "chance_drawn" in kinds and "hero_moved" in kinds
    assert kinds.index("hero_moved") < kinds.index("chance_drawn")
    assert set(kinds[kinds.index("chance_drawn"):]) == {"chance_drawn"}
