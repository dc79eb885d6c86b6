"""Items in Encounters: confirming or setting them aside at the start [ITEM-3], uses once an
Encounter or flipped until its end [ITEM-6], and the Destruction trait [TRAIT-11].

Item 1, the Notched Cleaver (Weapon): in Combat, flip it for 1 marker. Item 2, the Spare
Knife (Weapon): the same. Item 3, the Lucky Knucklebone (Relic): once an Encounter, draw 1.
Secret 1, the Reeve's Old Sword, has the Weapon keyword.
"""

from __future__ import annotations

from grail.engine.actions import Activate, Escape, Ready, SetItemAside, UseCard

from .encounter_helpers import Table, ended

HAND = ["t-jab-1", "t-jab-2", "t-jab-3"]


def armed(heroes: list[str], enemy: str = "grey-brawler", items: tuple[int, ...] = (1, 3),
          face_up: tuple[str, ...] = ("item:1", "item:3")) -> Table:
    """Tamsin holding ``items``, ``face_up`` in use, at the start of ``enemy``."""
    table = Table(heroes)
    tamsin = table.hero("tamsin")
    tamsin.items, tamsin.face_up = list(items), list(face_up)
    table.fight(enemy, heroes=heroes)
    return table


def test_items_are_confirmed_or_set_aside_before_the_hands_are_drawn_ITEM_3_COMBAT_2() -> None:
    table = armed(["tamsin"])
    assert table.encounter.step == "equipment" and table.pending() is None  # no card drawn yet
    assert table.legal() == [SetItemAside(hero="tamsin", item=1),
                             SetItemAside(hero="tamsin", item=3), Ready()]
    table.act(SetItemAside(hero="tamsin", item=1))
    assert table.hero("tamsin").face_up == ["item:3"]
    table.act(Ready(), *HAND)
    assert table.hand("tamsin") == HAND
    table.keep()
    uses = [a.card for a in table.legal() if isinstance(a, UseCard)]
    assert uses == ["item:3"]  # the Cleaver is out of this Encounter
    table.act(Escape(hero="tamsin"))
    assert table.game.state.encounter is None
    assert sorted(table.hero("tamsin").face_up) == ["item:1", "item:3"]  # back in use


def test_no_item_is_set_aside_once_the_encounter_has_started_ITEM_3() -> None:
    table = armed(["tamsin"])
    table.act(Ready(), *HAND)
    assert table.refused(SetItemAside(hero="tamsin", item=3)).rule == "ITEM-3"
    table.keep()
    assert table.refused(SetItemAside(hero="tamsin", item=3)).rule == "ITEM-3"
    assert table.hero("tamsin").face_up == ["item:1", "item:3"]


def test_a_flipped_use_is_gone_until_the_encounter_ends_ITEM_6() -> None:
    table = armed(["tamsin"])
    table.act(Ready(), *HAND)
    table.keep()
    hack = UseCard(hero="tamsin", card="item:1", use=0)
    assert hack in table.legal()
    table.act(hack)
    assert table.encounter.pool == 1
    table.refused(hack)  # flipped
    table.play("t-jab-1")
    table.end_play("t-jab-4")
    assert hack not in table.legal()  # still flipped on turn 2
    table.act(Escape(hero="tamsin"))
    # The next Encounter: the Cleaver was turned back at the end of the last one.
    table.fight("grey-brawler")
    table.act(Ready(), *HAND)
    table.keep()
    assert hack in table.legal()


def test_a_flipped_card_loses_all_its_uses_until_the_end_ITEM_6() -> None:
    """Turned to show it was used, the card shows none of its uses, not only the one that
    flipped it."""
    table = armed(["tamsin"], items=(4,), face_up=("item:4",))
    table.act(Ready(), *HAND)
    table.keep()
    hook, fend = (UseCard(hero="tamsin", card="item:4", use=use) for use in (0, 1))
    assert hook in table.legal() and fend in table.legal()
    table.act(hook)
    assert hook not in table.legal() and fend not in table.legal()


def test_a_use_once_per_encounter_ITEM_6() -> None:
    table = armed(["tamsin"])
    table.act(Ready(), *HAND)
    table.keep()
    roll = UseCard(hero="tamsin", card="item:3", use=0)
    table.act(roll, "t-jab-4")  # draw 1
    assert len(table.hand("tamsin")) == 4
    table.refused(roll)


def test_destruction_discards_the_weapons_used_but_no_secret_TRAIT_11() -> None:
    # Engine reading of "the Weapons used": the Weapon Items in use (face up) in the
    # Encounter. The Spare Knife, held face down, was not used; the Sword is a Secret.
    table = armed(["tamsin", "oswy"], enemy="grey-breaker", items=(1, 2),
                  face_up=("item:1",))
    oswy = table.hero("oswy")
    oswy.secrets, oswy.face_up = [1], ["secret:1"]
    table.act(Ready(), *HAND, "o-jab-1", "o-jab-2", "o-jab-3")
    table.keep()
    table.act(Activate(hero="tamsin"))
    table.encounter.pool = 8
    table.game.refresh()
    table.play("t-jab-1")
    events = table.end_play()
    assert ended(events).won
    state = table.game.state
    assert state.hero("tamsin").items == [2]
    assert state.hero("tamsin").face_up == ["item:2"]  # the Knife is now the one in use [ITEM-2]
    assert state.hero("oswy").secrets == [1]


def test_destruction_spares_a_weapon_set_aside_TRAIT_11_ITEM_3() -> None:
    table = armed(["tamsin"], enemy="grey-breaker", items=(1,), face_up=("item:1",))
    table.act(SetItemAside(hero="tamsin", item=1), *HAND)
    table.keep()
    table.act(Escape(hero="tamsin"))
    assert table.hero("tamsin").items == [1]
    assert table.hero("tamsin").face_up == ["item:1"]


def test_a_weapon_lost_in_the_fight_leaves_the_other_out_of_use_until_the_end_ITEM_3() -> None:
    """"Una vez empezado, no se pueden añadir Objetos": the Opportunity attack takes the
    Cleaver in use; the Spare Knife beside it stays out of this fight, in use after it."""
    from grail.content import effects as fx
    from grail.engine.actions import DiscardCard, EndPlay

    from .conftest import changed
    from .encounter_helpers import pack

    campaign = pack()
    brawler = campaign.encounter["grey-brawler"]
    thieving = brawler.model_copy(update={"opportunity": [
        fx.LoseItem(lose_item=fx.ItemLoss(number=1))]})
    table = Table(["tamsin"], campaign=changed(campaign, encounters=[
        thieving if card.id == brawler.id else card for card in campaign.encounters]))
    tamsin = table.hero("tamsin")
    tamsin.items, tamsin.face_up = [1, 2], ["item:1"]
    table.fight("grey-brawler")
    table.act(Ready(), *HAND)
    table.keep()
    table.act(EndPlay(hero="tamsin"), "t-jab-4")  # no card played: the attack takes Item 1
    tamsin = table.hero("tamsin")
    assert (tamsin.items, tamsin.face_up) == ([2], [])
    table.act(DiscardCard(hero="tamsin", card="t-jab-1"), "t-jab-5")  # the next turn
    assert table.encounter.step == "play"
    assert not [a for a in table.legal() if isinstance(a, UseCard)]
    table.act(Escape(hero="tamsin"))
    assert table.game.state.encounter is None
    assert table.hero("tamsin").face_up == ["item:2"]


def test_an_item_gained_in_the_fight_comes_into_use_at_its_end_ITEM_3() -> None:
    from grail.content import effects as fx
    from grail.content.conditions import ItemPick
    from grail.engine.world import apply_effect

    table = armed(["tamsin"], items=(3,), face_up=("item:3",))
    table.act(Ready(), *HAND)
    table.keep()
    tamsin = table.hero("tamsin")
    apply_effect(table.campaign, table.game.state,
                 fx.GainItem(gain_item=ItemPick(number=1)), [tamsin])
    assert tamsin.items == [3, 1] and tamsin.face_up == ["item:3"]
    table.game.refresh()
    assert "item:1" not in [a.card for a in table.legal() if isinstance(a, UseCard)]
    table.act(Escape(hero="tamsin"))
    assert table.game.state.encounter is None
    assert table.hero("tamsin").face_up == ["item:3", "item:1"]
