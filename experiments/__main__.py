"""`python -m experiments` runs the playtest command line."""

from experiments.cli import main

main()
