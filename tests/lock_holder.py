"""Another process holding the database's write lock, as a long import in a second
Inkling would: a real subprocess (``sys.executable``), never a thread (the benchmark's
holder, ``bench.crashes.write_lock_held``)."""

from __future__ import annotations

from bench.crashes import write_lock_held

__all__ = ["write_lock_held"]
