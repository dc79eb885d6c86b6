"""The journal, End of Day and table's-answer views: each renders saves in
its states (mid-journal with a closed option, a Skill side asked, resting, a deck upgrade's
offer, deck building, a companion game's chance point) without changing the game, and a
click on a choice, a card to keep or a deck's card, or a search typed then Enter, sends
the engine the action it shows [JOURNAL-1], [ATTR-5], [END-DAY-1], [UPG-2], [UPG-3]."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from grail.content import Campaign, bundled_pack, load_pack
from grail.engine.actions import (
    Begin,
    BuyAttribute,
    ChanceOutcome,
    Choose,
    DeckUpgrade,
    Explore,
    Join,
    KeepCard,
    LocationAction,
    Pass,
    PayShare,
    PickSkill,
    Rest,
    SetAside,
    TakeBack,
    Travel,
)
from grail.engine.events import MetersChanged
from grail.engine.state import Placed
from grail.engine.upgrades import attribute_costs
from grail.session import Session
from grail.ui.app import App, Settings
from grail.ui.scenes.chance import ChanceScene
from grail.ui.scenes.end_of_day import EndOfDayScene
from grail.ui.scenes.game import GameScene, view_for
from grail.ui.scenes.journal import JournalScene
from grail.ui.tiles import Tile

from .conftest import MINIMAL, by_hand


@pytest.fixture(scope="module")
def ennor() -> Campaign:
    return load_pack(bundled_pack())


@pytest.fixture(scope="module")
def minimal_pack() -> Campaign:
    return load_pack(MINIMAL)


@pytest.fixture(scope="module")
def app() -> App:
    return App((1600, 900), headless=True)


# --- the states, as saves -------------------------------------------------------------------


def at_the_clamp(campaign: Campaign) -> Session:
    """Tamsin reads 103: buying gear costs 2 Wealth she lacks (a closed option)."""
    session = Session.start(campaign, ["tamsin"], seed=3)
    session.act(Travel(hero="tamsin", to=103))
    session.act(Explore(hero="tamsin"))
    return session


def resting(campaign: Campaign) -> Session:
    session = Session.start(campaign, ["tamsin"], seed=3)
    session.act(Pass(hero="tamsin"))
    return session


def offered(campaign: Campaign) -> Session:
    """Tamsin (7 Exp, set by hand) has drawn 3 Advanced Combat cards to keep one [UPG-2]."""
    session = Session.start(campaign, ["tamsin"], seed=3)
    session.game.state.hero("tamsin").exp = 7
    session.game = by_hand(session.game)
    session.act(Pass(hero="tamsin"))
    session.act(Rest(hero="tamsin", eat=True))
    session.act(DeckUpgrade(hero="tamsin", deck="combat"))
    return session


def building(campaign: Campaign) -> Session:
    """Tamsin's Combat deck holds 16 cards: one may be set aside [UPG-3]."""
    session = offered(campaign)
    session.act(KeepCard(hero="tamsin", card=session.game.state.offer[0]))
    return session


def table_draws(campaign: Campaign) -> Session:
    """A companion game: the green deck's first card is gone (by hand), so Forage Under the
    Oaks draws an unseen green Encounter and the table says which."""
    session = Session.start(campaign, ["tamsin"], seed=0, companion=True)
    session.act(Travel(hero="tamsin", to=103))
    decks = session.game.state.encounter_decks
    decks["green"] = [card for card in decks["green"] if card == "?"]
    session.game = by_hand(session.game)
    session.act(LocationAction(hero="tamsin"))
    return session


def skill_asked(campaign: Campaign) -> Session:
    """Wren dreams on 105 of the minimal pack and gains a Skill of Spirituality [ATTR-5]."""
    session = Session.start(campaign, ["wren"], seed=1)
    session.act(Travel(hero="wren", to=105))
    session.act(Pass(hero="wren"))
    session.act(Rest(hero="wren", eat=True))
    return session


def paying_together(campaign: Campaign) -> Session:
    """Wren and Yew read 101 of the minimal pack together; Listening to the stone costs 1
    Energy, which either may pay [TEAM-6]."""
    session = Session.start(campaign, ["wren", "yew"], seed=1)
    for action in (Explore(hero="wren"), Join(hero="yew"), Begin(hero="wren"),
                   PayShare(hero="wren", what="energy", amount=1), Choose(hero="wren", option=0)):
        session.act(action)
    return session


STATES: dict[str, tuple[Callable[[Campaign], Session], str, type[GameScene]]] = {
    "closed option": (at_the_clamp, "ennor", JournalScene),
    "option paid together": (paying_together, "minimal", JournalScene),
    "skill asked": (skill_asked, "minimal", JournalScene),
    "resting": (resting, "ennor", EndOfDayScene),
    "deck upgrade offer": (offered, "ennor", EndOfDayScene),
    "deck building": (building, "ennor", EndOfDayScene),
    "companion chance point": (table_draws, "ennor", ChanceScene),
}


def show(app: App, session: Session) -> GameScene:
    """The view the game's decision calls for, on top, laid out and drawn."""
    app.stack = [view_for(session)(session)]
    app.frame(events=[])
    return app.stack[-1]  # type: ignore[return-value]


def click(app: App, tile: Tile | None) -> None:
    assert tile is not None
    pygame.mouse.set_pos(tile.rect.center)
    app.frame(events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=tile.rect.center)])


def key(app: App, code: int, text: str = "") -> None:
    app.frame(events=[pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text,
                                         scancode=0)])


def typed(app: App, text: str) -> None:
    app.frame(events=[pygame.event.Event(pygame.TEXTINPUT, text=letter) for letter in text])


# --- rendering ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(STATES))
def test_each_state_saved_and_opened_renders_without_changing_the_game(
        app: App, ennor: Campaign, minimal_pack: Campaign, tmp_path: Path, name: str) -> None:
    build, pack, view = STATES[name]
    campaign = ennor if pack == "ennor" else minimal_pack
    built = build(campaign)
    built.save(tmp_path / "game.grail")
    session = Session.open(tmp_path / "game.grail", campaign)
    before = session.game.state_hash()
    for size, settings in (((1600, 900), Settings()), ((1280, 720), Settings(2.0, True))):
        app.screen = pygame.display.set_mode(size)
        app.settings = settings
        scene = show(app, session)
        assert type(scene) is view
        for _ in range(3):
            app.frame(events=[])
            scene.draw(app, app.screen)
        colours = {app.screen.get_at((x, y))[:3] for x in range(0, size[0], 53)
                   for y in range(0, size[1], 37)}
        assert len(colours) > 5, f"{name}: the view drew almost nothing"
        assert session.game.state_hash() == before, f"{name}: drawing changed the game"
    app.screen = pygame.display.set_mode((1600, 900))
    app.settings = Settings()


# --- the journal ----------------------------------------------------------------------------


def test_a_closed_option_is_shown_greyed_with_the_engines_reason(app: App,
                                                                 ennor: Campaign) -> None:
    scene = show(app, at_the_clamp(ennor))
    assert isinstance(scene, JournalScene)
    closed = scene.tiles.by_text("Buy charcoal-hardened gear")
    assert closed is not None and not closed.enabled and closed.why == "it costs 2 Wealth"
    bank = scene.tiles.by_text("Help him bank the clamp")
    assert bank is not None and bank.key == "2"
    assert bank.detail == ["Leads to the end of the exploration"]  # "(2 Energy)" says its cost
    assert scene.story[0].passage is not None and scene.story[0].passage.title == \
        "The Charcoal Clamp"
    played = len(scene.session.game.log)
    click(app, closed)  # nothing is sent; the reason is told
    assert len(scene.session.game.log) == played and scene.notice == "it costs 2 Wealth"


def test_clicking_a_choice_sends_it_and_the_story_goes_on(app: App, ennor: Campaign) -> None:
    session = at_the_clamp(ennor)
    scene = show(app, session)
    assert isinstance(scene, JournalScene)
    click(app, scene.tiles.by_text("Ask Hobb about the white lichen"))
    assert session.game.log[-1] == Choose(hero="tamsin", option=1)
    assert app.stack[-1] is scene  # 103.1 is read in the same view
    told = [piece.chose or (piece.passage.key if piece.passage else "") for piece in scene.story]
    assert told == ["entry:103", "Ask Hobb about the white lichen.", "entry:103.1"]
    assert scene.tiles.by_text("Wait at the white edge") is not None


def test_the_reading_s_end_is_shown_before_the_view_moves_on(app: App, ennor: Campaign) -> None:
    session = at_the_clamp(ennor)
    scene = show(app, session)
    key(app, pygame.K_2, "2")  # help bank the clamp: -2 Energy, +1 Food, +1 Rep
    assert isinstance(scene, JournalScene) and app.stack[-1] is scene and scene.ended
    assert session.pending().kind == "day_action"  # the game went on; only the view waits
    assert "Tamsin Vell: +1 Food" in [change.text for change in scene.changes.lines]
    assert [button.text.split(" (")[0] for button in scene.actions.buttons] == ["Continue"]
    key(app, pygame.K_RETURN)
    assert type(app.stack[-1]) is view_for(session) and app.stack[-1] is not scene


def test_a_skill_side_is_kept_from_the_journal(app: App, minimal_pack: Campaign) -> None:
    session = skill_asked(minimal_pack)
    scene = show(app, session)
    assert isinstance(scene, JournalScene) and session.pending().kind == "skill"
    side = scene.tiles.by_text("Stone Sense")
    assert side is not None and "The other side, Cold Reckoning (Logic), is lost." in side.detail
    click(app, side)
    assert PickSkill(hero="wren", skill=3) in session.game.log  # then the next Day begins
    assert session.game.state.hero("wren").skills == [3]


def test_the_text_scrolls_with_the_wheel_and_page_keys(app: App, ennor: Campaign) -> None:
    scene = show(app, at_the_clamp(ennor))
    assert isinstance(scene, JournalScene)
    for _ in range(12):  # a long story: every passage read again
        scene.story += scene.story[:1]
    scene.scroll = 0
    key(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    key(app, pygame.K_HOME)
    assert scene.scroll == 0
    pygame.mouse.set_pos(scene.regions(app)["main"].center)
    app.frame(events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
    assert scene.scroll == 3


# --- the End of Day ---------------------------------------------------------------------


def test_resting_shows_what_eating_does_and_the_engine_agrees(app: App, ennor: Campaign) -> None:
    session = resting(ennor)
    scene = show(app, session)
    assert isinstance(scene, EndOfDayScene)
    eat = scene.tiles.by_text("Eat 1 Food")
    assert eat is not None and eat.action == Rest(hero="tamsin", eat=True)
    foretold = {line.split()[0]: int(line.split()[-1]) for line in eat.detail}
    assert "Health 7 -> 8" in eat.detail  # "Health 7 -> 8", "Food stays 2"...
    click(app, eat)
    assert Rest(hero="tamsin", eat=True) in session.game.log
    rested = next(event for event in session.last_events if isinstance(event, MetersChanged)
                  and event.reason.startswith("rest"))  # before the next Day's Start
    assert foretold == {"Health": rested.health, "Terror": rested.terror,
                        "Energy": rested.energy, "Food": rested.food}


def test_a_card_to_keep_is_clicked_from_the_cards_drawn(app: App, ennor: Campaign) -> None:
    session = offered(ennor)
    scene = show(app, session)
    assert isinstance(scene, EndOfDayScene) and session.pending().kind == "keep_card"
    offer = list(session.game.state.offer)
    assert [tile.action for tile in scene.tiles.tiles] == [KeepCard(hero="tamsin", card=card)
                                                           for card in offer]
    assert all(tile.detail[0].startswith("Combat card") for tile in scene.tiles.tiles)
    click(app, scene.tiles.tiles[1])
    assert session.game.log[-1] == KeepCard(hero="tamsin", card=offer[1])
    assert offer[1] in session.game.state.hero("tamsin").combat_deck


def test_upgrades_show_the_costs_the_engine_says(app: App, ennor: Campaign) -> None:  # [UPG-5]
    session = building(ennor)  # 5 Exp left
    scene = show(app, session)
    assert isinstance(scene, EndOfDayScene) and session.pending().kind == "upgrade"
    hero = session.game.state.hero("tamsin")
    costs = attribute_costs(ennor, session.game.state, hero)
    for name, cost in costs.items():
        tile = next(tile for tile in scene.tiles.tiles if tile.title.startswith(name.capitalize()))
        assert (tile.detail or [tile.why])[0].startswith(f"{cost} Exp")
    courage = scene.tiles.by_text("Courage 0 -> 1")
    assert courage is not None and courage.action == BuyAttribute(hero="tamsin",
                                                                  attribute="courage")
    logic = scene.tiles.by_text("Logic 0 -> 1")
    assert logic is not None and not logic.enabled and logic.why == "6 Exp, only 5 held"
    click(app, courage)
    assert session.game.log[-1] == BuyAttribute(hero="tamsin", attribute="courage")


def test_deck_building_sets_aside_and_takes_back_above_the_minimum(app: App,
                                                                   ennor: Campaign) -> None:
    session = building(ennor)
    scene = show(app, session)
    assert isinstance(scene, EndOfDayScene)
    assert "16 of at least 15" in [label.text for label in scene.labels]
    row = scene.tiles.by_text("Bramble Snare")
    assert row is not None and row.enabled
    click(app, row)
    assert session.game.log[-1] == SetAside(hero="tamsin", card="combat-11v")
    assert "15 of at least 15" in [label.text for label in scene.labels]
    assert not any(tile.action == SetAside(hero="tamsin", card="combat-1v")
                   for tile in scene.tiles.tiles if tile.enabled)  # at the minimum [UPG-3]
    back = next(tile for tile in scene.tiles.tiles if isinstance(tile.action, TakeBack))
    click(app, back)
    assert session.game.log[-1] == TakeBack(hero="tamsin", card="combat-11v")


def test_the_night_s_dreams_are_shown_before_the_day(app: App, ennor: Campaign) -> None:
    """Tamsin sleeps on the Sleepers' Barrow (placed by hand) and reads its Dream
    [END-DAY-6]."""
    session = Session.start(ennor, ["tamsin"], seed=3)
    x, y = ennor.grid[106]
    session.game.state.placed.append(Placed(number=106, x=x, y=y))
    session.game.state.hero("tamsin").location = 106
    session.game.refresh()
    session.act(Pass(hero="tamsin"))
    scene = show(app, session)
    key(app, pygame.K_1, "1")
    assert isinstance(scene, EndOfDayScene) and scene.ended and session.game.state.day == 2
    assert [passage.key for passage in scene.dreams] == ["entry:106.d"]
    assert any(label.text == "Dream of the Stair Under the Sea" for label in scene.labels)


# --- the table's answer -----------------------------------------------------------------


def test_typing_a_name_then_enter_tells_the_encounter_drawn(app: App, ennor: Campaign) -> None:
    session = table_draws(ennor)
    scene = show(app, session)
    assert isinstance(scene, ChanceScene) and scene.searching()
    assert len(scene.tiles.tiles) == 5
    key(app, pygame.K_k, "k")  # a letter is searched, never a shortcut (K: checkpoint)
    typed(app, "k")
    assert scene.query == "k" and not scene.notice
    key(app, pygame.K_BACKSPACE)
    typed(app, "hart")
    assert [tile.title for tile in scene.tiles.tiles] == ["5  The Hart Without a Shadow"]
    key(app, pygame.K_RETURN)
    assert session.game.log[-1] == ChanceOutcome(point="draw green Encounter",
                                                 outcome="green-shadowless-hart")


def test_typing_a_number_finds_a_card_drawn_from_a_deck(app: App, ennor: Campaign) -> None:
    session = table_draws(ennor)
    show(app, session)
    typed(app, "5")
    key(app, pygame.K_RETURN)  # the fifth Encounter; then Tamsin draws her hand
    scene = app.stack[-1]
    assert isinstance(scene, ChanceScene) and session.game.state.chance is not None \
        and session.game.state.chance.point.point == "tamsin draws a card"
    typed(app, "12")
    assert [tile.title for tile in scene.tiles.tiles] == ["12V  Willow Bend"]
    key(app, pygame.K_RETURN)
    assert session.game.log[-1] == ChanceOutcome(point="tamsin draws a card",
                                                 outcome="combat-12v")


def test_a_save_opened_mid_entry_shows_all_of_the_reading_so_far(
        app: App, ennor: Campaign, tmp_path: Path) -> None:
    """Tamsin read 103 and chose an option that goes on at 103.1 [JOURNAL-1]; the game,
    saved and opened again, shows both passages, not only the last."""
    from grail.session import open_save

    session = at_the_clamp(ennor)
    session.act(Choose(hero="tamsin", option=1))
    assert [frame.key for frame in session.game.state.frames] == ["103.1"]
    path = tmp_path / "mid-entry.grail"
    session.save(path)
    opened = open_save(path)
    scene = JournalScene(opened)
    app.stack = [scene]
    app.frame(events=[])
    assert [piece.passage.key for piece in scene.story if piece.passage is not None] == [
        "entry:103", "entry:103.1"]


def test_a_save_opened_mid_reading_reads_again_only_from_a_snapshot_before_the_reading(
        ennor: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long game opened in the middle of a reading finds the same passages read so far
    from the save's newest snapshot taken while nothing was read, without playing the whole
    log again [JOURNAL-1]."""
    import random

    from grail.engine.game import Game
    from grail.session import open_save
    from grail.ui.reading import read_so_far

    path = tmp_path / "long.grail"
    session = Session.start(ennor, ["tamsin", "jago"], seed=1, path=path)
    chooser = random.Random(1)
    while not (len(session.game.log) > 70 and session.game.state.frames
               and session.game.state.frames[0].source == "entry"):
        legal = [action for action in session.legal()
                 if action.type not in ("join_game", "leave_game", "end_campaign")]
        session.act(chooser.choice(legal))
    session.close()
    opened = open_save(path)
    before = opened.before_reading()
    assert before is not None and 0 < before[0] < len(opened.game.log)
    assert not before[1].frames  # nothing was being read then
    whole = read_so_far(opened.game)  # the whole log played again
    assert whole

    def whole_log(*args: object, **kwargs: object) -> Game:
        raise AssertionError("the whole log played again")

    monkeypatch.setattr(Game, "replay", whole_log)
    assert read_so_far(opened.game, before) == whole
    scene = JournalScene(opened)
    assert [piece.passage.key for piece in scene.story if piece.passage is not None] == [
        f"entry:{entry}" for entry in dict.fromkeys(whole)]
