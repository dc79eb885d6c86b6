"""The game menu (Esc): a column of choices (:class:`grail.ui.choices.ChoiceScene`).

The menu: resume, save as…, load…, undo, a checkpoint, settings, reload the pack from disk
(for authors, F5), quit to the title (asked first) and quit grail. Each choice has a key;
Up/Down and Enter or the mouse work too. The game is saved after every action, so quitting
never loses a move; a throwaway game (``grail play --at``) says that it is not kept.
"""

from __future__ import annotations

from datetime import datetime

import pygame

from grail.content import PackError, bundled_pack
from grail.save import SaveError
from grail.session import Session

from ..app import App
from ..choices import ChoiceScene, Entry
from ..widgets import shade
from .confirm import ConfirmScene
from .load import LoadScene, SaveAsScene
from .settings import SettingsScene

TRY_PREFIX = "grail-try-"
"""The temporary folder of a throwaway game (``grail play --at``)."""


def reload_pack(session: Session) -> str:
    """Read the pack from disk again and go on with it where the game still fits: what
    happened, in one line for the banner; every problem goes to the game's log as well."""
    from grail.content.loader import load_pack  # the checks: for an author's reload alone

    try:
        campaign = load_pack(session.pack or bundled_pack())
    except PackError as error:
        problems = [str(problem) for problem in error.problems]
        return _not_reloaded(session, "the pack has problems ('grail validate' lists them)",
                             problems)
    except OSError as error:
        return _not_reloaded(session, "the pack cannot be read", [str(error)])
    try:
        problems = session.reload(campaign)
    except SaveError as error:
        problems = [str(error)]
    if problems:
        return _not_reloaded(session, "the game no longer fits the pack", problems)
    return "Pack reloaded from disk (F5): the game goes on under the new content."


def checkpoint(session: Session) -> str:
    """Keep the game as it stands as a checkpoint in its save, named after its Day and
    time; what to tell the player."""
    name = f"day {session.game.state.day}, {datetime.now():%H.%M.%S}"
    try:
        saved = session.checkpoint(name)
    except SaveError as error:
        return f"No checkpoint: {error}"
    return f"Checkpoint '{saved.name}' kept in the save: Load… lists it." if saved else \
        "This game is not saved to a file: no checkpoint (Save as… keeps it)."


def _not_reloaded(session: Session, why: str, problems: list[str]) -> str:
    """Log every problem; the banner's line names the first and how many more."""
    session.log.append(f"F5: not reloaded: {why}; the game goes on as before:")
    session.log += [f"  - {problem}" for problem in problems]
    session.revision += 1
    more = f" (+{len(problems) - 1} more in the log)" if len(problems) > 1 else ""
    return f"Not reloaded, the game goes on as before: {why}: {problems[0]}{more}"


class MenuScene(ChoiceScene):
    """The game menu, over the game."""

    opaque = False
    title = "Game menu"

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def entries(self, app: App) -> list[Entry]:
        undo = "" if self.session.can_undo() else "nothing to undo since the last reveal"
        return [Entry("Resume", "Esc", "resume"), Entry("Save as…", "A", "save_as"),
                Entry("Load…", "L", "load"), Entry("Undo the last action", "U", "undo", undo),
                Entry("Save a checkpoint", "K", "checkpoint"), Entry("Settings", "S", "settings"),
                Entry("Reload the pack from disk", "F5", "reload"),
                Entry("Quit to the title", "T", "title"), Entry("Quit grail", "Q", "quit")]

    def subtitle(self) -> str:
        """Where the game is kept, for the line under the title."""
        path = self.session.path
        if path is None or path.parent.name.startswith(TRY_PREFIX):
            return "A throwaway game: it is not kept. Save as… keeps it."
        return f"Saved after every action as '{path.stem}'."

    def do(self, app: App, what: str) -> None:
        pack = str(self.session.pack) if self.session.pack is not None else None
        if what == "resume":
            app.pop()
        elif what == "save_as":
            app.push(SaveAsScene(self.session, self.saved))
        elif what == "load":
            app.push(LoadScene(pack))
        elif what == "undo":
            try:
                self.notice = f"Undone: {self.session.undo()}"
            except SaveError as error:
                self.notice = f"Not undone: the save cannot be written: {error}"
        elif what == "checkpoint":
            self.notice = checkpoint(self.session)
        elif what == "settings":
            app.push(SettingsScene(app.settings))
        elif what == "reload":
            self.notice = reload_pack(self.session)
            self.warning = self.notice.startswith("Not")
        elif what == "title":
            kept = "This throwaway game is not kept." if self.subtitle().startswith("A throw") \
                else "The game is saved: Continue on the title goes on with it."
            app.push(ConfirmScene("Quit to the title?", kept, lambda: app.home(None, pack)))
        elif what == "quit":
            app.quit()

    def saved(self, text: str) -> None:
        """Told by Save as… when it has saved."""
        self.notice, self.warning = text, False

    def back(self, app: App) -> None:
        app.pop()

    def draw(self, app: App, surface: pygame.Surface) -> None:
        shade(surface)
        super().draw(app, surface)
