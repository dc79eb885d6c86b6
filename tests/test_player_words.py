"""Nothing internal reaches a player: every text a player reads (the summary, the actions
offered, what happened, what the game waits on, undo, a refusal, a fight) names things by
their names in the content, never by their ids, and carries no rule tag nor placeholder.
Ids belong to ``--json`` and to the author tools."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache

import pytest

from grail.content import Campaign, bundled_pack, load_pack
from grail.content.base import models_in
from grail.content.effects import AddTask, Dial, PlaceDial
from grail.engine import dials
from grail.engine.game import Game, IllegalAction
from grail.engine.world import apply_effect
from grail.words.actions import action_lines, action_text, tell, undone_lines
from grail.words.actions import refused as refused_words
from grail.words.decisions import pending_words
from grail.words.effects import ability_lines, effects_words
from grail.words.encounter import encounter_lines
from grail.words.events import event_text
from grail.words.summary import summary
from grail.words.table import event_lines, hero_lines, map_lines, place_lines

RULE_TAG = re.compile(r"\[[A-Z]+(?:-[A-Z0-9]+)*-\d+[a-z]?\]")
PLACEHOLDERS = ("(s)", "None", "+0 ", "-0 ", "{", "}", "_", "mark status", "1 Days")
"""Words that are the engine's or a template's, not a player's."""
WORD = re.compile(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)*\b")


@cache
def ennor() -> Campaign:
    return load_pack(bundled_pack())


@cache
def ennor_ids() -> frozenset[str]:
    return ids(ennor())


def ids(campaign: Campaign) -> frozenset[str]:
    """The pack's ids that are not also plain words of its own player text: heroes, cards,
    Encounters, Events, quests, Statuses, tasks, dials."""
    found = {*campaign.hero, *campaign.card, *campaign.encounter, *campaign.event,
             *campaign.quest, *(status.id for status in campaign.manifest.game_sheet.statuses),
             *campaign.task, *(model.id for _, model in models_in(campaign)
                               if isinstance(model, Dial))}
    prose = " ".join([entry.text for entry in campaign.entry.values()]
                     + [event.text for event in campaign.event.values()])
    return frozenset(found - set(WORD.findall(prose)))


def problems(campaign: Campaign, where: str, text: str) -> Iterator[str]:
    """What in ``text`` a player should not read."""
    for word in WORD.findall(text):
        if word in ennor_ids():
            yield f"{where}: the id {word!r} in {text!r}"
    if RULE_TAG.search(text):
        yield f"{where}: a rule tag in {text!r}"
    for placeholder in PLACEHOLDERS:
        if placeholder in text:
            yield f"{where}: {placeholder!r} in {text!r}"


def told_undoable(game: Game) -> list[str]:
    """What undo can take back, oldest first, as undo would tell it (on a copy)."""
    again = Game(game.campaign, game.state.model_copy(deep=True), dict(game.setup), list(game.log))
    undone = again.undoable()
    if undone:
        again.undo(len(undone))
    return undone_lines(again, undone)[::-1]


def texts(game: Game) -> Iterator[tuple[str, str]]:
    """Every text a player reads of the game as it stands."""
    yield "summary", summary(game)
    for line in action_lines(game):
        yield "legal", line
    for line in encounter_lines(game):
        yield "encounter", line
    for told in told_undoable(game):
        yield "undo", told
    yield "waiting", pending_words(game)
    for view, lines in (("characters", hero_lines), ("event", event_lines),
                        ("locations", place_lines), ("map", map_lines)):
        for line in lines(game):
            yield view, line


@pytest.mark.parametrize("seed", range(6))
def test_random_games_of_the_bundled_campaign_show_no_internal_words(seed: int) -> None:
    campaign = ennor()
    chooser = random.Random(seed)
    heroes = sorted(campaign.hero)[: 1 + seed % 4]
    game = Game.new(campaign, heroes, seed=seed)
    found: list[str] = []
    for _ in range(250):
        if game.is_terminal():
            break
        for where, text in texts(game):
            found += problems(campaign, where, text)
        legal = [action for action in game.legal_actions()
                 if action.type not in ("join_game", "leave_game")]
        action = legal[chooser.randrange(len(legal))]
        found += problems(campaign, "action", action_text(game, action))
        for event in game.apply(action):
            found += problems(campaign, "event", event_text(campaign, event))
    assert not found, "\n".join(sorted(set(found))[:40])


def test_tasks_and_dials_read_as_their_words_not_their_ids() -> None:  # [TASK-1], [DIAL-1]
    """What a player reads when a journal entry opens a task and sets a dial: the task's
    text from the task log, the dial's name in words."""
    campaign = ennor()
    game = Game.new(campaign, ["jago"], seed=1)
    hero = [game.state.hero("jago")]
    events = [*apply_effect(campaign, game.state, AddTask.model_validate(
        {"add_task": {"id": "douse-raid-fires", "text": "Put out the raid's fires."}}), hero),
        *dials.place(campaign, game.state, PlaceDial.model_validate(
            {"place_dial": {"id": "raid-fires", "value": 3, "token": "time"}}).place_dial,
            hero[0], None)]
    said = [event_text(campaign, event) for event in events]
    assert said == [f"Task opened: {campaign.task['douse-raid-fires'].rstrip('.')}.",
                    "The raid fires dial is set to 3."]
    assert not [problem for text in said for problem in problems(campaign, "event", text)]


def test_a_task_logged_again_is_listed_once() -> None:  # [TASK-1]
    """An Event drawn again after Mother's Mercy logs its task again: the log holds it
    once, and the player reads of it once."""
    campaign = ennor()
    game = Game.new(campaign, ["jago"], seed=1)
    task = AddTask.model_validate(
        {"add_task": {"id": "douse-raid-fires", "text": "Put out the raid's fires."}})
    told = [apply_effect(campaign, game.state, task, [game.state.hero("jago")])
            for _ in range(3)]
    assert [t.id for t in game.state.tasks].count("douse-raid-fires") == 1
    assert [len(events) for events in told] == [1, 0, 0]
    written = campaign.task["douse-raid-fires"].rstrip(".")  # the pack's words win
    assert summary(game).count(f"Task: {written}\n") == 1


@pytest.mark.parametrize(("dial", "left"), [(3, "3 Days left"), (1, "1 Day left"),
                                            (None, "its last Day")])
def test_a_menhirs_days_left_read_in_the_singular_and_plural(dial: int | None, left: str) -> None:
    campaign = ennor()
    game = Game.new(campaign, ["jago"], seed=1)
    game.state.menhirs[0].dial = dial
    assert f"Tallow Cross ({left})" in summary(game)  # [MENHIR-2], [DAY-START-3]


def test_an_ability_says_when_once() -> None:  # [ANAT-15]
    """A delayed Ability whose own words say when ("Delayed (2 Time tokens): …") is not
    prefixed with the trigger again; one without them is."""
    campaign = ennor()
    game = Game.new(campaign, ["kerra"], seed=1)
    lines = [line for card in campaign.cards
             for line in ability_lines(campaign, game.state, card)]
    assert lines and not [line for line in lines if line.count("Delayed") > 1]
    assert "Delayed (2 Time tokens): add 2 markers to the Combat pool." in lines


def test_a_refusal_reads_without_ids_or_rule_tags() -> None:
    campaign = ennor()
    game = Game.new(campaign, ["tamsin", "jago"], seed=3)
    travel = next(action for action in game.legal_actions() if action.type == "travel")
    game.apply(next(action for action in game.legal_actions() if action.type == "pass"
                    and action.hero == travel.hero))
    with pytest.raises(IllegalAction) as refused:
        game.apply(travel)
    text = refused_words(game, refused.value)
    assert list(problems(campaign, "refusal", text)) == []
    assert "not allowed" in text


class _Heard:
    """A font that notes every text it renders, for the window's words."""

    def __init__(self, font: object, heard: list[str]) -> None:
        self._font, self._heard = font, heard

    def render(self, text: str, *args: object) -> object:
        self._heard.append(text)
        return self._font.render(text, *args)  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self._font, name)


def test_the_window_shows_no_internal_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text the window draws, in every view of games in many states (the map, the
    journal, fights of four, Diplomacy, the End of Day, a hero dying, a companion game's
    table), names things by their names: no id, rule tag nor placeholder."""
    import pygame

    from grail.session import Session
    from grail.ui import theme
    from grail.ui.app import App
    from grail.ui.scenes.game import view_for

    from .ui_states import STATES

    heard: list[str] = []
    real = theme.face_at
    monkeypatch.setattr(theme, "face_at", lambda face, points: _Heard(real(face, points), heard))
    fonts_and_lines = (theme._font_at, theme.rendered)  # what earlier tests left in them
    for kept in fonts_and_lines:
        kept.cache_clear()
    app = App((1600, 900), headless=True)
    found: list[str] = []
    try:
        for name, build in sorted(STATES.items()):
            game = build()
            session = Session(game, None)
            app.stack = [view_for(session)(session)]
            heard.clear()
            app.frame(events=[])
            app.frame(events=[])
            app.settle()
            assert heard, f"{name}: nothing drawn"
            found += [problem for text in heard
                      for problem in problems(game.campaign, name, text)]
    finally:
        for kept in fonts_and_lines:  # no listening font left to later tests
            kept.cache_clear()
        pygame.display.quit()
    assert found == []


def test_a_proposed_action_says_nothing_is_paid_yet() -> None:
    """A Travel others may join is only proposed: its words, and undo's, say so, and no
    Energy is spent until it begins [TEAM-1]."""
    from grail.engine.actions import Travel

    game = Game.new(ennor(), ["tamsin", "jago"], seed=3)
    energy = game.state.hero("tamsin").energy
    game.apply(Travel(hero="tamsin", to=102))
    assert game.state.hero("tamsin").energy == energy
    assert told_undoable(game) == [
        "Travel: Tamsin Vell from 101 Tallow Cross to 102 The Crown of Nine, -1 Energy; others "
        "here may join before it begins"]
    assert pending_words(game) == "Travel: who joins, before it begins"
    from grail.engine.actions import Explore, Join

    game = Game.new(ennor(), ["tamsin", "jago"], seed=3)
    game.apply(Explore(hero="tamsin"))
    events = game.apply(Join(hero="jago"))
    assert event_text(game.campaign, events[0]) == \
        "Jago Trevail joins Tamsin Vell's exploration."  # a noun, not the action's kind


def test_a_proposal_and_a_pass_say_what_in_words() -> None:
    """The log names what a character proposes in words, not by the action's kind
    ("location action"), and where a Travel goes, and undo names a Pass as passing, not as the Rest action
    [TEAM-1], [ACT-PASS-1]."""
    from grail.engine.actions import CharacterAction, LocationAction, Pass, Travel

    for action, words in ((LocationAction(hero="tamsin"), "use the Location's action"),
                          (CharacterAction(hero="tamsin"), "use their character action"),
                          (Travel(hero="tamsin", to=104), "travel to 104 Lowen Ford")):
        game = Game.new(ennor(), ["tamsin", "jago"], seed=3)
        events = game.apply(action)
        assert [event_text(game.campaign, event) for event in events] == [
            f"Tamsin Vell proposes to {words}; others on the Location may join."]
    game = Game.new(ennor(), ["tamsin", "jago"], seed=3)
    game.apply(Pass(hero="tamsin"))
    assert told_undoable(game) == [
        "Pass: Tamsin Vell passes for the rest of the Day"]


def test_a_button_leaves_out_where_the_character_stands_and_the_terminal_says_it() -> None:
    """The window's buttons sit beside the map that shows where each character stands: a
    Day action's words there name the way and the cost, not the Location left or acted on
    [ACT-TRAVEL-1]; the terminal's lines, with no map beside them, say it."""
    from grail.engine.actions import Explore, Travel
    from grail.words.actions import action_label, action_text

    game = Game.new(ennor(), ["tamsin", "jago"], seed=3)
    travel, explore = Travel(hero="tamsin", to=102), Explore(hero="tamsin")
    assert action_label(game, travel) == "Travel: Tamsin Vell to 102 The Crown of Nine, -1 Energy"
    assert action_label(game, explore) == "Explore: Tamsin Vell, -1 Energy"
    assert action_text(game, travel).startswith(
        "Travel: Tamsin Vell from 101 Tallow Cross to 102 The Crown of Nine, -1 Energy")
    assert action_text(game, explore).startswith("Explore: Tamsin Vell at 101 Tallow Cross")


def test_a_game_sheet_part_and_a_team_share_read_as_words(minimal: Campaign) -> None:
    """One part marked is "(part 1)", not "(parts 1)"; a share names its meter as the
    game does ("2 Energy") [STATUS-1], [TEAM-6]."""
    from grail.engine.actions import PayShare
    from grail.engine.state import StatusMarks

    game = Game.new(minimal, ["wren"], seed=1)
    game.state.statuses.append(StatusMarks(id="flood", parts=[1]))
    assert "(part 1)" in summary(game) and "(parts 1)" not in summary(game)
    assert tell(minimal, game.state, PayShare(hero="wren", what="energy", amount=2)) == \
        "Pay: Wren of the Marsh pays 2 Energy of the team's cost"


def test_a_character_s_items_say_what_their_uses_do() -> None:  # [ITEM-1]
    """'c' in the terminal: each use of an Item or Secret by name with what it does, as
    docs/cli.md promises, not its name alone."""
    campaign = ennor()
    game = Game.new(campaign, ["jago"], seed=1)
    game.state.hero("jago").items = [1]
    line = next(line for line in hero_lines(game) if line.startswith("  Item: "))
    use = campaign.item[1].uses[0]
    assert f"Uses: {use.name} ({(use.text or '').rstrip('.')})." in line


@pytest.mark.parametrize(("pick", "said_as"), [
    ({"keyword": "relic"}, "gain a Relic Item"), ({"keyword": "armor"}, "gain an Armor Item"),
    ({"craftable": True}, "gain a craftable Item"), ({"number": 1}, "gain Quarry Maul")])
def test_an_item_gained_reads_as_words(pick: dict[str, object], said_as: str) -> None:
    """A Reward's or Loot's Item in words, not its fields ('gain item keyword relic')
    [ITEM-4]."""
    from grail.content.effects import GainItem
    campaign = ennor()
    game = Game.new(campaign, ["jago"], seed=1)
    effect = GainItem.model_validate({"gain_item": pick})
    assert effects_words(campaign, game.state, [effect]) == said_as


def test_a_new_hand_names_each_card_drawn_once() -> None:  # [COMBAT-4]
    """A mulligan draws a new hand: the player reads the cards once, in the hand's own line,
    not again as one "Chance:" line a card; the JSON events still carry each outcome."""
    from grail.engine.actions import Mulligan
    from grail.words.events import changes, story
    from grail.words.names import player_card_name

    campaign = ennor()
    game, chooser = Game.new(campaign, ["tamsin"], seed=1), random.Random(1)
    while not any(isinstance(action, Mulligan) for action in game.legal_actions()):
        game.apply(chooser.choice(game.legal_actions()))
    events = game.apply(next(a for a in game.legal_actions() if isinstance(a, Mulligan)))
    drawn = [event.outcome for event in events if event.type == "chance_drawn"]
    lines = story(campaign, events)
    assert drawn and not any(line.startswith("Chance") for line in lines)
    for card in drawn:
        name = player_card_name(campaign, card)
        assert sum(line.count(name) for line in lines) == 1, lines
        assert not [change for change in changes(campaign, events) if name in change.text]


def test_undo_of_a_card_played_in_a_team_says_whose_it_was() -> None:  # [COMBAT-5]
    """In a team fight, "Undone: Play Fathom Lead" would not say which member's card came
    back; the terminal and the undo name the member, the member's own button does not."""
    from grail.engine.actions import PlayCard
    from grail.words.actions import action_label

    campaign = ennor()
    game, chooser = Game.new(campaign, ["tamsin", "jago"], seed=2), random.Random(2)
    while not (game.state.encounter is not None and len(game.state.encounter.heroes) > 1
               and any(isinstance(action, PlayCard) for action in game.legal_actions())):
        game.apply(chooser.choice(game.legal_actions()))
    play = next(action for action in game.legal_actions() if isinstance(action, PlayCard))
    member = campaign.hero[play.hero].name
    assert member not in action_label(game, play)
    assert member in action_text(game, play)
    game.apply(play)
    assert told_undoable(game)[-1].endswith(f"by {member}")


@pytest.mark.parametrize(("effect", "said_as"), [
    ({"mark": {"status": "saltborn-grudge", "part": 1}}, "mark The Saltborn's Grudge, part 1"),
    ({"mark": {"status": "weir-broken"}}, "mark The Lowen Weir Is Broken"),
    ({"unmark": {"status": "weir-broken"}}, "erase The Lowen Weir Is Broken")])
def test_a_status_marked_reads_as_the_game_sheet_says(
        effect: dict[str, object], said_as: str) -> None:
    """A Failure's or an Ability's mark in a player's words, the Status by its name, not
    the field's ('mark status The Saltborn's Grudge') [STATUS-1]."""
    from pydantic import TypeAdapter

    from grail.content.effects import Effect
    campaign = ennor()
    game = Game.new(campaign, ["jago"], seed=1)
    parsed = TypeAdapter(Effect).validate_python(effect)
    assert effects_words(campaign, game.state, [parsed]) == said_as


def test_a_status_marked_again_is_told_once() -> None:  # [STATUS-1]
    """The Ashen Shepherd's Reward and the won effects of the fight at 107 both mark "Laid
    to Rest": the player reads it once."""
    from grail.content.effects import Mark

    campaign = ennor()
    game = Game.new(campaign, ["jago"], seed=1)
    mark = Mark.model_validate({"mark": {"status": "shepherd-laid-to-rest"}})
    told = [apply_effect(campaign, game.state, mark, [game.state.hero("jago")])
            for _ in range(2)]
    assert [len(events) for events in told] == [1, 0]
    assert [s.whole for s in game.state.statuses if s.id == "shepherd-laid-to-rest"] == [True]


def test_an_escape_says_what_the_loss_sets_off_where_the_encounter_began(
        minimal: Campaign) -> None:  # [ENC-3], [COMBAT-17]
    """Forage at 101 draws a green Encounter whose loss costs 1 Food: the Escape button says
    so after its own cost, as escaping sets it off."""
    from grail.engine.actions import Escape, LocationAction

    game = Game.new(minimal, ["wren"], seed=1)
    game.apply(LocationAction(hero="wren"))
    while not any(isinstance(action, Escape) for action in game.legal_actions()):
        game.apply(game.legal_actions()[0])
    escape = next(action for action in game.legal_actions() if isinstance(action, Escape))
    assert action_text(game, escape) == \
        "Escape: -1 Energy and the Opportunity attack (1 damage); then lose 1 Food"


def test_a_gain_beyond_a_meter_tells_what_the_meter_took() -> None:  # [SURV-7], [SURV-2]
    """A meter stops at the top of its track (Energy at the Health bar): a gain of 100,000
    Energy says +1 when one space was left, and a gain on a full meter says nothing."""
    from grail.content.effects import Gain, Lose

    campaign = ennor()
    game = Game.new(campaign, ["jago"], seed=1)
    jago = game.state.hero("jago")
    room = min(campaign.hero["jago"].meters.energy.max, jago.health) - jago.energy
    gain = Gain.model_validate({"gain": {"energy": 100_000}})
    told = [event_text(campaign, event)
            for _ in range(2) for event in apply_effect(campaign, game.state, gain, [jago])]
    assert room > 0 and told == [f"Jago Trevail, the Quarryman: +{room} Energy.", ""]
    lose = Lose.model_validate({"lose": {"food": 100_000}})
    food = jago.food
    assert [event_text(campaign, event) for event in apply_effect(
        campaign, game.state, lose, [jago])] == [f"Jago Trevail, the Quarryman: -{food} Food."]


def test_an_entry_read_says_its_number_and_its_heading(minimal: Campaign) -> None:  # [JOURNAL-1]
    """The words of an entry read carry its heading, as the window's journal shows it, after
    the number the journal prints; an entry with no heading reads as its number and text."""
    from grail.engine.events import EntryRead

    campaign = ennor()
    titled = next(entry for entry in campaign.entry if campaign.entry[entry].title)
    plain = next(entry for entry in minimal.entry if not minimal.entry[entry].title)
    assert event_text(campaign, EntryRead(entry=titled)) == \
        f"[{titled}] {campaign.entry[titled].title}: {campaign.entry[titled].text}"
    assert event_text(minimal, EntryRead(entry=plain)) == f"[{plain}] {minimal.entry[plain].text}"
    from grail.engine.trying import try_entry

    reading, _ = try_entry(campaign, "tamsin", "103", seed=3)  # a choice waits in 103
    assert f"\nReading [103] {campaign.entry['103'].title}: " in summary(reading)
