"""Agents: policies that choose actions for every live game of a batch."""
