"""Hints: the best play found for the active character's hand, and what it yields, for
front ends to show (:func:`.planner.search`).

The hint sees what the player sees: the hand, the Sequence, the pool or the Affinity
marker, the members' Magic; a card a bonus would draw is counted, never named.
"""

from __future__ import annotations

from dataclasses import dataclass

from grail.engine.actions import EndPlay, PlayCard
from grail.engine.game import Game

from .board import Board, Context, read
from .planner import Plan, Step, search


@dataclass(frozen=True)
class Hint:
    """Steps to take in order (cards played, Charges paid; a lone ``EndPlay`` when
    playing on gains nothing) and what they yield, in words."""

    actions: tuple[Step | EndPlay, ...]
    text: str


def hint(game: Game) -> Hint | None:
    """The best plan found for the activation waiting, or None when no activation waits
    for the active character's cards.

    ``"play Attack then Defense: +2 markers, pay 1 Magic, prevent 2 damage"`` (Combat);
    ``"play Honest Truth: marker +3"`` (Diplomacy)."""
    seen = read(game)
    if seen is None:
        return None
    ctx, board = seen
    plan = search(ctx, board)
    if not plan.steps:
        return Hint(actions=(EndPlay.of(hero=ctx.hero),),
                    text=f"play no more cards{_yields(ctx, board, plan)}")
    return Hint(actions=plan.steps, text=f"{_told(ctx, plan)}{_yields(ctx, board, plan)}")


def _told(ctx: Context, plan: Plan) -> str:
    """The steps in words: "play Attack then Defense then spend the Charges of ..."."""
    campaign, said = ctx.campaign, []
    for index, step in enumerate(plan.steps):
        if isinstance(step, PlayCard):
            name = campaign.card[step.card].name
            follows = index and isinstance(plan.steps[index - 1], PlayCard)
            said.append(name if follows else f"play {name}")
        else:
            card = next(slot.card for slot in plan.boards[index].sequence
                        if slot.serial == step.serial)
            said.append(f"spend the Charges of {campaign.card[card].name}")
    return " then ".join(said)


def _yields(ctx: Context, board: Board, plan: Plan) -> str:
    """What the plan yields: markers or Affinity [KEY-5], [DIPLO-10], cards drawn, Magic
    paid [KEY-3], damage prevented [EX-COMBAT-5], a Stage or the Encounter won."""
    end, said = plan.end, []
    moved = end.progress - board.progress
    if ctx.combat and moved:
        said.append(f"{moved:+d} marker{'' if abs(moved) == 1 else 's'}")
    elif moved:
        said.append(f"marker {moved:+d}")
    if end.drawn > board.drawn:
        count = end.drawn - board.drawn
        said.append(f"draw {count} card{'' if count == 1 else 's'}")
    if end.paid > board.paid:
        said.append(f"pay {end.paid - board.paid} Magic")
    if plan.outcome.prevented:
        said.append(f"prevent {plan.outcome.prevented} damage")
    if plan.outcome.won:
        said.append("wins the Encounter")
    elif plan.outcome.stage:
        said.append("wins the Stage")
    return f": {', '.join(said)}" if said else ""
