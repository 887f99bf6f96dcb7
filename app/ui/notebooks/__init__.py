"""Notebook widgets: list, overview, detector editor, page view and tag browser."""
