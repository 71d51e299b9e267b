"""The one error type users see.

A PlaytestError carries a one-line message that says what is wrong and where (file, card,
key). The CLI prints it as ``playtest: error: <message>`` on stderr and exits with status 2,
never with a traceback.
"""


class PlaytestError(Exception):
    """A user-facing error with a one-line message."""

    def __init__(self, message: str):
        message = " ".join(str(message).split("\n"))
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class IllegalAction(PlaytestError):
    """An action the legal mask does not allow (GameBatch.step); `game` is its index in
    the batch, so that callers can name the agent that chose it."""

    def __init__(self, message: str, game: int):
        super().__init__(message)
        self.game = game


class PlaytestErrors(PlaytestError):
    """Several errors found in one pass (every wrong card file, every wrong line of a deck
    list): `lines`, one each and a last one that sums them up, which the CLI prints as
    `playtest: error:` lines of their own; the message is `message`, or the lines joined
    by '; ', on one line."""

    def __init__(self, lines: list[str], message: str | None = None):
        self.lines = list(lines)
        super().__init__("; ".join(self.lines) if message is None else message)
