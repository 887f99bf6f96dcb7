"""Journal use cases: entries, habits and practices, completion detection, suggestions and
their review."""
