"""A game being played in the window: the engine's game, its save file, and the log of what
happened in words. No pygame here: the scenes read a session and send it actions.

Every action is saved at once (atomically, by grail/save) and a new Day writes an autosave,
as in ``grail text``; undo goes back to the last reveal; a checkpoint is a named copy. An
author may reload the pack from disk: the game goes on where the new content still fits.

>>> from grail.content import load_pack, bundled_pack
>>> session = Session.start(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> session.act(session.legal()[0]) and session.log[0].startswith("Tamsin")
True
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from grail.content import Campaign
from grail.engine.events import Event
from grail.engine.game import Game
from grail.engine.pending import Pending
from grail.engine.state import ChallengeRule, Mode
from grail.save import autosave, load_game, save_game
from grail.save.fit import misfits
from grail.words.events import event_text

LOG_KEPT = 400
"""Lines of the log kept in memory."""


class Session:
    """A game and where it is saved."""

    def __init__(self, game: Game, path: Path | None, pack: Path | None = None) -> None:
        self.game = game
        self.path = path
        self.pack = pack
        """The pack's folder, to reload it from disk (None: the bundled campaign)."""
        self.log: list[str] = []
        self.revision = 0
        """Counts the changes, so that views redraw only when the game changed."""
        self.last_events: list[Event] = []
        """What the last action caused (nothing after an undo or a reload), for the views'
        "what changed"."""

    @classmethod
    def start(cls, campaign: Campaign, heroes: list[str], seed: int, mode: Mode = "normal",
              companion: bool = False, path: Path | None = None, pack: Path | None = None,
              challenge_rules: list[ChallengeRule] | None = None) -> Session:
        """A new game, saved at ``path`` (if given) at once; in Challenge mode, only
        ``challenge_rules`` if given [MODE-CHALLENGE-1]."""
        game = Game.new(campaign, heroes, seed, mode, challenge_rules, companion=companion)
        game.setup["pack"] = str(pack.resolve()) if pack is not None else None
        session = cls(game, path, pack)
        session.save()
        return session

    @classmethod
    def open(cls, path: Path, campaign: Campaign) -> Session:
        """A saved game; a damaged or foreign save raises :class:`grail.save.SaveError`."""
        notes: list[str] = []
        game = load_game(path, campaign, notes)
        pack = game.setup.get("pack")
        session = cls(game, path, Path(pack) if pack else None)
        session.log += notes
        session.log.append(f"Opened {path.name}: Day {game.state.day}, chapter {game.state.chapter}.")
        return session

    @property
    def campaign(self) -> Campaign:
        return self.game.campaign

    def legal(self) -> list[Any]:
        return self.game.legal_actions()

    def pending(self) -> Pending:
        return self.game.pending()

    def act(self, action: Any) -> list[Event]:
        """Do one legal action, log what happened, save; an autosave at a new Day."""
        day = self.game.state.day
        events = self.game.apply(action)
        self.last_events = events
        self.log += [event_text(self.campaign, event) for event in events]
        del self.log[:-LOG_KEPT]
        self.save()
        if self.path is not None and self.game.state.day != day:
            autosave(self.game, self.path)
        self.revision += 1
        return events

    def undo(self) -> str:
        """Take back the last action since the last reveal; what was undone. Nothing to
        take back raises :class:`grail.engine.game.UndoError`."""
        undoable = self.game.undoable()
        self.game.undo()
        told = undoable[-1]
        self.last_events = []
        self.save()
        self.revision += 1
        self.log.append(f"Undone: {told}")
        return told

    def can_undo(self) -> bool:
        return bool(self.game.undoable())

    def checkpoint(self, name: str) -> Path | None:
        """A named copy beside the save (none for a game that is not saved)."""
        if self.path is None:
            return None
        target = self.path.with_name(f"{self.path.stem}.{name}{self.path.suffix or '.json'}")
        save_game(self.game, target)
        self.log.append(f"Checkpoint saved: {target.name}")
        return target

    def save(self, path: Path | None = None) -> None:
        """Write the save (to ``path``, which becomes the save, if given)."""
        if path is not None:
            self.path = path
        if self.path is not None:
            save_game(self.game, self.path)

    def reload(self, campaign: Campaign) -> list[str]:
        """Go on under content reloaded from disk, if the game still fits it: the problems
        that prevent it (nothing changes then), or none. Saved, and undo starts here."""
        problems = misfits(campaign, self.game.state)
        if problems:
            return problems
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "reload.json"
            save_game(self.game, path)
            self.game = load_game(path, campaign, [])
        self.last_events = []
        self.save()
        self.revision += 1
        self.log.append("The pack was reloaded from disk; the game goes on.")
        return []
