"""A campaign played in the window by scripted input only, on the bundled campaign: the
title, a new campaign, Travel by a click on the map, Explore, a Combat fought card by card,
the End of Day, Save as, quitting grail, opening it again, Load and going on.

A second game, driven straight through the engine with the same actions, is the referee:
after every key or click the window's game must be the same state [DAY-1].
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from grail.content import Campaign
from grail.content.encounters import CombatEncounter
from grail.engine.actions import Explore, PlayCard, Travel
from grail.engine.game import Game
from grail.session import Session
from grail.sim.days import DayPolicy
from grail.sim.policies import RandomPolicy
from grail.ui.app import App, Settings
from grail.ui.scenes.confirm import ConfirmScene
from grail.ui.scenes.encounter import EncounterScene
from grail.ui.scenes.end_of_day import EndOfDayScene
from grail.ui.scenes.game import KEYS, GameScene, view_for
from grail.ui.scenes.holding import HoldingScene
from grail.ui.scenes.journal import JournalScene
from grail.ui.scenes.load import LoadScene, SaveAsScene
from grail.ui.scenes.map import MapScene
from grail.ui.scenes.menu import MenuScene
from grail.ui.scenes.new_game import NewGameScene
from grail.ui.scenes.title import TitleScene

from .ui_input import click, key, session_of, top

SEED = 3
"""A seed whose first days bring Tamsin to a Combat on Day 4 (the day player's choices)."""



def travel_on_the_map(app: App, action: Travel) -> None:
    """Click the Location's card on the map."""
    scene = top(app)
    assert isinstance(scene, MapScene)
    for _ in range(4):  # hot-seat: H picks whose turn it is among those the game waits on
        if scene.acting() == action.hero:
            break
        key(app, pygame.K_h)
    assert scene.acting() == action.hero
    main = scene.regions(app)["main"]
    spot = scene.session.game.state.spot_of(action.to)
    assert spot is not None and action.to in scene.targets()
    card = scene.view.screen_rect(main, scene.grid(), spot).clip(main)
    if card.width <= 10 or card.height <= 10:  # off the view: centre on the hero, as players do
        key(app, pygame.K_c)
        card = scene.view.screen_rect(main, scene.grid(), spot).clip(main)
    assert card.width > 10 and card.height > 10, "a Travel target shows on the map"
    click(app, card.center)


def press(app: App, action: object) -> None:
    """Take ``action`` as a player would: Continue past a view that holds on, turn the
    action bar's page, press the button's number key, say yes when asked."""
    scene = top(app)
    if isinstance(scene, HoldingScene) and scene.ended:
        key(app, pygame.K_1)  # Continue
        scene = top(app)
    assert isinstance(scene, GameScene) and type(scene) is view_for(scene.session)
    if isinstance(action, Travel) and isinstance(scene, MapScene):
        travel_on_the_map(app, action)
        return
    index = scene.session.legal().index(action)
    for _ in range(index // scene.per_page - scene.page):
        key(app, pygame.K_PAGEDOWN)
    button = scene.actions.by_key(KEYS[index % scene.per_page])
    assert button is not None and button.action == action, button
    key(app, pygame.key.key_code(button.key))
    if isinstance(top(app), ConfirmScene):
        key(app, pygame.K_y)


def showing(app: App, view: type[GameScene]) -> bool:
    """The view is on top, or comes at the next Continue of a view holding on to be read."""
    scene = top(app)
    held = isinstance(scene, HoldingScene) and scene.ended
    return isinstance(scene, view) or (held and view is view_for(session_of(app)))


def new_campaign(app: App) -> Session:
    key(app, pygame.K_n)
    setup = top(app)
    assert isinstance(setup, NewGameScene)
    click(app, dict(setup.rects)[("hero", "tamsin")].center)
    click(app, dict(setup.rects)[("seed", "")].center)
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=str(SEED))])
    click(app, dict(setup.rects)[("name", "")].center)
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text="ennor")])
    key(app, pygame.K_RETURN)
    return session_of(app)


def test_a_campaign_from_the_title_to_a_fight_a_night_and_back(
        ennor: Campaign, saves: Path) -> None:
    app = App((1280, 720), Settings.load(), headless=True)
    TitleScene.show(app, None)
    app.frame([])

    session = new_campaign(app)
    referee = Game.new(ennor, ["tamsin"], seed=SEED)
    assert session.path == saves / "ennor.grail" and session.path.exists()
    assert session.game.state_hash() == referee.state_hash()
    assert isinstance(top(app), MapScene)

    player = DayPolicy(SEED)
    seen: dict[str, int] = {}
    fought: set[str] = set()
    cards = 0

    def step() -> None:
        nonlocal cards
        action = player.choose(referee)
        press(app, action)
        referee.apply(action)
        game = session_of(app).game
        assert game.state_hash() == referee.state_hash(), f"after {action!r}"
        if isinstance(action, Travel):  # [ACT-TRAVEL-1]
            assert game.state.hero("tamsin").location == action.to
            seen.setdefault("travel", game.state.day)
        if isinstance(action, Explore):  # [ACT-EXPLORE-1]: the journal opens on the entry
            seen.setdefault("explore", game.state.day)
            if game.pending().kind == "journal":
                assert isinstance(top(app), JournalScene)
        if game.state.encounter is not None:  # [ENC-1]: the fight is on the Encounter view
            seen.setdefault("combat", game.state.day)
            fought.add(game.state.encounter.id)
            cards += isinstance(action, PlayCard)
            assert showing(app, EncounterScene)
        if game.pending().kind == "rest":  # [END-DAY-1]
            assert showing(app, EndOfDayScene)
            seen.setdefault("end_of_day", game.state.day)

    while "combat" not in seen:
        step()
        assert referee.state.day <= 6, "the fight comes within the first days"
    fight_day = referee.state.day
    while referee.state.day == fight_day:
        step()
    assert set(seen) == {"travel", "explore", "combat", "end_of_day"}
    assert seen["combat"] == fight_day
    combats = {e.id for e in ennor.encounters if isinstance(e, CombatEncounter)}
    assert fought and fought <= combats and cards >= 1, "a Combat fought card by card"
    assert session.game.state.encounter is None
    assert any(mark.kind == "autosave" for mark in session.marks())  # a new Day was kept
    played = referee.state_hash()

    key(app, pygame.K_ESCAPE)  # the game menu: Save as…
    assert isinstance(top(app), MenuScene)
    key(app, pygame.K_a)
    assert isinstance(top(app), SaveAsScene)
    key(app, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text="after the fight")])
    key(app, pygame.K_RETURN)
    assert (saves / "after the fight.grail").exists()
    key(app, pygame.K_q)  # Quit grail
    if isinstance(top(app), ConfirmScene):
        key(app, pygame.K_y)
    assert not app.running

    again = App((1280, 720), Settings.load(), headless=True)  # grail opened again
    TitleScene.show(again, None)
    again.frame([])
    key(again, pygame.K_l)
    load = top(again)
    assert isinstance(load, LoadScene)
    load.cursor = next(i for i, row in enumerate(load.rows) if row.name == "after the fight")
    key(again, pygame.K_RETURN)
    loaded = session_of(again)
    assert loaded.path == saves / "after the fight.grail"
    assert loaded.game.state_hash() == played  # saved exactly, mid-campaign [SAVE-1]
    assert type(top(again)) is view_for(loaded)

    app = again  # and the campaign goes on from where it was saved
    for _ in range(5):
        step()
    assert loaded.game.state_hash() == referee.state_hash()


@pytest.mark.parametrize("seed", [1, 2])
def test_four_heroes_hot_seat_random_play_through_the_window(
        ennor: Campaign, saves: Path, seed: int) -> None:
    """Four heroes passing one screen, each decision a random legal action taken by its
    key (or, after H picks the hero, a click on the map): the window always shows the view
    the decision calls for, and the game and its save stay the referee's [DAY-1]."""
    app = App((1280, 720), Settings.load(), headless=True)
    heroes = ["tamsin", "jago", "kerra", "ysella"]
    session = Session.start(ennor, heroes, seed=seed, path=saves / "four.grail")
    TitleScene.play(app, session, None)
    referee = Game.new(ennor, heroes, seed=seed)
    player = RandomPolicy(seed)
    views: set[str] = set()
    for _ in range(250):
        if referee.is_terminal():
            break
        action = player.choose(referee)
        press(app, action)
        referee.apply(action)
        assert session_of(app).game.state_hash() == referee.state_hash(), f"after {action!r}"
        scene = top(app)
        assert isinstance(scene, GameScene)
        assert showing(app, view_for(session)), type(scene).__name__
        views.add(type(scene).__name__)
    assert {"MapScene", "JournalScene", "EncounterScene"} <= views
    assert Session.open(saves / "four.grail", ennor).game.state_hash() == referee.state_hash()
