"""Output files, checked before a long run starts: pandas and matplotlib would refuse a
missing folder only when the first results are written."""
import os

from simcore.errors import PlaytestError


def check_output_path(path, flag, suffixes):
    """`path` ends in one of `suffixes`, is not a folder, and its folder exists; else one line
    naming `flag`."""
    if not str(path).endswith(tuple(suffixes)):
        raise PlaytestError(f"{flag} must end in {', '.join(suffixes)}, got {str(path)!r}")
    if os.path.isdir(path):
        raise PlaytestError(f"{flag}: {str(path)!r} is a folder, not a file")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise PlaytestError(f"{flag}: no folder {folder!r} for {str(path)!r}")
