"""What a long command says on stderr while it works: that a first run compiles (before a
silent wait), and the progress line.

The progress line is for whoever watches: on a terminal it is one line rewritten in place
(`\\r`); written to a file or a pipe (a log, `2> run.log`) it is a plain line every
`ProgressLine.EVERY` seconds and one at the end, so that a log holds a line every ten
seconds, not one line of thousands of `\\r` updates.
"""
import sys
import time


def is_terminal(stream):
    """Does `stream` write to a terminal? (False for a file, a pipe, a closed stream.)"""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def say_compiling(what, how_long, stream=None):
    """The line before a cold compile's silent wait: "compiling WHAT (first run only:
    HOW_LONG)"."""
    print(f"compiling {what} (first run only: {how_long})", file=stream or sys.stderr,
          flush=True)


class ProgressLine:
    """`show(text)` as often as there is news, `end()` once (a stop too). On a terminal each
    text replaces the last one in place and `end()` ends the line; elsewhere a text is
    written as a line of its own when `every` seconds have passed since the start or the
    last line, and `end()` writes the last text if it was not written."""
    EVERY = 10.0

    def __init__(self, stream=None, every=EVERY, clock=time.monotonic):
        self.stream = stream or sys.stderr
        self.tty = is_terminal(self.stream)
        self.every = every
        self.clock = clock
        self.last = clock()             # the start, then the last plain line's time
        self.text = None                # the last text shown
        self.written = True             # (not a terminal) the last text has its line
        self.width = 0                  # (a terminal) the width of the line in place

    def show(self, text):
        self.text = text
        if self.tty:
            # a shorter text blanks what is left of the longer one before it
            print("\r" + text.ljust(self.width), end="", file=self.stream, flush=True)
            self.width = len(text)
            return
        self.written = False
        now = self.clock()
        if now - self.last >= self.every:
            self._line(now)

    def end(self):
        if self.tty:
            if self.width:
                print(file=self.stream, flush=True)
                self.width = 0
        elif not self.written:
            self._line(self.clock())

    def _line(self, now):
        print(self.text, file=self.stream, flush=True)
        self.last = now
        self.written = True
