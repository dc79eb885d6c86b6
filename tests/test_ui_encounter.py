"""The Encounter view, headless: it draws a Combat (solo, a team of 4, a long Sequence), a
Diplomacy at Stage 2 (the rulebook's Arev against the Orphan), a Panic top card and a
discard asked, at 1280x720 to 1600x900 and scale 1x to 2x, without ever changing the game;
a click on a card of the hand sends the engine's PlayCard (asking how to pay the Magic when
there are several ways) or DiscardCard; a click on a member activates them; H shows the
hint and marks its first card; the pool and the Affinity shown are the state's."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from grail.content import bundled_pack, load_pack
from grail.content.encounters import CombatEncounter, DiplomacyEncounter
from grail.engine.actions import (
    Activate,
    Choose,
    DiscardCard,
    EndPlay,
    Explore,
    KeepHands,
    PlayCard,
    SpendCharges,
)
from grail.engine.game import Game
from grail.session import Session
from grail.sim.hints import hint
from grail.ui.app import App, Settings
from grail.ui.foe import told
from grail.ui.pick import PickScene
from grail.ui.scenes.encounter import EncounterScene
from grail.ui.scenes.game import view_for

from .encounter_helpers import Table
from .ui_input import click, key

EXAMPLES = Path(__file__).parent / "packs" / "examples"
FIRST = {"tamsin": ["t-blank", "t-brace"], "oswy": ["o-jab-1", "o-jab-2"],
         "bryn": ["b-charm", "b-jab-1"], "corra": ["c-jab-1", "c-jab-2"]}
"""Two cards for each of the four heroes of tests/packs/encounters (a team of 4 draws 2)."""


def shown(game: Game, size: tuple[int, int] = (1600, 900), scale: float = 1.0,
          contrast: bool = False) -> tuple[App, EncounterScene]:
    """The Encounter view of ``game`` drawn once in a headless window."""
    app = App(size, Settings(scale=scale, contrast=contrast), headless=True)
    scene = EncounterScene(Session(game, None))
    app.push(scene)
    app.frame(events=[])
    return app, scene


def said(scene: EncounterScene, text: str) -> list[str]:
    """The lines the last drawing wrote that hold ``text``."""
    return [line for line in scene.said if text in line]


def hand_rect(scene: EncounterScene, card: str) -> pygame.Rect:
    """Where a card of the hand shown is drawn."""
    fight = scene.fight()
    assert fight is not None and scene._layout is not None
    return next(rect for index, rect in scene._layout.hand.cards
                if fight.hand[index].card.id == card)


def beor() -> Table:
    """Beor against the Vagabond [EX-COMBAT-1], hands kept: his first activation."""
    table = Table(["beor"], campaign=load_pack(EXAMPLES))
    table.act(Explore(hero="beor"))
    table.act(Choose(hero="beor", option=0), "ex-attack", "ex-defense", "ex-shove")
    table.keep()
    return table


def arev_stage_two() -> Table:
    """Arev and the Orphan [EX-DIPLO-1..8]: Stage 2, Black Humour just played."""
    table = Table(["arev"], campaign=load_pack(EXAMPLES))
    table.act(Explore(hero="arev"))
    table.act(Choose(hero="arev", option=1), "ex-honest-truth", "ex-false-promise",
              "ex-idle-chatter")
    table.keep()
    table.act(PlayCard(hero="arev", card="ex-honest-truth"))
    table.act(EndPlay(hero="arev"), "ex-black-humour")
    table.act(PlayCard(hero="arev", card="ex-false-promise", magic=((3, "arev"),)),
              "ex-eye-for-detail")
    table.act(EndPlay(hero="arev"), "ex-small-talk")
    table.act(PlayCard(hero="arev", card="ex-black-humour"), "ex-closing-argument")
    return table


def team_of_four() -> Table:
    table = Table(["tamsin", "oswy", "bryn", "corra"])
    table.fight("grey-brawler", *[card for hero in FIRST for card in FIRST[hero]])
    table.keep()
    return table


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_a_solo_combat_is_drawn_at_every_size_and_scale_without_changing_the_game(
        size: tuple[int, int], scale: float) -> None:
    table = beor()
    table.play("ex-attack")
    before = table.game.state_hash()
    app, scene = shown(table.game, size, scale)
    for _ in range(3):
        app.frame(events=[])
    assert table.game.state_hash() == before
    layout = scene._layout
    assert layout is not None
    main = scene.regions(app)["main"]
    for _, rect in [*layout.sequence.cards, *layout.hand.cards]:
        assert main.contains(rect), (rect, main)
    assert said(scene, "Pool 2 of 5") and said(scene, "Attack (Beor)")


def test_the_pool_shown_is_the_states_and_the_current_row_is_marked_COMBAT_13() -> None:
    table = beor()
    _, scene = shown(table.game)
    assert said(scene, "Pool 0 of 5")
    assert said(scene, "0-1: 1 damage  (now)") and not said(scene, "2-3: 2 damage, remove 1 "
                                                             "marker  (now)")
    table.play("ex-attack")
    _, scene = shown(table.game)
    encounter = table.encounter
    card = table.campaign.encounter[encounter.id]
    assert isinstance(card, CombatEncounter)
    assert said(scene, f"Pool {encounter.pool} of {card.value}")
    assert said(scene, "2-3: 2 damage, remove 1 marker  (now)")
    assert said(scene, "Swift: at most 2 cards an activation")
    assert said(scene, "Opportunity attack: 1 damage")


def test_each_joint_of_the_sequence_is_told_and_covered_abilities_are_marked_ANAT_6() -> None:
    table = beor()
    table.play("ex-attack")
    table.play("ex-defense", magic=((2, "beor"),))
    _, scene = shown(table.game)
    assert said(scene, "1. Attack (Beor): attribute 1 connected, free connected")
    assert said(scene, "2. Defense (Beor): magic 2 connected, free connected; 1 Time")
    table = arev_stage_two()
    _, scene = shown(table.game)
    assert said(scene, "1. Honest Truth (Arev): attribute 1 connected, free connected")
    assert said(scene, "3. Black Humour (Arev): attribute 1 connected, free connected; 2 "
                       "Charges")


def test_clicking_a_playable_card_sends_its_play_and_a_dimmed_one_says_why_COMBAT_10() -> None:
    table = beor()
    app, scene = shown(table.game)
    assert said(scene, "Attack: Play: click (or key 1); yields +2 markers")
    click(app, hand_rect(scene, "ex-attack").center)
    assert table.sequence() == ["ex-attack"] and table.encounter.pool == 2
    app.frame(events=[])
    assert said(scene, "Shove: Cannot be played now")
    click(app, hand_rect(scene, "ex-shove").center)
    assert table.sequence() == ["ex-attack"]
    assert scene.notice == "Shove cannot be played now: after the first card, a card must " \
        "connect a continue key of its own: it has no continue key"  # [COMBAT-10], no tag
    # Defense: only paid is legal (its Magic Key gives the continue): one click plays it.
    click(app, hand_rect(scene, "ex-defense").center)
    assert table.encounter.sequence[-1].magic == [2] and table.hero("beor").magic == 2


def test_several_ways_to_pay_the_magic_ask_which_KEY_3() -> None:
    table = Table(["tamsin", "oswy"])
    table.fight("purple-unweaver", "t-jab-1", "t-spark", "t-jab-2", "o-jab-1", "o-jab-2",
                "o-jab-3")
    table.keep()
    table.act(Activate(hero="tamsin"))
    table.play("t-jab-1")
    app, scene = shown(table.game)
    click(app, hand_rect(scene, "t-spark").center)
    assert isinstance(app.stack[-1], PickScene)
    options = [value for _, value in app.stack[-1].options]
    assert options == [PlayCard(hero="tamsin", card="t-spark", magic=((2, "tamsin"),)),
                       PlayCard(hero="tamsin", card="t-spark", magic=((2, "oswy"),))]
    key(app, pygame.K_2)
    assert app.stack == [scene]
    assert table.encounter.sequence[-1].card == "t-spark"
    assert (table.hero("tamsin").magic, table.hero("oswy").magic) == (2, 0)


def test_h_shows_the_hint_and_marks_its_first_card() -> None:
    table = beor()
    app, scene = shown(table.game)
    before = table.game.state_hash()
    key(app, pygame.K_h)
    found = hint(table.game)
    assert found is not None and scene.current_hint() == found
    assert said(scene, f"Hint: {found.text}")
    first = found.actions[0]
    assert isinstance(first, PlayCard)
    name = table.campaign.card[first.card].name
    assert [line for line in scene.said if line.startswith(f"{name}:") and "HINT" in line]
    assert table.game.state_hash() == before  # asking is not playing
    table.play("ex-attack")
    app.frame(events=[])
    assert scene.current_hint() is None  # a hint holds until the next action


def test_the_hint_button_asks_too_and_waits_while_nobody_plays() -> None:
    table = Table(["beor"], campaign=load_pack(EXAMPLES))
    table.act(Explore(hero="beor"))
    table.act(Choose(hero="beor", option=0), "ex-attack", "ex-defense", "ex-shove")
    app, scene = shown(table.game)  # the mulligan: no activation waits
    button = scene.panel.by_text("Hint")
    assert button is not None and not button.enabled
    assert scene.panel.by_text("Keep these hands") is not None
    click(app, scene.panel.by_text("Keep these hands").rect.center)  # type: ignore[union-attr]
    assert table.encounter.step == "play"
    button = scene.panel.by_text("Hint")
    assert button is not None and button.enabled
    click(app, button.rect.center)
    assert scene.current_hint() is not None


def test_a_diplomacy_at_stage_two_shows_the_affinity_stage_and_response_DIPLO_3() -> None:
    table = arev_stage_two()
    before = table.game.state_hash()
    app, scene = shown(table.game, (1280, 720))
    encounter = table.encounter
    card = table.campaign.encounter[encounter.id]
    assert isinstance(card, DiplomacyEncounter)
    assert said(scene, "Stage 1 of 2: Comfort the child (won)")
    assert said(scene, "Stage 2 of 2: Find out what happened (now)")
    track = card.affinity
    assert said(scene, f"Affinity track {-track.red} to {track.green}, marker on "
                       f"{encounter.affinity}")
    assert said(scene, "Affinity 0") and encounter.affinity == 0
    assert said(scene, "Logic: up")
    assert said(scene, "Response: lose 1 Food, discard the last card of the Sequence")
    assert table.game.state_hash() == before
    # The Charges of Black Humour [EX-DIPLO-9], then Eye for Detail: the marker moves up.
    spend = scene.panel.by_text("Spend 2 Charges of Black Humour")
    assert spend is not None and isinstance(spend.action, SpendCharges)
    click(app, spend.rect.center)
    click(app, hand_rect(scene, "ex-eye-for-detail").center)
    assert table.encounter.affinity == 1
    app.frame(events=[])
    assert said(scene, "Affinity +1") and said(scene, "marker on 1")
    assert said(scene, "Black Humour (Arev): attribute 1 connected, free connected; Ability "
                       "covered")


def test_a_team_of_four_shows_the_activation_order_and_a_click_activates_COMBAT_5() -> None:
    table = team_of_four()
    before = table.game.state_hash()
    app, scene = shown(table.game, (1280, 720))
    assert table.game.state_hash() == before
    for name in ("Tamsin", "Oswy", "Bryn", "Corra"):
        assert [line for line in scene.said if line.startswith(name) and "to activate" in line]
    assert scene._layout is not None and len(scene._layout.members) == 4
    rect = next(rect for rect, hero in scene._layout.members if hero == "bryn")
    click(app, rect.center)
    assert table.active == "bryn"
    app.frame(events=[])
    assert [line for line in scene.said if line.startswith("Bryn") and "active" in line]
    assert said(scene, "Hand of Bryn")
    table.end_play("b-jab-2")  # no card played: the Opportunity attack, and a draw
    app.frame(events=[])
    assert [line for line in scene.said if line.startswith("Bryn") and "done this turn" in line]


def test_while_nobody_is_active_a_click_on_a_member_shows_their_hand() -> None:
    table = Table(["tamsin", "oswy", "bryn", "corra"])
    table.fight("grey-brawler", *[card for hero in FIRST for card in FIRST[hero]])
    app, scene = shown(table.game)  # the mulligan
    assert said(scene, "Hand of Tamsin")
    rect = next(rect for rect, hero in scene._layout.members  # type: ignore[union-attr]
                if hero == "corra")
    click(app, rect.center)
    app.frame(events=[])
    assert said(scene, "Hand of Corra") and table.encounter.step == "mulligan"


def test_a_panic_top_card_is_shown_first_and_played_by_a_click_COMBAT_22() -> None:
    table = Table(["oswy"])
    table.fight("blue-reeve", "o-nod-1", "o-nod-2", "o-shrug", oswy__terror=8)
    table.keep("o-bluster")
    app, scene = shown(table.game)
    assert said(scene, "Panic: the top card of the deck comes first")
    fight = scene.fight()
    assert fight is not None and fight.hand[0].card.id == "o-bluster" and fight.hand[0].forced
    assert [line for line in scene.said if line.startswith("Oswy") and "PANIC" in line]
    click(app, hand_rect(scene, "o-bluster").center)
    assert table.sequence() == ["o-bluster"]


def test_a_discard_asked_is_taken_by_a_click_on_the_card_COMBAT_15() -> None:
    table = Table(["tamsin"])
    table.fight("grey-brawler", "t-blank", "t-jab-1", "t-jab-2")
    table.keep()
    table.end_play("t-jab-3")  # 4 cards at the end of the turn: discard down to 3
    assert table.game.pending().kind == "discard"
    app, scene = shown(table.game)
    assert view_for(scene.session) is EncounterScene
    assert said(scene, "discards 1 card: click a card of the hand")
    assert said(scene, "Hesitate: Discard: click")
    click(app, hand_rect(scene, "t-blank").center)
    chance = table.game.state.chance  # the end-of-turn draw waits for the table
    assert chance is not None
    assert chance.action == DiscardCard(hero="tamsin", card="t-blank").model_dump(mode="json")
    table.answer("t-jab-4")
    assert table.encounter.discards["tamsin"] == ["t-blank"]
    app.frame(events=[])
    assert said(scene, "Hand of Tamsin the Drover, 4 cards")


def test_a_long_sequence_shrinks_then_scrolls() -> None:
    table = team_of_four()
    table.act(Activate(hero="tamsin"))
    table.play("t-brace")
    sequence = table.encounter.sequence
    for serial in range(2, 16):  # a Sequence longer than any window holds
        sequence.insert(0, sequence[-1].model_copy(update={"serial": 100 + serial}))
    table.game.refresh()
    before = table.game.state_hash()
    app, scene = shown(table.game, (1280, 720))
    row = scene._layout.sequence  # type: ignore[union-attr]
    assert row.hidden_left > 0 and row.hidden_right == 0 and row.cards[-1][0] == 14
    key(app, pygame.K_LEFT)
    row = scene._layout.sequence  # type: ignore[union-attr]
    assert row.hidden_right == 1
    app, scene = shown(table.game, (1600, 900), contrast=True)
    assert table.game.state_hash() == before


def test_the_view_follows_the_game_when_the_encounter_is_won_COMBAT_16() -> None:
    table = beor()  # [EX-COMBAT-2..10]
    table.play("ex-attack")
    table.play("ex-defense", magic=((2, "beor"),))
    table.end_play("ex-throw", "ex-enrage")
    table.play("ex-throw")
    table.play("ex-enrage", magic=((3, "beor"),))
    app, scene = shown(table.game)
    assert said(scene, "Pool 6 of 5")
    button = scene.panel.by_text("Play no more cards")
    assert button is not None and button.key  # the action bar's number, shown on it too
    click(app, button.rect.center)
    assert table.game.state.encounter is None
    assert not isinstance(app.stack[-1], EncounterScene)
    assert type(app.stack[-1]) is view_for(scene.session)


def test_an_encounter_view_without_an_encounter_shows_the_game_in_words() -> None:
    game = Game.new(load_pack(EXAMPLES), ["beor"], seed=1)
    before = game.state_hash()
    _, scene = shown(game)
    assert scene.fight() is None and game.state_hash() == before
    assert KeepHands not in {type(action) for action in game.legal_actions()}


def test_the_encounter_card_names_the_status_its_reward_marks() -> None:
    """A Reward that marks a Status reads with the Status's name from the Game Sheet, not
    its id [STATUS-1]."""
    campaign = load_pack(bundled_pack())
    game = Game.new(campaign, ["tamsin"], seed=1)
    said = told(game, campaign.encounter["purple-ashen-shepherd"].reward)
    assert "The Ashen Shepherd Laid to Rest" in said and "shepherd-laid-to-rest" not in said
