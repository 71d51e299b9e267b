"""Output files and folders: checked before a long run starts, so that a path that cannot be
written is one line before the first game (pandas, pyarrow and matplotlib refused a missing
or read-only folder only when they wrote, after the whole run, with a traceback); and a
write that fails anyway later (a disk full, a folder removed during the run) is one line too,
`OutputFailed`, the run's finished results kept (experiments/cli.py prints them as after a
stop)."""
import errno
import os
import tempfile
from contextlib import contextmanager

from simcore.errors import PlaytestError


def _reason(e):
    """An OSError's reason in a few words ("Permission denied"), on one line."""
    return " ".join(str(getattr(e, "strerror", None) or e).split())


def check_output_path(path, flag, suffixes):
    """`path` ends in one of `suffixes`, is not a folder, its folder exists, and the file can
    be created (a probe file made and removed) or, if it exists, opened for writing (for
    appending: nothing of it is changed before the run has results); else one line naming
    `flag`."""
    if not str(path).endswith(tuple(suffixes)):
        raise PlaytestError(f"{flag} must end in {', '.join(suffixes)}, got {str(path)!r}")
    if os.path.isdir(path):
        raise PlaytestError(f"{flag}: {str(path)!r} is a folder, not a file")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise PlaytestError(f"{flag}: no folder {folder!r} for {str(path)!r}")
    exists = os.path.exists(path)     # (a link to nothing: O_EXCL refuses to follow it)
    try:
        if exists:
            with open(path, "ab"):
                pass
        else:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            os.remove(path)
    except OSError as e:
        raise PlaytestError(f"{flag} {path}: cannot {'write' if exists else 'create'} the "
                            f"file: {_reason(e)}") from None


def check_output_folder(path, flag, new):
    """The folder `path` can be written in: a probe file made and removed in it; with `new`,
    a folder that does not exist yet must be one that can be made (a probe folder made and
    removed in its nearest existing parent). One line naming `flag` if not."""
    p = os.path.abspath(path)
    try:
        if os.path.isdir(p):
            fd, probe = tempfile.mkstemp(prefix=".playtest-probe-", dir=p)
            os.close(fd)
            os.remove(probe)
            return
        if not new:
            return              # (the caller says what is missing)
        parent = p
        while not os.path.lexists(parent):
            parent = os.path.dirname(parent)
        if not os.path.isdir(parent):
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))
        os.rmdir(tempfile.mkdtemp(prefix=".playtest-probe-", dir=parent))
    except OSError as e:
        what = "create the folder" if new and not os.path.isdir(p) else "write in the folder"
        raise PlaytestError(f"{flag} {path}: cannot {what}: {_reason(e)}") from None


class OutputFailed(PlaytestError):
    """An output (`flag`, `path`) that could not be written although its checks passed: one
    line, exit status 2. `results`: what the run finished (a command's table, a paired run),
    for the command to print as after a stop; `keeping(results)` says so."""
    status = 2

    def __init__(self, flag, path, reason, results=None):
        super().__init__(f"{flag} {path}: cannot write: {reason}")
        self.flag, self.path, self.reason, self.results = flag, str(path), reason, results

    def keeping(self, results):
        return OutputFailed(self.flag, self.path, self.reason, results)


@contextmanager
def writing(flag, path):
    """Writes in the block go to the output of `flag`: an OSError is `OutputFailed`."""
    try:
        yield
    except OSError as e:
        raise OutputFailed(flag, path, _reason(e)) from None
