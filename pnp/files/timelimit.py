"""A hard time limit for work that may wait or loop where no timeout reaches it: a download whose
server asks for a long pause or drips its headers, a designer's template that loops for ever.

The alarm interrupts whatever the block is waiting on or computing in Python. It needs the main
thread (where the CLI runs and where build workers run their games); elsewhere the block runs
without it, and the callers' own limits (per-read timeouts, loop caps) still hold.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import NoReturn


class TimeLimitExceeded(BaseException):
    """A BaseException, so no library between the alarm and the caller swallows it."""


@contextlib.contextmanager
def time_limit(seconds: float, *, cpu: bool = False) -> Iterator[None]:
    """`seconds` of waiting (a download), or with `cpu` of this process's own work (a template:
    the same on an idle core as on a busy one, so validate and build agree on the same data)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(signum: int, frame: FrameType | None) -> NoReturn:
        raise TimeLimitExceeded()

    timer, signum = (signal.ITIMER_PROF, signal.SIGPROF) if cpu else (signal.ITIMER_REAL, signal.SIGALRM)
    previous = signal.signal(signum, expired)
    remaining, _ = signal.setitimer(timer, max(seconds, 0.001))
    try:
        yield
    finally:
        signal.setitimer(timer, 0)
        signal.signal(signum, previous)
        if remaining:  # an outer limit was running: let it go on
            signal.setitimer(timer, remaining)
