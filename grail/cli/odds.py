"""``grail odds``: how likely a hero is to win an Encounter, by Monte Carlo playouts."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from grail.cli.game import CommandError, seed_number, seeds_fit, unknown_hero
from grail.cli.workers import (
    add_worker_options,
    counted,
    simulation_errors,
    workers_asked,
    write_answer,
)
from grail.content.cache import keep_loaded, open_pack, pack_folder
from grail.content.encounters import deck_kind
from grail.content.problems import suggest
from grail.lang import _, ngettext, number
from grail.sim.odds import MOST_PLAYOUTS, Odds, odds
from grail.sim.playouts import STEP_LIMIT, DeckError, read_deck
from grail.sim.policies import POLICIES

PROGRESS_FROM = 2_000
"""Playouts from which a run counts them on stderr, when it is a terminal."""


def cmd_odds(args: argparse.Namespace) -> int:
    """Check what is asked, play the playouts, print the win probability."""
    keep_loaded()  # the pack checked here is the one the simulation plays: read once
    campaign = open_pack(args.pack)
    if args.hero not in campaign.hero:
        raise unknown_hero(campaign, args.hero)
    if args.encounter not in campaign.encounter:
        raise CommandError(_("no Encounter '{encounter}'{suggestion}; see 'grail list "
                             "encounters'").format(
            encounter=args.encounter,
            suggestion=suggest(args.encounter, [e.id for e in campaign.encounters])))
    if not campaign.encounter[args.encounter].right:
        raise CommandError(_("'{encounter}' has no keys: it is read, not fought").format(
            encounter=args.encounter))
    if not 1 <= args.n <= MOST_PLAYOUTS:
        raise CommandError(_("--n is the number of playouts: 1 to {most} a run (for more, run "
                             "again from another --seed)").format(most=number(MOST_PLAYOUTS)))
    deck = None
    if args.deck is not None:
        try:
            kind = deck_kind(campaign.encounter[args.encounter].deck)
            deck = read_deck(campaign, Path(args.deck), kind, args.hero)
        except DeckError as error:
            raise CommandError(_("--deck {error}").format(error=error)) from None
    seeds_fit(args.seed, args.n)

    def written(result: Odds) -> None:
        if args.json:
            write_answer(json.dumps(result.as_json()))
            return
        low, high = result.ci95
        lines = [ngettext("{hero} against {encounter}: wins {rate} (95% interval {low} to {high}) "
                          "over {count} playout, {policy} policy",
                          "{hero} against {encounter}: wins {rate} (95% interval {low} to {high}) "
                          "over {count} playouts, {policy} policy", result.n).format(
            hero=args.hero, encounter=args.encounter, rate=f"{result.win_probability:.1%}",
            low=f"{low:.1%}", high=f"{high:.1%}", count=result.n, policy=args.policy),
            (_("mean turns {turns}, mean Terror gained {cost}") if result.meter == "terror" else
             _("mean turns {turns}, mean Health lost {cost}")).format(
                turns=f"{result.mean_turns:.2f}", cost=f"{result.mean_damage:.2f}")]
        if result.unfinished:
            lines.append(ngettext("{count} of the playouts had not ended after {limit} decisions: "
                                  "counted as not won",
                                  "{count} of the playouts had not ended after {limit} decisions: "
                                  "counted as not won", result.unfinished).format(
                count=number(result.unfinished), limit=number(STEP_LIMIT)))
        write_answer("\n".join(lines))

    with simulation_errors():
        odds(pack_folder(args.pack), args.hero, args.encounter, args.n, args.policy, args.seed,
             workers=workers_asked(args), progress=args.n >= PROGRESS_FROM and counted(),
             deck=deck, scheduler=args.scheduler, written=written, logged=not counted())
    return 0


def add_odds_command(commands: Any) -> None:
    """Add ``grail odds`` to the ``grail`` parser."""
    command = commands.add_parser("odds", help=_("win probability of a hero against an Encounter"))
    command.add_argument("--pack", help=_("pack folder (default: the bundled campaign)"))
    command.add_argument("--hero", required=True, help=_("the hero id"))
    command.add_argument("--encounter", required=True, help=_("the Encounter id"))
    command.add_argument("--deck", metavar="FILE",
                         help=_("a YAML list of card ids replacing the hero's deck of the "
                                "Encounter's kind"))
    command.add_argument("--n", type=int, default=10_000, help=_("playouts (default 10000)"))
    command.add_argument("--policy", choices=sorted(POLICIES), default="search",
                         help=_("who decides in the playouts (default search)"))
    command.add_argument("--seed", type=seed_number, default=1, help=_("first playout's seed (default 1)"))
    command.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    add_worker_options(command)
    command.set_defaults(run=cmd_odds)
