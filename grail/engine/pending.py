"""Who must decide what now: the decision a state waits on, read from the state alone.

Every decision lives in the state as data (a frame at a choice, a team forming, a chance
point for the table, an Item over the cap...); ``Game.pending()`` names the one it waits
on (``decisions.ORDER``), so that a front end can say "Wren chooses a journal option"
before it lists the options.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7).pending()
Pending(kind='day_action', heroes=['tamsin'])
"""

from typing import Literal

from .plain import Plain, value

Kind = Literal["none", "chance", "mercy", "encounter", "skill", "destination", "item_cap",
               "discard", "encounter_items", "mulligan", "approach", "activation", "play",
               "face_up", "guardian_order", "team_forming", "team_paying", "give_secret",
               "replacement", "journal", "rest", "upgrade", "keep_card", "day_action"]


@value
class Pending(Plain):
    """A decision waiting: what kind, and who takes it (none: the table); grail/words says it
    in words, from the state."""

    kind: Kind
    """What is decided."""
    heroes: list[str]
    """Who decides, first the one who answers for all."""
