"""Players joining and leaving at a session's start [PLAYERS-1], [PLAYERS-2]."""

from __future__ import annotations

from pathlib import Path

import pytest

from grail.cli import main
from grail.content import Campaign
from grail.engine.actions import Begin, GiveSecret, JoinGame, LeaveGame, Pass, Rest, Travel
from grail.engine.game import Game, IllegalAction


def test_at_a_days_start_characters_may_join_beside_a_veteran_PLAYERS_2(
        three_heroes: Campaign) -> None:
    game = Game.new(three_heroes, ["wren", "ash"], seed=1)
    game.apply(Travel(hero="wren", to=104))
    game.apply(Begin(hero="wren"))  # alone: Ash could have joined [TEAM-1]
    game.apply(Pass(hero="ash"))
    game.apply(Pass(hero="wren"))
    game.apply(Rest(hero="wren", eat=True))
    game.apply(Rest(hero="ash", eat=True))
    legal = game.legal_actions()
    assert [a for a in legal if isinstance(a, JoinGame)] == [
        JoinGame(hero="kes", at=101), JoinGame(hero="kes", at=104)]
    assert LeaveGame(hero="ash") in legal
    game.apply(JoinGame(hero="kes", at=104))
    kes = game.state.hero("kes")
    assert kes.location == 104 and (kes.food, kes.wealth, kes.magic) == (2, 1, 2)  # as set up
    assert kes.combat_deck == ["combat-1v", "combat-2v", "combat-3v"]
    assert [h.id for h in game.state.heroes] == ["wren", "ash", "kes"]
    assert not [a for a in game.legal_actions() if isinstance(a, JoinGame)]  # none left
    again = Game.replay(three_heroes, game.setup, game.log)
    assert again.state_hash() == game.state_hash()


def test_a_leaving_character_hands_over_every_secret_PLAYERS_1(three_heroes: Campaign) -> None:
    game = Game.new(three_heroes, ["wren", "ash", "kes"], seed=1)
    game.state.hero("ash").secrets = [1, 2]  # Secret 1 is Personal: it still stays
    game.refresh()
    game.apply(LeaveGame(hero="ash"))
    assert game.legal_actions() == [GiveSecret(secret=1, to="wren"), GiveSecret(secret=1, to="kes")]
    game.apply(GiveSecret(secret=1, to="kes"))
    game.apply(GiveSecret(secret=2, to="wren"))
    assert game.state.hero("kes").secrets == [1] and game.state.hero("wren").secrets == [2]
    assert "ash" not in [h.id for h in game.state.heroes] and game.state.dead == []
    assert JoinGame(hero="ash", at=101) in game.legal_actions()  # may come back, afresh


def test_players_change_only_before_anyone_acts_PLAYERS_1(three_heroes: Campaign) -> None:
    game = Game.new(three_heroes, ["wren", "ash"], seed=1)
    game.apply(Travel(hero="wren", to=104))
    game.apply(Begin(hero="wren"))  # alone: Ash could have joined [TEAM-1]
    assert not [a for a in game.legal_actions() if isinstance(a, JoinGame | LeaveGame)]
    with pytest.raises(IllegalAction, match=r"\[PLAYERS-1\]"):
        game.apply(JoinGame(hero="kes", at=101))


def test_the_last_character_cannot_leave_PLAYERS_1(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren"], seed=1)  # the minimal pack is for 1 to 4 players
    with pytest.raises(IllegalAction, match=r"\[PLAYERS-1\]"):
        game.apply(LeaveGame(hero="wren"))


def test_a_second_player_gives_back_the_health_t_marker_MODE_STORY_2(
        three_heroes: Campaign) -> None:
    game = Game.new(three_heroes, ["wren"], seed=1, mode="story")
    assert game.state.hero("wren").health_marker == "plain"
    game.apply(JoinGame(hero="ash", at=101))
    assert [h.health_marker for h in game.state.heroes] == ["upright", "upright"]


def test_grail_players_adds_and_removes_as_logged_actions(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.grail"
    assert main(["new", str(path), "--hero", "tamsin"]) == 0
    assert main(["players", str(path), "--add", "jago"]) == 0
    assert "playing: " in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert main(["players", str(path), "--remove", "tamsin"]) == 0
    out = capsys.readouterr().out
    assert "playing: jago" in out
    assert main(["players", str(path), "--remove", "jago"]) == 2  # someone must play
    assert "not allowed: players join or leave at a Day's start" in capsys.readouterr().err
