"""grail/words writes every sentence from data, by table, and each table covers its whole
union: every event the engine emits has its sentence, and its place in the window's "what
changed" or a view of its own."""

from __future__ import annotations

import typing

import pytest

from grail.content import Campaign, bundled_pack, load_pack
from grail.engine import events as ev
from grail.words.events import CHANGES, SHOWN_ELSEWHERE, TOLD, event_text


def _members(union: object) -> list[type]:
    return list(typing.get_args(union))


EVENT_TYPES = {cls.__dataclass_fields__["type"].default: cls  # type: ignore[attr-defined]
               for cls in _members(ev.Event)}


def test_every_event_has_its_sentence() -> None:
    assert sorted(set(EVENT_TYPES) - set(TOLD)) == []
    assert sorted(set(TOLD) - set(EVENT_TYPES)) == []  # no sentence for what never happens


def test_every_event_is_shown_in_the_window_once() -> None:
    assert sorted(set(EVENT_TYPES) - set(CHANGES) - SHOWN_ELSEWHERE) == []
    assert sorted(set(CHANGES) & SHOWN_ELSEWHERE) == []


@pytest.fixture(scope="module")
def ennor() -> Campaign:
    return load_pack(bundled_pack())


def test_a_dial_flipped_reads_as_a_sentence(ennor: Campaign) -> None:
    """Not "A the is dial flipped: skull." [DIAL-1]."""
    assert event_text(ennor, ev.DialFlipped(face="skull")) == "A dial is flipped: the Skull."


def test_a_change_of_nothing_tells_nothing(ennor: Campaign) -> None:
    """No "…: nothing changes." after an event, no "0 damage … will be prevented" on a
    Response that prevents none."""
    assert event_text(ennor, ev.ResourcesChanged(hero="tamsin", changes={"food": 0})) == ""
    assert event_text(ennor, ev.DamagePrevented(amount=0, total=0, feint=False)) == ""


def test_every_action_has_its_wording() -> None:
    from grail.engine.actions import Actions
    from grail.words.actions import ACTION_WORDS

    assert sorted(kind.__name__ for kind in set(_members(Actions)) - set(ACTION_WORDS)) == []
    assert sorted(kind.__name__ for kind in set(ACTION_WORDS) - set(_members(Actions))) == []


def test_every_effect_and_condition_has_its_wording() -> None:
    from grail.content.conditions import CONDITIONS
    from grail.content.effects import EFFECTS
    from grail.words.conditions import NEEDS
    from grail.words.effects import EFFECT_WORDS

    assert sorted(kind.__name__ for kind in set(EFFECTS) ^ set(EFFECT_WORDS)) == []
    assert sorted(kind.__name__ for kind in set(CONDITIONS) ^ set(NEEDS)) == []


def test_every_refusal_and_decision_has_its_wording() -> None:
    from grail.engine.pending import Kind
    from grail.engine.refusals import Code
    from grail.words.decisions import PENDING
    from grail.words.refusals import REFUSALS

    assert sorted(set(typing.get_args(Code)) ^ set(REFUSALS)) == []
    assert sorted(set(typing.get_args(Kind)) ^ set(PENDING)) == []
