"""The engine's own random generator: PCG32 (O'Neill, 2014), its state kept in the game state.

The standard library promises only ``random()`` itself to be stable across Python versions,
not ``shuffle`` or ``randrange``; this generator and its bounded draw are ours, so the same
seed gives the same game on any Python and any hash seed (docs/architecture.md, determinism).

>>> rng = Rng.seeded(42)
>>> [rng.below(6) for _ in range(5)]
[3, 3, 2, 1, 1]
"""

from collections.abc import Sequence
from typing import TypeVar

from .plain import Plain, part

T = TypeVar("T")

_MULTIPLIER = 6364136223846793005
_MASK64 = (1 << 64) - 1


@part
class Rng(Plain):
    """PCG32 (XSH RR): 64-bit state, odd increment, 32-bit outputs."""

    state: int
    """The 64-bit state."""
    inc: int
    """The odd 64-bit increment (the stream)."""

    @classmethod
    def seeded(cls, seed: int, stream: int = 54) -> "Rng":
        """The generator PCG's reference implementation makes from ``seed`` and ``stream``."""
        rng = cls(state=0, inc=((stream << 1) | 1) & _MASK64)
        rng.next32()
        rng.state = (rng.state + seed) & _MASK64
        rng.next32()
        return rng

    def next32(self) -> int:
        """The next 32-bit output."""
        old = self.state
        self.state = (old * _MULTIPLIER + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``, without modulo bias (PCG's bounded draw)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        threshold = (1 << 32) % bound
        while True:
            value = self.next32()
            if value >= threshold:
                return value % bound

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, uniformly."""
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of ``items``."""
        result = list(items)
        for index in range(len(result) - 1, 0, -1):
            other = self.below(index + 1)
            result[index], result[other] = result[other], result[index]
        return result
