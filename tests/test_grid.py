"""Direction Keys and the grid [MAP-1], [MAP-3], [MAP-4], [MAP-8], [NOTE-25]."""

from __future__ import annotations

from grail.content import load_pack
from grail.content.grid import Families, check_keys, place
from grail.content.locations import Location

from .conftest import MINIMAL


def _loc(number: int, old: int | None = None, **keys: int) -> Location:
    return Location.model_validate(
        {"number": number, "name": f"L{number}", "explore": str(number), "keys": keys,
         **({"old_number": old} if old else {})})


def _run(locations: list[Location], one_way: set[tuple[int, str]] | None = None,
         start: int = 1) -> tuple[dict[int, tuple[int, int]], list[str]]:
    problems: list[str] = []

    def report(loc: Location, path: tuple[str, ...], message: str) -> None:
        problems.append(f"{loc.number}.{'.'.join(path)}: {message}")

    families = Families(locations)
    check_keys(locations, families, one_way or set(), report)
    return place(families, start, report), problems


def test_minimal_pack_grid_places_changed_version_on_its_original() -> None:  # [MAP-3]
    campaign = load_pack(MINIMAL)
    families = Families(campaign.locations)
    spots = place(families, 101, lambda *a: None)
    assert spots[families.find(101)] == (0, 0)
    assert spots[families.find(104)] == spots[families.find(106)] == (1, 0)
    assert spots[families.find(107)] == (1, -1)
    assert spots[families.find(108)] == (0, 2)


def test_reciprocal_keys_are_clean() -> None:  # [MAP-4]
    spots, problems = _run([_loc(1, right=2), _loc(2, left=1)])
    assert problems == [] and spots == {1: (0, 0), 2: (1, 0)}


def test_non_reciprocal_keys_are_an_error() -> None:
    _, problems = _run([_loc(1, right=2), _loc(2, left=3), _loc(3, right=2)])
    assert "1.keys.right: non-reciprocal keys: this edge names 2, but 2's left edge names 3" \
        in problems


def test_one_sided_key_is_an_error_unless_marked_one_way() -> None:  # [NOTE-25]
    _, problems = _run([_loc(1, down=2), _loc(2)])
    assert len(problems) == 1 and "no key on its up edge" in problems[0]
    _, problems = _run([_loc(1, down=2), _loc(2)], one_way={(1, "down")})
    assert problems == []


def test_one_sided_keys_are_not_judged_without_the_manifest() -> None:
    problems: list[str] = []
    locations = [_loc(1, down=2), _loc(2)]
    check_keys(locations, Families(locations), None, lambda *args: problems.append(args[2]))
    assert problems == []


def test_key_naming_an_old_number_reaches_the_changed_version() -> None:  # [MAP-8]
    spots, problems = _run([_loc(1, right=5), _loc(9, old=5, left=1)])
    assert problems == [] and spots[Families([_loc(9, old=5)]).find(9)] == (1, 0)


def test_two_locations_cannot_share_a_spot() -> None:
    # 1 -> right 2 -> down 3 -> left 4 -> up back to (0, 0), where 1 already is.
    locations = [_loc(1, right=2), _loc(2, left=1, down=3), _loc(3, up=2, left=4),
                 _loc(4, right=3, up=5), _loc(5, down=4)]
    _, problems = _run(locations)
    assert any("would sit at (0, 0), where Location 1 already is" in p for p in problems)


def test_a_location_cannot_sit_at_two_spots() -> None:
    locations = [_loc(1, right=2, down=3), _loc(2, left=1, down=4), _loc(3, up=1, right=4),
                 _loc(4, up=2, left=3)]
    assert _run(locations)[1] == []  # a consistent square
    locations[3] = _loc(4, up=2, right=3)
    locations[2] = _loc(3, up=1, left=4)
    assert any("at two places" in p or "would sit" in p for p in _run(locations)[1])
