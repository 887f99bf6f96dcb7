"""The tag browser: every tag with its colour and page count; a tag's pages; opening one.

Selecting a tag lists its pages (notebook, page number, first line of text); activating
a page (double-click or Enter) emits ``page_requested(notebook_id, page_id)``.  Every
database read goes through ``Tasks``.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.services.changes import Changes
from app.services.notebooks import pages as notebooks
from app.services.notebooks import tags
from app.services.notebooks.pages import PageInfo
from app.services.notebooks.tags import TagInfo
from app.store import Database
from app.ui.common.messages import MessageLabel, if_alive, user_message
from app.ui.common.tasks import Tasks
from app.ui.notebooks.look import first_line

SLUG_ROLE = Qt.ItemDataRole.UserRole
PAGE_ROLE = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class TaggedPage:
    notebook_id: int
    notebook_title: str
    page_id: int
    number: int
    """1-based page number in its notebook."""
    first_line: str


def load_tag_pages(db: Database, slug: str) -> list[TaggedPage]:
    """Background: the pages carrying ``slug``, with their notebook and page number."""
    pages = tags.pages_with_tag(db, slug)
    titles = {n.id: n.title for n in notebooks.list_notebooks(db)}
    numbers: dict[int, dict[int, int]] = {}
    for notebook_id in {p.notebook_id for p in pages}:
        ordered: list[PageInfo] = notebooks.list_pages(db, notebook_id)
        numbers[notebook_id] = {p.id: i for i, p in enumerate(ordered, start=1)}
    return [
        TaggedPage(
            p.notebook_id,
            titles.get(p.notebook_id, ""),
            p.id,
            numbers[p.notebook_id].get(p.id, 0),
            first_line(p.text),
        )
        for p in pages
    ]


def colour_icon(colour: QColor, size: int = 12) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawEllipse(0, 0, size - 1, size - 1)
    painter.end()
    return QIcon(pixmap)


class TagBrowser(QWidget):
    """Tags on the left; the selected tag's pages on the right."""

    page_requested = Signal(int, int)
    """(notebook id, page id): the user opened a page."""

    def __init__(self, db: Database, tasks: Tasks, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.tasks = tasks
        self.catalogue: list[TagInfo] = []
        self.pages: list[TaggedPage] = []
        self.is_loading = False
        self._generation = 0
        self._page_generation = 0
        self.setAccessibleName("Tags")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 8)
        layout.setSpacing(6)
        title = QLabel("Tags")
        font = title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.35)
        title.setFont(font)
        self.summary = QLabel()
        self.summary.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        head = QHBoxLayout()
        head.addWidget(title)
        head.addWidget(self.summary)
        head.addStretch(1)
        layout.addLayout(head)

        self.tag_list = QListWidget()
        self.tag_list.setAccessibleName("Tag list")
        self.tag_list.setIconSize(QSize(12, 12))
        self.tag_list.setSpacing(1)
        self.tag_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tag_list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.tag_list.currentItemChanged.connect(lambda _c, _p: self._tag_selected())
        self.page_list = QTreeWidget()
        self.page_list.setAccessibleName("Pages with the tag")
        self.page_list.setHeaderLabels(["Notebook", "Page", "First line"])
        self.page_list.setRootIsDecorated(False)
        self.page_list.setUniformRowHeights(True)
        self.page_list.setAlternatingRowColors(True)
        self.page_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.page_list.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.page_list.itemActivated.connect(lambda item, _c: self._activate(item))
        self.pages_title = QLabel("Select a tag to see its pages.")
        self.pages_title.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.setSpacing(4)
        right_layout.addWidget(self.pages_title)
        right_layout.addWidget(self.page_list, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(self.tag_list)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([240, 640])
        self.splitter = splitter
        """Tags beside their pages (a narrow host may turn it vertical)."""
        layout.addWidget(splitter, 1)
        self.message = MessageLabel()
        layout.addWidget(self.message)
        self.reload()

    # ------------------------------------------------------------------ loading

    def refresh(self, changes: Changes) -> None:
        """Re-read when tags, pages or findings changed."""
        if changes.tags or changes.pages or changes.findings or changes.notebooks:
            self.reload()

    def reload(self) -> None:
        self._generation += 1
        generation = self._generation
        self.is_loading = True
        db = self.db

        def done(catalogue: list[TagInfo]) -> None:
            if generation == self._generation:
                self.is_loading = False
                self._fill_tags(catalogue)

        def failed(error: BaseException) -> None:
            if generation == self._generation:
                self.is_loading = False
                self.message.show_error(user_message(error))

        self.tasks.run(
            lambda: tags.list_tags(db),
            on_done=if_alive(self, done),
            on_error=if_alive(self, failed),
        )

    def _fill_tags(self, catalogue: list[TagInfo]) -> None:
        selected = self.selected_tag()
        self.catalogue = [t for t in catalogue if t.pages > 0]
        self.tag_list.blockSignals(True)
        self.tag_list.clear()
        for tag in self.catalogue:
            same = tag.label.casefold() == tag.slug.casefold()
            text = tag.label if same else f"{tag.label} ({tag.slug})"
            item = QListWidgetItem(colour_icon(QColor(tag.colour)), f"{text} · {tag.pages}")
            item.setData(SLUG_ROLE, tag.slug)
            item.setToolTip(f"{tag.slug}: {tag.pages} page{'s' if tag.pages != 1 else ''}")
            self.tag_list.addItem(item)
            if tag.slug == selected:
                self.tag_list.setCurrentItem(item)
        self.tag_list.blockSignals(False)
        n = len(self.catalogue)
        self.summary.setText(f"{n} tag{'s' if n != 1 else ''} in use" if n else "No tags yet")
        if self.selected_tag() is None:
            self.pages = []
            self.page_list.clear()
            self.pages_title.setText(
                "Select a tag to see its pages." if n else "Tag a page to see it here."
            )
        else:
            self._tag_selected()

    def selected_tag(self) -> str | None:
        item = self.tag_list.currentItem()
        return str(item.data(SLUG_ROLE)) if item is not None else None

    def select_tag(self, slug: str) -> None:
        for row in range(self.tag_list.count()):
            item = self.tag_list.item(row)
            if item.data(SLUG_ROLE) == slug:
                self.tag_list.setCurrentItem(item)
                return

    def _tag_selected(self) -> None:
        slug = self.selected_tag()
        if slug is None:
            return
        self._page_generation += 1
        generation = self._page_generation
        self.is_loading = True
        db = self.db

        def done(pages: list[TaggedPage]) -> None:
            if generation == self._page_generation:
                self.is_loading = False
                self._fill_pages(slug, pages)

        def failed(error: BaseException) -> None:
            if generation == self._page_generation:
                self.is_loading = False
                self.message.show_error(user_message(error))

        self.tasks.run(
            lambda: load_tag_pages(db, slug),
            on_done=if_alive(self, done),
            on_error=if_alive(self, failed),
        )

    def _fill_pages(self, slug: str, pages: list[TaggedPage]) -> None:
        self.pages = pages
        self.page_list.clear()
        for page in pages:
            item = QTreeWidgetItem(
                [page.notebook_title, str(page.number), page.first_line or "(no text)"]
            )
            item.setData(0, PAGE_ROLE, (page.notebook_id, page.page_id))
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            item.setToolTip(2, page.first_line)
            self.page_list.addTopLevelItem(item)
        n = len(pages)
        self.pages_title.setText(f"{n} page{'s' if n != 1 else ''} tagged {slug}")
        first = self.page_list.topLevelItem(0)
        if first is not None:
            self.page_list.setCurrentItem(first)

    def _activate(self, item: QTreeWidgetItem) -> None:
        notebook_id, page_id = item.data(0, PAGE_ROLE)
        self.page_requested.emit(int(notebook_id), int(page_id))

    def open_page(self, row: int) -> None:
        """Open the page at ``row`` of the page list (as a double-click would)."""
        item = self.page_list.topLevelItem(row)
        if item is not None:
            self._activate(item)
