"""Handbook QA: ask questions about a local handbook folder, fully offline."""

__version__ = "0.1.0"
