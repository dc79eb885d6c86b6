"""The journal's shape: entries no path reaches, readings with no way out, chapters nothing
ends (``grail lint``).

An entry is *reached* when something reads it: a Location's ``explore``, ``dream`` or
``nightmare``, the campaign's or a chapter's ``mercy``, or a ``goto`` in any effect list
outside the journal (a Location action or lightning rule, a Menhir, an Event, a Quest's
Success, a Secret, an Item...); and every entry a reached entry goes to (``goto``) is
reached too.

An Exploration [ACT-EXPLORE-1] reads a Location's ``explore`` entry and every entry its
gotos lead to; each such reading must have a *way out* on every path: a ``goto`` (the
reading goes on elsewhere), ``end_exploration`` or ``end_campaign``. A path is followed
through every branch: both sides of an ``if``, every option of a ``choose``, both faces
of a ``flip_dial``, ``won`` and ``lost`` of an Encounter; a branch that has no way out of
its own goes on with the effects after it, as the engine reads it [JOURNAL-1].
"""

from __future__ import annotations

from collections import deque
from typing import Any

from grail.lang import _

from .effects import (
    Choose,
    DrawEncounter,
    EndCampaign,
    EndChapter,
    EndExploration,
    FlipDial,
    Goto,
    If,
    StartEncounter,
)
from .findings import Finding, at
from .journal import Entry
from .survey import Place, Survey
from .walk import MANIFEST

WAYS_OUT = (Goto, EndExploration, EndCampaign)
"""Effects after which the reading of an entry does not go on."""

Loc = tuple[Any, ...]


def story_findings(survey: Survey) -> list[Finding]:
    """Unreached entries, Exploration readings with no way out, chapters nothing ends."""
    roots, explored, edges = _journal_graph(survey)
    reached = _closure(roots, edges)
    findings = [at(survey.place(f"entry:{key}"), "warning", "entry-unreached",
                   _("nothing reads entry '{entry}': no Location, mercy or goto leads to it "
                     "(from an entry that is itself read); add a goto to it, or remove it")
                   .format(entry=key))
                for key in survey.campaign.entry if key not in reached]
    for key in sorted(_closure(explored, edges), key=list(survey.campaign.entry).index):
        findings += _way_out(survey, key)
    return findings + _chapter_ends(survey)


def _journal_graph(survey: Survey) -> tuple[set[str], set[str], dict[str, list[str]]]:
    """Entries read from outside the journal, entries an Exploration starts with, and
    each entry's gotos."""
    campaign = survey.campaign
    roots: set[str] = set()
    explored: set[str] = set()
    for loc in campaign.locations:
        explored.add(loc.explore)
        roots.update(key for key in (loc.explore, loc.dream, loc.nightmare) if key is not None)
    manifest = campaign.manifest
    roots.update(key for key in (manifest.mercy, *(c.mercy for c in manifest.chapters))
                 if key is not None)
    edges: dict[str, list[str]] = {}
    for found in survey.of(Goto):
        owner = found.place.owner
        if owner.startswith("entry:"):
            edges.setdefault(owner.removeprefix("entry:"), []).append(found.model.goto)
        else:
            roots.add(found.model.goto)
    return roots, explored, edges


def _closure(starts: set[str], edges: dict[str, list[str]]) -> set[str]:
    seen = set(starts)
    queue = deque(sorted(starts))
    while queue:
        for target in edges.get(queue.popleft(), []):
            if target not in seen:
                seen.add(target)
                queue.append(target)
    return seen


def _branches(effect: Any, here: Loc) -> list[tuple[Loc, list[Any]]]:
    """The effect lists a path may take inside ``effect``, each with its path."""
    if isinstance(effect, If):
        return [((*here, "then"), effect.then), ((*here, "else"), effect.else_)]
    if isinstance(effect, Choose):
        return [((*here, "choose", index, "effects"), option.effects)
                for index, option in enumerate(effect.choose)]
    if isinstance(effect, FlipDial):
        return [((*here, "flip_dial", face), getattr(effect.flip_dial, face))
                for face in ("skull", "grail")]
    begun = effect.draw_encounter if isinstance(effect, DrawEncounter) else \
        effect.start_encounter if isinstance(effect, StartEncounter) else None
    if begun is None:
        return []
    key = effect.KEY
    return [((*here, key, "won"), begun.won), ((*here, key, "lost"), begun.lost)]


def closes(effects: list[Any]) -> bool:
    """Every path through the list meets a way out."""
    for effect in effects:
        if isinstance(effect, WAYS_OUT):
            return True
        branches = _branches(effect, ())
        if branches and all(closes(branch) for _where, branch in branches):
            return True
    return False


def open_branch(effects: list[Any], loc: Loc) -> Loc | None:
    """Where a path leaves the list without a way out: the deepest open branch on it
    (None when the path takes no branch, or when the list closes)."""
    for index, effect in enumerate(effects):
        for where, branch in _branches(effect, (*loc, index)):
            if branch and not closes(branch):
                return open_branch(branch, where) or where
    return None


def _way_out(survey: Survey, key: str) -> list[Finding]:
    entry: Entry = survey.campaign.entry[key]
    if closes(entry.effects):
        return []
    place = survey.place(f"entry:{key}")
    witness = open_branch(entry.effects, ("effects",))
    if witness is None:
        said = _("an Exploration reading entry '{entry}' can reach its end with no way out: end "
                 "every path with 'end_exploration: true' or a 'goto'")
    else:
        said = _("an Exploration reading entry '{entry}' can reach its end with no way out (one "
                 "such path goes through line {line}): end every path with 'end_exploration: "
                 "true' or a 'goto'")
    return [at(place, "warning", "entry-no-way-out", said.format(
        entry=key, line=place.origin.line_at(witness) if witness is not None else None))]


def _chapter_ends(survey: Survey) -> list[Finding]:
    """A chapter before the last needs an end_chapter; the campaign needs a way to be won."""
    manifest = survey.campaign.manifest
    ends = survey.of(EndChapter)
    wins = [found for found in survey.of(EndCampaign) if found.model.end_campaign == "won"]
    if ends:
        return []
    origin = survey.place(MANIFEST).origin
    if len(manifest.chapters) > 1:
        return [at(Place(MANIFEST, origin, ("chapters", 1)), "error", "chapter-never-ends",
                   _("no effect ends a chapter ('end_chapter: true'), so chapter 2 never "
                     "begins: end chapter 1 in a Quest's Success or a journal entry"))]
    if not wins:
        return [at(Place(MANIFEST, origin, ("chapters",)), "error", "chapter-never-ends",
                   _("no effect ends the last chapter or wins the campaign ('end_chapter: "
                     "true' or 'end_campaign: won'): the campaign can never be won"))]
    return []
