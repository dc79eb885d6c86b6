"""Trading between characters on one Location [TEAM-5], [RES-2], [RES-3], [SECRET-6]."""

from __future__ import annotations

import pytest

from grail.content import Campaign, bundled_pack, load_pack
from grail.engine.actions import Begin, DeckUpgrade, Pass, Rest, Trade, Travel
from grail.engine.game import Game, IllegalAction
from grail.words.refusals import refusal_words


def test_food_wealth_items_and_secrets_change_hands(ennor: Campaign) -> None:
    game = Game.new(ennor, ["tamsin", "jago"], seed=1)
    tamsin, jago = game.state.hero("tamsin"), game.state.hero("jago")
    tamsin.items, tamsin.secrets = [1], [1]
    game.refresh()
    legal = game.legal_actions()
    assert Trade(hero="tamsin", to="jago", what="food") in legal  # [RES-2]
    assert Trade(hero="tamsin", to="jago", what="item", number=1) in legal  # [ITEM-5]
    assert not [a for a in legal if isinstance(a, Trade) and a.what not in
                ("food", "wealth", "item", "secret")]  # never Rep, Exp or Magic [RES-3]
    food = (tamsin.food, jago.food)
    game.apply(Trade(hero="tamsin", to="jago", what="food"))
    game.apply(Trade(hero="tamsin", to="jago", what="item", number=1))
    tamsin, jago = game.state.hero("tamsin"), game.state.hero("jago")
    assert (tamsin.food, jago.food) == (food[0] - 1, food[1] + 1)
    assert (tamsin.items, jago.items) == ([], [1])
    assert not tamsin.acted  # trading is not an action [TEAM-5]


def test_personal_secrets_are_never_traded(ennor: Campaign) -> None:  # [SECRET-6]
    personal = [s.number for s in ennor.secrets if "personal" in s.keywords]
    game = Game.new(ennor, ["tamsin", "jago"], seed=1)
    game.state.hero("tamsin").secrets = personal[:1]
    game.refresh()
    with pytest.raises(IllegalAction, match=r"\[SECRET-6\]: trade_personal"):
        game.apply(Trade(hero="tamsin", to="jago", what="secret", number=personal[0]))


def test_characters_apart_cannot_trade(ennor: Campaign) -> None:
    game = Game.new(ennor, ["tamsin", "jago"], seed=1)
    travel = next(a for a in game.legal_actions() if isinstance(a, Travel) and a.hero == "tamsin")
    game.apply(travel)
    game.apply(Begin(hero="tamsin"))  # jago could join [TEAM-1], but does not
    assert game.state.hero("tamsin").location != game.state.hero("jago").location
    assert not [a for a in game.legal_actions() if isinstance(a, Trade)]


def test_food_is_traded_at_the_end_of_day_before_resting_TEAM_5_END_DAY_1(
        minimal: Campaign) -> None:
    """ "Recuerda que los personajes que se encuentren en la misma Localización pueden
    intercambiarse Comida en cualquier momento" (End of Day, step 1)."""
    game = Game.new(minimal, ["wren", "yew"], seed=1)
    game.state.hero("wren").food = 0
    game.apply(Pass(hero="wren"))
    game.apply(Pass(hero="yew"))
    assert game.pending().kind == "rest" and game.pending().heroes == ["wren"]
    assert Rest(hero="wren", eat=True) not in game.legal_actions()  # hungry
    game.apply(Trade(hero="yew", to="wren", what="food"))
    game.apply(Rest(hero="wren", eat=True))
    assert (game.state.hero("wren").food, game.state.hero("yew").food) == (0, 0)


def test_no_trade_while_a_drawn_card_waits_to_be_kept_UPG_2(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren", "yew"], seed=1)
    game.state.hero("wren").exp = 2
    for action in (Pass(hero="wren"), Pass(hero="yew"), Rest(hero="wren", eat=True),
                   Rest(hero="yew", eat=True), DeckUpgrade(hero="wren", deck="combat")):
        game.apply(action)
    assert game.state.offer and not [a for a in game.legal_actions() if isinstance(a, Trade)]
    with pytest.raises(IllegalAction, match=r"\[UPG-2\]"):
        game.apply(Trade(hero="yew", to="wren", what="food"))


@pytest.mark.parametrize(("trade", "rule", "why"), [
    (Trade(hero="tamsin", to="jago", what="wealth"), "RES-2", "Tamsin Vell has no Wealth to give"),
    (Trade(hero="tamsin", to="jago", what="item", number=3), "ITEM-5",
     f"Tamsin Vell does not hold {load_pack(bundled_pack()).item[3].name}"),
    (Trade(hero="tamsin", to="jago", what="secret", number=2), "SECRET-6",
     f"Tamsin Vell does not hold {load_pack(bundled_pack()).secret[2].name}"),
    (Trade(hero="tamsin", to="bob", what="food"), "DAY-3",
     "there is no character 'bob' in this game; the characters are Tamsin Vell and "
     "Jago Trevail"),
    (Trade(hero="tamsin", to="jago", what="food", number=5), "RES-2",
     "Food is given one at a time: no number")])
def test_a_refused_trade_says_what_is_missing(
        ennor: Campaign, trade: Trade, rule: str, why: str) -> None:
    """Not the general rule of trading, but what this gift lacks [RES-2], [ITEM-5]."""
    game = Game.new(ennor, ["tamsin", "jago"], seed=1)
    game.state.hero("tamsin").wealth = 0
    game.refresh()
    with pytest.raises(IllegalAction) as raised:
        game.apply(trade)
    assert raised.value.rule == rule and refusal_words(ennor, raised.value.refusal) == why


def test_a_day_action_at_the_end_of_day_says_the_day_is_over_DAY_1(minimal: Campaign) -> None:
    game = Game.new(minimal, ["wren", "yew"], seed=1)
    game.apply(Pass(hero="wren"))
    game.apply(Pass(hero="yew"))
    with pytest.raises(IllegalAction, match=r"\[DAY-1\]: day_actions_over"):
        game.apply(Travel(hero="wren", to=104))
    with pytest.raises(IllegalAction, match=r"\[END-DAY-1\]: rests_now \{'hero': 'wren'\}"):
        game.apply(Rest(hero="yew", eat=True))
