"""Why did ``jit`` trace again? The reasons ``jax_explain_cache_misses`` logs, collected as strings.

With ``jax.config.update("jax_explain_cache_misses", True)`` JAX logs a warning for every trace
that missed the cache, saying why. Each message starts with the file and line of the call and may
name object ids, which differ from run to run. :func:`cache_miss_reasons` turns the option on for
a ``with`` block and collects the reasons without those parts, so that a lesson prints the same
lines on every run; ``reasons.messages`` keeps each whole message, with only the ids removed::

    with cache_miss_reasons() as reasons:
        f = jax.jit(lambda x: 2 * x)
        f(jnp.arange(3))
        f(jnp.arange(3.0))
    print(reasons)  # ['never seen function: <lambda>', '... different input types: ...']
    print(reasons.messages[1])  # 'TRACING CACHE MISS at <file>:4 (<module>):\n  for <lambda> ...'
    print(reasons.why[1])  # 'different input types: * at x, now f32[3] and before i32[3]'
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterator

import jax

_ID = re.compile(r" id=\d+")
_CLOSEST = "For the closest previous key: "


class CacheMisses(list[str]):
    """One reason per trace that missed the cache; ``messages``: each whole logged message, ids removed."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []

    @property
    def why(self) -> list[str]:
        """Each reason without the function's name and place: only what differed from the closest key."""
        return [reason.split(_CLOSEST)[-1] for reason in self]


class _KeepReasons(logging.Handler):
    def __init__(self, reasons: CacheMisses):
        super().__init__()
        self.reasons = reasons

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        lines = message.splitlines()[1:]  # line 0 names the calling file and line
        if lines:
            self.reasons.append(" ".join(line.split(" id=")[0].strip() for line in lines))
            self.reasons.messages.append(_ID.sub("", message))


@contextlib.contextmanager
def cache_miss_reasons() -> Iterator[CacheMisses]:
    """Turn ``jax_explain_cache_misses`` on inside the block; yield the list its reasons go to."""
    reasons = CacheMisses()
    logger, handler = logging.getLogger("jax"), _KeepReasons(reasons)
    before = jax.config.jax_explain_cache_misses
    logger.addHandler(handler)
    jax.config.update("jax_explain_cache_misses", True)
    try:
        yield reasons
    finally:
        jax.config.update("jax_explain_cache_misses", before)
        logger.removeHandler(handler)


__all__ = ["CacheMisses", "cache_miss_reasons"]
