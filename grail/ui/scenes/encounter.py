"""An Encounter (the rulebook's card anatomy, Combat and Diplomacy): the
Encounter card on the left, the Sequence
laid out from it to the right with every key and how each pair of halves meets, the hand
shown below with what each card would yield, and on the side the team in activation order,
the important actions, the hint and the fight's own lines.

The view implements no rule: it draws :func:`grail.ui.fight.read_fight` (the engine's key
matching and legal actions) and sends the engine's legal actions. A click on a playable
card plays it (a small choice when the Magic Keys can be paid in several ways); a click on
a member activates them when the team chooses, or shows their hand while nobody is active.

Keys (besides the game screen's): H asks for a hint (the first card of the plan found is
marked), Left/Right scroll a long Sequence; the mouse wheel scrolls the Sequence or the hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from grail.engine.actions import (
    Activate,
    Avoid,
    ChooseApproach,
    EndPlay,
    Escape,
    KeepHands,
    Mulligan,
    PlayCard,
    Ready,
    SetItemAside,
    SpendCharges,
    UseCard,
)
from grail.lang import _, ngettext
from grail.session import Session
from grail.sim.hints import Hint, hint
from grail.words.actions import action_label
from grail.words.decisions import pending_words
from grail.words.encounter import result_words
from grail.words.refusals import refusal_words

from ..app import App
from ..cards import Frame, draw_fitted
from ..fight import Fight, read_fight
from ..foe import draw_foe
from ..pick import PickScene
from ..table import Row, draw_hand, draw_sequence, fit, sequence_tight
from ..team import draw_side_panel
from ..widgets import Button, Buttons
from .game import KEYS, GameScene

PROMINENT = (Ready, KeepHands, Mulligan, ChooseApproach, Activate, EndPlay, SpendCharges,
             UseCard, SetItemAside, Avoid, Escape)
"""The Encounter actions the view shows as its own buttons too, in this order."""

PLACE_MS = 300
"""How long a card just placed takes to rise into the Sequence."""

HINT = "hint"
"""The hint button's action."""


@dataclass
class Layout:
    """Where the view's parts are: the Encounter card, the status line, the Sequence row
    (cards shown and how many are hidden on each side), the hand row, the side's parts."""

    foe: pygame.Rect
    status: pygame.Rect
    sequence: Row
    legend: pygame.Rect | None
    title: pygame.Rect
    hand: Row
    members: list[tuple[pygame.Rect, str]] = field(default_factory=list)


class EncounterScene(GameScene):
    """An Encounter: the card, the Sequence, the hands."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.viewed: str | None = None
        """Whose hand is shown while nobody is active."""
        self.hint: Hint | None = None
        self.hint_at = (-1, -1, -1)
        """The :meth:`moment` the hint was asked at (it holds until the next action)."""
        self.scroll: dict[str, int | None] = {"sequence": None, "hand": None}
        """The first card shown of a row too long for the view (None: its end)."""
        self.scrolled_at = (-1, -1, -1)
        self.panel = Buttons()
        self.said: list[str] = []
        """What the last drawing wrote (tests read it)."""
        self.placed_at: dict[int, int] | None = None
        """When each card of the Sequence was first seen, in milliseconds."""
        self._fight: tuple[tuple[int, int, int, str | None], Fight | None] | None = None
        self._layout: Layout | None = None

    # --- the screen's parts ------------------------------------------------------------

    def bar(self, app: App) -> tuple[int, int]:
        """Columns and rows of the action bar: as many columns as fit, at least 3 rows (the
        view shows the important actions itself, and its cards need the height)."""
        px = app.theme.px
        width = app.size[0] - min(px(420), app.size[0] // 3) - px(16)
        shown = len(self.session.legal()[self.page * len(KEYS):(self.page + 1) * len(KEYS)])
        columns = max(2, min(4, width // px(170), -(-shown // 3)))
        return columns, max(3, -(-shown // columns))

    def bar_button_width(self, app: App) -> int:
        """The width of a button of the bar, in its columns."""
        px = app.theme.px
        columns = self.bar(app)[0]
        area = app.size[0] - min(px(420), app.size[0] // 3) - px(16)
        return (area - px(6) * (columns - 1)) // columns

    def regions(self, app: App) -> dict[str, pygame.Rect]:
        """The game screen's parts, with an action bar as high as its buttons need."""
        regions = super().regions(app)
        if self.log_open:
            return regions
        px = app.theme.px
        rows = self.bar(app)[1]
        bottom = rows * self.pitch(app) - px(6) + px(16)
        grown = regions["actions"].height - bottom
        for name in ("main", "side"):
            regions[name].height += grown
        for name in ("actions", "log"):
            regions[name].y += grown
            regions[name].height -= grown
        return regions

    def layout_actions(self, app: App) -> None:
        """The current page of legal actions in the bar's columns, numbered as ever."""
        px = app.theme.px
        area = self.regions(app)["actions"].inflate(-px(16), -px(16))
        columns, rows = self.bar(app)
        legal = self.session.legal()
        shown = legal[self.page * len(KEYS):(self.page + 1) * len(KEYS)]
        width = (area.width - px(6) * (columns - 1)) // columns
        height = (area.height + px(6)) // rows - px(6)
        buttons = []
        for index, action in enumerate(shown):
            column, row = divmod(index, rows)
            rect = pygame.Rect(area.x + column * (width + px(6)), area.y + row * (height + px(6)),
                               width, height)
            buttons.append(Button(rect, action_label(self.session.game, action), action,
                                  key=KEYS[index]))
        self.actions = Buttons(buttons, min(self.actions.cursor, max(0, len(buttons) - 1)))

    # --- what is shown ---------------------------------------------------------------

    def moment(self) -> tuple[int, int, int]:
        """Changes whenever the game does: the session's revision, and the game's state and
        log (for a game also moved on outside the session, as a companion table's answers)."""
        game = self.session.game
        return self.session.revision, id(game.state), len(game.log)

    def fight(self) -> Fight | None:
        """The Encounter's data, read again after each action."""
        key = (*self.moment(), self.viewed)
        if self._fight is None or self._fight[0] != key:
            self._fight = (key, read_fight(self.session.game, self.viewed))
        return self._fight[1]

    def current_hint(self) -> Hint | None:
        """The hint asked for, until the game moves on."""
        return self.hint if self.hint_at == self.moment() else None

    def layout(self, app: App) -> Layout:
        """The parts of the main area and the side, for this window and scale."""
        fight = self.fight()
        regions = self.regions(app)
        main, side = regions["main"], regions["side"]
        px = app.theme.px
        pad = px(8)
        inner = main.inflate(-2 * pad, -2 * pad)
        foe = pygame.Rect(inner.x, inner.y, max(px(190), min(px(300), inner.width * 24 // 100)),
                          inner.height)
        left = foe.right + px(20)
        width = inner.right - left
        status = pygame.Rect(left, inner.y, width, px(22))
        legend_h = px(20) if inner.height > px(380) else 0
        title_h = px(38) if inner.height > px(420) else px(32)
        below = px(58) if inner.height > px(420) else px(32)
        rows_h = inner.height - status.height - legend_h - title_h - below
        seq_h = rows_h * 46 // 100  # the hand, whose Abilities are read before playing, taller
        sequence = fit(pygame.Rect(left, status.bottom, width, seq_h),
                       len(fight.sequence) if fight else 0, app.theme, ghost=True,
                       first=self.scroll["sequence"])
        legend = pygame.Rect(left, sequence.rect.bottom + px(4), width, legend_h) \
            if legend_h else None
        title = pygame.Rect(left, sequence.rect.bottom + legend_h + px(2), width, title_h)
        hand = fit(pygame.Rect(left, title.bottom, width, rows_h - seq_h + below),
                   len(fight.hand) if fight else 0, app.theme, ghost=False,
                   first=self.scroll["hand"], below=below)
        members = []
        count = len(fight.members) if fight else 0
        room = side.height - px(34 + 34 + 3 * 47 + 8)
        tall = px(52) if count * px(52) <= room else px(38)
        y = side.y + px(34)
        for member in fight.members if fight else ():
            members.append((pygame.Rect(side.x + pad, y, side.width - 2 * pad, tall - px(4)),
                            member.hero))
            y += tall
        return Layout(foe, status, sequence, legend, title, hand, members)

    # --- input -----------------------------------------------------------------------

    def update(self, app: App, dt: float) -> None:
        super().update(app, dt)
        if self.scrolled_at != self.moment():  # after an action, the rows show their ends
            self.scroll = {"sequence": None, "hand": None}
        self._layout = self.layout(app)
        self.panel = Buttons(self.panel_buttons(app, self._layout))

    def panel_buttons(self, app: App, layout: Layout) -> list[Button]:
        """The hint button, then the important legal actions, in a column under the team;
        each shows the action bar's number for it."""
        px = app.theme.px
        side = self.regions(app)["side"]
        top = (layout.members[-1][0].bottom if layout.members else side.y + px(34)) + px(34)
        height = px(42)
        keys = {button.action: button.key for button in self.actions.buttons}
        hinted = self.current_hint()
        first = hinted.actions[0] if hinted is not None else None
        entries: list[tuple[str, Any, str]] = [(_("Hint: the best play found"), HINT, "H")]
        hintless = "" if self.session.pending().kind == "play" else \
            _("hints are for the active character's cards, while they play")
        for action in self.session.legal():
            if isinstance(action, PROMINENT):
                entries.append((action_label(self.session.game, action), action,
                                keys.get(action, "")))
        entries.sort(key=lambda entry: _order(entry[1]))
        buttons = []
        for index, (text, action, key) in enumerate(entries):
            rect = pygame.Rect(side.x + px(8), top + index * (height + px(5)),
                               side.width - px(16), height)
            if rect.bottom > side.bottom - px(8):
                break
            style = "primary" if action == first else "normal"
            buttons.append(Button(rect, text, action, key=key, style=style,
                                  why=hintless if action == HINT else ""))
        return buttons

    def handle_view(self, app: App, event: pygame.event.Event) -> bool:
        layout = self._layout or self.layout(app)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_h:
                self.ask_hint()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.scroll_row("sequence", layout.sequence, -1 if event.key == pygame.K_LEFT
                                else 1)
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            point = pygame.mouse.get_pos()
            for name, row in (("sequence", layout.sequence), ("hand", layout.hand)):
                if row.rect.collidepoint(point):
                    self.scroll_row(name, row, -event.y)
                    return True
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        return self.click(app, layout, event.pos)

    def click(self, app: App, layout: Layout, point: tuple[int, int]) -> bool:
        """A click on a panel button, a card of the hand, or a member."""
        button = self.panel.at(point)
        if button is not None:
            if button.action == HINT and button.enabled:
                self.ask_hint()
            else:
                self.choose(app, button)
            return True
        fight = self.fight()
        if fight is None:
            return False
        for index, rect in layout.hand.cards:
            if rect.collidepoint(point):
                self.take_card(app, fight, index)
                return True
        for rect, hero in layout.members:
            if rect.collidepoint(point):
                activate = next((a for a in self.session.legal()
                                 if isinstance(a, Activate) and a.hero == hero), None)
                if activate is not None:
                    self.act(app, activate)
                elif fight.encounter.active is None:
                    self.viewed = hero
                return True
        return False

    def take_card(self, app: App, fight: Fight, index: int) -> None:
        """Discard the card when a discard is asked; else play it, asking how to pay its
        Magic when the engine offers several ways; else say why not."""
        held = fight.hand[index]
        if held.discard is not None:
            self.act(app, held.discard)
        elif len(held.plays) == 1:
            self.act(app, held.plays[0])
        elif held.plays:
            game = self.session.game
            app.push(PickScene(_("Play {card}: pay its Magic how?").format(card=held.card.name),
                               [(action_label(game, play), play) for play in held.plays],
                               lambda play: self.act(app, play)))
        else:
            game = self.session.game
            why = held.why or refusal_words(game.campaign, game.refusal(
                PlayCard.of(hero=fight.shown or "", card=held.card.id)))
            self.notice = _("{card} cannot be played now: {why}").format(card=held.card.name,
                                                                         why=why)

    def ask_hint(self) -> None:
        """The best play found for the active character's cards (grail.sim.hints)."""
        self.hint = hint(self.session.game)
        self.hint_at = self.moment()
        if self.hint is None:
            self.notice = _("No hint now: hints are for the active character's cards, while "
                            "they play.")

    def scroll_row(self, name: str, row: Row, step: int) -> None:
        if row.hidden_left + row.hidden_right == 0:
            return
        self.scroll[name] = max(0, min(row.first + step, row.count - len(row.cards)))
        self.scrolled_at = self.moment()

    # --- drawing ---------------------------------------------------------------------

    def draw_view(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fight = self.fight()
        self.said = []
        if fight is None:
            super().draw_view(app, surface, rect)
            return
        layout = self._layout or self.layout(app)
        theme = app.theme
        frame = Frame(pygame.Rect(layout.sequence.rect.x, layout.sequence.rect.y, theme.px(160),
                                  layout.sequence.rect.height), fight.rows, theme,
                      sequence_tight(layout.sequence, fight, self.session.game, theme))
        self.said += draw_foe(surface, layout.foe, frame, self.session.game)
        status = self.status(fight)
        draw_fitted(surface, status, layout.status.topleft, layout.status.width, theme, 21,
                    theme["ink"], bold=True)
        self.said.append(status)
        hinted = self.current_hint()
        first = hinted.actions[0] if hinted is not None else None
        self.said += draw_sequence(surface, layout.sequence, layout.legend, fight,
                                   self.session.game, theme, first,
                                   self.rising(fight, not app.settings.reduce_motion))
        keys = {button.action: button.key for button in self.actions.buttons}
        self.said += draw_hand(surface, layout.title, layout.hand, fight, self.session.game,
                               theme, first, keys, pygame.mouse.get_pos())

    def rising(self, fight: Fight, motion: bool) -> dict[int, float]:
        """The cards just placed, each with how far it still has to rise (1 to 0, eased);
        none with less motion, none when the view opens on a Sequence already there."""
        now = pygame.time.get_ticks()
        serials = {placed.serial for placed in fight.sequence}
        if self.placed_at is None or not motion:
            self.placed_at = {serial: now - PLACE_MS for serial in serials}
        for serial in serials - set(self.placed_at):
            self.placed_at[serial] = now
        return {serial: (1 - done) ** 3 for serial in serials
                if (done := (now - self.placed_at[serial]) / PLACE_MS) < 1}

    def status(self, fight: Fight) -> str:
        """What the Encounter waits for, in a line."""
        game, encounter = self.session.game, fight.encounter
        names = {member.hero: member.name for member in fight.members}
        if encounter.result is not None:
            return _("The Encounter is over: {result}.").format(result=result_words(encounter.result))
        if fight.discarding and fight.shown is not None:
            count = fight.discarding
            return ngettext("{name} discards {count} card: click a card of the hand.",
                            "{name} discards {count} cards: click a card of the hand.",
                            count).format(name=names.get(fight.shown, fight.shown), count=count)
        step = encounter.step
        if step == "equipment":
            return _("Before the fight: confirm the Items used (Ready), set some aside, or "
                     "Avoid.")
        if step == "mulligan":
            return _("The hands are drawn: a member may draw again, one card fewer; or keep "
                     "them.")
        if step == "approach":
            return _("Choose an approach.")
        if step == "choose_active":
            return _("Turn {turn}: who is active next? Click a member on the right.").format(
                turn=encounter.turn)
        if encounter.active is not None:
            return _active(encounter.turn, names.get(encounter.active, encounter.active),
                           encounter.played, encounter.forced is not None,
                           encounter.free_continue)
        return pending_words(game)

    def draw_side(self, app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fight = self.fight()
        if fight is None:
            return
        layout = self._layout or self.layout(app)
        hinted = self.current_hint()
        mouse = pygame.mouse.get_pos()
        for button in self.panel.buttons:
            button.draw(surface, app.theme, hovered=button.rect.collidepoint(mouse))
        bottom = self.panel.buttons[-1].rect.bottom if self.panel.buttons else \
            (layout.members[-1][0].bottom if layout.members else rect.y)
        self.said += draw_side_panel(surface, rect, layout.members, fight, app.theme,
                                     hinted.text if hinted else None, bottom,
                                     self.fight_lines())

    def fight_lines(self) -> list[str]:
        """The log since this Encounter began."""
        log = self.session.log
        begins = _("Encounter begins: {name}.").split("{name}")[0]  # as grail/words tells it
        start = max((index for index, line in enumerate(log) if line.startswith(begins)),
                    default=None)
        return log[start:] if start is not None else []


def _active(turn: int, name: str, played: int, panic: bool, free: bool) -> str:
    """The turn of the active member, in a line: the cards played, and what plays first
    (Panic) or connects for free."""
    if panic and free:
        text = ngettext("Turn {turn}: {name} is active, {count} card played; Panic: the top "
                        "card of the deck comes first; the next card plays as if it "
                        "connected continue.",
                        "Turn {turn}: {name} is active, {count} cards played; Panic: the top "
                        "card of the deck comes first; the next card plays as if it "
                        "connected continue.", played)
    elif panic:
        text = ngettext("Turn {turn}: {name} is active, {count} card played; Panic: the top "
                        "card of the deck comes first.",
                        "Turn {turn}: {name} is active, {count} cards played; Panic: the top "
                        "card of the deck comes first.", played)
    elif free:
        text = ngettext("Turn {turn}: {name} is active, {count} card played; the next card "
                        "plays as if it connected continue.",
                        "Turn {turn}: {name} is active, {count} cards played; the next card "
                        "plays as if it connected continue.", played)
    else:
        text = ngettext("Turn {turn}: {name} is active, {count} card played.",
                        "Turn {turn}: {name} is active, {count} cards played.", played)
    return text.format(turn=turn, name=name, count=played)


def _order(action: Any) -> int:
    """The hint first, then the order of :data:`PROMINENT`."""
    if action == HINT:
        return -1
    return next(index for index, kind in enumerate(PROMINENT) if isinstance(action, kind))
