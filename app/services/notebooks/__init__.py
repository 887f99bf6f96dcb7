"""Notebook use cases: pages, detectors, runs, findings and tags."""
