"""Every link in the README, CONTRIBUTING.md and docs/ leads to a file inside the repository
that exists, and a link to a heading (``cli.md#saves``) to a heading that exists: a user's
clone holds nothing beside it, so a link out of it, or to a file renamed, is a dead end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").rglob("*.md")])

_CODE = re.compile(r"^```.*?^```|`[^`\n]*`", re.DOTALL | re.MULTILINE)
_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)"
                   r"|^\s*\[[^\]\n]+\]:\s*(\S+)"
                   r"|<(?:img|a)\b[^>]*\b(?:src|href)=\"([^\"]+)\"", re.MULTILINE)
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
_WEB = ("http://", "https://", "mailto:")


def links(text: str) -> list[str]:
    """The targets of the Markdown and HTML links in ``text``, outside code.

    >>> links("See [the CLI](cli.md#saves), ![a map](images/map.png) and `[no](x.md)`.")
    ['cli.md#saves', 'images/map.png']
    """
    prose = _CODE.sub("", text)
    return [next(group for group in match.groups() if group) for match in _LINK.finditer(prose)]


def anchors(text: str) -> set[str]:
    """The anchors of ``text``'s headings, as GitHub makes them: lower case, punctuation but
    hyphens dropped, spaces to hyphens, a repeat numbered.

    >>> sorted(anchors("# Saves\\n## The window's keys\\n## Saves"))
    ['saves', 'saves-1', 'the-windows-keys']
    """
    found: set[str] = set()
    for heading in _HEADING.findall(_CODE.sub(lambda code: code.group()[1:-1]
                                                if code.group().startswith("`") and "\n" not in
                                                code.group() else "", text)):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        numbered, n = slug, 0
        while numbered in found:
            n += 1
            numbered = f"{slug}-{n}"
        found.add(numbered)
    return found


def dead(page: Path, target: str) -> str | None:
    """Why ``target``, a link on ``page``, leads nowhere inside the repository; None if it
    leads somewhere."""
    if target.startswith(_WEB):
        return None
    path, _, anchor = target.partition("#")
    where = (page.parent / path).resolve() if path else page
    if not where.is_relative_to(ROOT):
        return "leads outside the repository"
    if not where.exists():
        return "leads to a file that does not exist"
    if anchor and where.suffix == ".md" and anchor not in anchors(where.read_text(encoding="utf-8")):
        return f"leads to a heading {where.name} does not have"
    return None


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_every_link_resolves_inside_the_repository(page: Path) -> None:
    broken = [f"{target}: {why}" for target in links(page.read_text(encoding="utf-8"))
              if (why := dead(page, target))]
    assert broken == []


def test_no_page_names_a_path_beside_the_repository() -> None:
    """Not even in code: the design folder beside a developer's checkout
    (``../shared/DESIGN.md``) is in no user's clone."""
    beside = [str(page.relative_to(ROOT)) for page in PAGES
              if re.search(r"\.\./shared\b", page.read_text(encoding="utf-8"))]
    assert beside == []


def test_a_dead_link_is_told_apart_from_a_live_one(tmp_path: Path) -> None:
    page = ROOT / "docs" / "README.md"
    assert dead(page, "cli.md#saves") is None
    assert dead(page, "../README.md") is None
    assert dead(page, "../../shared/DESIGN.md") == "leads outside the repository"
    assert dead(page, "nowhere.md") == "leads to a file that does not exist"
    assert dead(page, "cli.md#no-such-heading") == "leads to a heading cli.md does not have"
