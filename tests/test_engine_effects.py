"""One table gives each content effect its handler, as ``DOES`` does for actions: the
reading's own effects (``journal.FLOW``), those on an Encounter's board
(``encounters.effects.ON_THE_BOARD``) and those on the characters and the world
(``world.EFFECTS``) cover every effect of the content language, each exactly once."""

from __future__ import annotations

from collections import Counter

from grail.content import effects as fx
from grail.engine import journal, world
from grail.engine.encounters import effects as board


def test_every_effect_of_the_content_language_has_one_handler() -> None:
    handled = Counter([*journal.FLOW, *board.ON_THE_BOARD, *world.EFFECTS])
    assert sorted(kind.__name__ for kind in set(fx.EFFECTS) - set(handled)) == []
    assert sorted(kind.__name__ for kind, count in handled.items() if count > 1) == []
    assert sorted(kind.__name__ for kind in set(handled) - set(fx.EFFECTS)) == []
