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
from grail.lang import N_, _, language, ngettext
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
        campaign = load_pack(session.pack or bundled_pack(), lang=language())
    except PackError as error:
        problems = [str(problem) for problem in error.problems]
        return _not_reloaded(session, _("the pack has problems ('grail validate' lists them)"),
                             problems)
    except OSError as error:
        return _not_reloaded(session, _("the pack cannot be read"), [str(error)])
    try:
        problems = session.reload(campaign)
    except SaveError as error:
        problems = [str(error)]
    if problems:
        return _not_reloaded(session, _("the game no longer fits the pack"), problems)
    return reloaded()


def reloaded() -> str:
    """What the banner says when the pack was read again and the game goes on with it."""
    return _("Pack reloaded from disk (F5): the game goes on under the new content.")


def checkpoint(session: Session) -> str:
    """Keep the game as it stands as a checkpoint in its save, named after its Day and
    time; what to tell the player."""
    name = _("day {day}, {time}").format(day=session.game.state.day,
                                         time=f"{datetime.now():%H.%M.%S}")
    try:
        saved = session.checkpoint(name)
    except SaveError as error:
        return _("No checkpoint: {error}").format(error=error)
    return _("Checkpoint '{name}' kept in the save: Load… lists it.").format(name=saved.name) \
        if saved else _("This game is not saved to a file: no checkpoint (Save as… keeps it).")


def _not_reloaded(session: Session, why: str, problems: list[str]) -> str:
    """Log every problem; the banner's line names the first and how many more."""
    session.log.append(_("F5: not reloaded: {why}; the game goes on as before:").format(why=why))
    session.log += [f"  - {problem}" for problem in problems]
    session.revision += 1
    if len(problems) > 1:
        more = len(problems) - 1
        return ngettext("Not reloaded, the game goes on as before: {why}: {problem} (+{count} "
                        "more in the log)", "Not reloaded, the game goes on as before: {why}: "
                        "{problem} (+{count} more in the log)", more).format(
            why=why, problem=problems[0], count=more)
    return _("Not reloaded, the game goes on as before: {why}: {problem}").format(
        why=why, problem=problems[0])


class MenuScene(ChoiceScene):
    """The game menu, over the game."""

    opaque = False
    title = N_("Game menu")

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def entries(self, app: App) -> list[Entry]:
        undo = "" if self.session.can_undo() else _("nothing to undo since the last reveal")
        return [Entry(_("Resume"), "Esc", "resume"), Entry(_("Save as…"), "A", "save_as"),
                Entry(_("Load…"), "L", "load"),
                Entry(_("Undo the last action"), "U", "undo", undo),
                Entry(_("Save a checkpoint"), "K", "checkpoint"),
                Entry(_("Settings"), "S", "settings"),
                Entry(_("Reload the pack from disk"), "F5", "reload"),
                Entry(_("Quit to the title"), "T", "title"), Entry(_("Quit grail"), "Q", "quit")]

    def throwaway(self) -> bool:
        """Whether the game is a throwaway one (``grail play --at``), kept in no file."""
        path = self.session.path
        return path is None or path.parent.name.startswith(TRY_PREFIX)

    def subtitle(self) -> str:
        """Where the game is kept, for the line under the title."""
        if self.throwaway() or self.session.path is None:
            return _("A throwaway game: it is not kept. Save as… keeps it.")
        return _("Saved after every action as '{name}'.").format(name=self.session.path.stem)

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
                self.notice = _("Undone: {action}").format(action=self.session.undo())
            except SaveError as error:
                self.notice = _("Not undone: the save cannot be written: {error}").format(
                    error=error)
        elif what == "checkpoint":
            self.notice = checkpoint(self.session)
        elif what == "settings":
            app.push(SettingsScene(app.settings))
        elif what == "reload":
            self.notice = reload_pack(self.session)
            self.warning = self.notice != reloaded()
        elif what == "title":
            kept = _("This throwaway game is not kept.") if self.throwaway() \
                else _("The game is saved: Continue on the title goes on with it.")
            app.push(ConfirmScene(_("Quit to the title?"), kept, lambda: app.home(None, pack)))
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
