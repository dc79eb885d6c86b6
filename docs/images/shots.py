"""Make the README's screenshots again: ``python docs/images/shots.py``.

Each is a game of the bundled campaign played by the day auto-player up to a moment worth
showing, saved in a temporary folder, and drawn by ``grail play SAVE --screenshot``.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from grail.cli import main
from grail.content import bundled_pack, load_pack
from grail.engine.game import Game
from grail.save import save_game
from grail.sim.days import DayPolicy

HERE = Path(__file__).parent


def played(heroes: list[str], seed: int, until: Callable[[Game], bool]) -> Game:
    """A game played by the day player until ``until`` holds."""
    game = Game.new(load_pack(bundled_pack()), heroes, seed=seed)
    player = DayPolicy(seed)
    while not until(game):
        game.apply(player.choose(game))
    return game


def fighting(game: Game) -> bool:
    encounter = game.state.encounter
    return encounter is not None and encounter.step == "play" and len(encounter.sequence) >= 2


SHOTS = {
    "map.png": (["tamsin", "jago", "kerra"], 5,
                lambda game: game.state.day == 2 and game.state.pending.kind == "day_action"),
    "encounter.png": (["kerra", "jago"], 8, fighting),
}


def shoot() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for name, (heroes, seed, until) in SHOTS.items():
            save = Path(folder) / name.replace(".png", ".json")
            save_game(played(heroes, seed, until), save)
            main(["play", str(save), "--screenshot", str(HERE / name)])


if __name__ == "__main__":
    shoot()
