"""The whole-day auto-player and the balance report (grail/sim/days.py, grail/sim/balance.py,
``grail balance``)."""

from __future__ import annotations

import json

import pytest

from grail.cli import main
from grail.cli.balance import markdown
from grail.content import Campaign, bundled_pack, load_pack
from grail.engine.game import Game
from grail.sim.balance import LEVELS, Report, encounters, report
from grail.sim.days import DayPolicy, Run, run

from .conftest import MINIMAL


def test_the_day_player_only_takes_legal_actions_through_days_and_fights(
        minimal: Campaign) -> None:
    for campaign, hero in ((minimal, "wren"), (load_pack(bundled_pack()), "jago")):
        game = Game.new(campaign, [hero], seed=4)
        player = DayPolicy(seed=4)
        fought = False
        for _ in range(600):
            if game.is_terminal() or game.state.stage == "mercy":
                break
            action = player.choose(game)
            assert action in game.legal_actions()
            game.apply(action)
            fought = fought or game.state.encounter is not None
        assert game.state.day > 1 and fought  # whole Days, with fights, were played


def test_a_run_may_stop_when_chapter_one_ends(minimal: Campaign) -> None:  # [EVENT-4]
    """The minimal pack's first chapter ends when its Quest is met: the day player finds
    the stone east of the crossing in a few Days, and the run stops there if asked."""
    runs = [run(minimal, "wren", seed, days=15, until_chapter=2) for seed in range(6)]
    finished = [r for r in runs if r.finished_chapter_one]
    assert finished and all(r.chapter == 2 and r.days <= 15 for r in finished)
    assert all(r.outcome is None for r in finished)
    assert all(r.finished_chapter_one or r.lost or r.days > 15 for r in runs)


def test_a_run_plays_to_the_end_and_says_what_lost_it(ennor: Campaign) -> None:
    """Played on, every run of Ennor ends; a lost one names its death [DEATH-1] or the
    entry that ended the story (a chapter's clock: verses 501, 502)."""
    runs = [run(ennor, "tamsin", seed) for seed in range(1, 9)]
    assert all(r.outcome in ("won", "lost") for r in runs)
    for lost in (r for r in runs if r.lost):
        kind, _, what = lost.lost_to.partition(": ")
        assert (kind == "death" and what == lost.deaths[-1]) or \
            (kind == "entry" and what in ennor.entry)
    assert any(r.deaths for r in runs)


def test_the_report_counts_wins_losses_deaths_and_their_causes(ennor: Campaign) -> None:
    result = Report(matchups=[], runs={"tamsin": [
        Run(chapter=2, days=30, outcome="lost", deaths=(), lost_to="entry: 502"),
        Run(chapter=1, days=9, outcome="lost", deaths=("losing_health",),
            lost_to="death: losing_health"),
        Run(chapter=2, days=25, outcome="won"),
        Run(chapter=1, days=100, outcome=None)]})
    runs = result.as_json()["runs"]
    assert runs == {"tamsin": {"won": 1, "lost": 2, "unfinished": 1, "finished_chapter_1": 2,
                               "deaths": {"losing_health": 1},
                               "lost_to": {"entry: 502": 1, "death: losing_health": 1},
                               "n": 4, "mean_days": 41.0}}
    table = markdown(ennor, result)
    assert "| Tamsin Vell | 4 | 1 (25%) | 2 (50%) | 1 | 2 (50%) | 1 | 41.0 |" in table
    assert "| the story: The Sea Comes Back (entry 502) | 1 |" in table
    assert "| a death: losing Health while dying | 1 |" in table


def test_a_run_stops_after_its_days(minimal: Campaign) -> None:
    short = run(minimal, "wren", seed=2, days=1)
    assert short.days <= 2 and short.outcome is None and not short.finished_chapter_one


def test_the_report_covers_every_hero_and_level_and_is_the_same_whatever_the_workers(
        minimal: Campaign) -> None:
    one = report(MINIMAL, n=6, runs=2, days=6, seed=3, workers=1)
    two = report(MINIMAL, n=6, runs=2, days=6, seed=3, workers=2)
    assert one == two
    fought = {(m.hero, m.encounter) for m in one.matchups}
    assert fought == {(hero, found[0]) for hero in minimal.hero for found in encounters(minimal)}
    assert all(m.level in LEVELS and 0 <= m.wins <= m.n == 6 for m in one.matchups)
    assert set(one.runs) == set(minimal.hero) and all(len(r) == 2 for r in one.runs.values())
    table = markdown(minimal, one)
    assert "| Bristled Boar | green | 1 |" in table and "| Hero | runs |" in table


def test_grail_balance_prints_json_and_shows_progress_on_a_terminal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from grail.cli import balance

    for terminal in (False, True):
        monkeypatch.setattr(balance, "counted", lambda terminal=terminal: terminal)
        assert main(["balance", str(MINIMAL), "--n", "4", "--runs", "1", "--days", "4",
                     "--json"]) == 0
        captured = capsys.readouterr()
        data = json.loads(captured.out)
        assert set(data) == {"matchups", "runs", "finished_chapter_1"}
        assert {entry["n"] for entry in data["matchups"]} == {4}
        assert ("simulations" in captured.err) == terminal  # a log gets no count


def test_grail_balance_refuses_nonsense(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", str(MINIMAL), "--n", "0"]) == 1
    assert "--n" in capsys.readouterr().err
