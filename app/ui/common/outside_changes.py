"""The window's eye on its database: what other processes (an ``inkling`` command, a second
window) wrote while it is open reaches the views through ``Tasks.changed``, like the
window's own changes, so each view refreshes only what it shows, keeping the selection and
any unsaved text (the views' ``refresh`` never discards an edit in progress).

A timer asks ``DatabaseWatch.poll`` (``PRAGMA data_version``, see ``app.services.watch``) on
the database lane every ``INTERVAL_MS``; one poll at a time.  The window's own writes also
change ``data_version``: the ids its own tasks already broadcast are taken out, so they
are not refreshed twice.
"""

from __future__ import annotations

import dataclasses
import logging

from PySide6.QtCore import QObject, QTimer, Signal

from app.services.changes import Changes
from app.services.watch import DatabaseWatch
from app.store import Database
from app.ui.common.messages import if_alive
from app.ui.common.tasks import Tasks

log = logging.getLogger(__name__)

INTERVAL_MS = 1000


def without(changes: Changes, known: Changes) -> Changes:
    """``changes`` minus what ``known`` already said, field by field."""
    return Changes(
        **{
            f.name: getattr(changes, f.name) - getattr(known, f.name)
            for f in dataclasses.fields(Changes)
        }
    )


class OutsideChanges(QObject):
    """Polls for other processes' writes; ``noticed`` carries what they changed (after it
    went out through ``tasks.changed``)."""

    noticed = Signal(object)

    def __init__(self, tasks: Tasks, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.watch: DatabaseWatch | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.poll)
        self._polling = False
        self._own = Changes()
        """What the window's own tasks broadcast since the poll before the last one."""
        self._own_before = Changes()
        self._echo = False
        tasks.changed.connect(self._own_change)

    def set_database(self, db: Database) -> None:
        """Start watching ``db`` (from its state now)."""
        watch = DatabaseWatch(db)
        self.watch = watch
        self.tasks.run(watch.start)
        self.timer.start()

    def _own_change(self, changes: Changes) -> None:
        if not self._echo:
            self._own = self._own | changes

    def poll(self) -> None:
        """Ask once (the timer does this; tests may too)."""
        watch = self.watch
        if watch is None or self._polling:
            return
        self._polling = True
        known = self._own_before | self._own
        self._own_before, self._own = self._own, Changes()
        self.tasks.run(
            watch.poll,
            on_done=if_alive(self, lambda changes: self._polled(changes, known)),
            on_error=if_alive(self, self._failed),
        )

    def _polled(self, changes: Changes, known: Changes) -> None:
        self._polling = False
        news = without(changes, known | self._own)
        if news.empty:
            return
        self._echo = True
        try:
            self.tasks.changed.emit(news)
        finally:
            self._echo = False
        self.noticed.emit(news)

    def _failed(self, error: BaseException) -> None:
        self._polling = False  # a locked or busy file: the next tick asks again
        log.warning("could not check the database for outside changes: %s", error)

    def stop(self) -> None:
        """Stop polling and let go of the watch's connection (on the database lane)."""
        self.timer.stop()
        watch, self.watch = self.watch, None
        if watch is not None:
            self.tasks.run(watch.close)
