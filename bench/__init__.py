"""Benchmarks at Olympiad scale (issue 7): ``make bench`` or ``.venv/bin/python -m bench --help``.

Not part of the test suite; see docs/performance.md for the results and how to read them.
"""
