"""The rules engine: pure Python, no I/O, no pygame. State + action -> events."""
