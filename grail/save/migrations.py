"""Older save formats brought up to date: a chain of small functions, format N to N+1.

A save's body (the envelope without its checksum) is plain JSON data. Reading a save of
format N first checks its checksum *as format N computed it* (``checksum.INTACT``), then
applies ``STEPS[N]``, ``STEPS[N + 1]``... until the body is of the current :data:`FORMAT`,
and only then validates it as a game. Migrations never write: the save is brought up to
date on disk the next time the game is saved.

Adding format N+1 (say, 3) takes four small changes:

1. Write ``def _to_3(body: Body) -> Body`` below: pure data in, data out, no I/O, no
   engine calls; return the body with ``"format": 3`` (e.g. set ``setup["companion"]``
   to ``False`` for games from before companion mode).
2. Register it: ``STEPS = {1: _to_2, 2: _to_3}``. :data:`FORMAT` follows by itself.
3. Only if format 3 checks its checksum differently: add that check to
   ``checksum.INTACT`` under 3 and make ``files.save_game`` write it.
4. Keep a fixture of the new format: ``python -m tests.test_save_formats`` writes
   ``tests/saves/format-3.json``; commit it. ``tests/test_save_formats.py`` then loads
   every fixture and plays on from it; add a unit test of the step there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Body = dict[str, Any]


def _to_2(body: Body) -> Body:
    """Format 2 changed only how the checksum is made (over the bytes written, see
    checksum.py); the body itself is the same."""
    return {**body, "format": 2}


def _to_3(body: Body) -> Body:
    """Format 3 made chance explicit: decks became known places plus unseen cards, and the
    log records every chance outcome after its action (docs/cli.md, "Chance and the log");
    teams came too. An older log cannot be replayed by these rules (its draws came from a
    shuffled order, its actions from before teams), so the game goes on from its state,
    as after a content change: the log starts again from ``setup["start"]``, the old setup
    and log kept in ``setup["earlier"]``. Decks keep the order they had, as known places;
    the Random Events left are unseen cards, in no order."""
    state = {**body["state"], "undo_floor": 0}
    state["random_events"] = sorted(state.get("random_events", []))
    state["unseen"] = {deck: [] for deck in state.get("encounter_decks", {})}
    setup = {key: value for key, value in body["setup"].items() if key not in ("start", "earlier")}
    setup["companion"] = False
    setup["start"] = state
    setup["earlier"] = {"pack": body["pack"], "setup": body["setup"], "log": body["log"]}
    return {**body, "format": 3, "setup": setup, "state": state, "log": []}


def _to_4(body: Body) -> Body:
    """Format 4 plays Encounters card by card: the interim ``encounter_outcome`` action is
    gone, and an Encounter in the state holds its step, hands and Sequence. A log that
    holds an outcome, or a game waiting for one, cannot be replayed by these rules, so it
    goes on from its state, as in format 3; the Encounter waiting starts afresh, its
    members about to confirm their Items, on top of the frames that began it."""
    state = _fresh_encounter(body["state"])
    log = body["log"]
    if not any(entry.get("type") == "encounter_outcome" for entry in log) and \
            body["state"].get("encounter") is None:
        return {**body, "format": 4}
    setup = {key: value for key, value in body["setup"].items() if key not in ("start", "earlier")}
    setup["start"] = {**state, "undo_floor": 0}
    setup["earlier"] = {"pack": body["pack"], "setup": body["setup"], "log": log}
    return {**body, "format": 4, "setup": setup, "state": setup["start"], "log": []}


TEAMED = ("character_action", "activate_menhir")
"""Actions that format 5 made team actions."""


def _to_5(body: Body) -> Body:
    """Format 5 lets teammates help pay a character action, a Menhir's activation and a
    journal option's cost [ACT-CHAR-2], [TEAM-6]: the first two, proposed while others
    could help, now wait for them to join, as Explore and Travel do (and an activation
    counts as an action [DAY-6]); an option read with others may ask who pays. It also
    prices Attribute points by points alone [UPG-5], [ATTR-4], and applies the Challenge's
    cap and shorter Menhirs wherever they belong [MODE-CHALLENGE-6], [MODE-CHALLENGE-9]. A
    log that any of these may replay otherwise (either action, an option chosen in a game of
    several characters, an End of Day reached, where the upgrades offered may differ, a
    Challenge game) goes on from its state, as in formats 3 and 4; a game stopped for the
    table keeps the action it stopped in and the answers so far at the head of its new log,
    as after a content change, but inside a teamed action it waits before that action
    again. Any other save is unchanged. Undo never reaches back past a reveal, so little is
    lost. (Format 5 also keeps the Time
    tokens cards put on Locations apart from a used action's mark, ``time_tokens``: a new
    field, empty in older saves, whose ``location_tokens`` only ever held such marks with
    the bundled content.)"""
    log = body["log"]
    kinds = {entry.get("type") for entry in log}
    together = len(body["setup"].get("heroes", [])) > 1 or "join_game" in kinds
    if not kinds & {*TEAMED, "rest"} and not ("choose" in kinds and together) \
            and body["setup"].get("mode") != "challenge":
        return {**body, "format": 5}
    state = {**body["state"], "undo_floor": 0}
    waiting = state.get("chance")
    action = None if waiting is None else waiting.get("action")
    if action is not None and action.get("type") in TEAMED:
        state["chance"] = waiting = action = None  # it may not run the same way now
    setup = {key: value for key, value in body["setup"].items() if key not in ("start", "earlier")}
    setup["start"] = {**state, "chance": None}
    setup["earlier"] = {"pack": body["pack"], "setup": body["setup"], "log": log}
    kept = [] if waiting is None or action is None else [action, *waiting["answers"]]
    return {**body, "format": 5, "setup": setup, "state": state, "log": kept}


def _fresh_encounter(state: Body) -> Body:
    encounter = state.get("encounter")
    if encounter is None:
        return state
    return {**state, "encounter": {**encounter, "team": list(encounter["heroes"]),
                                   "floor": len(state.get("frames", [])), "step": "equipment"}}


STEPS: dict[int, Callable[[Body], Body]] = {1: _to_2, 2: _to_3, 3: _to_4, 4: _to_5}
"""``STEPS[n]`` turns a format-``n`` body into a format-``n + 1`` body."""

FORMAT = 1 + len(STEPS)
"""The format this grail writes."""


def migrate(body: Body) -> Body:
    """``body`` brought from its format up to :data:`FORMAT`, one step at a time."""
    while body["format"] < FORMAT:
        before = body["format"]
        body = STEPS[before](body)
        if body.get("format") != before + 1:
            raise AssertionError(f"migration from format {before} did not give format {before + 1}")
    return body
