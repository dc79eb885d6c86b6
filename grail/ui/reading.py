"""What the journal view reads out of the state: the passage being resolved (a journal
entry, or an Event, a Secret, a card's use...) with its title and text, the options of the
choice waiting with their costs, and the passages of a reading kept as a story.

Nothing here decides anything: which options are open, and why the others are not, is the
engine's answer (``Game.legal_actions``, ``journal.closed_options``).

>>> from grail.content import load_pack, bundled_pack
>>> from grail.engine.trying import try_entry
>>> game, _events = try_entry(load_pack(bundled_pack()), "tamsin", "103", seed=3)
>>> passage = current_passage(game)
>>> passage.title, passage.where
('The Charcoal Clamp', 'Journal 103 \u00b7 103 Kestle Wood')
>>> [(option.index, option.open, option.why) for option in options(game)][:2]
[(0, False, 'it costs 2 Wealth'), (1, True, '')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grail.content import Campaign
from grail.engine.actions import Choose
from grail.engine.chance import ChanceMismatch
from grail.engine.frames import ENCOUNTER_SOURCES
from grail.engine.game import Game, IllegalAction
from grail.engine.items import card_name, uses_of
from grail.engine.journal import effects_of, pending_choice
from grail.engine.state import Frame, GameState
from grail.lang import _
from grail.words.actions import closed_choices, option_cost
from grail.words.effects import effects_words, leads_to
from grail.words.names import place_name


@dataclass(frozen=True)
class Passage:
    """A text the players read: its address (``entry:101``, ``event:ev-x``...), title and
    text."""

    key: str
    title: str
    text: str
    where: str = ""
    """Where it is written (a journal entry's number and Location)."""


@dataclass(frozen=True)
class Option:
    """An option of the waiting choice: its text, its cost in words, and either the
    ``Choose`` action that takes it or why it is not open."""

    index: int
    text: str
    cost: str
    action: Choose | None
    why: str
    leads: str = ""
    """Where it leads, where the content says (an Encounter, another entry, the end)."""

    @property
    def open(self) -> bool:
        return self.action is not None


def entry_passage(campaign: Campaign, entry_id: str) -> Passage:
    """A journal entry: its title (else its Location's name), its text, and where it is
    written: its number and its section's Location."""
    entry = campaign.entry[entry_id]
    section = next((s for s in campaign.journal if entry_id in s.entries), None)
    place = place_name(campaign, section.location) if section is not None \
        and section.location is not None else ""
    where = (_("Journal {entry} \u00b7 {place}") if place else _("Journal {entry}")).format(
        entry=entry_id, place=place)
    return Passage(f"entry:{entry_id}",
                   entry.title or place or _("Entry {entry}").format(entry=entry_id),
                   entry.text, where)


def passage_of(campaign: Campaign, frame: Frame) -> Passage:
    """The text a frame resolves: an entry, an Event, a Secret, a card's use, an action."""
    source, key = frame.source, frame.key
    address = f"{source}:{key}"
    if source == "entry":
        return entry_passage(campaign, key)
    if source == "event" and key in campaign.event:
        event = campaign.event[key]
        return Passage(address, _("Event: {title}").format(title=event.title), event.text)
    if source in ("secret", "secret_dial", "challenge_secret") and int(key) in campaign.secret:
        secret = campaign.secret[int(key)]
        return Passage(address, _("Secret {number}: {name}").format(number=key, name=secret.name),
                       secret.text)
    if source == "card_use":
        card, index = key.rsplit("/", 1)
        use = uses_of(campaign, card)[int(index)]
        return Passage(address, _("{card}: {use}").format(card=card_name(campaign, card),
                                                          use=use.name), use.text or "")
    if source == "quest" and key in campaign.quest:
        quest = campaign.quest[key]
        return Passage(address, _("Quest completed: {name}").format(name=quest.name), quest.text)
    if source == "character_action" and key in campaign.hero:
        action = campaign.hero[key].action
        return Passage(address, _("Character action: {name}").format(name=action.name),
                       action.text or "")
    if source in ("location_action", "menhir", "immediate") and key.isdigit():
        location = campaign.location[int(key)]
        place = place_name(campaign, location.number)
        if source == "location_action" and location.action is not None:
            return Passage(address, _("{place}: {action}").format(
                place=place, action=location.action.name), location.action.text or "")
        if source == "menhir" and location.menhir is not None:
            return Passage(address, _("{place}: the Menhir").format(place=place),
                           location.menhir.text or "")
        return Passage(address, _("{place}: on entering").format(place=place), "")
    if source in ENCOUNTER_SOURCES:
        name = key.split("/")[0]
        encounter = campaign.encounter.get(name)
        return Passage(address, _("Encounter: {name}").format(
            name=encounter.name if encounter else name), "")
    return Passage(address, f"{source.replace('_', ' ').capitalize()} {key}", "")


def read_so_far(game: Game, before: tuple[int, GameState] | None = None) -> list[str]:
    """The journal entries read since the reading under way began, oldest first, so that a
    save opened in the middle of an entry shows all of it, not only its last part (a
    ``goto`` replaces the frame it leaves). Plays the log again, only when a game opens
    mid-reading: from ``before``, a snapshot of the game taken while nothing was being read
    (the length of the log then, and the state), when one is given and leads to this
    game; else from the setup."""
    read: list[str] = []

    def heard(again: Game, events: list[Any]) -> None:
        if not again.state.frames:
            read.clear()
            return
        read.extend(event.entry for event in events if event.type == "entry_read")

    if not game.state.frames:
        return []
    if before is not None and not before[1].frames:
        try:
            again = Game.resume(game.campaign, game.setup, game.log, *before, heard=heard)
            if again.state_hash() == game.state_hash():
                return read
        except (IllegalAction, ChanceMismatch):  # a snapshot of another history
            pass
        read.clear()
    Game.replay(game.campaign, game.setup, game.log, heard)
    return read


def current_passage(game: Game) -> Passage | None:
    """The passage being resolved now (the top frame's), if any."""
    frames = game.state.frames
    return passage_of(game.campaign, frames[-1]) if frames else None


def options(game: Game) -> list[Option]:
    """Every option of the waiting choice, open (with the legal ``Choose``) or not (with the
    engine's reason), in the entry's order."""
    campaign, state = game.campaign, game.state
    choice = pending_choice(campaign, state)
    if choice is None:
        return []
    legal = {action.option: action for action in game.legal_actions() if isinstance(action, Choose)}
    closed = {index: why for index, _text, why in closed_choices(game)}
    found = []
    for index, option in enumerate(choice.choose):
        why = closed.get(index, "" if index in legal else _("not open now"))
        found.append(Option(index, option.text, option_cost(game, option), legal.get(index), why,
                            leads_to(campaign, state, option.effects)))
    return found


def chosen(game: Game, action: Any) -> str | None:
    """The text of the option a ``Choose`` takes, while its choice waits."""
    if not isinstance(action, Choose):
        return None
    choice = pending_choice(game.campaign, game.state)
    return choice.choose[action.option].text if choice is not None else None


def shared(game: Game) -> str:
    """The gain or loss the team splits now, in words (empty when none waits)."""
    frames = game.state.frames
    if not frames:
        return ""
    frame = frames[-1]
    current = effects_of(game.campaign, frame)
    if frame.index >= len(current):
        return ""
    return effects_words(game.campaign, game.state, [current[frame.index]])
