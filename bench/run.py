"""Run every benchmark of grail and print one line per measure: ``name: value unit``.

    python bench/run.py              # all benchmarks
    python bench/run.py --repeat 3   # fewer repetitions
    python bench/run.py simulations  # some benchmarks, by name
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # only figures on standard output
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from simulations import simulations
from synthetic import write_pack
from timing import median_time, paired_medians, say
from window import window

from grail.content import Campaign, load_pack
from grail.content.cache import load_cached
from grail.content.loader import pack_files
from grail.engine.game import Game
from grail.save import export_save, load_game
from grail.save.files import envelope
from saves import saves


def content_load(repeat: int) -> list[tuple[str, float, str]]:
    """Cold load (parse + validate + cross-check) and warm load, against a raw C parse."""
    with tempfile.TemporaryDirectory() as tmp:
        pack = write_pack(Path(tmp) / "pack")
        cache = Path(tmp) / "cache"
        by_kind, _ = pack_files(pack)
        paths = [path for group in by_kind.values() for path in group]

        def raw_parse() -> list[object]:
            return [yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader) for path in paths]

        raw = median_time(raw_parse, repeat)
        cold = median_time(lambda: load_pack(pack), repeat)
        load_cached(pack, cache)  # fill the cache
        warm = median_time(lambda: load_cached(pack, cache), repeat)
    return [("content_load_s", cold, "s"),
            ("content_load_ratio", cold / raw, "x"),
            ("content_load_warm_ratio", warm / raw, "x")]


GAME_DAYS = 100
"""Days after which a benchmark game stops though it has no outcome (none should need it)."""

ENGINE_ACTIONS = 20_000
"""Actions timed in each run of the engine benchmark, over as many whole games as it takes."""


def _random_game(campaign: Campaign, seed: int) -> tuple[Game, int]:
    """A 4-hero game played by random legal choices to its outcome (won, or lost: the first
    loss, no Mercy), or ``GAME_DAYS`` Days; and its action count."""
    chooser = random.Random(seed)
    game = Game.new(campaign, sorted(campaign.hero)[:4], seed=seed)
    actions = 0
    while game.state.outcome is None and game.state.day <= GAME_DAYS:
        legal = [action for action in game.legal_actions()  # the 4 heroes stay [PLAYERS-1]
                 if action.type not in ("join_game", "leave_game")]
        game.apply(legal[chooser.randrange(len(legal))])
        actions += 1
    return game, actions


def engine(repeat: int) -> list[tuple[str, float, str]]:
    """Random legal actions through whole games to their end with 4 heroes on the synthetic
    pack; the round trip of the save of the longest of those games."""
    with tempfile.TemporaryDirectory() as tmp:
        campaign = load_pack(write_pack(Path(tmp) / "pack"))
        rates: list[float] = []
        games: list[Game] = []
        for run in range(repeat):
            actions, elapsed = 0, 0.0
            while actions < ENGINE_ACTIONS:
                start = time.perf_counter()
                game, played = _random_game(campaign, seed=run * 1_000 + len(games))
                elapsed += time.perf_counter() - start
                actions += played
                games.append(game)
            rates.append(actions / elapsed)
        ended = [game for game in games if game.state.outcome is not None]
        game = max(games, key=lambda game: (game.state.day, len(game.log)))
        say(f"engine: synthetic pack, 4 heroes, random legal actions: {len(games)} whole "
            f"games, {len(ended)} reached an outcome ({_outcomes(games)}), "
            f"{statistics.mean(g.state.day for g in games):.1f} Days on average")
        say(f"save_roundtrip: the longest of them, Day {game.state.day}, "
            f"{len(game.log)} actions in its log, exported as JSON (grail export) and read back")
        path = Path(tmp) / "game.json"
        payload = envelope(game)

        def roundtrip() -> Game:
            export_save(game, path)
            return load_game(path, game.campaign)

        def raw() -> object:
            path.write_text(json.dumps(payload))
            return json.loads(path.read_text())

        save_s, raw_s = paired_medians(roundtrip, raw, runs=20 * repeat)
    return [("engine_actions_per_s", statistics.median(rates), "actions/s"),
            ("save_roundtrip_s", save_s, "s"),
            ("save_roundtrip_ratio", save_s / raw_s, "x")]


def _outcomes(games: list[Game]) -> str:
    won = sum(game.state.outcome == "won" for game in games)
    lost = sum(game.state.outcome == "lost" for game in games)
    return f"{won} won, {lost} lost"


def sims(repeat: int) -> list[tuple[str, float, str]]:
    """Whole Combats with the greedy policy, and 10,000 odds playouts (bench/simulations.py)."""
    return simulations(repeat, paired_medians)


BENCHMARKS = {"content_load": content_load, "engine": engine, "saves": saves,
              "simulations": sims, "window": window}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measure (median)")
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"benchmarks to run (default all): {', '.join(BENCHMARKS)}")
    args = parser.parse_args()
    unknown = set(args.names) - set(BENCHMARKS)
    if unknown:
        parser.error(f"no benchmark {', '.join(sorted(unknown))}")
    for name, benchmark in BENCHMARKS.items():
        if args.names and name not in args.names:
            continue
        for name, value, unit in benchmark(args.repeat):
            print(f"{name}: {value:.3f} {unit}" if value >= 1 else f"{name}: {value:.3g} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
