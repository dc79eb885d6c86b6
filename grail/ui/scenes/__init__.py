"""The window's scenes: the title and its menus, and the views of a game in progress (the
map, the journal, an Encounter, the End of Day, the table's answer in a companion game),
each a :class:`.game.GameScene` over the shared banner, actions and log."""
