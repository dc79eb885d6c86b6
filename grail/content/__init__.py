"""The content model, the effect and condition language, and pack loading.

>>> from grail.content import load_pack, bundled_pack
>>> load_pack(bundled_pack()).manifest.start
101
"""

from .loader import PackReport, bundled_pack, check_pack, load_pack
from .pack import KINDS, Campaign, Kind
from .problems import PackError, Problem

__all__ = [
    "KINDS", "Campaign", "Kind", "PackError", "PackReport", "Problem",
    "bundled_pack", "check_pack", "load_pack",
]
