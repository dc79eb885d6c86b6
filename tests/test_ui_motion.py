"""Short animations where something changes, and a setting that turns them off: a hero who
travels walks from the old Location to the new one on the map, a meter that changes
slides its marker from the old space to the new one on the hero's board, a card played
rises into the Sequence, unless the player asked for less motion (every change is then
shown at once)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grail.content import bundled_pack, load_pack
from grail.engine.actions import Travel
from grail.session import Session
from grail.ui.app import App, Settings
from grail.ui.boards import SLIDE_MS
from grail.ui.mapview import WALK_MS
from grail.ui.scenes.map import MapScene


@pytest.mark.parametrize("reduce_motion", [False, True])
def test_a_meter_that_changes_slides_unless_motion_is_reduced(
        reduce_motion: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pygame.time.get_ticks", lambda: 1_000)  # the clock stands still
    app = App((1280, 720), Settings(reduce_motion=reduce_motion), headless=True)
    session = Session.start(load_pack(bundled_pack()), ["tamsin"], seed=3)
    scene = MapScene(session)
    app.stack = [scene]
    app.frame(events=[])
    energy = session.game.state.hero("tamsin").energy
    session.act(Travel(hero="tamsin", to=102))  # Travel costs 1 Energy [ACT-TRAVEL-1]
    assert session.game.state.hero("tamsin").energy == energy - 1
    app.stack = [scene]
    app.frame(events=[])
    app.settle()  # the board may be painted again in the frames after (grail/ui/budget.py)
    sliding = scene.panel.sliding.get(("tamsin", "Energy"))
    walking = scene.view.walking.get("tamsin")
    if reduce_motion:
        assert sliding is None and walking is None
        return
    assert sliding is not None and sliding[:2] == (energy, energy - 1)
    spots = session.game.state.spot_of(101), session.game.state.spot_of(102)
    assert walking is not None and walking[:2] == spots  # from 101 to 102 on the map
    later = max(sliding[2] + SLIDE_MS, walking[2] + WALK_MS)
    monkeypatch.setattr("pygame.time.get_ticks", lambda: later)
    app.frame(events=[])
    assert ("tamsin", "Energy") not in scene.panel.sliding  # the slide is over
    assert "tamsin" not in scene.view.walking


def test_less_motion_is_kept_with_the_settings(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    Settings(reduce_motion=True).save(path)
    assert Settings.load(path).reduce_motion


@pytest.mark.parametrize("reduce_motion", [False, True])
def test_a_card_played_rises_into_the_sequence_unless_motion_is_reduced(
        reduce_motion: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from grail.engine.actions import PlayCard
    from grail.ui.scenes.encounter import PLACE_MS, EncounterScene

    from .ui_states import combat_of_four

    monkeypatch.setattr("pygame.time.get_ticks", lambda: 1_000)  # the clock stands still
    game = combat_of_four()
    session = Session(game, None)
    app = App((1280, 720), Settings(reduce_motion=reduce_motion), headless=True)
    scene = EncounterScene(session)
    app.stack = [scene]
    app.frame(events=[])
    play = next(action for action in session.legal() if isinstance(action, PlayCard))
    session.act(play)  # the active character places a card [COMBAT-9]
    app.stack = [scene]
    app.frame(events=[])
    fight = scene.fight()
    assert fight is not None and len(fight.sequence) == 1
    rising = scene.rising(fight, not reduce_motion)
    assert (rising == {}) == reduce_motion
    if not reduce_motion:
        serial = fight.sequence[0].serial
        assert rising[serial] == 1  # it has all its way to rise
        assert scene.placed_at is not None
        later = scene.placed_at[serial] + PLACE_MS
        monkeypatch.setattr("pygame.time.get_ticks", lambda: later)
        assert scene.rising(fight, True) == {}  # in its place
