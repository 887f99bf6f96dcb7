"""Detection in the background: prepare (database lane) → model (its own thread, or the
cue-word rules on the long lane) → store (database lane), one entry at a time.  The GUI
thread only routes the results."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from app.domain import TextModel
from app.domain.journal.pipeline import DEFAULT_MODEL_REPLY, DEFAULT_PIPELINE, ModelReply, Pipeline
from app.domain.progress import Cancelled
from app.llm import JobContext
from app.services.changes import OpResult
from app.services.journal import detection
from app.services.journal.detection import (
    CheckStatus,
    DetectionOutcome,
    DetectionReply,
    DetectionRequest,
)
from app.store import Database
from app.ui.common.model_bridge import ModelBridge
from app.ui.common.tasks import Lane, Tasks


class DetectionController(QObject):
    started = Signal(int)
    """Entry id: the model is about to read it."""
    finished = Signal(int, object)
    """(entry id, DetectionOutcome or None when there was nothing to ask)."""
    stale = Signal(int)
    """The entry changed while the model read it; nothing stored (ask again later)."""
    failed = Signal(int, str)
    """The model could not run (one sentence)."""
    cancelled = Signal(int)
    running_changed = Signal(bool)

    def __init__(self, tasks: Tasks, bridge: ModelBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks = tasks
        self._bridge = bridge
        self._db: Database | None = None
        self._running: int | None = None
        self._queue: list[int] = []
        self.pipeline = DEFAULT_PIPELINE
        self.model_reply = DEFAULT_MODEL_REPLY

    def set_database(self, db: Database | None) -> None:
        self._db = db

    def set_pipeline(
        self, pipeline: Pipeline, model_reply: ModelReply = DEFAULT_MODEL_REPLY
    ) -> None:
        """Who reads the next entries, and how the model points at its evidence (the
        settings' choices)."""
        self.pipeline = pipeline
        self.model_reply = model_reply

    @property
    def running_entry(self) -> int | None:
        return self._running

    @property
    def running(self) -> bool:
        return self._running is not None

    @property
    def queued(self) -> list[int]:
        return list(self._queue)

    def request(self, entry_id: int) -> None:
        """Read ``entry_id`` now, or after the entries already asked for."""
        if self._running is None:
            self._start(entry_id)
        elif entry_id not in self._queue:
            self._queue.append(entry_id)

    def cancel(self) -> None:
        """Stop the entry being read and forget the ones waiting."""
        self._queue.clear()
        if self._running is not None:
            self._bridge.cancel()

    def _start(self, entry_id: int, *, continuing: bool = False) -> None:
        db = self._db
        if db is None:
            return
        self._running = entry_id
        pipeline, reply = self.pipeline, self.model_reply
        if not continuing:
            self.running_changed.emit(True)
        self.started.emit(entry_id)
        self._tasks.run(
            lambda: detection.prepare_detection(db, entry_id, pipeline=pipeline, model_reply=reply),
            on_done=self._prepared,
            on_error=lambda exc: self._fail(entry_id, exc),
        )

    def _prepared(self, request: DetectionRequest) -> None:
        entry_id = request.entry_id
        if self._running != entry_id:
            return
        if not request.candidates:
            self._end(entry_id)
            self.finished.emit(entry_id, None)
            return

        if not request.needs_model:  # the rules read on the long lane, no model
            self._tasks.run(
                lambda: detection.run_detection(request, None),
                lane=Lane.LONG,
                on_done=self._answered,
                on_error=lambda exc: self._fail(entry_id, exc),
            )
            return

        def ask(ctx: JobContext[TextModel]) -> DetectionReply:
            return detection.run_detection(request, ctx.model)

        self._bridge.submit(ask, self._answered, lambda exc: self._fail(entry_id, exc))

    def _answered(self, reply: DetectionReply) -> None:
        db = self._db
        entry_id = reply.request.entry_id
        if db is None:
            self._end(entry_id)
            return
        self._tasks.run(
            lambda: detection.store_detections(db, reply),
            on_done=self._stored,
            on_error=lambda exc: self._fail(entry_id, exc),
        )

    def _stored(self, result: OpResult[DetectionOutcome]) -> None:
        outcome = result.value
        self._end(outcome.entry_id)
        if outcome.status is CheckStatus.STALE:
            self.stale.emit(outcome.entry_id)
        elif outcome.status is CheckStatus.FAILED:
            self.failed.emit(outcome.entry_id, outcome.error or "The model failed.")
        else:
            self.finished.emit(outcome.entry_id, outcome)

    def _fail(self, entry_id: int, exc: BaseException) -> None:
        self._end(entry_id)
        if isinstance(exc, Cancelled):
            self.cancelled.emit(entry_id)
        else:
            self.failed.emit(entry_id, str(exc) or type(exc).__name__)

    def _end(self, entry_id: int) -> None:
        self._running = None
        if self._queue and self._db is not None:
            self._start(self._queue.pop(0), continuing=True)
        else:
            self.running_changed.emit(False)
