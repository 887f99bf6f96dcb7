"""Help ▸ About (version, data folder, model, third-party licences) and Help ▸ Keyboard
Shortcuts, a table generated from the window's own actions and shortcuts so that it cannot
drift from what the keys do."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
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
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import __version__


@dataclass(frozen=True)
class Component:
    name: str
    distribution: str | None
    """The installed package whose version is shown (None: not a Python package)."""
    licence: str


COMPONENTS = (
    Component("Qt and PySide6", "PySide6", "LGPL-3.0"),
    Component("SQLAlchemy", "SQLAlchemy", "MIT"),
    Component("Alembic", "alembic", "MIT"),
    Component("llama.cpp (llama-cpp-python)", "llama_cpp_python", "MIT"),
    Component("gguf", "gguf", "MIT"),
    Component("spaCy and en_core_web_sm", "spacy", "MIT"),
    Component("platformdirs", "platformdirs", "MIT"),
    Component("huggingface_hub", "huggingface_hub", "Apache-2.0"),
    Component("SmolLM2-135M-Instruct (the built-in model)", None, "Apache-2.0"),
)
"""What Inkling ships with or runs, and under which licence."""


def _version(distribution: str | None) -> str:
    if distribution is None:
        return ""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "not installed"


def about_html(data_dir: Path, model_name: str) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(c.name)}</td><td>{html.escape(_version(c.distribution))}</td>"
        f"<td>{html.escape(c.licence)}</td></tr>"
        for c in COMPONENTS
    )
    return (
        f"<h2>Inkling {html.escape(__version__)}</h2>"
        "<p>A private, offline journal and notebook reader. Nothing leaves this computer.</p>"
        f"<p><b>Data folder:</b> {html.escape(str(data_dir))}<br>"
        f"<b>Model:</b> {html.escape(model_name or 'none')}</p>"
        "<p><b>Third-party software</b></p>"
        f"<table cellspacing='0' cellpadding='3'>{rows}</table>"
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
        layout.addWidget(label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        self.about_label = label
        self._open(dialog)

    def show_shortcuts(self) -> None:
        self._open(ShortcutsDialog(self.window))
