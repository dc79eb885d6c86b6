"""The rules engine: pure Python, no I/O, no pygame. State + action -> events."""


def compiled() -> bool:
    """Whether mypyc compiled this engine (``GRAIL_COMPILE=1``: the README's Set-up), not
    plain Python."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from . import game

    return (game.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
