"""``grail balance [PACK]``: how each hero's starting deck fares against every level-1 and
level-2 Encounter, and how simulated solo campaigns end: won, lost and to what, deaths; the
report as Markdown tables (the numbers are grail/sim/balance.py's)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from grail.cli.game import CommandError, seed_number, seeds_fit
from grail.cli.workers import (
    add_worker_options,
    counted,
    simulation_errors,
    workers_asked,
    write_answer,
)
from grail.content import Campaign
from grail.content.cache import keep_loaded, open_pack, pack_folder
from grail.engine.journal import ContentLoop
from grail.lang import _, number
from grail.sim.balance import MOST_FIGHTS, MOST_RUNS, Report, encounters, report
from grail.words.dying import death_cause
from grail.words.refusals import loop_words


def cmd_balance(args: argparse.Namespace) -> int:
    """Play the fights and the runs, print the report."""
    keep_loaded()  # the pack checked here is the one the simulation plays: read once
    campaign = open_pack(args.pack)
    if not 1 <= args.n <= MOST_FIGHTS or not 0 <= args.runs <= MOST_RUNS or args.days < 1:
        raise CommandError(_("--n (fights a matchup) is 1 to {fights}, --runs 0 to {runs}, "
                             "--days 1 or more").format(fights=number(MOST_FIGHTS),
                                                        runs=number(MOST_RUNS)))
    seeds_fit(args.seed, max(args.n, args.runs))

    def written(result: Report) -> None:
        write_answer(json.dumps(result.as_json()) if args.json
                     else markdown(campaign, result).rstrip("\n"))

    try:
        with simulation_errors():
            report(pack_folder(args.pack), n=args.n, runs=args.runs, days=args.days,
                   seed=args.seed, workers=workers_asked(args), progress=counted(),
                   scheduler=args.scheduler, written=written, logged=not counted())
    except ContentLoop as loop:
        raise CommandError(loop_words(campaign, loop)) from None
    return 0


def markdown(campaign: Campaign, report: Report) -> str:
    """The report as Markdown tables: win rates per Encounter and hero (when fights were
    played), then the runs and what lost them."""
    heroes = sorted(report.runs or {m.hero for m in report.matchups},
                    key=lambda hero: campaign.hero[hero].number)
    rates = {(m.hero, m.encounter): m for m in report.matchups}
    names = [campaign.hero[hero].short_name for hero in heroes]
    lines = ["| Encounter | deck | level | " + " | ".join(names) + " |",
             "|---|---|---|" + "---|" * len(heroes)] if rates else []
    for encounter, deck, level in encounters(campaign) if rates else ():
        cells = [f"{rates[hero, encounter].rate:.0%}" for hero in heroes]
        lines.append(f"| {campaign.encounter[encounter].name} | {deck} | {level} | "
                     + " | ".join(cells) + " |")
    lines += ["", "| Hero | runs | won | lost | unfinished | finished chapter 1 | deaths | "
              "mean Days |", "|---|---|---|---|---|---|---|---|"]
    for hero, name in zip(heroes, names, strict=True):
        runs = report.runs.get(hero, [])
        share = max(1, len(runs))
        won, lost = sum(r.outcome == "won" for r in runs), sum(r.lost for r in runs)
        done = sum(r.finished_chapter_one for r in runs)
        deaths = sum(len(r.deaths) for r in runs)
        days = sum(r.days for r in runs) / share
        lines.append(f"| {name} | {len(runs)} | {won} ({won / share:.0%}) | "
                     f"{lost} ({lost / share:.0%}) | {len(runs) - won - lost} | "
                     f"{done} ({done / share:.0%}) | {deaths} | {days:.1f} |")
    losses = report.losses()
    if losses:
        lines += ["", "| What lost the game | runs |", "|---|---|"]
        lines += [f"| {_loss_words(campaign, cause)} | {count} |"
                  for cause, count in losses.most_common()]
    return "\n".join(lines) + "\n"


def _loss_words(campaign: Campaign, cause: str) -> str:
    """What lost a run, in words: a death and its cause, or the entry that ended it."""
    kind, _sep, what = cause.partition(": ")
    if kind == "death":
        return f"a death: {death_cause(what)}"
    entry = campaign.entry.get(what)
    title = entry.title if entry is not None and entry.title else what
    return f"the story: {title} (entry {what})"


def add_balance_command(commands: Any) -> None:
    """Add ``grail balance`` to the ``grail`` parser."""
    command = commands.add_parser("balance", help=_("simulated win rates, and how solo campaigns end"))
    command.add_argument("pack", nargs="?", help=_("pack folder (default: the bundled campaign)"))
    command.add_argument("--n", type=int, default=200,
                         help=_("fights per hero and Encounter (default 200)"))
    command.add_argument("--runs", type=int, default=50,
                         help=_("solo campaigns per hero (default 50)"))
    command.add_argument("--days", type=int, default=100,
                         help=_("Days after which a campaign still going counts as unfinished "
                                "(default 100)"))
    command.add_argument("--seed", type=seed_number, default=1, help=_("first seed (default 1)"))
    command.add_argument("--json", action="store_true", help=_("print the report as JSON"))
    add_worker_options(command)
    command.set_defaults(run=cmd_balance)
