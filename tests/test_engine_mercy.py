"""Mother's Mercy after a lost game [MERCY-1], [MODE-CHALLENGE-11]."""

from __future__ import annotations

from pathlib import Path

import pytest

from grail.content import Campaign, load_pack
from grail.engine import death
from grail.engine.actions import AcceptMercy, EndCampaign, Pass, Travel
from grail.engine.encounter_decks import take_out
from grail.engine.game import Game, IllegalAction
from grail.engine.state import Guardian

from .conftest import changed


def _lost(campaign: Campaign, mode: str = "normal") -> Game:
    game = Game.new(campaign, ["wren"], seed=1, mode=mode)  # type: ignore[arg-type]
    game.apply(Travel(hero="wren", to=104))
    state = game.state
    wren = state.hero("wren")
    wren.items, wren.exp, wren.attributes["logic"] = [1], 7, 2
    state.guardians.append(Guardian(id="purple-shade", location=102))
    take_out(state, "purple-shade")
    death.die(campaign, state, wren)  # solo: the game is lost [DEATH-2]
    game.refresh()
    return game


def test_a_lost_game_may_ask_for_mercy_or_end_MERCY_1(minimal: Campaign) -> None:
    game = _lost(minimal)
    assert game.state.stage == "mercy" and not game.is_terminal()
    assert game.legal_actions() == [AcceptMercy(), EndCampaign()]
    with pytest.raises(IllegalAction, match=r"\[MERCY-1\]"):
        game.apply(Pass(hero="wren"))
    game.apply(EndCampaign())
    assert game.is_terminal() and game.state.outcome == "lost"


def test_mercy_returns_to_the_chapter_start_MERCY_1(minimal: Campaign) -> None:
    game = _lost(minimal)
    day = game.state.day
    events = game.apply(AcceptMercy())
    state = game.state
    assert state.outcome is None and state.stage == "day" and state.mercies == 1
    assert state.day == day + 1 and state.dead == []
    wren = state.hero("wren")  # the fallen character is back, as it was
    assert wren.location == 101 and (wren.health, wren.energy, wren.terror) == (6, 6, 0)
    assert wren.items == [1] and wren.attributes["logic"] == 2 and wren.exp == 7
    assert (wren.food, wren.wealth) == (1, 0)  # the verse's preset resources
    assert next(e.entry for e in events if e.type == "entry_read") == "500"
    # the map from the chapter's restart Location, its Menhir at 4 then a Start of Day
    assert sorted(p.number for p in state.placed) == [101, 102, 103, 104, 105]
    assert [(m.location, m.dial) for m in state.menhirs] == [(101, 3)]
    assert state.guardians == [] and "purple-shade" in state.unseen["purple"]
    assert state.event == "ev-arrival"  # the chapter's Event deck again
    again = _lost(minimal)
    again.apply(AcceptMercy())
    assert again.state_hash() == game.state_hash()  # the same seed, the same game


def test_no_mercy_in_challenge_MODE_CHALLENGE_11(minimal: Campaign) -> None:
    game = _lost(minimal, mode="challenge")
    assert game.is_terminal() and game.legal_actions() == []
    with pytest.raises(IllegalAction, match=r"\[DEATH-6\]"):
        game.apply(AcceptMercy())


def test_mercy_only_after_a_lost_game_MERCY_1(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)
    with pytest.raises(IllegalAction, match=r"\[MERCY-1\]"):
        game.apply(AcceptMercy())


def test_a_verse_that_ends_the_reading_keeps_the_chapters_setup_MERCY_1(
        minimal_copy: Path) -> None:  # [ACT-EXPLORE-1], [SETUP-W9]
    """The verse is read on top of the Chapter's setup steps: its end_exploration ends the
    verse, not the setup waiting beneath (the chapter's clock, its tasks)."""
    verses = minimal_copy / "journal" / "verses.yaml"
    verses.write_text(verses.read_text().replace(
        "{set: {food: 1, wealth: 0}}]", "{set: {food: 1, wealth: 0}}, {end_exploration: true}]"))
    game = _lost(load_pack(minimal_copy))
    game.state.tasks.clear()
    events = game.apply(AcceptMercy())
    assert any(event.type == "exploration_ended" for event in events)
    assert [task.id for task in game.state.tasks] == ["find-well"]  # the setup's add_task


def test_mercy_clears_the_time_tokens_cards_put_on_the_map_MERCY_1(minimal: Campaign) -> None:
    """Even where a Start of Day takes only one of them [NOTE-10], [ACT-LOC-2]."""
    rules = minimal.manifest.rules.model_copy(update={"discard_all_time_tokens": False})
    campaign = changed(minimal, manifest=minimal.manifest.model_copy(update={"rules": rules}))
    game = _lost(campaign)
    game.state.time_tokens = [104, 104]
    game.apply(AcceptMercy())
    assert game.state.time_tokens == []


def test_a_death_due_when_the_game_was_lost_does_not_follow_the_saved_MERCY_1(
        minimal: Campaign) -> None:  # [DEATH-1], [DEATH-6]
    """Two characters fall on one Start of Day: the first loses the game, the second's death
    was due. Saved by the Goddess, both come back whole: no death waits for them."""
    game = Game.new(minimal, ["wren", "yew"], seed=1)
    state = game.state
    yew = state.hero("yew")
    yew.health, yew.dying, yew.death_due = 0, True, "losing_health"
    death.die(minimal, state, state.hero("wren"))  # no one left to replace it [DEATH-6]
    game.refresh()
    assert game.state.stage == "mercy"
    events = game.apply(AcceptMercy())
    state = game.state
    assert not any(event.type == "hero_died" for event in events)
    assert state.outcome is None and state.dead == []
    assert [(hero.id, hero.dying, hero.death_due) for hero in state.heroes] == \
        [("wren", False, None), ("yew", False, None)]


def test_the_bundled_verse_says_the_second_mercy_is_not_the_first_MERCY_1(
        ennor: Campaign) -> None:
    """Mother's Mercy may be asked again and again; the bundled campaign's verse marks
    "Spared by the Stones" the first time and reads on differently once it is marked."""
    game = Game.new(ennor, ["jago"], seed=1)
    read = []
    for _ in range(2):
        death.die(ennor, game.state, game.state.hero("jago"))
        game.refresh()
        events = game.apply(AcceptMercy())
        read.append([e.entry for e in events if e.type == "entry_read"])
        assert game.state.stage != "mercy" and game.state.hero("jago").food == 2
    assert read == [["500", "500.1"], ["500", "500.2"]]
    assert [s.id for s in game.state.statuses].count("spared-by-the-stones") == 1
