"""A run cut into tasks: blocks of consecutive seeds (each played under every variant), their sizes, and what a
task sends back (:class:`Chunk`).

Chunks are small: unless ``chunk`` is given, a chunk starts at one seed and grows to about a quarter of a second
of play (measured), so a cancelled run waits at most for the few chunks that are running and keeps every game
that finished. Chunks are made lazily (:class:`_Tasks`): nothing grows with ``n``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .results import GameRecord


@dataclass
class Chunk:
    """What one task sends back: the records of its games (every variant of each of its seeds), the seconds it
    played, and the ``(seed, variant)`` of its *shared* records: the game of their seed under the first variant
    never read an option in which their variant differs, so that game's record is theirs (see
    :func:`play_seeds`)."""

    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0
    shared: list[tuple[int, int]] = field(default_factory=list)


#: target seconds of play per task when the chunk size is automatic
CHUNK_SECONDS = 0.25
#: the largest automatic chunk
MAX_CHUNK = 500
#: names accepted for ``executor``
EXECUTORS = ("serial", "process", "thread")


def _chunk_size(n: int, n_variants: int, workers: int) -> int:
    """The most seeds an automatic task plays (each under every variant): about 8 tasks per worker in all, at
    least 1, at most ``MAX_CHUNK`` games."""
    cap = max(1, MAX_CHUNK // max(1, n_variants))
    return max(1, min(cap, math.ceil(n / max(1, workers * 8))))


class _Tasks:
    """The tasks of a run, made lazily: ``(first_seed, count)``, blocks of consecutive seeds, each played under
    every variant (:func:`play_seeds`). ``size`` may change between blocks (automatic chunks grow with measured
    speed), so nothing here grows with ``n``."""

    def __init__(self, seed: int, n: int, size: int, cap: int, fixed: bool, spread: int = 1) -> None:
        self.next_seed = seed
        self.end = seed + n
        self.size = size
        self.cap = cap
        self.fixed = fixed
        #: automatic tasks near the end are at most 1/spread of the seeds left (2 per worker): the workers then
        #: finish together instead of one of them playing a whole last task alone
        self.spread = max(1, spread)

    def __iter__(self) -> _Tasks:
        return self

    def __next__(self) -> tuple[int, int]:
        s = self.next_seed
        if s >= self.end:
            raise StopIteration
        left = self.end - s
        c = min(self.size, left if self.fixed else max(1, -(-left // self.spread)))
        self.next_seed = s + c
        return s, c

    def learn(self, seeds: int, seconds: float) -> None:
        """Grow (or shrink) automatic chunks towards ``CHUNK_SECONDS`` of play per task."""
        if self.fixed or seeds <= 0:
            return
        per_seed = max(seconds / seeds, 1e-6)
        self.size = max(1, min(self.cap, int(CHUNK_SECONDS / per_seed)))
