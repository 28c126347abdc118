"""The rules of the game as plain Python: pairing, colours, results, lineups, scoring, standings.

Nothing here imports Django. These are the functions an arbiter must be able to trust, so they
work on small frozen dataclasses and are tested with worked examples from the rulebooks.
"""
