"""The command line: ``grail validate``, ``new``, ``act``, ``text``, ``play`` and the rest;
``main`` is the ``grail`` command."""

from .main import LISTABLE, main

__all__ = ["LISTABLE", "main"]
