"""Plans for one activation: every order of the hand's cards that the keys allow, each way
to pay their Magic Keys and the Charges that may be paid between them, each valued by
what the activation would come to (the rulebook's Combat turn and Diplomacy).

A plan ends where the active character would stop playing. Its value reads the rest of
the activation as the rules run it: the Opportunity attack for no card played
[COMBAT-11], [TRAIT-8], the victory check [COMBAT-12], the enemy attack with the
uncovered Abilities that prevent its damage [COMBAT-13], [ANAT-7], [TRAIT-5], [TRAIT-9];
in Diplomacy the Affinity check, a Stage won, and the Response [DIPLO-4]..[DIPLO-8]. What
a card's delayed Ability will do counts in full when its last Time token comes off next
activation, a quarter when it needs more [ANAT-7], [COMBAT-7].

Values, in markers or Affinity spaces: 1 a marker or space gained, 1 a Health lost, 0.5 a
Magic paid or lost, 0.5 a Terror, 0.25 a card in hand (drawn or kept); a Stage won is
worth 20, the Encounter won 100, Health at 0 or the Encounter failed -100, an enemy who
flees -50 (not a win [COMBAT-19]).
"""

from __future__ import annotations

from dataclasses import dataclass

from grail.content import effects as fx
from grail.content import encounter_effects as efx
from grail.content.encounters import CombatEncounter, DiplomacyEncounter
from grail.engine.actions import PlayCard, SpendCharges
from grail.engine.encounters.sequence import Meeting

from .board import Board, Context, covered, gains, in_panic, meets_of, previous
from .steps import amount, charges_cost, place, resolve, spend

WIN = 100.0
STAGE = 20.0
FLED = -50.0
HEALTH = 1.0
MAGIC = 0.5
TERROR = 0.5
CARD = 0.25
LATER = 0.25
"""What a delayed Ability is worth when it needs more than one Time token to come off."""
NODES = 3_000
"""Plans looked at, at most, for one decision."""

Step = PlayCard | SpendCharges


@dataclass(frozen=True)
class Outcome:
    """What an activation comes to when the active character stops playing."""

    value: float
    won: bool
    """The Encounter won [COMBAT-16], [DIPLO-7]."""
    stage: bool
    """A Stage won, not the last [DIPLO-8]."""
    fell: bool
    """The active character's Health at 0 [COMBAT-26]."""
    prevented: int
    """Damage of the enemy attack prevented [EX-COMBAT-5]."""


@dataclass(frozen=True)
class Plan:
    """Steps for the rest of an activation, the board after each, and how it ends."""

    steps: tuple[Step, ...]
    boards: tuple[Board, ...]
    outcome: Outcome

    @property
    def end(self) -> Board:
        return self.boards[-1]


def moves(ctx: Context, board: Board) -> list[tuple[Step, Board]]:
    """What the active character may do next, and the board after it: a card that may be
    placed [COMBAT-8], [COMBAT-10], [TRAIT-4], [COMBAT-22], with each way to pay its Magic
    Keys (each unpaid, or paid by the member with the most Magic left) [KEY-3]; Charges on
    an uncovered card [ANAT-10]."""
    found: list[tuple[Step, Board]] = []
    if _may_play(ctx, board):
        cards = (board.forced,) if board.forced is not None else tuple(dict.fromkeys(board.hand))
        before = previous(ctx, board)
        for card in cards:
            meets = meets_of(ctx, before, card)
            for option in _options(ctx, board, meets):
                if board.played == 0 or board.free_continue or \
                        gains(ctx, before, card, tuple(at for at, _ in option)).continues:
                    found.append((PlayCard.of(hero=ctx.hero, card=card, magic=option),
                                  place(ctx, board, card, option)))
    for index, slot in enumerate(board.sequence):
        placed = ctx.campaign.card[slot.card]
        if covered(board, index, placed):
            continue
        for number in range(len(placed.abilities)):
            cost = charges_cost(ctx, board, slot.serial, number)
            if cost and slot.charges >= cost and (slot.serial, number) >= board.after:
                found.append((SpendCharges.of(hero=ctx.hero, serial=slot.serial, ability=number),
                              spend(ctx, board, slot.serial, number)))
    return found


def _may_play(ctx: Context, board: Board) -> bool:
    if ctx.has("swift") and board.played >= 2:
        return False  # [TRAIT-4]
    if board.forced is None and (not board.hand or (board.played == 0 and in_panic(ctx))):
        return False  # [COMBAT-22]: the engine turns the top card first
    immediately = ctx.campaign.manifest.rules.affinity_check == "immediately"
    return ctx.combat or not immediately or ctx.low < board.progress < ctx.high  # [DIPLO-9]


def _options(ctx: Context, board: Board, meets: list[Meeting]) -> list[tuple[tuple[int, str], ...]]:
    """Each Magic Key unpaid, or paid by the member with the most Magic left (the active
    character first among equals): a few of the engine's ways to pay [KEY-3]."""
    options: list[tuple[tuple[int, str], ...]] = [()]
    for meeting in meets:
        if meeting.kind != "magic":
            continue
        grown = []
        for option in options:
            grown.append(option)
            left = [magic - sum(1 for _, who in option if who == payer)
                    for payer, magic in zip(ctx.payers, board.magic, strict=True)]
            richest = max(range(len(left)), key=left.__getitem__)
            if left[richest] > 0:
                grown.append((*option, (meeting.at, ctx.payers[richest])))
        options = grown
    return options


def outcome(ctx: Context, board: Board) -> Outcome:
    """How the activation ends if the active character stops here."""
    if isinstance(ctx.card, CombatEncounter):
        return _combat(ctx, board, ctx.card)
    assert isinstance(ctx.card, DiplomacyEncounter)
    return _diplomacy(ctx, board)


def _combat(ctx: Context, board: Board, card: CombatEncounter) -> Outcome:
    """Step 2c, 2d and 3 [COMBAT-11]..[COMBAT-13]."""
    if board.played < (2 if ctx.has("opportunist") else 1):
        board = resolve(ctx, board, card.opportunity, None)  # [COMBAT-11], [TRAIT-8]
        if board.played == 0:
            board = board._replace(drawn=board.drawn + 1)
    if board.progress >= ctx.high:
        return _valued(ctx, board, won=True)  # [COMBAT-12]
    rules = ctx.campaign.manifest.rules
    spent = ctx.state.encounter is not None and ctx.state.encounter.fury_spent
    fury = ctx.has("fury") and (rules.fury_per == "activation" or not spent)
    prevented = 0
    for _ in range(2 if fury else 1):  # [TRAIT-9]
        board = _active(ctx, board, ("enemy_attack", "passive"))
        row = next(row for row in card.attack if (row.pool[0] or 0) <= board.progress
                   and (row.pool[1] is None or board.progress <= row.pool[1]))
        for effect in row.effects:
            if isinstance(effect, efx.Flee):
                return _valued(ctx, board, fled=True, prevented=prevented)
            if isinstance(effect, fx.Damage):
                damage = amount(ctx, board, effect.damage, None)
                stopped = 0 if ctx.has("feint") else min(damage, board.prevent)  # [TRAIT-5]
                prevented += stopped
                board = board._replace(prevent=board.prevent - stopped,
                                damage=board.damage + damage - stopped)
            else:
                board = resolve(ctx, board, [effect], None)
        if board.progress >= ctx.high:
            return _valued(ctx, board, won=True, prevented=prevented)
    return _valued(ctx, board, prevented=prevented)


def _diplomacy(ctx: Context, board: Board) -> Outcome:
    """The Affinity check, then the Response and the check again [DIPLO-4]..[DIPLO-8]."""
    checked = _checked(ctx, board)
    if checked is not None:
        return checked
    assert ctx.stage is not None
    board = _active(ctx, board, ("response", "passive"))
    board = resolve(ctx, board, ctx.stage.response, None)
    return _checked(ctx, board) or _valued(ctx, board)


def _checked(ctx: Context, board: Board) -> Outcome | None:
    if board.progress <= ctx.low:
        return _valued(ctx, board, failed=True)  # [DIPLO-6]
    if board.progress >= ctx.high:
        return _valued(ctx, board, won=ctx.last_stage, stage=not ctx.last_stage)  # [DIPLO-7]
    return None


def _active(ctx: Context, board: Board, triggers: tuple[str, ...]) -> Board:
    """The uncovered Abilities active in step 3 resolve, left to right [ANAT-7], [ANAT-9]."""
    for index, slot in enumerate(board.sequence):
        card = ctx.campaign.card[slot.card]
        if covered(board, index, card):
            continue
        for ability in card.abilities:
            if ability.trigger in triggers:
                board = resolve(ctx, board, ability.effects, slot.serial)
    return board


def _later(ctx: Context, board: Board) -> float:
    """What the uncovered cards' delayed Abilities will add [ANAT-7], [COMBAT-7]."""
    worth = 0.0
    for index, slot in enumerate(board.sequence):
        card = ctx.campaign.card[slot.card]
        if not slot.tokens or covered(board, index, card):
            continue
        after = board
        for ability in card.abilities:
            if ability.trigger == "delayed":
                after = resolve(ctx, after, ability.effects, slot.serial)
        gained = after.progress - board.progress + CARD * (after.drawn - board.drawn)
        worth += gained * (1.0 if slot.tokens == 1 else LATER)
    return worth


def _valued(ctx: Context, board: Board, won: bool = False, stage: bool = False,
            failed: bool = False, fled: bool = False, prevented: int = 0) -> Outcome:
    fell = board.damage >= ctx.health > 0
    gained = (ctx.high if stage else board.progress) - ctx.start
    value = gained + _later(ctx, board) - HEALTH * board.damage - MAGIC * (board.paid + board.lost) \
        - TERROR * board.terror + CARD * (board.drawn + len(board.hand) - ctx.held)
    if won and not fell:
        value += WIN
    elif stage:
        value += STAGE
    if failed or fell:
        value -= WIN
    elif fled:
        value += FLED
    return Outcome(value=value, won=won and not fell, stage=stage, fell=fell, prevented=prevented)


def search(ctx: Context, board: Board, limit: int = NODES) -> Plan:
    """The best plan for the rest of the activation, among at most ``limit``: depth first,
    each card the keys allow in turn; of equals, the shorter plan, then the first found
    (cards in the hand's order, Magic Keys unpaid first). In Panic the top card must be
    played: no plan stops before it [COMBAT-22]."""
    empty = Plan(steps=(), boards=(board,), outcome=outcome(ctx, board))
    best: Plan | None = None if board.forced is not None else empty
    stack: list[tuple[tuple[Step, ...], tuple[Board, ...]]] = [((), (board,))]
    seen = 1
    while stack and seen < limit:
        steps, boards = stack.pop()
        grown = []
        for step, after in moves(ctx, boards[-1]):
            result = outcome(ctx, after)
            seen += 1
            plan = Plan(steps=(*steps, step), boards=(*boards, after), outcome=result)
            if best is None or result.value > best.outcome.value + 1e-9 or (
                    abs(result.value - best.outcome.value) <= 1e-9
                    and len(plan.steps) < len(best.steps)):
                best = plan
            if not result.won:
                grown.append((plan.steps, plan.boards))
        stack += reversed(grown)
    return best or empty


def immediate(ctx: Context, before: Board, after: Board) -> float:
    """What one step yields at once: markers or Affinity moved, cards drawn, Magic paid or
    lost, Health lost [KEY-5], [DIPLO-10]."""
    return (after.progress - before.progress) + CARD * (after.drawn - before.drawn) \
        - MAGIC * (after.paid + after.lost - before.paid - before.lost) \
        - HEALTH * (after.damage - before.damage)


def greedy(ctx: Context, board: Board) -> Step | None:
    """The step that yields most at once, None when none yields anything (the first of
    equals)."""
    best: Step | None = None
    top = 0.0
    for step, after in moves(ctx, board):
        gain = immediate(ctx, board, after)
        if gain > top + 1e-9:
            best, top = step, gain
    return best
