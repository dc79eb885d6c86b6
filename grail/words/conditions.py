"""A condition in words, for a journal option that cannot be taken (what it needs) and an
``if`` shown in an effect's words: one wording a kind of condition (:data:`NEEDS`, every
kind of the content language, tests/test_words.py), names taken from the campaign by id.

>>> from grail.content import load_pack, bundled_pack
>>> from grail.content.conditions import HasSecret
>>> needs(load_pack(bundled_pack()), HasSecret(secret=1))
'needs The Kindling Words'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grail.content import Campaign
from grail.content import conditions as cond
from grail.lang import _, listed

from .names import (
    hero_name,
    item_kind_words,
    item_name,
    place_name,
    quest_name,
    resource_words,
    secret_name,
    status_name,
    task_name,
)


def bounds_words(bounds: Any) -> str:
    """A range of numbers: "3", "from 2 to 4", "at least 2", "at most 4"."""
    low, high = bounds.at_least, bounds.at_most
    if low is not None and high is not None:
        return str(low) if low == high else _("from {low} to {high}").format(low=low, high=high)
    return _("at least {low}").format(low=low) if low is not None \
        else _("at most {high}").format(high=high)


def _levels(model: Any) -> list[tuple[str, Any]]:
    return [(resource_words(name), value) for name in type(model).model_fields
            if (value := getattr(model, name)) is not None]


def _item(campaign: Campaign, pick: cond.ItemPick) -> str:
    if pick.number is not None:
        return item_name(campaign, pick.number)
    return item_kind_words(pick.keyword, bool(pick.craftable))


def _visits(campaign: Campaign, visits: cond.Visits) -> str:
    place = _("entry {entry}").format(entry=visits.entry) if visits.entry is not None \
        else place_name(campaign, visits.location) if visits.location is not None else ""
    if visits.at_most == 1 and visits.at_least is None:
        return _("the first visit to {place}").format(place=place)
    if visits.at_most == 0:
        return _("{place} never read before").format(place=place)
    return _("{place} read {times} times").format(place=place, times=bounds_words(visits))


def _state(state: str) -> str:
    return {"exhausted": _("a character Exhausted"), "going_mad": _("a character going mad"),
            "panic": _("a character in Panic"), "dying": _("a character dying")}[state]


def _affinity(where: str) -> str:
    return {"green": _("the Affinity marker on green"), "grey": _("the Affinity marker on grey"),
            "red": _("the Affinity marker on red")}[where]


def _mode(mode: str) -> str:
    return {"story": _("the story mode"), "normal": _("the normal mode"),
            "challenge": _("the challenge mode")}[mode]


NEEDS: dict[type, Callable[[Campaign, Any], str]] = {
    cond.AttributeAtLeast: lambda c, k: listed([
        _("{attribute} {level}").format(attribute=name, level=level)
        for name, level in _levels(k.attribute)]),
    cond.Has: lambda c, k: listed([
        _("{amount} {resource}").format(amount=value, resource=resource_words(name))
        for name, value in k.has.items()]),
    cond.HasSecret: lambda c, k: secret_name(c, k.secret),
    cond.HasItem: lambda c, k: _item(c, k.item),
    cond.StatusIs: lambda c, k: (
        _("the Status {status}") if k.part is None
        else _("the Status {status} at part {part}")).format(status=status_name(c, k.status),
                                                            part=k.part),
    cond.MeterIs: lambda c, k: listed([
        _("{meter} {bounds}").format(meter=name, bounds=bounds_words(bounds))
        for name, bounds in _levels(k.meter)]),
    cond.Visited: lambda c, k: _visits(c, k.visits),
    cond.PlayersAre: lambda c, k: _("{count} players").format(count=bounds_words(k.players)),
    cond.HeroIs: lambda c, k: _("{hero} in the team").format(hero=hero_name(c, k.hero)),
    cond.DayIs: lambda c, k: _("Day {day}").format(day=bounds_words(k.day)),
    cond.ChapterIs: lambda c, k: _("chapter {chapter}").format(chapter=bounds_words(k.chapter)),
    cond.QuestActive: lambda c, k: _("the quest {quest} under way").format(
        quest=quest_name(c, k.quest)),
    cond.TaskOpen: lambda c, k: _("the task still open: {task}").format(task=task_name(c, k.task)),
    cond.DialIs: lambda c, k: _("a Time dial at {value}").format(value=bounds_words(k.dial)),
    cond.ModeIs: lambda c, k: _mode(k.mode),
    cond.HeroState: lambda c, k: _state(k.state),
    cond.AffinityOn: lambda c, k: _affinity(k.affinity),
    cond.PoolIs: lambda c, k: _("a Combat pool of {pool}").format(pool=bounds_words(k.pool)),
    cond.Not: lambda c, k: _("not {condition}").format(condition=needed(c, k.not_)),
    cond.All: lambda c, k: _(" and ").join(needed(c, part) for part in k.all),
    cond.Any_: lambda c, k: _(" or ").join(needed(c, part) for part in k.any),
}
"""What each kind of condition needs, in words."""


def needed(campaign: Campaign, condition: Any) -> str:
    """What ``condition`` needs: "The Kindling Words", "Courage 2", "Day at least 5"."""
    return NEEDS[type(condition)](campaign, condition)


def needs(campaign: Campaign, condition: Any) -> str:
    """Why an option with this condition is closed: "needs ..."."""
    return _("needs {what}").format(what=needed(campaign, condition))
