"""Benchmarks: ``make bench`` (``python -m benchmarks``) prints the figures."""
