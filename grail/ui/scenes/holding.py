"""A game view that holds on after its part of the game is over, to show how it ended: the
last passage of a reading and what it changed, or the Dreams read as night falls. Only the
view waits; the game has moved on. "Continue" (the one button, Enter or 1) shows the view
the game's next decision calls for."""

from __future__ import annotations

import pygame

from grail.lang import _, listed
from grail.session import Session
from grail.words.decisions import pending_words

from ..app import App
from ..tiles import Tile
from ..widgets import Button, Buttons
from .game import GameScene, view_for

CONTINUE = "continue"
"""The action of the Continue button: the view's own, never sent to the engine."""


class HoldingScene(GameScene):
    """A game view that may hold on when the game leaves it (see :meth:`holds`)."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.ended = False
        """Holding on: the game has moved on to another view's decision."""

    def holds(self) -> bool:
        """Whether to hold on, now that the game calls for another view: a view says when
        what just happened is worth reading first."""
        return False

    def follow(self, app: App) -> None:
        if not isinstance(self, view_for(self.session)) and self.holds():
            self.ended = True
            return
        self.ended = False
        super().follow(app)

    def update(self, app: App, dt: float) -> None:
        if self.ended and isinstance(self, view_for(self.session)):
            self.ended = False  # an undo brought the game back to this view
        super().update(app, dt)

    def next_decision(self) -> str:
        """The decision the game waits on next, in words, for the Continue button."""
        pending = self.session.pending()
        names = [self.session.campaign.hero[hero].short_name for hero in pending.heroes
                 if hero in self.session.campaign.hero]
        waits = pending_words(self.session.game)
        return (_("Next: {heroes}, {decision}") if names else _("Next: {decision}")).format(
            heroes=listed(names), decision=waits)

    def continue_tile(self) -> Tile:
        return Tile(_("Continue"), CONTINUE, [self.next_decision()], key="1")

    def layout_actions(self, app: App) -> None:
        """While holding on, the action bar holds only Continue."""
        if not self.ended:
            super().layout_actions(app)
            return
        area = self.regions(app)["actions"].inflate(-app.theme.px(16), -app.theme.px(16))
        rect = pygame.Rect(area.x, area.y, (area.width - app.theme.px(6)) // 2,
                           max(app.theme.px(30), (area.height - app.theme.px(24)) // 5))
        self.actions = Buttons([Button(rect, _("Continue ({next})").format(
            next=self.next_decision()), CONTINUE,
                                       key="1", style="primary")])

    def choose(self, app: App, button: Button) -> None:
        if button.action == CONTINUE:
            self.ended = False
            GameScene.follow(self, app)
            return
        super().choose(app, button)

    def paging(self) -> bool:
        """Whether the action bar has more than one page (Page Up/Down turn it then)."""
        return not self.ended and len(self.session.legal()) > self.per_page
