"""A game being played and its save: the window and ``grail text`` play through it, and so
do ``grail act`` and ``grail undo``. No pygame here: the scenes read a session and send it
actions.

Every action is saved as it is taken, in one transaction with the state it was decided on
(grail/save/store.py): when another program (``grail act`` in a terminal, a second window)
played on the same save meanwhile, the session first takes up the game as it left it, and
the action is applied to that game or refused there with its reason. An action that cannot
be saved is not taken. Each new Day keeps an autosave in the save; one that cannot be
written is a warning, never a failed action. Undo goes back to the last reveal, from the
save's nearest snapshot; a checkpoint is a named mark in the save. An older JSON save
becomes a save of this format on its first write, the JSON file kept beside it. An author
may reload the pack from disk: the game goes on where the new content still fits.

>>> from grail.content import load_pack, bundled_pack
>>> session = Session.start(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> session.act(session.legal()[0]) and session.log[0].startswith("Tamsin")
True
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from grail.content import Campaign
from grail.content.cache import open_pack
from grail.engine.events import Event
from grail.engine.game import Game
from grail.engine.pending import Pending
from grail.engine.state import ChallengeRule, GameState, Mode
from grail.lang import _
from grail.save import SaveError, load_game, save_game
from grail.save.files import went_on
from grail.save.fit import misfits
from grail.save.saves import keep_beside, read_game, read_mark, saved_pack
from grail.save.store import Mark, SaveFile, is_database
from grail.words.actions import undone_lines
from grail.words.events import story

LOG_KEPT = 400
"""Lines of the log kept in memory."""


def open_save(path: Path, pack: str | None = None, mark: Mark | None = None,
              lang: str | None = None) -> Session:
    """The save at ``path`` opened once, with the pack it was made with (``pack`` if it
    names none) in the language ``lang`` (default: the language grail speaks), or the game a
    checkpoint or autosave of it holds (``mark``); a :class:`grail.save.SaveError` or
    :class:`grail.content.PackError` says why it cannot be. (A JSON export is read twice:
    once for its pack, once for its game.)"""
    if not is_database(path):
        return Session.open(path, open_pack(saved_pack(path, pack), lang), mark)
    file = SaveFile.open(path)
    try:
        setup = file.header().get("setup")
        named = setup.get("pack", pack) if isinstance(setup, dict) else pack
        campaign = open_pack(named if isinstance(named, str) else None, lang)
    except BaseException:
        file.close()
        raise
    return Session.from_file(path, file, campaign, mark)


class Session:
    """A game and where it is saved."""

    def __init__(self, game: Game, path: Path | None, pack: Path | None = None) -> None:
        self.game = game
        self.path = path
        self.pack = pack
        """The pack's folder, to reload it from disk (None: the bundled campaign)."""
        self.log: list[str] = []
        self.warnings: list[str] = []
        """What went wrong without failing an action (an autosave not written), as the log
        says it too: the commands on a save say it on stderr."""
        self.kept: list[str] = []
        """Where the save as it was is kept beside the new one, as the log says it too."""
        self.revision = 0
        """Counts the changes, so that views redraw only when the game changed."""
        self.last_events: list[Event] = []
        """What the last action caused (nothing after an undo or a reload), for the views'
        "what changed"."""
        self.said: list[str] = []
        """The last actions' events in words, as the log holds them."""
        self.file: SaveFile | None = None
        """The save, open while the session writes to it."""
        self.seq = 0
        """The save's newest log row as this session knows it: another program moved it on
        when the save's is newer."""
        self.changed = False
        """The pack changed since the save was written: the first write keeps the save as
        it was beside the new one."""

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
    def open(cls, path: Path, campaign: Campaign, mark: Mark | None = None) -> Session:
        """A saved game, checked whole; a damaged, foreign or impossible save raises
        :class:`grail.save.SaveError`. With ``mark``, the game a checkpoint or autosave of
        the save holds, not saved anywhere yet (``save`` gives it a file of its own)."""
        if is_database(path):
            return cls.from_file(path, SaveFile.open(path), campaign, mark)
        notes: list[str] = []
        return cls._opened(path, None, load_game(path, campaign, notes), 0, mark, notes)

    @classmethod
    def from_file(cls, path: Path, file: SaveFile, campaign: Campaign,
                  mark: Mark | None = None) -> Session:
        """The game of a save already open (``file``, closed here if it cannot be read)."""
        notes: list[str] = []
        try:
            with file.reading():  # the game and its last row, of one commit
                game = read_mark(file, campaign, mark) if mark is not None else \
                    read_game(file, campaign, notes)
                seq = file.last()
        except BaseException:
            file.close()
            raise
        return cls._opened(path, file, game, seq, mark, notes)

    @classmethod
    def _opened(cls, path: Path, file: SaveFile | None, game: Game, seq: int,
                mark: Mark | None, notes: list[str]) -> Session:
        pack = game.setup.get("pack")
        session = cls(game, path if mark is None else None, Path(pack) if pack else None)
        if file is not None and mark is None and not notes:
            session.file, session.seq = file, seq
        elif file is not None:
            file.close()  # content that changed: the first write keeps this file beside
        session.changed = bool(notes)
        session.log += notes
        said = _("Opened {save}: Day {day}, chapter {chapter}.") if mark is None else \
            _("Opened autosave {name} of {save}: Day {day}, chapter {chapter}.") \
            if mark.kind == "autosave" else \
            _("Opened checkpoint {name} of {save}: Day {day}, chapter {chapter}.")
        session.log.append(said.format(save=path.name, name=mark.name if mark else "",
                                       day=game.state.day, chapter=game.state.chapter))
        return session

    @property
    def campaign(self) -> Campaign:
        return self.game.campaign

    def legal(self) -> list[Any]:
        return self.game.legal_actions()

    def pending(self) -> Pending:
        return self.game.pending()

    def act(self, action: Any) -> list[Event]:
        """Do one legal action, log what happened, save it; an autosave at a new Day."""
        return self.act_all([action])

    def act_all(self, actions: Iterable[Any]) -> list[Event]:
        """Do legal actions one after another, saved together: all of them, or none when
        one is refused (:class:`grail.engine.game.IllegalAction`) or cannot be saved.
        ``actions`` may be read off the game as each one before leaves it (a generator).
        What happened is put into words once, in :attr:`said` and the log."""
        day = self.game.state.day
        events: list[Event] = []
        if self.path is None:
            for action in actions:
                events += self.game.apply(action)
        else:
            with self._writing() as file:
                kept = len(self.game.log)
                for action in actions:
                    events += self.game.apply(action)
                file.record(self.game, kept)
        self.last_events = events
        self.said = story(self.campaign, events)
        self.log += self.said
        del self.log[:-LOG_KEPT]
        self.revision += 1
        if self.game.state.day != day:
            self._autosave()
        return events

    def refresh(self) -> bool:
        """Take up the game as another program left it, if one played on this save since:
        whether it did."""
        if self.file is None:
            return False
        try:
            with self.file.reading():
                seq = self.file.last()
                if seq == self.seq:
                    return False
                self.game = read_game(self.file, self.campaign)
        except (SaveError, sqlite3.Error):
            return False  # the next write says why
        self.seq = seq
        self.last_events = []
        self.revision += 1
        self.log.append(_("Another program played on this save: the game is as it left it."))
        return True

    def before_reading(self) -> tuple[int, GameState] | None:
        """The save's newest snapshot taken while no journal entry was being read: the
        length of the log then, and the state (None: a game not saved, or no such
        snapshot). The journal reads the reading under way again from there, instead of
        playing the whole log again."""
        if self.file is None:
            return None
        try:
            with self.file.reading():
                at = len(self.game.log)
                while (found := self.file.snapshot(at)) is not None:
                    if not found[1].frames:
                        return found
                    at = found[0] - 1
        except (SaveError, sqlite3.Error):
            return None  # the journal plays the whole log instead
        return None

    def undo(self, count: int = 1) -> str:
        """Take back the last ``count`` actions since the last reveal, from the save's
        nearest snapshot; what the last of them was. Nothing to take back raises
        :class:`grail.engine.game.UndoError`."""
        undoable = self.game.undoable()
        if self.path is None:
            self.game.undo(count)
        else:
            self.game.check_undo(count)  # refused before anything is written
            with self._writing() as file:
                undoable = self.game.undoable()
                self.game.check_undo(count)  # before the save is asked for a snapshot
                kept = len(self.game.log) - count
                snapshot = file.snapshot(min(kept, self.game.state.undo_floor))
                self.game.undo(count, snapshot)
                file.record(self.game, len(self.game.log), undone=count)
        told = undone_lines(self.game, undoable[len(undoable) - count:])[0]
        self.last_events = []
        self.revision += 1
        self.log.append(_("Undone: {action}").format(action=told))
        return told

    def can_undo(self) -> bool:
        return bool(self.game.undoable())

    def checkpoint(self, name: str) -> Mark | None:
        """A named mark in the save, to go back to (none for a game that is not saved)."""
        if self.path is None:
            return None
        with self._writing() as file:
            mark = file.mark(self.game, name, "checkpoint")
        self.log.append(_("Checkpoint saved: {name}").format(name=name))
        return mark

    def marks(self) -> list[Mark]:
        """The save's checkpoints and autosaves, newest first."""
        return [] if self.file is None else self.file.marks()

    def save(self, path: Path | None = None) -> None:
        """Write the whole game as the save (at ``path``, which becomes the save, if
        given)."""
        if path is not None and self.file is not None and not self._behind() \
                and path.resolve() != self.file.path.resolve():
            self.file.copy_to(path)  # Save as…: the same save, marks and all, elsewhere
            self.close()
            self.path = path
            self.file = SaveFile.open(path)
            self.seq = self.file.last()
            return
        if path is not None:
            self.close()
            self.path = path
        if self.path is None:
            return
        self.close()
        save_game(self.game, self.path)
        self.file = SaveFile.open(self.path)
        self.seq = self.file.last()

    def _behind(self) -> bool:
        """Another program played on the save since this session last read or wrote it."""
        return self.file is not None and self.file.last() != self.seq

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

    def reload(self, campaign: Campaign) -> list[str]:
        """Go on under content reloaded from disk, if the game still fits it: the problems
        that prevent it (nothing changes then), or none. Saved, and undo starts here."""
        problems = misfits(campaign, self.game.state)
        if problems:
            return problems
        pack = {"id": self.campaign.manifest.id, "version": self.campaign.manifest.version,
                "hash": self.campaign.digest}
        self.game = went_on(Game(campaign, self.game.state, self.game.setup, self.game.log),
                            pack)
        self.last_events = []
        if self.path is not None and self.marks():  # they stay readable beside
            kept = keep_beside(self.path)
            self._kept(_("The save as it was, its checkpoints and autosaves with it, is kept "
                         "as {file}.").format(file=kept.name))
        self.save()
        self.revision += 1
        self.log.append(_("The pack was reloaded from disk; the game goes on."))
        return []

    # --- writing ---------------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[SaveFile]:
        """A write transaction on the save, the game caught up with it first; a change
        that is refused or cannot be saved leaves the game as the save holds it."""
        assert self.path is not None
        if self.file is None:
            self._first_write()
        file = self.file
        assert file is not None
        length = len(self.game.log)
        try:
            with file.writing():
                if file.last() != self.seq:  # another program played on: take its game up
                    self.game = read_game(file, self.campaign)
                    self.seq = file.last()
                    length = len(self.game.log)
                    self.log.append(_("Another program played on this save: the game is "
                                      "as it left it."))
                yield file
                seq = file.last()
        except BaseException as error:
            if isinstance(error, SaveError) or len(self.game.log) != length:
                with file.reading():  # nothing of the change was kept
                    self.game = read_game(file, self.campaign)
                    self.seq = file.last()
            raise
        self.seq = seq

    def _first_write(self) -> None:
        """Make the file a save of this format: an older JSON save, or a save of content
        that changed since, is kept beside it."""
        assert self.path is not None
        if self.path.exists() and (self.changed or not is_database(self.path)):
            kept = keep_beside(self.path)
            self._kept(_("The save as it was is kept as {file}.").format(file=kept.name))
            self.changed = False
        self.save()

    def _kept(self, line: str) -> None:
        self.kept.append(line)
        self.log.append(line)

    def _autosave(self) -> None:
        """An autosave at the new Day, in the save; one that fails is only a warning."""
        if self.path is None:
            return
        try:
            with self._writing() as file:
                file.mark(self.game, f"day{self.game.state.day:04d}", "autosave")
        except SaveError as error:
            warning = _("Warning: no autosave of Day {day}: {error}").format(
                day=self.game.state.day, error=error)
            self.warnings.append(warning)
            self.log.append(warning)
