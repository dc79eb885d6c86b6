"""A hypothesis state machine: random legal actions, undo, and save -> load -> continue.

A twin game takes the same actions but is never saved nor loaded: the game that goes
through save files must stay equal to it, and both keep the rules' invariants.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from grail.engine.game import Game
from grail.engine.map import in_radius
from grail.save import load_game, save_game

from .playout import campaign as pick
from .playout import check_pending, check_rules


class Campaigns(RuleBasedStateMachine):
    """Plays one game from a random seed, as a table of random players would."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="grail-stateful-"))
        self.game: Game | None = None
        self.twin: Game | None = None
        self.day_began = False

    @initialize(pack=st.sampled_from(["minimal", "bundled"]), seed=st.integers(0, 2**32),
                players=st.integers(1, 2), companion=st.booleans())
    def set_up(self, pack: str, seed: int, players: int, companion: bool) -> None:
        campaign = pick(pack)
        heroes = sorted(campaign.hero)[:players]
        self.game = Game.new(campaign, heroes, seed=seed, companion=companion)
        self.twin = Game.new(campaign, heroes, seed=seed, companion=companion)

    @precondition(lambda self: self.game is not None and not self.game.is_terminal())
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        assert self.game is not None and self.twin is not None
        actions = self.game.legal_actions()
        assert actions, "a game in progress always has a decision"
        action = actions[data.draw(st.integers(0, len(actions) - 1))]
        day = self.game.state.day
        assert self.game.apply(action) == self.twin.apply(action)
        self.day_began = self.game.state.day != day

    @precondition(lambda self: self.game is not None)
    @rule()
    def save_and_load(self) -> None:
        assert self.game is not None
        path = self.folder / "game.grail"
        save_game(self.game, path)
        self.game = load_game(path, self.game.campaign)

    @precondition(lambda self: self.game is not None and bool(self.game.undoable()))
    @rule()
    def undo(self) -> None:
        assert self.game is not None and self.twin is not None
        self.game.undo()
        self.twin.undo()
        self.day_began = False

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    @invariant()
    def keeps_the_rules(self) -> None:
        if self.game is None or self.twin is None:
            return
        check_rules(self.game)
        check_pending(self.game)
        # save -> load -> continue equals continuing, and the log rebuilds the state
        assert self.game.state == self.twin.state
        assert self.game.log == self.twin.log
        assert self.game.legal_actions() == self.twin.legal_actions()
        if self.day_began and self.game.state.menhirs:
            # after a Start of Day, every Location lies in some Menhir's radius [DAY-START-2]
            assert all(in_radius(self.game.state, (p.x, p.y)) for p in self.game.state.placed)


Campaigns.TestCase.settings = settings(
    max_examples=25, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestCampaigns = Campaigns.TestCase
