"""Experiments: the playtest command line, statistics and reports."""
