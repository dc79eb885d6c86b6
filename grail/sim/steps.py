"""What playing a card [COMBAT-8]..[COMBAT-10] or paying Charges [ANAT-10] would do to a
:class:`.board.Board`, worked out with the engine's pure key-matching functions
(:mod:`grail.engine.encounters.sequence`), never on a copy of the game.

Abilities are simulated when their effects are simple: add_markers, remove_markers,
affinity, draw, damage, prevent, gain or lose Magic, Health or Terror, add_charges,
next_card_connects and discard_last, with amounts fixed, scaled or counted
(connected_magic_keys, joined_keys, attribute, cards_in_hand, charges, ...). Every other
effect (an ``if``, an Item lost, a Status marked, ...) is valued at 0: it leaves the board
as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grail.content import effects as fx
from grail.content import encounter_effects as efx
from grail.content.amounts import Count
from grail.engine.amounts import amount_of
from grail.engine.encounters.sequence import MARKERS

from .board import Board, Context, Slot, gains, meets_of, previous


def place(ctx: Context, board: Board, card_id: str, option: tuple[tuple[int, str], ...]) -> Board:
    """The board after the active character plays ``card_id`` paying ``option``: the card
    covered loses its Time tokens [ANAT-7], the Magic sits on its keys [KEY-3], the bonuses
    resolve, then its on-place Abilities [COMBAT-9]; Defensive takes 1 marker from the
    activation's first card [TRAIT-3]."""
    campaign = ctx.campaign
    card = campaign.card[card_id]
    before = previous(ctx, board)
    paid = tuple(at for at, _ in option)
    sequence = list(board.sequence)
    if sequence and not campaign.card[sequence[-1].card].passive:
        sequence[-1] = sequence[-1]._replace(tokens=0)
    serial = board.serial + 1
    delayed = next((ability for ability in card.abilities if ability.trigger == "delayed"), None)
    tokens = 0 if delayed is None else delayed.tokens or campaign.manifest.rules.delayed_tokens
    sequence.append(Slot(card_id, serial, paid, _joined(ctx, before, card_id), tokens, 0))
    magic = board.magic
    if option:
        spent = list(magic)
        for _, payer in option:
            spent[ctx.payers.index(payer)] -= 1
        magic = tuple(spent)
    hand, forced = board.hand, board.forced
    if forced == card_id:
        forced = None
    else:
        at = hand.index(card_id)
        hand = hand[:at] + hand[at + 1:]
    played = board.played + 1
    progress, drawn = board.progress, board.drawn
    fewer = 1 if played == 1 and ctx.has("defensive") else 0
    for icon, times in gains(ctx, before, card_id, paid).icons:
        if icon in MARKERS:
            count = MARKERS[icon] * times
            less = min(fewer, count)
            fewer -= less
            progress += count - less
        elif icon in ("up", "down") and not ctx.combat:
            progress = max(ctx.low, min(ctx.high, progress + (times if icon == "up" else -times)))
        elif icon == "draw":
            drawn += times
        elif icon == "discard_last":
            del sequence[-times:]
    board = Board(tuple(sequence), hand, progress, magic, played, False, board.prevent, forced,
                  serial, drawn, board.paid + len(option), board.lost, board.damage, board.terror)
    if not sequence or sequence[-1].serial != serial:
        return board  # discarded at once: its Abilities never act
    for ability in card.abilities:
        if ability.trigger == "on_place":
            board = resolve(ctx, board, ability.effects, serial)
    return board


def _joined(ctx: Context, before: str, card: str) -> tuple[str, ...]:
    return tuple(m.attribute for m in meets_of(ctx, before, card) if m.attribute is not None)


def spend(ctx: Context, board: Board, serial: int, number: int) -> Board:
    """The board after the Charges of an uncovered card pay for its Ability [ANAT-10]."""
    slot = next(slot for slot in board.sequence if slot.serial == serial)
    ability = ctx.campaign.card[slot.card].abilities[number]
    cost = amount(ctx, board, ability.charges, serial)
    board = _charged(board, serial, slot.charges - cost)
    return resolve(ctx, board, ability.effects, serial)._replace(after=(serial, number))


def charges_cost(ctx: Context, board: Board, serial: int, number: int) -> int | None:
    """The Charges an Ability of a card asks, None when it is not paid with Charges."""
    slot = next(slot for slot in board.sequence if slot.serial == serial)
    ability = ctx.campaign.card[slot.card].abilities[number]
    if ability.trigger != "spend_charges" or ability.charges is None:
        return None
    return amount(ctx, board, ability.charges, serial)


def _charged(board: Board, serial: int, charges: int) -> Board:
    """The card ``serial`` now holds ``charges`` Charges [ANAT-10]."""
    return board._replace(sequence=tuple(slot._replace(charges=charges) if slot.serial == serial
                                         else slot for slot in board.sequence))


def _moved(ctx: Context, board: Board, spaces: int) -> Board:
    """The Affinity marker moves, stopping at the ends [DIPLO-9]; Combat has no marker."""
    if ctx.combat:
        return board
    return board._replace(progress=max(ctx.low, min(ctx.high, board.progress + spaces)))


def amount(ctx: Context, board: Board, value: Any, serial: int | None) -> int:
    """An amount now, read from the simulated board where it counts the Sequence, the hand
    or the Charges of the card resolving [ANAT-8], [EX-COMBAT-9]."""
    if not isinstance(value, Count) or value.count in ("items", "secrets", "revealed_locations"):
        return amount_of(ctx.campaign, value, ctx.state, ctx.state.hero(ctx.hero))
    if value.count == "attribute":
        counted = ctx.level(value.attribute or "")
    elif value.count == "joined_keys":
        counted = sum(slot.joined.count(value.attribute or "") for slot in board.sequence)
    elif value.count == "connected_magic_keys":
        counted = sum(len(slot.magic) for slot in board.sequence)
    elif value.count == "cards_in_hand":
        counted = len(board.hand)
    else:
        counted = next((slot.charges for slot in board.sequence if slot.serial == serial), 0)
    return max(0, counted * value.times + value.plus)


def resolve(ctx: Context, board: Board, effects: Sequence[Any], serial: int | None) -> Board:
    """The board after an Ability's effects, for the active character; effects not
    simulated leave it as it was (valued at 0)."""
    for effect in effects:
        board = _effect(ctx, board, effect, serial)
    return board


def _effect(ctx: Context, board: Board, effect: Any, serial: int | None) -> Board:
    if isinstance(effect, efx.AddMarkers):
        return board._replace(progress=board.progress + amount(ctx, board, effect.add_markers, serial)) \
            if ctx.combat else board
    if isinstance(effect, efx.RemoveMarkers) and ctx.combat:
        return board._replace(progress=max(0, board.progress
                                           - amount(ctx, board, effect.remove_markers, serial)))
    if isinstance(effect, efx.MoveAffinity):
        return _moved(ctx, board, amount(ctx, board, effect.affinity, serial))
    if isinstance(effect, efx.Draw):
        return board._replace(drawn=board.drawn + amount(ctx, board, effect.draw, serial))
    if isinstance(effect, efx.Prevent):
        return board._replace(prevent=board.prevent + amount(ctx, board, effect.prevent, serial))
    if isinstance(effect, efx.AddCharges) and serial is not None:
        slot = next((slot for slot in board.sequence if slot.serial == serial), None)
        if slot is None:
            return board
        return _charged(board, serial, slot.charges + amount(ctx, board, effect.add_charges, serial))
    if isinstance(effect, efx.NextCardConnects):
        return board._replace(free_continue=True)  # [EX-DIPLO-9]
    if isinstance(effect, efx.DiscardLast):
        return board._replace(sequence=board.sequence[:-1])
    if isinstance(effect, fx.Damage):
        return board._replace(damage=board.damage + amount(ctx, board, effect.damage, serial))
    if isinstance(effect, fx.Gain | fx.Lose):
        return _meters(ctx, board, effect, serial)
    return board


def _meters(ctx: Context, board: Board, effect: fx.Gain | fx.Lose, serial: int | None) -> Board:
    """Magic, Health and Terror gained or lost by the active character."""
    sign = 1 if isinstance(effect, fx.Gain) else -1
    said = effect.gain if isinstance(effect, fx.Gain) else effect.lose
    for name, value in said.items():
        count = sign * amount(ctx, board, value, serial)
        if name == "magic":
            magic = list(board.magic)
            change = max(-magic[0], count)
            magic[0] += change
            board = board._replace(magic=tuple(magic), lost=board.lost - change)
        elif name == "health":
            board = board._replace(damage=board.damage - count)
        elif name == "terror":
            board = board._replace(terror=board.terror + count)
    return board
