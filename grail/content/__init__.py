"""The content model, the effect and condition language, and pack loading.

>>> from grail.content import load_pack, bundled_pack   # doctest: +SKIP
>>> campaign = load_pack(bundled_pack())                # doctest: +SKIP
"""

from .loader import PackReport, bundled_pack, check_pack, load_pack
from .pack import KINDS, Campaign, Kind
from .problems import PackError, Problem

__all__ = [
    "KINDS", "Campaign", "Kind", "PackError", "PackReport", "Problem",
    "bundled_pack", "check_pack", "load_pack",
]
