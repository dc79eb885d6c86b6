"""Encounters played from the command line, card by card: in ``grail text`` (numbered answers
on standard input) and with ``grail new``/``legal``/``act``/``show`` (docs/cli.md,
"Encounters").

Both of the rulebook's worked examples are played on ``tests/packs/examples`` in companion
games, the table saying which card each draw gives as the example tells it: Beor against
the Vagabond [EX-COMBAT-1]..[EX-COMBAT-10] and Arev with the Grieving Orphan
[EX-DIPLO-1]..[EX-DIPLO-11] (tests/test_worked_examples.py checks the engine's side; here
the screen must show the pool or the marker, the Sequence and the hand, and the fight must
end as the example does).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from grail.cli import main
from grail.content import Campaign, load_pack
from grail.engine.actions import (
    Action,
    ChanceOutcome,
    Choose,
    DiscardCard,
    EndPlay,
    Explore,
    KeepHands,
    PlayCard,
    SpendCharges,
)
from grail.engine.game import Game
from grail.words.actions import tell
from grail.words.summary import summary

from .conftest import saved

EXAMPLES = Path(__file__).parent / "packs" / "examples"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "cli.md"

Plan = list[tuple[Any, tuple[str, ...]]]
"""Actions, each with the cards the table then draws, in order."""

COMBAT: Plan = [  # [EX-COMBAT-1]..[EX-COMBAT-10]
    (Explore(hero="beor"), ()),
    (Choose(hero="beor", option=0), ("ex-attack", "ex-defense", "ex-shove")),
    (KeepHands(), ()),
    (PlayCard(hero="beor", card="ex-attack"), ()),
    (PlayCard(hero="beor", card="ex-defense", magic=((2, "beor"),)), ()),
    (EndPlay(hero="beor"), ("ex-throw", "ex-enrage")),
    (PlayCard(hero="beor", card="ex-throw"), ()),
    (PlayCard(hero="beor", card="ex-enrage", magic=((3, "beor"),)), ()),
    (EndPlay(hero="beor"), ()),
]

DIPLOMACY: Plan = [  # [EX-DIPLO-1]..[EX-DIPLO-11]
    (Explore(hero="arev"), ()),
    (Choose(hero="arev", option=1), ("ex-honest-truth", "ex-false-promise", "ex-idle-chatter")),
    (KeepHands(), ()),
    (PlayCard(hero="arev", card="ex-honest-truth"), ()),
    (EndPlay(hero="arev"), ("ex-black-humour",)),
    (PlayCard(hero="arev", card="ex-false-promise", magic=((3, "arev"),)), ("ex-eye-for-detail",)),
    (EndPlay(hero="arev"), ("ex-small-talk",)),
    (PlayCard(hero="arev", card="ex-black-humour"), ("ex-closing-argument",)),
    (SpendCharges(hero="arev", serial=3, ability=1), ()),
    (PlayCard(hero="arev", card="ex-eye-for-detail"), ()),
    (EndPlay(hero="arev"), ()),
    (PlayCard(hero="arev", card="ex-closing-argument"), ()),
    (EndPlay(hero="arev"), ()),
]


@pytest.fixture(scope="module")
def examples() -> Campaign:
    return load_pack(EXAMPLES)


def _new(tmp_path: Path, hero: str, capsys: pytest.CaptureFixture[str], *more: str) -> Path:
    save = tmp_path / f"{hero}.grail"
    assert main(["new", str(save), "--pack", str(EXAMPLES), "--hero", hero, *more]) == 0
    capsys.readouterr()
    return save


def _numbers(campaign: Campaign, hero: str, plan: Plan) -> list[str]:
    """The numbers to type for ``plan``, found in a game played alongside: each action's
    place in the legal list, then each card the table draws."""
    game = Game.new(campaign, [hero], seed=1, companion=True)
    numbers = []
    for action, drawn in plan:
        numbers.append(str(game.legal_actions().index(action) + 1))
        game.apply(action)
        for card in drawn:
            chance = game.state.chance
            assert chance is not None, f"no draw waits for {card}"
            outcome = ChanceOutcome(point=chance.point.point, outcome=card)
            numbers.append(str(game.legal_actions().index(outcome) + 1))
            game.apply(outcome)
    return numbers


def _screens(out: str) -> list[str]:
    """What ``grail text`` printed, cut at each prompt."""
    return re.split(r"Type a number(?:, t for a tip)?, or \? for help\.", out)


def _text(save: Path, answers: list[str], monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\nq\n"))
    assert main(["text", str(save)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and not re.search("[\u2500-\u259f]", out)  # plain text only
    return out


def _state(save: Path) -> dict[str, Any]:
    return saved(save).state.model_dump(mode="json")


def test_the_combat_example_played_in_grail_text(
    tmp_path: Path, examples: Campaign, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # [EX-COMBAT-1]..[EX-COMBAT-10]
    save = _new(tmp_path, "beor", capsys, "--companion")
    out = _text(save, _numbers(examples, "beor", COMBAT), monkeypatch, capsys)
    screens = _screens(out)
    # The whole card when the fight begins: traits, the Combat table, the Opportunity attack.
    begun = next(screen for screen in screens if "Encounter begins: The Vagabond." in screen)
    assert "Traits: Swift (at most 2 cards an activation)." in begun  # [TRAIT-4]
    assert "  pool 0 to 1 (now): 1 damage.\n  pool 2 to 3: 2 damage, remove 1 marker.\n" \
        "  pool 4 or more: 3 damage.\nOpportunity attack: 1 damage." in begun
    assert "Beor: 3 cards in hand, 3 in the deck, 0 discarded: Attack, Defense, Shove." in begun
    assert "1. Mulligan: Beor discards the hand of 3 and draws 2\n2. Keep these hands" in begun
    # [EX-COMBAT-1], [EX-COMBAT-2]: Beor active; Attack's Aggression key and free key give 2.
    first = next(screen for screen in screens if "Turn 1: Beor is active." in screen)
    assert "Turn 1. Beor is active, 0 cards played. Still to activate this turn: nobody." in first
    assert "The next card meets: key 1 Aggression level 1, the free key." in first
    assert "  Attack: +2 markers (Aggression key 1, the free key). Can be played." in first
    assert "1. Play Attack: +2 markers (Aggression key 1, the free key)" in first
    # [EX-COMBAT-3]: Defense only with its Magic Key paid (its continue), under Swift.
    attack = next(screen for screen in screens if "Beor plays Attack" in screen)
    assert "The pool holds 2 of the 5 markers needed; the enemy attack at this pool: 2 damage, " \
        "remove 1 marker." in attack
    assert "  1. Attack (Beor): connected: Aggression key 1, the free key." in attack
    assert "  Defense: nothing (the free key); paying Magic key 2: continue (Magic key 2, the " \
        "free key). Enemy attack: prevent 2 damage. Delayed (1 Time): draw 1 card. Can be " \
        "played paying Magic key 2." in attack  # its Abilities too [ANAT-7]
    assert "  Shove: +1 marker (the free key). Cannot be played now: after the first card, a " \
        "card must connect a continue key of its own: it has no continue key." in attack
    assert "1. Play Defense (pay 1 Magic for key 2: Beor): continue" in attack
    defense = next(screen for screen in screens if "Beor plays Defense" in screen)
    assert "Beor pays 1 Magic for Magic key 2; it stays on the key." in defense
    assert "  2. Defense (Beor): connected: Magic key 2, the free key; 1 Magic on key 2; " \
        "1 Time token; Ability active." in defense
    # [EX-COMBAT-5]..[EX-COMBAT-7]: the attack prevented, 1 marker off; Defense draws.
    turn2 = next(screen for screen in screens if "Turn 2: Beor is active." in screen)
    assert "The pool holds 1 of the 5" in turn2 and "Beor draws Enrage." in turn2
    assert "  2. Defense (Beor): connected: Magic key 2, the free key; 1 Magic on key 2; " \
        "Ability active." in turn2  # its last Time token gone
    # [EX-COMBAT-8]: Throw, +1 and x2 +1; Defense now covered.
    throw = next(screen for screen in screens if "Beor plays Throw" in screen)
    assert "The pool holds 4 of the 5" in throw
    assert "Defense (Beor): connected: Magic key 2, the free key; 1 Magic on key 2; " \
        "Ability covered." in throw
    assert "  3. Throw (Beor): connected: Courage key 1, the free key; joined, not connected: " \
        "Magic key 2; Ability active." in throw
    # [EX-COMBAT-9], [EX-COMBAT-10]: Enrage to 6, and the victory.
    assert "The pool holds 6 of the 5" in out
    assert "The Encounter with The Vagabond is won." in out
    state = _state(save)
    beor = state["heroes"][0]
    assert state["encounter"] is None and (beor["exp"], beor["wealth"], beor["magic"]) == (3, 2, 0)


def test_a_hint_on_request_in_grail_text(
    tmp_path: Path, examples: Campaign, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # [EX-COMBAT-2], [EX-COMBAT-3]
    """At Beor's first activation 't' shows the best play found for the hand: Attack, then
    Defense through its paid Magic Key; no tip is offered outside an activation."""
    save = _new(tmp_path, "beor", capsys, "--companion")
    numbers = _numbers(examples, "beor", COMBAT[:3])
    out = _text(save, ["t", *numbers, "t"], monkeypatch, capsys)
    assert "No tip now: tips are for the cards of an activation in a fight." in out
    assert "Tip: play Attack then Defense: +2 markers, pay 1 Magic, prevent 2 damage." in out
    assert "Type a number, t for a tip, or ? for help." in out


def test_the_diplomacy_example_played_in_grail_text(
    tmp_path: Path, examples: Campaign, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # [EX-DIPLO-1]..[EX-DIPLO-11]
    save = _new(tmp_path, "arev", capsys, "--companion")
    out = _text(save, _numbers(examples, "arev", DIPLOMACY), monkeypatch, capsys)
    screens = _screens(out)
    begun = next(screen for screen in screens if "Encounter begins: The Grieving Orphan." in screen)
    assert "Diplomacy: The Grieving Orphan (blue deck, level 1), Stage 1 of 2: Comfort the " \
        "child." in begun
    assert "Affinity track from the bottom: red -3 (the bottom, Failure), -2, -1; grey 0; green " \
        "1, 2, 3, 4 (the top, the Stage is won)." in begun
    assert "The marker is on 0, grey: 4 up to the top, 3 down to the bottom." in begun
    assert "Attribute bonus in this Stage: Empathy up 2.\nResponse: marker down 1, gain 1 " \
        "Terror.\nFailure: lose 1 Rep." in begun
    # [EX-DIPLO-2]: Honest Truth's Empathy key is worth +2 in Stage 1, its free key +1.
    first = next(screen for screen in screens if "Turn 1: Arev is active." in screen)
    assert "  Honest Truth: up 3 (Empathy key 1, the free key). Can be played." in first
    assert "Escape: take the Failure (lose 1 Rep)" in first
    truth = next(screen for screen in screens if "Arev plays Honest Truth" in screen)
    assert "The marker is on 3, green: 1 up to the top, 6 down to the bottom." in truth
    assert "  1. Honest Truth (Arev): connected: Empathy key 1, the free key." in truth
    # [EX-DIPLO-3]: no continue in hand.
    assert "  False Promise: up 2 (Caution key 2, the free key); paying Magic key 3: up 1, " \
        "draw 1, up 1 (Caution key 2, Magic key 3, the free key). Cannot be played now: " in truth
    # [EX-DIPLO-7], [EX-DIPLO-8]: Stage 1 won; Black Humour's 2 Charges.
    humour = next(screen for screen in screens if "Arev plays Black Humour" in screen)
    assert "Stage 2 of 2: Find out what happened." in humour
    assert "  3. Black Humour (Arev): connected: Logic key 1, the free key; 2 Charges; " \
        "Ability active." in humour
    assert "1. Spend 2 Charges of Black Humour: the next card connects a continue key" in humour
    # [EX-DIPLO-9]: the Charges paid, Eye for Detail may follow.
    spent = next(screen for screen in screens if "The next card plays as if" in screen)
    assert "  Eye for Detail: up 1 (Logic key 2, the free key). Delayed (1 Time): draw 1 card. " \
        "Can be played." in spent
    # [EX-DIPLO-10]: the Response destroys Eye for Detail; Black Humour is last again.
    response = next(screen for screen in screens if "Arev discards Eye for Detail from the "
                    "Sequence." in screen)
    assert "The marker is on 1, green" in response and "1 discarded" in response
    assert response.rstrip().count("Black Humour (Arev)") == 1 and \
        "Eye for Detail (Arev)" not in response
    # [EX-DIPLO-11]: Closing Argument to the top of the last Stage.
    assert "The Encounter with The Grieving Orphan is won." in out
    arev = _state(save)["heroes"][0]
    assert _state(save)["encounter"] is None and arev["exp"] == 3


def _number(save: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The number of the one legal action whose text holds ``text``."""
    assert main(["legal", str(save)]) == 0
    found = [line for line in capsys.readouterr().out.splitlines() if text in line]
    assert len(found) == 1, (text, found)
    return found[0].split(".", 1)[0]


def _act(save: Path, step: str, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """Act by an action's JSON, or by the number of the legal action holding ``step``."""
    action = step if step.startswith("{") else _number(save, step, capsys)
    assert main(["act", str(save), action, "--json"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def _show(save: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["show", str(save)]) == 0
    return capsys.readouterr().out


def test_the_combat_example_played_with_legal_and_act(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # [EX-COMBAT-1]..[EX-COMBAT-10]
    save = _new(tmp_path, "beor", capsys, "--companion")
    for step in ("Explore: Beor", "Beor chooses: Face the drifter", "draws a card: Attack",
                 "draws a card: Defense", "draws a card: Shove", "Keep these hands",
                 "Play Attack: +2 markers"):
        _act(save, step, capsys)
    shown = _show(save, capsys)
    assert "The pool holds 2 of the 5 markers needed" in shown
    assert "  pool 2 to 3 (now): 2 damage, remove 1 marker." in shown
    assert "Sequence, left to right, 1 card:\n  1. Attack (Beor): connected: Aggression key 1, " \
        "the free key." in shown
    assert "Beor: 2 cards in hand, 3 in the deck, 0 discarded. The hand:\n  Defense:" in shown
    events = _act(save, '{"type": "play_card", "hero": "beor", "card": "ex-defense", '
                  '"magic": [[2, "beor"]]}', capsys)
    assert {"type": "magic_paid", "hero": "beor", "serial": 2, "at": 2} in events
    for step in ("Play no more cards", "draws a card: Throw", "draws a card: Enrage",
                 "Play Throw:", "Play Enrage (pay 1 Magic for key 3: Beor)"):
        _act(save, step, capsys)
    assert "The pool holds 6 of the 5 markers needed" in _show(save, capsys)
    events = _act(save, '{"type": "end_play", "hero": "beor"}', capsys)
    assert {"type": "encounter_ended", "encounter": "grey-vagabond", "won": True,
            "result": "won"} in events  # [COMBAT-16]
    assert "Combat:" not in _show(save, capsys)
    assert main(["replay", str(save)]) == 0


def test_the_diplomacy_example_played_with_legal_and_act(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # [EX-DIPLO-1]..[EX-DIPLO-11]
    save = _new(tmp_path, "arev", capsys, "--companion")
    for step in ("Explore: Arev", "Arev chooses: Kneel", "draws a card: Honest Truth",
                 "draws a card: False Promise", "draws a card: Idle Chatter",
                 '{"type": "keep_hands"}', "Play Honest Truth: up 3"):
        _act(save, step, capsys)
    shown = _show(save, capsys)
    assert "The marker is on 3, green: 1 up to the top, 6 down to the bottom." in shown
    assert "  1. Honest Truth (Arev): connected: Empathy key 1, the free key." in shown
    assert "Arev: 2 cards in hand, 5 in the deck, 0 discarded. The hand:" in shown
    for step in ("Play no more cards", "draws a card: Black Humour",
                 "Play False Promise (pay 1 Magic for key 3: Arev)",
                 "draws a card: Eye for Detail", "Play no more cards",
                 "draws a card: Small Talk", "Play Black Humour",
                 "draws a card: Closing Argument",
                 '{"type": "spend_charges", "hero": "arev", "serial": 3, "ability": 1}',
                 "Play Eye for Detail", "Play no more cards"):
        _act(save, step, capsys)
    shown = _show(save, capsys)
    assert "Stage 2 of 2: Find out what happened." in shown
    assert "Response: lose 1 Food, discard the last card of the Sequence." in shown
    assert "The marker is on 1, green" in shown
    assert "  Closing Argument: up 3 (Logic key 2, the free key). Can be played." in shown
    _act(save, "Play Closing Argument", capsys)
    events = _act(save, "Play no more cards", capsys)
    assert {"type": "encounter_ended", "encounter": "blue-orphan", "won": True,
            "result": "won"} in events  # [DIPLO-7]


def test_mulligan_and_escape_read_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # [COMBAT-4], [COMBAT-17]
    save = _new(tmp_path, "beor", capsys)
    for step in ("Explore: Beor", "Beor chooses: Face the drifter",
                 "Mulligan: Beor discards the hand of 3 and draws 2", "Keep these hands"):
        _act(save, step, capsys)
    assert "Beor: 2 cards in hand, 1 in the deck, 3 discarded. The hand:" in _show(save, capsys)
    events = _act(save, "Escape: -1 Energy and the Opportunity attack (1 damage)", capsys)
    assert {"type": "encounter_ended", "encounter": "grey-vagabond", "won": False,
            "result": "escaped"} in events
    beor = _state(save)["heroes"][0]
    assert (beor["energy"], beor["health"]) == (4, 6)  # Explore and Escape; the attack


def test_a_diplomacy_escape_and_a_discard_are_told(examples: Campaign) -> None:
    # [DIPLO-13]: the team escapes, each member takes the Failure; [COMBAT-15] a discard.
    game = Game.new(examples, ["arev"], seed=1)
    game.apply(Explore(hero="arev"))
    game.apply(Choose(hero="arev", option=1))
    game.apply(KeepHands())
    escape = next(a for a in game.legal_actions() if a.type == "escape")
    assert tell(game.campaign, game.state, escape) == \
        "Escape: take the Failure (lose 1 Rep); then gain 1 Terror"  # the entry's lost
    assert game.state.encounter is not None
    card = game.state.encounter.hands["arev"][0]
    assert tell(game.campaign, game.state, DiscardCard(hero="arev", card=card)) == \
        f"Discard {examples.card[card].name}"
    events = game.apply(escape)
    assert any(e.type == "encounter_ended" and e.result == "escaped" for e in events)


def test_panic_shows_the_top_card_played_first(examples: Campaign) -> None:  # [COMBAT-22]
    game = Game.new(examples, ["beor"], seed=1)
    game.apply(Explore(hero="beor"))
    game.apply(Choose(hero="beor", option=0))
    game.state.hero("beor").terror = 9  # Terror above Health: Panic
    game.refresh()
    game.apply(KeepHands())
    encounter = game.state.encounter
    assert encounter is not None and encounter.forced is not None
    top = examples.card[encounter.forced].name
    shown = summary(game)
    assert f"Panic: Beor plays first the top card of the deck, {top}." in shown
    plays = [tell(game.campaign, game.state, a) for a in game.legal_actions()
             if isinstance(a, PlayCard)]
    assert plays and all(text.startswith(f"Play {top} (the top card of the deck, in Panic)")
                         for text in plays)


def test_every_encounter_action_in_the_guide_is_an_action() -> None:
    """docs/cli.md shows the JSON form of each Encounter action, and each one parses."""
    guide = DOCS.read_text(encoding="utf-8")
    start = guide.index("\n## Encounters\n")
    section = guide[start:guide.index("\n## ", start + 1)]
    shown = {json.loads(line)["type"] for line in re.findall(r"^\{.*\}$", section, re.M)
             if Action.from_json(line)}
    assert shown >= {"ready", "set_item_aside", "avoid", "mulligan", "keep_hands",
                     "choose_approach", "activate", "play_card", "spend_charges", "end_play",
                     "escape", "discard_card"}
    assert "encounter_outcome" not in guide  # that action is gone
