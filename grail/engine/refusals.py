"""Refusals: why the rules do not allow an action now, as a value naming the rule it breaks,
a code for what is wrong and the fields its words need (grail/words/refusals.py has words
for every code, tests/test_words.py).

>>> Refusal("DAY-3", "cannot_act_now", {"hero": "wren", "waiting": ["yew"]}).rule
'DAY-3'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Code = Literal[
    # an Encounter's steps [ENC-2], [COMBAT-1]..[COMBAT-22], [DIPLO-2], [DIPLO-14], [ITEM-3]
    "avoid_only_at_start", "set_aside_only_at_start", "avoid_needs", "confirm_items",
    "mulligan_or_keep", "choose_approach", "choose_active", "only_the_active_acts",
    "charges_covered", "escape_once", "panic_plays_top", "encounter_under_way",
    "panic_top_card", "swift", "panic_draw_top", "not_in_hand", "magic_key", "no_continue",
    # teams [TEAM-1]..[TEAM-6], [ACT-CHAR-2], [ACT-MENHIR-1], [ACT-LOC-3]
    "join_character_action", "join_closed", "proposer_stays", "leave_while_paying",
    "not_in_team", "only_proposer", "action_begun", "character_action_unpaid",
    "menhir_unmet", "team_cannot_pay", "team_still_forming", "pay_character_action",
    "pay_option", "pay_share", "team_forming", "no_team",
    # the Day [DAY-1]..[DAY-5], [ACT-*], [MAP-4], [ITEM-1], [ITEM-2], [PLAYERS-1], [DEATH-*]
    "guardian_order", "guardian_order_only", "no_encounter", "face_up_when", "story_mode_only",
    "players_at_day_start", "nobody_died", "no_decision_asked", "no_item_here",
    "not_a_card_in_use", "use_not_now", "no_such_hero", "cannot_act_now", "costs_energy",
    "not_on_the_map", "not_connected", "location_action_closed", "character_action_closed",
    "menhir_closed", "not_a_day_action",
    # what an effect asked [ATTR-5], [MAP-9], [COMBAT-15], [MODE-CHALLENGE-10]
    "keep_skill_first", "choose_destination_first", "discard_first", "item_cap_first",
    "choose_in_use_first", "after_a_death_first",
    # trading [TEAM-5], [RES-2], [ITEM-5], [SECRET-6], [MODE-CHALLENGE-9]
    "trade_over_cap", "trade_item_cap", "trade_one_at_a_time", "trade_not_together",
    "trade_nothing_to_give", "trade_not_held", "trade_personal", "trade_when",
    "trade_in_an_action",
    # the table, Mercy, the End of Day, the journal, deck building, dying
    "table_answers_first", "no_chance_point", "mercy_first", "no_mercy", "keep_upgrade_first",
    "day_actions_over", "rests_now", "end_of_day_order", "option_closed", "choose_first",
    "share_not_waiting", "deck_building_turn", "dying_forbids", "campaign_over",
]
"""Every kind of refusal the engine gives."""


@dataclass(frozen=True)
class Refusal:
    """Why an action is not allowed now: the rule it breaks, what is wrong, and the ids and
    numbers the words need."""

    rule: str
    code: Code
    fields: dict[str, Any] = field(default_factory=dict)
