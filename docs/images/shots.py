"""Make the screenshots of the README and of docs/playing.md again:
``python docs/images/shots.py`` makes them all, ``python docs/images/shots.py journal.png
diplomacy.png`` only those named.

Each is a game of the bundled campaign played by the day auto-player up to a moment worth
showing, saved in a temporary folder, and drawn by ``grail play SAVE --screenshot`` (the
title and the new campaign screen are drawn over that folder, as the save folder).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from grail.cli import main
from grail.content import bundled_pack, load_pack
from grail.engine.game import Game
from grail.engine.journal import closed_options
from grail.save import save_game
from grail.sim.days import DayPolicy

HERE = Path(__file__).parent
DECISIONS = 20_000
"""The decisions a game is played at most before its moment is given up on."""


def played(heroes: list[str], seed: int, until: Callable[[Game], bool],
           companion: bool = False) -> Game:
    """A game played by the day player until ``until`` holds."""
    game = Game.new(load_pack(bundled_pack()), heroes, seed=seed, companion=companion)
    player = DayPolicy(seed)
    for _ in range(DECISIONS):
        if until(game):
            return game
        if game.is_terminal():
            break
        game.apply(player.choose(game))
    raise SystemExit(f"{', '.join(heroes)}, seed {seed}: the game never came to the moment "
                     "its shot waits for (the campaign or the auto-player changed?)")


def fighting(game: Game) -> bool:
    encounter = game.state.encounter
    return encounter is not None and encounter.step == "play" and len(encounter.sequence) >= 2


def fighting_together(game: Game) -> bool:
    """A Combat of two or more, two cards in its Sequence."""
    encounter = game.state.encounter
    return fighting(game) and encounter is not None and len(encounter.heroes) >= 2


def waiting(kind: str) -> Callable[[Game], bool]:
    """The game waits on a decision of this kind (``rest``, ``keep_card``, ``mercy``...)."""
    return lambda game: game.pending().kind == kind


def parleying(game: Game) -> bool:
    """A Diplomacy under way, with two cards in its Sequence."""
    encounter = game.state.encounter
    return fighting(game) and encounter is not None and \
        encounter.id in game.campaign.encounter and \
        type(game.campaign.encounter[encounter.id]).__name__ == "DiplomacyEncounter"


def buying(game: Game) -> bool:
    """A character's upgrades at the End of Day, with an Attribute point to buy."""
    return game.pending().kind == "upgrade" and \
        any(action.type == "buy_attribute" for action in game.legal_actions())


def reading(game: Game) -> bool:
    """A journal entry waiting for its choice, with one of its options closed."""
    return game.pending().kind == "journal" and len(game.legal_actions()) >= 3 and \
        bool(closed_options(game.campaign, game.state))


def dying(game: Game) -> bool:
    """A character holding "You Are Dying" rests at the End of Day."""
    pending = game.pending()
    return pending.kind == "rest" and game.state.hero(pending.heroes[0]).dying


def drawing_encounter(game: Game) -> bool:
    """A companion game waiting for the table to say which Encounter card it drew."""
    chance = game.state.chance
    return chance is not None and str(chance.point.point).startswith("draw ") and \
        "Encounter" in str(chance.point.point)


@dataclass(frozen=True)
class Shot:
    heroes: list[str]
    seed: int
    until: Callable[[Game], bool]
    scene: str | None = None
    """``grail play --scene``: a title screen, or a view other than the decision's own."""
    size: str = "1600x900"
    companion: bool = False
    save: str = ""
    """The save's file name (the window's log names it): by default the picture's, as .json."""


SAVE = "ennor.grail"
"""The save's name in docs/playing.md's shots (the title and the log show it)."""

SHOTS = {
    # the README's
    "map.png": Shot(["tamsin", "jago", "kerra"], 5,
                    lambda game: game.state.day == 2 and game.pending().kind == "day_action"),
    "encounter.png": Shot(["kerra", "jago"], 8, fighting),
    # docs/playing.md's
    "title.png": Shot(["kerra", "ysella"], 3, waiting("team_forming"), scene="title",
                      size="1280x720", save=SAVE),
    "new-campaign.png": Shot(["kerra", "ysella"], 3, waiting("team_forming"),
                             scene="new-game", size="1280x720", save=SAVE),
    "day.png": Shot(["kerra", "ysella"], 3,
                    lambda game: game.state.day == 2 and game.pending().kind == "day_action",
                    size="1280x720", save=SAVE),
    "journal.png": Shot(["tamsin"], 1, reading, save=SAVE),
    "team.png": Shot(["kerra", "ysella"], 3, waiting("team_forming"), save=SAVE),
    "combat.png": Shot(["tamsin", "jago"], 5, fighting_together, save=SAVE),
    "diplomacy.png": Shot(["kerra", "ysella"], 14, parleying, size="1280x720", save=SAVE),
    "rest.png": Shot(["tamsin", "jago"], 2, waiting("rest"), save=SAVE),
    "upgrades.png": Shot(["kerra", "ysella"], 3, buying, save=SAVE),
    "dying.png": Shot(["kerra", "ysella"], 3, dying, save=SAVE),
    "mercy.png": Shot(["tamsin"], 1, waiting("mercy"), save=SAVE),
    "companion.png": Shot(["tamsin"], 4, drawing_encounter, companion=True, save=SAVE),
}


def shoot(names: list[str]) -> None:
    unknown = [name for name in names if name not in SHOTS]
    if unknown:
        raise SystemExit(f"no such shot: {', '.join(unknown)} (the shots: {', '.join(SHOTS)})")
    with tempfile.TemporaryDirectory() as temporary:
        for name in names or list(SHOTS):
            shot = SHOTS[name]
            folder = Path(temporary) / name.removesuffix(".png")
            folder.mkdir()
            os.environ["GRAIL_SAVES"] = str(folder)  # the title's saves: this game, never yours
            save = folder / (shot.save or name.replace(".png", ".json"))
            save_game(played(shot.heroes, shot.seed, shot.until, shot.companion), save)
            scene = ["--scene", shot.scene] if shot.scene else []
            where = [] if shot.scene in ("title", "new-game") else [str(save)]
            main(["play", *where, *scene, "--size", shot.size,
                  "--screenshot", str(HERE / name)])


if __name__ == "__main__":
    shoot(sys.argv[1:])
