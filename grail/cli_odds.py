"""``grail odds``: how likely a hero is to win an Encounter, by Monte Carlo playouts."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .cli_game import CommandError, _campaign
from .content import bundled_pack
from .sim.odds import odds
from .sim.policies import POLICIES


def cmd_odds(args: argparse.Namespace) -> int:
    campaign = _campaign(args.pack)
    if args.hero not in campaign.hero:
        raise CommandError(f"no hero '{args.hero}'; heroes are {', '.join(sorted(campaign.hero))}")
    if args.encounter not in campaign.encounter:
        raise CommandError(f"no Encounter '{args.encounter}'; see 'grail list encounters'")
    if not campaign.encounter[args.encounter].right:
        raise CommandError(f"'{args.encounter}' has no keys: it is read, not fought")
    if args.n < 1:
        raise CommandError("--n is the number of playouts: 1 or more")
    pack = Path(args.pack) if args.pack else bundled_pack()
    result = odds(pack, args.hero, args.encounter, args.n, args.policy, args.seed,
                  progress=not args.json and args.n >= 2000)
    if args.json:
        print(json.dumps(result.as_json()))
        return 0
    low, high = result.ci95
    print(f"{args.hero} against {args.encounter}: wins {result.win_probability:.1%} "
          f"(95% interval {low:.1%} to {high:.1%}) over {result.n} playouts, "
          f"{args.policy} policy")
    print(f"mean decisions {result.mean_turns:.1f}, mean Health lost {result.mean_damage:.2f}")
    return 0


def add_odds_command(commands: Any) -> None:
    """Add ``grail odds`` to the ``grail`` parser."""
    command = commands.add_parser("odds", help="win probability of a hero against an Encounter")
    command.add_argument("--pack", help="pack folder (default: the bundled campaign)")
    command.add_argument("--hero", required=True, help="the hero id")
    command.add_argument("--encounter", required=True, help="the Encounter id")
    command.add_argument("--n", type=int, default=10_000, help="playouts (default 10000)")
    command.add_argument("--policy", choices=sorted(POLICIES), default="greedy",
                         help="who decides in the playouts (default greedy)")
    command.add_argument("--seed", type=int, default=1, help="first playout's seed (default 1)")
    command.add_argument("--json", action="store_true", help="print the result as JSON")
    command.set_defaults(run=cmd_odds)
