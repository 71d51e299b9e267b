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
