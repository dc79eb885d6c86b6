"""Games in the states the window must show: the start, mid-Day,
mid-journal, a fight of four, Diplomacy at its second Stage, the End of Day, a hero dying,
and a companion game waiting for the table. Each builder returns a fresh game of the
bundled campaign; states the engine reaches only by long play are set by hand where noted.
Also a crowded map (:func:`crowded`), and the whole map painted afresh to compare a
painting with (:func:`painted_afresh`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pygame

from grail.content import Campaign, bundled_pack, load_pack
from grail.content.geography import Layout
from grail.engine.actions import Activate, Begin, Choose, Explore, KeepHands, Pass, Travel
from grail.engine.game import Game
from grail.engine.map import place
from grail.engine.state import Dial, Guardian, Menhir, StatusMarks, Task
from grail.lang import language
from grail.ui.mapcards import Grid, Painter
from grail.ui.theme import Theme


def ennor() -> Campaign:
    """The bundled campaign in the language grail speaks now."""
    return _ennor(language())


@cache
def _ennor(code: str) -> Campaign:
    return load_pack(bundled_pack(), lang=code)


def start() -> Game:
    return Game.new(ennor(), ["tamsin"], seed=3)


def mid_day() -> Game:
    game = Game.new(ennor(), ["tamsin", "jago"], seed=3)
    game.apply(Travel(hero="tamsin", to=102))
    game.apply(Begin(hero="tamsin"))  # Jago, who could have joined, stays [TEAM-1]
    return game


def mid_journal() -> Game:
    game = start()
    game.apply(Explore(hero="tamsin"))
    assert isinstance(game.legal_actions()[0], Choose)
    return game


def combat_of_four() -> Game:
    game = Game.new(ennor(), ["tamsin", "jago", "kerra", "ysella"], seed=3)
    game.fight("grey-ash-faced-raider", ["tamsin", "jago", "kerra", "ysella"])
    if KeepHands() in game.legal_actions():
        game.apply(KeepHands())
    game.apply(Activate(hero="jago"))
    return game


def diplomacy_stage_two() -> Game:
    """Kerra talking with the Marsh-Reeve, the first Stage won (set by hand)."""
    game = _playing("kerra", 3, "blue-penhale-marsh-reeve")
    assert game.state.encounter is not None
    game.state.encounter.stage = 1
    game.state.encounter.affinity = 1
    game.refresh()
    return game


def diplomacy_alone() -> Game:
    """Jago alone at the charcoal-burners' fire, Measured Pause in hand: a card whose Ability
    is long for its body, and a solo Escape's words on a button."""
    return _playing("jago", 11, "blue-charcoal-camp", holding="diplomacy-14m")


def two_abilities_in_hand() -> Game:
    """Ysella before the Pale Helmsman with Ash on the Brow in hand: a card of two Abilities
    (a Response and a delayed one) whose words must fit its body, none cut."""
    return _playing("ysella", 4, "blue-pale-helmsman", holding="diplomacy-12g")


def _playing(hero: str, seed: int, encounter: str, holding: str | None = None) -> Game:
    """``hero`` alone before ``encounter``, the Items kept and the hands kept, at its first
    card to play; ``holding`` a card that the hand must hold."""
    game = Game.new(ennor(), [hero], seed=seed)
    game.fight(encounter, [hero])
    while game.state.encounter is not None and game.state.encounter.step != "play":
        game.apply(game.legal_actions()[-1])  # Items kept, hands kept
    assert holding is None or any(action.type == "play_card" and action.card == holding
                                  for action in game.legal_actions())
    return game


def end_of_day() -> Game:
    game = start()
    game.apply(Pass(hero="tamsin"))
    assert game.state.stage == "end_of_day"
    return game


def dying_rest_of_four() -> Game:
    """Four at the End of Day, Tamsin dying with no Food: her rest says it kills her and
    loses the game, and all four are in the night's order [DEATH-1]."""
    game = Game.new(ennor(), ["tamsin", "jago", "kerra", "ysella"], seed=3)
    tamsin = game.state.hero("tamsin")
    tamsin.health, tamsin.food = 0, 0
    game.settle()
    while game.state.stage == "day":
        game.apply(next(action for action in game.legal_actions() if action.type == "pass"))
    assert game.pending().kind == "rest" and game.pending().heroes == ["tamsin"]
    return game


def hero_dying() -> Game:
    """Jago fell to 0 Health (set by hand) and took "You Are Dying" [DEATH-1]."""
    game = Game.new(ennor(), ["tamsin", "jago"], seed=3)
    game.state.hero("jago").health = 0
    game.settle()
    assert game.state.hero("jago").dying
    return game


def companion_chance() -> Game:
    """A fight begun in a companion game: the table says which cards Tamsin draws."""
    game = Game.new(ennor(), ["tamsin"], seed=3, companion=True)
    game.fight("green-bramble-hogs", ["tamsin"])
    assert game.state.chance is not None
    return game


STATES: dict[str, Callable[[], Game]] = {
    "start": start, "mid_day": mid_day, "mid_journal": mid_journal,
    "combat_of_four": combat_of_four, "diplomacy_stage_two": diplomacy_stage_two,
    "diplomacy_alone": diplomacy_alone, "end_of_day": end_of_day, "hero_dying": hero_dying,
    "dying_rest_of_four": dying_rest_of_four, "two_abilities_in_hand": two_abilities_in_hand,
    "companion_chance": companion_chance,
}
"""Every state, by name."""


def crowded(campaign: Campaign) -> Game:
    """Four heroes on a 5 by 5 map: a Guardian, Quest and Time tokens, named dials, a
    Menhir in its last Day, Items and Secrets, marked Statuses and a task (set by hand)."""
    game = Game.new(campaign, ["tamsin", "jago", "kerra", "ysella"], seed=5)
    state = game.state
    for number, spot in sorted(campaign.grid.items()):
        if max(abs(spot[0]), abs(spot[1])) <= 2 and state.spot_of(number) is None \
                and state.at(*spot) is None:
            place(state, number, spot)
    state.menhirs.append(Menhir(location=102, dial=None))
    state.guardians.append(Guardian(id="green-old-tusk", location=104))
    state.quest_tokens.append(103)
    state.location_tokens.append(101)
    state.dials += [Dial(id="raiders", value=3, token="time", location=105),
                    Dial(id="crown-watch", value=2, token="quest")]
    state.statuses += [StatusMarks(id="lamplighter-trail", parts=[1, 3]),
                       StatusMarks(id="weir-broken", whole=True)]
    state.tasks.append(Task(id="raiders", text="Drive the raiders out.", location=105))
    state.heroes[0].items, state.heroes[0].face_up, state.heroes[0].secrets = [7, 8], ["item:7"], [11]
    state.heroes[1].location = 102
    state.heroes[2].location = state.heroes[3].location = 104
    game.refresh()
    return game


PAINT_WHOLE = Painter.paint


def painted_afresh(game: Game, grid: Grid, plan: Layout, theme: Theme) -> Painter:
    """The whole map painted afresh on a surface of its own."""
    painter = Painter(pygame.Surface(grid.size), grid, game, theme)
    PAINT_WHOLE(painter, plan)
    return painter
