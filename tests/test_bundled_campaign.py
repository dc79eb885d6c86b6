"""The bundled campaign, The Guttering Stones of Ennor, has what a campaign needs: a map,
a journal, four Encounter decks, events, Secrets, Items, Skills and four heroes of the sizes
and kinds below, every mechanic shown somewhere, and a first chapter that the day
auto-player finishes often but not always."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest

from grail.cli import main
from grail.content import Campaign, bundled_pack
from grail.content import conditions as cond
from grail.content import effects as fx
from grail.content.encounters import CombatEncounter, DiplomacyEncounter
from grail.content.events import RandomEvent, StoryEvent
from grail.content.inside import nested
from grail.content.lint import lint_pack
from grail.engine.game import Game
from grail.engine.trying import try_entry
from grail.sim.days import DayPolicy, run

from .conftest import saved


def _effects(campaign: Campaign) -> list[object]:
    lists = [entry.effects for entry in campaign.entry.values()]
    lists += [event.effects for event in campaign.events]
    lists += [loc.immediate for loc in campaign.locations]
    return [effect for effects in lists for _, effect in nested(effects, ())]


def test_the_map(ennor: Campaign) -> None:  # [MAP-1], [MAP-3], [MENHIR-5], [END-DAY-7]
    originals = [loc for loc in ennor.locations if loc.old_number is None]
    changed = [loc for loc in ennor.locations if loc.old_number is not None]
    assert len(originals) >= 25 and len(changed) >= 3
    assert sum(loc.menhir is not None for loc in originals) >= 3
    assert sum(loc.dream is not None for loc in originals) >= 2
    seals = Counter(seal for loc in originals for seal in loc.seals)
    assert seals["enemy_settlement"] >= 1 and seals["friendly_settlement"] >= 1
    grid = ennor.grid
    numbers = {grid[loc.number]: loc for loc in originals}
    blocked = [(here, there) for (x, y), here in numbers.items()
               for there in (numbers.get((x + 1, y)), numbers.get((x, y + 1))) if there
               and there.number not in here.keys.model_dump().values()]
    assert blocked, "some neighbours on the grid have no keys between them"
    replaced = {effect.replace_location for effect in _effects(ennor)
                if isinstance(effect, fx.ReplaceLocation)}
    assert {loc.number for loc in changed} <= replaced


def test_the_journal(ennor: Campaign) -> None:  # [JOURNAL-1], [STATUS-1], [TASK-1], [SECRET-1]
    assert len(ennor.entry) >= 60
    effects = _effects(ennor)
    kinds = {type(effect) for effect in effects}
    assert {fx.Choose, fx.If, fx.Mark, fx.AddTask, fx.CompleteTask, fx.GainSecret} <= kinds
    assert any(status.parts for status in ennor.manifest.game_sheet.statuses)
    conditions = [option.if_ for effect in effects if isinstance(effect, fx.Choose)
                  for option in effect.choose if option.if_ is not None]
    conditions += [effect.if_ for effect in effects if isinstance(effect, fx.If)]
    shown = {type(found) for condition in conditions for found in _inner(condition)}
    assert {cond.Visited, cond.HasSecret, cond.StatusIs} <= shown


def _inner(condition: object) -> list[object]:
    found = [condition]
    for attribute in ("not_", "all", "any"):
        inner = getattr(condition, attribute, None)
        for part in inner if isinstance(inner, list) else [inner] if inner else []:
            found += _inner(part)
    return found


def test_the_encounter_decks(ennor: Campaign) -> None:  # [ENC-1], [TRAIT-1]..[TRAIT-12]
    for deck in ("green", "grey", "purple", "blue"):
        cards = [e for e in ennor.encounters if e.deck == deck]
        assert len(cards) >= 10 and len({e.level for e in cards}) >= 2, deck
    combats = [e for e in ennor.encounters if isinstance(e, CombatEncounter)]
    assert sum(e.guardian for e in combats) >= 2
    assert {trait for e in combats for trait in e.traits} == set(CombatEncounter.model_fields[
        "traits"].annotation.__args__[0].__args__)  # type: ignore[union-attr]
    talks = [e for e in ennor.encounters if isinstance(e, DiplomacyEncounter)]
    assert any(e.avoid is not None and len(e.stages or []) >= 2 for e in talks)
    assert any(e.approaches for e in talks)


def test_events_secrets_items_and_skills(ennor: Campaign) -> None:  # [EVENT-1], [ITEM-4]
    story = [e for e in ennor.events if isinstance(e, StoryEvent)]
    assert len(story) >= 12 and {e.chapter for e in story} >= {1, 2}
    assert sum(e.quest is not None for e in story) >= 2
    assert sum(isinstance(e, RandomEvent) for e in ennor.events) >= 8
    assert len(ennor.secrets) >= 12
    assert any("personal" in s.keywords for s in ennor.secrets)
    assert any(len(s.keywords) > ("personal" in s.keywords) or s.dial for s in ennor.secrets)
    assert len(ennor.items) >= 20 and sum(item.craftable for item in ennor.items) >= 1
    assert {item.keyword for item in ennor.items} == {"weapon", "armor", "shield", "companion",
                                                       "relic"}
    assert len(ennor.skills) >= 16


def test_four_heroes_and_their_decks(ennor: Campaign) -> None:  # [COMP-1], [SETUP-C6]
    assert len(ennor.heroes) == 4 and len({hero.colour for hero in ennor.heroes}) == 4
    for hero in ennor.heroes:
        for kind in ("combat", "diplomacy"):
            decks = getattr(hero.decks, kind)
            assert (len(decks.start), len(decks.advanced)) == (15, 25), (hero.id, kind)
            named = [c for c in decks.advanced if ennor.card[c].hero == hero.id]
            assert len(named) == 15, (hero.id, kind)
        assert hero.action is not None and hero.weaknesses and hero.intro


def test_the_campaign_lints_clean(ennor: Campaign) -> None:
    report = lint_pack(bundled_pack())
    assert report.findings == []


def test_chapter_one_is_winnable_but_not_certain(ennor: Campaign) -> None:  # [EVENT-4]
    runs = [run(ennor, hero, seed, days=40, until_chapter=2) for hero in ("tamsin", "kerra")
            for seed in range(8)]
    finished = sum(r.finished_chapter_one for r in runs)
    assert 0 < finished < len(runs)
    assert any(r.deaths for r in runs)  # and a character can die of it [DEATH-1]


def test_the_campaign_is_won_at_the_under_shore(ennor: Campaign) -> None:  # [EVENT-3]
    """Striking the first fire anew on the Under-Shore wins the campaign."""
    game, _ = try_entry(ennor, "tamsin", "126.3", seed=1)
    assert game.state.outcome == "won" and game.is_terminal()


def test_each_chapter_has_a_clock_that_loses_the_campaign(ennor: Campaign) -> None:
    """Chapter 1's long fog and the Last Ebb's returning sea end the game, lost, when they
    run out; the second chapter takes the first one's clock away [DIAL-1], [DEATH-6]."""
    game = Game.new(ennor, ["tamsin"], seed=1)
    fog = next(dial for dial in game.state.dials if dial.id == "long-fog")
    assert fog.value == 29  # 30 Days, turned once at the first Start of Day [DAY-START-4]
    for verse in ("501", "502"):
        lost, _ = try_entry(ennor, "tamsin", verse, seed=1)
        assert lost.state.outcome == "lost" and lost.state.stage == "mercy"  # [MERCY-1]
    setup = ennor.manifest.chapters[1].setup.effects
    assert any(getattr(effect, "remove_dial", None) == "long-fog" for effect in setup)


def test_a_player_finishes_chapter_one_in_grail_text(
    ennor: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # [EVENT-4]
    """A whole first chapter played through the terminal front end: the day player's
    decisions, typed as the numbers ``grail text`` shows, bring Tamsin to chapter 2."""
    seed = next(seed for seed in range(10) if run(ennor, "tamsin", seed).finished_chapter_one)
    game = Game.new(ennor, ["tamsin"], seed=seed)
    player, numbers = DayPolicy(seed), []
    while game.state.chapter == 1:
        action = player.choose(game)
        numbers.append(str(game.legal_actions().index(action) + 1))
        game.apply(action)
    save = tmp_path / "game.grail"
    assert main(["new", str(save), "--hero", "tamsin", "--seed", str(seed)]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(numbers) + "\nq\n"))
    assert main(["text", str(save)]) == 0
    assert saved(save).state.chapter == 2
