"""Help ▸ About (version, data folder, model, third-party licences) and Help ▸ Keyboard
Shortcuts, a table generated from the window's own actions and shortcuts so that it cannot
drift from what the keys do."""

from __future__ import annotations

import html
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenuBar,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import __version__, resources


@dataclass(frozen=True)
class Component:
    name: str
    version: str
    licence: str
    note: str = ""


def components() -> list[Component]:
    """What Inkling ships with or runs, and under which licence: the list generated with
    pip-licenses (``packaging/licenses.py``) into the package's resources."""
    document = json.loads(resources.third_party())
    return [
        Component(c["name"], c["version"], c["license"], c.get("note", ""))
        for c in document["components"]
    ]


def licence_texts() -> Path | None:
    """The file with every licence text, in a bundle (``packaging/``); None elsewhere."""
    bundle = getattr(sys, "_MEIPASS", None)
    found = Path(bundle, "licenses", "THIRD_PARTY_LICENSES.txt") if bundle else None
    return found if found is not None and found.is_file() else None


def about_html(data_dir: Path, model_name: str) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(c.name)}</td><td>{html.escape(c.version)}</td>"
        f"<td>{html.escape(c.licence)}</td><td>{html.escape(c.note)}</td></tr>"
        for c in components()
    )
    texts = licence_texts()
    where = (
        f"<p>The licence texts: {html.escape(str(texts))}</p>"
        if texts
        else "<p>Each package's licence text is in its installed files.</p>"
    )
    return (
        f"<h2>Inkling {html.escape(__version__)}</h2>"
        "<p>A private, offline journal and notebook reader. Nothing leaves this computer.</p>"
        f"<p><b>Data folder:</b> {html.escape(str(data_dir))}<br>"
        f"<b>Model:</b> {html.escape(model_name or 'none')}</p>"
        "<p><b>Third-party software</b></p>"
        f"<table cellspacing='0' cellpadding='3'>{rows}</table>{where}"
    )


def shortcut_rows(window: QWidget) -> list[tuple[str, str]]:
    """(what, keys) for every action and shortcut of ``window`` that has keys, by name."""
    rows: set[tuple[str, str]] = set()
    for action in window.findChildren(QAction):
        keys = [k for k in action.shortcuts() if not k.isEmpty()]
        text = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        text = text.removesuffix("…").strip()
        if keys and text:
            native = QKeySequence.SequenceFormat.NativeText
            rows.add((text, ", ".join(k.toString(native) for k in keys)))
    for shortcut in window.findChildren(QShortcut):
        key = shortcut.key()
        what = shortcut.whatsThis() or shortcut.objectName()
        if not key.isEmpty() and what:
            rows.add((what, key.toString(QKeySequence.SequenceFormat.NativeText)))
    return sorted(rows, key=lambda row: row[0].lower())


class ShortcutsDialog(QDialog):
    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard Shortcuts")
        layout = QVBoxLayout(self)
        rows = shortcut_rows(window)
        self.table = QTableWidget(len(rows), 2, self)
        self.table.setAccessibleName("Keyboard shortcuts")
        self.table.setHorizontalHeaderLabels(["Action", "Keys"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for number, (what, keys) in enumerate(rows):
            self.table.setItem(number, 0, QTableWidgetItem(what))
            self.table.setItem(number, 1, QTableWidgetItem(keys))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(460, 420)


class HelpMenu:
    """Builds the Help menu of a window whose data folder and model name it is told."""

    def __init__(self, window: QMainWindow, data_dir: Path, model_name: Callable[[], str]) -> None:
        self.window = window
        self.data_dir = data_dir
        self._model_name = model_name
        self.shortcuts_action = QAction("&Keyboard Shortcuts", window)
        self.shortcuts_action.setShortcut(QKeySequence("Ctrl+/"))
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        self.about_action = QAction("&About Inkling", window)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        self.dialog: QDialog | None = None

    def add_to(self, bar: QMenuBar) -> None:
        menu = bar.addMenu("&Help")
        menu.addAction(self.shortcuts_action)
        menu.addSeparator()
        menu.addAction(self.about_action)

    def model_name(self) -> str:
        return self._model_name()

    def _open(self, dialog: QDialog) -> None:
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(lambda _code: setattr(self, "dialog", None))
        self.dialog = dialog
        dialog.open()

    def show_about(self) -> None:
        dialog = QDialog(self.window)
        dialog.setWindowTitle("About Inkling")
        dialog.setObjectName("aboutDialog")
        layout = QVBoxLayout(dialog)
        label = QLabel(about_html(self.data_dir, self.model_name()), dialog)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setWordWrap(True)
        label.setAccessibleName("About Inkling")
        scroll = QScrollArea(dialog)
        scroll.setWidget(label)
        scroll.setWidgetResizable(True)
        layout.addWidget(scroll)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        self.about_label = label
        dialog.resize(640, 520)
        self._open(dialog)

    def show_shortcuts(self) -> None:
        self._open(ShortcutsDialog(self.window))
