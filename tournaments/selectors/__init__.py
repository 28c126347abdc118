"""Reads that pages, the API and commands need, each with a fixed number of queries."""
