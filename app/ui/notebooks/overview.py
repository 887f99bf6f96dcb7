"""The notebook overview: every detector's freshness, last run and findings (how many,
how many still to review), Run / Force run / Run all in the background with progress and
Cancel, the Auto-tag toggles, the counters' chart, and Export PAGE-XML (in the background
too, with progress and Cancel).

Runs go through ``DetectorRunner.start`` (database lane, long lane for the model, database
lane to store); the export runs on the long lane from a read-only snapshot.  Transcribe
pages reads each scan on the long lane and stores it on the database lane, page by page
(``app.services.notebooks.transcription``), with each page's status listed below."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.domain.notebooks import AttemptState, DetectorDefinition, ReviewStatus, RunOutcome
from app.domain.progress import Cancelled, Progress
from app.domain.time_left import resumed_text, run_note
from app.services.changes import Changes, OpResult
from app.services.notebooks import detectors, findings
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.imported_findings import (
    IMPORTED,
    IMPORTED_DETECTOR,
    imported_definition,
)
from app.services.notebooks.runs import RunInfo
from app.services.notebooks.transcription import (
    VISION,
    PageOutcome,
    TranscriptionPlan,
    TranscriptionSummary,
    outcome_line,
    plan_transcription,
    read_page,
    store_page,
    summary_result,
)
from app.services.transfer.notebook_export import PageXmlExport, export_page_xml
from app.store import Database
from app.ui.common.messages import MessageLabel, if_alive, user_message
from app.ui.common.tasks import Lane, Task, Tasks, Then
from app.ui.notebooks.chart import CountChart, PageCount
from app.ui.notebooks.runner import DetectorRunner

EXPORTING = "page-xml export"
TRANSCRIBING = "transcription"
"""``running`` while pages are being transcribed."""
TranscriptionStep = OpResult[TranscriptionSummary] | Then[OpResult[TranscriptionSummary]]
"""One page's step of Transcribe pages: the next phase, or the summary at the end."""
TRANSCRIPTION_ENGINES = (
    ("tesseract", "Tesseract (on this computer)"),
    ("rapidocr", "RapidOCR (when installed)"),
    (VISION, "Vision model (when configured)"),
)
"""``running`` while an export is going (runs and exports share the progress row)."""
COUNTERS = ("first_person", "swear_words")
"""The lexical counters whose counts per page are charted."""

FRESHNESS_TEXT = {
    "ok": "Up to date",
    "stale": "Stale",
    "missing": "Not run yet",
    "unavailable": "Unavailable",
    "imported": "Kept as imported",
}
IMPORTED_FRESHNESS = "imported"
"""The freshness of the imported annotations' row: made by people, never run or replaced."""


@dataclass(frozen=True)
class DetectorState:
    definition: DetectorDefinition
    freshness: str
    reason: str | None
    last: RunInfo | None
    """The newest attempt (not necessarily published)."""
    published: RunInfo | None
    auto_tag: bool
    findings: int = 0
    """Published findings."""
    unreviewed: int = 0
    """Of those, the ones nobody accepted or rejected yet."""


@dataclass(frozen=True)
class OverviewState:
    notebook_id: int
    title: str
    pages: int
    page_orders: dict[int, int]
    detectors: list[DetectorState] = field(default_factory=list)


def load_overview(db: Database, runner: DetectorRunner | None, notebook_id: int) -> OverviewState:
    """Everything the overview shows (on a background thread)."""
    book = notebooks.get_notebook(db, notebook_id)
    orders = {p.id: p.order for p in notebooks.list_pages(db, notebook_id)}
    identity = runner.identity if runner is not None and runner.worker is not None else None
    vision = runner.vision if runner is not None else None
    states: list[DetectorState] = []
    found: dict[str, list[findings.FindingInfo]] = {}
    for finding in findings.list_findings(db, notebook_id):
        found.setdefault(finding.detector_id, []).append(finding)
    imported = notebook_runs.published_run(db, notebook_id, IMPORTED_DETECTOR)
    if imported is not None:
        mine = found.get(IMPORTED_DETECTOR, ())
        states.append(
            DetectorState(
                imported_definition(),
                IMPORTED_FRESHNESS,
                None,
                imported,
                imported,
                False,
                len(mine),
                sum(f.review_status == ReviewStatus.UNREVIEWED for f in mine),
            )
        )
    for definition in detectors.all_definitions(db):
        did = definition.detector_id
        fresh = notebook_runs.freshness(db, notebook_id, did, model=identity, vision=vision)
        runs = notebook_runs.list_runs(db, notebook_id, did)
        last = runs[0] if runs else None
        published = notebook_runs.published_run(db, notebook_id, did)
        reason = None
        no_model = definition.engine == "prompt" and identity is None and vision is None
        no_vision = definition.input_mode == "vision" and vision is None
        if fresh == "unavailable" or no_model or no_vision:
            reason = _unavailable_reason(definition, last)
        states.append(
            DetectorState(
                definition,
                fresh,
                reason,
                last,
                published,
                notebook_runs.get_auto_tag(db, did),
                len(found.get(did, ())),
                sum(f.review_status == ReviewStatus.UNREVIEWED for f in found.get(did, ())),
            )
        )
    return OverviewState(notebook_id, book.title, book.pages, orders, states)


def _unavailable_reason(definition: DetectorDefinition, last: RunInfo | None) -> str:
    if last is not None and last.capability and last.message:
        return last.message
    if definition.engine == "ner_people":
        return "Names need spaCy and its English model (pip install 'inkling[names]')."
    if definition.input_mode == "vision":
        return "It reads page images and no vision model is configured."
    return "It needs a language model, and none is configured."


def outcome_text(run: RunInfo | None) -> str:
    if run is None:
        return "—"
    if run.attempt_state == AttemptState.RUNNING:
        return "running…"
    if run.cache_identity is not None and run.cache_identity.startswith(IMPORTED):
        return "imported, no model ran"
    if run.attempt_state != AttemptState.SUCCEEDED:
        text = run.attempt_state.value
    else:
        text = (run.outcome or "done").replace("_", " ")
    if run.attempt_state == AttemptState.SUCCEEDED and run.windows_total:
        text += f" ({run.windows_scanned}/{run.windows_total} windows)"
    if run.partial:
        text += ", partial"
    if run.stale_at_publish:
        text += ", not published: the text changed meanwhile"
    return text


def findings_text(state: DetectorState) -> str:
    """ "3 findings, 1 to review" (or "none")."""
    if state.published is None and not state.findings:
        return "—"
    if not state.findings:
        return "none"
    text = f"{state.findings} finding{'s' if state.findings != 1 else ''}"
    if state.unreviewed:
        text += f", {state.unreviewed} to review"
    return text


def wants_run(state: DetectorState) -> bool:
    """Run all runs it: not up to date, and able to run."""
    return state.freshness in ("stale", "missing") and state.reason is None


class _Row:
    def __init__(self, state: DetectorState, parent: QWidget) -> None:
        definition = state.definition
        self.detector_id = definition.detector_id
        self.title = QLabel(definition.title, parent)
        self.title.setToolTip(definition.description or definition.detector_id)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.freshness = QLabel(parent)
        self.outcome = QLabel(parent)
        self.outcome.setWordWrap(True)
        self.findings = QLabel(parent)
        self.findings.setAccessibleName(f"Findings of {definition.title}")
        self.auto_tag = QCheckBox("Auto-tag", parent)
        self.auto_tag.setToolTip("After each run, tag the pages of every finding")
        self.run = QPushButton("Run", parent)
        self.force = QPushButton("Force run", parent)
        self.force.setToolTip("Run again even when the result is up to date")
        for button in (self.run, self.force):
            button.setAccessibleName(f"{button.text()} {definition.title}")
        self.runnable = state.freshness != IMPORTED_FRESHNESS
        """Imported annotations are kept as made: nothing runs them."""
        for widget in (self.auto_tag, self.run, self.force):
            widget.setVisible(self.runnable)
        self.update(state)

    def update(self, state: DetectorState) -> None:
        text = FRESHNESS_TEXT.get(state.freshness, state.freshness)
        if state.reason:
            text += f": {state.reason}"
        self.freshness.setText(text)
        self.freshness.setWordWrap(True)
        self.freshness.setProperty("freshness", state.freshness)
        outcome = outcome_text(state.last)
        warnings = state.last.warnings if state.last is not None else ()
        if warnings:
            codes: dict[str, int] = {}
            for warning in warnings:
                code = warning.get("code", "warning")
                codes[code] = codes.get(code, 0) + 1
            outcome += "\n⚠ " + ", ".join(
                f"{code.replace('_', ' ')}" + (f" ×{n}" if n > 1 else "")
                for code, n in codes.items()
            )
            self.outcome.setToolTip("\n".join(w.get("message", "") for w in warnings[:20]))
        elif state.last is not None and state.last.message:
            self.outcome.setToolTip(state.last.message)
        self.outcome.setText(outcome)
        self.findings.setText(findings_text(state))
        self.auto_tag.blockSignals(True)
        self.auto_tag.setChecked(state.auto_tag)
        self.auto_tag.blockSignals(False)


class NotebookOverview(QWidget):
    """One notebook's detectors: freshness, runs, auto-tag, and the counters' chart."""

    page_requested = Signal(int, int)
    """(notebook_id, page_id): a chart bar was clicked."""
    run_finished = Signal(object)
    """The ``RunInfo`` of a run started here (cancelled ones too)."""
    loaded = Signal()

    def __init__(
        self,
        db: Database,
        tasks: Tasks,
        runner: DetectorRunner | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.tasks = tasks
        self.runner = runner
        self.notebook_id: int | None = None
        self.state: OverviewState | None = None
        self.rows: dict[str, _Row] = {}
        self._task: Task | None = None
        self._running: str | None = None
        self._running_title = ""
        self._queue: list[str] = []
        """Detectors Run all still has to run, in order."""
        self._loading = 0

        layout = QVBoxLayout(self)
        self.heading = QLabel("No notebook", self)
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.heading.setFont(font)
        head = QHBoxLayout()
        head.addWidget(self.heading, 1)
        self.run_all_button = QPushButton("Run all", self)
        self.run_all_button.setToolTip(
            "Run every detector that is not up to date, one after another"
        )
        self.run_all_button.clicked.connect(self.run_all)
        head.addWidget(self.run_all_button)
        self.export_button = QPushButton("Export PAGE-XML…", self)
        self.export_button.setToolTip(
            "Write each page as a PAGE-XML file beside a copy of its image, with the "
            "findings that are not rejected as tags on its lines"
        )
        self.export_button.clicked.connect(self._pick_export_folder)
        head.addWidget(self.export_button)
        layout.addLayout(head)
        scans = QHBoxLayout()
        self.transcribe_button = QPushButton("Transcribe pages", self)
        self.transcribe_button.setToolTip(
            "Read the text of the page scans into the pages' text (pages that have text "
            "are left as they are), keeping each line's place on the scan"
        )
        self.transcribe_button.clicked.connect(lambda: self.transcribe_pages())
        self.engine_choice = QComboBox(self)
        self.engine_choice.setAccessibleName("Transcription engine")
        for engine, label in TRANSCRIPTION_ENGINES:
            self.engine_choice.addItem(label, engine)
        self.force_transcribe = QCheckBox("Also pages that have text", self)
        self.force_transcribe.setToolTip("Replace their text (an edit too) with the new reading")
        scans.addWidget(self.transcribe_button)
        scans.addWidget(self.engine_choice)
        scans.addWidget(self.force_transcribe)
        scans.addStretch(1)
        layout.addLayout(scans)
        self.message = MessageLabel(self)
        layout.addWidget(self.message)

        self.grid_host = QWidget(self)
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(12)
        self.grid.setColumnStretch(1, 1)
        self.grid.setColumnStretch(2, 2)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.grid_host)
        layout.addWidget(scroll, 2)

        progress_row = QHBoxLayout()
        self.progress_label = QLabel(self)
        self.progress = QProgressBar(self)
        self.progress.setFormat("%v / %m windows")
        self.progress.setAccessibleName("Run progress")
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.clicked.connect(self.cancel)
        progress_row.addWidget(self.progress_label)
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.cancel_button)
        layout.addLayout(progress_row)
        self.page_status = QListWidget(self)
        self.page_status.setAccessibleName("Transcription of each page")
        self.page_status.setMaximumHeight(120)
        self.page_status.setVisible(False)
        layout.addWidget(self.page_status)
        self._set_progress_visible(False)

        chart_title = QLabel("Counts per page (click a bar to open the page)", self)
        layout.addWidget(chart_title)
        self.chart = CountChart(self)
        self.chart.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.chart.page_clicked.connect(self._open_page)
        layout.addWidget(self.chart, 3)

    # ------------------------------------------------------------------ loading

    @property
    def is_busy(self) -> bool:
        return self._loading > 0 or self._running is not None

    @property
    def running(self) -> str | None:
        return self._running

    def show_notebook(self, notebook_id: int) -> None:
        if notebook_id != self.notebook_id:
            self._queue.clear()  # Run all belongs to the notebook it was asked on
        self.notebook_id = notebook_id
        self.reload()

    def refresh(self, changes: Changes) -> None:
        if self.notebook_id is None:
            return
        if changes.detectors or self.notebook_id in changes.notebooks or changes.pages:
            self.reload()

    def reload(self) -> None:
        notebook_id = self.notebook_id
        if notebook_id is None:
            return
        db, runner = self.db, self.runner
        self._loading += 1
        self.tasks.run(
            lambda: load_overview(db, runner, notebook_id),
            on_done=if_alive(self, self._show_state),
            on_error=if_alive(self, self._load_failed),
        )

    def _load_failed(self, error: BaseException) -> None:
        self._loading -= 1
        self.message.show_error(user_message(error))

    def _show_state(self, state: OverviewState) -> None:
        self._loading -= 1
        if state.notebook_id != self.notebook_id:
            return
        self.state = state
        self.heading.setText(f"{state.title} — {state.pages} pages")
        known = {s.definition.detector_id for s in state.detectors}
        if set(self.rows) != known or list(self.rows) != [
            s.definition.detector_id for s in state.detectors
        ]:
            self._rebuild_rows(state)
        else:
            for detector in state.detectors:
                self.rows[detector.definition.detector_id].update(detector)
        self._enable_runs()
        series: dict[str, list[PageCount]] = {}
        for detector in state.detectors:
            did = detector.definition.detector_id
            run = detector.published
            if did in COUNTERS and run is not None and run.page_counts is not None:
                series[detector.definition.title] = [
                    PageCount(
                        int(p["page_id"]),
                        state.page_orders.get(int(p["page_id"]), 0),
                        int(p["count"]),
                    )
                    for p in run.page_counts
                ]
        self.chart.set_counts(series)
        self.loaded.emit()

    def _rebuild_rows(self, state: OverviewState) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.rows.clear()
        headers = ["Detector", "Freshness", "Last run", "Findings", "", "", ""]
        for column, text in enumerate(headers):
            if text:
                header = QLabel(text, self.grid_host)
                header.setEnabled(False)
                self.grid.addWidget(header, 0, column)
        for number, detector in enumerate(state.detectors, start=1):
            row = _Row(detector, self.grid_host)
            did = row.detector_id
            row.run.clicked.connect(lambda _=False, d=did: self.run_detector(d))
            row.force.clicked.connect(lambda _=False, d=did: self.run_detector(d, force=True))
            row.auto_tag.toggled.connect(lambda on, d=did: self.set_auto_tag(d, on))
            for column, widget in enumerate(
                [
                    row.title,
                    row.freshness,
                    row.outcome,
                    row.findings,
                    row.auto_tag,
                    row.run,
                    row.force,
                ]
            ):
                self.grid.addWidget(widget, number, column, Qt.AlignmentFlag.AlignVCenter)
            self.rows[did] = row
        self.grid.setRowStretch(len(state.detectors) + 1, 1)

    # ------------------------------------------------------------------ actions

    def set_auto_tag(self, detector_id: str, enabled: bool) -> None:
        db = self.db
        self.tasks.run(
            lambda: notebook_runs.set_auto_tag(db, detector_id, enabled),
            on_error=if_alive(self, lambda e: self.message.show_error(user_message(e))),
        )

    def run_all(self) -> None:
        """Run every detector that is stale or not run yet, one after another (Cancel
        stops the one running and the rest)."""
        state = self.state
        if state is None or self._running is not None:
            return
        queue = [d.definition.detector_id for d in state.detectors if wants_run(d)]
        if not queue:
            self.message.show_info("Every detector that can run is up to date.")
            return
        self._queue = queue[1:]
        self.run_detector(queue[0])

    def run_detector(self, detector_id: str, *, force: bool = False) -> None:
        """Run a detector over the notebook in the background (one run at a time)."""
        notebook_id = self.notebook_id
        if notebook_id is None or self._running is not None:
            return
        runner = self.runner or DetectorRunner(self.db, None)
        title = self.rows[detector_id].title.text() if detector_id in self.rows else detector_id
        self._running_title = title
        self._begin(detector_id, f"Running {title}…", "%v / %m windows")

        self._task = runner.start(
            self.tasks,
            notebook_id,
            detector_id,
            force=force,
            on_progress=if_alive(self, self._progressed),
            on_done=if_alive(self, self._run_done),
            on_error=if_alive(self, self._run_failed),
        )

    def _pick_export_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Export PAGE-XML into a folder")
        if folder:
            self.export_page_xml(Path(folder))

    def export_page_xml(self, parent: Path) -> None:
        """Export the notebook into a new folder inside ``parent``, in the background."""
        notebook_id = self.notebook_id
        if notebook_id is None or self._running is not None:
            return
        dest = export_folder(parent, self.state.title if self.state else "Notebook")
        task = Task()
        self._task = task
        self._begin(EXPORTING, "Exporting PAGE-XML…", "%v / %m pages")
        db = self.db

        def work() -> OpResult[PageXmlExport]:
            return export_page_xml(
                db, notebook_id, dest, on_progress=task.report, cancel=task.token
            )

        self.tasks.run(
            work,
            lane=Lane.LONG,
            task=task,
            on_progress=if_alive(self, self._progressed),
            on_done=if_alive(self, self._export_done),
            on_error=if_alive(self, self._export_failed),
        )

    def _export_done(self, result: OpResult[PageXmlExport]) -> None:
        self._finish()
        done = result.value
        self.message.show_info(
            f"Exported {done.pages} page(s) with {done.findings} finding(s) to {done.folder}."
        )

    def _export_failed(self, error: BaseException) -> None:
        self._finish()
        if isinstance(error, Cancelled):
            self.message.show_info("The export was cancelled; nothing was written.")
        else:
            self.message.show_error(user_message(error))

    def transcribe_pages(self, *, engine: str | None = None, force: bool | None = None) -> None:
        """Transcribe the notebook's page scans in the background: each page read on the
        long lane and stored on the database lane; Cancel stops between pages and keeps
        the pages done.  ``engine`` and ``force`` default to the choices shown."""
        notebook_id = self.notebook_id
        if notebook_id is None or self._running is not None:
            return
        chosen = engine if engine is not None else str(self.engine_choice.currentData())
        forced = force if force is not None else self.force_transcribe.isChecked()
        task = Task()
        self._task = task
        self.page_status.clear()
        self.page_status.setVisible(True)
        self._begin(TRANSCRIBING, "Transcribing pages…", "%v / %m pages")
        db = self.db
        vision = self.runner.vision if self.runner is not None else None
        outcomes: list[PageOutcome] = []

        def read_next(plan: TranscriptionPlan, index: int) -> TranscriptionStep:
            total = len(plan.targets)
            if index >= total or task.cancelled:
                return summary_result(plan, outcomes, cancelled=index < total)
            target = plan.targets[index]
            try:
                read = read_page(plan, target, task.token)
            except Cancelled:
                return summary_result(plan, outcomes, cancelled=True)

            def store() -> TranscriptionStep:
                outcome = store_page(db, target, read)
                outcomes.append(outcome)
                task.report(Progress(index + 1, total, outcome_line(outcome)))
                return Then(Lane.LONG, lambda: read_next(plan, index + 1))

            return Then(Lane.DATABASE, store)

        def start() -> TranscriptionStep:
            plan = plan_transcription(db, notebook_id, engine=chosen, force=forced, vision=vision)
            task.report(Progress(0, len(plan.targets)))
            return read_next(plan, 0)

        self.tasks.run(
            start,
            lane=Lane.LONG,
            task=task,
            on_progress=if_alive(self, self._transcription_progressed),
            on_done=if_alive(self, self._transcription_done),
            on_error=if_alive(self, self._transcription_failed),
        )

    def _transcription_progressed(self, progress: Progress) -> None:
        self._progressed(progress)
        if progress.label:
            self.page_status.addItem(progress.label)
            self.page_status.scrollToBottom()

    def _transcription_done(self, result: OpResult[TranscriptionSummary]) -> None:
        self._finish()
        done = result.value
        text = f"Transcribed {done.count('transcribed')} of {done.requested} page(s)"
        skipped = done.count("has_text") + done.count("no_scan")
        if skipped:
            text += f"; skipped {skipped}"
        if done.count("failed"):
            text += f"; {done.count('failed')} failed"
        if done.cancelled:
            self.message.show_info(f"Cancelled: {text[0].lower()}{text[1:]} before stopping.")
        elif done.count("failed"):
            self.message.show_error(text + ".")
        else:
            self.message.show_info(text + ".")
        self.reload()

    def _transcription_failed(self, error: BaseException) -> None:
        self._finish()
        self.page_status.setVisible(False)
        self.message.show_error(user_message(error))

    def _progressed(self, progress: Progress) -> None:
        task = self._task
        # an export's label stays as it is, and "Cancelling…" until the run stops
        if self._running not in (None, EXPORTING) and task is not None and not task.cancelled:
            note = run_note(progress.seconds_left, progress.reused, progress.total)
            self.progress_label.setText(
                f"Running {self._running_title}…"
                + (f" {note[0].upper()}{note[1:]}." if note else "")
            )
        self._on_progress(progress.done, progress.total or 0)

    def _on_progress(self, done: int, total: int) -> None:
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(min(done, total))

    def cancel(self) -> None:
        """Stop the running detector between windows; its published result stays."""
        self._queue.clear()
        if self._task is not None:
            self._task.cancel()
            self.cancel_button.setEnabled(False)
            self.progress_label.setText("Cancelling…")

    def shutdown(self, msecs: int = 30_000) -> bool:
        """Cancel a running detector or export and wait for it to stop, its store step
        included (before the app closes the model)."""
        task = self._task
        self.cancel()
        return task is None or task.wait(msecs / 1000)

    def _run_done(self, result: OpResult[RunInfo]) -> None:
        view = result.value
        self._finish()
        if view.attempt_state == AttemptState.CANCELLED:
            self.message.show_info("The run was cancelled; the last result is unchanged.")
        elif view.outcome == RunOutcome.SKIPPED_NOT_APPLICABLE and view.message:
            self.message.show_error(view.message)
        elif view.attempt_state == AttemptState.FAILED:
            self.message.show_error(view.message or "The run failed.")
        elif view.cache_hit:
            self.message.show_info("Already up to date: nothing needed to run.")
        else:
            count = len(view.findings)
            resumed = resumed_text(view.windows_reused, view.windows_total)
            self.message.show_info(
                f"Done: {count} finding{'s' if count != 1 else ''}"
                + (f", {len(view.warnings)} warning(s)" if view.warnings else "")
                + (f" ({resumed})." if resumed else ".")
            )
        self.reload()
        self.run_finished.emit(view)
        self._next_in_queue()

    def _next_in_queue(self) -> None:
        if self._queue and self._running is None:
            self.run_detector(self._queue.pop(0))

    def _run_failed(self, error: BaseException) -> None:
        self._finish()
        self.message.show_error(user_message(error))
        self.reload()
        self._next_in_queue()

    def _finish(self) -> None:
        self._running = None
        self._task = None
        self._set_progress_visible(False)
        self._enable_runs()

    def _begin(self, running: str, label: str, bar_format: str) -> None:
        """Show the progress row for work that starts now (busy until its first report)."""
        self._running = running
        self.progress_label.setText(label)
        self.progress.setFormat(bar_format)
        self.progress.setRange(0, 0)
        self._set_progress_visible(True)
        self.cancel_button.setEnabled(True)
        self.message.clear_message()
        self._enable_runs()

    def _set_progress_visible(self, visible: bool) -> None:
        for widget in (self.progress_label, self.progress, self.cancel_button):
            widget.setVisible(visible)

    def _enable_runs(self) -> None:
        idle = self._running is None
        self.export_button.setEnabled(idle)
        self.run_all_button.setEnabled(idle)
        self.transcribe_button.setEnabled(idle)
        for row in self.rows.values():
            row.run.setEnabled(idle and row.runnable)
            row.force.setEnabled(idle and row.runnable)

    def _open_page(self, page_id: int) -> None:
        if self.notebook_id is not None:
            self.page_requested.emit(self.notebook_id, page_id)


def export_folder(parent: Path, title: str) -> Path:
    """A new folder in ``parent`` named after the notebook (numbered if it exists)."""
    name = re.sub(r'[\\/:*?"<>|\x00-\x1f]', "-", title).strip(" .") or "Notebook"
    folder = parent / f"{name} (PAGE-XML)"
    number = 2
    while folder.exists():
        folder = parent / f"{name} (PAGE-XML) {number}"
        number += 1
    return folder
