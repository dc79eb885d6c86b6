"""Encounters: Combat and Diplomacy played card by card (the rulebook's card anatomy, Combat and Diplomacy).

- :mod:`.sequence`: key matching, shared by both (pure functions);
- :mod:`.hands`: decks, hands and discards;
- :mod:`.play`: placing a card; :mod:`.abilities`: Abilities, Time tokens, Charges;
- :mod:`.effects`: the pool, the Affinity marker, draws and discards;
- :mod:`.combat`, :mod:`.diplomacy`: what differs between the two;
- :mod:`.start`, :mod:`.turn`, :mod:`.leaving`, :mod:`.ending`: the order of an Encounter;
- :mod:`.decisions`: the actions each waiting step allows.

An Encounter is data in the state (``state.encounter``): the step it stands at, the hands,
the Sequence, the pool or the marker. ``Game`` asks :func:`.turn.advance` to run it to the
next decision, resolves the effects it pushes as frames, and lists :func:`.decisions.legal`.
"""
