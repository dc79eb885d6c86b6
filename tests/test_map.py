"""``grail map``: the layout data of a campaign's map (places, keys, roads, walls, seals,
Menhir sites, changed versions, cards no key links), its geometry, and a headless render
to a PNG of the right size."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from grail.cli import main
from grail.content import bundled_pack, load_pack
from grail.ui.mapdraw import Layout, card_rects, draw_map, layout, map_size

from .conftest import MINIMAL


@pytest.fixture(scope="module")
def plan() -> Layout:
    return layout(load_pack(MINIMAL))


def test_every_location_sits_at_its_grid_place_with_its_keys(plan: Layout) -> None:
    cards = {card.number: card for card in plan.cards}
    assert sorted(cards) == list(range(101, 109))
    assert {n: card.spot for n, card in cards.items()} == {
        101: (0, 0), 102: (0, -1), 103: (-1, 0), 104: (1, 0), 105: (0, 1), 106: (1, 0),
        107: (1, -1), 108: (0, 2)}
    assert cards[101].start and not any(card.start for card in plan.cards if card.number != 101)
    assert cards[101].keys == {"up": 102, "right": 104, "down": 105, "left": 103}
    assert cards[101].connected == {"up", "right", "down", "left"}


def test_roads_need_a_key_facing_back_and_edges_without_keys_are_walls(plan: Layout) -> None:
    cards = {card.number: card for card in plan.cards}
    assert cards[105].keys == {"up": 101, "down": 108}
    assert cards[105].connected == {"up"}  # the one-way key down to 108 [NOTE-25]
    assert cards[108].keys == {} and cards[108].connected == frozenset()  # walled all round


def test_seals_menhir_sites_and_changed_versions(plan: Layout) -> None:
    cards = {card.number: card for card in plan.cards}
    assert (cards[103].seals, cards[104].seals, cards[105].seals, cards[108].seals) == \
        (("friendly_settlement",), ("menhir",), ("dreams",), ("enemy_settlement",))
    assert {(m.location, m.spot, m.why, m.tag) for m in plan.menhirs} == {
        (101, (0, 0), ("start", "restart"), "M101"), (104, (1, 0), ("seal",), "M104"),
        (106, (1, 0), ("story",), "M106")}  # 106's journal places one where it stands
    assert cards[106].replaces == 104 and cards[104].replaces is None
    assert plan.versions_of(cards[104]) == [cards[106]]
    assert plan.bounds() == (-1, -1, 2, 2)  # the cards and every Menhir's radius


def test_cards_never_overlap_and_a_card_no_key_links_goes_below(minimal_copy: Path) -> None:
    (minimal_copy / "locations" / "109.yaml").write_text(
        'number: 109\nname: Far Isle\nexplore: "108"\n', encoding="utf-8")
    plan = layout(load_pack(minimal_copy))
    rects = card_rects(plan)
    assert sorted(rects) == [101, 102, 103, 104, 105, 107, 108, 109]  # 106 is a note on 104
    placed = [rect for number, rect in rects.items() if number != 109]
    assert all(not a.colliderect(b) for a in placed for b in placed if a is not b)
    assert next(c for c in plan.cards if c.number == 109).spot is None
    assert rects[109].top > max(rect.bottom for rect in placed)
    width, height = map_size(plan)
    assert all(pygame.Rect(0, 0, width, height).contains(rect) for rect in rects.values())
    surface = pygame.Surface((width, height))
    draw_map(surface, plan)  # a smoke render with a card off the grid


def test_grail_map_writes_a_png_of_the_layout_size(tmp_path: Path, plan: Layout,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "minimal.png"
    assert main(["map", str(MINIMAL), "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == map_size(plan)
    width, height = map_size(plan)
    assert capsys.readouterr().out == \
        f"{out}: the map of The Minimal Test Pack, 8 Locations, {width}x{height} pixels\n"


def test_grail_map_of_the_bundled_campaign(tmp_path: Path) -> None:
    out = tmp_path / "ennor.png"
    assert main(["map", "--out", str(out)]) == 0
    campaign = load_pack(bundled_pack())
    plan = layout(campaign)
    assert pygame.image.load(str(out)).get_size() == map_size(plan)
    assert {card.number for card in plan.cards} == set(campaign.location)
    assert next(card for card in plan.cards if card.start).spot == (0, 0)


def test_grail_map_refuses_a_file_it_cannot_write_and_a_broken_pack(
        tmp_path: Path, minimal_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", str(MINIMAL), "--out", str(tmp_path / "map.jpg")]) == 2
    assert "--out names a PNG file" in capsys.readouterr().err
    assert main(["map", str(MINIMAL), "--out", str(tmp_path / "none" / "map.png")]) == 1
    assert f"grail: cannot write {tmp_path / 'none' / 'map.png'}: " in capsys.readouterr().err
    (minimal_copy / "locations" / "101.yaml").write_text("number: 101\n", encoding="utf-8")
    assert main(["map", str(minimal_copy), "--out", str(tmp_path / "map.png")]) == 1
    assert "the pack has problems" in capsys.readouterr().err
    assert not (tmp_path / "map.png").exists()
