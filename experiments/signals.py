"""Stopping a long run on SIGINT (Ctrl-C) or SIGTERM without losing what it finished.

`playtest` (experiments/cli.py: run) turns both signals into a `Stopped` exception in the
main thread, so that the run's `finally` blocks close its output file: SIGTERM's default
action killed the process and left a Parquet file without its footer, unreadable. Writing a
finished batch is `held()`: a signal that arrives meanwhile waits until the batch is written
whole (a CSV cut in a row, a batch on disk but not counted). An output that cannot be
written during the run stops it the same way (`OutputFailed`, experiments/paths.py): `STOPS`
are both, each carrying what the run finished.
"""
import signal
from contextlib import contextmanager

from experiments.paths import OutputFailed

SIGNALS = (signal.SIGINT, signal.SIGTERM)
_held = 0
_pending = None


class Stopped(KeyboardInterrupt):
    """A run stopped by a signal. `results`: what it finished (a DataFrame) when the run
    could keep it. A KeyboardInterrupt, so that code which stops on Ctrl-C stops on it."""

    def __init__(self, signum=signal.SIGINT, results=None):
        super().__init__(signum)
        self.signum = int(signum)
        self.results = results

    def keeping(self, results):
        """This stop, carrying `results`."""
        return type(self)(self.signum, results)

    @property
    def name(self):
        return signal.Signals(self.signum).name

    @property
    def status(self):
        """The exit status of a process a signal ended: 128 + its number (130, 143)."""
        return 128 + self.signum


# a run that ends before its last chunk, keeping what it finished (`results`, `keeping`)
STOPS = (Stopped, OutputFailed)


def _raise(signum, frame):
    global _pending
    if _held:
        _pending = signum
        return
    raise Stopped(signum)


@contextmanager
def stop_on_signals():
    """SIGINT and SIGTERM raise `Stopped` in the main thread while the block runs (the
    previous handlers are restored after it). Elsewhere than in the main thread, nothing."""
    try:
        old = [(s, signal.signal(s, _raise)) for s in SIGNALS]
    except ValueError:                      # not the main thread: signals are not ours
        old = []
    try:
        yield
    finally:
        for s, h in old:
            signal.signal(s, h)


@contextmanager
def held(drop=False):
    """A signal arriving in the block is raised (as `Stopped`) once the block is done;
    with `drop`, it is dropped (the run is stopping already)."""
    global _held, _pending
    _held += 1
    try:
        yield
    finally:
        _held -= 1
        if _held == 0 and _pending is not None:
            signum, _pending = _pending, None
            if not drop:
                raise Stopped(signum)
