"""Everything a player reads, in words: names, actions, events, encounter lines, summaries.
No pygame and no I/O: the terminal and the window both speak through it."""
