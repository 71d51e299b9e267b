"""Every test runs without the user's card database: $PLAYTEST_CARD_DB names a file that does
not exist (set before any test, so CLI subprocesses inherit it); a test that needs one
imports its own fixtures into a temporary file."""
import os
import tempfile

os.environ["PLAYTEST_CARD_DB"] = os.path.join(tempfile.mkdtemp(prefix="playtest-no-db-"),
                                              "cards.sqlite")
