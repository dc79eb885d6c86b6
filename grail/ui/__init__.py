"""The Pygame front end: scenes, widgets and drawing. It reads the engine's state and content
and sends actions; it never decides a rule itself.

Today it holds the map drawing (``mapdraw.py``) that ``grail map`` uses headless.
"""
