"""Setting up a game: characters [SETUP-C*] and the world [SETUP-W*]."""

from __future__ import annotations

from typing import Any, Literal

from grail.content import Campaign
from grail.content.amounts import Amount
from grail.content.base import ATTRIBUTES

from .amounts import amount_of
from .encounter_decks import set_up_decks
from .events_deck import set_up_chapter, start_chapter
from .frames import push
from .map import place, reveal_around
from .modes import CHALLENGE_RULES, challenge, menhir_dial, set_health_markers
from .rng import Rng
from .state import ChallengeRule, GameState, HeroState, Menhir, Mode
from .survival import settle

SetupCode = Literal["players", "no_hero", "hero_twice", "rules_outside_challenge", "no_rule"]
"""Why a game cannot be set up as asked."""


class SetupError(ValueError):
    """A game that cannot be set up as asked (unknown hero, wrong player count...): ``code``
    says why, ``fields`` hold what a sentence needs (grail/words says it)."""

    def __init__(self, code: SetupCode, **fields: Any) -> None:
        super().__init__(code, fields)
        self.code, self.fields = code, fields


def hero_state(campaign: Campaign, hero_id: str, location: int) -> HeroState:
    """A character as set up from its tile and board [SETUP-C2]..[SETUP-C8]."""
    hero = campaign.hero[hero_id]
    levels = hero.attributes
    return HeroState(
        id=hero.id, number=hero.number, location=location,
        energy=hero.meters.energy.start, health=hero.meters.health.start,
        terror=hero.meters.terror.start,
        food=hero.resources.food, wealth=hero.resources.wealth, rep=hero.resources.rep,
        magic=hero.resources.magic, exp=hero.resources.exp,
        attributes={name: getattr(levels, name) or 0 for name in ATTRIBUTES},
        combat_deck=sorted(hero.decks.combat.start),
        diplomacy_deck=sorted(hero.decks.diplomacy.start),
        combat_pool=sorted(hero.decks.combat.advanced),
        diplomacy_pool=sorted(hero.decks.diplomacy.advanced),
    )


def seat(campaign: Campaign, state: GameState, hero_id: str, location: int) -> None:
    """A character set up afresh comes into play on ``location``, in the characters' order:
    one joining [PLAYERS-2] or replacing the dead [DEATH-3]."""
    state.heroes.append(hero_state(campaign, hero_id, location))
    state.heroes.sort(key=lambda hero: hero.number)
    players_changed(campaign, state)


def players_changed(campaign: Campaign, state: GameState) -> None:
    """Every Health marker as the mode and the number of characters now want it: a plain
    one for a solo Story game, upside down under that Challenge rule, else upright
    [MODE-STORY-2], [MODE-CHALLENGE-2]; the meters settled under it [SURV-2]."""
    set_health_markers(state)
    for hero in state.heroes:
        settle(campaign, hero)


def starting_menhir(campaign: Campaign, state: GameState, location: int,
                    dial: Amount | None) -> Menhir:
    """The Menhir a game or a Chapter restart begins with: its dial from the campaign's
    start_menhir unless given [SETUP-W2]; a day shorter in Challenge [MODE-CHALLENGE-6]."""
    days = amount_of(campaign, dial or campaign.manifest.start_menhir, state)
    if campaign.manifest.rules.challenge_shortens_start_menhir:
        days = menhir_dial(state, days)
    return Menhir(location=location, dial=days)


def check_setup(campaign: Campaign, hero_ids: list[str], mode: Mode,
                challenge_rules: list[ChallengeRule] | None) -> list[ChallengeRule] | None:
    """The Challenge rules adopted, in their order, if a game can be set up so: the
    campaign's player range [PLAYERS-1], its heroes, each once [SETUP-C1], and the
    Challenge's rules in Challenge only; else :class:`SetupError` says why."""
    fewest, most = campaign.manifest.players
    if not fewest <= len(hero_ids) <= most:
        raise SetupError("players", fewest=fewest, most=most, asked=len(hero_ids))
    for hero_id in hero_ids:
        if hero_id not in campaign.hero:
            raise SetupError("no_hero", hero=hero_id, heroes=sorted(campaign.hero))
    if len(set(hero_ids)) != len(hero_ids):
        raise SetupError("hero_twice")
    if challenge_rules is not None:
        if mode != "challenge":
            raise SetupError("rules_outside_challenge")
        unknown = [rule for rule in challenge_rules if rule not in CHALLENGE_RULES]
        if unknown:
            raise SetupError("no_rule", rule=unknown[0], rules=list(CHALLENGE_RULES))
        challenge_rules = [rule for rule in CHALLENGE_RULES if rule in challenge_rules]
    return challenge_rules


def new_state(campaign: Campaign, hero_ids: list[str], seed: int, mode: Mode,
              challenge_rules: list[ChallengeRule] | None = None) -> GameState:
    """The state before the first Start of Day; in Challenge, with the Challenge rules
    adopted (``None``: all) [MODE-CHALLENGE-1]."""
    challenge_rules = check_setup(campaign, hero_ids, mode, challenge_rules)
    start = campaign.manifest.start
    heroes = sorted((hero_state(campaign, hero_id, start) for hero_id in hero_ids),
                    key=lambda hero: hero.number)
    state = GameState(pack=campaign.manifest.id, mode=mode, challenge_rules=challenge_rules,
                      rng=Rng.seeded(seed), heroes=heroes, placed=[], menhirs=[])
    players_changed(campaign, state)  # [SETUP-C3]
    state.menhirs.append(starting_menhir(campaign, state, start, None))  # [SETUP-W2]
    set_up_chapter(campaign, state)  # [SETUP-W9]
    set_up_decks(campaign, state)
    start_chapter(campaign, state)
    secret = campaign.manifest.challenge_secret
    if secret is not None and challenge(state, "challenge_secret"):  # [MODE-CHALLENGE-3]
        push(state, "challenge_secret", secret, [heroes[0].id])
    place(state, start, (0, 0))  # [SETUP-W1]
    reveal_around(campaign, state, start, need_radius=False)  # [SETUP-W3]
    return state
