"""The card pipeline: the vocabulary a card is written in (vocab), reading and checking card
files (load), mana strings (manastr), card dicts compiled into the engine's numeric tables
(compile) and a card put back into words (text). Nothing here runs a game; the engine reads
what `compile` produces."""
