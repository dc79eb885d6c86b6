"""Saving and opening games, whatever the file: the SQLite save (store.py) and the JSON
envelope of older saves and of ``grail export`` (files.py).

Opening checks the file first, then its pack, then the whole game against the content
(fit.py, sound.py), whatever the file says of itself: an impossible game is refused in one
line and nothing changes.
"""

import sqlite3
from collections.abc import Callable
from contextlib import closing, suppress
from datetime import datetime
from itertools import takewhile
from pathlib import Path
from typing import Any

from grail.content import Campaign
from grail.engine.actions import AnyAction, ChanceOutcome
from grail.engine.chance import ChanceMismatch
from grail.engine.events import Event
from grail.engine.game import RULES_EDITION, Game, IllegalAction
from grail.engine.plain import Plain, part
from grail.engine.reading import Unreadable, read
from grail.engine.setup import SetupError, check_setup
from grail.engine.state import ChallengeRule, GameState, Mode
from grail.lang import _, ngettext

from .errors import GrailFault, SaveError
from .files import json_format, read_envelope, read_json, went_on, write_json
from .fit import misfits, versions
from .sound import problems
from .store import Mark, SaveFile, is_database


@part
class Setup(Plain):
    """What a game was set up with, as a save keeps it (and reads it back: exactly in the
    form grail writes it, grail/engine/reading.py)."""

    heroes: list[str]
    seed: int
    mode: Mode
    companion: bool = False
    challenge_rules: list[ChallengeRule] | None = None
    pack: str | None = None
    start: dict[str, Any] | None = None
    earlier: dict[str, Any] | None = None


def save_game(game: Game, path: Path) -> None:
    """Write ``game`` whole as a new save at ``path`` (a save there is replaced whole, or
    not at all)."""
    SaveFile.create(path, game).close()


def load_game(path: Path, campaign: Campaign, notes: list[str] | None = None) -> Game:
    """The game saved at ``path`` (a save, or a JSON envelope of any format), checked
    whole; any problem is a :class:`SaveError`."""
    if is_database(path):
        with closing(SaveFile.open(path)) as save, save.reading():
            return read_game(save, campaign, notes)
    return checked(path, read_json(path, campaign, notes))


def read_game(save: SaveFile, campaign: Campaign, notes: list[str] | None = None) -> Game:
    """The game as the save holds it now: from its nearest snapshot, its log played on;
    under changed content, going on from where it was. Read inside one transaction
    (``save.reading()`` or ``save.writing()``), so that another program's commit cannot fall
    between its reads."""
    header = save.header()
    pack, setup = header.get("pack"), header.get("setup")
    if not isinstance(pack, dict) or not isinstance(setup, dict) or not _sound_setup(setup):
        raise SaveError(_("{path}: the save is damaged (its header does not read)").format(
            path=save.path))
    if "start" not in setup:  # its log replays from the setup (grail replay, undo)
        try:
            check_setup(campaign, setup["heroes"], setup["mode"], setup.get("challenge_rules"))
        except SetupError:
            raise SaveError(_("{path}: the save is damaged (its setup cannot be played in this "
                              "campaign)").format(path=save.path)) from None
    if pack.get("id") != campaign.manifest.id:
        raise SaveError(_("{path}: a save of campaign '{saved}', not '{campaign}'").format(
            path=save.path, saved=pack.get("id"), campaign=campaign.manifest.id))
    log = save.log()
    glance = header.get("glance")
    floor = glance.get("floor", 0) if isinstance(glance, dict) else 0
    floor = floor if isinstance(floor, int) else 0
    changed = pack.get("hash") != campaign.digest
    snapshot = save.snapshot(len(log) if changed else min(floor, len(log)))
    try:
        game = _played(campaign, setup, log, snapshot)
    except Exception as error:  # every fault is said: the content's, or grail's
        gone = misfits(campaign, snapshot[1]) if changed and snapshot is not None else []
        if gone:  # what the content lost, which the log's replay tripped over
            raise _no_longer_fits(save.path, pack, gone) from None
        if not isinstance(error, NOT_PLAYED):
            raise fault(save.path, error) from error
        edition = glance.get("rules") if isinstance(glance, dict) else None
        if not changed and edition != RULES_EDITION and notes is not None:
            game = _under_new_rules(save.path, campaign, setup, log, snapshot, error, notes)
            return checked(save.path, went_on(game, pack))
        said = _("{path}: the content changed since, and the game no longer fits it ({why}; "
                 "'grail replay' shows where)") if changed else \
            _("{path}: its log does not replay ({why}; 'grail replay' shows where)")
        raise SaveError(said.format(path=save.path, why=_replay_failed(error, changed))) from None
    if changed:
        found = problems(game)
        if found:
            raise _no_longer_fits(save.path, pack, found)
        if notes is not None:
            again = sum(not isinstance(entry, ChanceOutcome)
                        for entry in log[snapshot[0] if snapshot is not None else 0:])
            said = _("{path}: the content of campaign '{campaign}' changed since this save "
                     "({versions}); the game goes on from where it was, and undo cannot reach "
                     "back before now") if not again else ngettext(
                "{path}: the content of campaign '{campaign}' changed since this save "
                "({versions}); its last action was played again under the new content; the game "
                "goes on from where it was, and undo cannot reach back before now",
                "{path}: the content of campaign '{campaign}' changed since this save "
                "({versions}); its last {count} actions were played again under the new content; "
                "the game goes on from where it was, and undo cannot reach back before now",
                again)
            notes.append(said.format(
                path=save.path, campaign=pack["id"], count=again,
                versions=versions(pack.get("version"), campaign.manifest.version)))
        game = went_on(game, pack)
    return checked(save.path, game)


NOT_PLAYED = (IllegalAction, ChanceMismatch)
"""What a log that does not play under these rules and this content raises: an action the
rules refuse, or draws and rolls that do not follow its actions. Any other error while it
plays is grail's own fault (:class:`GrailFault`)."""


def fault(path: Path, error: Exception) -> GrailFault:
    """grail's own fault met reading the save at ``path``, in words that name the save and
    say it is untouched."""
    return GrailFault(_("{path}: grail failed while replaying this save, a fault in grail and "
                        "not in the save, which is untouched ({error}): please report it, "
                        "with the save").format(path=path,
                                                error=f"{type(error).__name__}: {error}"))


def _played(campaign: Campaign, setup: dict[str, Any], log: list[AnyAction],
            snapshot: tuple[int, GameState] | None,
            heard: Callable[[Game, list[Event]], None] | None = None) -> Game:
    """The game the log makes, from the snapshot if there is one, else from the setup."""
    return Game.replay(campaign, setup, log, heard) if snapshot is None else \
        Game.resume(campaign, setup, log, *snapshot, heard)


def _under_new_rules(path: Path, campaign: Campaign, setup: dict[str, Any],
                     log: list[AnyAction], snapshot: tuple[int, GameState] | None,
                     error: Exception, notes: list[str]) -> Game:
    """A save played under an earlier edition of the rules, whose log these rules stop
    short of: the game as far as they play it, noted for the player; a game they cannot
    even begin is refused as before."""
    start = snapshot[0] if snapshot is not None else \
        len(list(takewhile(lambda entry: isinstance(entry, ChanceOutcome), log)))
    played = [start]

    def heard(game: Game, _unused: list[Event]) -> None:
        played[0] = len(game.log)

    try:
        with suppress(*NOT_PLAYED):
            _played(campaign, setup, log, snapshot, heard)
        game = _played(campaign, setup, log[:played[0]], snapshot)
    except NOT_PLAYED:
        raise SaveError(_("{path}: its log does not replay ({why}; 'grail replay' shows where)")
                        .format(path=path, why=_replay_failed(error, False))) from None
    except Exception as failed:
        raise fault(path, failed) from failed
    left = sum(not isinstance(entry, ChanceOutcome) for entry in log[played[0]:])
    said = ngettext(
        "{path}: this save was played under earlier rules, and this grail's do not replay its "
        "last action (its rule {rule}): the game goes on from before it, on Day {day}, and undo "
        "cannot reach back before now",
        "{path}: this save was played under earlier rules, and this grail's do not replay its "
        "last {count} actions (its rule {rule}): the game goes on from before them, on Day "
        "{day}, and undo cannot reach back before now",
        left) if isinstance(error, IllegalAction) else ngettext(
        "{path}: this save was played under earlier rules, and this grail's do not replay its "
        "last action: the game goes on from before it, on Day {day}, and undo cannot reach back "
        "before now",
        "{path}: this save was played under earlier rules, and this grail's do not replay its "
        "last {count} actions: the game goes on from before them, on Day {day}, and undo cannot "
        "reach back before now",
        left)
    notes.append(said.format(path=path, count=left, day=game.state.day,
                             rule=error.rule if isinstance(error, IllegalAction) else ""))
    return game


def saved_log(path: Path) -> tuple[dict[str, Any], list[AnyAction]]:
    """The setup and the log the save at ``path`` holds, read but not played: what
    ``grail replay`` plays again to check it (opening the save would play it first)."""
    if is_database(path):
        with closing(SaveFile.open(path)) as save, save.reading():
            setup = save.header().get("setup")
            if not isinstance(setup, dict) or not _sound_setup(setup):
                raise SaveError(_("{path}: the save is damaged (its header does not read)")
                                .format(path=path))
            return setup, save.log()
    envelope = read_envelope(path)
    return envelope.setup, list(envelope.log)


def _no_longer_fits(path: Path, pack: dict[str, Any], found: list[str]) -> SaveError:
    """The refusal of a save its changed content no longer fits, naming the first misfit."""
    return SaveError(_("{path}: the content of campaign '{campaign}' changed since this save "
                       "and the game no longer fits it: {problem}").format(
        path=path, campaign=pack["id"], problem=found[0]))


def _replay_failed(error: Exception, changed: bool) -> str:
    """Why a save's log does not replay, in a player's words: the checking tool (``grail
    replay``) names the action and the rule. Under changed content, what the refused action
    meets that is no longer there (a Location gone: "Location 404 is not on the map")."""
    if isinstance(error, IllegalAction):
        return _("an action of its log is refused under it (its rule {rule})").format(
            rule=error.rule) if changed else \
            _("an action of its log is not allowed where it was taken")
    if isinstance(error, ChanceMismatch):
        return _("its draws and rolls do not follow its actions")
    return _("its log does not fit the campaign")


def read_mark(save: SaveFile, campaign: Campaign, mark: Mark) -> Game:
    """The game as a checkpoint or autosave holds it; undo starts there."""
    header = save.header()
    setup = header.get("setup")
    if not isinstance(setup, dict) or not _sound_setup(setup):
        raise SaveError(_("{path}: the save is damaged (its header does not read)").format(
            path=save.path))
    log, state = save.marked(mark)
    state.undo_floor = len(log)
    return checked(save.path, Game(campaign, state, setup=setup, log=log))


def checked(path: Path, game: Game) -> Game:
    """``game`` if it is possible under its campaign; else a :class:`SaveError` naming
    what is wrong."""
    if not _sound_setup(game.setup):
        raise SaveError(_("{path}: the save is damaged (its setup does not read)").format(
            path=path))
    found = problems(game)
    if len(found) == 1:
        raise SaveError(_("{path}: the save holds an impossible game: {problem}").format(
            path=path, problem=found[0]))
    if found:
        raise SaveError(ngettext("{path}: the save holds an impossible game: {problem} (and "
                                 "{count} more)",
                                 "{path}: the save holds an impossible game: {problem} (and "
                                 "{count} more)", len(found) - 1).format(
            path=path, problem=found[0], count=len(found) - 1))
    return game


def saved_pack(path: Path, otherwise: str | None = None) -> str | None:
    """The pack folder a save was made with (None: the bundled campaign), read only once
    the file is known whole and grail's; ``otherwise`` for a save that names none. A file
    that is not a save raises :class:`SaveError`."""
    if is_database(path):
        with closing(SaveFile.open(path)) as save:
            setup = save.header().get("setup")
    else:
        setup = read_envelope(path).setup
    if not isinstance(setup, dict) or "pack" not in setup:
        return otherwise
    pack = setup["pack"]
    return pack if isinstance(pack, str) else None


def export_save(game: Game, target: Path) -> None:
    """The game as a JSON envelope, to share (a bug report, another machine)."""
    write_json(game, target)


def keep_beside(path: Path) -> Path:
    """Copy the save at ``path`` beside it before it is rewritten (an older JSON save
    becoming this format, a save whose content changed): ``NAME.formatN.json`` for a JSON
    save, ``NAME.before-DATE.grail`` for a save of this format. The copy's path."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        if is_database(path):
            kept = path.with_name(f"{path.stem}.before-{stamp}{path.suffix}")
            with closing(sqlite3.connect(path)) as source, \
                    closing(sqlite3.connect(kept)) as copy:
                source.backup(copy)
            return kept
        found = json_format(path.read_bytes()[:32])
        kept = path.with_name(f"{path.stem}.format{found or 0}{path.suffix or '.json'}")
        if kept.exists():
            kept = kept.with_name(f"{path.stem}.format{found or 0}.{stamp}"
                                  f"{path.suffix or '.json'}")
        kept.write_bytes(path.read_bytes())
    except (OSError, sqlite3.Error) as error:
        raise SaveError(_("{path}: cannot keep the save as it was beside the new one: {error}")
                        .format(path=path, error=error)) from None
    return kept


def _sound_setup(setup: dict[str, Any]) -> bool:
    try:
        read(Setup, setup)
    except Unreadable:
        return False
    return True
