"""The content model, the effect and condition language, and pack loading.

>>> from grail.content import load_pack, bundled_pack
>>> load_pack(bundled_pack()).manifest.start
101

The loader's names are imported when first used: a start that reads its pack from the
content cache never checks one, and spares importing the checks, YAML and the error
locator (some 70 ms).
"""

from typing import TYPE_CHECKING, Any

from .folder import bundled_pack
from .pack import KINDS, Campaign, Kind
from .problems import PackError, Problem

if TYPE_CHECKING:
    from .loader import PackReport, check_pack, load_pack

__all__ = [
    "KINDS", "Campaign", "Kind", "PackError", "PackReport", "Problem",
    "bundled_pack", "check_pack", "load_pack",
]

_LOADER = ("PackReport", "check_pack", "load_pack")


def __getattr__(name: str) -> Any:
    """A name of the loader's, importing the loader the first time one is asked for."""
    if name in _LOADER:
        from . import loader

        return getattr(loader, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
