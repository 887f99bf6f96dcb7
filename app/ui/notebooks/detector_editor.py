"""The visual detector editor: a form for a custom detector with a live preview of what it
compiles to and of the exact prompt and reply schema, inline validation, a trial on one
page or window, and save / duplicate / delete / export / import.  Built-in detectors are
listed read-only with their settings and their auto-tag toggle."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSlider,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.domain.notebooks import (
    DetectorDefinition,
    EvidenceAnchor,
    PageInput,
    WindowReply,
    anchor_evidence,
    build_window_prompt,
    compile_custom_detector,
    parse_window_reply,
    select_candidates,
    window_schema,
    windows_for,
)
from app.domain.notebooks.definitions import CUSTOM_PREFIX, MAX_INSTRUCTION_CHARS
from app.services.changes import Changes, OpResult
from app.services.notebooks import detectors
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.store import Database
from app.ui.common.messages import MessageLabel, if_alive, user_message
from app.ui.common.tasks import Lane, Tasks
from app.ui.notebooks.runner import DetectorRunner

ID_ROLE = Qt.ItemDataRole.UserRole
NEW_ID = ""
"""The list's first row: a new custom detector."""
PLACEHOLDER_PAGE = PageInput(
    page_id=0, order=0, text="(The text of the page you try the detector on goes here.)"
)
MODES = [("auto", "Auto (text when the page has text)"), ("text", "Text"), ("vision", "Vision")]
SCOPES = [("page", "Each page on its own"), ("notebook", "The whole notebook")]


@dataclass(frozen=True)
class EditorState:
    definitions: list[DetectorDefinition]
    auto_tag: dict[str, bool]


@dataclass(frozen=True)
class TrialResult:
    definition: DetectorDefinition
    window: list[PageInput]
    reply_text: str
    reply: WindowReply | None
    anchors: list[EvidenceAnchor]


def load_editor_state(db: Database) -> EditorState:
    definitions = detectors.all_definitions(db)
    return EditorState(
        definitions,
        {d.detector_id: notebook_runs.get_auto_tag(db, d.detector_id) for d in definitions},
    )


def load_pages(db: Database, notebook_id: int) -> list[PageInput]:
    return [
        PageInput(p.id, p.order, p.text, p.image_digest, p.excluded)
        for p in notebooks.list_pages(db, notebook_id)
    ]


def try_window(
    runner: DetectorRunner, definition: DetectorDefinition, window: list[PageInput]
) -> TrialResult:
    """One window through the model (background thread; the model runs on its own)."""
    prompt = build_window_prompt(definition, window, route="text")
    text = runner.complete(prompt)
    reply = parse_window_reply(text, definition)
    anchors = anchor_evidence(reply.evidence, window) if reply is not None else []
    return TrialResult(definition, window, text, reply, anchors)


def highlighted_html(window: list[PageInput], anchors: list[EvidenceAnchor]) -> str:
    """The window's pages as HTML with each evidence anchor marked."""
    parts: list[str] = []
    for page in window:
        text = page.text or ""
        spans = sorted((a.anchor_start, a.anchor_end) for a in anchors if a.page_id == page.page_id)
        out: list[str] = []
        at = 0
        for start, end in spans:
            if start < at:
                continue
            out.append(html.escape(text[at:start]))
            out.append(
                '<span style="background-color:#ffe066;color:#000">'
                + html.escape(text[start:end])
                + "</span>"
            )
            at = end
        out.append(html.escape(text[at:]))
        parts.append(
            f"<p><b>Page {page.order + 1}</b></p>"
            f'<pre style="white-space:pre-wrap">{"".join(out)}</pre>'
        )
    return "".join(parts)


def describe(definition: DetectorDefinition, windows: list[list[int]], pages: int) -> str:
    """The compiled definition, as the preview shows it."""
    lines = [
        f"id: {definition.detector_id}",
        f"finding type: {definition.finding_type}",
        f"title: {definition.title}",
        f"engine: {definition.engine}",
        f"scope: {definition.scope}",
        f"input mode: {definition.input_mode}",
        f"window: {definition.window_size} page(s), overlap {definition.window_overlap}",
        f"confidence threshold: {definition.confidence_threshold:.2f}",
    ]
    if definition.prompt_ref is not None:
        lines.append(f"prompt: {definition.prompt_ref.prompt_id} v{definition.prompt_ref.version}")
    if pages:
        shown = ", ".join(_window_label(w) for w in windows[:12])
        more = f", … ({len(windows)} in all)" if len(windows) > 12 else ""
        lines.append(f"windows over this notebook: {len(windows)} — {shown}{more}")
    else:
        lines.append("windows: open a notebook to see them")
    return "\n".join(lines)


def _window_label(positions: list[int]) -> str:
    if len(positions) == 1:
        return f"[{positions[0] + 1}]"
    return f"[{positions[0] + 1}–{positions[-1] + 1}]"


class DetectorEditor(QWidget):
    """Build, try and manage custom detectors; built-ins are shown read-only."""

    saved = Signal(str)
    """The id of a detector just saved (or imported)."""
    loaded = Signal()
    trial_finished = Signal(object)
    """The ``TrialResult`` (or the error) of "Try on this page"."""

    def __init__(
        self,
        db: Database,
        tasks: Tasks,
        parent: QWidget | None = None,
        *,
        runner: DetectorRunner | None = None,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.tasks = tasks
        self.runner = runner
        self.definitions: dict[str, DetectorDefinition] = {}
        self.auto_tags: dict[str, bool] = {}
        self.editing: str | None = None
        """The custom detector being edited (None: a new one)."""
        self.pages: list[PageInput] = []
        self.notebook_id: int | None = None
        self.compiled: DetectorDefinition | None = None
        self._loading = 0
        self._trying = False
        self._filling = False
        self._build()
        self.reload()
        self.new_detector()

    # ------------------------------------------------------------------ layout

    def _build(self) -> None:
        outer = QHBoxLayout(self)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        outer.addWidget(splitter)

        left = QWidget(splitter)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel("Detectors", left))
        self.list = QListWidget(left)
        self.list.setAccessibleName("Detectors")
        self.list.currentItemChanged.connect(self._selected)
        left_layout.addWidget(self.list, 1)
        buttons = QHBoxLayout()
        self.new_button = QPushButton("New", left)
        self.new_button.clicked.connect(self.new_detector)
        self.duplicate_button = QPushButton("Duplicate", left)
        self.duplicate_button.clicked.connect(self.duplicate)
        self.delete_button = QPushButton("Delete", left)
        self.delete_button.clicked.connect(self.delete)
        for button in (self.new_button, self.duplicate_button, self.delete_button):
            buttons.addWidget(button)
        left_layout.addLayout(buttons)
        files = QHBoxLayout()
        self.import_button = QPushButton("Import JSON…", left)
        self.import_button.clicked.connect(self._pick_import)
        self.export_button = QPushButton("Export JSON…", left)
        self.export_button.clicked.connect(self._pick_export)
        files.addWidget(self.import_button)
        files.addWidget(self.export_button)
        left_layout.addLayout(files)

        middle = QWidget(splitter)
        form_layout = QVBoxLayout(middle)
        form_layout.setContentsMargins(0, 0, 0, 0)
        self.heading = QLabel(middle)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        form_layout.addWidget(self.heading)
        form = QFormLayout()
        self.name = QLineEdit(middle)
        self.name.setPlaceholderText("e.g. Dreams")
        self.custom_id = QLineEdit(middle)
        self.custom_id.setPlaceholderText("optional; made from the name when blank")
        self.instruction = QPlainTextEdit(middle)
        self.instruction.setPlaceholderText(
            "Describe what to look for, in your own words: e.g. a page that recounts a dream."
        )
        self.instruction.setMinimumHeight(90)
        self.instruction.setMaximumHeight(150)
        self.scope = QComboBox(middle)
        for value, label in SCOPES:
            self.scope.addItem(label, value)
        self.scope.setCurrentIndex(1)
        self.adjacent = QCheckBox("Look across adjacent pages (windows of 3)", middle)
        self.adjacent.setChecked(True)
        self.mode = QComboBox(middle)
        for value, label in MODES:
            self.mode.addItem(label, value)
        threshold_row = QHBoxLayout()
        self.threshold = QSlider(Qt.Orientation.Horizontal, middle)
        self.threshold.setRange(0, 100)
        self.threshold.setValue(70)
        self.threshold.setAccessibleName("Confidence threshold")
        self.threshold_label = QLabel("0.70", middle)
        self.threshold_label.setMinimumWidth(36)
        threshold_row.addWidget(self.threshold, 1)
        threshold_row.addWidget(self.threshold_label)
        self.auto_tag = QCheckBox("Tag the pages of every finding after a run", middle)
        form.addRow("Name", self.name)
        form.addRow("Id", self.custom_id)
        form.addRow("Instruction", self.instruction)
        form.addRow("Scope", self.scope)
        form.addRow("", self.adjacent)
        form.addRow("Model mode", self.mode)
        form.addRow("Confidence threshold", threshold_row)
        form.addRow("Auto-tag", self.auto_tag)
        form_layout.addLayout(form)
        self.validation = MessageLabel(middle)
        self.validation.setAccessibleName("Validation")
        form_layout.addWidget(self.validation)
        self.message = MessageLabel(middle)
        form_layout.addWidget(self.message)
        save_row = QHBoxLayout()
        save_row.addStretch(1)
        self.save_button = QPushButton("Save", middle)
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        save_row.addWidget(self.save_button)
        form_layout.addLayout(save_row)

        try_row = QHBoxLayout()
        self.window_choice = QComboBox(middle)
        self.window_choice.setAccessibleName("Page to try on")
        self.window_choice.currentIndexChanged.connect(self._update_preview)
        self.try_button = QPushButton("Try on this page", middle)
        self.try_button.clicked.connect(self.try_on_page)
        self.try_progress = QProgressBar(middle)
        self.try_progress.setRange(0, 0)
        self.try_progress.setMaximumWidth(80)
        self.try_progress.hide()
        try_row.addWidget(QLabel("Try on", middle))
        try_row.addWidget(self.window_choice, 1)
        try_row.addWidget(self.try_progress)
        try_row.addWidget(self.try_button)
        form_layout.addLayout(try_row)
        self.result = QTextBrowser(middle)
        self.result.setAccessibleName("Trial result")
        self.result.setPlaceholderText("The result of a trial shows here.")
        form_layout.addWidget(self.result, 1)

        self.tabs = QTabWidget(splitter)
        self.definition_view = QPlainTextEdit(self.tabs)
        self.prompt_view = QPlainTextEdit(self.tabs)
        self.schema_view = QPlainTextEdit(self.tabs)
        for view, title in (
            (self.definition_view, "Definition"),
            (self.prompt_view, "Prompt"),
            (self.schema_view, "Reply schema"),
        ):
            view.setReadOnly(True)
            view.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
            view.setAccessibleName(f"{title} preview")
            self.tabs.addTab(view, title)
        splitter.setSizes([200, 420, 420])
        splitter.setStretchFactor(1, 1)
        splitter.setStretchFactor(2, 1)

        self.name.textChanged.connect(self._update_preview)
        self.custom_id.textChanged.connect(self._update_preview)
        self.instruction.textChanged.connect(self._update_preview)
        self.scope.currentIndexChanged.connect(self._scope_changed)
        self.adjacent.toggled.connect(self._update_preview)
        self.mode.currentIndexChanged.connect(self._update_preview)
        self.threshold.valueChanged.connect(self._threshold_changed)
        self.auto_tag.toggled.connect(self._auto_tag_toggled)

    # ------------------------------------------------------------------ data

    @property
    def is_busy(self) -> bool:
        return self._loading > 0 or self._trying

    def reload(self) -> None:
        db = self.db
        self._loading += 1
        self.tasks.run(
            lambda: load_editor_state(db),
            on_done=if_alive(self, self._show_state),
            on_error=if_alive(self, self._failed_load),
        )

    def _failed_load(self, error: BaseException) -> None:
        self._loading -= 1
        self.message.show_error(user_message(error))

    def _show_state(self, state: EditorState) -> None:
        self._loading -= 1
        self.definitions = {d.detector_id: d for d in state.definitions}
        self.auto_tags = dict(state.auto_tag)
        current = self.editing or self._selected_id()
        self.list.blockSignals(True)
        self.list.clear()
        new_item = QListWidgetItem("+ New custom detector")
        new_item.setData(ID_ROLE, NEW_ID)
        self.list.addItem(new_item)
        self.list.setCurrentItem(new_item)
        for definition in state.definitions:
            label = definition.title + ("" if definition.is_custom else "  (built-in)")
            item = QListWidgetItem(label)
            item.setData(ID_ROLE, definition.detector_id)
            item.setToolTip(definition.detector_id)
            self.list.addItem(item)
            if definition.detector_id == current:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        self._update_preview()
        self.loaded.emit()

    def refresh(self, changes: Changes) -> None:
        """Reload the list when detectors were added, deleted or changed elsewhere."""
        if changes.detectors:
            self.reload()

    def detector_ids(self) -> list[str]:
        ids = (str(self.list.item(i).data(ID_ROLE)) for i in range(self.list.count()))
        return [i for i in ids if i != NEW_ID]

    def select_detector(self, detector_id: str) -> None:
        """Show a detector in the form (read-only for a built-in)."""
        for row in range(self.list.count()):
            if self.list.item(row).data(ID_ROLE) == detector_id:
                self.list.setCurrentRow(row)
                return

    def set_notebook(self, notebook_id: int | None) -> None:
        """Use this notebook's pages for the preview and the trial."""
        self.notebook_id = notebook_id
        if notebook_id is None:
            self.pages = []
            self._fill_windows()
            return
        db = self.db
        self._loading += 1

        def done(pages: list[PageInput]) -> None:
            self._loading -= 1
            self.pages = pages
            self._fill_windows()

        self.tasks.run(
            lambda: load_pages(db, notebook_id),
            on_done=if_alive(self, done),
            on_error=if_alive(self, self._failed_load),
        )

    def _selected_id(self) -> str | None:
        item = self.list.currentItem()
        value = str(item.data(ID_ROLE)) if item is not None else NEW_ID
        return value or None

    # ------------------------------------------------------------------ form

    def new_detector(self) -> None:
        self.list.blockSignals(True)
        self.list.setCurrentRow(0)  # the "new" row (or none before the first load)
        self.list.blockSignals(False)
        self.editing = None
        self._fill(None)

    def _selected(self, current: QListWidgetItem | None, _previous: object = None) -> None:
        if current is None:
            return
        if str(current.data(ID_ROLE)) == NEW_ID:
            self.new_detector()
            return
        definition = self.definitions.get(str(current.data(ID_ROLE)))
        if definition is None:
            return
        self.editing = definition.detector_id if definition.is_custom else None
        self._fill(definition)

    def _fill(self, definition: DetectorDefinition | None) -> None:
        self._filling = True
        builtin = definition is not None and not definition.is_custom
        if definition is None:
            self.heading.setText("New custom detector")
            self.name.setText("")
            self.custom_id.setText("")
            self.instruction.setPlainText("")
            self.scope.setCurrentIndex(1)
            self.adjacent.setChecked(True)
            self.mode.setCurrentIndex(0)
            self.threshold.setValue(70)
            self.auto_tag.setChecked(False)
        else:
            self.heading.setText(
                f"{definition.title} — built in, read-only"
                if builtin
                else f"Editing {definition.title}"
            )
            self.name.setText(definition.title)
            self.custom_id.setText(
                definition.detector_id.removeprefix(CUSTOM_PREFIX) if definition.is_custom else ""
            )
            instruction = definition.extra_config.get("instruction")
            self.instruction.setPlainText(
                instruction if isinstance(instruction, str) else definition.description
            )
            self.scope.setCurrentIndex(0 if definition.scope == "page" else 1)
            self.adjacent.setChecked(definition.scope == "page_window")
            index = self.mode.findData(definition.input_mode)
            self.mode.setCurrentIndex(max(0, index))
            self.threshold.setValue(round(definition.confidence_threshold * 100))
            self.auto_tag.setChecked(self.auto_tags.get(definition.detector_id, False))
        for widget in (self.name, self.instruction, self.scope, self.adjacent, self.mode):
            widget.setEnabled(not builtin)
        self.threshold.setEnabled(not builtin)
        self.custom_id.setEnabled(definition is None)
        self.custom_id.setReadOnly(definition is not None)
        self.save_button.setVisible(not builtin)
        self.delete_button.setEnabled(definition is not None and definition.is_custom)
        self.duplicate_button.setEnabled(definition is not None)
        self.export_button.setEnabled(definition is not None)
        self.message.clear_message()
        self.result.clear()
        self._filling = False
        self._threshold_changed(self.threshold.value())
        self._scope_changed()

    def _scope_changed(self) -> None:
        is_notebook = self.scope.currentData() == "notebook"
        builtin = self._viewing_builtin()
        self.adjacent.setEnabled(is_notebook and not builtin)
        self._update_preview()

    def _threshold_changed(self, value: int) -> None:
        self.threshold_label.setText(f"{value / 100:.2f}")
        self._update_preview()

    def _auto_tag_toggled(self, on: bool) -> None:
        if self._filling:
            return
        builtin = self._viewing_builtin()
        detector_id = self._selected_id() if builtin else self.editing
        if detector_id is None:
            return  # a new detector: remembered on Save
        self.auto_tags[detector_id] = on
        db = self.db
        self.tasks.run(
            lambda: notebook_runs.set_auto_tag(db, detector_id, on),
            on_error=if_alive(self, lambda e: self.message.show_error(user_message(e))),
        )

    def _viewing_builtin(self) -> bool:
        selected = self._selected_id()
        definition = self.definitions.get(selected) if selected else None
        return definition is not None and not definition.is_custom

    # ------------------------------------------------------------------ preview

    def validation_error(self) -> str | None:
        """The first problem with the form, as one sentence (None when it can be saved)."""
        if self._viewing_builtin():
            return None
        instruction = self.instruction.toPlainText().strip()
        if not self.name.text().strip():
            return "Give the detector a name."
        if not instruction:
            return "Write an instruction: describe what the detector should look for."
        if len(instruction) > MAX_INSTRUCTION_CHARS:
            return (
                f"The instruction is {len(instruction)} characters long; "
                f"the most is {MAX_INSTRUCTION_CHARS}."
            )
        compiled = self._compile()
        if compiled is None:
            return "The id must contain at least one letter or digit."
        if compiled.detector_id != self.editing and compiled.detector_id in self.definitions:
            return (
                f"The id {compiled.detector_id} is already taken: "
                "change the name or give another id."
            )
        return None

    def _compile(self) -> DetectorDefinition | None:
        if self._viewing_builtin():
            return self.definitions.get(self._selected_id() or "")
        custom_id = self.custom_id.text().strip() or None
        return compile_custom_detector(
            name=self.name.text(),
            instruction=self.instruction.toPlainText(),
            scope=str(self.scope.currentData()),
            adjacent_page_detection=self.adjacent.isChecked(),
            model_mode=str(self.mode.currentData()),
            confidence_threshold=self.threshold.value() / 100,
            custom_id=custom_id,
        )

    def _candidates(self) -> list[PageInput]:
        return select_candidates(self.pages)[0]

    def _windows(self, definition: DetectorDefinition | None) -> list[list[PageInput]]:
        candidates = self._candidates()
        if definition is None or not candidates:
            return []
        return [[candidates[i] for i in w] for w in windows_for(definition, candidates)]

    def _fill_windows(self) -> None:
        windows = self._windows(self.compiled or self._compile())
        self.window_choice.blockSignals(True)
        previous = self.window_choice.currentIndex()
        self.window_choice.clear()
        for window in windows:
            first, last = window[0].order + 1, window[-1].order + 1
            label = f"Page {first}" if first == last else f"Pages {first}–{last}"
            snippet = (window[0].text or "").strip().splitlines()[0][:40]
            self.window_choice.addItem(f"{label}: {snippet}")
        if windows:
            self.window_choice.setCurrentIndex(min(max(previous, 0), len(windows) - 1))
        self.window_choice.blockSignals(False)
        self._update_preview()

    def current_window(self) -> list[PageInput]:
        windows = self._windows(self.compiled)
        index = self.window_choice.currentIndex()
        if windows and 0 <= index < len(windows):
            return windows[index]
        return [PLACEHOLDER_PAGE]

    def _update_preview(self) -> None:
        if self._filling:
            return
        error = self.validation_error()
        if error:
            self.validation.show_error(error)
        else:
            self.validation.clear_message()
        definition = self._compile()
        self.compiled = definition
        builtin = self._viewing_builtin()
        self.save_button.setEnabled(error is None and not builtin)
        if definition is None:
            self.definition_view.setPlainText("Fill in a name and an instruction.")
            self.prompt_view.setPlainText("")
            self.schema_view.setPlainText("")
            self.try_button.setEnabled(False)
            return
        if self.window_choice.count() != len(self._windows(definition)):
            self._fill_windows()
            return
        windows = self._windows(definition)
        self.definition_view.setPlainText(
            describe(definition, [[p.order for p in w] for w in windows], len(self.pages))
        )
        if definition.engine != "prompt":
            note = (
                "No prompt: this detector counts words on each page without a model."
                if definition.engine == "lexical_count"
                else "No prompt: this detector finds people's names with spaCy."
            )
            self.prompt_view.setPlainText(note)
            self.schema_view.setPlainText("No reply schema: no model is asked.")
            self.try_button.setEnabled(False)
            return
        window = self.current_window()
        prompt = build_window_prompt(definition, window, route="text")
        self.prompt_view.setPlainText(f"── system ──\n{prompt.system}\n\n── user ──\n{prompt.user}")
        schema = window_schema(definition, len(window))
        self.schema_view.setPlainText(json.dumps(schema, indent=2, ensure_ascii=False))
        self.try_button.setEnabled(
            not self._trying and error is None and window[0] is not PLACEHOLDER_PAGE
        )

    # ------------------------------------------------------------------ try

    def try_on_page(self) -> None:
        """Ask the model about the chosen page or window (background; model on its thread)."""
        definition = self.compiled
        window = self.current_window()
        if definition is None or definition.engine != "prompt" or self._trying:
            return
        if window[0] is PLACEHOLDER_PAGE:
            self.message.show_error("Open a notebook first: there is no page to try on.")
            return
        if definition.input_mode == "vision":
            self.message.show_error(
                "A trial reads the page's text; run a vision detector from the overview."
            )
            return
        runner = self.runner
        if runner is None or runner.worker is None:
            self.message.show_error("No language model is configured; choose one in Settings.")
            return
        self._trying = True
        self.try_button.setEnabled(False)
        self.try_progress.show()
        self.message.clear_message()
        self.result.setPlainText("Asking the model…")

        self.tasks.run(
            lambda: try_window(runner, definition, window),
            lane=Lane.LONG,
            on_done=if_alive(self, self._tried),
            on_error=if_alive(self, self._try_failed),
        )

    def _end_try(self) -> None:
        self._trying = False
        self.try_progress.hide()
        self._update_preview()

    def _tried(self, result: TrialResult) -> None:
        self._end_try()
        reply = result.reply
        if reply is None:
            self.result.setHtml(
                "<p><b>The model's reply could not be read</b> (it was not the JSON asked "
                "for), so this counts as no detection.</p><pre>"
                + html.escape(result.reply_text[:2000])
                + "</pre>"
            )
        else:
            threshold = result.definition.confidence_threshold
            kept = reply.detected and reply.confidence >= threshold
            verdict = "Detected" if reply.detected else "Not detected"
            if reply.detected and not kept:
                verdict += " (below the threshold: no finding)"
            head = (
                f"<p><b>{verdict}</b> — confidence {reply.confidence:.2f} "
                f"(threshold {threshold:.2f})</p>"
            )
            reason = f"<p>{html.escape(reply.reason)}</p>" if reply.reason else ""
            evidence = (
                f"<p>{len(result.anchors)} evidence quote(s) found in the text:</p>"
                if result.anchors
                else "<p>No evidence quote could be found in the text.</p>"
            )
            self.result.setHtml(
                head + reason + evidence + highlighted_html(result.window, result.anchors)
            )
        self.trial_finished.emit(result)

    def _try_failed(self, error: BaseException) -> None:
        self._end_try()
        self.result.clear()
        self.message.show_error(user_message(error))
        self.trial_finished.emit(error)

    # ------------------------------------------------------------------ save etc.

    def save(self) -> None:
        error = self.validation_error()
        if error is not None:
            self.validation.show_error(error)
            return
        if self._viewing_builtin():
            return
        db = self.db
        values: dict[str, Any] = {
            "name": self.name.text(),
            "instruction": self.instruction.toPlainText(),
            "scope": str(self.scope.currentData()),
            "adjacent_page_detection": self.adjacent.isChecked(),
            "model_mode": str(self.mode.currentData()),
            "confidence_threshold": self.threshold.value() / 100,
            "custom_id": self.custom_id.text().strip() or None,
            "replace": self.editing is not None,
        }
        auto = self.auto_tag.isChecked()

        def work() -> OpResult[DetectorDefinition]:
            result = detectors.add_custom_detector(db, **values)
            tagged = notebook_runs.set_auto_tag(db, result.value.detector_id, auto)
            return OpResult(result.value, result.changes | tagged.changes)

        def done(result: OpResult[DetectorDefinition]) -> None:
            self.editing = result.value.detector_id
            self.auto_tags[result.value.detector_id] = auto
            self._fill(result.value)
            self.message.show_info(f"Saved {result.value.title} ({result.value.detector_id}).")
            self.reload()
            self.saved.emit(result.value.detector_id)

        self.tasks.run(
            work,
            on_done=if_alive(self, done),
            on_error=if_alive(self, lambda e: self.message.show_error(user_message(e))),
        )

    def duplicate(self) -> None:
        """A new detector with this one's settings (a copy of a built-in's prompt settings
        keeps its scope and mode; the instruction is the built-in's description)."""
        source = self._compile()
        if source is None:
            return
        name = f"{source.title} copy"
        self.new_detector()
        self._filling = True
        self.name.setText(name)
        instruction = source.extra_config.get("instruction")
        self.instruction.setPlainText(
            instruction if isinstance(instruction, str) else source.description
        )
        self.scope.setCurrentIndex(0 if source.scope == "page" else 1)
        self.adjacent.setChecked(source.scope == "page_window")
        self.mode.setCurrentIndex(max(0, self.mode.findData(source.input_mode)))
        self.threshold.setValue(round(source.confidence_threshold * 100))
        self._filling = False
        self.heading.setText("New custom detector (a copy)")
        self._threshold_changed(self.threshold.value())

    def delete(self) -> None:
        detector_id = self.editing
        if detector_id is None:
            return
        answer = QMessageBox.question(
            self,
            "Delete detector",
            f"Delete the detector {detector_id}? Its past runs keep their results.",
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        db = self.db

        def done(_result: object) -> None:
            self.new_detector()
            self.message.show_info(f"Deleted {detector_id}.")
            self.reload()

        self.tasks.run(
            lambda: detectors.delete_detector(db, detector_id),
            on_done=if_alive(self, done),
            on_error=if_alive(self, lambda e: self.message.show_error(user_message(e))),
        )

    def _pick_export(self) -> None:
        detector_id = self.editing or self._selected_id()
        if detector_id is None:
            return
        suggested = detector_id.replace("/", "-") + ".json"
        path, _ = QFileDialog.getSaveFileName(self, "Export detector", suggested, "JSON (*.json)")
        if path:
            self.export_to(detector_id, Path(path))

    def export_to(self, detector_id: str, path: Path) -> None:
        db = self.db

        def work() -> Path:
            document = detectors.export_detector(db, detector_id)
            path.write_text(json.dumps(document, indent=2, ensure_ascii=False), encoding="utf-8")
            return path

        self.tasks.run(
            work,
            on_done=if_alive(self, lambda p: self.message.show_info(f"Exported to {p.name}.")),
            on_error=if_alive(self, lambda e: self.message.show_error(user_message(e))),
        )

    def _pick_import(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import detector", "", "JSON (*.json)")
        if path:
            self.import_from(Path(path))

    def import_from(self, path: Path) -> None:
        db = self.db

        def done(result: OpResult[detectors.DetectorInfo]) -> None:
            self.editing = result.value.detector_id
            self.message.show_info(f"Imported {result.value.title}.")
            self.reload()
            self.saved.emit(result.value.detector_id)

        self.tasks.run(
            lambda: detectors.import_detector_file(db, path),
            on_done=if_alive(self, done),
            on_error=if_alive(self, lambda e: self.message.show_error(user_message(e))),
        )
