"""Checksums of save files, as each format computes them.

Format 1 hashed the body re-serialized as ``json.dumps(body, sort_keys=True)``: checking
it meant serializing the whole save a second time, on writing and on reading. From
format 2 the body is hashed as the bytes written, and the checksum is sealed on as the
file's last member: ``{...body...,"checksum":"<SHA-256 of the body's bytes>"}``, where
the body's bytes are the file's without that member. A save that was re-indented or
edited by hand no longer matches.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

Body = dict[str, Any]
_SEAL = re.compile(rb',"checksum":"([0-9a-f]{64})"\}\Z')


def canonical_checksum(body: Body) -> str:
    """Format 1's checksum: SHA-256 of ``json.dumps(body, sort_keys=True)``."""
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def _canonical_intact(raw: bytes, data: Body) -> bool:
    body = {key: value for key, value in data.items() if key != "checksum"}
    return bool(data["checksum"] == canonical_checksum(body))


def seal(body: bytes) -> bytes:
    """A JSON object's bytes with its checksum added as the last member (format 2 on)."""
    return body[:-1] + b',"checksum":"' + hashlib.sha256(body).hexdigest().encode() + b'"}'


def unsealed(raw: bytes) -> bytes | None:
    """The body's bytes of a sealed save if its checksum matches them, else None."""
    found = _SEAL.search(raw, max(0, len(raw) - 90))
    if found is None:
        return None
    body = raw[:found.start()] + b"}"
    return body if hashlib.sha256(body).hexdigest() == found.group(1).decode() else None


def _sealed_intact(raw: bytes, data: Body) -> bool:
    return unsealed(raw) is not None


INTACT: dict[int, Callable[[bytes, Body], bool]] = {1: _canonical_intact, 2: _sealed_intact}
"""How each format checks its checksum; a format not listed checks it as the one before."""


def intact(raw: bytes, data: Body) -> bool:
    """The save's checksum matches, as its format computed it."""
    return INTACT[max(known for known in INTACT if known <= data["format"])](raw, data)
