"""grail speaks of itself: its README, docs, code, comments, test names, content and the
words it prints say what grail does and for whom, never how its making was organised (in
which numbered sitting, by which helper, in which trial, at which step of a plan). A game
session, the player's session and grail's ``Session`` are the product's own words and
stay; so do a rule's steps ("step 3 of the activation", "Steps 1 and 2 of the Start of
Day")."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WHERE = ["README.md", "CONTRIBUTING.md", "setup.py", "pyproject.toml", ".ci", "docs", "grail",
         "tests", "bench", "buildtools", "content"]
TEXT = {".py", ".md", ".yaml", ".toml", ".txt", ".json", ".cfg", ""}

_ORDINAL = (r"(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
            r"twelfth|[a-z]+teenth|twentieth|twenty-[a-z]+|\d+(st|nd|rd|th))")
ABOUT_THE_WORK = re.compile("|".join(f"(?:{pattern})" for pattern in [
    rf"\b{_ORDINAL} sessions?\b",                     # "the eighteenth session's run"
    r"\bsession by session\b", r"\bfrom session to session\b",
    r"\bre-?trials?\b", r"\btrial helpers?\b", r"\bsubagents?\b",
    r"\b(an?|the) [\w'-]+ trial\b",                   # "(an author's trial)"
    r"\bhelpers? (found|reported|tried|ran|said|wrote)\b",
    r"\bissue \"?Step\b", r"\bStep \d+'s\b",          # a plan's steps, not a rule's
    r"\b([Bb]efore|[Ss]ince|[Uu]ntil|[Aa]fter|in|at|of|from|by|for|[Aa]s) Step \d+\b",
    r"\bSteps \d+\s*(\u2013|-|to|and)\s*\d+\b(?! of)",
    r"\bStep \d+ (asks|adds|changed|made|brought|begins|began|wants|needs)\b",
    r"\bin (this|that|one|a|each|which) sitting\b",
]))


def words_about_the_work(text: str) -> list[str]:
    """What ``text`` says of how grail was made, rather than of grail.

    >>> words_about_the_work("as measured in the eighteenth session (an author's trial)")
    ['eighteenth session', "an author's trial"]
    >>> words_about_the_work("Steps 1 and 2 of the Start of Day; in step 3 of the activation")
    []
    """
    return [match.group() for match in ABOUT_THE_WORK.finditer(text)]


def _files() -> list[Path]:
    found: list[Path] = []
    for name in WHERE:
        path = ROOT / name
        found += [path] if path.is_file() else sorted(
            file for file in path.rglob("*") if file.is_file() and file.suffix in TEXT
            and not {"__pycache__", ".hypothesis"} & set(file.parts))
    return [file for file in found if file != Path(__file__).resolve()]


def test_nothing_grail_says_is_about_how_it_was_made() -> None:
    said = [f"{file.relative_to(ROOT)}:{number}: {found}"
            for file in _files()
            for number, line in enumerate(file.read_text(encoding="utf-8", errors="replace")
                                          .splitlines(), start=1)
            for found in words_about_the_work(line)]
    assert said == []
