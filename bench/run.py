"""Run every benchmark of grail and print one line per measure: ``name: value unit``.

    python bench/run.py              # all benchmarks
    python bench/run.py --repeat 3   # fewer repetitions
    python bench/run.py simulations  # some benchmarks, by name
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
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
if importlib.util.find_spec("grail") is None:  # a clone without grail installed: its own
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from commands import commands
from simulations import simulations
from synthetic import write_pack
from timing import paired_medians, say
from window import window

from grail.content import Campaign, bundled_pack, load_pack
from grail.content.cache import load_cached
from grail.content.folder import pack_files, paused_gc
from grail.engine import compiled
from grail.engine.game import Game
from grail.save import export_save, load_game
from grail.save.files import envelope
from saves import saves


def content_load(repeat: int) -> list[tuple[str, float, str]]:
    """Cold load (parse + validate + cross-check) and warm load, against a raw C parse on
    the same footing: the collector paused during the parse, as grail pauses it, and each
    load timed in turns with the parse, so that both meet the same load on the machine."""
    with tempfile.TemporaryDirectory() as tmp:
        pack = write_pack(Path(tmp) / "pack")
        cache = Path(tmp) / "cache"
        by_kind, _ = pack_files(pack)
        paths = [path for group in by_kind.values() for path in group.values()]

        def raw_parse() -> list[object]:
            with paused_gc():
                return [yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader) for path in paths]

        raw, cold = paired_medians(raw_parse, lambda: load_pack(pack), runs=repeat)
        load_cached(pack, cache)  # fill the cache
        raw_again, warm = paired_medians(raw_parse, lambda: load_cached(pack, cache), runs=repeat)
    say(f"content_load_ratio: the synthetic pack ({len(paths)} files), loaded cold and from "
        f"its cache, each in turns with a raw C safe-loader parse of its files, {repeat} "
        "times; medians")
    return [("content_load_s", cold, "s"),
            ("content_load_ratio", cold / raw, "x"),
            ("content_load_warm_ratio", warm / raw_again, "x")]


def content_load_translated(repeat: int) -> list[tuple[str, float, str]]:
    """The bundled campaign loaded cold with its Spanish translation laid over it (reading
    content/translations/es.po and every string's lookup), in turns with the same load in
    English: the goal is 1.1x at most. Then both from the content cache, which keeps each
    language's campaign: the load a player's game starts with."""
    pack = bundled_pack()
    english, spanish = paired_medians(lambda: load_pack(pack), lambda: load_pack(pack, lang="es"),
                                      runs=repeat)
    say(f"content_load_translated_ratio: the bundled campaign loaded cold in Spanish (its "
        f"translations/es.po laid over it) and in English, in turns, {repeat} times; medians "
        f"{spanish:.3f} s and {english:.3f} s")
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp)
        load_cached(pack, cache), load_cached(pack, cache, lang="es")  # fill the cache
        warm_english, warm_spanish = paired_medians(
            lambda: load_cached(pack, cache), lambda: load_cached(pack, cache, lang="es"),
            runs=repeat)
    say(f"content_load_translated_warm_ratio: the same from the content cache, in turns, "
        f"{repeat} times; medians {warm_spanish:.3f} s and {warm_english:.3f} s")
    return [("content_load_translated_ratio", spanish / english, "x"),
            ("content_load_translated_warm_ratio", warm_spanish / warm_english, "x")]


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


def _rate(campaign: Campaign, repeat: int, actions: int, name: str) -> tuple[float, list[Game]]:
    """The median rate of random legal actions over whole games, ``actions`` a run."""
    rates: list[float] = []
    games: list[Game] = []
    for run in range(repeat):
        played_all, elapsed = 0, 0.0
        while played_all < actions:
            start = time.perf_counter()
            game, played = _random_game(campaign, seed=run * 1_000 + len(games))
            elapsed += time.perf_counter() - start
            played_all += played
            games.append(game)
        rates.append(played_all / elapsed)
    ended = [game for game in games if game.state.outcome is not None]
    say(f"{name}: 4 heroes, random legal actions: {len(games)} whole games, {len(ended)} "
        f"reached an outcome ({_outcomes(games)}), "
        f"{statistics.mean(g.state.day for g in games):.1f} Days on average")
    return statistics.median(rates), games


def engine(repeat: int) -> list[tuple[str, float, str]]:
    """Random legal actions through whole games to their end with 4 heroes, on the
    synthetic pack and on the bundled campaign; the round trip of the save of the longest
    of the synthetic games."""
    ennor, _ = _rate(load_cached(bundled_pack()), repeat, ENGINE_ACTIONS,
                     "engine_ennor_actions_per_s: the bundled campaign")
    with tempfile.TemporaryDirectory() as tmp:
        campaign = load_pack(write_pack(Path(tmp) / "pack"))
        rate, games = _rate(campaign, repeat, ENGINE_ACTIONS,
                            "engine_actions_per_s: the synthetic pack")
        game = max(games, key=lambda game: (game.state.day, len(game.log)))
        say(f"save_roundtrip: the longest of them, Day {game.state.day}, "
            f"{len(game.log)} actions in its log, exported as JSON (grail export) and read back; "
            "save_roundtrip_ratio: over the same payload written as durably with json.dumps "
            "(a temporary file, fsync, renamed, the folder fsynced) and read with json.loads; "
            "save_roundtrip_raw_ratio: over it written plainly, as before")
        path = Path(tmp) / "game.json"
        payload = envelope(game)

        def roundtrip() -> Game:
            export_save(game, path)
            return load_game(path, game.campaign)

        def durable() -> object:
            durable_write(path, json.dumps(payload).encode())
            return json.loads(path.read_text())

        def raw() -> object:
            path.write_text(json.dumps(payload))
            return json.loads(path.read_text())

        save_s, durable_s = paired_medians(roundtrip, durable, runs=20 * repeat)
        save_again_s, raw_s = paired_medians(roundtrip, raw, runs=20 * repeat)
    return [("engine_actions_per_s", rate, "actions/s"),
            ("engine_ennor_actions_per_s", ennor, "actions/s"),
            ("save_roundtrip_s", save_s, "s"),
            ("save_roundtrip_ratio", save_s / durable_s, "x"),
            ("save_roundtrip_raw_ratio", save_again_s / raw_s, "x")]


def durable_write(path: Path, data: bytes) -> None:
    """``data`` written as a program that must not lose it writes it, and as grail writes a
    save: to a temporary file beside ``path``, fsynced, renamed over it, the folder
    fsynced (a power cut leaves the old file or the new one, whole)."""
    temporary = path.with_name(f".{path.name}.tmp")
    with temporary.open("wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


AFTER_LOAD = 3_000
"""Actions timed right after a pack is loaded."""


def engine_after_load(repeat: int) -> list[tuple[str, float, str]]:
    """The engine's rate over the first ``AFTER_LOAD`` random legal actions right after a
    synthetic pack is loaded as a program loads it (``load_cached``, from the content cache),
    at 1x, 4x and 16x its size; the ratios to the 1x rate. The sizes take turns within each
    run, so that a machine slower for a while slows them alike."""
    scales = (1, 4, 16)
    runs: dict[int, list[float]] = {scale: [] for scale in scales}
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "cache"
        packs = {scale: write_pack(Path(tmp) / f"pack{scale}", scale) for scale in scales}
        for pack in packs.values():
            load_cached(pack, cache)  # fill the cache, as a player's first start does
        for _ in range(repeat):
            for scale, pack in packs.items():
                gc.unfreeze()  # the last run's campaign goes, as in a new process
                gc.collect()
                campaign = load_cached(pack, cache)
                runs[scale].append(
                    _rate(campaign, 1, AFTER_LOAD, f"engine_after_load {scale}x")[0])
                del campaign
    rates = {scale: statistics.median(found) for scale, found in runs.items()}
    return [("engine_after_load_1x_per_s", rates[1], "actions/s"),
            ("engine_4x_ratio", rates[4] / rates[1], "x"),
            ("engine_16x_ratio", rates[16] / rates[1], "x")]


def _outcomes(games: list[Game]) -> str:
    won = sum(game.state.outcome == "won" for game in games)
    lost = sum(game.state.outcome == "lost" for game in games)
    return f"{won} won, {lost} lost"


def sims(repeat: int) -> list[tuple[str, float, str]]:
    """Whole Combats with the greedy policy, and 10,000 odds playouts (bench/simulations.py)."""
    return simulations(repeat, paired_medians)


BENCHMARKS = {"content_load": content_load, "content_load_translated": content_load_translated,
              "engine": engine,
              "engine_after_load": engine_after_load, "saves": saves, "simulations": sims,
              "window": window, "commands": commands}


def built() -> str:
    """Which grail the figures are of: where it is, and whether its core is compiled."""
    import grail

    return f"from {Path(grail.__file__).parent}, " + \
        ("the compiled core (GRAIL_COMPILE=1)" if compiled() else "plain Python")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measure (median)")
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"benchmarks to run (default all): {', '.join(BENCHMARKS)}")
    args = parser.parse_args()
    unknown = set(args.names) - set(BENCHMARKS)
    if unknown:
        parser.error(f"no benchmark {', '.join(sorted(unknown))}")
    say(f"grail {built()}")
    for name, benchmark in BENCHMARKS.items():
        if args.names and name not in args.names:
            continue
        for name, value, unit in benchmark(args.repeat):
            print(f"{name}: {value:.3f} {unit}" if value >= 1 else f"{name}: {value:.3g} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
