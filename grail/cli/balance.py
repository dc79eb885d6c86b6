"""``grail balance [PACK]``: how each hero's starting deck fares against every level-1 and
level-2 Encounter, and how simulated solo campaigns end: won, lost and to what, deaths."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from grail.cli.game import CommandError
from grail.content import bundled_pack
from grail.content.cache import open_pack
from grail.sim.balance import markdown, report


def cmd_balance(args: argparse.Namespace) -> int:
    """Play the fights and the runs, print the report."""
    campaign = open_pack(args.pack)
    if args.n < 1 or args.runs < 0 or args.days < 1:
        raise CommandError("--n (fights a matchup) and --days must be 1 or more, --runs 0 or more")
    pack = Path(args.pack) if args.pack else bundled_pack()
    result = report(pack, n=args.n, runs=args.runs, days=args.days, seed=args.seed,
                    workers=max(1, min(2, os.cpu_count() or 1)), progress=True)
    if args.json:
        print(json.dumps(result.as_json()))
    else:
        print(markdown(campaign, result), end="")
    return 0


def add_balance_command(commands: Any) -> None:
    """Add ``grail balance`` to the ``grail`` parser."""
    command = commands.add_parser("balance", help="simulated win rates, and how solo campaigns end")
    command.add_argument("pack", nargs="?", help="pack folder (default: the bundled campaign)")
    command.add_argument("--n", type=int, default=200,
                         help="fights per hero and Encounter (default 200)")
    command.add_argument("--runs", type=int, default=50,
                         help="solo campaigns per hero (default 50)")
    command.add_argument("--days", type=int, default=100,
                         help="Days after which a campaign still going counts as unfinished "
                         "(default 100)")
    command.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    command.add_argument("--json", action="store_true", help="print the report as JSON")
    command.set_defaults(run=cmd_balance)
