"""``grail text [SAVE]``: play in the terminal with nothing but text, so a screen reader can
follow it: plain lines, numbered choices, one answer per line on standard input.

Without a SAVE it opens a menu of the saves in the save folder (``--saves DIR``, else
``GRAIL_SAVES``, else the default: grail/save/folder.py) to continue one or start a new
game there. The game is saved after every action; end of input quits.

``--at ENTRY`` (or a Location number) starts a throwaway game reading that entry at once,
for authors trying what they wrote (grail/engine/trying.py); it is saved in a temporary
folder, never in the save folder, and deleted when play ends.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grail.cli.game import (
    CommandError,
    NotAnAction,
    open_session,
    seed_number,
    typed_action,
    unknown_hero,
)
from grail.content.cache import open_pack
from grail.engine.game import Game, IllegalAction, UndoError
from grail.engine.journal import ContentLoop
from grail.engine.modes import MODES
from grail.engine.setup import SetupError
from grail.engine.trying import TryError, target, try_entry
from grail.lang import N_, _, language, ngettext
from grail.save import SaveError, save_game
from grail.save.folder import (
    SaveInfo,
    SaveNameError,
    free_name,
    going_on,
    list_saves,
    save_path,
    saves_folder,
)
from grail.save.store import cannot_write_in
from grail.session import Session, open_save
from grail.sim.hints import hint
from grail.words.actions import ASKED_FIRST, action_lines, action_text, malformed, refused
from grail.words.decisions import ending
from grail.words.encounter import encounter_lines
from grail.words.events import story
from grail.words.names import capitalized, full_name, hero_name, mode_name
from grail.words.refusals import setup_words
from grail.words.summary import mode_words, summary
from grail.words.table import event_lines, hero_lines, intro_lines, map_lines, place_lines


def ask(prompt: str) -> str | None:
    """Print ``prompt`` and read one answer; None for ``q`` or at the end of input."""
    print(prompt, flush=True)
    line = sys.stdin.readline()
    return None if not line or line.strip() == "q" else line.strip()


VIEWS: dict[str, tuple[str, Callable[[Game], list[str]]]] = {
    "s": (N_("the summary"), lambda game: summary(game).splitlines()),
    "c": (N_("the characters: meters, Attributes, Skills, Items and Secrets"), hero_lines),
    "e": (N_("the Event of the Day"), event_lines),
    "l": (N_("the Locations where the characters stand"), place_lines),
    "m": (N_("the map around each character, by direction"), map_lines),
    "f": (N_("the fight under way"), lambda game: encounter_lines(game)
          or [_("No Encounter is under way.")]),
    "i": (N_("the campaign's introduction and the characters' letters"),
          lambda game: intro_lines(game.campaign, [hero.id for hero in game.state.heroes])),
    "t": (N_("a tip: the best play found for the hand in a fight"), lambda game: _tip(game)),
    "a": (N_("the actions again"), action_lines),
}
"""The keys that show part of the table in words, and what each shows (its words
translated where they are shown)."""


def _tip(game: Game) -> list[str]:
    found = hint(game)
    return [_("Tip: {hint}.").format(hint=found.text)] if found is not None else \
        [_("No tip now: tips are for the cards of an activation in a fight.")]


def help_lines() -> list[str]:
    """What can be typed at the prompt."""
    return ([_("Type the number of an action, or the first letters of its words (such as "
               "'travel crown'), or an action's JSON. Or one of these keys:")]
            + [_("  {key}: {what}").format(key=key, what=_(what))
               for key, (what, _shows) in VIEWS.items()]
            + [_("  u: undo the last action (back to the last card turned or entry read)"),
               _("  ? or h: this help"), _("  q: quit (the game is saved after every action)")])


def choose(game: Game, answer: str) -> Any:
    """The action an answer names: its number, the first letters of its words, or its
    JSON; else a line saying why none, in words."""
    legal = game.legal_actions()
    if re.fullmatch(r"[+-]?[0-9]+", answer.strip()) or answer.startswith("{"):
        try:
            return typed_action(game, answer)
        except NotAnAction as error:
            if error.malformed is not None:
                return _("{refusal}.").format(refusal=capitalized(malformed(error.malformed)))
            return _("There is no action {number}: choose one from 1 to {last}, or ? for "
                     "help.").format(number=error.number, last=len(legal))
    typed = answer.lower().split()
    texts = [re.findall(r"[\w'-]+", action_text(game, action).lower()) for action in legal]
    found = [index for index, words in enumerate(texts) if _begins_in_order(typed, words)]
    if len(found) == 1:
        return legal[found[0]]
    if found:
        actions = "; ".join(_("{number}. {action}").format(
            number=index + 1, action=action_text(game, legal[index])) for index in found[:6])
        said = _("'{answer}' could be {actions} and more. Type its number.") \
            if len(found) > 6 else _("'{answer}' could be {actions}. Type its number.")
        return said.format(answer=answer, actions=actions)
    return _("Nothing here is '{answer}': type the number of an action from 1 to {last}, or ? "
             "for help.").format(answer=answer, last=len(legal))


def _asked(question: str, *yes: str) -> bool:
    """Whether the player answers one of ``yes`` (an end of input is no)."""
    answer = ask(question)
    return answer is not None and answer.strip().lower() in yes


def _begins_in_order(typed: list[str], words: list[str]) -> bool:
    """Each typed word begins a word of the action's, in the action's order: "pa ker" is
    "Pass: Kerra", never "Kerra Pascoe leaves"."""
    at = 0
    for part in typed:
        at = next((i + 1 for i in range(at, len(words)) if words[i].startswith(part)), -1)
        if at < 0:
            return False
    return True


def play(session: Session) -> int:
    """The play loop: summary, numbered actions, an answer, what happened; the session saves
    after each action and keeps an autosave at each new Day, as the window does. Keys show
    the rest of the table in words (``?`` lists them). During an Encounter the fight is
    shown after every action: the whole Encounter card when it begins, then what changes."""
    print(summary(session.game))
    told_over = session.game.is_terminal()  # the summary said how it ended
    if not told_over:
        print(_("Type ? for help."))
    changed = True
    while True:
        game = session.game
        over = ending(game)
        if over is not None:  # nothing is left to do [DEATH-6] but take back what is fair
            if not told_over:
                print(over)
            if not session.can_undo() or not _asked(_("Type u to take back the last action, "
                                                      "or anything else to quit."), "u"):
                return 0
            try:
                print(_("Undone: {action}").format(action=session.undo()))
            except SaveError as error:  # the save stays as it was: nothing is lost
                print(_("Not undone: {error}. Nothing was lost.").format(error=error))
                return 0
            told_over = False
            continue
        if changed:  # the actions are listed again only when the game moved on
            print()
            print("\n".join(action_lines(game)))
        changed = False
        answer = ask(_("Type a number, t for a tip, or ? for help.")
                     if game.state.encounter is not None and hint(game)
                     else _("Type a number, or ? for help."))
        if answer is None:
            return 0
        if not answer.strip():
            continue
        if answer.lower() in ("?", "h", "help"):
            print("\n".join(help_lines()))
            continue
        if answer.lower() in VIEWS:
            print("\n".join(VIEWS[answer.lower()][1](game)))
            continue
        fighting = game.state.encounter is not None
        try:
            if answer.lower() == "u":
                print(_("Undone: {action}").format(action=session.undo()))
            else:
                chosen = choose(game, answer)
                if isinstance(chosen, str):
                    print(chosen)
                    continue
                if isinstance(chosen, ASKED_FIRST) and not _asked(
                        _("{action}? Type y if you mean it, anything else not to.").format(
                            action=action_text(game, chosen)), "y", "yes"):
                    print(_("Not taken."))
                    continue
                for line in story(game.campaign, session.act(chosen)):
                    print(line)
        except (IllegalAction, UndoError, ContentLoop) as error:
            print(refused(game, error))
            continue
        except SaveError as error:  # the game stays as the save holds it: nothing is lost
            print(_("Not taken: {error}. Nothing was lost; type it again once that is put "
                    "right, or q to quit.").format(error=error))
            continue
        changed = True
        if session.game.state.encounter is not None and session.game.state.chance is None:
            print()  # the fight as it stands, the whole card when it has just begun
            print("\n".join(encounter_lines(session.game, full=not fighting)))


def _menu(folder: Path, pack: str | None, lang: str | None = None) -> Session | None:
    """List the saves in ``folder`` with the checkpoints and autosaves each keeps; the game
    chosen (a checkpoint or autosave goes on as a save of its own), a new game, or None to
    quit; the pack in the language ``lang`` (default: the language grail speaks)."""
    lang = lang or language()
    saves = list_saves(folder)
    print((_("Saves in {folder}:") if saves else _("No saves yet in {folder}.")).format(
        folder=folder))
    campaign = open_pack(pack, lang) if saves else None  # the heroes' names, as the window says them
    for number, info in enumerate(saves, start=1):
        if info.problem:
            print(_("{number}. {name}: unreadable: {problem}").format(
                number=number, name=info.name, problem=info.problem))
            continue
        heroes = ", ".join(hero_name(campaign, hero) for hero in info.heroes)
        said = _("{number}. {title}: {heroes}; day {day}; last played {when}") \
            if info.kind == "save" else _("{number}. {title}: {heroes}; day {day}; kept {when}")
        print(said.format(number=number, title=info.title, heroes=heroes, day=info.day,
                          when=f"{info.played:%Y-%m-%d %H:%M}"))
    print(_("n. Start a new game"))
    print(_("q. Quit"))
    while True:
        answer = ask(_("Type a number from 1 to {last}, n or q.").format(last=len(saves))
                     if saves else _("Type n or q."))
        if answer is None:
            return None
        if answer == "n" and folder.exists() and not os.access(folder, os.W_OK):
            print(_("No new game can be saved in {folder}: {why}. Go on with a save, or start "
                    "grail text with --saves FOLDER.").format(folder=folder,
                                                              why=cannot_write_in(folder)))
            continue  # said before the questions, not after them
        if answer == "n":
            path = _new_game(folder, pack, lang)
            return None if path is None else open_session(str(path), lang)
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(saves):
            info = saves[int(answer) - 1]
            if info.problem:
                print(_("{name} cannot be opened: {why}.").format(name=info.name,
                                                                  why=info.problem))
                continue
            return _chosen(info, pack, lang)
        print(_("There is no choice {answer}.").format(answer=repr(answer)))


def _chosen(info: SaveInfo, pack: str | None, lang: str | None = None) -> Session:
    """The game of a row of the menu: a save, or a checkpoint or autosave going on as a save
    of its own; its pack in the language ``lang`` (default: the language grail speaks)."""
    if info.kind == "save":
        return open_session(str(info.path), lang)
    try:
        session = open_save(info.path, pack, info.mark, lang)
        target = going_on(info)
        session.save(target)
    except SaveError as error:
        raise CommandError(str(error)) from None
    said = _("The autosave goes on as the save '{save}'; '{name}' stays as it was.") \
        if info.kind == "autosave" else \
        _("The checkpoint goes on as the save '{save}'; '{name}' stays as it was.")
    print(said.format(save=target.stem, name=info.name))
    return session


def _new_game(folder: Path, pack: str | None, lang: str | None = None) -> Path | None:
    """Ask for heroes, mode, seed and a save name; set the game up and save it; the pack in
    the language ``lang`` (default: the language grail speaks)."""
    campaign = open_pack(pack, lang or language())
    heroes = sorted(campaign.hero)
    fewest, most = campaign.manifest.players
    most = min(most, len(heroes))
    how_many = ngettext("{count} hero", "{count} heroes", fewest).format(count=fewest) \
        if fewest == most else _("{fewest} to {most} heroes").format(fewest=fewest, most=most)
    print(_("New game of {campaign}; q at any question quits. Heroes:").format(
        campaign=campaign.manifest.name))
    for number, hero_id in enumerate(heroes, start=1):
        print(_("{number}. {name}").format(number=number, name=campaign.hero[hero_id].name))
    while True:
        answer = ask(_("Choose {how_many}: type their numbers separated by spaces.").format(
            how_many=how_many))
        if answer is None:
            return None
        words = answer.replace(",", " ").split()
        if all(word.isascii() and word.isdigit() and 1 <= int(word) <= len(heroes)
               for word in words) \
                and fewest <= len(set(words)) == len(words) <= most:
            chosen = [heroes[int(word) - 1] for word in words]
            break
        print(_("Choose {how_many}: different numbers from 1 to {last}.").format(
            how_many=how_many, last=len(heroes)))
    modes = ", ".join(_("{number}. {mode}").format(number=n, mode=mode_name(mode))
                      for n, mode in enumerate(MODES, start=1))
    while True:
        answer = ask(_("Mode: {modes}. Type a number, or nothing for normal.").format(
            modes=modes))
        if answer is None:
            return None
        if answer in ("", "1", "2", "3"):
            mode = MODES[int(answer or "2") - 1]
            break
        print(_("Type 1, 2 or 3."))
    while True:
        answer = ask(_("Playing with the physical box, the table entering every draw and roll "
                       "(a companion game)? Type y or n, or nothing for n."))
        if answer is None:
            return None
        if answer.lower() in ("", "y", "n", "yes", "no"):
            companion = answer.lower() in ("y", "yes")
            break
        print(_("Type y or n."))
    while not companion:
        answer = ask(_("Seed: type a whole number, or nothing for a random one."))
        if answer is None:
            return None
        if answer == "" or (answer.isascii() and answer.isdigit()):
            seed = int(answer) if answer else random.SystemRandom().randrange(1, 1_000_000)
            break
        print(_("Type digits only."))
    if companion:
        seed = 0  # the table answers every chance point: the generator is never asked
    try:
        game = Game.new(campaign, chosen, seed, mode, companion=companion)
    except SetupError as error:
        raise CommandError(setup_words(campaign, error)) from None
    game.setup["pack"] = str(Path(pack).resolve()) if pack else None
    path = _ask_name(folder)
    if path is None:
        return None
    save_game(game, path)
    playing = ", ".join(full_name(campaign, hero) for hero in chosen)
    said = _("New game saved as {save} in {folder}: {heroes}, a companion game, {mode}.") \
        if companion else _("New game saved as {save} in {folder}: {heroes}, seed {seed}, {mode}.")
    print(said.format(save=path.stem, folder=folder, heroes=playing, seed=seed,
                      mode=mode_words(game.state)))
    return path


def _ask_name(folder: Path) -> Path | None:
    """A save name confined to ``folder``, not yet used."""
    default = free_name(folder)
    while True:
        answer = ask(_("Save name: letters, digits and spaces; nothing for {name}.").format(
            name=repr(default)))
        if answer is None:
            return None
        try:
            path = save_path(folder, answer or default)
        except SaveNameError as error:
            print(_("{refusal}.").format(refusal=error))
            continue
        if path.exists():
            print(_("A save named {name} exists; choose another name.").format(
                name=repr(path.stem)))
            continue
        return path


def tried(args: argparse.Namespace, lang: str | None = None) -> tuple[Game, list[str]]:
    """A throwaway game that starts reading the entry ``--at`` asks for (``--hero``,
    ``--seed``, ``--pack``), its pack in the language ``lang`` (default: the language grail
    speaks), and what to say of it: where it stands, then what happened."""
    campaign = open_pack(args.pack, lang or language())
    heroes = sorted(campaign.heroes, key=lambda hero: hero.number)
    hero = args.hero or heroes[0].id
    if hero not in campaign.hero:
        raise unknown_hero(campaign, hero)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    try:
        entry, location = target(campaign, args.at)
        game, events = try_entry(campaign, hero, args.at, seed)
    except TryError as error:
        raise CommandError(str(error)) from None
    game.setup["pack"] = str(Path(args.pack).resolve()) if args.pack else None
    told = [_("Trying entry {entry} at {number} {place} with {hero}, seed {seed}. This game "
              "is not kept.").format(entry=entry, number=location,
                                     place=campaign.location[location].name,
                                     hero=full_name(campaign, hero), seed=seed)]
    return game, told + story(campaign, events)


def _try(args: argparse.Namespace) -> int:
    """Play a throwaway game that starts reading the entry asked for."""
    if args.save is not None:
        raise CommandError(_("--at starts a throwaway game: give no save file with it"), 2)
    game, said = tried(args)
    for line in said:
        print(line)
    return play(Session(game, None))  # not kept: nothing is written


def cmd_text(args: argparse.Namespace) -> int:
    """Play a save, pick one (or a new game) from the save folder's menu, or try an entry."""
    if args.at is not None:
        return _try(args)
    if args.hero is not None or args.seed is not None:
        raise CommandError(_("--hero and --seed go with --at"), 2)
    if args.save is not None:
        path = Path(args.save)
    else:
        if args.pack is not None:
            open_pack(args.pack, language())  # a pack that does not load is refused before the menu
        chosen = _menu(saves_folder(args.saves), args.pack)
        return 0 if chosen is None else play(chosen)
    return play(open_session(str(path)))


def add_text_command(commands: Any) -> None:
    """Add ``grail text`` to the ``grail`` parser."""
    text = commands.add_parser("text", help=_("play in the terminal, in plain text"))
    text.add_argument("save", nargs="?", help=_("a save file (default: a menu of the save folder)"))
    text.add_argument("--saves", metavar="DIR", help=_(
        "the save folder (default: GRAIL_SAVES, else saves/ in a checkout, else the user's "
        "data folder)"))
    text.add_argument("--pack", help=_(
        "pack folder for a new game (default: the bundled campaign)"))
    text.add_argument("--at", metavar="ENTRY", help=_(
        "try a journal entry (or a Location number: its explore entry) in a throwaway game, "
        "standing where it belongs"))
    text.add_argument("--hero", help=_(
        "with --at: the hero (default: the lowest character number)"))
    text.add_argument("--seed", type=seed_number, help=_(
        "with --at: the random seed (default: a random one)"))
    text.set_defaults(run=cmd_text)
