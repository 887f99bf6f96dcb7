"""Inkling: private, offline review of journals and notebooks."""

__version__ = "0.1.0"
