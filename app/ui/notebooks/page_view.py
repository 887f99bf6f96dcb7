"""One notebook page: its scan beside its text, the findings covering it, and its tags.

The scan is zoomable (fit-to-width by default, aspect kept).  The text is read-only with
an Edit toggle; saving writes the user's text, which makes the detectors that read the
page stale (the status line says which).  Findings covering the page are highlighted at
their evidence anchors, one colour per finding type, and listed in the side panel with
Accept / Reject for the whole finding and for this page of a multi-page finding, and
Apply tag.  A person tagged in the imported file and found by the names detector too is
one card and one highlight ("Imported tag, also found by names"), and reviewing it
reviews both findings (:func:`app.services.notebooks.findings.page_items`).  Tag chips
show the page's tags; "×" takes one off, the line edit adds one.

Keyboard: PgDown/PgUp or Alt+Right/Left next/previous page, J/K next/previous finding,
A/X accept/reject the current finding.

A line under the scan says which detectors will read the page image, from the domain's
routing for this page (has it text?) given a text model and whether a vision model is
configured (``set_vision_configured``, which the owner calls from its settings).

Every database call goes through ``Tasks`` (the database lane); the page image is read
on that background thread too (as a ``QImage``, scaled down when it is very large).  Moving to
another page calls ``show_page`` and emits ``page_requested`` so the owner can follow
(calling ``show_page`` again with the page already shown does nothing).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Final

from PySide6.QtCore import (
    QEvent,
    QObject,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    QStringListModel,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAccessible,
    QBrush,
    QColor,
    QHelpEvent,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import (
    QCompleter,
    QFileDialog,
    QFrame,
    QGraphicsPixmapItem,
    QGraphicsPolygonItem,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTextEdit,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app.domain.notebooks.definitions import DetectorDefinition
from app.domain.notebooks.identity import route
from app.domain.notebooks.reviews import ReviewStatus
from app.domain.notebooks.transcription import PageLines, lines_covering
from app.services.changes import Changes, OpResult
from app.services.notebooks import findings as findings_service
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks import tags
from app.services.notebooks.findings import FindingInfo, PageItem
from app.services.notebooks.imported_findings import IMPORTED_DETECTOR
from app.services.notebooks.pages import PageInfo
from app.services.notebooks.tags import TagInfo
from app.services.notebooks.transcription import page_lines
from app.store import Database
from app.ui.common.accessibility import give_role
from app.ui.common.images import read_image
from app.ui.common.messages import MessageLabel, if_alive, user_message
from app.ui.common.tasks import Tasks
from app.ui.common.text_marks import PositionMap, highlight_background
from app.ui.notebooks.look import (
    FlowLayout,
    clear_layout,
    page_range,
    swatch_style,
    tag_chip,
    type_colour,
    type_name,
)

KEY_HELP = "J/K finding · A accept · X reject · PgUp/PgDn page"
ZOOM_STEP = 1.25
STATUS_WORDS: Final = {
    ReviewStatus.UNREVIEWED: "Unreviewed",
    ReviewStatus.APPROVED: "Accepted",
    ReviewStatus.REJECTED: "Rejected",
}


@dataclass(frozen=True)
class PageSnapshot:
    """Everything the page view shows, read on the background thread."""

    notebook_id: int
    notebook_title: str
    pages: tuple[PageInfo, ...]
    page: PageInfo
    findings: tuple[FindingInfo, ...]
    """Published findings whose span covers this page."""
    items: tuple[PageItem, ...]
    """The same findings as the page shows them: a name tagged in the imported file and
    found by the names detector too is one item."""
    catalogue: tuple[TagInfo, ...]
    image: QImage | None
    image_error: str | None = None
    definitions: tuple[DetectorDefinition, ...] = ()
    """Every detector definition (built-ins and custom), for the image-readers line."""
    lines: PageLines | None = None
    """The transcribed lines with their boxes on this scan, when it was transcribed."""

    @property
    def number(self) -> int:
        """The page's 1-based number in its notebook."""
        return next(i for i, p in enumerate(self.pages, start=1) if p.id == self.page.id)

    def page_number(self, page_id: int) -> int:
        return next((i for i, p in enumerate(self.pages, start=1) if p.id == page_id), 0)


def load_snapshot(db: Database, notebook_id: int, page_id: int) -> PageSnapshot:
    """Background: the page, its notebook's pages, covering findings, the tag catalogue,
    the detector definitions."""
    from app.services.notebooks.detectors import all_definitions

    notebook = notebooks.get_notebook(db, notebook_id)
    pages = tuple(notebooks.list_pages(db, notebook_id))
    page = next((p for p in pages if p.id == page_id), None)
    if page is None:
        page = notebooks.get_page(db, page_id)  # raises NotFoundError for a wrong id
    items = tuple(findings_service.page_items(db, notebook_id, page.id))
    image: QImage | None = None
    error: str | None = None
    path = notebooks.image_file(db, page)
    if path is not None:
        image, error = read_image(str(path))
    return PageSnapshot(
        notebook_id=notebook_id,
        notebook_title=notebook.title,
        pages=pages,
        page=page,
        findings=tuple(member for item in items for member in item.members),
        items=items,
        catalogue=tuple(tags.list_tags(db)),
        image=image,
        image_error=error,
        definitions=tuple(all_definitions(db)),
        lines=page_lines(db, page.id) if image is not None else None,
    )


def _names(titles: list[str]) -> str:
    return titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} and {titles[-1]}"


def _lower_first(title: str) -> str:
    return title[:1].lower() + title[1:]


def image_readers_text(
    definitions: tuple[DetectorDefinition, ...] | list[DetectorDefinition],
    *,
    page_has_text: bool,
    vision_configured: bool,
    text_model: bool = True,
) -> str:
    """One sentence: which detectors read this page's image (the domain's routing)."""

    def readers(vision: bool) -> list[str]:
        return [
            d.title
            for d in definitions
            if route(d, page_has_text=page_has_text, text_model=text_model, vision_model=vision)
            == "vision"
        ]

    reading = readers(vision_configured)
    if reading:
        return f"Read from the image: {_names(reading)}."
    skipped = [] if vision_configured else readers(True)
    if skipped:
        verb = "is" if len(skipped) == 1 else "are"
        names = _names([_lower_first(t) for t in skipped])
        return f"No detector reads this image (no vision model configured; {names} {verb} skipped)."
    return "No detector reads this image."


def stale_detectors(db: Database, notebook_id: int) -> list[str]:
    """Background: titles of the detectors whose published results are now stale."""
    from app.services.notebooks.detectors import all_definitions

    states = notebook_runs.detector_freshness(db, notebook_id)
    return [d.title for d in all_definitions(db) if states.get(d.detector_id) == "stale"]


def _bold(label: QLabel, scale: float = 1.0) -> QLabel:
    font = label.font()
    font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    return label


def _muted(label: QLabel) -> QLabel:
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def _swatch(colour: QColor, size: int = 10) -> QLabel:
    label = QLabel()
    label.setFixedSize(size, size)
    label.setStyleSheet(swatch_style(colour, size // 2))
    return label


# --------------------------------------------------------------------------- the scan


class ScanView(QGraphicsView):
    """The page image: fit-to-width by default, zoom in and out, aspect kept."""

    zoom_changed = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self._item = QGraphicsPixmapItem()
        self._item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.scene().addItem(self._item)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setBackgroundBrush(QBrush(self.palette().color(QPalette.ColorRole.Mid)))
        self.setAccessibleName("Page scan")
        self.fit_width = True
        self.zoom = 1.0
        self._fit_zoom = 1.0
        self.box_items: list[QGraphicsPolygonItem] = []
        """Evidence outlined on the scan (``set_boxes``)."""

    def set_image(self, image: QImage | None) -> None:
        pixmap = QPixmap.fromImage(image) if image is not None else QPixmap()
        self.set_boxes([])
        self._item.setPixmap(pixmap)
        self.scene().setSceneRect(QRectF(pixmap.rect()))
        self.fit_to_width()

    @property
    def has_image(self) -> bool:
        return not self._item.pixmap().isNull()

    def set_boxes(self, boxes: list[tuple[QPolygonF, QColor, bool]]) -> None:
        """Outline evidence on the scan: ``(polygon in the shown image's pixels, colour,
        current)``; the current finding's boxes are drawn thicker."""
        for item in self.box_items:
            self.scene().removeItem(item)
        self.box_items = []
        for polygon, colour, current in boxes:
            item = QGraphicsPolygonItem(polygon)
            fill = QColor(colour)
            fill.setAlpha(60)
            item.setBrush(QBrush(fill))
            pen = QPen(colour)
            pen.setWidthF(3.0 if current else 1.5)
            pen.setCosmetic(True)  # the same width at every zoom
            item.setPen(pen)
            self.scene().addItem(item)
            self.box_items.append(item)

    def image_size(self) -> QSize:
        return self._item.pixmap().size()

    def fit_to_width(self) -> None:
        self.fit_width = True
        self._apply_fit()

    def _apply_fit(self) -> None:
        width = self._item.pixmap().width()
        if width <= 0:
            return
        available = max(1, self.viewport().width() - 2)
        self._set_zoom(available / width, fitting=True)

    def zoom_in(self) -> None:
        self.fit_width = False
        self._set_zoom(self.zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.fit_width = False
        self._set_zoom(self.zoom / ZOOM_STEP)

    def _set_zoom(self, zoom: float, *, fitting: bool = False) -> None:
        if fitting:
            self._fit_zoom = zoom
        # manual zoom stays between 5% and 8x (or 4x the fitted zoom for a tiny scan)
        top = max(8.0, self._fit_zoom * 4)
        self.zoom = zoom if fitting else max(0.05, min(zoom, top))
        self.resetTransform()
        self.scale(self.zoom, self.zoom)
        self.zoom_changed.emit(self.zoom)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fit_width:
            self._apply_fit()


# --------------------------------------------------------------------------- findings


def sources_text(item: PageItem, definitions: tuple[DetectorDefinition, ...] = ()) -> str:
    """Where an item comes from when that is not (only) a detector run: ``"Tagged in the
    imported file"``, ``"Imported tag, also found by names"``; else ``""``."""
    if item.finding.detector_id != IMPORTED_DETECTOR:
        return ""
    if not item.also:
        return "Tagged in the imported file"
    titles = {d.detector_id: d.title for d in definitions}
    others = list(dict.fromkeys(titles.get(f.detector_id, f.detector_id) for f in item.also))
    return f"Imported tag, also found by {_names([_lower_first(t) for t in others])}"


def item_status(item: PageItem) -> str:
    """The review of an item: one word when its findings agree, else each source's."""
    statuses = [f.review_status for f in item.members]
    if len(set(statuses)) == 1:
        return STATUS_WORDS[statuses[0]]
    first = item.members[0]
    words = [f"{STATUS_WORDS[first.review_status]} (imported)"] + [
        f"{STATUS_WORDS[f.review_status].lower()} ({f.detector_id})" for f in item.members[1:]
    ]
    return ", ".join(words)


class FindingCard(QFrame):
    """One finding covering the page (with any merged into it: the same person tagged in
    the imported file and found by names): what, how sure, why, where, its review,
    actions.  Reviewing a merged card reviews every finding in it."""

    def __init__(self, item: PageItem, snapshot: PageSnapshot, owner: PageView) -> None:
        super().__init__()
        view = item.finding
        self.item = item
        self.finding = view
        self.setObjectName("findingCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        sources = sources_text(item, snapshot.definitions)
        self.setAccessibleName(
            f"Finding: {type_name(view.finding_type)}"
            + (f" — {_lower_first(sources)}" if item.also else "")
        )
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        colour = type_colour(view.finding_type)
        page_id = snapshot.page.id
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(4)

        top = QHBoxLayout()
        top.setSpacing(6)
        top.addWidget(_swatch(colour))
        title = type_name(view.finding_type)
        if view.finding_type == "names" and view.tag_label:
            title = f"Name: {view.tag_label}"
        elif view.title:
            title = f"{title}: {view.title}"
        self.title_label = _bold(QLabel(title))
        top.addWidget(self.title_label, 1)
        self.confidence_label = _muted(QLabel(f"{view.confidence:.0%}"))
        self.confidence_label.setToolTip("Confidence")
        top.addWidget(self.confidence_label)
        layout.addLayout(top)

        first = snapshot.page_number(view.start_page)
        last = snapshot.page_number(view.end_page)
        status = item_status(item)
        here = view.page_reviews.get(page_id)
        facts = [page_range(first, last).capitalize(), status]
        if sources:
            facts.insert(0, sources)
        if here is not None and len(view.page_ids) > 1:
            facts.append(f"this page {STATUS_WORDS[here].lower()}")
        if view.tag_slug:
            facts.append(f"tag {view.tag_slug}")
        self.facts_label = _muted(QLabel(" · ".join(facts)))
        self.facts_label.setWordWrap(True)
        layout.addWidget(self.facts_label)

        self.reason_label = QLabel(view.reason)
        self.reason_label.setWordWrap(True)
        self.reason_label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.reason_label)

        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        self.accept_button = QPushButton("Accept")
        self.accept_button.setToolTip("Accept the whole finding (A)")
        ids = item.ids
        self.accept_button.clicked.connect(lambda: owner.accept(ids))
        self.reject_button = QPushButton("Reject")
        self.reject_button.setToolTip("Reject the whole finding (X)")
        self.reject_button.clicked.connect(lambda: owner.reject(ids))
        buttons.addWidget(self.accept_button)
        buttons.addWidget(self.reject_button)
        self.accept_page_button = QPushButton("Accept page")
        self.accept_page_button.setToolTip("Accept this page of the finding only")
        self.accept_page_button.clicked.connect(lambda: owner.accept(ids, page_id))
        self.reject_page_button = QPushButton("Reject page")
        self.reject_page_button.setToolTip("Reject this page of the finding only")
        self.reject_page_button.clicked.connect(lambda: owner.reject(ids, page_id))
        self.apply_tag_button = QPushButton("Apply tag")
        self.apply_tag_button.setToolTip(
            f"Tag the finding's pages with {view.tag_slug}" if view.tag_slug else "No tag"
        )
        self.apply_tag_button.setEnabled(
            bool(view.tag_slug) and view.review_status != ReviewStatus.REJECTED
        )
        self.apply_tag_button.clicked.connect(lambda: owner.apply_tag(view.id))
        buttons.addWidget(self.apply_tag_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        # a multi-page finding is reviewed page by page too
        self.page_row = QWidget()
        page_buttons = QHBoxLayout(self.page_row)
        page_buttons.setContentsMargins(0, 0, 0, 0)
        page_buttons.setSpacing(4)
        page_buttons.addWidget(self.accept_page_button)
        page_buttons.addWidget(self.reject_page_button)
        page_buttons.addStretch(1)
        self.page_row.setVisible(len(view.page_ids) > 1)
        layout.addWidget(self.page_row)
        statuses = {f.review_status for f in item.members}
        here_all = {f.page_reviews.get(page_id) for f in item.members}
        self.accept_button.setEnabled(statuses != {ReviewStatus.APPROVED})
        self.reject_button.setEnabled(statuses != {ReviewStatus.REJECTED})
        self.accept_page_button.setEnabled(here_all != {ReviewStatus.APPROVED})
        self.reject_page_button.setEnabled(here_all != {ReviewStatus.REJECTED})
        for button in self.findChildren(QPushButton):
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setCursor(Qt.CursorShape.ArrowCursor)
        self._colour = colour
        self._owner = owner
        self.set_current(False)

    def set_current(self, current: bool) -> None:
        self.current = current
        border = self._colour.name() if current else "palette(mid)"
        width = 2 if current else 1
        rejected = all(f.review_status == ReviewStatus.REJECTED for f in self.item.members)
        faded = "color: palette(placeholder-text);" if rejected else ""
        self.setStyleSheet(
            f"QFrame#findingCard {{ border: {width}px solid {border}; border-radius: 6px;"
            f" background: palette(base); }}"
            f"QFrame#findingCard QLabel {{ {faded} }}"
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._owner.select_finding(self.finding.id)
        super().mousePressEvent(event)


# --------------------------------------------------------------------------- the view


class PageView(QWidget):
    """A notebook page: scan, text with highlighted findings, findings panel, tag chips."""

    page_requested = Signal(int, int)
    """(notebook id, page id): the user moved to another page (prev/next)."""
    status_message = Signal(str)

    def __init__(
        self,
        db: Database,
        tasks: Tasks,
        parent: QWidget | None = None,
        *,
        vision_configured: bool = False,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.tasks = tasks
        self._vision_configured = vision_configured
        self.snapshot: PageSnapshot | None = None
        self.current_finding: int | None = None
        self.is_loading = False
        self.editing = False
        self._missed_refresh = False
        self._wanted: tuple[int, int] | None = None
        self._generation = 0
        self._positions: list[tuple[int, int, FindingInfo]] = []
        self._items: dict[int, PageItem] = {}
        self.cards: list[FindingCard] = []
        self.chips: dict[str, QFrame] = {}
        self.setAccessibleName("Notebook page")
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # its keys work after a click anywhere
        self._build()
        self._key_sources: tuple[QObject, ...] = (self.text_view, self.scan, self.panel_scroll)
        self._text_viewport = self.text_view.viewport()
        for source in (*self._key_sources, self._text_viewport):
            source.installEventFilter(self)
        self._show_empty()

    # ------------------------------------------------------------------ layout

    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 10, 12, 8)
        outer.setSpacing(8)

        header = QHBoxLayout()
        header.setSpacing(6)
        self.prev_button = QToolButton()
        self.prev_button.setText("‹")
        self.prev_button.setToolTip("Previous page (PgUp)")
        self.prev_button.clicked.connect(self.previous_page)
        self.next_button = QToolButton()
        self.next_button.setText("›")
        self.next_button.setToolTip("Next page (PgDown)")
        self.next_button.clicked.connect(self.next_page)
        self.title_label = _bold(QLabel(), 1.35)
        self.page_label = _muted(QLabel())
        header.addWidget(self.prev_button)
        header.addWidget(self.next_button)
        header.addSpacing(6)
        header.addWidget(self.title_label)
        header.addWidget(self.page_label)
        header.addStretch(1)
        self.excluded_label = _muted(QLabel("Excluded from analysis"))
        self.excluded_label.hide()
        header.addWidget(self.excluded_label)
        outer.addLayout(header)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self._build_scan())
        self.splitter.addWidget(self._build_text())
        self.splitter.addWidget(self._build_panel())
        self.splitter.setStretchFactor(0, 4)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setStretchFactor(2, 3)
        self.splitter.setSizes([380, 470, 330])
        outer.addWidget(self.splitter, 1)

    def _build_scan(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        bar = QHBoxLayout()
        bar.setSpacing(4)
        self.zoom_out_button = QToolButton()
        self.zoom_out_button.setText("−")
        self.zoom_out_button.setToolTip("Zoom out")
        self.zoom_in_button = QToolButton()
        self.zoom_in_button.setText("+")
        self.zoom_in_button.setToolTip("Zoom in")
        self.fit_button = QToolButton()
        self.fit_button.setText("Fit width")
        self.fit_button.setToolTip("Fit the scan to the width")
        self.attach_button = QToolButton()
        self.attach_button.setText("Attach scan…")
        self.attach_button.setToolTip("Give this page a scan (PNG, JPEG or TIFF), or replace it")
        self.attach_button.clicked.connect(self._pick_scan)
        self.zoom_label = _muted(QLabel())
        bar.addWidget(_bold(QLabel("Scan")))
        bar.addStretch(1)
        bar.addWidget(self.attach_button)
        bar.addWidget(self.zoom_label)
        bar.addWidget(self.zoom_out_button)
        bar.addWidget(self.zoom_in_button)
        bar.addWidget(self.fit_button)
        layout.addLayout(bar)
        self.scan = ScanView()
        self.no_scan_label = _muted(QLabel("No scan for this page"))
        self.no_scan_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_scan_label.setWordWrap(True)
        self.no_scan_label.setFrameShape(QFrame.Shape.StyledPanel)
        self.scan_stack = QStackedWidget()
        self.scan_stack.addWidget(self.scan)
        self.scan_stack.addWidget(self.no_scan_label)
        layout.addWidget(self.scan_stack, 1)
        self.image_readers_label = _muted(QLabel())
        self.image_readers_label.setWordWrap(True)
        self.image_readers_label.setTextFormat(Qt.TextFormat.PlainText)
        self.image_readers_label.setAccessibleName("Detectors that read the scan")
        self.image_readers_label.hide()
        layout.addWidget(self.image_readers_label)
        self.zoom_in_button.clicked.connect(self.scan.zoom_in)
        self.zoom_out_button.clicked.connect(self.scan.zoom_out)
        self.fit_button.clicked.connect(self.scan.fit_to_width)
        self.scan.zoom_changed.connect(lambda z: self.zoom_label.setText(f"{z:.0%}"))
        return box

    def _build_text(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)

        self.chip_box = QWidget()
        self.chip_layout = FlowLayout(self.chip_box)
        self.tag_edit = QLineEdit()
        self.tag_edit.setPlaceholderText("Add tag…")
        self.tag_edit.setAccessibleName("Add tag")
        self.tag_edit.setClearButtonEnabled(True)
        self.tag_edit.setMinimumWidth(110)
        self.tag_edit.setMaximumWidth(180)
        self._tag_names = QStringListModel(self)
        completer = QCompleter(self._tag_names, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.tag_edit.setCompleter(completer)
        self.tag_edit.returnPressed.connect(self._add_tag_from_edit)
        tag_row = QHBoxLayout()
        tag_row.setSpacing(6)
        tag_row.addWidget(_muted(QLabel("Tags")), 0, Qt.AlignmentFlag.AlignTop)
        tag_row.addWidget(self.chip_box, 1)
        tag_row.addWidget(self.tag_edit, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(tag_row)

        bar = QHBoxLayout()
        bar.setSpacing(6)
        self.legend = QWidget()
        self.legend_layout = FlowLayout(self.legend, spacing=10)
        bar.addWidget(self.legend, 1)
        self.edit_button = QPushButton("Edit")
        self.edit_button.setCheckable(True)
        self.edit_button.setToolTip("Edit the page's text")
        self.edit_button.toggled.connect(self._toggle_edit)
        self.save_button = QPushButton("Save")
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save_text)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel_edit)
        self.save_button.hide()
        self.cancel_button.hide()
        bar.addWidget(self.edit_button, 0, Qt.AlignmentFlag.AlignTop)
        bar.addWidget(self.save_button, 0, Qt.AlignmentFlag.AlignTop)
        bar.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(bar)

        self.text_view = QPlainTextEdit()
        self.text_view.setReadOnly(True)
        self.text_view.setAccessibleName("Page text")
        self.text_view.setPlaceholderText("This page has no text.")
        font = self.text_view.font()
        font.setPointSizeF(max(font.pointSizeF(), 10.0) * 1.2)
        self.text_view.setFont(font)
        self.text_view.document().setDocumentMargin(12)
        self.text_view.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        layout.addWidget(self.text_view, 1)

        self.message = MessageLabel()
        layout.addWidget(self.message)
        return box

    def _build_panel(self) -> QWidget:
        box = QWidget()
        box.setMinimumWidth(260)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.panel_title = _bold(QLabel("Findings"))
        layout.addWidget(self.panel_title)
        self.key_help = _muted(QLabel(KEY_HELP))
        self.key_help.setWordWrap(True)
        layout.addWidget(self.key_help)
        self.cards_box = QWidget()
        self.cards_layout = QVBoxLayout(self.cards_box)
        self.cards_layout.setContentsMargins(0, 4, 4, 4)
        self.cards_layout.setSpacing(8)
        self.cards_layout.addStretch(1)
        self.no_findings_label = _muted(QLabel("No findings cover this page."))
        self.no_findings_label.setWordWrap(True)
        self.cards_layout.insertWidget(0, self.no_findings_label)
        self.panel_scroll = QScrollArea()
        self.panel_scroll.setWidgetResizable(True)
        self.panel_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.panel_scroll.setWidget(self.cards_box)
        layout.addWidget(self.panel_scroll, 1)
        return box

    # ------------------------------------------------------------------ loading

    def show_page(self, notebook_id: int, page_id: int) -> None:
        """Show a page (does nothing when that page is already shown or on its way)."""
        if self._wanted == (notebook_id, page_id):
            return
        if self.editing:
            self.cancel_edit()
        self._wanted = (notebook_id, page_id)
        self.current_finding = None
        self._load()

    def refresh(self, changes: Changes) -> None:
        """Re-read the page when something it shows changed."""
        if self._wanted is None:
            return
        if self.editing:
            self._missed_refresh = True  # caught up when the edit ends
            return
        notebook_id, page_id = self._wanted
        shown = self.snapshot
        findings = {f.id for f in shown.findings} if shown is not None else set()
        if (
            notebook_id in changes.notebooks
            or page_id in changes.pages
            or changes.findings & findings
            or changes.tags
            or changes.detectors
            or (shown is not None and changes.pages & {p.id for p in shown.pages})
        ):
            self._load()

    def _load(self) -> None:
        if self._wanted is None:
            return
        notebook_id, page_id = self._wanted
        self._generation += 1
        self._missed_refresh = False
        generation = self._generation
        self.is_loading = True
        db = self.db

        def done(snapshot: PageSnapshot) -> None:
            if generation == self._generation:
                self.is_loading = False
                self._apply(snapshot)

        def failed(error: BaseException) -> None:
            if generation == self._generation:
                self.is_loading = False
                self.message.show_error(user_message(error))

        self.tasks.run(
            lambda: load_snapshot(db, notebook_id, page_id),
            on_done=if_alive(self, done),
            on_error=if_alive(self, failed),
        )

    def _show_empty(self) -> None:
        self.title_label.setText("No page")
        self.page_label.setText("")
        self.prev_button.setEnabled(False)
        self.next_button.setEnabled(False)
        self.edit_button.setEnabled(False)
        self.tag_edit.setEnabled(False)
        self.scan_stack.setCurrentWidget(self.no_scan_label)
        self.image_readers_label.hide()

    # ------------------------------------------------------------------ image readers

    @property
    def vision_configured(self) -> bool:
        return self._vision_configured

    def set_vision_configured(self, on: bool) -> None:
        """Whether a vision model (multimodal GGUF and projector) is configured."""
        if on != self._vision_configured:
            self._vision_configured = on
            self._show_image_readers()

    def _show_image_readers(self) -> None:
        snapshot = self.snapshot
        label = self.image_readers_label
        if snapshot is None or snapshot.page.image_path is None:
            label.hide()
            return
        page = snapshot.page
        if page.excluded:
            label.setText("No detector reads this page (it is excluded from analysis).")
        else:
            label.setText(
                image_readers_text(
                    snapshot.definitions,
                    page_has_text=bool(page.text and page.text.strip()),
                    vision_configured=self._vision_configured,
                )
            )
        label.show()

    def _apply(self, snapshot: PageSnapshot) -> None:
        self.snapshot = snapshot
        page = snapshot.page
        self.title_label.setText(snapshot.notebook_title)
        self.page_label.setText(f"Page {snapshot.number} of {len(snapshot.pages)}")
        self.prev_button.setEnabled(snapshot.number > 1)
        self.next_button.setEnabled(snapshot.number < len(snapshot.pages))
        self.edit_button.setEnabled(True)
        self.tag_edit.setEnabled(True)
        self.excluded_label.setVisible(page.excluded)

        if snapshot.image is not None:
            self.scan.set_image(snapshot.image)
            self.scan_stack.setCurrentWidget(self.scan)
            self.zoom_in_button.setEnabled(True)
            self.zoom_out_button.setEnabled(True)
            self.fit_button.setEnabled(True)
        else:
            self.scan.set_image(None)
            self.no_scan_label.setText(
                f"No scan for this page (text only); attach one with Attach scan… or "
                f"`inkling notebook attach-scan {page.id} FILE`."
                if snapshot.image_error is None
                else f"The scan could not be read ({snapshot.image_error})."
            )
            self.scan_stack.setCurrentWidget(self.no_scan_label)
            self.zoom_label.setText("")
            for button in (self.zoom_in_button, self.zoom_out_button, self.fit_button):
                button.setEnabled(False)

        if not self.editing:
            scroll = self.text_view.verticalScrollBar().value()
            same = self.text_view.toPlainText() == (page.text or "")
            if not same:
                self.text_view.setPlainText(page.text or "")
            else:
                self.text_view.verticalScrollBar().setValue(scroll)
        self._show_image_readers()
        self._tag_names.setStringList([t.slug for t in snapshot.catalogue])
        self._fill_chips(snapshot)
        self._fill_findings(snapshot)

    # ------------------------------------------------------------------ highlights

    def _anchored(self, snapshot: PageSnapshot) -> list[tuple[int, int, FindingInfo]]:
        """(start, end, finding) of each evidence anchor on this page, in code points; a
        merged item's anchors all stand for its first finding (a range both of its
        sources anchored is highlighted once)."""
        text = snapshot.page.text or ""
        out: list[tuple[int, int, FindingInfo]] = []
        for item in snapshot.items:
            seen: set[tuple[int, int]] = set()
            for member in item.members:
                for evidence in member.evidence:
                    if evidence.page_id != snapshot.page.id:
                        continue
                    start, end = evidence.anchor_start, evidence.anchor_end
                    if (start, end) in seen:
                        continue
                    if 0 <= start < end <= len(text) and text[start:end] == evidence.anchor_text:
                        seen.add((start, end))
                        out.append((start, end, item.finding))
        out.sort(key=lambda entry: (entry[0], entry[1], entry[2].id))
        return out

    def _ordered_items(self, snapshot: PageSnapshot) -> list[PageItem]:
        """Items in reading order: by their first anchor on the page, else at the end."""
        first: dict[int, int] = {}
        for start, _end, finding in self._positions:
            first.setdefault(finding.id, start)
        return sorted(
            snapshot.items,
            key=lambda i: (
                first.get(i.finding.id, 1 << 30),
                snapshot.page_number(i.finding.start_page),
                i.finding.id,
            ),
        )

    def _fill_findings(self, snapshot: PageSnapshot) -> None:
        self._positions = self._anchored(snapshot)
        items = self._ordered_items(snapshot)
        ordered = [item.finding for item in items]
        self._items = {item.finding.id: item for item in items}
        for card in self.cards:
            card.setParent(None)
            card.deleteLater()
        self.cards = []
        for index, item in enumerate(items):
            card = FindingCard(item, snapshot, self)
            self.cards_layout.insertWidget(index, card)
            self.cards.append(card)
        self.no_findings_label.setVisible(not ordered)
        count = len(ordered)
        self.panel_title.setText(
            f"{count} finding{'s' if count != 1 else ''} on this page" if count else "Findings"
        )
        self._fill_legend(ordered)
        ids = [f.id for f in ordered]
        if self.current_finding not in ids:
            self.current_finding = ids[0] if ids else None
        self._mark_current()
        self.apply_highlights()

    def _fill_legend(self, ordered: list[FindingInfo]) -> None:
        while self.legend_layout.count():
            item = self.legend_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        seen: list[str] = []
        for finding in ordered:
            if finding.finding_type not in seen:
                seen.append(finding.finding_type)
        self.legend_types = seen
        for finding_type in seen:
            entry = QWidget()
            row = QHBoxLayout(entry)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(4)
            row.addWidget(_swatch(type_colour(finding_type)))
            row.addWidget(_muted(QLabel(type_name(finding_type))))
            self.legend_layout.addWidget(entry)

    def scan_boxes(self) -> list[tuple[QPolygonF, QColor, bool]]:
        """The transcribed lines each evidence anchor covers, as polygons on the shown
        scan (scaled as it was read), in the finding type's colour."""
        snapshot = self.snapshot
        if snapshot is None or snapshot.lines is None or not self.scan.has_image:
            return []
        lines, text = snapshot.lines, snapshot.page.text or ""
        shown = self.scan.image_size()
        scale_x = shown.width() / lines.width if lines.width > 0 else 1.0
        scale_y = shown.height() / lines.height if lines.height > 0 else 1.0
        boxes: list[tuple[QPolygonF, QColor, bool]] = []
        for start, end, finding in self._positions:
            colour = type_colour(finding.finding_type)
            for line in lines_covering(text, lines.lines, start, end):
                polygon = QPolygonF([QPointF(x * scale_x, y * scale_y) for x, y in line.points])
                boxes.append((polygon, colour, finding.id == self.current_finding))
        return boxes

    def apply_highlights(self) -> None:
        """One ExtraSelection per evidence anchor, in its finding type's colour; the
        current finding's anchors are underlined as well.  When the page was
        transcribed from its scan, the lines the anchors cover are outlined on it."""
        if self.editing or self.snapshot is None:
            self.text_view.setExtraSelections([])
            self.scan.set_boxes([])
            return
        self.scan.set_boxes(self.scan_boxes())
        positions = PositionMap(self.snapshot.page.text or "")
        palette = self.text_view.palette()
        selections: list[QTextEdit.ExtraSelection] = []
        for start, end, finding in self._positions:
            colour = type_colour(finding.finding_type)
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(self.text_view.document())
            cursor.setPosition(positions.to_qt(start))
            cursor.setPosition(positions.to_qt(end), QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            fmt = QTextCharFormat()
            fill = highlight_background(colour, palette)
            members = self._items[finding.id].members if finding.id in self._items else ()
            if members and all(m.review_status == ReviewStatus.REJECTED for m in members):
                fill.setAlpha(max(25, fill.alpha() // 3))
            fmt.setBackground(fill)
            fmt.setProperty(QTextFormat.Property.UserProperty, finding.id)
            if finding.id == self.current_finding:
                fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
                fmt.setUnderlineColor(colour)
                fmt.setFontUnderline(True)
            selection.format = fmt
            selections.append(selection)
        self.text_view.setExtraSelections(selections)

    def findings_at(self, index: int) -> list[FindingInfo]:
        """Findings whose anchors cover the character at ``index`` (code points)."""
        return [f for start, end, f in self._positions if start <= index < end]

    def tooltip_for(self, index: int) -> str:
        lines = []
        definitions = self.snapshot.definitions if self.snapshot is not None else ()
        for finding in self.findings_at(index):
            item = self._items.get(finding.id, PageItem(finding))
            sources = sources_text(item, definitions)
            lines.append(
                f"<b>{html.escape(type_name(finding.finding_type))}</b>"
                f" · {finding.confidence:.0%} · {html.escape(item_status(item))}"
                + (f" · {html.escape(_lower_first(sources))}" if item.also else "")
                + f"<br>{html.escape(finding.reason)}"
            )
        return "<hr>".join(lines)

    # ------------------------------------------------------------------ current finding

    def select_finding(self, finding_id: int) -> None:
        self.current_finding = finding_id
        self._mark_current()
        self.apply_highlights()
        self._reveal_current()

    def next_finding(self) -> None:
        self._step_finding(1)

    def previous_finding(self) -> None:
        self._step_finding(-1)

    def _step_finding(self, step: int) -> None:
        ids = [card.finding.id for card in self.cards]
        if not ids:
            return
        if self.current_finding not in ids:
            index = 0 if step > 0 else len(ids) - 1
        else:
            index = (ids.index(self.current_finding) + step) % len(ids)
        self.select_finding(ids[index])

    def _mark_current(self) -> None:
        for card in self.cards:
            card.set_current(card.finding.id == self.current_finding)

    def _reveal_current(self) -> None:
        for card in self.cards:
            if card.current:
                self.panel_scroll.ensureWidgetVisible(card, 0, 8)
        if self.snapshot is None:
            return
        starts = [s for s, _e, f in self._positions if f.id == self.current_finding]
        if starts:
            positions = PositionMap(self.snapshot.page.text or "")
            cursor = QTextCursor(self.text_view.document())
            cursor.setPosition(positions.to_qt(starts[0]))
            self.text_view.setTextCursor(cursor)
            self.text_view.ensureCursorVisible()

    # ------------------------------------------------------------------ review

    def _run(self, fn: Callable[[], OpResult[Any]], done: Callable[[Any], None]) -> None:
        self.tasks.run(
            fn,
            on_done=if_alive(self, done),
            on_error=if_alive(self, lambda e: self.message.show_error(user_message(e))),
        )

    def _say(self, text: str) -> None:
        self.message.show_info(text)
        self.status_message.emit(text)

    def accept(self, finding_ids: int | tuple[int, ...], page_id: int | None = None) -> None:
        """Accept a finding, or every finding of a merged item, in one transaction."""
        self._review(finding_ids, ReviewStatus.APPROVED, "Accepted", page_id)

    def reject(self, finding_ids: int | tuple[int, ...], page_id: int | None = None) -> None:
        """Reject a finding, or every finding of a merged item, in one transaction."""
        self._review(finding_ids, ReviewStatus.REJECTED, "Rejected", page_id)

    def _review(
        self,
        finding_ids: int | tuple[int, ...],
        decision: ReviewStatus,
        verb: str,
        page_id: int | None,
    ) -> None:
        db = self.db
        ids = (finding_ids,) if isinstance(finding_ids, int) else finding_ids
        self._run(
            lambda: findings_service.review_findings(db, ids, decision, page_id=page_id),
            lambda r: self._reviewed(r.value, verb, page_id),
        )

    def _reviewed(self, views: list[FindingInfo], verb: str, page_id: int | None) -> None:
        if not views:
            return
        what = type_name(views[0].finding_type).lower()
        where = " on this page" if page_id is not None else ""
        both = " (the imported tag and the names finding)" if len(views) > 1 else ""
        self._say(f"{verb} the {what}{where}{both}.")

    def apply_tag(self, finding_id: int) -> None:
        db = self.db

        def done(result: OpResult[int]) -> None:
            n = result.value
            self._say(
                f"Tagged {n} page{'s' if n != 1 else ''}."
                if n
                else "Its pages already had the tag."
            )

        self._run(lambda: findings_service.apply_finding_tag(db, finding_id), done)

    def _current_ids(self) -> tuple[int, ...]:
        current = self.current_finding
        if current is None:
            return ()
        item = self._items.get(current)
        return item.ids if item is not None else (current,)

    def accept_current(self) -> None:
        if ids := self._current_ids():
            self.accept(ids)

    def reject_current(self) -> None:
        if ids := self._current_ids():
            self.reject(ids)

    # ------------------------------------------------------------------ tags

    def _fill_chips(self, snapshot: PageSnapshot) -> None:
        clear_layout(self.chip_layout)
        self.chips = {}
        catalogue = {t.slug: t for t in snapshot.catalogue}
        for slug in snapshot.page.tags:
            tag = catalogue.get(slug)
            colour = QColor(tag.colour) if tag is not None else QColor("#9e9e9e")
            label = tag.label if tag is not None else slug
            chip = tag_chip(label, colour, slug, partial(self.remove_tag, slug))
            self.chip_layout.addWidget(chip)
            self.chips[slug] = chip
        if not snapshot.page.tags:
            self.chip_layout.addWidget(_muted(QLabel("none yet")))
        self.chip_box.updateGeometry()

    def _add_tag_from_edit(self) -> None:
        text = self.tag_edit.text().strip()
        if text:
            self.add_tag(text)

    def add_tag(self, slug: str) -> None:
        if self.snapshot is None:
            return
        db, page_id = self.db, self.snapshot.page.id

        def done(result: OpResult[PageInfo]) -> None:
            self.tag_edit.clear()
            self._say(f"Tagged this page {', '.join(result.changes.tags) or slug}.")

        self._run(lambda: tags.add_page_tags(db, page_id, [slug]), done)

    def remove_tag(self, slug: str) -> None:
        if self.snapshot is None:
            return
        db, page_id = self.db, self.snapshot.page.id
        self._run(
            lambda: tags.remove_page_tags(db, page_id, [slug]),
            lambda _r: self._say(f"Removed the tag {slug}."),
        )

    # ------------------------------------------------------------------ editing

    def _toggle_edit(self, on: bool) -> None:
        if on == self.editing:
            return
        if on and self.snapshot is None:
            self.edit_button.setChecked(False)
            return
        self.editing = on
        self.text_view.setReadOnly(not on)
        if on:
            self.text_view.setTextInteractionFlags(Qt.TextInteractionFlag.TextEditorInteraction)
            self.text_view.setFocus()
            self.message.show_info("Editing: Save keeps your text; detectors will need a re-run.")
        else:
            self.text_view.setTextInteractionFlags(
                Qt.TextInteractionFlag.TextSelectableByMouse
                | Qt.TextInteractionFlag.TextSelectableByKeyboard
            )
        self.save_button.setVisible(on)
        self.cancel_button.setVisible(on)
        self.edit_button.setText("Editing" if on else "Edit")
        self.apply_highlights()

    def cancel_edit(self) -> None:
        """Leave edit mode, putting the page's text back."""
        self.edit_button.setChecked(False)
        if self.snapshot is not None:
            self.text_view.setPlainText(self.snapshot.page.text or "")
        self.message.clear_message()
        self.apply_highlights()
        if self._missed_refresh:
            self._load()

    def save_text(self) -> None:
        if self.snapshot is None or not self.editing:
            return
        db = self.db
        page_id = self.snapshot.page.id
        notebook_id = self.snapshot.notebook_id
        text = self.text_view.toPlainText()
        self.save_button.setEnabled(False)

        def write() -> OpResult[list[str]]:
            """The titles of the detectors the edit made stale, with what it changed."""
            changes = notebooks.edit_page_text(db, page_id, text).changes
            stale = stale_detectors(db, notebook_id) if not changes.empty else []
            return OpResult(stale, changes)

        def done(result: OpResult[list[str]]) -> None:
            stale = result.value
            self.save_button.setEnabled(True)
            self.edit_button.setChecked(False)
            if result.changes.empty and self._missed_refresh:
                self._load()
            if result.changes.empty:
                self._say("No changes to save.")
            elif stale:
                self._say(f"Saved. Now stale: {', '.join(stale)} — run them again to update.")
            else:
                self._say("Saved.")

        def failed(error: BaseException) -> None:
            self.save_button.setEnabled(True)
            self.message.show_error(user_message(error))

        # done runs first (the edit has ended), then the changes reach the views
        self.tasks.run(write, on_done=if_alive(self, done), on_error=if_alive(self, failed))

    # ------------------------------------------------------------------ scans

    def _pick_scan(self) -> None:
        if self.snapshot is None:
            return
        path, _ = QFileDialog.getOpenFileName(
            self, "Attach a scan", "", "Scans (*.png *.jpg *.jpeg *.tif *.tiff)"
        )
        if path:
            self.attach_scan(Path(path))

    def attach_scan(self, path: Path) -> None:
        """Give the page shown the scan at ``path`` (in the background)."""
        if self.snapshot is None:
            return
        db, page_id = self.db, self.snapshot.page.id
        self.tasks.run(
            lambda: notebooks.attach_scan(db, page_id, path),
            on_done=if_alive(self, lambda _result: self._say("Scan attached.")),
            on_error=if_alive(self, lambda e: self.message.show_error(user_message(e))),
        )

    # ------------------------------------------------------------------ pages

    def _neighbour(self, step: int) -> PageInfo | None:
        """The page ``step`` away from the one shown or on its way (keys may come faster
        than pages load)."""
        if self.snapshot is None or self._wanted is None:
            return None
        notebook_id, page_id = self._wanted
        if notebook_id != self.snapshot.notebook_id:
            return None
        ids = [p.id for p in self.snapshot.pages]
        if page_id not in ids:
            return None
        index = ids.index(page_id) + step
        if 0 <= index < len(self.snapshot.pages):
            return self.snapshot.pages[index]
        return None

    def next_page(self) -> None:
        self._go(1)

    def previous_page(self) -> None:
        self._go(-1)

    def _go(self, step: int) -> None:
        if self.editing:
            self.message.show_info("Save or cancel your edit before moving to another page.")
            return
        page = self._neighbour(step)
        if page is None:
            return
        self.show_page(page.notebook_id, page.id)
        self.page_requested.emit(page.notebook_id, page.id)

    # ------------------------------------------------------------------ keyboard

    def handle_key(self, event: QKeyEvent) -> bool:
        """The page view's keys; True when handled.  Letters only while not typing."""
        key = event.key()
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        alt = modifiers == Qt.KeyboardModifier.AltModifier
        plain = modifiers == Qt.KeyboardModifier.NoModifier
        if self.editing:
            return False
        if (plain and key == Qt.Key.Key_PageDown) or (alt and key == Qt.Key.Key_Right):
            self.next_page()
            return True
        if (plain and key == Qt.Key.Key_PageUp) or (alt and key == Qt.Key.Key_Left):
            self.previous_page()
            return True
        if not plain:
            return False
        actions = {
            Qt.Key.Key_J: self.next_finding,
            Qt.Key.Key_K: self.previous_finding,
            Qt.Key.Key_A: self.accept_current,
            Qt.Key.Key_X: self.reject_current,
        }
        action = actions.get(Qt.Key(key))
        if action is None:
            return False
        action()
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.handle_key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if watched in self._key_sources:
                return self.handle_key(event)
        elif watched is self._text_viewport and self.snapshot is not None:
            if kind == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
                index = self._index_at(event.pos())
                tip = self.tooltip_for(index) if index is not None else ""
                if tip:
                    QToolTip.showText(event.globalPos(), tip, self.text_view.viewport())
                else:
                    QToolTip.hideText()
                return True
            if (
                kind == QEvent.Type.MouseButtonRelease
                and isinstance(event, QMouseEvent)
                and not self.editing
            ):
                index = self._index_at(event.position().toPoint())
                hit = self.findings_at(index) if index is not None else []
                if hit and not self.text_view.textCursor().hasSelection():
                    self.select_finding(hit[0].id)
        return super().eventFilter(watched, event)

    def _index_at(self, pos: QPoint) -> int | None:
        if self.snapshot is None:
            return None
        cursor = self.text_view.cursorForPosition(pos)
        rect = self.text_view.cursorRect(cursor)
        if abs(rect.center().y() - pos.y()) > rect.height():
            return None
        return PositionMap(self.snapshot.page.text or "").from_qt(cursor.position())


give_role(FindingCard, QAccessible.Role.ListItem)
