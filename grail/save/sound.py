"""Whether a saved game is possible at all: checked on every load, whatever the file says of
itself, so that a save edited by hand (or by a bug) is refused in one line instead of
playing on into a crash.

Beyond what :mod:`.fit` checks (every name the state holds is the campaign's), a state
must keep the rules' own bookkeeping: meters within their tracks [SURV-7], no resource
below 0, each character's cards each in exactly one place [UPG-4], [DISC-2], each
character on a revealed Location, each Location and each Encounter card in one place, and
a decision the engine can take up again.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.game import Game
>>> game = Game.new(load_pack(bundled_pack()), ["tamsin"], seed=7)
>>> problems(game)
[]
>>> game.state.hero("tamsin").health = 99
>>> problems(game)
['tamsin has Health 99, outside its track 0-9']
"""

from __future__ import annotations

from collections import Counter

from grail.engine.game import Game
from grail.engine.state import UNSEEN
from grail.lang import N_, _

from .fit import misfits

METERS = {"energy": N_("Energy"), "health": N_("Health"), "terror": N_("Terror"),
          "food": N_("Food"), "wealth": N_("Wealth"), "rep": N_("Rep"), "magic": N_("Magic"),
          "exp": N_("Exp")}
"""Each meter and resource a save's soundness names, in words."""


def problems(game: Game) -> list[str]:
    """What makes the game impossible under its campaign, one phrase each (empty: sound)."""
    found = misfits(game.campaign, game.state)
    if found:
        return found  # the rest would only trip over the same missing content
    campaign, state = game.campaign, game.state
    ids = [hero.id for hero in state.heroes]
    if len(ids) != len(set(ids)):
        found.append(_("a character is in play twice"))
    placed = [place.number for place in state.placed]
    spots = [(place.x, place.y) for place in state.placed]
    if len(placed) != len(set(placed)) or len(spots) != len(set(spots)):
        found.append(_("two Location cards share a number or a spot on the map"))
    for hero in state.heroes:
        meters = campaign.hero[hero.id].meters
        for name, track in (("energy", meters.energy), ("health", meters.health),
                            ("terror", meters.terror)):
            value = getattr(hero, name)
            if not 0 <= value <= track.max:
                found.append(_("{hero} has {meter} {value}, outside its track 0-{most}").format(
                    hero=hero.id, meter=_(METERS[name]), value=value, most=track.max))
        for name in ("food", "wealth", "rep", "magic", "exp"):
            if getattr(hero, name) < 0:
                found.append(_("{hero} holds {value} {resource}").format(
                    hero=hero.id, value=getattr(hero, name), resource=_(METERS[name])))
        if hero.location not in placed:
            found.append(_("{hero} stands on Location {number}, which is not on the map").format(
                hero=hero.id, number=hero.location))
        found += _cards(game, hero.id)
    found += _encounter_cards(game)
    if not found:
        found += _resumable(game)
    return found


def _cards(game: Game, hero_id: str) -> list[str]:
    """Each of the character's cards in exactly one place [UPG-4], [DISC-2]."""
    state = game.state
    hero = state.hero(hero_id)
    decks = game.campaign.hero[hero_id].decks
    cards = hero.combat_deck + hero.diplomacy_deck + hero.combat_pool + hero.diplomacy_pool \
        + hero.set_aside
    encounter = state.encounter
    if encounter is not None:
        cards += encounter.hands.get(hero_id, []) + encounter.discards.get(hero_id, [])
        cards += [placed.card for placed in encounter.sequence if placed.owner == hero_id]
        if encounter.forced and encounter.active == hero_id:
            cards.append(encounter.forced)
    deck = decks.combat.start + decks.combat.advanced + decks.diplomacy.start \
        + decks.diplomacy.advanced
    if sorted(cards) == sorted(deck):
        return []
    held, owned = Counter(cards), Counter(deck)
    twice = sorted(card for card, count in held.items() if count > owned[card])
    lost = sorted(card for card, count in owned.items() if held[card] < count)
    if twice:
        return [_("{hero}'s card {card} is in two places").format(hero=hero_id, card=twice[0])]
    return [_("{hero}'s card {card} is nowhere").format(hero=hero_id, card=lost[0])]


def _encounter_cards(game: Game) -> list[str]:
    """Each Encounter card in one place: a deck, the unseen cards, the map, the fight."""
    state = game.state
    found = [card for pile in state.encounter_decks.values() for card in pile if card != UNSEEN]
    for deck, pile in state.encounter_decks.items():
        if pile.count(UNSEEN) != len(state.unseen.get(deck, [])):
            return [_("the {deck} Encounter deck's unseen cards do not match its places").format(
                deck=deck)]
        found += state.unseen.get(deck, [])
    found += [guardian.id for guardian in state.guardians]
    if state.encounter is not None and state.encounter.id not in found:
        found.append(state.encounter.id)
    twice = sorted(card for card, count in Counter(found).items() if count > 1)
    return [_("Encounter card {card} is in two places").format(card=twice[0])] if twice else []


def _resumable(game: Game) -> list[str]:
    """The engine can say what the game waits on, and a game not over has a decision."""
    try:
        legal = game.legal_actions()
        game.pending()
    except (AssertionError, KeyError, IndexError, ValueError, TypeError, AttributeError):
        return ["the game waits on a decision the engine cannot take up"]
    if not legal and not game.is_terminal():
        return ["the game is not over, yet nothing can be done"]
    return []
